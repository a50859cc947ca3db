"use strict";
/*
 * lightsart studio's page. The form is drawn from the server's list of fields (/api/studio), so
 * a new setting is data there. Every change asks the server for the board again with a new
 * generation number; an answer for an older generation is dropped (the server drops it too).
 * The board is drawn by the game pages' BoardView; an animation arrives as its frames' changes
 * ([seconds, cells, levels] each), played, stepped and scrubbed here from checkpoints. Your own
 * clicks are presses added on top of whatever frame shows (Lights.press, the game's rules).
 */
(() => {
  const $ = (id) => document.getElementById(id);
  const session = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, "0")).join("");
  const CHECKPOINT = 32;  // frames between kept boards (scrubbing replays at most this many)
  let ticking = null, info = null, chosen = [], values = {}, generation = 0, timer = null, pending = null;
  let drawn = null;  // the levels on the canvas now (tests and screenshots read them)
  window.__studioBoard = () => drawn;
  let shown = null, frame = 0, checkpoints = [], mine = null, yours = null, playing = null;

  async function api(path, options = {}) {
    const response = await fetch(path, { ...options, headers: { "X-Studio": "1", ...(options.headers || {}) } });
    let data = null;
    try { data = await response.json(); } catch (e) { data = { error: `the studio answered ${response.status}` }; }
    if (!response.ok || data.error) throw new Error(data.error || `the studio answered ${response.status}`);
    return data;
  }
  const post = (path, body) => api(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

  function say(text) { $("message").textContent = text || ""; $("message").hidden = !text; }

  // ---- pictures ------------------------------------------------------------------------------
  function drawChosen() {
    const list = $("chosen");
    list.replaceChildren();
    chosen.forEach((p, i) => {
      const li = document.createElement("li");
      const img = document.createElement("img");
      img.src = `/api/pictures/${p.id}`; img.alt = "";
      const name = document.createElement("span"); name.textContent = p.name; name.title = p.name;
      const button = (label, text, act) => {
        const b = document.createElement("button"); b.type = "button"; b.textContent = text;
        b.setAttribute("aria-label", `${label} ${p.name}`); b.addEventListener("click", act); return b;
      };
      const move = (d) => () => { const j = i + d; if (j < 0 || j >= chosen.length) return; [chosen[i], chosen[j]] = [chosen[j], chosen[i]]; changed(); };
      li.append(img, name, button("move up", "\u2191", move(-1)), button("move down", "\u2193", move(1)),
        button("remove", "\u00d7", () => { chosen.splice(i, 1); changed(); }));
      list.append(li);
    });
    document.querySelectorAll("[data-animation]").forEach((el) => { el.hidden = chosen.length < 2; });
  }

  async function upload(files) {
    for (const file of files) {
      try {
        const stored = await api("/api/pictures", { method: "POST", body: file, headers: { "X-Name": encodeURIComponent(file.name) } });
        chosen.push(stored);
        say("");
      } catch (e) { say(`${file.name}: ${e.message}`); }
    }
    changed();
  }

  // ---- form ----------------------------------------------------------------------------------
  function drawForm() {
    const form = $("form");
    for (const f of info.fields) {
      const id = `field-${f.name}`;
      const label = document.createElement("label"); label.htmlFor = id; label.textContent = f.label;
      let input;
      if (f.kind === "choice") {
        input = document.createElement("select");
        for (const c of f.choices) { const o = document.createElement("option"); o.value = o.textContent = c; input.append(o); }
        input.value = f.default;
      } else {
        input = document.createElement("input");
        input.type = f.kind === "flag" ? "checkbox" : f.kind === "number" ? "number" : "text";
        if (f.kind === "flag") input.checked = f.default;
        else input.value = f.default;
        if (f.kind === "number") { input.min = f.low; input.max = f.high; input.step = f.step; }
        if (f.kind === "text") {
          input.placeholder = "auto"; input.maxLength = f.longest;
          if (f.choices.length) {  // suggestions, and any text of one's own (a palette's colours)
            const list = document.createElement("datalist"); list.id = `${id}-choices`;
            for (const c of f.choices) { const o = document.createElement("option"); o.value = c; list.append(o); }
            form.append(list); input.setAttribute("list", list.id);
          }
        }
      }
      input.id = id; input.name = f.name;
      const read = () => {
        const before = JSON.stringify(values[f.name]);
        values[f.name] = f.kind === "flag" ? input.checked : f.kind === "number" ? Number(input.value) : input.value;
        if (f.kind === "number" && input.value === "") delete values[f.name];
        // A number's "change" (on leaving the field) follows its "input" events with the same
        // value: no new board then (it would stop the player the click that left it started).
        if (JSON.stringify(values[f.name]) === before) return;
        changed();
      };
      input.addEventListener(f.kind === "text" ? "input" : "change", read);
      if (f.kind === "number") input.addEventListener("input", read);
      if (f.animation) { label.dataset.animation = ""; input.dataset.animation = ""; }
      form.append(label, input);
    }
    form.addEventListener("submit", (e) => e.preventDefault());
  }

  // ---- the board -----------------------------------------------------------------------------
  function changed() {
    drawChosen();
    drawExports();
    clearTimeout(timer);
    // The shown board is stale from this moment: say so at once, not after the debounce, and
    // drop an answer to the older settings that arrives before the newer request goes out.
    generation += 1;
    if (chosen.length) $("about").textContent = "working\u2026";
    timer = setTimeout(refresh, 60);
  }

  async function refresh() {
    if (!chosen.length) { $("about").textContent = "Choose a picture to begin."; $("command").textContent = ""; return; }
    const mineGen = ++generation;
    $("about").textContent = "working\u2026";
    pending = performance.now();
    clearInterval(ticking);  // long work (a large board) says how long it has been working
    ticking = setInterval(() => {
      if (mineGen === generation) $("about").textContent = `working\u2026 ${((performance.now() - pending) / 1000).toFixed(1)} s`;
    }, 500);
    try {
      const data = await post("/api/board", { session, generation: mineGen, pictures: chosen.map((p) => p.id), settings: values });
      if (data.superseded || data.generation !== generation) return;  // a newer request is on its way
      say("");
      show(data, performance.now() - pending);
    } catch (e) {
      if (mineGen === generation) { say(e.message); $("about").textContent = "no board: see the message above"; }
    } finally {
      if (mineGen === generation) clearInterval(ticking);
    }
  }

  function show(data, ms) {
    stop();
    const same = shown && shown.width === data.width && shown.height === data.height && shown.states === data.states
      && JSON.stringify(shown.rules) === JSON.stringify(data.rules);
    shown = data;
    shown.rulesJS = LightsOut.makeRules(data.rules);
    const cells = data.width * data.height;
    if (!same || !yours) { yours = new Uint8Array(cells); mine = new Uint8Array(cells); }
    checkpoints = [];
    if (data.frames) {
      let board = new Uint8Array(cells);
      data.frames.forEach(([, at, levels], k) => {
        for (let q = 0; q < at.length; q++) board[at[q]] = levels[q];
        if (k % CHECKPOINT === 0) checkpoints.push(board.slice());
      });
    } else {
      checkpoints = [Uint8Array.from(data.boards[0], (ch) => parseInt(ch, 16))];
    }
    const frames = data.frames ? data.frames.length : 1;
    $("player").hidden = frames < 2;
    $("scrub").max = frames - 1;
    frame = Math.min(frame, frames - 1);
    const head = `board ${data.width}x${data.height}, nullity ${data.nullity}, ${data.states} states`;
    $("about").textContent = data.frames
      ? `${head}; wrong cells per picture ${data.wrong.join(", ")}; clicks ${data.clicks.join(", ")}; ${data.frames.length} frames \u2014 ${Math.round(ms)} ms`
      : `${head}; ${data.wrong[0]} wrong cells, ${data.clicks[0]} clicks \u2014 ${Math.round(ms)} ms`;
    $("about").dataset.generation = data.generation;
    $("command").textContent = data.command;
    if (!view) makeView();
    // In a palette, state s is drawn in its colour s, and the palette sets the states.
    view.scheme = data.palette ? { ...SCHEMES.paper, palette: data.palette } : SCHEMES.paper;
    const states = $("field-states");
    states.disabled = Boolean(data.palette);
    states.title = data.palette ? "the palette's length is the number of states" : "";
    if (data.palette) states.value = data.states;
    else if (states.value !== String(values.states ?? data.states)) states.value = values.states ?? data.states;
    view.levels = data.states;
    view.setSize(data.height, data.width);
    goto(frame);
  }

  let view = null;
  function makeView() {
    view = new BoardView($("board"), { onCell: (k) => press(k), gaps: false, maxCell: 24, levels: 2 });
    view.scheme = SCHEMES.paper;
  }

  function boardAt(k) {
    const base = checkpoints[Math.floor(k / CHECKPOINT)].slice();
    if (shown.frames) {
      for (let f = Math.floor(k / CHECKPOINT) * CHECKPOINT + 1; f <= k; f++) {
        const [, at, levels] = shown.frames[f];
        for (let q = 0; q < at.length; q++) base[at[q]] = levels[q];
      }
    }
    return base;
  }

  function goto(k) {
    frame = k;
    const K = shown.states, board = boardAt(k);
    for (let c = 0; c < board.length; c++) board[c] = (board[c] + mine[c]) % K;
    view.draw(board);
    drawn = board;
    $("board").dataset.rows = shown.height; $("board").dataset.columns = shown.width;
    $("scrub").value = k;
    const total = shown.frames ? shown.frames.length : 1;
    $("frame").textContent = `frame ${k + 1} of ${total}`;
    $("board").dataset.frame = k;
  }

  function press(k) {
    const K = shown.states;
    yours[k] = (yours[k] + 1) % K;
    Lights.press(mine, shown.height, shown.width, k, shown.rulesJS, K, 1);
    const count = yours.reduce((s, v) => s + v, 0);
    $("mine").textContent = count ? `${count} of your presses on top` : "";
    goto(frame);
  }

  function stop() { clearTimeout(playing); playing = null; $("play").textContent = "Play"; }
  function play() {
    if (playing) { stop(); return; }
    if (!shown || !shown.frames) return;
    $("play").textContent = "Pause";
    if (frame >= shown.frames.length - 1) goto(0);
    const tick = () => {
      if (frame >= shown.frames.length - 1) { stop(); return; }
      goto(frame + 1);
      playing = setTimeout(tick, 1000 * shown.frames[frame][0]);
    };
    playing = setTimeout(tick, 1000 * shown.frames[frame][0]);
  }

  // ---- exports -------------------------------------------------------------------------------
  function drawExports() {
    const box = $("exports");
    box.replaceChildren();
    if (!chosen.length) return;
    for (const format of info.formats[chosen.length > 1 ? "animation" : "still"]) {
      const b = document.createElement("button"); b.type = "button"; b.textContent = format.toUpperCase();
      b.dataset.format = format;
      b.addEventListener("click", () => exportAs(format));
      box.append(b);
    }
  }

  async function exportAs(format) {
    let job;
    try { job = await post("/api/exports", { pictures: chosen.map((p) => p.id), settings: values, format }); }
    catch (e) { say(e.message); return; }
    const li = document.createElement("li");
    li.dataset.job = job.id;
    $("jobs").prepend(li);
    const cancel = document.createElement("button"); cancel.type = "button"; cancel.textContent = "Cancel";
    cancel.addEventListener("click", () => post(`/api/exports/${job.id}/cancel`, {}).catch((e) => say(e.message)));
    const text = document.createElement("span");
    li.append(text, " ", cancel);
    const poll = async () => {
      let now;
      try { now = await api(`/api/exports/${job.id}`); } catch (e) { text.textContent = `${format}: ${e.message}`; return; }
      li.dataset.state = now.state;
      if (now.state === "running") {
        text.textContent = `${format.toUpperCase()}: working, ${now.seconds.toFixed(1)} s`;
        setTimeout(poll, 250);
        return;
      }
      cancel.remove();
      if (now.state === "done") {
        const a = document.createElement("a");
        a.href = `/files/${now.id}`; a.download = now.name;
        a.textContent = `${now.name} (${Math.ceil(now.bytes / 1024)} kB, ${now.seconds.toFixed(1)} s)`;
        text.replaceChildren(a);
        if (now.format === "game") {  // the game's own command (the one below the board is still's)
          const code = document.createElement("code"); code.className = "command"; code.textContent = now.command;
          li.append(" ", code);
        }
      } else text.textContent = `${format.toUpperCase()}: ${now.state}${now.error ? `: ${now.error}` : ""}`;
    };
    poll();
  }

  // ---- start ---------------------------------------------------------------------------------
  async function start() {
    info = await api("/api/studio");
    drawForm();
    for (const s of info.samples) {
      const b = document.createElement("button"); b.type = "button"; b.textContent = `+ ${s.name}`;
      b.dataset.sample = s.id;
      b.addEventListener("click", () => { chosen.push(s); changed(); });
      $("samples").append(b);
    }
    $("files").addEventListener("change", (e) => { upload([...e.target.files]); e.target.value = ""; });
    const drop = $("drop");
    drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
    drop.addEventListener("dragleave", () => drop.classList.remove("over"));
    drop.addEventListener("drop", (e) => { e.preventDefault(); drop.classList.remove("over"); upload([...e.dataTransfer.files]); });
    $("play").addEventListener("click", play);
    $("back").addEventListener("click", () => { stop(); if (frame > 0) goto(frame - 1); });
    $("next").addEventListener("click", () => { stop(); if (shown && shown.frames && frame < shown.frames.length - 1) goto(frame + 1); });
    $("scrub").addEventListener("input", (e) => { stop(); goto(Number(e.target.value)); });
    $("clear").addEventListener("click", () => { if (!shown) return; yours.fill(0); mine.fill(0); $("mine").textContent = ""; goto(frame); });
    drawChosen();
    document.body.dataset.ready = "1";
  }
  start().catch((e) => say(e.message));
})();
