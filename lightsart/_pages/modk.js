"use strict";
/*
 * Lights Out with k states per cell (k = 2..16) under any rules: the pages' solver over Z/k.
 *
 * A board is a Uint8Array of m*n levels 0..k-1 (k-1 the brightest); a press vector x says how
 * many times each cell is pressed (0..k-1). A press adds 1 (mod k) to every cell of its pattern;
 * where wrapping brings two pattern cells onto one cell it adds 2 there (the sum of shifted
 * copies, as lightsart.core.modk.press_mod in Python). So presses change a board by A x (mod k).
 *
 * Solving A x = c. Chasing, as in lightsart.core.general: the equation of cell (i, j) contains
 * the press of (i + s, j - r) (s rows below, r the rightmost column offset of the pattern's top
 * row) and otherwise only presses above it or to its right. Going down the rows, each row right
 * to left, every equation forces its press -- x = (c - the other terms) / coefficient -- when
 * that press is on the board, not yet known, and its coefficient a unit mod k; a press some
 * equation needs before any equation forced it is a free unknown, and an equation that forces
 * nothing is a constraint. There are as many constraints as free unknowns (f). Every press is
 * then an affine function of the free ones t: x = X t + x0(c), and A x = c becomes K t = r(c)
 * over Z/k with K only f x f (X and K once per board; x0 and r by one scalar chase).
 *
 * K t = r over Z/k: the Chinese remainder theorem splits k into prime powers q = p^e, and over
 * Z/p^e Gaussian elimination works when each pivot has the least p-valuation of the block left
 * (every other entry is a multiple of it): U K P W = diag(p^a_i), the local Smith form of
 * lightsart.core.modp. Solvable iff p^a_i divides (U r)_i for every i; the kernel is generated
 * by p^(e - a_i) V e_i, of order p^a_i. Answers are glued with e_q = 1 (mod q), 0 (mod k/q).
 *
 * Unsolvable changes: the image of A is everything every element y of the kernel of A^T meets
 * with sum y.c = 0 (mod k), and A^T is the press operator of the pattern turned half a turn. So
 * the generators of that kernel are invariants: a change meeting one of them with a non-zero sum
 * can never be made. Fewest presses (a cell pressed j times counts j): every solution is x0 plus
 * a kernel element; all of them are tried when kernel size x cells is at most EXACT_WORK (proven),
 * else a descent adds the best multiple of one generator at a time while it helps.
 */
const LightsModK = (() => {
  const LO = LightsOut;
  const EXACT_WORK = 1 << 24;
  const SWEEPS = 50;
  const mod = (a, b) => ((a % b) + b) % b;

  const { change, pressAll, primePowers } = Lights;
  const rulesKey = (rules) => `${LO.patternText(rules.pattern)}@${rules.topology}`;

  function inverse(a, q) {
    for (let v = 1; v < q; v++) if ((a * v) % q === 1) return v;
    throw new Error(`${a} has no inverse mod ${q}`);
  }

  // ---- the local Smith form over Z/p^e ------------------------------------------------------

  /** U M P W = diag(p^a_i) over Z/q for a square matrix M (rows of numbers), as modp.smith. */
  function smith(matrix, p, e) {
    const q = p ** e, n = matrix.length;
    const M = matrix.map((row) => Int32Array.from(row, (v) => mod(v, q)));
    const U = Array.from({ length: n }, (_, i) => { const r = new Int32Array(n); r[i] = 1; return r; });
    const perm = Int32Array.from({ length: n }, (_, i) => i);
    const exponents = new Int32Array(n).fill(e);
    let a = 0;  // the least valuation left only grows: look in column i, then the whole block
    for (let i = 0; i < n; i++) {
      let pr = -1, pc = -1;
      while (a < e && pr < 0) {
        const step = p ** (a + 1);
        for (let r = i; r < n && pr < 0; r++) if (M[r][i] % step) { pr = r; pc = i; }
        for (let r = i; r < n && pr < 0; r++) {
          for (let c = i; c < n; c++) if (M[r][c] % step) { pr = r; pc = c; break; }
        }
        if (pr < 0) a++;
      }
      if (pr < 0) break;
      [M[i], M[pr]] = [M[pr], M[i]];
      [U[i], U[pr]] = [U[pr], U[i]];
      if (pc !== i) {
        for (const row of M) [row[i], row[pc]] = [row[pc], row[i]];
        [perm[i], perm[pc]] = [perm[pc], perm[i]];
      }
      const power = p ** a, inv = inverse(M[i][i] / power, q), top = M[i], ui = U[i];
      for (let c = i; c < n; c++) top[c] = (top[c] * inv) % q;
      for (let c = 0; c < n; c++) ui[c] = (ui[c] * inv) % q;
      for (let r = i + 1; r < n; r++) {  // p^a divides every entry left: clear column i
        const t = M[r][i] / power;
        if (!t) continue;
        const row = M[r], ur = U[r];
        for (let c = i; c < n; c++) row[c] = mod(row[c] - t * top[c], q);
        for (let c = 0; c < n; c++) ur[c] = mod(ur[c] - t * ui[c], q);
      }
      exponents[i] = a;
    }
    // Row i of the reduced matrix is p^a_i (e_i + S[i]); rows of a zero pivot are zero.
    const S = M.map((row, i) => (exponents[i] === e ? new Int32Array(n)
      : Int32Array.from(row, (v, c) => (c > i ? v / p ** exponents[i] : 0))));
    return { p, e, q, U, S, perm, exponents };
  }

  /** V y = P (I + S)^-1 y over Z/q, by back substitution. */
  function applyV(f, y) {
    const { S, perm, q } = f, n = y.length, z = Int32Array.from(y, (v) => mod(v, q)), x = new Int32Array(n);
    for (let i = n - 2; i >= 0; i--) {
      let s = 0;
      for (let j = i + 1; j < n; j++) s += S[i][j] * z[j];
      z[i] = mod(z[i] - s, q);
    }
    for (let i = 0; i < n; i++) x[perm[i]] = z[i];
    return x;
  }

  /** One t with M t = b over Z/q, or null. */
  function smithSolve(f, b) {
    const { U, exponents, p, e, q } = f, n = b.length, y = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      let c = 0;
      for (let j = 0; j < n; j++) c += U[i][j] * b[j];
      c = mod(c, q);
      const div = p ** exponents[i];
      if (c % div) return null;
      y[i] = exponents[i] < e ? c / div : 0;
    }
    return applyV(f, y);
  }

  /** Generators of {t : M t = 0} over Z/q and the order of each. */
  function smithKernel(f) {
    const { exponents, p, e } = f, gens = [], orders = [];
    exponents.forEach((a, i) => {
      if (!a) return;
      const y = new Int32Array(exponents.length);
      y[i] = p ** (e - a);
      gens.push(applyV(f, y));
      orders.push(p ** a);
    });
    return { gens, orders };
  }

  // ---- the chase ------------------------------------------------------------------------------

  /**
   * Which press each equation forces, in chasing order, and which presses are free: steps
   * [[cell, press]], constraints [cell], free [press], and each cell's equation as (press, coef).
   */
  function plan(m, n, rules, k) {
    const N = m * n, eqs = Array.from({ length: N }, () => []);
    Lights.neighbourhoods(m, n, rules, k).forEach(({ cells, times }, c) => {
      cells.forEach((t, q) => eqs[t].push([c, times[q]]));
    });
    const { pattern, topology } = rules, ci = pattern.length >> 1, cj = pattern[0].length >> 1;
    const top = pattern.findIndex((row) => row.includes(1));
    const s = ci - top, r = pattern[top].lastIndexOf(1) - cj;
    const primes = primePowers(k).map(({ p }) => p);
    const known = new Uint8Array(N), free = [], steps = [], constraints = [];
    const freeUp = (c) => { if (!known[c]) { known[c] = 1; free.push(c); } };
    for (let i = 0; i < m; i++) {
      for (let j = n - 1; j >= 0; j--) {
        const t = i * n + j;
        let row = i + s, col = j - r;
        if (topology === "torus") row = mod(row, m);
        if (topology !== "plane") col = mod(col, n);
        const z = row >= 0 && row < m && col >= 0 && col < n ? row * n + col : -1;
        const term = z >= 0 && !known[z] ? eqs[t].find(([c]) => c === z) : undefined;
        if (!term || primes.some((p) => term[1] % p === 0)) {
          constraints.push(t);
          continue;
        }
        for (const [c] of eqs[t]) if (c !== z) freeUp(c);
        known[z] = 1;
        steps.push([t, z]);
      }
    }
    for (let c = 0; c < N; c++) freeUp(c);  // presses no equation meets change nothing: free
    return { eqs, steps, constraints, free };
  }

  /**
   * The solver of the m x n board under `rules` with k states: solve, kernel (generators and
   * their orders, kernelSize, nullity = fewest generators), fewest presses, obstruction.
   */
  class Solver {
    constructor(m, n, rules, k, left = null) {
      Object.assign(this, { m, n, rules, k, method: "chase" });
      const N = m * n, { eqs, steps, constraints, free } = plan(m, n, rules, k);
      const f = free.length;
      Object.assign(this, { eqs, steps, constraints, f });
      // X[c]: press c as a function of the free presses (a row of f coefficients mod k).
      const X = Array.from({ length: N }, () => null);
      free.forEach((c, u) => { X[c] = new Int32Array(f); X[c][u] = 1; });
      const combine = (t, skip) => {
        const sum = new Int32Array(f);
        for (const [c, a] of eqs[t]) if (c !== skip) for (let u = 0; u < f; u++) sum[u] += a * X[c][u];
        return sum;
      };
      for (const [t, z] of steps) {
        const a = eqs[t].find(([c]) => c === z)[1], inv = inverse(a, k), sum = combine(t, z);
        X[z] = Int32Array.from(sum, (v) => mod(-inv * v, k));
      }
      this.X = X;
      const K = constraints.map((t) => Int32Array.from(combine(t, -1), (v) => mod(v, k)));
      this.parts = primePowers(k).map(({ p, e, q }) => {
        const eps = mod((k / q) * inverse((k / q) % q, q), k);
        return { p, q, eps, form: smith(K, p, e) };
      });
      const gens = [], orders = [], perPrime = new Map();
      for (const { p, eps, form } of this.parts) {
        const kernel = smithKernel(form);
        kernel.gens.forEach((t, i) => {
          gens.push(this.spread(Int32Array.from(t, (v) => mod(v * eps, k))));
          orders.push(kernel.orders[i]);
          perPrime.set(p, (perPrime.get(p) || 0) + 1);
        });
      }
      this.gens = gens;
      this.orders = orders;
      this.kernelSize = orders.reduce((a, b) => a * b, 1);
      this.nullity = Math.max(0, ...perPrime.values());
      this.exact = this.kernelSize * N <= EXACT_WORK;
      this.symmetric = LO.isSymmetric(rules);
      this.leftSolver = left;
    }

    /** The presses X t (mod k) for free values t. */
    spread(t) {
      const { k } = this;
      return Uint8Array.from(this.X, (row) => {
        let v = 0;
        for (let u = 0; u < t.length; u++) v += row[u] * t[u];
        return mod(v, k);
      });
    }

    /** One press vector x with A x = change (mod k), or null when there is none. */
    solve(change) {
      const { k, eqs, steps, constraints, m, n, rules } = this;
      const x0 = new Int32Array(m * n);  // the chase with every free press 0
      const rest = (t, skip) => {
        let v = change[t];
        for (const [c, a] of eqs[t]) if (c !== skip) v -= a * x0[c];
        return v;
      };
      for (const [t, z] of steps) {
        const a = eqs[t].find(([c]) => c === z)[1];
        x0[z] = mod(inverse(a, k) * rest(t, z), k);
      }
      const residual = constraints.map((t) => mod(rest(t, -1), k));
      const t = new Int32Array(this.f);
      for (const { q, eps, form } of this.parts) {
        const part = smithSolve(form, residual.map((v) => v % q));
        if (part === null) return null;
        for (let u = 0; u < t.length; u++) t[u] += eps * part[u];
      }
      const x = this.spread(t).map((v, c) => mod(v + x0[c], k));
      const made = pressAll(x, m, n, rules, k);
      if (made.some((v, c) => v !== change[c])) throw new Error("the chase's presses do not make the change");
      return x;
    }

    /** The fewest presses making the change x0 makes: {clicks, count, exact}. */
    fewest(x0) {
      const { gens, orders, k } = this, N = x0.length;
      const count = (x) => x.reduce((s, v) => s + v, 0);
      if (!gens.length) return { clicks: x0, count: count(x0), exact: true };
      if (this.exact) {  // every kernel element, one generator added per step (an odometer)
        const cur = Uint8Array.from(x0), digits = new Int32Array(gens.length);
        let best = Uint8Array.from(x0), bestCount = count(x0), sum = bestCount;
        for (let done = 1; done < this.kernelSize; done++) {
          let i = 0;
          for (;;) {
            const g = gens[i];
            for (let c = 0; c < N; c++) {
              if (!g[c]) continue;
              const v = (cur[c] + g[c]) % k;
              sum += v - cur[c];
              cur[c] = v;
            }
            if (++digits[i] < orders[i]) break;
            digits[i++] = 0;  // back where digit i started (order x generator = 0): carry
          }
          if (sum < bestCount) { best = Uint8Array.from(cur); bestCount = sum; }
        }
        return { clicks: best, count: bestCount, exact: true };
      }
      let best = Uint8Array.from(x0), bestCount = count(x0);
      for (let sweep = 0; sweep < SWEEPS; sweep++) {
        let improved = false;
        gens.forEach((g, i) => {
          let cur = best;
          for (let j = 1; j < orders[i]; j++) {
            cur = cur.map((v, c) => (v + g[c]) % k);
            const s = count(cur);
            if (s < bestCount) { best = cur; bestCount = s; improved = true; }
          }
        });
        if (!improved) break;
      }
      return { clicks: best, count: bestCount, exact: bestCount === 0 };
    }

    /** The fewest presses turning `board` into `goal`: {clicks, count, exact}, or null. */
    minimalSolution(board, goal) {
      const x0 = this.solve(change(board, goal, this.k));
      return x0 === null ? null : this.fewest(x0);
    }

    /** Generators of the kernel of A^T (boards of weights every press leaves summing to 0). */
    get left() {
      if (this.symmetric) return this.gens;
      if (!this.leftSolver) {
        const turned = this.rules.pattern.map((row) => row.slice().reverse()).reverse();
        this.leftSolver = new Solver(this.m, this.n, { pattern: turned, topology: this.rules.topology }, this.k);
      }
      return this.leftSolver.gens;
    }

    /** Weights y (kernel of A^T) with sum y.change non-zero mod k, so unsolvable; or null. */
    obstruction(change) {
      const { k } = this;
      return this.left.find((y) => y.reduce((s, v, c) => s + v * change[c], 0) % k !== 0) || null;
    }
  }

  const cache = new Map();
  /** The (cached) solver of the m x n board under `rules` with k states. */
  function algebra(m, n, rules, k) {
    const key = `${m}x${n}:${rulesKey(rules)}:${k}`;
    if (!cache.has(key)) cache.set(key, new Solver(m, n, rules, k));
    return cache.get(key);
  }

  // The board operations live in Lights (lights.js), one for every K; kept here by their old names.
  const { formatRows, parseRows, press, randomPresses, targets } = Lights;
  return {
    EXACT_WORK, algebra, change, formatRows, parseRows, press, pressAll, primePowers, randomPresses,
    smith, targets,
  };
})();
