// The pages' two-state solvers side by side in Node (issue 21): Lights' GF(2) fast path
// (lightsout.js) against the Z/K solver (modk.js) at K = 2, building the solver and finding the
// fewest clicks to a reachable change, on 20x20 and 40x40 boards (and classic 16, 19 and 30).
// Run: node benchmarks/page_solvers.js   ("~": fewest not proven; ok: both re-apply to the change)
const fs = require("fs");
const path = require("path");

const dir = path.join(__dirname, "..", "lightsart", "_pages");
const code = ["lightsout.js", "lights.js", "modk.js"].map((f) => fs.readFileSync(path.join(dir, f), "utf8")).join("\n");
const { LightsOut, Lights, LightsModK } = new Function(`${code}\nreturn { LightsOut, Lights, LightsModK };`)();

function time(f, reps) {
  const t0 = process.hrtime.bigint();
  let r;
  for (let i = 0; i < reps; i++) r = f();
  return [Number(process.hrtime.bigint() - t0) / 1e6 / reps, r];
}

const CASES = [["plus", "plane"], ["sigma", "torus"], ["square", "plane"], ["x", "cylinder"]];
const BOARDS = [[20, CASES], [40, CASES], [16, [CASES[0]]], [19, [CASES[0]]], [30, [CASES[0]]]];
for (const [side, cases] of BOARDS) {
  for (const [name, topology] of cases) {
    const rules = LightsOut.makeRules({ pattern: LightsOut.PATTERNS[name], topology });
    const N = side * side, zero = new Uint8Array(N);
    const c = Lights.pressAll(Lights.randomPresses(N, 2), side, side, rules, 2);
    const [buildGF, gf] = time(() => LightsOut.algebra(side, side, rules), 1);
    const [buildZ, z] = time(() => LightsModK.algebra(side, side, rules, 2), 1);
    const [solveGF, sg] = time(() => gf.minimalSolution(zero, c), 5);
    const [solveZ, sz] = time(() => z.minimalSolution(zero, c), 5);
    const makes = (s) => Lights.pressAll(s.clicks, side, side, rules, 2).every((v, i) => v === c[i]);
    const fewest = (s) => `${s.count}${s.exact ? "" : "~"}`;
    console.log(`${side}x${side} ${name}/${topology} nullity ${gf.nullity}: build GF(2) ${buildGF.toFixed(1)} ms, `
      + `Z/2 ${buildZ.toFixed(1)} ms; solve+fewest GF(2) ${solveGF.toFixed(2)} ms (${fewest(sg)}), `
      + `Z/2 ${solveZ.toFixed(2)} ms (${fewest(sz)}); ok ${makes(sg) && makes(sz)}`);
  }
}
