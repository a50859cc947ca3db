"use strict";
/*
 * The artwork player. The animation is one list of clicks C (the segments in order, then, with
 * loop, the segments again backwards: clicks undo themselves, so replaying a transition's clicks
 * in reverse order plays it backwards). Position p shows start ^ A(C[0..p)) ^ A(yours).
 * Pictures sit at the leg boundaries; frames advance clicksPerFrame clicks inside one leg.
 *
 * Every entry of C is one press, adding 1 mod K to the cells of its pattern (K = data.states, 2
 * unless grey levels; two states: a click, which undoes itself); a looped leg takes its
 * transition's presses back (each one -1), and moving backwards takes back the presses passed.
 * Position p shows start + A(sum of C[0..p)'s signed presses) + A(yours) mod K, as the GIF's
 * frames do. Only the words differ with K > 2 (presses rather than clicks).
 */
(() => {
  const LO = LightsOut;
  const data = JSON.parse(document.getElementById("lightsart-data").textContent);
  const $ = (id) => document.getElementById(id);
  const { m, n } = data;
  const rules = LO.makeRules(data.rules || {});  // the clicks' rules, the animation's and yours
  const K = data.states || 2, grey = K > 2;  // states per cell
  /** Press cell k of b `times` times (two states: a click, whatever the sign). */
  const apply = (b, k, times) => Lights.press(b, m, n, k, rules, K, times);
  const [unit, units] = grey ? ["press", "presses"] : ["click", "clicks"];

  // Legs: [from, to) ranges of C; boundaries[i] is where picture i is shown.
  const C = [];
  const boundaries = [0];
  for (const s of data.segments) { for (const k of s.clicks) C.push(k); boundaries.push(C.length); }
  const forward = C.length;  // C[i] for i >= forward is a press taken back
  if (data.loop) {
    for (const s of [...data.segments].reverse()) {
      for (let i = s.clicks.length - 1; i >= 0; i--) C.push(s.clicks[i]);
      boundaries.push(C.length);
    }
  }
  const T = C.length;
  const start = Lights.parseRows(data.segments[0].start);
  // Eased animations list their frames (offsets into each transition): every frame position,
  // the looped legs mirrored. Without them frames are clicksPerFrame apart inside a leg.
  const stops = [];
  if (data.frames) {
    data.frames.forEach((f, i) => f.forEach((o) => stops.push(boundaries[i] + o)));
    if (data.loop) {
      const S = data.segments.length;
      data.frames.forEach((f, i) => {
        const from = boundaries[2 * S - 1 - i], length = f[f.length - 1];
        f.forEach((o) => stops.push(from + length - o));
      });
    }
    stops.sort((a, b) => a - b);
  }

  const board = Uint8Array.from(start);  // what is on screen
  const yours = new Uint8Array(m * n);   // the viewer's own clicks
  let pos = 0, playing = false, timer = null;

  const view = new BoardView($("board"), {
    onCell: (k) => { apply(board, k, 1); yours[k] = (yours[k] + 1) % K; render(); },
    maxCell: data.cell || Infinity, gaps: data.style === "grid", lamps: data.style === "lights",
    dots: data.style === "dots", levels: K,
  });

  /** Move to position p by clicking the cells between (the same clicks either way). */
  function seek(p) {
    p = Math.max(0, Math.min(T, p));
    const ahead = p > pos ? 1 : -1;
    for (let i = Math.min(p, pos); i < Math.max(p, pos); i++) apply(board, C[i], i < forward ? ahead : -ahead);
    pos = p;
    render();
  }

  /** The leg [from, to] holding position p (the later one at a boundary when `forward`). */
  function leg(p, forward) {
    for (let i = 0; i + 1 < boundaries.length; i++) {
      const [a, b] = [boundaries[i], boundaries[i + 1]];
      if (forward ? p >= a && p < b : p > a && p <= b) return [a, b];
    }
    return null;
  }
  function nextFrame(p) {
    if (stops.length) return stops.find((s) => s > p) ?? T;
    const l = leg(p, true);
    if (!l) return T;
    return Math.min(l[1], l[0] + (Math.floor((p - l[0]) / data.clicksPerFrame) + 1) * data.clicksPerFrame);
  }
  function previousFrame(p) {
    if (stops.length) return stops.findLast((s) => s < p) ?? 0;
    const l = leg(p, false);
    if (!l) return 0;
    return l[0] + Math.floor((p - l[0] - 1) / data.clicksPerFrame) * data.clicksPerFrame;
  }

  function tick() {
    if (pos >= T) {
      if (!data.loop) { pause(); return; }
      seek(0);  // the loop ends on the first picture again: jump without a visible change
    }
    seek(nextFrame(pos));
    schedule();
  }
  function schedule() {
    clearTimeout(timer);
    if (!playing) return;
    const atPicture = boundaries.includes(pos);
    const seconds = Math.max(1 / data.fps, atPicture ? data.hold : 0) / +$("speed").value;
    timer = setTimeout(tick, seconds * 1000);
  }
  function play() {
    if (pos >= T && !data.loop) seek(0);
    playing = true;
    render();
    schedule();
  }
  function pause() {
    playing = false;
    clearTimeout(timer);
    render();
  }
  const toggle = () => (playing ? pause() : play());
  const step = (p) => { playing = false; clearTimeout(timer); seek(p); };

  function render() {
    view.draw(board, {});
    const picture = boundaries.indexOf(pos);
    const pictures = data.segments.length + 1;
    const name = (i) => (i < pictures ? i + 1 : 2 * pictures - 1 - i);  // looped legs come back
    let where;
    if (picture >= 0) where = `picture ${name(picture)}`;
    else {
      const i = boundaries.findIndex((b) => b > pos);
      where = `picture ${name(i - 1)} → ${name(i)}`;
    }
    $("position").textContent = `${where} · ${unit} ${pos} of ${T}`;
    $("scrub").value = String(pos);
    $("play").textContent = playing ? "Pause" : pos >= T && !data.loop ? "Replay" : "Play";
    const mine = LO.count(yours);
    $("yours").textContent = `Your ${units} ${mine}`;
    $("clear").disabled = mine === 0;
  }

  $("scrub").max = String(T);
  $("play").addEventListener("click", toggle);
  $("back").addEventListener("click", () => step(previousFrame(pos)));
  $("forward").addEventListener("click", () => step(nextFrame(pos)));
  $("scrub").addEventListener("input", () => step(+$("scrub").value));
  $("speed").addEventListener("change", schedule);
  $("clear").addEventListener("click", () => {
    for (let k = 0; k < m * n; k++) if (yours[k]) { apply(board, k, -yours[k]); yours[k] = 0; }
    render();
  });
  document.addEventListener("keydown", (e) => {
    if (typing(e) || e.ctrlKey || e.altKey || e.metaKey) return;
    const keys = {
      " ": toggle, ArrowLeft: () => step(previousFrame(pos)), ArrowRight: () => step(nextFrame(pos)),
      Home: () => step(0), End: () => step(T),
    };
    if (keys[e.key]) { keys[e.key](); e.preventDefault(); }
  });
  // The artwork opens in the look it was made with (style and colours); the viewer may try the
  // other schemes, but a choice made on one artwork does not recolour the next one.
  const made = { made: { name: "As made", lit: data.colours.lit, off: data.colours.unlit,
    gap: data.colours.panel, mark: "#ff2d7a" } };
  schemePicker($("scheme"), view, null, data.scheme, render, made);

  const clicks = data.segments.map((s) => s.clicks.length);
  const wrap = { plane: "", torus: ", wrapping around every edge", cylinder: ", wrapping left–right" }[rules.topology];
  let rulesText = LO.isClassic(rules) ? "" : ` Every click toggles the cells of the pattern `
    + `${LO.patternText(rules.pattern)} around it${wrap}.`;
  if (grey) {
    const cells = LO.isClassic(rules) ? "it and its four neighbours" : `the cells of the pattern ${LO.patternText(rules.pattern)} around it${wrap}`;
    rulesText = ` Every cell has ${K} levels, from 0 (unlit) to ${K - 1} (lit); a press adds 1 to ${cells}, `
      + `and past ${K - 1} a level starts again at 0.`;
    document.querySelector(".lede").textContent = `Every frame is one or more legal presses of Lights Out with ${K} grey levels. Click any `
      + "cell to press it yourself, at any moment: your presses stay on the board as the animation runs.";
    document.querySelector("details p").textContent = `The animation turns one picture into the next by pressing cells of a Lights Out board `
      + `with ${K} levels per cell: each press adds one level (mod ${K}) to a cell and its neighbours (or, under other `
      + "rules, the cells of its pattern). Presses commute, so scrubbing backwards takes the same presses back, "
      + `and ${K} presses of one cell change nothing. Keys: space play/pause, ← → step, Home / End jump to the start / end.`;
    $("clear").textContent = "Clear your presses";
  }
  $("facts").textContent = `Board ${n}×${m}; ${data.segments.length + 1} pictures; `
    + `${clicks.join(" + ")} ${units}; ${data.clicksPerFrame} ${data.clicksPerFrame > 1 ? units : unit} per frame at `
    + `${data.fps} frames per second, each picture held ${data.hold} s${data.loop ? "; loops back to the start" : ""}.${rulesText}`;
  view.setSize(m, n);
  render();

  window.lightsartArt = {
    get rows() { return Lights.formatRows(board, m, n); },
    get states() { return K; },
    get position() { return pos; },
    get total() { return T; },
    get playing() { return playing; },
    get yours() { return LO.count(yours); },
    get cell() { return view.cell; },
    get style() { return view.lamps ? "lights" : view.dots ? "dots" : view.gaps ? "grid" : "pixels"; },
    get scheme() { return $("scheme").value; },
    get rules() { return { pattern: LO.patternText(rules.pattern), topology: rules.topology }; },
  };
  if (data.autoplay) play();
})();
