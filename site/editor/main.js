// The kubeloop editor bundle: CodeMirror 6 with YAML, lint marks and a few
// browser helpers, exposed as window.kubeloopEditor for the Go program.
//
// This file is UI only. The Go program (wasm/) owns every piece of state —
// the text it saves, what is applied, the errors to show — and drives the
// editor through the small bridge below; the editor tells Go that the text
// changed or that the learner asked to apply, and nothing else.
//
// Built by `make site` with esbuild into dist/editor.js (no CDN).
import { EditorState, Compartment, Annotation } from "@codemirror/state";
import {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
  drawSelection, highlightSpecialChars,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import {
  HighlightStyle, syntaxHighlighting, indentOnInput, indentUnit, bracketMatching,
} from "@codemirror/language";
import { yaml } from "@codemirror/lang-yaml";
import { setDiagnostics, lintGutter, forEachDiagnostic } from "@codemirror/lint";
import { tags as t } from "@lezer/highlight";
import { deflate, inflate, link } from "./share.js";
import { encode as qrEncode, svg as qrSVG } from "./qr.js";
import { fieldHover, fieldCompletion, setSchema, setFieldDocs, helpAt } from "./fieldhelp.js";

// Colours come from app.css variables, so one style serves both themes.
const highlight = HighlightStyle.define([
  { tag: [t.propertyName, t.definition(t.propertyName)], color: "var(--tok-key)" },
  { tag: [t.string, t.special(t.string), t.content], color: "var(--tok-string)" },
  { tag: [t.number, t.bool, t.null, t.atom], color: "var(--tok-number)" },
  { tag: [t.lineComment, t.comment, t.blockComment], color: "var(--tok-comment)", fontStyle: "italic" },
  { tag: [t.meta, t.documentMeta, t.processingInstruction], color: "var(--tok-meta)", fontWeight: "bold" },
  { tag: [t.punctuation, t.separator, t.squareBracket, t.brace], color: "var(--tok-punct)" },
  { tag: [t.typeName, t.labelName, t.tagName, t.attributeName], color: "var(--tok-meta)" },
  { tag: t.invalid, color: "var(--error)" },
]);

// A transaction from Go (setText) is marked so that it is not reported back
// to Go as the learner's edit.
const fromGo = Annotation.define();

// The editor lives in a shadow root: CodeMirror's styles then go into the
// shadow root's adopted (constructed) style sheets instead of <style>
// elements, which the page's Content-Security-Policy (style-src 'self')
// forbids. Colours and fonts still come from app.css's variables, which
// inherit into the shadow tree.
const chrome = EditorView.theme({
  "&": { height: "100%", fontSize: "var(--editor-font, 14px)", backgroundColor: "var(--panel-2)", color: "var(--text)" },
  "&.cm-focused": { outline: "none" },
  ".cm-scroller": { fontFamily: "var(--mono)", lineHeight: "1.5" },
  ".cm-content": { caretColor: "var(--text)" },
  ".cm-gutters": { backgroundColor: "var(--panel-3)", borderRight: "1px solid var(--line)", color: "var(--faint)" },
  ".cm-activeLine": { backgroundColor: "color-mix(in srgb, var(--accent-soft) 55%, transparent)" },
  ".cm-activeLineGutter": { backgroundColor: "var(--accent-soft)", color: "var(--text)" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--text)" },
  "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground":
    { backgroundColor: "color-mix(in srgb, var(--accent) 28%, transparent)" },
  ".cm-lintRange-error": {
    backgroundImage: "none", backgroundColor: "var(--error-soft)",
    textDecoration: "underline wavy var(--error)", textDecorationSkipInk: "none", textUnderlineOffset: "3px",
  },
  ".cm-tooltip": { backgroundColor: "var(--panel)", color: "var(--text)", border: "1px solid var(--line-strong)", boxShadow: "var(--shadow)" },
  ".cm-tooltip-lint": { fontFamily: "var(--sans)", fontSize: "13.5px", maxWidth: "420px" },
  ".cm-diagnostic-error": { borderLeftColor: "var(--error)" },
  ".cm-field-help": { fontFamily: "var(--sans)", fontSize: "13.5px", maxWidth: "440px", padding: "6px 9px", lineHeight: "1.45" },
  ".cm-field-help-head": { fontFamily: "var(--mono)", fontSize: "12.5px", marginBottom: "3px" },
  ".cm-field-help-enum": { fontFamily: "var(--mono)", fontSize: "12px", color: "var(--faint)", marginBottom: "3px" },
  ".cm-tooltip-autocomplete ul li[aria-selected]": { backgroundColor: "var(--accent-soft)", color: "var(--text)" },
  ".cm-completionDetail": { marginLeft: "0.8em", color: "var(--faint)", fontStyle: "normal" },
  ".cm-completionInfo": { fontFamily: "var(--sans)", fontSize: "13px", maxWidth: "320px" },
  ".cm-matchingBracket": { backgroundColor: "var(--accent-soft)" },
  "&.cm-readonly .cm-content": { opacity: "0.6" },
});

// The YAML grammar's syntax tree is walked recursively when it is
// highlighted: a document nested thousands of levels deep (pasted by
// accident, or by a fuzzer) overflows the stack and kills the editor. Past
// twice the depth the decoder accepts (core/yaml.MaxDepth = 64) the editor
// shows the text without highlighting; the decoder still says what is
// wrong, at its line.
const maxHighlightDepth = 128;

// tooDeep estimates a document's nesting from its flow brackets and, per
// line, from the indentation and "- " / "? " markers before the content.
function tooDeep(doc) {
  let depth = 0;
  for (const it = doc.iter(); !it.next().done;) {
    const s = it.value;
    let lead = 0, leading = true;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === 10) { leading = true; lead = 0; continue; }
      if (leading) {
        if (c === 32 || c === 45 || c === 63) { if (++lead > 2 * maxHighlightDepth) return true; continue; }
        leading = false;
      }
      if (c === 91 || c === 123) { if (++depth > maxHighlightDepth) return true; }
      else if ((c === 93 || c === 125) && depth > 0) depth--;
    }
  }
  return false;
}

function create(host, opts) {
  const shadow = host.attachShadow({ mode: "open" });
  const parent = document.createElement("div");
  parent.style.height = "100%";
  parent.style.width = "100%";
  shadow.appendChild(parent);
  const readOnly = new Compartment();
  const label = new Compartment();
  const language = new Compartment();
  const yamlLanguage = yaml();
  const initialText = opts.text || "";
  const view = new EditorView({
    parent,
    root: shadow,
    state: EditorState.create({
      doc: initialText,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightSpecialChars(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        highlightActiveLine(),
        EditorState.tabSize.of(2),
        indentUnit.of("  "), // YAML forbids tabs: Tab indents with two spaces
        language.of(tooDeep(EditorState.create({ doc: initialText }).doc) ? [] : yamlLanguage),
        // Switch highlighting off and on in the very transaction that makes
        // the document too deep or sane again, before the parser sees it.
        EditorState.transactionExtender.of((tr) => {
          if (!tr.docChanged) return null;
          const plain = tooDeep(tr.newDoc);
          if (plain === (language.get(tr.startState) !== yamlLanguage)) return null;
          return { effects: language.reconfigure(plain ? [] : yamlLanguage) };
        }),
        syntaxHighlighting(highlight),
        lintGutter(),
        fieldHover,
        fieldCompletion,
        keymap.of([
          { key: "Mod-Enter", preventDefault: true, run: () => { opts.onApply && opts.onApply(); return true; } },
          ...defaultKeymap, ...historyKeymap, indentWithTab,
        ]),
        chrome,
        readOnly.of(EditorState.readOnly.of(false)),
        label.of(EditorView.contentAttributes.of({ "aria-label": opts.ariaLabel || "YAML" })),
        EditorView.updateListener.of((u) => {
          if (!u.docChanged || !opts.onChange) return;
          if (u.transactions.some((tr) => tr.annotation(fromGo))) return;
          opts.onChange();
        }),
      ],
    }),
  });

  function lineRange(line, column) {
    const doc = view.state.doc;
    if (!(line >= 1)) return null;
    const l = doc.line(Math.min(line, doc.lines));
    let from = l.from;
    if (column > 1) from = Math.min(l.from + column - 1, l.to);
    // Underline the rest of the line from the column; an empty rest (or an
    // empty line) gets the whole line, or one character, to be visible.
    let to = l.to;
    if (from >= to) { from = l.from; to = l.to; }
    return { from, to };
  }

  return {
    view, // for tests
    getText: () => view.state.doc.toString(),
    // getLength is the text's length in UTF-16 units: Go asks it before
    // copying a text that may be too large to apply (wasm/inputlimit.go).
    getLength: () => view.state.doc.length,
    // setText replaces the text without telling Go (Go asked for it).
    setText(text) {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: text },
        annotations: fromGo.of(true),
      });
    },
    // typeText replaces the text as the learner would (tests, lessons).
    typeText(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: "input" });
    },
    // setErrors marks [{line, column, message}] (1-based; line 0: no line).
    setErrors(list) {
      const diags = [];
      for (const e of list || []) {
        const r = lineRange(e.line, e.column);
        if (r) diags.push({ from: r.from, to: r.to, severity: "error", message: e.message, source: "kubectl apply" });
      }
      view.dispatch(setDiagnostics(view.state, diags));
    },
    gotoLine(line, column) {
      const r = lineRange(line, column || 1);
      if (!r) return;
      view.dispatch({ selection: { anchor: r.from }, scrollIntoView: true });
      view.focus();
    },
    focus: () => view.focus(),
    // For tests: the marked errors, and the lines the page underlines.
    diagnostics() {
      const out = [];
      forEachDiagnostic(view.state, (d, from, to) => out.push({
        line: view.state.doc.lineAt(from).number, from, to, message: d.message,
      }));
      return out;
    },
    underlinedLines() {
      return [...shadow.querySelectorAll(".cm-lintRange-error")].map(
        (el) => view.state.doc.lineAt(view.posAtDOM(el)).number);
    },
    setReadOnly(on) {
      view.dispatch({ effects: readOnly.reconfigure(EditorState.readOnly.of(!!on)) });
      view.dom.classList.toggle("cm-readonly", !!on);
    },
    // Field help: the schema (JSON from core/explain) and the descriptions
    // in the page's language (the data file's JSON), from Go.
    setSchema,
    setFieldDocs,
    helpAt: (pos) => helpAt(view, pos), // for tests
    setLabel(text) {
      view.dispatch({ effects: label.reconfigure(EditorView.contentAttributes.of({ "aria-label": text })) });
    },
  };
}

// download saves text as a file, as a link with a download attribute does.
function download(filename, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type: type || "application/yaml" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// copy puts text on the clipboard; resolves to true on success.
function copy(text) {
  if (!navigator.clipboard) return Promise.resolve(false);
  return navigator.clipboard.writeText(text).then(() => true, () => false);
}

// qr draws text as a QR code (an SVG element), or returns null when it is
// too long for one.
function qr(text) {
  const rows = qrEncode(text);
  return rows && qrSVG(rows);
}

window.kubeloopEditor = { create, download, copy, deflate, inflate, link, qr };
