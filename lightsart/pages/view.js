"use strict";
/*
 * The board on a canvas: square cells of a whole number of device pixels (crisp at any zoom or
 * window size), mouse / touch through pointer events, keyboard through a cursor (arrows + space).
 * With `lamps` each cell is a rounded lamp on the panel colour (scheme.gap), the same shape as
 * lightsart's "lights" style: drawn once per size and colours into two sprites, then copied.
 * With `dots` each cell is a flat disc 0.8 of a cell across on the panel (the "dots" style).
 * With `levels` k > 2 (grey levels) a cell holds 0..k-1, drawn as render.py draws level s: s/(k-1)
 * of the way from the unlit to the lit colour (or lamp), so k-1 is lit and 0 unlit.
 */
const SCHEMES = {
  classic: { name: "Classic", lit: "#ffd23f", off: "#2a2f3d", gap: "#11141b", mark: "#ff3d68" },
  paper: { name: "Paper (white = lit)", lit: "#ffffff", off: "#000000", gap: "#6b6b6b", mark: "#ff2d7a" },
  green: { name: "Green LED", lit: "#6dff8a", off: "#10301a", gap: "#07140b", mark: "#ff55d4" },
  ocean: { name: "Ocean", lit: "#8fd8ff", off: "#0c2146", gap: "#050c1a", mark: "#ffb020" },
};

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
   * gaps: thin lines between cells (off: the board reads as a picture); lamps: cells drawn as
   * lamps on a panel (see above); dots: cells drawn as flat discs on the panel; levels: states
   * per cell (see above); room: see below.
   */
  constructor(canvas, { onCell, maxCell = 96, gaps = true, lamps = false, dots = false, levels = 2, room = null }) {
    this.gaps = gaps;
    this.lamps = lamps;
    this.dots = dots;
    this.levels = levels;
    this.sprites = null;
    // room(): the width (CSS px) the board may take; by default its container's.
    this.room = room || (() => canvas.parentElement.getBoundingClientRect().width);
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.onCell = onCell;
    this.maxCell = maxCell;
    this.scheme = SCHEMES.classic;
    this.m = 1; this.n = 1; this.cell = 1;
    this.cursor = 0;
    this.showCursor = false;
    this.pointing = false;
    this.board = new Uint8Array(1);
    this.marks = {};
    canvas.tabIndex = 0;
    canvas.addEventListener("pointerdown", (e) => this.pointer(e));
    canvas.addEventListener("keydown", (e) => this.key(e));
    // Reaching the board by keyboard (Tab) shows the cursor; a click or tap does not.
    canvas.addEventListener("focus", () => { this.showCursor = !this.pointing; this.pointing = false; this.draw(); });
    canvas.addEventListener("blur", () => { this.showCursor = false; this.draw(); });
    canvas.addEventListener("contextmenu", (e) => e.preventDefault());
  }

  setSize(m, n) {
    this.m = m; this.n = n;
    this.cursor = Math.min(this.cursor, m * n - 1);
    this.fit();
  }

  /** Size the canvas to the largest whole-device-pixel cell that fits its container. */
  fit() {
    const dpr = window.devicePixelRatio || 1;
    const top = this.canvas.getBoundingClientRect().top + window.scrollY;
    const width = Math.max(60, this.room());
    const height = Math.max(120, window.innerHeight - top - 12);
    const css = Math.min(width / this.n, height / this.m, this.maxCell);
    this.cell = Math.max(1, Math.floor(css * dpr));
    this.canvas.width = this.cell * this.n;
    this.canvas.height = this.cell * this.m;
    this.canvas.style.width = `${(this.cell * this.n) / dpr}px`;
    this.canvas.style.height = `${(this.cell * this.m) / dpr}px`;
    this.draw();
  }

  /** Draw `board` (Uint8Array) with optional marks {hint, solution, quiet} (cell index / sets). */
  draw(board = this.board, marks = this.marks) {
    this.board = board;
    this.marks = marks;
    const { ctx, cell, m, n, scheme } = this;
    const gap = this.gaps && cell >= 8 ? Math.max(1, Math.round(cell / 16)) : 0;
    ctx.fillStyle = scheme.gap;
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    const sprites = this.lamps && cell >= 3 ? this.lampSprites() : null;  // tiny cells: squares
    for (let k = 0; k < m * n; k++) {
      const x = (k % n) * cell, y = Math.floor(k / n) * cell;
      const level = board[k] | 0;  // a board not yet sized to m x n reads as unlit
      if (sprites) { ctx.drawImage(sprites[level], x, y); continue; }
      ctx.fillStyle = this.colour(level);
      if (this.dots && cell >= 3) {
        ctx.beginPath();
        ctx.arc(x + cell / 2, y + cell / 2, 0.4 * cell, 0, 2 * Math.PI);
        ctx.fill();
        continue;
      }
      ctx.fillRect(x + gap, y + gap, cell - 2 * gap, cell - 2 * gap);
    }
    if (marks.quiet) this.eachSet(marks.quiet, (x, y, v) => this.diamond(x, y, v));
    if (marks.solution) this.eachSet(marks.solution, (x, y, v) => this.dot(x, y, v));
    if (marks.hint != null) this.ring(marks.hint);
    if (this.showCursor) {
      const x = (this.cursor % n) * cell, y = Math.floor(this.cursor / n) * cell;
      const w = Math.max(2, Math.round(cell / 10));
      ctx.lineWidth = w;
      ctx.strokeStyle = "#000";
      ctx.strokeRect(x + w / 2, y + w / 2, cell - w, cell - w);
      ctx.strokeStyle = "#fff";
      ctx.lineWidth = Math.max(1, w / 2);
      ctx.strokeRect(x + w / 2, y + w / 2, cell - w, cell - w);
    }
  }

  /** The colour of a cell at `level` (2 levels: unlit or lit; more: the greys in between). */
  colour(level) {
    const { scheme, levels } = this;
    if (levels === 2) return level ? scheme.lit : scheme.off;
    const key = [levels, scheme.lit, scheme.off].join();
    if (!this.palette || this.palette.key !== key) {
      this.palette = { key, colours: Array.from({ length: levels }, (_, s) => levelColour(scheme.off, scheme.lit, s, levels)) };
    }
    return this.palette.colours[level];
  }

  /**
   * [unlit, lit] lamp sprites of one cell (device pixels), as render.py's lights style draws
   * them: a rounded square (gap an eighth of a cell, corners 0.3 of its half side) on the panel;
   * the lit lamp is hotter (towards white) within 0.8 of its half side, exactly the lit colour
   * beyond that, and glows faintly onto the panel.
   */
  lampSprites() {
    const { cell, scheme } = this;
    const key = [cell, scheme.lit, scheme.off, scheme.gap, this.levels].join();
    if (this.sprites && this.sprites.key === key) return this.sprites.images;
    const gap = Math.max(1, 0.12 * cell), half = (cell - gap) / 2, mid = cell / 2;
    const lamp = (g) => {
      g.beginPath();
      g.roundRect(mid - half, mid - half, 2 * half, 2 * half, 0.3 * half);
    };
    const images = [false, true].map((lit) => {
      const c = document.createElement("canvas");
      c.width = c.height = cell;
      const g = c.getContext("2d");
      g.fillStyle = scheme.gap;
      g.fillRect(0, 0, cell, cell);
      if (!lit) {
        lamp(g);
        g.fillStyle = scheme.off;
        g.fill();
        return c;
      }
      g.save();  // the glow: the lamp's own shadow, kept inside its cell
      g.shadowColor = mixColour(scheme.gap, scheme.lit, 0.6);
      g.shadowBlur = Math.max(1, 0.15 * cell);
      lamp(g);
      g.fillStyle = scheme.lit;
      g.fill();
      g.restore();
      // render.py's heat, 0.6·(1 − r/1.2)² towards white (r in half sides), ending at 0.8.
      const hot = g.createRadialGradient(mid, mid, 0, mid, mid, 0.8 * half);
      for (const s of [0, 0.25, 0.5, 0.75]) {
        hot.addColorStop(s, mixColour(scheme.lit, "#fffaeb", 0.6 * (1 - (0.8 * s) / 1.2) ** 2));
      }
      hot.addColorStop(1, scheme.lit);
      lamp(g);
      g.fillStyle = hot;
      g.fill();
      return c;
    });
    // Grey levels: level s is the lit lamp laid over the unlit one at opacity s/(k-1), the
    // pixel-by-pixel mix render.py makes.
    for (let s = this.levels - 2; s >= 1; s--) {
      const c = document.createElement("canvas");
      c.width = c.height = cell;
      const g = c.getContext("2d");
      g.drawImage(images[0], 0, 0);
      g.globalAlpha = s / (this.levels - 1);
      g.drawImage(images[images.length - 1], 0, 0);
      images.splice(1, 0, c);
    }
    this.sprites = { key, images };
    return images;
  }

  eachSet(set, paint) {
    const { cell, n } = this;
    for (let k = 0; k < set.length; k++) if (set[k]) paint((k % n) * cell + cell / 2, Math.floor(k / n) * cell + cell / 2, set[k]);
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
    const { ctx, cell, n } = this;
    const x = (k % n) * cell + cell / 2, y = Math.floor(k / n) * cell + cell / 2;
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

  /** The cell under a pointer event, or -1 outside the board. */
  cellAt(e) {
    const rect = this.canvas.getBoundingClientRect();
    const j = Math.floor(((e.clientX - rect.left) / rect.width) * this.n);
    const i = Math.floor(((e.clientY - rect.top) / rect.height) * this.m);
    return i >= 0 && i < this.m && j >= 0 && j < this.n ? i * this.n + j : -1;
  }

  pointer(e) {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    const k = this.cellAt(e);
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

/** "#rrggbb" a fraction t of the way from colour a to colour b. */
function mixColour(a, b, t) {
  const rgb = (c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
  const [x, y] = [rgb(a), rgb(b)];
  return `#${x.map((v, i) => Math.round(v + (y[i] - v) * t).toString(16).padStart(2, "0")).join("")}`;
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
