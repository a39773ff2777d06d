// kubeloop loader: starts the Go program (kubeloop.wasm) and provides
// window.kubeloop.ready. Everything else — the page and the JavaScript API
// (apply, kubectl, advance, settle, state, reset) — is defined by the Go
// program itself (see wasm/api.go), which resolves `ready` once it runs.
//
// The wasm comes from kubeloop.wasm next to the page, or — in the
// single-file dist/kubeloop.html, which works from file:// — from the
// gzip-compressed base64 text in <script id="kubeloop-wasm">.
"use strict";
(function () {
  // The theme before anything paints (the Go program owns it afterwards).
  try {
    const theme = localStorage.getItem("kubeloop.theme");
    if (theme === "dark" || theme === "light") document.documentElement.dataset.theme = theme;
  } catch (e) { /* storage may be unavailable: the system's theme applies */ }

  let resolveReady, rejectReady;
  const kubeloop = {
    ready: new Promise(function (resolve, reject) {
      resolveReady = resolve;
      rejectReady = reject;
    }),
  };
  // Called once by the Go program when the API and the page are set up.
  Object.defineProperty(kubeloop, "_started", {
    value: function () { resolveReady(kubeloop); },
  });
  window.kubeloop = kubeloop;

  // Make Content-Security-Policy violations loud: the browser tests fail on
  // console errors, and the page must need no inline script or style.
  document.addEventListener("securitypolicyviolation", function (e) {
    console.error("CSP violation: " + e.violatedDirective + " " + e.blockedURI);
  });

  function el(id) { return document.getElementById(id); }

  function fail(message) {
    const text = el("loading-text");
    if (text) {
      text.textContent = message;
      text.parentElement.classList.add("failed");
    }
    const overlay = el("loading");
    if (overlay) overlay.hidden = false; // the page may have drawn already
    rejectReady(new Error(message));
  }

  // loadEditor runs then() once the editor's script (CodeMirror, 370 KB)
  // has run. The served page only preloads it: it runs after the cluster's
  // first drawing, so that it does not hold the main thread while the wasm
  // streams in (the browser feeds the compiler from the main thread). The
  // single-file page has it inline, already run.
  Object.defineProperty(kubeloop, "_loadEditor", {
    value: function (then) {
      if (window.kubeloopEditor) {
        then();
        return;
      }
      const link = document.querySelector('link[rel="preload"][as="script"][href$="editor.js"]');
      const script = document.createElement("script");
      script.src = link ? link.href : "editor.js";
      script.onload = function () {
        if (window.kubeloopEditor) then();
        else fail("The editor (editor.js) did not load. · 编辑器（editor.js）未能加载。");
      };
      script.onerror = function () {
        fail("The editor (editor.js) did not load. · 编辑器（editor.js）未能加载。");
      };
      document.head.appendChild(script);
    },
  });

  // progress shows how far the download is (0..1), or a busy bar (null).
  function progress(fraction, step) {
    const bar = el("loading-bar");
    if (bar) {
      if (fraction === null) bar.removeAttribute("value");
      else bar.value = Math.round(Math.min(1, fraction) * 100);
    }
    const s = el("loading-step");
    if (s && step) s.textContent = step;
  }

  // counted wraps a response so that reading it moves the progress bar.
  // The size comes from Content-Length when the body is not re-encoded in
  // transit, else from the size `make site` wrote into the page.
  function counted(resp) {
    const meta = document.querySelector('meta[name="kubeloop-wasm-size"]');
    let total = meta ? Number(meta.content) || 0 : 0;
    if (!resp.headers.get("Content-Encoding")) total = Number(resp.headers.get("Content-Length")) || total;
    if (!resp.body || !total) {
      progress(null, "downloading · 下载中");
      return resp;
    }
    let loaded = 0;
    const reader = resp.body.getReader();
    const body = new ReadableStream({
      pull(controller) {
        return reader.read().then(function (r) {
          if (r.done) {
            progress(null, "compiling · 编译中");
            controller.close();
            return;
          }
          loaded += r.value.length;
          progress(loaded / total, "downloading · 下载中 " + Math.round((100 * loaded) / total) + "%");
          controller.enqueue(r.value);
        });
      },
    });
    return new Response(body, { headers: { "Content-Type": "application/wasm" } });
  }

  // inlineWasm decodes the single-file page's embedded binary (base64 of
  // gzip) into a stream for the compiler. atob and a loop take a few tens
  // of milliseconds here, where fetching the text as a data: URL took ten
  // times as long.
  function inlineWasm(node) {
    progress(null, "unpacking · 解压中");
    const bin = atob(node.textContent.trim());
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    const wasm = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return Promise.resolve(new Response(wasm, { headers: { "Content-Type": "application/wasm" } }));
  }

  // compile fetches and compiles the module. It starts as soon as this
  // script runs, before the other scripts and the page are ready: the
  // download (begun by the page's <link rel="preload">) and compilation go
  // on while the editor's script loads and runs.
  function compile() {
    if (typeof WebAssembly !== "object") return Promise.reject(new Error("no WebAssembly"));
    const inline = el("kubeloop-wasm");
    let wasm;
    if (inline) {
      wasm = inlineWasm(inline);
    } else {
      progress(0, "downloading · 下载中");
      wasm = fetch("kubeloop.wasm").then(function (resp) {
        if (!resp.ok) throw new Error("kubeloop.wasm: HTTP " + resp.status);
        return counted(resp);
      });
    }
    const module = WebAssembly.compileStreaming
      ? WebAssembly.compileStreaming(wasm)
      : wasm.then(function (r) { return r.arrayBuffer(); }).then(function (buf) { return WebAssembly.compile(buf); });
    return module.then(function (m) {
      if (performance.mark) performance.mark("kubeloop:wasm-compiled");
      return m;
    });
  }

  // Compile at once: the served page has begun downloading kubeloop.wasm
  // (its <link rel="preload">), and the single-file page carries it inline
  // before its scripts.
  let compiled = null;
  if (document.querySelector('link[rel="preload"][href="kubeloop.wasm"]') || el("kubeloop-wasm")) {
    compiled = compile();
    compiled.catch(function () { /* reported by start */ });
  }

  function start() {
    if (typeof WebAssembly !== "object" || typeof Go !== "function") {
      fail("This browser cannot run WebAssembly. · 此浏览器不支持 WebAssembly。");
      return;
    }
    const go = new Go();
    (compiled || compile())
      .then(function (module) {
        progress(1, "starting · 启动中");
        return WebAssembly.instantiate(module, go.importObject);
      })
      .then(function (instance) {
        if (performance.mark) performance.mark("kubeloop:instantiated");
        // go.run resolves only if the Go program exits, which it must never do.
        return go.run(instance).then(function () {
          const banner = el("banner");
          const text = el("banner-text");
          if (banner && text) {
            text.textContent = "The simulator stopped. Your YAML is saved: reload the page. · 模拟器已停止，YAML 已保存，请刷新页面。";
            banner.hidden = false;
          }
        });
      })
      .catch(function (err) {
        fail("Could not start kubeloop: " + err.message + " · 无法启动 kubeloop");
      });
  }

  // app.js runs first of the page's deferred scripts (or inline, in the
  // single-file page): start once the others have run and the page is parsed.
  if (document.readyState === "complete") {
    start();
  } else {
    document.addEventListener("DOMContentLoaded", start);
  }
})();
