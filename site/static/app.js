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
  // Called by the Go program when the page cannot start after all (its
  // cluster's worker did not): the loading screen says why, and ready fails.
  Object.defineProperty(kubeloop, "_failed", {
    value: function (message) { fail(message); },
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

  // _loadData(name) resolves to the text of a data file (data/NAME: text
  // the page needs only sometimes, such as the Chinese of the trace or
  // kubectl explain's descriptions, kept out of the wasm). The single-file
  // page carries each in <script type="application/json"
  // id="kubeloop-data-NAME">; the served page fetches it once.
  const dataLoads = {};
  Object.defineProperty(kubeloop, "_loadData", {
    value: function (name) {
      if (!/^[a-z0-9][a-z0-9.-]*$/.test(name)) return Promise.reject(new Error("bad data file name: " + name));
      if (!dataLoads[name]) {
        const inline = el("kubeloop-data-" + name);
        dataLoads[name] = inline ? Promise.resolve(inline.textContent) : fetch("data/" + name).then(function (r) {
          if (!r.ok) throw new Error("data/" + name + ": HTTP " + r.status);
          return r.text();
        });
        dataLoads[name].catch(function () { delete dataLoads[name]; }); // a later call tries again
      }
      return dataLoads[name];
    },
  });

  // progress shows a busy bar (null) or a fraction done (0..1), and the
  // step under it. Before the page is parsed there is nothing to show yet:
  // start() shows the step compile() is at.
  let currentStep = "";
  function progress(fraction, step) {
    if (step) currentStep = step;
    const bar = el("loading-bar");
    if (bar) {
      if (fraction === null) bar.removeAttribute("value");
      else bar.value = Math.round(Math.min(1, fraction) * 100);
    }
    const s = el("loading-step");
    if (s && step) s.textContent = step;
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

  // compile compiles the module: the served page's in a worker
  // (compile.js), which downloads it too, so that the main thread stays
  // free for the page's first layout; the single-file page's from the text
  // inlined before this script. It starts as soon as this script runs.
  function compile() {
    if (typeof WebAssembly !== "object") return Promise.reject(new Error("no WebAssembly"));
    const inline = el("kubeloop-wasm");
    let module;
    if (inline) {
      const wasm = inlineWasm(inline);
      module = WebAssembly.compileStreaming
        ? WebAssembly.compileStreaming(wasm)
        : wasm.then(function (r) { return r.arrayBuffer(); }).then(function (buf) { return WebAssembly.compile(buf); });
    } else {
      module = compileInWorker();
    }
    return module.then(function (m) {
      if (performance.mark) performance.mark("kubeloop:wasm-compiled");
      return m;
    });
  }

  function compileInWorker() {
    return new Promise(function (resolve, reject) {
      progress(null, "downloading and compiling · 下载并编译中");
      const worker = new Worker("compile.js");
      worker.onmessage = function (ev) {
        worker.terminate();
        if (ev.data.module) resolve(ev.data.module);
        else reject(new Error(ev.data.error));
      };
      worker.onerror = function (e) {
        worker.terminate();
        reject(new Error("compile.js: " + (e.message || "did not run")));
      };
    });
  }

  // Compile at once: app.js runs from the page's head, before the page is
  // parsed or laid out; the single-file page carries the binary inline
  // before its scripts.
  const compiled = compile();
  compiled.catch(function () { /* reported by start */ });

  // _startWorker(receive) gives Go (wasm/workerlink.go) a second instance
  // of the compiled module running in a dedicated Web Worker
  // (wasm/workerhost.go), as {post(string), stop()}. The first call takes
  // the worker start() started beside the page's own Go (firstWorker); a
  // later one starts another. receive(kind, data) gets what comes back:
  // kind "message" with each text the worker posts, as its UTF-8 bytes (a
  // Uint8Array whose buffer was handed over, not copied); "error" for a
  // panic the worker's Go recovered (it runs on); "stopped" once when the
  // worker has ended — its Go program exited, its script failed, or it
  // never started — after which receive is not called again.
  let firstWorker = null;
  Object.defineProperty(kubeloop, "_startWorker", {
    value: function (receive) {
      const w = firstWorker || startWorker();
      firstWorker = null;
      w.attach(receive);
      return { post: w.post, stop: w.stop };
    },
  });

  // startWorker starts a worker on the compiled module and returns
  // {attach(receive), post(string), stop()}. Strings posted before the
  // worker is up wait, in order; so does what comes back before attach
  // names its receiver.
  function startWorker() {
    let worker = null;
    let waiting = []; // posted before the worker existed
    let ended = false;
    let receive = null;
    let early = []; // came back before attach told it: [kind, data]
    function tell(kind, data) {
      if (receive) receive(kind, data);
      else early.push([kind, data]);
    }
    function end(text, report) {
      if (ended) return;
      ended = true;
      waiting = null;
      if (worker) worker.terminate();
      if (report) tell("stopped", text);
    }
    // The worker's script starts while the module compiles: a worker's
    // start waits for a free moment of this thread, which the page's Go
    // would not give it until its start is done.
    workerScriptURL()
      .then(function (url) {
        if (ended) return;
        worker = new Worker(url);
        worker.onmessage = function (ev) {
          if (ended) return;
          const data = ev.data;
          if (data instanceof Uint8Array) tell("message", data);
          else if (data && typeof data.stopped === "string") end(data.stopped, true);
          else tell("error", String(data && data.error));
        };
        // Any uncaught error ends the worker: the Go in it recovers its
        // own panics, so one that escapes leaves it in no known state.
        worker.onerror = function (e) {
          e.preventDefault();
          end("the worker failed: " + (e.message || "its script did not run"), true);
        };
        worker.onmessageerror = function () {
          if (!ended) tell("error", "a message from the worker could not be read");
        };
        return compiled;
      })
      .then(function (module) {
        if (ended) return;
        worker.postMessage({ module: module });
        waiting.forEach(function (msg) { worker.postMessage(msg); });
        waiting = null;
      })
      .catch(function (err) {
        end("the worker did not start: " + ((err && err.message) || err), true);
      });
    return {
      // What came before attach is told once the Go call that attaches
      // has returned, as what comes after is: Go takes no message in the
      // middle of its start (the page has no banner yet to say one).
      attach: function (r) {
        Promise.resolve().then(function () {
          while (early.length > 0) {
            const e = early.shift();
            r(e[0], e[1]);
          }
          early = null;
          receive = r;
        });
      },
      post: function (msg) {
        if (ended) return;
        if (waiting) waiting.push(String(msg));
        else worker.postMessage(String(msg));
      },
      stop: function () { end("", false); },
    };
  }

  // workerScriptURL resolves to the blob: URL of the worker's script:
  // wasm_exec.js's text, then workerMain's. A blob: URL works from file://
  // too, where the single-file page has wasm_exec.js inline; the served
  // page fetches the file its script element named. Made once.
  let workerScript = null;
  function workerScriptURL() {
    if (!workerScript) {
      const exec = el("kubeloop-wasm-exec");
      let text;
      if (!exec) text = Promise.reject(new Error("the page has no wasm_exec.js"));
      else if (exec.src) {
        text = fetch(exec.src).then(function (r) {
          if (!r.ok) throw new Error("wasm_exec.js: HTTP " + r.status);
          return r.text();
        });
      } else text = Promise.resolve(exec.textContent);
      workerScript = text.then(function (wasmExec) {
        const source = [wasmExec, "\n;(", workerMain.toString(), ")();\n"];
        return URL.createObjectURL(new Blob(source, { type: "text/javascript" }));
      });
      workerScript.catch(function () { workerScript = null; }); // a later start tries again
    }
    return workerScript;
  }

  // workerMain runs in the worker, not here: its source text follows
  // wasm_exec.js's in the worker's script, so it may use only its own
  // names, the worker's globals and wasm_exec.js's Go and fs. The first
  // message is {module}: the page's compiled module, instantiated here as
  // a second Go program; each later message is a string for Go's
  // globalThis.kubeloopWorkerReceive (installed by wasm/workerhost.go as
  // Go's main starts), whose reply this posts back, or {error} for a panic
  // Go recovered. Go posts unprompted strings itself. This posts {stopped}
  // when Go exits or does not start, with what Go wrote to its standard
  // error last (a panic's message).
  function workerMain() {
    "use strict";
    let waiting = []; // strings that came before Go was running
    let stderr = "";
    const stderrKept = 4096;
    const decoder = new TextDecoder();
    const write = globalThis.fs.writeSync;
    globalThis.fs.writeSync = function (fd, buf) {
      if (fd === 2) stderr = (stderr + decoder.decode(buf, { stream: true })).slice(-stderrKept);
      return write.call(this, fd, buf);
    };
    function stop(text) {
      self.postMessage({ stopped: text });
      self.close();
    }
    // Go answers msg with its reply's bytes, posted with their buffer
    // handed over (not copied); with null for no reply; or, when it
    // recovered a panic in handling it, with {error}.
    function receive(msg) {
      const reply = globalThis.kubeloopWorkerReceive(msg);
      if (reply instanceof Uint8Array) self.postMessage(reply, [reply.buffer]);
      else if (reply !== null) self.postMessage({ error: String(reply && reply.error) });
    }
    self.onmessage = function (ev) {
      if (typeof ev.data === "string") {
        if (waiting) waiting.push(ev.data);
        else receive(ev.data);
        return;
      }
      const go = new Go();
      let code = 0;
      go.exit = function (c) { code = c; };
      WebAssembly.instantiate(ev.data.module, go.importObject)
        .then(function (instance) {
          // go.run runs Go's main until it waits for calls (runWorker), or exits.
          const exited = go.run(instance);
          if (typeof globalThis.kubeloopWorkerReceive === "function") {
            const early = waiting;
            waiting = null;
            early.forEach(receive);
          }
          return exited.then(function () {
            stop("the worker's Go program exited (code " + code + ")" + (stderr.trim() ? ": " + stderr.trim() : ""));
          });
        })
        .catch(function (err) {
          stop("the worker's Go program did not start: " + ((err && err.message) || err));
        });
    };
  }

  // kubectl's help pages: fetched now, beside the binary, so that they are
  // at hand when Go asks for them once the page is built (wasm/kubectlhelp.go).
  // Nothing waits for them: until they come, kubectl says they are loading.
  kubeloop._loadData("kubectl-help.json").catch(function () { /* Go asks again */ });

  function start() {
    if (typeof WebAssembly !== "object" || typeof Go !== "function") {
      fail("This browser cannot run WebAssembly. · 此浏览器不支持 WebAssembly。");
      return;
    }
    progress(null, currentStep);
    // The cluster's worker starts now, and its Go with the page's once the
    // module is compiled: the page asks it for the nodes first thing.
    firstWorker = startWorker();
    const go = new Go();
    // The page's strings and its lessons are data (data/messages.json,
    // data/lessons.json), loaded beside the binary and handed to Go before
    // it starts (wasm/main.go handedData).
    const messages = kubeloop._loadData("messages.json");
    const lessons = kubeloop._loadData("lessons.json");
    Promise.all([compiled, messages, lessons])
      .then(function (both) {
        Object.defineProperty(kubeloop, "_messages", { value: both[1] });
        Object.defineProperty(kubeloop, "_lessons", { value: both[2] });
        progress(1, "starting · 启动中");
        return WebAssembly.instantiate(both[0], go.importObject);
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

  // app.js runs in the page's head (inline, in the single-file page):
  // start once the page is parsed and the deferred scripts have run.
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
