// kubeloop loader: starts the Go program (kubeloop.wasm) and provides
// window.kubeloop.ready. Everything else — the page and the JavaScript API
// (apply, kubectl, advance, settle, state, reset) — is defined by the Go
// program itself (see wasm/api.go), which resolves `ready` once it runs.
"use strict";
(function () {
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

  function fail(message) {
    const el = document.getElementById("loading-text");
    if (el) {
      el.textContent = message;
      el.parentElement.classList.add("failed");
    }
    rejectReady(new Error(message));
  }

  function start() {
    if (typeof WebAssembly !== "object" || typeof Go !== "function") {
      fail("This browser cannot run WebAssembly. · 此浏览器不支持 WebAssembly。");
      return;
    }
    const go = new Go();
    const wasm = fetch("kubeloop.wasm").then(function (resp) {
      if (!resp.ok) {
        throw new Error("kubeloop.wasm: HTTP " + resp.status);
      }
      return resp;
    });
    const instantiate = WebAssembly.instantiateStreaming
      ? WebAssembly.instantiateStreaming(wasm, go.importObject)
      : wasm.then(function (r) { return r.arrayBuffer(); })
          .then(function (buf) { return WebAssembly.instantiate(buf, go.importObject); });
    instantiate
      .then(function (result) {
        // go.run resolves only if the Go program exits, which it must never do.
        return go.run(result.instance).then(function () {
          const banner = document.getElementById("banner");
          const text = document.getElementById("banner-text");
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

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
