// kubeloop cells: a big cluster's pods drawn on one <canvas> per lane
// (wasm/cellcanvas.go). Each pod is a square in its status colour, filled
// when it is ready — what a <div> per pod drew before, without an element,
// a style, a layout box and JavaScript strings per pod: at 10,000 pods the
// browser's style, layout and paint of the cells was a third of each long
// frame.
//
// Go sends a lane's pods as bytes, one per pod in the lane's order: the low
// three bits are the status (STATUS below), bit 3 says ready. The canvas
// keeps them, so that a change of width (ResizeObserver) or of theme
// repaints it without Go.
"use strict";
(function () {
  const SIZE = 14, GAP = 3, PITCH = SIZE + GAP, BORDER = 2, RADIUS = 3;
  // The status colours, as the stylesheet names them (app.css).
  const STATUS = ["--pending", "--creating", "--running", "--terminating", "--error", "--done"];
  const READY = 8;
  const MIN_ROOM = 4; // the fewest rows a canvas' bitmap has room for
  let palette = null; // STATUS' colours in the current theme
  const live = new Set(); // the canvases painted, for a change of theme
  // The width of the last canvas laid out: a new canvas is painted that
  // wide until the ResizeObserver tells its own. Reading its clientWidth
  // instead would lay out its lane, which content-visibility spares while
  // it is off screen (app.css).
  let lastWidth = PITCH * 9 - GAP;
  // sprites is a cell drawn once for each code, side by side on a canvas,
  // at the screen's pixel ratio and in the theme's colours: a cell is
  // painted by copying its sprite (drawImage), and a repaint copies only
  // the cells whose code changed. Drawing each cell as a path was ~2 µs a
  // cell, and a 10,000-pod rollout changes pods on every lane at once; as
  // most of a lane's pods look alike, a pod coming or going changes the
  // codes of few cells even when it shifts the others.
  let sprites = null;

  function colours() {
    if (!palette) {
      const style = getComputedStyle(document.documentElement);
      palette = STATUS.map((v) => style.getPropertyValue(v).trim() || "#888");
    }
    return palette;
  }

  // geometry is the cells' layout in device pixels.
  function geometry() {
    const dpr = window.devicePixelRatio || 1;
    return { dpr: dpr, size: Math.round(SIZE * dpr), pitch: Math.round(PITCH * dpr) };
  }

  function spritesFor(g) {
    if (sprites && sprites.dpr === g.dpr) return sprites;
    const pal = colours(), s = g.size, b = BORDER * g.dpr, r = RADIUS * g.dpr;
    const c = document.createElement("canvas");
    c.width = s * 16;
    c.height = s;
    const ctx = c.getContext("2d");
    ctx.lineWidth = b;
    for (let code = 0; code < 16; code++) {
      const colour = pal[code & 7];
      if (!colour) continue;
      const x = code * s;
      ctx.beginPath();
      if (code & READY) {
        ctx.roundRect(x, 0, s, s, r);
        ctx.fillStyle = colour;
        ctx.fill();
      } else {
        ctx.roundRect(x + b / 2, b / 2, s - b, s - b, Math.max(0, r - b / 2));
        ctx.strokeStyle = colour;
        ctx.stroke();
      }
    }
    sprites = { dpr: g.dpr, canvas: c };
    return sprites;
  }

  function columns(canvas) {
    const g = geometry();
    return Math.max(1, Math.floor((Math.round(canvas._width * g.dpr) + g.pitch - g.size) / g.pitch));
  }

  // paint puts the canvas' pods on it — those whose code is not the one
  // painted last (canvas._painted), or all when the canvas changed size
  // or colours.
  function paint(canvas, all) {
    const codes = canvas._codes || new Uint8Array(0);
    const g = geometry(), sp = spritesFor(g);
    const n = codes.length, cols = columns(canvas);
    // The rows shown grow with its pods, and shrink only to half: a
    // rollout moves a full node's count across a row's end and back all
    // the time, and each change of height lays the lanes out again.
    let rows = Math.ceil(n / cols);
    const had = canvas._rows || 0;
    if (cols === canvas._cols && rows <= had && rows > had / 2) rows = had;
    canvas._rows = rows;
    canvas._cols = cols;
    const shown = Math.max(0, rows * g.pitch - (g.pitch - g.size));
    if (canvas._shown !== shown) {
      canvas._shown = shown;
      canvas.style.height = shown / g.dpr + "px";
    }
    // The bitmap has room for more rows than are shown (app.css shows its
    // top, pixel for pixel, with object-fit): resizing a canvas clears it
    // and allocates a new one, whose first paint is slow too — many times
    // a repaint of a few cells, and a scale-up grows every lane a row at a
    // time. So the room doubles ahead of the rows — once they fill it, not
    // only once they pass it, so that a bitmap always has a row to spare —
    // and shrinks only when it is four times what they need.
    const w = Math.round(canvas._width * g.dpr);
    let room = canvas._room || 0;
    if (canvas.width !== w || rows >= room || rows < room / 4) room = Math.max(MIN_ROOM, 2 * rows);
    canvas._room = room;
    const h = room * g.pitch - (g.pitch - g.size);
    if (canvas.height !== h || canvas.width !== w) {
      canvas.width = w; // clears it
      canvas.height = h;
      all = true;
    }
    const was = all || canvas._sprites !== sp ? null : canvas._painted;
    canvas._sprites = sp;
    canvas._painted = codes;
    if (w === 0) return;
    const ctx = canvas.getContext("2d"), s = g.size;
    const end = Math.max(n, was ? was.length : 0);
    if (!was) ctx.clearRect(0, 0, w, h);
    for (let i = 0; i < end; i++) {
      const code = i < n ? codes[i] : -1;
      if (was && i < was.length && was[i] === code) continue;
      const x = (i % cols) * g.pitch, y = Math.floor(i / cols) * g.pitch;
      if (was) ctx.clearRect(x, y, s, s);
      if (code >= 0) ctx.drawImage(sp.canvas, code * s, 0, s, s, x, y, s, s);
    }
  }

  const resized = new ResizeObserver((entries) => {
    for (const e of entries) {
      const c = e.target, w = e.contentRect.width;
      if (w > 0 && w !== c._width) {
        c._width = lastWidth = w;
        paint(c, true);
      }
    }
  });

  function repaintAll() {
    palette = sprites = null;
    for (const c of live) {
      if (c.isConnected) paint(c, true);
      else forget(c);
    }
  }

  function forget(c) {
    live.delete(c);
    resized.unobserve(c);
  }

  // A change of theme: the button's (html[data-theme]) or the system's.
  new MutationObserver(repaintAll).observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  if (window.matchMedia) window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", repaintAll);

  Object.defineProperty(window, "kubeloopCells", {
    value: Object.freeze({
      // draw paints codes (a Uint8Array; its first n bytes) on canvas.
      draw: function (canvas, codes, n) {
        canvas._codes = codes.slice(0, n);
        if (!live.has(canvas)) {
          live.add(canvas);
          resized.observe(canvas);
        }
        if (!canvas._width) canvas._width = lastWidth;
        paint(canvas, false);
      },
      // forget stops repainting a canvas Go no longer shows.
      forget: forget,
      // at is the index of the pod under the point (clientX, clientY), or -1.
      at: function (canvas, x, y) {
        const r = canvas.getBoundingClientRect(), g = geometry();
        const col = Math.floor((x - r.left) * g.dpr / g.pitch), row = Math.floor((y - r.top) * g.dpr / g.pitch);
        const cols = columns(canvas);
        if (col < 0 || col >= cols || row < 0) return -1;
        const i = row * cols + col;
        return canvas._codes && i < canvas._codes.length ? i : -1;
      },
      // columns is how many pods a row of the canvas holds.
      columns: columns,
      // place puts el (the cursor, positioned by its offset parent, the
      // lane's body) over pod i of canvas.
      place: function (canvas, el, i) {
        const cols = columns(canvas), g = geometry();
        el.style.left = canvas.offsetLeft + (i % cols) * g.pitch / g.dpr + "px";
        el.style.top = canvas.offsetTop + Math.floor(i / cols) * g.pitch / g.dpr + "px";
      },
    }),
  });
})();
