// kubeloop DOM builder: makes elements from the token list the Go program
// writes (wasm/html.go), so that text from the cluster or the learner
// becomes text nodes and attribute values — never HTML that the browser
// parses. One call per redraw keeps big lists (the trace, the Events, the
// pod cards) as cheap as an innerHTML write, without its risk.
//
// The list, JSON: "o", tag, class, n, then n name/value pairs — open an
// element; "t", text — a text node; "c" — close the open element.
"use strict";
(function () {
  function build(tokens) {
    const a = JSON.parse(tokens);
    const root = document.createDocumentFragment();
    const stack = [];
    let cur = root;
    for (let i = 0; i < a.length;) {
      const op = a[i++];
      if (op === "o") {
        const e = document.createElement(a[i++]);
        const cls = a[i++];
        if (cls) e.className = cls;
        for (let n = a[i++]; n > 0; n--) e.setAttribute(a[i++], a[i++]);
        cur.appendChild(e);
        stack.push(cur);
        cur = e;
      } else if (op === "t") {
        cur.appendChild(document.createTextNode(a[i++]));
      } else if (op === "c") {
        cur = stack.pop() || root;
      } else {
        throw new Error("kubeloop build: unknown token " + op);
      }
    }
    return root;
  }
  Object.defineProperty(window, "kubeloopBuild", {
    value: Object.freeze({
      replace: function (el, tokens) { el.replaceChildren(build(tokens)); },
      prepend: function (el, tokens) { el.prepend(build(tokens)); },
      append: function (el, tokens) { el.append(build(tokens)); },
      // patch removes el's children at the indexes in removed ("3,7"),
      // then inserts the elements of tokens, each at its index in at
      // ("0,5", ascending: its place among the children once all are in).
      patch: function (el, removed, tokens, at) {
        const kids = el.children;
        const gone = removed ? removed.split(",").map((i) => kids[+i]) : [];
        for (const e of gone) e.remove();
        const added = Array.from(build(tokens).children);
        const places = at ? at.split(",") : [];
        for (let k = 0; k < added.length; k++) el.insertBefore(added[k], kids[+places[k]] || null);
      },
      // trim removes el's children past the first n, in one call from Go
      // instead of two per child.
      trim: function (el, n) { while (el.childElementCount > n) el.lastElementChild.remove(); },
      // attrs sets el's attributes from the name/value pairs after it, in
      // one call from Go instead of one per attribute.
      attrs: function (el) {
        for (let i = 1; i + 1 < arguments.length; i += 2) el.setAttribute(arguments[i], arguments[i + 1]);
      },
    }),
  });
})();
