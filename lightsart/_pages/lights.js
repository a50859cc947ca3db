"use strict";
/*
 * Lights Out with K states per cell (K = 2..16), one API for the pages whatever K is.
 *
 * A board is a Uint8Array of m*n levels 0..K-1 (K-1 lit; two states: 0/1), a press vector x says
 * how many times each cell is pressed (0..K-1). A press adds 1 (mod K) to every cell of its
 * pattern; where wrapping brings two pattern cells onto one cell it adds 2 there (the sum of
 * shifted copies, as lightsart.core.modk.press_mod in Python). So presses change a board by A x
 * (mod K); with K = 2 a press is the classic click, toggling the cells an odd number of pattern
 * cells land on, and taking a press back (times -1) is the same click.
 *
 * algebra(m, n, rules, K) is the solver: solve, fewest presses (minimalSolution), kernel (gens,
 * orders, kernelSize, nullity), obstruction (weights proving a position unsolvable), exact,
 * method, symmetric. Over Z/K it is LightsModK (modk.js: a chase, then a Smith form per prime
 * power of K), which solves K = 2 too; K = 2 takes the GF(2) fast path of LightsOut
 * (lightsout.js: light chasing, bit-packed elimination, fewest clicks by a Walsh-Hadamard
 * transform). benchmarks/page_solvers.js measures both: on 20x20 and 40x40 boards of nullity 0
 * the fast path solves 10 to 150 times faster, and at nullity 16 to 80 it finds fewer clicks
 * (proven fewest up to nullity 20; Z/2 enumerates 2^nullity x cells up to 2^24: nullity 15 at 20x20).
 */
const Lights = (() => {
  const mod = (a, b) => ((a % b) + b) % b;

  /** The cells a press of cell c adds to and how much to each: {cells, times} (mod K, no zeros). */
  function targets(m, n, c, rules, K) {
    const { pattern, topology } = rules;
    const ci = pattern.length >> 1, cj = pattern[0].length >> 1;
    const i = Math.floor(c / n), j = c % n;
    const hits = new Map();  // insertion order kept: the order the pattern lands
    pattern.forEach((row, a) => row.forEach((v, b) => {
      if (!v) return;
      let r = i + a - ci, s = j + b - cj;
      if (topology === "torus") r = mod(r, m);
      if (topology !== "plane") s = mod(s, n);
      if (r >= 0 && r < m && s >= 0 && s < n) hits.set(r * n + s, (hits.get(r * n + s) || 0) + 1);
    }));
    const kept = [...hits].filter(([, t]) => t % K);
    return { cells: Int32Array.from(kept, ([t]) => t), times: Int32Array.from(kept, ([, t]) => t % K) };
  }

  const reach = new Map();
  let last = {};  // the last board asked for: a click asks again for the same one, keyed by identity
  /** (Cached) targets of every cell of an m x n board under `rules` with K states. */
  function neighbourhoods(m, n, rules, K) {
    if (last.m === m && last.n === n && last.rules === rules && last.K === K) return last.hoods;
    const key = `${m}x${n}:${LightsOut.patternText(rules.pattern)}@${rules.topology}:${K}`;
    if (!reach.has(key)) reach.set(key, Array.from({ length: m * n }, (_, c) => targets(m, n, c, rules, K)));
    last = { m, n, rules, K, hoods: reach.get(key) };
    return last.hoods;
  }

  /** Press cell c of an m x n board `times` times in place (negative: take presses back). */
  function press(board, m, n, c, rules, K, times = 1) {
    const { cells, times: t } = neighbourhoods(m, n, rules, K)[c];
    for (let q = 0; q < cells.length; q++) board[cells[q]] = mod(board[cells[q]] + times * t[q], K);
  }

  /** A x (mod K): the change made by press vector x. */
  function pressAll(x, m, n, rules, K) {
    const out = new Uint8Array(m * n);
    for (let c = 0; c < m * n; c++) if (x[c]) press(out, m, n, c, rules, K, x[c]);
    return out;
  }

  /** (to - from) mod K, cell by cell: the change that turns board `from` into `to`. */
  const change = (from, to, K) => Uint8Array.from(from, (v, c) => mod(to[c] - v, K));
  /** a + b mod K, cell by cell. */
  const add = (a, b, K) => Uint8Array.from(a, (v, c) => (v + b[c]) % K);

  /** Presses uniformly in 0..K-1 (crypto randomness when the browser has it, no modulo bias). */
  function randomPresses(cells, K) {
    const x = new Uint8Array(cells), below = 256 - (256 % K), byte = new Uint8Array(1);
    const draw = () => {
      if (globalThis.crypto && crypto.getRandomValues) { crypto.getRandomValues(byte); return byte[0]; }
      return Math.floor(Math.random() * 256);
    };
    for (let c = 0; c < cells; c++) {
      let v;
      do v = draw(); while (v >= below);
      x[c] = v % K;
    }
    return x;
  }

  /** K as prime powers [{p, e, q}] with q = p^e: 12 -> [{2, 2, 4}, {3, 1, 3}]. */
  function primePowers(K) {
    const out = [];
    for (let p = 2; K > 1; p++) {
      let e = 0, q = 1;
      while (K % p === 0) { K /= p; q *= p; e++; }
      if (e) out.push({ p, e, q });
    }
    return out;
  }

  /**
   * The (cached) solver of the m x n board under `rules` with K states. K = 2 is the GF(2) fast
   * path: same answers as Z/2 (the tests compare them), found by packed words and a transform.
   */
  function algebra(m, n, rules, K = 2) {
    return K === 2 ? LightsOut.algebra(m, n, rules) : LightsModK.algebra(m, n, rules, K);
  }

  /** Board rows as strings of hexadecimal digits (one level per cell: 0/1 with two states). */
  function parseRows(rows) {
    return Uint8Array.from(rows.join(""), (ch) => parseInt(ch, 16));
  }
  function formatRows(board, m, n) {
    return Array.from({ length: m }, (_, i) => Array.from(board.subarray(i * n, (i + 1) * n), (v) => v.toString(16)).join(""));
  }

  return {
    add, algebra, change, formatRows, neighbourhoods, parseRows, press, pressAll, primePowers,
    randomPresses, targets,
  };
})();
