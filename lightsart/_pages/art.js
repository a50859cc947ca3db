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
  // A film's page packs its presses (lightsart/_video/output.py, pack_clicks): each the step from
  // the press before modulo the m*n cells, in base 32, low digits first, a digit plus 32 when
  // more follow, one character of URL-safe base 64 per digit.
  if (data.film) {
    const digit = new Int8Array(128).fill(-1);
    [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"].forEach((c, i) => { digit[c.charCodeAt(0)] = i; });
    for (const s of data.segments) {
      if (typeof s.clicks !== "string") continue;
      const text = s.clicks, out = [];
      let last = 0, value = 0, scale = 1;
      for (let i = 0; i < text.length; i++) {
        const d = digit[text.charCodeAt(i)];
        value += (d & 31) * scale;
        if (d & 32) { scale *= 32; continue; }
        last = (last + value) % (m * n); out.push(last); value = 0; scale = 1;
      }
      s.clicks = out;
    }
  }
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

  // A film (lightsart video): data.frames[0][f] is where frame f stands in C (a still frame's
  // equal to the one before); it plays at film.fps, the clip's speed, its clock the sound's when
  // the clip has one (falling back on the page's clock while the sound cannot play). Positions
  // are frames and times.
  const film = data.film || null;
  const ends = film ? data.frames[0] : [];
  const F = ends.length;
  const audio = film && film.sound ? new Audio(film.sound) : null;
  let frame = 0, clockAt = 0, clockTime = 0, clockRunning = false;

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

  const speed = () => +$("speed").value;
  const clock = (t) => `${Math.floor(t / 60)}:${(t % 60).toFixed(2).padStart(5, "0")}`;
  /** Film: show frame f (its clicks from wherever the board is). */
  function showFrame(f) {
    frame = Math.max(0, Math.min(F - 1, f));
    seek(ends[frame]);
  }
  /** Film: seconds into the film now; the sound's time while it plays, else the page's clock. */
  function filmTime() {
    if (audio && !audio.paused && !audio.ended) {
      clockAt = performance.now(); clockTime = audio.currentTime;
    }
    return clockTime + (clockRunning ? (performance.now() - clockAt) / 1000 * speed() : 0);
  }
  function startClock() {
    clockAt = performance.now(); clockTime = frame / film.fps; clockRunning = true;
    if (audio) {
      audio.currentTime = clockTime;
      audio.playbackRate = speed();
      audio.play().catch(() => {});  // a browser may refuse sound before the viewer's first click
    }
  }
  function filmTick() {
    if (!playing) return;
    const t = filmTime();
    if (t >= F / film.fps) { showFrame(F - 1); pause(); return; }
    const f = Math.floor(t * film.fps + 1e-6);
    if (f !== frame) showFrame(f);
    requestAnimationFrame(filmTick);
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
    if (film) {
      if (frame >= F - 1) showFrame(0);
      playing = true;
      startClock();
      render();
      requestAnimationFrame(filmTick);
      return;
    }
    if (pos >= T && !data.loop) seek(0);
    playing = true;
    render();
    schedule();
  }
  function pause() {
    playing = false;
    clearTimeout(timer);
    clockRunning = false;
    if (audio) audio.pause();
    render();
  }
  const toggle = () => (playing ? pause() : play());
  const step = (p) => { if (playing) pause(); seek(p); };
  /** Film: to frame f, paused. */
  const stepFrame = (f) => { if (playing) pause(); showFrame(f); };
  const back = () => (film ? stepFrame(frame - 1) : step(previousFrame(pos)));
  const ahead = () => (film ? stepFrame(frame + 1) : step(nextFrame(pos)));

  function render() {
    view.draw(board, {});
    if (film) {
      $("position").textContent = `frame ${frame + 1} of ${F} · ${clock(frame / film.fps)} of ${clock(F / film.fps)}`;
      $("scrub").value = String(frame);
      $("play").textContent = playing ? "Pause" : frame >= F - 1 ? "Replay" : "Play";
    } else {
      renderPosition();
    }
    const mine = LO.count(yours);
    $("yours").textContent = `Your ${units} ${mine}`;
    $("clear").disabled = mine === 0;
  }
  function renderPosition() {
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
  }

  $("scrub").max = String(film ? F - 1 : T);
  if (film) $("scrub").setAttribute("aria-label", "position (frames)");
  $("play").addEventListener("click", toggle);
  $("back").addEventListener("click", back);
  $("forward").addEventListener("click", ahead);
  $("scrub").addEventListener("input", () => (film ? stepFrame(+$("scrub").value) : step(+$("scrub").value)));
  $("speed").addEventListener("change", () => {
    if (!film) { schedule(); return; }
    if (playing) { filmTime(); clockTime = filmTime(); clockAt = performance.now(); }
    if (audio) audio.playbackRate = speed();
  });
  $("clear").addEventListener("click", () => {
    for (let k = 0; k < m * n; k++) if (yours[k]) { apply(board, k, -yours[k]); yours[k] = 0; }
    render();
  });
  document.addEventListener("keydown", (e) => {
    if (typing(e) || e.ctrlKey || e.altKey || e.metaKey) return;
    const keys = {
      " ": toggle, ArrowLeft: back, ArrowRight: ahead,
      Home: () => (film ? stepFrame(0) : step(0)), End: () => (film ? stepFrame(F - 1) : step(T)),
    };
    if (keys[e.key]) { keys[e.key](); e.preventDefault(); }
  });
  // The artwork opens in the look it was made with (style and colours); the viewer may try the
  // other schemes, but a choice made on one artwork does not recolour the next one.
  const made = { made: { name: "As made", lit: data.colours.lit, off: data.colours.unlit,
    gap: data.colours.panel, mark: "#ff2d7a", palette: data.palette } };
  schemePicker($("scheme"), view, null, data.scheme, render, made);

  const clicks = data.segments.map((s) => s.clicks.length);
  const wrap = { plane: "", torus: ", wrapping around every edge", cylinder: ", wrapping left–right" }[rules.topology];
  let rulesText = LO.isClassic(rules) ? "" : ` Every click toggles the cells of the pattern `
    + `${LO.patternText(rules.pattern)} around it${wrap}.`;
  if (grey) {
    const cells = LO.isClassic(rules) ? "it and its four neighbours" : `the cells of the pattern ${LO.patternText(rules.pattern)} around it${wrap}`;
    rulesText = ` Every cell has ${K} levels, from 0 (unlit) to ${K - 1} (lit); a press adds 1 to ${cells}, `
      + `and past ${K - 1} a level starts again at 0.`;
    document.querySelector(".lede").textContent = `Every frame is one or more legal presses of Lights Out with ${K} ${data.palette ? "colours" : "grey levels"}. Click any `
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
  if (film) {
    const seconds = F / film.fps;
    document.querySelector(".lede").textContent = `A film: every frame is a legal Lights Out board, reached from the one `
      + `before by ${units}. Click any cell to play along, at any moment: your ${units} stay on the board as the film runs.`;
    $("facts").textContent = `Board ${n}×${m}; ${F} frames at ${+film.fps.toFixed(3)} frames per second (${clock(seconds)}), `
      + `${T} ${units} in all${audio ? ", with the clip's sound" : ""}.${rulesText}`;
  }
  view.setSize(m, n);
  render();

  window.lightsartArt = {
    get rows() { return Lights.formatRows(board, m, n); },
    get states() { return K; },
    get position() { return pos; },
    get frame() { return film ? frame : null; },
    get frames() { return film ? F : null; },
    get sound() { return Boolean(audio); },
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
