"use strict";
/*
 * The board on a canvas that fills the room the page gives it (its width, and the window's height
 * below the board's top), redrawn when the window or its pixel ratio changes. The backing store is
 * at device resolution and cells are square and a whole number of device pixels while that fills
 * most of the room (crisp at any zoom or window size); smaller cells take whole pixels unevenly
 * (every edge still on a device pixel, so still crisp), and below one CSS pixel the board keeps
 * its cells and scrolls. Mouse / touch through pointer events (a finger clicks on a tap, so it can
 * still scroll and zoom the page), keyboard through a cursor (arrows + space).
 * With `lamps` each cell is a rounded lamp on the panel colour (scheme.gap), the same shape as
 * lightsart's "lights" style: drawn once per size and colours into one sprite per state, then copied.
 * With `dots` each cell is a flat disc 0.8 of a cell across on the panel (the "dots" style).
 * With `levels` k (2 unless grey levels) a cell holds 0..k-1, drawn as render.py draws state s:
 * in the scheme's palette colour s when the scheme has a palette of k colours (issue 34), else
 * s/(k-1) of the way from the unlit to the lit colour, so k-1 is lit and 0 unlit.
 */
const SCHEMES = {
  classic: { name: "Classic", lit: "#ffd23f", off: "#2a2f3d", gap: "#11141b", mark: "#ff3d68" },
  paper: { name: "Paper (white = lit)", lit: "#ffffff", off: "#000000", gap: "#6b6b6b", mark: "#ff2d7a" },
  green: { name: "Green LED", lit: "#6dff8a", off: "#10301a", gap: "#07140b", mark: "#ff55d4" },
  ocean: { name: "Ocean", lit: "#8fd8ff", off: "#0c2146", gap: "#050c1a", mark: "#ffb020" },
};

/** Whole device pixels per cell while they fill at least this share of the room. */
const WHOLE_CELLS_FILL = 0.85;
/** CSS pixels kept free below the board, and the least room it is given. */
const BOARD_MARGIN = 12, LEAST_ROOM = [60, 120];

/**
 * The fewest device pixels that make a whole number of CSS pixels (1 at ratio 1, 2 at 2, 3 at 1.5
 * or 3, 5 at 1.25). Chromium snaps a canvas's box to whole CSS pixels, so a canvas whose size
 * falls between them is resampled (uneven): canvas sizes are kept to multiples of this, by the
 * choice of cell where that costs little, else by a transparent strip right of and below the board.
 */
function cssPeriod(dpr) {
  for (let p = 1; p <= 32; p++) if (Math.abs(p / dpr - Math.round(p / dpr)) < 1e-6) return p;
  return 1;  // no whole CSS size within reach: the browser scales the canvas
}

/** The k + 1 cell edges along a side of k cells `cell` device pixels wide, on whole pixels. */
function cellEdges(k, cell) {
  return Array.from({ length: k + 1 }, (_, j) => Math.round(j * cell));
}

function loadSetting(key, fallback) {
  try { return localStorage.getItem(key) ?? fallback; } catch (e) { return fallback; }
}
function saveSetting(key, value) {
  try { localStorage.setItem(key, value); } catch (e) { /* storage may be off: keep defaults */ }
}

class BoardView {
  /**
   * canvas: the <canvas>; onCell(k, how): called for a click on cell k ("pointer" or "key");
   * maxCell: largest cell in CSS pixels (the board otherwise fills the space it is given);
   * minCell: smallest cell in CSS pixels (a board that cannot fit scrolls sideways in its box);
   * gaps: thin lines between cells (off: the board reads as a picture); lamps: cells drawn as
   * lamps on a panel (see above); dots: cells drawn as flat discs on the panel; levels: states
   * per cell (see above); room: see below.
   */
  constructor(canvas, { onCell, maxCell = 96, minCell = 1, gaps = true, lamps = false, dots = false, levels = 2,
    room = null }) {
    this.gaps = gaps;
    this.lamps = lamps;
    this.dots = dots;
    this.levels = levels;
    this.sprites = null;
    // room(): the width (CSS px) the board may take; by default the stage's (or its container's).
    this.room = room || (() => (canvas.closest("#stage") || canvas.parentElement).getBoundingClientRect().width);
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.onCell = onCell;
    this.maxCell = maxCell;
    this.minCell = minCell;
    this.scheme = SCHEMES.classic;
    this.m = 1; this.n = 1; this.cell = 1;
    this.xs = [0, 1]; this.ys = [0, 1];  // cell edges across and down, in device pixels
    this.tap = null;  // a finger or pen down on a cell: {id, k}
    this.cursor = 0;
    this.showCursor = false;
    this.pointing = false;
    this.board = new Uint8Array(1);
    this.marks = {};
    canvas.tabIndex = 0;
    canvas.addEventListener("pointerdown", (e) => this.pointer(e));
    canvas.addEventListener("pointerup", (e) => this.release(e));
    canvas.addEventListener("pointercancel", () => { this.tap = null; });  // it became a scroll or zoom
    canvas.addEventListener("keydown", (e) => this.key(e));
    // Reaching the board by keyboard (Tab) shows the cursor; a click or tap does not.
    canvas.addEventListener("focus", () => { this.showCursor = !this.pointing; this.pointing = false; this.draw(); });
    canvas.addEventListener("blur", () => { this.showCursor = false; this.draw(); });
    canvas.addEventListener("contextmenu", (e) => e.preventDefault());
    window.addEventListener("resize", () => this.fit());
    this.watchResolution();
  }

  /** Refit when the device pixel ratio changes (a window moved to another screen). */
  watchResolution() {
    if (!window.matchMedia) return;
    const query = window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    query.addEventListener("change", () => { this.fit(); this.watchResolution(); }, { once: true });
  }

  setSize(m, n) {
    this.m = m; this.n = n;
    this.cursor = Math.min(this.cursor, m * n - 1);
    this.fit();
  }

  /** Size the board to fill its room (see the top of this file) and draw it. */
  fit() {
    // Twice at most: a page scrollbar that the new size brings or removes changes the width.
    for (let pass = 0; pass < 2; pass++) {
      const width = this.room();
      this.size(width);
      if (this.room() === width) break;
    }
    this.draw();
  }

  /** Size the canvas for `width` CSS pixels across and the window's height below the board. */
  size(width) {
    const dpr = window.devicePixelRatio || 1, { canvas, m, n } = this;
    const p = cssPeriod(dpr), spare = (p - 1) / dpr;  // room for the strip, if it is needed
    const top = canvas.getBoundingClientRect().top + window.scrollY;
    const height = Math.max(LEAST_ROOM[1], window.innerHeight - top - BOARD_MARGIN);
    const css = Math.min((Math.max(LEAST_ROOM[0], width) - spare) / n, (height - spare) / m, this.maxCell);
    const exact = Math.max(css, this.minCell, 1 / dpr) * dpr;  // device pixels per cell
    let whole = Math.floor(exact + 1e-9);
    for (let c = whole; c >= 1 && c >= WHOLE_CELLS_FILL * exact; c--) {
      if ((n * c) % p === 0 && (m * c) % p === 0) { whole = c; break; }  // a board of whole CSS px
    }
    this.cell = whole >= 1 && whole >= WHOLE_CELLS_FILL * exact ? whole : exact;
    this.xs = cellEdges(n, this.cell);
    this.ys = cellEdges(m, this.cell);
    canvas.width = Math.ceil(this.xs[n] / p) * p;
    canvas.height = Math.ceil(this.ys[m] / p) * p;
    canvas.style.width = `${canvas.width / dpr}px`;
    canvas.style.height = `${canvas.height / dpr}px`;
  }

  /** Draw `board` (Uint8Array) with optional marks {hint, solution, quiet} (cell index / sets). */
  draw(board = this.board, marks = this.marks) {
    this.board = board;
    this.marks = marks;
    const { ctx, cell, m, n, scheme, xs, ys } = this;
    const gap = this.gaps && cell >= 8 ? Math.max(1, Math.round(cell / 16)) : 0;
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);  // the strip (see cssPeriod) stays clear
    ctx.fillStyle = scheme.gap;
    ctx.fillRect(0, 0, xs[n], ys[m]);
    const lamps = this.lamps && cell >= 3;  // tiny cells: squares
    for (let k = 0; k < m * n; k++) {
      const i = Math.floor(k / n), j = k % n;
      const x = xs[j], y = ys[i], w = xs[j + 1] - x, h = ys[i + 1] - y;
      const level = board[k] | 0;  // a board not yet sized to m x n reads as unlit
      if (lamps) { ctx.drawImage(this.lampSprites(w, h)[level], x, y); continue; }
      ctx.fillStyle = this.colour(level);
      if (this.dots && cell >= 3) {
        ctx.beginPath();
        ctx.arc(x + w / 2, y + h / 2, 0.4 * Math.min(w, h), 0, 2 * Math.PI);
        ctx.fill();
        continue;
      }
      ctx.fillRect(x + gap, y + gap, w - 2 * gap, h - 2 * gap);
    }
    if (marks.quiet) this.eachSet(marks.quiet, (x, y, v) => this.diamond(x, y, v));
    if (marks.solution) this.eachSet(marks.solution, (x, y, v) => this.dot(x, y, v));
    if (marks.hint != null) this.ring(marks.hint);
    if (this.showCursor) {
      const j = this.cursor % n, i = Math.floor(this.cursor / n);
      const x = xs[j], y = ys[i], cw = xs[j + 1] - x, ch = ys[i + 1] - y;
      const w = Math.max(2, Math.round(cell / 10));
      ctx.lineWidth = w;
      ctx.strokeStyle = "#000";
      ctx.strokeRect(x + w / 2, y + w / 2, cw - w, ch - w);
      ctx.strokeStyle = "#fff";
      ctx.lineWidth = Math.max(1, w / 2);
      ctx.strokeRect(x + w / 2, y + w / 2, cw - w, ch - w);
    }
  }

  /**
   * The colour of a cell at `level`: the scheme's palette (state 0 first) when it has one of
   * `levels` colours, else greys from the unlit to the lit colour (2 levels: unlit or lit).
   */
  colour(level) {
    const { scheme, levels } = this;
    const palette = scheme.palette && scheme.palette.length === levels ? scheme.palette : null;
    if (levels === 2 && !palette) return level ? scheme.lit : scheme.off;
    const key = [levels, scheme.lit, scheme.off, palette].join();
    if (!this.palette || this.palette.key !== key) {
      this.palette = { key, colours: palette || Array.from({ length: levels }, (_, s) => levelColour(scheme.off, scheme.lit, s, levels)) };
    }
    return this.palette.colours[level];
  }

  /**
   * One lamp sprite per state of a w x h cell (device pixels), as render.py's lights style draws
   * them: a rounded square (gap an eighth of a cell, corners 0.3 of its half side) in the state's
   * colour on the panel. State s glows s/(k-1) of the lit lamp's glow: a faint halo onto the
   * panel and a centre hotter towards white within 0.8 of its half side (added, so the lamp's
   * body beyond that is exactly its colour); state 0 does not glow. Cells of unequal whole
   * pixels (small cells) have up to four sizes, one set of sprites each.
   */
  lampSprites(w, h) {
    const { cell, scheme, levels } = this;
    const key = [cell, scheme.lit, scheme.off, scheme.gap, scheme.palette, levels].join();
    if (!this.sprites || this.sprites.key !== key) this.sprites = { key, bySize: new Map() };
    const made = this.sprites.bySize.get(w * 65536 + h);
    if (made) return made;
    const gap = Math.max(1, 0.12 * Math.min(w, h)), hx = (w - gap) / 2, hy = (h - gap) / 2;
    const half = Math.min(hx, hy), cx = w / 2, cy = h / 2;
    const lamp = (g) => {
      g.beginPath();
      g.roundRect(cx - hx, cy - hy, 2 * hx, 2 * hy, 0.3 * half);
    };
    const lit = this.colour(levels - 1);
    const images = Array.from({ length: levels }, (_, s) => {
      const glow = s / (levels - 1);
      const c = document.createElement("canvas");
      c.width = w;
      c.height = h;
      const g = c.getContext("2d");
      g.fillStyle = scheme.gap;
      g.fillRect(0, 0, w, h);
      if (glow > 0) {
        g.save();  // the halo: the lit lamp's own shadow, kept inside its cell
        g.globalAlpha = glow;
        g.shadowColor = mixColour(scheme.gap, lit, 0.6);
        g.shadowBlur = Math.max(1, 0.15 * Math.min(w, h));
        lamp(g);
        g.fillStyle = lit;
        g.fill();
        g.restore();
      }
      lamp(g);
      g.fillStyle = this.colour(s);
      g.fill();
      if (glow > 0) {
        // render.py's heat, glow·0.6·(1 − r/1.2)² of the way from the lit colour to white.
        const hot = g.createRadialGradient(cx, cy, 0, cx, cy, 0.8 * half);
        for (const r of [0, 0.25, 0.5, 0.75]) {
          hot.addColorStop(r, towardsWhite(lit, glow * 0.6 * (1 - (0.8 * r) / 1.2) ** 2));
        }
        hot.addColorStop(1, "#000000");
        g.save();
        g.globalCompositeOperation = "lighter";
        lamp(g);
        g.fillStyle = hot;
        g.fill();
        g.restore();
      }
      return c;
    });
    this.sprites.bySize.set(w * 65536 + h, images);
    return images;
  }

  /** The centre of cell k, in device pixels. */
  centre(k) {
    const { n, xs, ys } = this, i = Math.floor(k / n), j = k % n;
    return [(xs[j] + xs[j + 1]) / 2, (ys[i] + ys[i + 1]) / 2];
  }

  eachSet(set, paint) {
    for (let k = 0; k < set.length; k++) if (set[k]) paint(...this.centre(k), set[k]);
  }

  /** Marks are drawn dark-outlined so they show on lit and unlit cells alike. */
  outlined(path, fill) {
    const { ctx } = this;
    path();
    ctx.fillStyle = fill;
    ctx.strokeStyle = "#000";
    ctx.lineWidth = Math.max(1, this.cell / 14);
    ctx.fill();
    ctx.stroke();
  }

  /** A dot; with `times` above 1 (a cell to press that many times) a larger one showing it. */
  dot(x, y, times = 1) {
    const big = times > 1 && this.cell >= 14;
    const r = Math.max(1.5, this.cell * (big ? 0.3 : 0.17));
    this.outlined(() => { this.ctx.beginPath(); this.ctx.arc(x, y, r, 0, 2 * Math.PI); }, this.scheme.mark);
    if (big) this.label(x, y, times, r * 1.3);
  }

  /** A diamond; with `weight` above 1 (an invariant's weight, k states) a larger one showing it. */
  diamond(x, y, weight = 1) {
    const big = weight > 1 && this.cell >= 14;
    const r = Math.max(2, this.cell * (big ? 0.36 : 0.22));
    this.outlined(() => {
      const { ctx } = this;
      ctx.beginPath();
      ctx.moveTo(x, y - r); ctx.lineTo(x + r, y); ctx.lineTo(x, y + r); ctx.lineTo(x - r, y);
      ctx.closePath();
    }, "#ffffff");
    if (big) this.label(x, y, weight, r * 0.9);
  }

  /** A number centred on (x, y), black, about `size` device pixels high. */
  label(x, y, value, size) {
    const { ctx } = this;
    ctx.fillStyle = "#000";
    ctx.font = `bold ${Math.round(size)}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(String(value), x, y + size * 0.05);
  }

  ring(k) {
    const { ctx, cell } = this;
    const [x, y] = this.centre(k);
    const r = cell * 0.32;
    ctx.beginPath();
    ctx.arc(x, y, r, 0, 2 * Math.PI);
    ctx.lineWidth = Math.max(3, cell / 6);
    ctx.strokeStyle = "#000";
    ctx.stroke();
    ctx.lineWidth = Math.max(2, cell / 10);
    ctx.strokeStyle = this.scheme.mark;
    ctx.stroke();
  }

  /** The cell drawn under a pointer event, or -1 outside the board. */
  cellAt(e) {
    const rect = this.canvas.getBoundingClientRect(), { canvas, m, n } = this;
    const j = drawnCell(this.xs, ((e.clientX - rect.left) / rect.width) * canvas.width, n);
    const i = drawnCell(this.ys, ((e.clientY - rect.top) / rect.height) * canvas.height, m);
    return i >= 0 && j >= 0 ? i * n + j : -1;
  }

  pointer(e) {
    if (e.pointerType === "mouse") {
      if (e.button === 0) this.press(e, this.cellAt(e));
      return;
    }
    // A finger or pen clicks when it lifts: touching the board may start a scroll or a pinch-zoom
    // instead (the browser then cancels the pointer), so a board filling a phone leaves it usable.
    const k = this.cellAt(e);
    this.tap = k < 0 ? null : { id: e.pointerId, k };
    if (k >= 0) e.preventDefault();  // no text selection, no emulated mouse events
  }

  release(e) {
    const tap = this.tap;
    this.tap = null;
    if (tap && tap.id === e.pointerId) this.press(e, tap.k);
  }

  press(e, k) {
    if (k < 0) return;
    e.preventDefault();  // no text selection, no delayed touch click (and no automatic focus)
    this.pointing = true;
    this.canvas.focus({ preventScroll: true });
    this.pointing = false;
    this.showCursor = false;
    this.cursor = k;
    this.onCell(k, "pointer");
  }

  key(e) {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const i = Math.floor(this.cursor / this.n), j = this.cursor % this.n;
    if (moves[e.key]) {
      const [di, dj] = moves[e.key];
      const ni = Math.min(this.m - 1, Math.max(0, i + di)), nj = Math.min(this.n - 1, Math.max(0, j + dj));
      this.cursor = ni * this.n + nj;
      this.showCursor = true;
      this.draw();
    } else if (e.key === " " || e.key === "Enter") {
      this.showCursor = true;
      this.onCell(this.cursor, "key");
    } else {
      return;
    }
    e.preventDefault();
  }
}

/** The cell (0 .. k-1) whose edges hold device coordinate `at`, or -1 outside. */
function drawnCell(edges, at, k) {
  if (!(at >= 0 && at < edges[k])) return -1;
  let j = Math.min(k - 1, Math.floor((at / edges[k]) * k));
  while (j > 0 && edges[j] > at) j--;
  while (j < k - 1 && edges[j + 1] <= at) j++;
  return j;
}

/** "#rrggbb" a fraction t of the way from colour a to colour b. */
function mixColour(a, b, t) {
  const rgb = (c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
  const [x, y] = [rgb(a), rgb(b)];
  return `#${x.map((v, i) => Math.round(v + (y[i] - v) * t).toString(16).padStart(2, "0")).join("")}`;
}

/** "#rrggbb" of a fraction t of (white − colour a), each channel at least 0: a heat to add. */
function towardsWhite(a, t) {
  const white = [255, 250, 235];
  return `#${[1, 3, 5].map((i, k) => Math.max(0, Math.round(t * (white[k] - parseInt(a.slice(i, i + 2), 16)))).toString(16).padStart(2, "0")).join("")}`;
}

/**
 * "#rrggbb" for level s of `levels` between colours a (level 0) and b (the last), as render.py
 * computes it: a + (b - a) * (s / (levels - 1)), rounded half to even (numpy's rint).
 */
function levelColour(a, b, s, levels) {
  const rgb = (c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
  const [x, y] = [rgb(a), rgb(b)];
  const rint = (v) => (v - Math.floor(v) === 0.5 ? 2 * Math.round(v / 2) : Math.round(v));
  return `#${x.map((v, i) => rint(v + (y[i] - v) * (s / (levels - 1))).toString(16).padStart(2, "0")).join("")}`;
}

/**
 * Fill a <select> with the colour schemes (`extra` ones first) and keep the choice in
 * localStorage under `key` (null: start from `fallback` every time, remember nothing).
 */
function schemePicker(select, view, key, fallback, redraw, extra = {}) {
  const schemes = { ...extra, ...SCHEMES };
  for (const [name, s] of Object.entries(schemes)) select.add(new Option(s.name, name));
  const saved = key === null ? fallback : loadSetting(key, fallback);
  select.value = schemes[saved] ? saved : fallback;
  view.scheme = schemes[select.value];
  select.addEventListener("change", () => {
    view.scheme = schemes[select.value];
    if (key !== null) saveSetting(key, select.value);
    redraw();
  });
}

/** Whether a key belongs to a form control (a focused button keeps space and Enter). */
function typing(e) {
  if (e.target.closest("select, input, textarea")) return true;
  return e.target.closest("button") !== null && (e.key === " " || e.key === "Enter");
}
