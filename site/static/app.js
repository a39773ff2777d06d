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

  // The module is compiled as soon as this script runs. The served page
  // starts the cluster's worker now and has it download and compile the
  // wasm (startWorker with its URL): compiled there, the worker runs it at
  // once and posts it here for the page's own instance, so that the
  // worker's start waits on nothing of this thread, where the page is
  // still being parsed and laid out. The single-file page compiles the
  // binary inlined before its scripts here, and hands it to the worker.
  const workerScripts = {}; // workerScriptURL's blob: URLs; declared before the first worker starts
  let firstWorker = null;
  let compiled;
  const inline = el("kubeloop-wasm");
  if (typeof WebAssembly !== "object") {
    compiled = Promise.reject(new Error("no WebAssembly"));
  } else if (inline) {
    compiled = compileInline(inline);
    firstWorker = startWorker(null);
  } else {
    progress(null, "downloading and compiling · 下载并编译中");
    firstWorker = startWorker("kubeloop.wasm");
    compiled = firstWorker.compiled;
  }
  compiled = compiled.then(function (m) {
    if (performance.mark) performance.mark("kubeloop:wasm-compiled");
    return m;
  });
  compiled.catch(function () { /* reported by start */ });

  function compileInline(node) {
    const wasm = inlineWasm(node);
    return WebAssembly.compileStreaming
      ? WebAssembly.compileStreaming(wasm)
      : wasm.then(function (r) { return r.arrayBuffer(); }).then(function (buf) { return WebAssembly.compile(buf); });
  }

  // _startWorker(receive) gives Go (wasm/workerlink.go) a second instance
  // of the compiled module running in a dedicated Web Worker
  // (wasm/workerhost.go), as {post(string), stop()}. The first call takes
  // the worker started with this script (firstWorker); a later one starts
  // another. receive(kind, data) gets what comes back:
  // kind "message" with each text the worker posts, as its UTF-8 bytes (a
  // Uint8Array whose buffer was handed over, not copied); "error" for a
  // panic the worker's Go recovered (it runs on); "stopped" once when the
  // worker has ended — its Go program exited, its script failed, or it
  // never started — after which receive is not called again.
  Object.defineProperty(kubeloop, "_startWorker", {
    value: function (receive) {
      const w = firstWorker || startWorker(null);
      firstWorker = null;
      w.attach(receive);
      return { post: w.post, stop: w.stop };
    },
  });

  // startWorker starts a worker and returns {compiled, attach(receive),
  // post(string), stop()}. Given wasmURL, the worker downloads and
  // compiles the module itself, and compiled resolves to it; without, it
  // is handed the page's compiled module. Strings may be posted at once:
  // the worker keeps them until its Go runs. What comes back before attach
  // names its receiver waits, in order.
  function startWorker(wasmURL) {
    let worker = null;
    let ended = false;
    let receive = null;
    let early = []; // came back before attach told it: [kind, data]
    let resolveCompiled, rejectCompiled;
    const module = new Promise(function (resolve, reject) {
      resolveCompiled = resolve;
      rejectCompiled = reject;
    });
    module.catch(function () { /* the page's start reports it */ });
    function tell(kind, data) {
      if (receive) receive(kind, data);
      else early.push([kind, data]);
    }
    function end(text, report) {
      if (ended) return;
      ended = true;
      if (worker) worker.terminate();
      rejectCompiled(new Error(text));
      if (report) tell("stopped", text);
    }
    function notStarted(err) {
      end("the worker did not start: " + ((err && err.message) || err), true);
    }
    try {
      worker = new Worker(workerScriptURL(wasmURL));
    } catch (err) {
      notStarted(err);
    }
    if (worker) {
      worker.onmessage = function (ev) {
        if (ended) return;
        const data = ev.data;
        if (data instanceof Uint8Array) tell("message", data);
        else if (data && data.module) resolveCompiled(data.module);
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
      if (!wasmURL) {
        compiled.then(function (m) { if (!ended) worker.postMessage({ module: m }); }, notStarted);
      }
    }
    return {
      compiled: module,
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
        if (!ended) worker.postMessage(String(msg));
      },
      stop: function () { end("", false); },
    };
  }

  // workerScriptURL is the blob: URL of a worker's script: wasm_exec.js,
  // then workerMain's text called with wasmURL. A blob: URL works from
  // file:// too, where the single-file page has wasm_exec.js's text inline;
  // the served page's worker imports the file its script element names.
  // Its element stands before this script, so that it is there now. Made
  // once for each wasmURL (the first worker's, and null for later ones),
  // in workerScripts.
  function workerScriptURL(wasmURL) {
    const key = String(wasmURL);
    if (!workerScripts[key]) {
      const exec = el("kubeloop-wasm-exec");
      if (!exec) throw new Error("the page has no wasm_exec.js");
      const wasmExec = exec.src ? "importScripts(" + JSON.stringify(exec.src) + ");" : exec.textContent;
      const call = "(" + (wasmURL ? JSON.stringify(new URL(wasmURL, document.baseURI).href) : "null") + ")";
      const source = [wasmExec, "\n;(", workerMain.toString(), ")", call, ";\n"];
      workerScripts[key] = URL.createObjectURL(new Blob(source, { type: "text/javascript" }));
    }
    return workerScripts[key];
  }

  // workerMain runs in the worker, not here: its source text follows
  // wasm_exec.js's in the worker's script, so it may use only its own
  // names, the worker's globals and wasm_exec.js's Go and fs. Given
  // wasmURL, it downloads and compiles the module, posts {module} to the
  // page (or {stopped} with why it could not) and runs it; without, the
  // page's first message is {module}, the page's compiled module. Either
  // way it runs as a second Go program. Each string the page posts is for
  // Go's globalThis.kubeloopWorkerReceive (installed by wasm/workerhost.go
  // as Go's main starts), whose reply this posts back, or {error} for a
  // panic Go recovered; strings that come before Go runs wait for it. Go
  // posts unprompted strings itself. This posts {stopped} when Go exits or
  // does not start, with what Go wrote to its standard error last (a
  // panic's message).
  function workerMain(wasmURL) {
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
    function run(module) {
      const go = new Go();
      let code = 0;
      go.exit = function (c) { code = c; };
      WebAssembly.instantiate(module, go.importObject)
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
    }
    self.onmessage = function (ev) {
      if (typeof ev.data !== "string") run(ev.data.module);
      else if (waiting) waiting.push(ev.data);
      else receive(ev.data);
    };
    if (wasmURL) {
      fetch(wasmURL)
        .then(function (resp) {
          if (!resp.ok) throw new Error(wasmURL.replace(/^.*\//, "") + ": HTTP " + resp.status);
          return WebAssembly.compileStreaming(resp);
        })
        .then(
          function (module) {
            self.postMessage({ module: module });
            run(module);
          },
          function (err) { stop((err && err.message) || String(err)); }
        );
    }
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
