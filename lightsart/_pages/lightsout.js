"use strict";
/*
 * Lights Out over GF(2) under any rules, small enough to read in one sitting: the two-state fast
 * path of Lights (lights.js), whose press operator every number of states shares.
 *
 * A board (or a click set) is a Uint8Array of m*n cells, row-major, 1 = lit.
 * Rules are data: {pattern, topology}. The pattern is a small odd-sized grid of 0/1 with the
 * clicked cell in the middle: the cells a click toggles (plus [[0,1,0],[1,1,1],[0,1,0]] is the
 * classic game). The topology says what happens at the edges: "plane" drops cells outside,
 * "torus" wraps both axes, "cylinder" wraps left-right. Each pattern cell toggles the cell it
 * lands on, so where wrapping on a board narrower than the pattern brings two pattern cells onto
 * one cell, they toggle it twice and cancel: a click toggles the cells an odd number of pattern
 * cells land on (the sum modulo 2 of shifted copies, as lightsart.rules.press in Python). Clicks
 * commute and undo themselves, so the cells toggled by a click set x are A x over GF(2), where
 * column k of the press operator A is what click k toggles.
 *
 * Classic rules (plus on the plane) use light chasing: choose the top row's clicks t freely;
 * every later row is then forced (click under every cell still wrong). What is left below the
 * last row -- the excess -- is affine in t: excess(t) = e ^ B t. So A x = c (m*n equations)
 * shrinks to B t = e (n equations), solved by Gauss-Jordan elimination once per board size.
 *
 * Any other rules: Gauss-Jordan elimination of A itself on bit-packed rows (32 cells per word),
 * carrying the row operations T alongside, so T A = R (reduced). Then A x = c is solvable iff
 * (T c)_i = 0 for every zero row i of R, and those rows of T span the kernel of A^T: boards
 * that every click meets in an even number of cells. A change is solvable iff it meets each of
 * them evenly (the image of A is the orthogonal complement of the kernel of A^T). The kernel of
 * A itself -- the quiet patterns, click sets that change nothing -- comes from R's free columns.
 * A symmetric pattern (one that looks the same after a half turn) makes A symmetric, and then
 * both kernels are the quiet patterns.
 *
 * All solutions of A x = c are x0 ^ span(quiet patterns). The fewest clicks among them come from
 * one Walsh-Hadamard transform over the 2^d combinations (d = nullity), exact for d <= 20;
 * beyond that a local search over random blocks of 16 patterns (best effort).
 */
const LightsOut = (() => {
  const EXACT_NULLITY = 20;
  const BLOCK = 16;
  const MAX_PATTERN_SIDE = 9;
  const PATTERNS = {
    plus: [[0, 1, 0], [1, 1, 1], [0, 1, 0]],
    sigma: [[0, 1, 0], [1, 0, 1], [0, 1, 0]],
    x: [[1, 0, 1], [0, 1, 0], [1, 0, 1]],
    square: [[1, 1, 1], [1, 1, 1], [1, 1, 1]],
  };
  const TOPOLOGIES = ["plane", "torus", "cylinder"];
  const CLASSIC = Object.freeze({ pattern: PATTERNS.plus, topology: "plane" });

  // ---- rules -------------------------------------------------------------------------------

  /** Checked copy of rules {pattern, topology} (pattern as rows of 0/1 or of "0"/"1" strings). */
  function makeRules({ pattern = PATTERNS.plus, topology = "plane" } = {}) {
    const grid = pattern.map((row) => Array.from(row, (v) => (+v ? 1 : 0)));
    const h = grid.length, w = h ? grid[0].length : 0;
    if (h % 2 !== 1 || w % 2 !== 1 || h > MAX_PATTERN_SIDE || w > MAX_PATTERN_SIDE
        || grid.some((row) => row.length !== w)) {
      throw new Error(`a pattern is an odd-sized grid of at most ${MAX_PATTERN_SIDE}x${MAX_PATTERN_SIDE} cells`);
    }
    if (!grid.some((row) => row.includes(1))) throw new Error("a pattern needs at least one cell");
    if (!TOPOLOGIES.includes(topology)) throw new Error(`unknown topology ${topology}`);
    return { pattern: trim(grid), topology };
  }

  /** The pattern without all-zero border rings (rows in pairs, columns in pairs): stays centred. */
  function trim(pattern) {
    let p = pattern.map((row) => row.slice());
    while (p.length > 1 && !p[0].includes(1) && !p[p.length - 1].includes(1)) p = p.slice(1, -1);
    while (p[0].length > 1 && p.every((row) => !row[0] && !row[row.length - 1])) p = p.map((row) => row.slice(1, -1));
    return p;
  }

  const patternText = (pattern) => pattern.map((row) => row.join("")).join("/");
  const rulesKey = (rules) => `${patternText(rules.pattern)}@${rules.topology}`;

  /** "plus", "sigma", "x", "square", or null for a pattern of one's own. */
  function patternName(pattern) {
    const text = patternText(trim(pattern));
    return Object.keys(PATTERNS).find((name) => patternText(PATTERNS[name]) === text) || null;
  }

  const isClassic = (rules) => rules.topology === "plane" && patternName(rules.pattern) === "plus";

  /** Whether the pattern looks the same after a half turn, which makes A symmetric. */
  function isSymmetric(rules) {
    const p = rules.pattern, h = p.length, w = p[0].length;
    return p.every((row, a) => row.every((v, b) => v === p[h - 1 - a][w - 1 - b]));
  }

  const mod = (a, b) => ((a % b) + b) % b;

  /** The cells clicking cell k toggles: those an odd number of pattern cells land on (Lights, K = 2). */
  const targets = (m, n, k, rules = CLASSIC) => Lights.targets(m, n, k, rules, 2).cells;

  // ---- boards ------------------------------------------------------------------------------

  /** A x: the cells toggled by click set x (Lights' press operator with two states). */
  const press = (x, m, n, rules = CLASSIC) => Lights.pressAll(x, m, n, rules, 2);

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

  /** Chase down the rows of `change` from top-row clicks `top` (classic rules): {clicks, excess}. */
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

  // ---- fewest clicks over the coset of solutions --------------------------------------------

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

  const meetsOddly = (a, b) => {
    let parity = 0;
    for (let c = 0; c < a.length; c++) parity ^= a[c] & b[c];
    return parity === 1;
  };

  /**
   * What every solver offers: quiet patterns (kernel of A), `left` (a basis of the kernel of
   * A^T; the quiet patterns again when A is symmetric), nullity, and fewest clicks.
   * Subclasses set m, n, rules, quiet, left and provide solve(change).
   */
  class Solver {
    finish() {
      this.nullity = this.quiet.length;
      this.exact = this.nullity <= EXACT_NULLITY;
      this.symmetric = isSymmetric(this.rules);
      // The kernel as Lights describes it for any K: generators of order 2.
      this.gens = this.quiet;
      this.orders = this.quiet.map(() => 2);
      this.kernelSize = 2 ** this.nullity;
    }

    /** A board of `left` meeting `change` in an odd number of cells (so unsolvable), or null. */
    obstruction(change) {
      return this.left.find((y) => meetsOddly(y, change)) || null;
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

  /** The classic rules by light chasing: the reduced top-row system and the quiet patterns. */
  class Chase extends Solver {
    constructor(m, n) {
      super();
      this.m = m;
      this.n = n;
      this.rules = CLASSIC;
      this.method = "chase";
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
      this.left = this.quiet;  // A is symmetric
      this.finish();
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
  }

  /** Parity of the bits of a 32-bit word. */
  function parity32(v) {
    v ^= v >>> 16;
    v ^= v >>> 8;
    v ^= v >>> 4;
    v ^= v >>> 2;
    v ^= v >>> 1;
    return v & 1;
  }

  function pack(bits, words) {
    const out = new Uint32Array(words);
    for (let k = 0; k < bits.length; k++) if (bits[k]) out[k >>> 5] |= 1 << (k & 31);
    return out;
  }

  /** Any rules: Gauss-Jordan on A packed 32 cells per word, row operations T alongside. */
  class Elimination extends Solver {
    constructor(m, n, rules) {
      super();
      this.m = m;
      this.n = n;
      this.rules = rules;
      this.method = "elimination";
      const N = m * n, W = (N + 31) >>> 5, stride = 2 * W;
      // Row t holds [A row t | T row t]: A[t][k] = 1 when click k toggles cell t; T starts as I.
      const rows = new Uint32Array(N * stride);
      Lights.neighbourhoods(m, n, rules, 2).forEach(({ cells }, k) => {
        for (const t of cells) rows[t * stride + (k >>> 5)] |= 1 << (k & 31);
      });
      for (let t = 0; t < N; t++) rows[t * stride + W + (t >>> 5)] |= 1 << (t & 31);
      const order = Int32Array.from({ length: N }, (_, i) => i);  // row swaps swap indices only
      const pivots = [];
      for (let c = 0, r = 0; c < N && r < N; c++) {
        const w = c >>> 5, bit = 1 << (c & 31);
        let p = r;
        while (p < N && !(rows[order[p] * stride + w] & bit)) p++;
        if (p === N) continue;
        [order[p], order[r]] = [order[r], order[p]];
        const pr = order[r] * stride;
        for (let i = 0; i < N; i++) {
          const ri = order[i] * stride;
          // The pivot row is zero left of column c, so the XOR starts at c's word.
          if (i !== r && rows[ri + w] & bit) for (let q = w; q < stride; q++) rows[ri + q] ^= rows[pr + q];
        }
        pivots.push(c);
        r++;
      }
      const bitOf = (start, k) => (rows[start + (k >>> 5)] >>> (k & 31)) & 1;
      this.rank = pivots.length;
      this.pivots = pivots;
      this.words = W;
      // (T c)_i for pivot rows gives the solution; the zero rows of R give the left kernel.
      this.transform = Array.from(order, (o) => rows.slice(o * stride + W, (o + 1) * stride));
      this.left = this.transform.slice(this.rank).map((row) => unpackWords(row, N));
      const isPivot = new Uint8Array(N);
      for (const c of pivots) isPivot[c] = 1;
      this.quiet = [];
      for (let f = 0; f < N; f++) {
        if (isPivot[f]) continue;
        const x = new Uint8Array(N);
        x[f] = 1;
        pivots.forEach((c, i) => { x[c] = bitOf(order[i] * stride, f); });
        this.quiet.push(x);
      }
      this.finish();
    }

    /** One click set x with A x = change (free clicks 0), or null when unsolvable. */
    solve(change) {
      const c = pack(change, this.words);
      const y = this.transform.map((row) => {
        let v = 0;
        for (let q = 0; q < row.length; q++) v ^= row[q] & c[q];
        return parity32(v);
      });
      for (let i = this.rank; i < y.length; i++) if (y[i]) return null;
      const x = new Uint8Array(change.length);
      this.pivots.forEach((col, i) => { x[col] = y[i]; });
      return x;
    }
  }

  function unpackWords(words, count) {
    return Uint8Array.from({ length: count }, (_, k) => (words[k >>> 5] >>> (k & 31)) & 1);
  }

  const cache = new Map();
  /**
   * The (cached) solver of the m x n board under `rules` (classic by default): light chasing
   * for the classic rules, elimination otherwise or when `method` is "elimination".
   */
  function algebra(m, n, rules = CLASSIC, method = "auto") {
    const chasing = method !== "elimination" && isClassic(rules);
    const key = `${m}x${n}:${chasing ? "chase" : rulesKey(rules)}`;
    if (!cache.has(key)) cache.set(key, chasing ? new Chase(m, n) : new Elimination(m, n, rules));
    return cache.get(key);
  }

  /** A uniformly random click set. */
  const randomClicks = (cells) => Lights.randomPresses(cells, 2);

  return {
    CLASSIC, EXACT_NULLITY, MAX_PATTERN_SIDE, PATTERNS, TOPOLOGIES, algebra, chase, count, isClassic,
    isSymmetric, makeRules, patternName, patternText, press, randomClicks, targets, trim, xor,
  };
})();
