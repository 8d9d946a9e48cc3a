// Game master console: live public state over server-sent events, setup and control forms,
// and the press-and-hold reveal. Plain browser JavaScript, no build step, no network beyond
// this console. All data goes into the page as text (textContent), never as HTML.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  let snap = {};
  let seatKey = "";
  let lastAnnouncement = null;
  let lastFault = null;
  let setupFilled = false;

  // ---------- helpers ----------
  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }
  function view() { return snap.view || snap.public || snap.state || {}; }
  function setup() { return snap.setup || {}; }
  function players() {
    const v = view(), s = setup();
    if (Number.isInteger(s.players)) return s.players;
    if (Number.isInteger(v.players)) return v.players;
    if (Array.isArray(v.alive) && v.alive.length) return Math.max.apply(null, v.alive) + 1;
    return 0;
  }
  function seatName(seat) {
    const names = setup().names || view().names;
    if (!names) return "";
    const n = Array.isArray(names) ? names[seat] : (names[seat] || names[String(seat)]);
    return typeof n === "string" ? n.trim() : (n && typeof n.name === "string" ? n.name : "");
  }
  function seatLabel(seat) {
    if (seat === null || seat === undefined || seat === "") return "none";
    const n = Number(seat);
    if (!Number.isInteger(n)) return String(seat);
    const name = seatName(n);
    return name ? name + " (seat " + (n + 1) + ")" : "Seat " + (n + 1);
  }
  function seatList(list) {
    if (!Array.isArray(list) || !list.length) return "none";
    return list.map(seatLabel).join(", ");
  }
  function words(s) { return String(s).replace(/_/g, " "); }
  function clock(at) {
    if (typeof at !== "number" || at < 1e9) return "";
    return new Date(at * 1000).toLocaleTimeString([], {hour: "2-digit", minute: "2-digit", second: "2-digit"});
  }
  function itemText(item) {
    if (item === null || item === undefined) return "";
    if (typeof item !== "object") return String(item);
    if (item.text || item.message) return item.text || item.message;
    const parts = [];
    if (Number.isInteger(item.seat)) parts.push(seatLabel(item.seat));
    if (item.action) parts.push(words(item.action));
    if (item.source) parts.push(words(item.source));
    const head = parts.join(", ");
    const tail = [item.reason, item.detail].filter((x) => x !== undefined && x !== null && x !== "")
      .map((x) => words(typeof x === "object" ? JSON.stringify(x) : x)).join(" – ");
    return (head && tail ? head + ": " + tail : head || tail) || JSON.stringify(item);
  }
  function kindLabel(item) {
    const kind = (item && typeof item === "object" && (item.kind || item.type)) || "fault";
    if (kind === "rejected" || kind === "refused") return "Refusal";
    return words(kind).replace(/^./, (c) => c.toUpperCase());
  }
  function say(region, text) {
    const p = el("p", text);
    region.appendChild(p);
    while (region.childNodes.length > 5) region.removeChild(region.firstChild);
  }
  function status(target, ok, text) {
    target.textContent = text;
    target.className = ok ? "ok" : "error";
  }

  // ---------- server calls ----------
  async function post(path, body) {
    let response;
    try {
      response = await fetch(path, {
        method: "POST", credentials: "same-origin",
        headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf},
        body: JSON.stringify(body || {}),
      });
    } catch (e) {
      return {ok: false, error: "The console cannot be reached."};
    }
    if (response.status === 401) { window.location.assign("/"); return {ok: false, error: "Logged out."}; }
    let data = {};
    try { data = await response.json(); } catch (e) { /* not JSON */ }
    if (!response.ok) return {ok: false, error: data.error || ("Error " + response.status)};
    return {ok: true, data: data};
  }
  async function command(name, fields, target) {
    const r = await post("/api/command", {name: name, fields: fields || {}});
    status(target, r.ok, r.ok ? "Done: " + words(name) + "." : "Refused: " + r.error);
    return r;
  }

  // ---------- rendering the public state ----------
  const PHASES = {
    nomination: (v) => "Nomination: " + seatLabel(v.president) + " nominates a chancellor.",
    election: (v) => "Election: vote on president " + seatLabel(v.president) +
      " and chancellor " + seatLabel(v.nominee) + ".",
    legislative_president: (v) => "Legislative session: president " + seatLabel(v.president) + " discards a law.",
    legislative_chancellor: (v) => "Legislative session: chancellor " + seatLabel(v.chancellor) + " enacts a law.",
    power: (v) => "Presidential power" + (v.power ? ": " + words(typeof v.power === "object" ? v.power.power : v.power) : "") + ".",
    chaos: () => "Chaos: the top law is placed on its track.",
    game_over: (v) => "Game over: " + words(v.winner || "") + " win" + (v.reason ? " (" + words(v.reason) + ")" : "") + ".",
  };

  function renderSlots(id, filled, total, mark) {
    const ol = $(id);
    ol.replaceChildren();
    for (let i = 1; i <= total; i++) {
      const li = el("li", i <= filled ? mark : String(i));
      if (i <= filled) li.className = "filled";
      ol.appendChild(li);
    }
  }

  function fact(dl, term, value) {
    dl.appendChild(el("dt", term));
    dl.appendChild(el("dd", value));
  }

  function lastElection(v) {
    const e = v.last_election || null;
    if (e && typeof e === "object") return e;
    const ballots = v.last_ballots || v.ballots;
    if (!ballots || typeof ballots !== "object") return null;
    const all = Object.values(ballots);
    const ja = all.filter((b) => b === "ja").length;
    return {ballots: ballots, ja: ja, nein: all.length - ja, elected: ja > all.length - ja};
  }

  function renderGlance() {
    const v = view(), s = setup();
    let phase;
    if (v.phase && PHASES[v.phase]) phase = PHASES[v.phase](v);
    else if (v.phase) phase = words(v.phase);
    else if (s.players) phase = "Game set up for " + s.players + " players, not started.";
    else phase = "No game set up.";
    $("phase").textContent = phase;
    $("paused").hidden = !snap.paused;

    const dem = v.democratic_laws || 0, fas = v.fascist_laws || 0, tr = v.election_tracker || 0;
    $("democratic-count").textContent = dem + " of 5 democratic laws";
    $("fascist-count").textContent = fas + " of 6 fascist laws";
    $("tracker-count").textContent = tr + " of 3 failed elections";
    renderSlots("democratic-slots", dem, 5, "D");
    renderSlots("fascist-slots", fas, 6, "F");
    renderSlots("tracker-slots", tr, 3, "×");

    const dl = $("facts");
    dl.replaceChildren();
    if (v.phase) {
      fact(dl, "President", seatLabel(v.president));
      fact(dl, "Nominee", seatLabel(v.nominee));
      fact(dl, "Chancellor", seatLabel(v.chancellor));
      fact(dl, "Must act now", seatList(v.awaiting || v.must_act));
      fact(dl, "Term-limited", seatList(v.ineligible));
      if (v.phase === "election" && v.votes_cast !== undefined)
        fact(dl, "Votes cast", v.votes_cast + " of " + ((v.alive || []).length || players()));
      if (v.draw_pile !== undefined) fact(dl, "Draw pile", v.draw_pile + " laws");
      if (v.discard_pile !== undefined) fact(dl, "Discard pile", v.discard_pile + " laws");
      if (Array.isArray(v.executed) && v.executed.length) fact(dl, "Executed", seatList(v.executed));
    }

    const n = players();
    const alive = new Set(Array.isArray(v.alive) ? v.alive : []);
    const acting = new Set(v.awaiting || v.must_act || []);
    const e = lastElection(v);
    const ballots = (e && e.ballots) || {};
    const tbody = $("seats").tBodies[0];
    tbody.replaceChildren();
    for (let seat = 0; seat < n; seat++) {
      const tr = el("tr");
      const isAlive = !v.alive || alive.has(seat);
      if (!isAlive) tr.className = "dead";
      const office = [];
      if (v.president === seat) office.push("President");
      if (v.chancellor === seat) office.push("Chancellor");
      else if (v.nominee === seat) office.push("Nominee");
      tr.appendChild(el("th", "Seat " + (seat + 1))).setAttribute("scope", "row");
      tr.appendChild(el("td", seatName(seat) || "—"));
      tr.appendChild(el("td", isAlive ? "alive" : "executed"));
      tr.appendChild(el("td", office.join(", ") || "—"));
      tr.appendChild(el("td", acting.has(seat) ? "yes, must act" : "—"));
      const b = ballots[seat] !== undefined ? ballots[seat] : ballots[String(seat)];
      tr.appendChild(el("td", b ? (b === "ja" ? "Ja" : b === "nein" ? "Nein" : String(b)) : "—"));
      tbody.appendChild(tr);
    }
    let electionText = "";
    if (e && (e.elected !== undefined || e.ja !== undefined)) {
      electionText = "Last election: " + (e.elected ? "elected" : "failed") +
        (e.ja !== undefined ? ", " + e.ja + " Ja to " + e.nein + " Nein" : "") + ".";
    }
    $("election").textContent = electionText;
  }

  function renderLog(listId, liveId, items, lastKeyName, withTag) {
    items = Array.isArray(items) ? items : [];
    const ol = $(listId);
    ol.replaceChildren();
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i];
      const li = el("li");
      const when = clock(item && item.at);
      if (when) li.appendChild(el("span", when, "when"));
      if (withTag) li.appendChild(el("span", kindLabel(item), "tag"));
      li.appendChild(document.createTextNode(itemText(item)));
      ol.appendChild(li);
    }
    if (!items.length) ol.appendChild(el("li", "None yet."));
    // speak only what is new since the last update
    const keys = items.map((x) => JSON.stringify(x));
    const prev = lastKeyName === "a" ? lastAnnouncement : lastFault;
    let fresh = [];
    if (prev !== null) {
      const at = keys.lastIndexOf(prev);
      fresh = at >= 0 ? items.slice(at + 1) : items.slice(-3);
    }
    const region = $(liveId);
    fresh.forEach((item) => say(region, itemText(item)));
    const last = keys.length ? keys[keys.length - 1] : "";
    if (lastKeyName === "a") lastAnnouncement = last; else lastFault = last;
  }

  function renderHealth() {
    const box = $("health-body");
    let h = snap.health;
    if (!h && (snap.readers || snap.pins)) h = {readers: snap.readers || {}, pins: snap.pins || {}};
    box.replaceChildren();
    if (!h || typeof h !== "object" || !Object.keys(h).length) { box.appendChild(el("p", "No report yet.")); return; }
    const dl = el("dl", null, "facts");
    const rest = Object.assign({}, h);
    const line = (term, text, bad) => {
      dl.appendChild(el("dt", term));
      dl.appendChild(el("dd", (bad ? "⚠ " : "") + text, bad ? "health-bad" : ""));
    };
    if (h.readers && typeof h.readers === "object") {
      Object.keys(h.readers).forEach((name) => {
        const v = h.readers[name];
        const text = v === true ? "connected" : v === false ? "disconnected" : words(v);
        line(words(name).replace(/^./, (c) => c.toUpperCase()) + " reader", text, /disconnect|unplug|missing|error/i.test(text));
      });
      delete rest.readers;
    }
    const pins = h.pins && typeof h.pins === "object" ? Object.assign({}, h.pins) : null;
    if (pins) {
      if (pins.slots && typeof pins.slots === "object") {
        Object.keys(pins.slots).forEach((track) => {
          const filled = (pins.slots[track] || []).map((f, i) => f ? i + 1 : 0).filter(Boolean);
          line(words(track).replace(/^./, (c) => c.toUpperCase()) + " slots filled", filled.length ? filled.join(", ") : "none", false);
        });
        delete pins.slots;
      }
      if ("tracker" in pins) {
        line("Tracker pin", pins.tracker === null || pins.tracker === undefined ? "in no hole" : "hole " + pins.tracker, pins.tracker === null);
        delete pins.tracker;
      }
      if (Array.isArray(pins.mismatch)) {
        line("Board matches the game", pins.mismatch.length ? "no: " + pins.mismatch.map((m) => m && m.key ? words(m.key) : itemText(m)).join("; ") : "yes", pins.mismatch.length > 0);
        delete pins.mismatch;
        delete pins.ok;
      }
      if (Array.isArray(pins.stuck)) {
        line("Stuck or chattering pins", pins.stuck.length ? pins.stuck.map(words).join(", ") : "none", pins.stuck.length > 0);
        delete pins.stuck;
      }
      Object.keys(pins).forEach((k) => { rest["pins " + k] = pins[k]; });
      delete rest.pins;
    }
    if (rest.board_error) { line("Board", String(rest.board_error), true); delete rest.board_error; }
    box.appendChild(dl);
    if (Object.keys(rest).length) box.appendChild(renderValue(rest, 0));
  }

  function healthWord(value) {
    if (value === true) return "OK";
    if (value === false) return "NOT OK";
    return null;
  }

  function renderValue(value, depth) {
    if (value === null || value === undefined) return el("span", "—");
    if (typeof value !== "object") {
      const w = healthWord(value);
      const bad = value === false || /disconnect|fault|stuck|missing|error|unplugged|down/i.test(String(value));
      return el("span", (bad ? "⚠ " : "") + (w || words(value)), bad ? "health-bad" : "");
    }
    if (Array.isArray(value)) {
      if (value.every((x) => x === null || typeof x !== "object")) return el("span", value.map((x) => x === null ? "—" : words(x)).join(", ") || "none");
      const ul = el("ul");
      value.forEach((x) => { const li = el("li"); li.appendChild(renderValue(x, depth + 1)); ul.appendChild(li); });
      return ul;
    }
    const dl = el("dl", null, "facts");
    Object.keys(value).forEach((k) => {
      dl.appendChild(el("dt", words(k)));
      const dd = el("dd");
      dd.appendChild(renderValue(value[k], depth + 1));
      dl.appendChild(dd);
    });
    return dl;
  }

  function fillSeatSelects() {
    const n = players();
    const key = n + "|" + JSON.stringify(setup().names || view().names || null);
    if (key === seatKey) return;
    seatKey = key;
    document.querySelectorAll("select.seat-select").forEach((sel) => {
      const keep = sel.value;
      sel.replaceChildren();
      for (let seat = 0; seat < n; seat++) {
        const o = el("option", seatLabel(seat));
        o.value = String(seat);
        sel.appendChild(o);
      }
      if (keep !== "" && Number(keep) < n) sel.value = keep;
    });
    const rs = $("reveal-seat");
    const keep = rs.value;
    rs.replaceChildren(el("option", "All seats"));
    rs.firstChild.value = "";
    for (let seat = 0; seat < n; seat++) {
      const o = el("option", seatLabel(seat));
      o.value = String(seat);
      rs.appendChild(o);
    }
    rs.value = keep !== "" && Number(keep) < n ? keep : "";
  }

  let lastAwaiting = "";
  function followWhoMustAct() {
    // preselect the seat that must act in the help forms, unless the game master is using them
    const acting = view().awaiting || view().must_act || [];
    const key = JSON.stringify(acting) + "|" + (view().phase || "");
    if (key === lastAwaiting) return;
    lastAwaiting = key;
    if (!acting.length) return;
    ["choose-seat", "act-seat"].forEach((id) => {
      const sel = $(id);
      if (document.activeElement && sel.form && sel.form.contains(document.activeElement)) return;
      if (Array.from(sel.options).some((o) => o.value === String(acting[0]))) sel.value = String(acting[0]);
    });
  }

  function render() {
    const lang = setup().language;
    if (lang === "de" || lang === "en") {
      $("announcement-list").lang = lang;
      $("announce-live").lang = lang;
    }
    renderGlance();
    renderLog("announcement-list", "announce-live", snap.announcements, "a", false);
    const faults = snap.faults || snap.faults_and_refusals || [];
    renderLog("fault-list", "fault-live", (snap.refusals && !snap.faults_and_refusals)
      ? faults.concat(snap.refusals.map((r) => Object.assign({kind: "refusal"}, typeof r === "object" ? r : {text: r})))
      : faults, "f", true);
    renderHealth();
    fillSeatSelects();
    followWhoMustAct();
    if (!setupFilled && snap.setup && snap.setup.players) fillSetupForm(snap.setup);
  }

  // ---------- setup form ----------
  function buildSetupSeats() {
    const n = Number($("setup-players").value);
    const box = $("name-inputs");
    const old = Array.from(box.querySelectorAll("input")).map((i) => i.value);
    box.replaceChildren();
    for (let seat = 0; seat < n; seat++) {
      const p = el("p");
      const label = el("label", "Seat " + (seat + 1));
      label.htmlFor = "setup-name-" + seat;
      const input = el("input");
      input.type = "text";
      input.id = "setup-name-" + seat;
      input.maxLength = 40;
      input.autocomplete = "off";
      input.value = old[seat] || "";
      p.append(label, " ", input);
      box.appendChild(p);
    }
    const first = $("setup-first");
    const keep = first.value;
    first.replaceChildren();
    for (let seat = 0; seat < n; seat++) {
      const o = el("option", "Seat " + (seat + 1));
      o.value = String(seat);
      first.appendChild(o);
    }
    first.value = keep !== "" && Number(keep) < n ? keep : "0";
  }

  function fillSetupForm(s) {
    setupFilled = true;
    if (s.players) $("setup-players").value = String(s.players);
    buildSetupSeats();
    const names = s.names || {};
    Object.keys(names).forEach((seat) => {
      const input = $("setup-name-" + seat);
      if (input && typeof names[seat] === "string") input.value = names[seat];
    });
    if (s.language) $("setup-language").value = s.language;
    if (Number.isInteger(s.first_president)) $("setup-first").value = String(s.first_president);
    if (s.variant) $("setup-variant").value = s.variant;
    [["deck", s.deck], ["roles", s.role_source || s.roles]].forEach(([k, v]) => {
      const r = document.querySelector('input[name="' + k + '"][value="' + v + '"]');
      if (r) r.checked = true;
    });
  }

  async function submitSetup(ev) {
    ev.preventDefault();
    setupFilled = true;
    const n = Number($("setup-players").value);
    const names = [];
    for (let seat = 0; seat < n; seat++) names.push($("setup-name-" + seat).value.trim());
    const body = {setup: {
      players: n, names: names, language: $("setup-language").value,
      first_president: Number($("setup-first").value), variant: $("setup-variant").value,
      deck: document.querySelector('input[name="deck"]:checked').value,
      roles: document.querySelector('input[name="roles"]:checked').value,
    }};
    const r = await post("/api/setup", body);
    status($("command-result"), r.ok, r.ok ? "Game set up for " + n + " players. Press “Start game” when the table is ready." : "Setup refused: " + r.error);
    if (r.ok) $("command-result").scrollIntoView({block: "nearest"});
  }

  // ---------- help a seat ----------
  const ACT_FIELDS = {
    nominate: ["seat", "target"], vote: ["seat", "ballot"], discard: ["seat", "party"],
    enact: ["seat", "party"], acknowledge: ["seat"], special_election: ["seat", "target"],
    execute: ["seat", "target"], investigate: ["seat", "target"], veto: ["seat"],
    veto_reply: ["seat", "accept"], chaos_law: ["party"],
  };
  function showActFields() {
    const wanted = ACT_FIELDS[$("act-kind").value] || [];
    document.querySelectorAll("#act-form [data-field]").forEach((p) => {
      p.hidden = wanted.indexOf(p.dataset.field) < 0;
    });
  }
  async function submitAct(ev) {
    ev.preventDefault();
    const kind = $("act-kind").value;
    const action = {action: kind};
    (ACT_FIELDS[kind] || []).forEach((f) => {
      if (f === "seat") action.seat = Number($("act-seat").value);
      if (f === "target") action.target = Number($("act-target").value);
      if (f === "ballot") action.ballot = $("act-ballot").value;
      if (f === "party" && $("act-party").value) action.party = $("act-party").value;
      if (f === "accept") action.accept = $("act-accept").value === "true";
    });
    await command("act", {action: action}, $("help-result"));
  }
  async function submitChoose(ev) {
    ev.preventDefault();
    await command("choose", {seat: Number($("choose-seat").value), target: Number($("choose-target").value)}, $("help-result"));
  }

  // ---------- press-and-hold reveal ----------
  let holding = 0;  // id of the current hold; 0 = released
  let holdCounter = 0;
  function hideSecrets() {
    holding = 0;
    $("reveal").setAttribute("aria-pressed", "false");
    $("reveal-panel").replaceChildren();
  }
  async function startReveal() {
    if (holding) return;
    const id = holding = ++holdCounter;
    $("reveal").setAttribute("aria-pressed", "true");
    const seatValue = $("reveal-seat").value;
    const r = await post("/api/reveal", {seat: seatValue === "" ? null : Number(seatValue)});
    if (holding !== id) return;  // released before the answer came
    const panel = $("reveal-panel");
    panel.replaceChildren();
    if (!r.ok) { panel.appendChild(el("p", "Reveal refused: " + r.error, "error")); return; }
    panel.appendChild(el("h3", "Secrets (hidden again when you let go)"));
    panel.appendChild(renderSecrets(r.data));
  }
  function secretRows(data) {
    // {roles: [...], seats: {"0": {role, team, hand, power_result}}} (all seats),
    // {seat: n, role, team, hand, power_result} (one seat), or {roles, hands} by seat.
    const rows = [];
    if (Number.isInteger(data.seat)) { rows.push(Object.assign({}, data)); return rows; }
    const seats = data.seats && typeof data.seats === "object" ? data.seats : null;
    const roles = data.roles && typeof data.roles === "object" ? data.roles : null;
    const keys = seats ? Object.keys(seats) : roles ? Object.keys(roles) : [];
    keys.map(Number).sort((a, b) => a - b).forEach((seat) => {
      const row = Object.assign({seat: seat}, seats ? (seats[seat] || {}) : {});
      if (row.role === undefined && roles) row.role = roles[seat];
      if (row.hand === undefined && data.hands) row.hand = data.hands[seat];
      if (row.team === undefined && data.teams) row.team = data.teams[seat];
      if (row.power_result === undefined && data.power_results) row.power_result = data.power_results[seat];
      rows.push(row);
    });
    return rows;
  }
  function secretText(value) {
    if (value === null || value === undefined || value === "") return "—";
    if (Array.isArray(value)) {
      if (!value.length) return "—";
      return value.map((x) => x && typeof x === "object"
        ? (Number.isInteger(x.seat) ? seatLabel(x.seat) + (x.role ? " (" + words(x.role) + ")" : "") : JSON.stringify(x))
        : words(x)).join(", ");
    }
    if (typeof value === "object") {
      if (Number.isInteger(value.target)) return seatLabel(value.target) + ": " + words(value.party || "");
      return Object.keys(value).map((k) => words(k) + ": " + secretText(value[k])).join("; ");
    }
    return words(value);
  }
  function renderSecrets(data) {
    const rows = secretRows(data || {});
    if (!rows.length) return renderValue(data, 0);
    const table = el("table");
    table.appendChild(el("caption", "Roles and hands"));
    const head = el("tr");
    ["Seat", "Role", "Knows", "Hand", "Power result"].forEach((h) => {
      const th = el("th", h); th.scope = "col"; head.appendChild(th);
    });
    table.appendChild(el("thead")).appendChild(head);
    const body = table.appendChild(el("tbody"));
    rows.forEach((row) => {
      const tr = el("tr");
      const th = el("th", seatLabel(row.seat)); th.scope = "row";
      tr.appendChild(th);
      ["role", "team", "hand", "power_result"].forEach((k) => tr.appendChild(el("td", secretText(row[k]))));
      body.appendChild(tr);
    });
    return table;
  }
  function setupReveal() {
    const b = $("reveal");
    b.addEventListener("pointerdown", (ev) => { ev.preventDefault(); b.focus(); startReveal(); });
    ["pointerup", "pointercancel", "pointerleave", "blur"].forEach((t) => b.addEventListener(t, hideSecrets));
    b.addEventListener("keydown", (ev) => {
      if (ev.key === " " || ev.key === "Enter") { ev.preventDefault(); if (!ev.repeat) startReveal(); }
    });
    b.addEventListener("keyup", (ev) => {
      if (ev.key === " " || ev.key === "Enter") { ev.preventDefault(); hideSecrets(); }
    });
    b.addEventListener("click", (ev) => ev.preventDefault());
    b.addEventListener("contextmenu", (ev) => ev.preventDefault());
    document.addEventListener("visibilitychange", () => { if (document.hidden) hideSecrets(); });
    window.addEventListener("blur", hideSecrets);
  }

  // ---------- keeping the session while the game master is here ----------
  // Any key or pointer press counts as use: a small keep-alive request (at most every 30 s,
  // at once after the "session ends" warning) restarts the server's idle time.
  let lastKeepAlive = Date.now();
  let warned = false;
  async function keepAlive() {
    if (!warned && Date.now() - lastKeepAlive < 30000) return;
    lastKeepAlive = Date.now();
    const r = await post("/api/keepalive", {});
    if (r.ok && warned) {
      warned = false;
      $("session-warning").hidden = true;
      $("session-warning").textContent = "";
    }
  }
  function setupKeepAlive() {
    ["keydown", "pointerdown"].forEach((t) => document.addEventListener(t, keepAlive, {capture: true, passive: true}));
  }

  // ---------- live updates ----------
  function connect() {
    const conn = $("connection");
    const source = new EventSource("/api/events");
    source.addEventListener("open", () => { conn.textContent = "Live: updates as they happen."; conn.className = ""; });
    source.addEventListener("error", () => {
      conn.className = "down";
      if (source.readyState === EventSource.CLOSED) {
        conn.textContent = "Connection closed. Reload the page (you may need to log in again).";
        hideSecrets();
      } else {
        conn.textContent = "Connection lost; reconnecting…";
      }
    });
    source.addEventListener("state", (ev) => {
      try { snap = JSON.parse(ev.data) || {}; } catch (e) { return; }
      render();
      document.body.dataset.updates = String(Number(document.body.dataset.updates || 0) + 1);
    });
    source.addEventListener("notice", (ev) => {
      let n = {};
      try { n = JSON.parse(ev.data); } catch (e) { return; }
      if (n.kind === "reveal") say($("fault-live"), "Secrets were shown on the console" + (n.seat === null ? "" : " for " + seatLabel(n.seat)) + ".");
    });
    source.addEventListener("expiring", () => {
      warned = true;
      const text = "Session ends in one minute — press any key to stay logged in.";
      $("session-warning").textContent = text;
      $("session-warning").hidden = false;
      say($("fault-live"), text);
    });
    source.addEventListener("expired", () => {
      source.close();
      conn.textContent = "Session expired. Reload the page to log in again.";
      conn.className = "down";
      hideSecrets();
    });
  }

  function init() {
    $("setup-players").addEventListener("change", buildSetupSeats);
    buildSetupSeats();
    $("setup-form").addEventListener("submit", submitSetup);
    $("act-kind").addEventListener("change", showActFields);
    showActFields();
    $("act-form").addEventListener("submit", submitAct);
    $("choose-form").addEventListener("submit", submitChoose);
    document.querySelectorAll("button[data-command]").forEach((b) => {
      b.addEventListener("click", () => {
        if (b.dataset.confirm && !window.confirm(b.dataset.confirm)) return;
        command(b.dataset.command, {}, $("command-result"));
      });
    });
    $("logout").addEventListener("click", async () => {
      await post("/logout", {});
      window.location.assign("/login");
    });
    setupReveal();
    setupKeepAlive();
    render();
    connect();
  }
  init();
})();
