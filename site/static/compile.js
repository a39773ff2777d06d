// kubeloop compiler worker: downloads kubeloop.wasm and compiles it off the
// page's main thread, then hands the compiled module to app.js
// ({module} or {error}). The browser feeds a streaming compile from the
// thread that started it; on the main thread that work waited behind the
// page's first layout and scripts.
//
// The response goes to the compiler untouched: reading it in JavaScript to
// count bytes for a progress bar (a wrapping stream, or a clone) made the
// first render ~100 ms later on localhost, so the page's bar is a busy one.
"use strict";
fetch("kubeloop.wasm")
  .then(function (resp) {
    if (!resp.ok) throw new Error("kubeloop.wasm: HTTP " + resp.status);
    return WebAssembly.compileStreaming(resp);
  })
  .then(
    function (module) { self.postMessage({ module: module }); },
    function (err) { self.postMessage({ error: String((err && err.message) || err) }); }
  );
