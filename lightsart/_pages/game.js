"use strict";
/*
 * The game: rules, new games, moves, timer, tally, hints, solution, undo, edit, unsolvable
 * positions. The rules in play ({pattern, topology}) drive every click, start, hint and solution.
 * A cell has K states (data.states, 2 unless grey levels): a click presses, adding 1 mod K to the
 * cells of the pattern (K-1 is lit; two states: a toggle), undo takes the press back, and
 * Lights (lights.js) solves, whatever K is. Only the words differ with K > 2: presses and weights
 * rather than clicks and quiet patterns.
 */
(() => {
  const LO = LightsOut;
  const data = JSON.parse(document.getElementById("lightsart-data").textContent);
  const $ = (id) => document.getElementById(id);
  const K = data.states || 2, grey = K > 2;
  const picture = data.picture ? Lights.parseRows(data.picture) : null;
  const pictureShape = data.picture ? [data.picture.length, data.picture[0].length] : null;
  const TALLY = "lightsart.tally";
  const PATTERN_SIDES = [3, 5, 7, 9];

  let rules = LO.makeRules(data.rules || {});
  let patternChoice = LO.patternName(rules.pattern) || "custom";  // what the pattern menu shows

  let g = null;         // the current game
  let analysis = null;  // what the solver knows about the current position (cleared on change)
  let showSolution = false;
  let ticker = null;

  const view = new BoardView($("board"), {
    onCell: (k) => (($("edit").checked) ? edit(k) : move(k)),
    levels: K,
    room: () => {
      // Beside the board on wide screens, the goal preview takes its share of the width.
      const stage = $("stage").getBoundingClientRect().width, aside = $("goal-box");
      return aside.hidden || window.innerWidth <= 600 ? stage : stage - aside.getBoundingClientRect().width - 16;
    },
  });

  // ---- tally in localStorage ---------------------------------------------------------------
  function readTally() {
    try {
      const t = JSON.parse(localStorage.getItem(TALLY) || "{}");
      return { played: t.played | 0, won: t.won | 0 };
    } catch (e) {
      return { played: 0, won: 0 };
    }
  }
  function bumpTally(field) {
    const t = readTally();
    t[field] += 1;
    try { localStorage.setItem(TALLY, JSON.stringify(t)); } catch (e) { /* storage off */ }
  }

  // ---- games -------------------------------------------------------------------------------
  const pictureFits = (m, n) => picture !== null && m === pictureShape[0] && n === pictureShape[1];
  const same = (a, b) => a.every((v, k) => v === b[k]);

  /** `clicks` random distinct cells: easy boards, not uniform. */
  function fewRandomClicks(cells, clicks) {
    const x = new Uint8Array(cells);
    for (let placed = 0; placed < Math.min(clicks, cells);) {
      const k = Math.floor(Math.random() * cells);
      if (!x[k]) { x[k] = 1; placed++; }
    }
    return x;
  }

  function startBoard(mode, m, n, goal, rules) {
    const cells = m * n;
    if (mode === "lit") return new Uint8Array(cells).fill(K - 1);
    if (mode === "picture") return Uint8Array.from(picture);
    for (;;) {
      // A uniformly random click set x gives a uniformly random solvable position goal ^ A x
      // (k states: uniformly random presses x, goal + A x).
      const x = mode === "easy" ? fewRandomClicks(cells, Math.max(3, Math.round(Math.sqrt(cells)))) : Lights.randomPresses(cells, K);
      const board = Lights.add(goal, Lights.pressAll(x, m, n, rules, K), K);
      if (!same(board, goal)) return board;  // a start that is already solved is no game
    }
  }

  function newGame() {
    const m = +$("height").value, n = +$("width").value;
    let mode = $("start").value;
    const goal = $("goal").value === "picture" && pictureFits(m, n) ? Uint8Array.from(picture) : new Uint8Array(m * n);
    if (mode === "picture" && !pictureFits(m, n)) mode = "random";
    let board = startBoard(mode, m, n, goal, rules);
    if (same(board, goal)) board = startBoard("random", m, n, goal, rules);
    clearInterval(ticker);
    g = {
      m, n, rules, alg: Lights.algebra(m, n, rules, K), goal, board, moves: 0, history: [], hints: 0,
      startedAt: null, elapsed: 0, won: false, par: null,
    };
    analysis = null;
    g.hint = null;
    const best = solution();
    g.par = best ? best.count : null;
    g.parExact = best ? best.exact : true;
    renderRules();  // before sizing the board: the pattern grid takes room above it
    view.setSize(m, n);
    describeSize();
    render();
  }

  // ---- solver ------------------------------------------------------------------------------
  function analyse() {
    if (!analysis) {
      const q = g.alg.obstruction(Lights.change(g.board, g.goal, K));
      analysis = { solvable: q === null, quiet: q, solution: undefined };
    }
    return analysis;
  }
  /** The fewest clicks from here to the goal, {clicks, count, exact}; null when unsolvable. */
  function solution() {
    const a = analyse();
    if (a.solution === undefined) a.solution = a.solvable ? g.alg.minimalSolution(g.board, g.goal) : null;
    return a.solution;
  }

  // ---- moves -------------------------------------------------------------------------------
  function changed() {
    analysis = null;
    g.hint = null;
    render();
  }

  function move(k) {
    if (g.won) return;
    Lights.press(g.board, g.m, g.n, k, g.rules, K);
    g.moves += 1;
    g.history.push({ kind: "click", k });
    if (g.startedAt === null) {
      g.startedAt = performance.now();
      ticker = setInterval(renderStatus, 250);
      bumpTally("played");
    }
    if (same(g.board, g.goal)) win();
    changed();
  }

  function edit(k) {
    if (g.won) return;
    g.board[k] = (g.board[k] + 1) % K;
    g.history.push({ kind: "edit", k });
    g.par = null;  // "fewest possible from the start" no longer describes this game
    changed();
  }

  function undo() {
    if (g.won || g.history.length === 0) return;
    const last = g.history.pop();
    if (last.kind === "click") {
      Lights.press(g.board, g.m, g.n, last.k, g.rules, K, -1);  // two states: the same toggle
      g.moves -= 1;
    } else {
      g.board[last.k] = (g.board[last.k] + K - 1) % K;
    }
    changed();
  }

  function win() {
    g.won = true;
    g.elapsed = performance.now() - g.startedAt;
    clearInterval(ticker);
    bumpTally("won");
  }

  function hint() {
    if (g.won) return;
    const s = solution();
    if (!s || s.count === 0) { render(); return; }
    // Any click of a minimal solution leaves a position whose fewest clicks are one fewer.
    g.hint = s.clicks.findIndex((v) => v > 0);
    g.hints += 1;
    render();
  }

  // ---- drawing -----------------------------------------------------------------------------
  const clock = (ms) => {
    const s = Math.floor(ms / 1000);
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  };

  function renderStatus() {
    const running = g.startedAt !== null && !g.won;
    const ms = g.won ? g.elapsed : running ? performance.now() - g.startedAt : 0;
    $("moves").textContent = `Moves ${g.moves}`;
    $("timer").textContent = clock(ms);
    $("par").textContent = g.par === null ? "" : `Fewest possible ${g.parExact ? "" : "≤ "}${g.par}`;
    const t = readTally();
    $("tally").textContent = `Played ${t.played} · Won ${t.won}`;
  }

  function say(text, kind = "") {
    const box = $("message"), before = box.offsetHeight;
    box.textContent = text;
    box.className = kind;
    if (box.offsetHeight !== before) view.fit();  // the board keeps fitting below the message
  }

  function render() {
    const a = analyse();
    const s = showSolution || g.hint !== null ? solution() : null;
    view.draw(g.board, {
      hint: g.hint,
      solution: showSolution && s ? s.clicks : null,
      quiet: a.solvable ? null : a.quiet,
    });
    renderStatus();
    $("undo").disabled = g.won || g.history.length === 0;
    $("hint").disabled = g.won;
    $("solution").setAttribute("aria-pressed", String(showSolution));
    $("solution").textContent = showSolution ? "Hide solution" : "Show solution";
    const help = g.hints ? ` with ${g.hints} hint${g.hints > 1 ? "s" : ""}` : "";
    const best = g.alg.exact ? "" : grey ? " (a solution, not proven fewest: too many press sets that change nothing to try them all)"
      : " (a solution, not proven fewest: too many quiet patterns to search them all)";
    if (g.won) {
      const par = g.par === null ? "" : `Fewest possible from the start: ${g.par}${g.parExact ? "" : " or fewer"}. `;
      say(`Solved! ${g.moves} move${g.moves === 1 ? "" : "s"} in ${clock(g.elapsed)}${help}. ${par}Press New game to play again.`, "win");
    } else if (!a.solvable && grey) {
      say(`This position cannot be solved under these rules. Weigh every cell by the number marked ◆ on it `
        + `(${weights(a.quiet)}; a plain ◆ weighs 1, an unmarked cell 0): every press changes the weighted sum of the levels by a `
        + `multiple of ${K}, and right now that sum, mod ${K}, differs from the goal's, so no presses can reach it. `
        + "Undo your edit, change a ◆ cell in Edit board, or start a new game to play a solvable position.", "warn");
    } else if (!a.solvable) {
      const why = g.alg.symmetric
        ? "The cells marked ◆ form a quiet pattern: clicking all of them changes nothing, so every click "
          + "toggles an even number of them."
        : "Every click toggles an even number of the cells marked ◆ (they form a quiet pattern of the "
          + "pattern turned half a turn).";
      say(`This position cannot be solved under these rules. ${why} Right now an odd number of them `
        + `differ from the goal, and no sequence of clicks can change that. Undo your edit, toggle one `
        + `◆ cell in Edit board, or start a new game to play a solvable position.`, "warn");
    } else if (same(g.board, g.goal)) {
      say("The board matches the goal.", "");
    } else if (showSolution && s && grey) {
      say(`Click the marked cells, a cell with a number that many times: ${s.count} press${s.count === 1 ? "" : "es"} `
        + `in any order${best}.`, "info");
    } else if (showSolution && s) {
      say(`Click the ${s.count} marked cell${s.count === 1 ? "" : "s"}, in any order${best}.`, "info");
    } else if (g.hint !== null && s) {
      // Counted from 0 at the top left, as the command line's (row,col) and state bits count.
      const i = Math.floor(g.hint / g.n), j = g.hint % g.n;
      const unit = grey ? `press${s.count === 1 ? "" : "es"}` : `click${s.count === 1 ? "" : "s"}`;
      say(`Hint: click the ringed cell (row ${i}, column ${j}, counting from 0 at the top left); `
        + `${s.count} ${unit} to go${best}.`, "info");
    } else {
      say("");
    }
    drawGoal();
  }

  function drawGoal() {
    const box = $("goal-box"), shown = g.goal.some((v) => v);
    const before = [box.hidden, box.offsetWidth, box.offsetHeight];
    box.hidden = !shown;
    if (shown) previewGoal();
    // The preview takes room from the board (beside it, or above it on a phone): once sized.
    if ([box.hidden, box.offsetWidth, box.offsetHeight].some((v, i) => v !== before[i])) view.fit();
  }

  function previewGoal() {
    const canvas = $("goal-preview"), dpr = window.devicePixelRatio || 1;
    const side = window.innerWidth > 600 ? 120 : 56;
    const cell = Math.max(1, Math.floor((side * dpr) / Math.max(g.m, g.n)));
    canvas.width = cell * g.n;
    canvas.height = cell * g.m;
    canvas.style.width = `${canvas.width / dpr}px`;
    canvas.style.height = `${canvas.height / dpr}px`;
    const ctx = canvas.getContext("2d");
    for (let k = 0; k < g.m * g.n; k++) {
      ctx.fillStyle = view.colour(g.goal[k]);
      ctx.fillRect((k % g.n) * cell, Math.floor(k / g.n) * cell, cell, cell);
    }
  }

  /** The distinct ◆ weights of an invariant, as "weights 1, 2". */
  function weights(y) {
    const used = [...new Set(Array.from(y).filter((v) => v))].sort((a, b) => a - b);
    return `weight${used.length > 1 ? "s" : ""} ${used.join(", ")}`;
  }

  /** How many press sets change nothing, as a product of prime powers when it is large. */
  function kernelText(alg) {
    if (alg.kernelSize <= 1e6) return String(alg.kernelSize);
    const powers = new Map();
    for (const o of alg.orders) {
      const p = Lights.primePowers(o)[0];
      powers.set(p.p, (powers.get(p.p) || 0) + p.e);
    }
    return [...powers].map(([p, e]) => `${p}^${e}`).join(" · ");
  }

  function describeGrey() {
    const { m, n, alg } = g;
    const size = kernelText(alg);
    const facts = alg.kernelSize === 1
      ? `Every position is solvable, in exactly one way (no presses change nothing but pressing a cell ${K} times).`
      : `${size} press sets (each cell pressed 0 to ${K - 1} times) change nothing, so only 1 position in ${size} is `
        + `solvable, and each solvable one has ${size} solutions (nullity ${alg.nullity}: that many generators).`;
    const exact = alg.exact ? "Hints are exact (fewest presses)."
      : "Hints give a solution, not proven fewest, on this board (too many press sets that change nothing to try).";
    $("size-facts").textContent = `This board is ${n}×${m} with ${K} levels per cell, rules ${rulesLabel(g.rules)}, `
      + `solved by chasing and elimination over Z/${K}. ${facts} ${exact}`;
    const goal = g.goal.some((v) => v) ? "Make the board match the goal picture"
      : data.palette ? "Make every cell the palette's first colour (level 0)" : "Make every cell dark (level 0)";
    $("lede").textContent = `Click a cell: ${clickText(g.rules)}. ${goal}.`;
  }

  function describeSize() {
    if (grey) { describeGrey(); return; }
    const { m, n, alg } = g;
    const d = alg.nullity;
    const facts = d === 0
      ? `Every position is solvable, in exactly one way (nullity 0).`
      : `Nullity ${d}: ${d} independent quiet patterns, so only 1 position in ${2 ** d} is solvable, `
        + `and each solvable one has ${2 ** d} solutions.`;
    const exact = alg.exact ? "Hints are exact (fewest clicks)."
      : "Hints give a solution, not proven fewest, on this board (nullity above 20).";
    const how = alg.method === "chase" ? "light chasing" : "Gaussian elimination";
    const asymmetric = alg.symmetric ? "" : " The pattern changes under a half turn, so solvable "
      + "positions are those even on every quiet pattern of the half-turned pattern.";
    $("size-facts").textContent = `This board is ${n}×${m}, rules ${rulesLabel(g.rules)}, solved by ${how}. `
      + `${facts}${asymmetric} ${exact}`;
    const goal = g.goal.some((v) => v) ? "Make the board match the goal picture" : "Turn every light off";
    $("lede").textContent = `Click a light: ${clickText(g.rules)}. ${goal}.`;
  }

  // ---- rules -------------------------------------------------------------------------------
  const NAMES = { plus: "plus", sigma: "σ", x: "x", square: "square" };
  const PLACES = { plane: "on the plane", torus: "on a torus", cylinder: "on a cylinder" };

  function rulesLabel(r) {
    const name = LO.patternName(r.pattern);
    return `${name ? NAMES[name] : LO.patternText(r.pattern)} ${PLACES[r.topology]}`;
  }

  function clickText(r) {
    const wrap = { plane: "", torus: ", wrapping around every edge", cylinder: ", wrapping left–right" };
    if (grey) {
      const cells = LO.isClassic(r) ? "it and its neighbours" : `the cells of the pattern around it${wrap[r.topology]}`;
      if (data.palette) return `${cells} step one colour along the palette of ${K} (the last goes back to the first)`;
      return `${cells} go one level brighter, of ${K} (the brightest, ${K - 1}, goes dark)`;
    }
    if (LO.isClassic(r)) return "it and its neighbours toggle";
    return `the cells of the pattern around it toggle${wrap[r.topology]}`;
  }

  /** The pattern centred in a side x side grid (cropped when larger). */
  function padded(pattern, side) {
    const h = pattern.length, w = pattern[0].length;
    return Array.from({ length: side }, (_, a) => Array.from({ length: side }, (_, b) => {
      const i = a - (side >> 1) + (h >> 1), j = b - (side >> 1) + (w >> 1);
      return i >= 0 && i < h && j >= 0 && j < w ? pattern[i][j] : 0;
    }));
  }

  let patternSide = Math.max(3, rules.pattern.length, rules.pattern[0].length);

  /** New rules: a new game under them (nothing happens when they are the same rules). */
  function setRules(next) {
    const changedRules = LO.patternText(next.pattern) !== LO.patternText(rules.pattern)
      || next.topology !== rules.topology;
    rules = next;
    if (changedRules) newGame(); else renderRules();
  }

  function drawCell(a, b) {
    const grid = padded(rules.pattern, patternSide);
    grid[a][b] ^= 1;
    if (!grid.some((row) => row.includes(1))) {
      say("A pattern needs at least one cell.", "info");
      return;
    }
    patternChoice = LO.patternName(grid) || "custom";
    setRules(LO.makeRules({ pattern: grid, topology: rules.topology }));
  }

  function renderRules() {
    $("topology").value = rules.topology;
    $("pattern").value = patternChoice;
    $("pattern-side").value = String(patternSide);
    const box = $("pattern-grid"), grid = padded(rules.pattern, patternSide), mid = patternSide >> 1;
    const before = box.offsetHeight;
    if (box.children.length !== patternSide ** 2) {
      box.replaceChildren();
      box.style.gridTemplateColumns = `repeat(${patternSide}, auto)`;
      for (let a = 0; a < patternSide; a++) {
        for (let b = 0; b < patternSide; b++) {
          const cell = document.createElement("button");
          cell.type = "button";
          cell.className = a === mid && b === mid ? "pcell centre" : "pcell";
          const where = a === mid && b === mid ? "the clicked cell" : `row ${a - mid}, column ${b - mid} from the clicked cell`;
          cell.setAttribute("aria-label", where);
          cell.title = where;
          cell.addEventListener("click", () => drawCell(a, b));
          box.append(cell);
        }
      }
    }
    grid.flat().forEach((v, k) => box.children[k].setAttribute("aria-pressed", String(v === 1)));
    $("rules-text").textContent = `Rules: ${rulesLabel(rules)}`;
    if (g && box.offsetHeight !== before) view.fit();  // a bigger grid pushes the board down
  }

  for (const side of PATTERN_SIDES) $("pattern-side").add(new Option(`${side}×${side}`, String(side)));
  $("topology").addEventListener("change", () => setRules(LO.makeRules({ pattern: rules.pattern, topology: $("topology").value })));
  $("pattern").addEventListener("change", () => {
    patternChoice = $("pattern").value;
    if (patternChoice === "custom") {  // draw it: the grid starts from the pattern in play
      renderRules();
      $("pattern-grid").firstElementChild.focus();
      return;
    }
    setRules(LO.makeRules({ pattern: LO.PATTERNS[patternChoice], topology: rules.topology }));
  });
  $("pattern-side").addEventListener("change", () => {
    patternSide = +$("pattern-side").value;
    let grid = padded(rules.pattern, patternSide);
    if (!grid.some((row) => row.includes(1))) grid = padded([[1]], patternSide);  // cropped away
    patternChoice = LO.patternName(grid) || "custom";
    setRules(LO.makeRules({ pattern: grid, topology: rules.topology }));
  });

  // ---- controls ----------------------------------------------------------------------------
  function fillSizes() {
    const sizes = new Set();
    for (let s = data.minSide; s <= data.maxSide; s++) sizes.add(s);
    if (pictureShape) { sizes.add(pictureShape[0]); sizes.add(pictureShape[1]); }
    for (const s of [...sizes].sort((a, b) => a - b)) {
      $("width").add(new Option(String(s), String(s)));
      $("height").add(new Option(String(s), String(s)));
    }
    $("width").value = String(data.width);
    $("height").value = String(data.height);
  }

  function syncChoices() {
    const fits = pictureFits(+$("height").value, +$("width").value);
    for (const sel of [$("start"), $("goal")]) sel.querySelector('option[value="picture"]').disabled = !fits;
    if (!fits && $("start").value === "picture") $("start").value = "random";
    if (!fits && $("goal").value === "picture") $("goal").value = "dark";
  }

  fillSizes();
  // Starting from the picture means clearing it (goal all dark), as choosing that start does.
  if (picture) { $("goal").value = data.start === "picture" ? "dark" : "picture"; $("start").value = data.start || "random"; }
  else $("start").value = data.start || "random";
  syncChoices();
  if (data.palette) {
    // A page made in a palette opens in it (state s in colour s), whatever scheme was chosen
    // on another page; the game's own schemes stay in the menu.
    const p = data.palette;
    schemePicker($("scheme"), view, null, "palette", render, { palette: { name: "Palette",
      lit: p[p.length - 1], off: p[0], gap: "#11141b", mark: "#ff3d68", palette: p } });
  } else {
    schemePicker($("scheme"), view, data.picture ? "lightsart.scheme.picture" : "lightsart.scheme.game", data.scheme, render);
  }

  $("width").addEventListener("change", () => { syncChoices(); newGame(); });
  $("height").addEventListener("change", () => { syncChoices(); newGame(); });
  $("start").addEventListener("change", () => {
    if ($("start").value === "picture") $("goal").value = "dark";  // clear your picture
    newGame();
  });
  $("goal").addEventListener("change", () => {
    if ($("goal").value === "picture" && $("start").value === "picture") $("start").value = "random";
    newGame();
  });
  $("new").addEventListener("click", newGame);
  $("hint").addEventListener("click", hint);
  $("undo").addEventListener("click", undo);
  $("solution").addEventListener("click", () => { showSolution = !showSolution; render(); });
  window.addEventListener("resize", render);  // after the board refits itself: the goal preview's size
  document.addEventListener("keydown", (e) => {
    if (typing(e) || e.altKey || e.metaKey) return;
    const key = e.key.toLowerCase();
    if (e.ctrlKey) { if (key === "z") { undo(); e.preventDefault(); } return; }
    const actions = { h: hint, u: undo, n: newGame, s: () => $("solution").click(), e: () => $("edit").click() };
    if (actions[key]) { actions[key](); e.preventDefault(); }
  });

  if (grey) {  // the notes below speak of two states; say first what changes with k
    const note = document.createElement("p");
    note.innerHTML = `<b>${K} levels per cell.</b> Every cell is one of ${K} levels, from 0 (dark) to ${K - 1} `
      + `(the brightest). A click presses: it adds 1 to every cell of its pattern, and ${K - 1} + 1 wraps to 0, so `
      + `${K} presses of one cell change nothing and the order of presses never matters. Everything below holds `
      + `with presses counted mod ${K} in place of clicks mod 2: random starts press every cell a uniformly random `
      + `0 to ${K - 1} times from the goal; hints and solutions come from a chase that leaves a small system over `
      + `Z/${K}, solved one prime power of ${K} at a time (Chinese remainder theorem) by elimination with pivots of `
      + `least p-valuation; the fewest presses (a cell pressed j times counts j) try every press set that changes `
      + `nothing while there are few enough. An unsolvable position is shown by weights ◆: every press changes the `
      + `weighted sum of the levels by a multiple of ${K}. Edit board steps a cell one level up, and undo takes a `
      + "press back (one level down on each cell of its pattern)."
      + (data.palette ? ` In the page's palette level s is drawn in its colour s, so a press steps a cell one `
        + "colour along the palette (the other colour schemes show the levels as their greys)." : "");
    document.querySelector("details summary").after(note);
  }
  newGame();

  /** Read-only view of the game for scripts and tests, plus setting a custom position. */
  window.lightsartGame = {
    get rows() { return Lights.formatRows(g.board, g.m, g.n); },
    get goal() { return Lights.formatRows(g.goal, g.m, g.n); },
    get states() { return K; },
    get kernelSize() { return g.alg.kernelSize; },
    get size() { return [g.n, g.m]; },
    get moves() { return g.moves; },
    get won() { return g.won; },
    get par() { return g.par; },
    get nullity() { return g.alg.nullity; },
    get rules() { return { pattern: LO.patternText(g.rules.pattern), topology: g.rules.topology }; },
    get exact() { return g.alg.exact; },
    get method() { return g.alg.method; },
    get solvable() { return analyse().solvable; },
    get hint() { return g.hint; },
    get marks() { return showSolution && solution() ? Lights.formatRows(solution().clicks, g.m, g.n) : null; },
    get quiet() { return analyse().quiet ? Lights.formatRows(analyse().quiet, g.m, g.n) : null; },
    get cell() { return view.cell; },
    setBoard(rows) { g.board = Lights.parseRows(rows); g.history = []; g.par = null; changed(); },
  };
})();
