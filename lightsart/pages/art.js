"use strict";
/*
 * The artwork player. The animation is one list of clicks C (the segments in order, then, with
 * loop, the segments again backwards: clicks undo themselves, so replaying a transition's clicks
 * in reverse order plays it backwards). Position p shows start ^ A(C[0..p)) ^ A(yours).
 * Pictures sit at the leg boundaries; frames advance clicksPerFrame clicks inside one leg.
 */
(() => {
  const LO = LightsOut;
  const data = JSON.parse(document.getElementById("lightsart-data").textContent);
  const $ = (id) => document.getElementById(id);
  const { m, n } = data;
  const rules = LO.makeRules(data.rules || {});  // the clicks' rules, the animation's and yours
  const click = (b, k) => LO.click(b, m, n, k, rules);

  // Legs: [from, to) ranges of C; boundaries[i] is where picture i is shown.
  const C = [];
  const boundaries = [0];
  for (const s of data.segments) { for (const k of s.clicks) C.push(k); boundaries.push(C.length); }
  if (data.loop) {
    for (const s of [...data.segments].reverse()) {
      for (let i = s.clicks.length - 1; i >= 0; i--) C.push(s.clicks[i]);
      boundaries.push(C.length);
    }
  }
  const T = C.length;
  const start = LO.parseRows(data.segments[0].start);

  const board = Uint8Array.from(start);  // what is on screen
  const yours = new Uint8Array(m * n);   // the viewer's own clicks
  let pos = 0, playing = false, timer = null;

  const view = new BoardView($("board"), {
    onCell: (k) => { click(board, k); yours[k] ^= 1; render(); },
    maxCell: data.cell || Infinity, gaps: data.style === "grid", lamps: data.style === "lights",
    dots: data.style === "dots",
  });

  /** Move to position p by clicking the cells between (the same clicks either way). */
  function seek(p) {
    p = Math.max(0, Math.min(T, p));
    for (let i = Math.min(p, pos); i < Math.max(p, pos); i++) click(board, C[i]);
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
    const l = leg(p, true);
    if (!l) return T;
    return Math.min(l[1], l[0] + (Math.floor((p - l[0]) / data.clicksPerFrame) + 1) * data.clicksPerFrame);
  }
  function previousFrame(p) {
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
    $("position").textContent = `${where} · click ${pos} of ${T}`;
    $("scrub").value = String(pos);
    $("play").textContent = playing ? "Pause" : pos >= T && !data.loop ? "Replay" : "Play";
    const mine = LO.count(yours);
    $("yours").textContent = `Your clicks ${mine}`;
    $("clear").disabled = mine === 0;
  }

  $("scrub").max = String(T);
  $("play").addEventListener("click", toggle);
  $("back").addEventListener("click", () => step(previousFrame(pos)));
  $("forward").addEventListener("click", () => step(nextFrame(pos)));
  $("scrub").addEventListener("input", () => step(+$("scrub").value));
  $("speed").addEventListener("change", schedule);
  $("clear").addEventListener("click", () => {
    for (let k = 0; k < m * n; k++) if (yours[k]) { click(board, k); yours[k] = 0; }
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
  window.addEventListener("resize", () => view.fit());
  // The artwork opens in the look it was made with (style and colours); the viewer may try the
  // other schemes, but a choice made on one artwork does not recolour the next one.
  const made = { made: { name: "As made", lit: data.colours.lit, off: data.colours.unlit,
    gap: data.colours.panel, mark: "#ff2d7a" } };
  schemePicker($("scheme"), view, null, data.scheme, render, made);

  const clicks = data.segments.map((s) => s.clicks.length);
  const rulesText = LO.isClassic(rules) ? "" : ` Every click toggles the cells of the pattern `
    + `${LO.patternText(rules.pattern)} around it${{ plane: "", torus: ", wrapping around every edge",
      cylinder: ", wrapping left–right" }[rules.topology]}.`;
  $("facts").textContent = `Board ${n}×${m}; ${data.segments.length + 1} pictures; `
    + `${clicks.join(" + ")} clicks; ${data.clicksPerFrame} click${data.clicksPerFrame > 1 ? "s" : ""} per frame at `
    + `${data.fps} frames per second, each picture held ${data.hold} s${data.loop ? "; loops back to the start" : ""}.${rulesText}`;
  view.setSize(m, n);
  render();

  window.lightsartArt = {
    get rows() { return LO.formatRows(board, m, n); },
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
