"use strict";
/*
 * Lights Out over GF(2), small enough to read in one sitting.
 *
 * A board (or a click set) is a Uint8Array of m*n cells, row-major, 1 = lit.
 * Clicking a cell toggles it and its four neighbours (cut at the edges); clicks commute and
 * undo themselves, so the cells toggled by a click set x are A x over GF(2).
 *
 * Light chasing: choose the top row's clicks t freely; every later row is then forced (click
 * under every cell still wrong). What is left below the last row -- the excess -- is affine in t:
 * excess(t) = e ^ B t. So A x = c (m*n equations) shrinks to B t = e (n equations), solved by
 * Gauss-Jordan elimination once per board size. The kernel of B gives the quiet patterns (click
 * sets that change nothing); a change c is solvable iff it meets every quiet pattern in an even
 * number of cells (A is symmetric, so its image is the orthogonal complement of its kernel).
 *
 * All solutions of A x = c are x0 ^ span(quiet patterns). The fewest clicks among them come from
 * one Walsh-Hadamard transform over the 2^d combinations (d = nullity), exact for d <= 20;
 * beyond that a local search over random blocks of 16 patterns (best effort).
 */
const LightsOut = (() => {
  const EXACT_NULLITY = 20;
  const BLOCK = 16;

  /** Click cell k of an m x n board in place: toggle it and its neighbours. */
  function click(board, m, n, k) {
    const i = Math.floor(k / n), j = k % n;
    board[k] ^= 1;
    if (i > 0) board[k - n] ^= 1;
    if (i < m - 1) board[k + n] ^= 1;
    if (j > 0) board[k - 1] ^= 1;
    if (j < n - 1) board[k + 1] ^= 1;
  }

  /** A x: the cells toggled by click set x. */
  function press(x, m, n) {
    const out = new Uint8Array(m * n);
    for (let k = 0; k < m * n; k++) if (x[k]) click(out, m, n, k);
    return out;
  }

  function xor(a, b) {
    const out = new Uint8Array(a.length);
    for (let k = 0; k < a.length; k++) out[k] = a[k] ^ b[k];
    return out;
  }

  function count(a) {
    let s = 0;
    for (let k = 0; k < a.length; k++) s += a[k];
    return s;
  }

  /** Chase down the rows of `change` from top-row clicks `top`: {clicks, excess}. */
  function chase(change, top, m, n) {
    const clicks = new Uint8Array(m * n);
    clicks.set(top, 0);
    const excess = new Uint8Array(n);
    for (let r = 0; r < m; r++) {
      const below = r + 1 < m ? clicks.subarray((r + 1) * n, (r + 2) * n) : excess;
      for (let j = 0; j < n; j++) {
        const k = r * n + j;
        let v = change[k] ^ clicks[k];
        if (r > 0) v ^= clicks[k - n];
        if (j > 0) v ^= clicks[k - 1];
        if (j < n - 1) v ^= clicks[k + 1];
        below[j] = v;  // the click below (r, j) is the only one left that can fix it
      }
    }
    return { clicks, excess };
  }

  /** In-place fast Walsh-Hadamard transform: F[l] = sum_v f[v] (-1)^popcount(l & v). */
  function walshHadamard(f) {
    for (let h = 1; h < f.length; h <<= 1) {
      for (let i = 0; i < f.length; i += h << 1) {
        for (let j = i; j < i + h; j++) {
          const a = f[j], b = f[j + h];
          f[j] = a + b;
          f[j + h] = a - b;
        }
      }
    }
  }

  /**
   * The combination l of `patterns` making x0 ^ sum_k l_k patterns[k] lightest.
   * Its weight is |x0| + (F[0] - F[l]) / 2 where F is the transform of
   * f[v] = sum of (1 - 2 x0[c]) over cells c whose pattern bits spell v; so maximise F[l].
   */
  function bestCombination(x0, patterns) {
    const f = new Float64Array(1 << patterns.length);
    for (let c = 0; c < x0.length; c++) {
      let v = 0;
      for (let k = 0; k < patterns.length; k++) if (patterns[k][c]) v |= 1 << k;
      f[v] += 1 - 2 * x0[c];
    }
    walshHadamard(f);
    let best = 0;  // l = 0 (x0 itself) wins ties, so a search only moves on strict gains
    for (let l = 1; l < f.length; l++) if (f[l] > f[best]) best = l;
    return best;
  }

  function combine(x0, patterns, l) {
    const x = Uint8Array.from(x0);
    for (let k = 0; k < patterns.length; k++) {
      if ((l >> k) & 1) for (let c = 0; c < x.length; c++) x[c] ^= patterns[k][c];
    }
    return x;
  }

  /** Everything about one board size: the reduced top-row system and the quiet patterns. */
  class Algebra {
    constructor(m, n) {
      this.m = m;
      this.n = n;
      const zero = new Uint8Array(m * n);
      // E starts as B (row i, column j: excess cell i when only top cell j is clicked), T as I;
      // Gauss-Jordan keeps T B = E.
      const E = Array.from({ length: n }, () => new Uint8Array(n));
      const T = Array.from({ length: n }, (_, i) => { const r = new Uint8Array(n); r[i] = 1; return r; });
      for (let j = 0; j < n; j++) {
        const top = new Uint8Array(n);
        top[j] = 1;
        const { excess } = chase(zero, top, m, n);
        for (let i = 0; i < n; i++) E[i][j] = excess[i];
      }
      const pivots = [];
      for (let c = 0, r = 0; c < n && r < n; c++) {
        let p = r;
        while (p < n && !E[p][c]) p++;
        if (p === n) continue;
        [E[p], E[r]] = [E[r], E[p]];
        [T[p], T[r]] = [T[r], T[p]];
        for (let i = 0; i < n; i++) {
          if (i !== r && E[i][c]) {
            for (let k = 0; k < n; k++) { E[i][k] ^= E[r][k]; T[i][k] ^= T[r][k]; }
          }
        }
        pivots.push(c);
        r++;
      }
      this.rank = pivots.length;
      this.pivots = pivots;
      this.transform = T;
      // A kernel vector per free column f: t[f] = 1, each pivot set so its row of E t is 0.
      this.quiet = [];
      for (let f = 0; f < n; f++) {
        if (pivots.includes(f)) continue;
        const t = new Uint8Array(n);
        t[f] = 1;
        pivots.forEach((c, i) => { t[c] = E[i][f]; });
        this.quiet.push(chase(zero, t, m, n).clicks);
      }
      this.nullity = this.quiet.length;
      this.exact = this.nullity <= EXACT_NULLITY;
    }

    /** The index of the first quiet pattern meeting `change` in an odd number of cells, or -1. */
    obstruction(change) {
      return this.quiet.findIndex((q) => {
        let parity = 0;
        for (let c = 0; c < change.length; c++) parity ^= q[c] & change[c];
        return parity === 1;
      });
    }

    /** One click set x with A x = change (free top-row clicks 0), or null when unsolvable. */
    solve(change) {
      const { m, n } = this;
      const { excess } = chase(change, new Uint8Array(n), m, n);
      const y = this.transform.map((row) => {
        let parity = 0;
        for (let k = 0; k < n; k++) parity ^= row[k] & excess[k];
        return parity;
      });
      for (let i = this.rank; i < n; i++) if (y[i]) return null;
      const top = new Uint8Array(n);
      this.pivots.forEach((c, i) => { top[c] = y[i]; });
      const solution = chase(change, top, m, n);
      if (solution.excess.some((v) => v)) throw new Error("light chasing left an excess row");
      return solution.clicks;
    }

    /** The lightest click set doing what x0 does: {clicks, exact}. */
    fewest(x0) {
      if (this.nullity === 0) return { clicks: x0, exact: true };
      if (this.exact) return { clicks: combine(x0, this.quiet, bestCombination(x0, this.quiet)), exact: true };
      let x = x0, stale = 0;
      const d = this.nullity;
      while (stale < Math.max(4, Math.ceil(2 * d / BLOCK))) {
        const pick = this.quiet.map((q, k) => [Math.random(), k]).sort((a, b) => a[0] - b[0])
          .slice(0, BLOCK).map(([, k]) => this.quiet[k]);
        const l = bestCombination(x, pick);
        if (l) { x = combine(x, pick, l); stale = 0; } else stale++;
      }
      return { clicks: x, exact: false };
    }

    /** The fewest clicks turning `board` into `goal`: {clicks, count, exact}, or null. */
    minimalSolution(board, goal) {
      const x0 = this.solve(xor(board, goal));
      if (x0 === null) return null;
      const { clicks, exact } = this.fewest(x0);
      return { clicks, count: count(clicks), exact };
    }
  }

  const cache = new Map();
  /** The (cached) algebra of the m x n board. */
  function algebra(m, n) {
    const key = `${m}x${n}`;
    if (!cache.has(key)) cache.set(key, new Algebra(m, n));
    return cache.get(key);
  }

  /** A uniformly random click set (crypto randomness when the browser has it). */
  function randomClicks(cells) {
    const x = new Uint8Array(cells);
    if (globalThis.crypto && crypto.getRandomValues) crypto.getRandomValues(x);
    else for (let k = 0; k < cells; k++) x[k] = Math.floor(Math.random() * 256);
    for (let k = 0; k < cells; k++) x[k] &= 1;
    return x;
  }

  /** Board rows as strings of 0/1 -> Uint8Array, and back. */
  function parseRows(rows) {
    return Uint8Array.from(rows.join(""), (ch) => (ch === "1" ? 1 : 0));
  }
  function formatRows(board, m, n) {
    return Array.from({ length: m }, (_, i) => Array.from(board.subarray(i * n, (i + 1) * n)).join(""));
  }

  return {
    EXACT_NULLITY, algebra, chase, click, count, formatRows, parseRows, press, randomClicks, xor,
  };
})();
