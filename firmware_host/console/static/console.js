// Game master console: live public state over server-sent events, setup and control forms,
// and the press-and-hold reveal. Plain browser JavaScript, no build step, no network beyond
// this console. All data goes into the page as text (textContent), never as HTML.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  // ---------- words: German and English (messages.py), switched by the game's setup ----------
  const MSG = JSON.parse($("console-messages").textContent);
  let lang = MSG[document.documentElement.lang] ? document.documentElement.lang : "de";
  // singular by count, as messages.plural_key: "<key>.one" when the count is exactly 1
  const COUNT_PARAMS = ["n", "seconds", "count"];
  function T(key, params) {
    if (params && MSG.en[key + ".one"] !== undefined) {
      const c = COUNT_PARAMS.find((p) => params[p] !== undefined);
      if (c !== undefined && Number(params[c]) === 1) key = key + ".one";
    }
    let s = (MSG[lang] || {})[key];
    if (s === undefined) s = MSG.en[key];
    if (s === undefined) s = key;
    return s.replace(/\{(\w+)\}/g, (m, k) => (params && params[k] !== undefined ? String(params[k]) : m));
  }
  // an identifier ("connected", "game_over") in the page's language
  function term(id, ctx) {
    if (id === null || id === undefined) return "";
    const t = MSG[lang] || {};
    return t[(ctx || "term") + "." + id] || t["term." + id] || MSG.en["term." + id] || words(id);
  }
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
    const table = (picture() || {}).table;             // the game's line per seat
    return table && Array.isArray(table.rows) ? table.rows.length : 0;
  }
  function seatName(seat) {
    const names = setup().names || view().names;
    if (!names) return "";
    const n = Array.isArray(names) ? names[seat] : (names[seat] || names[String(seat)]);
    const raw = typeof n === "string" ? n.trim() : (n && typeof n.name === "string" ? n.name : "");
    // a pronunciation override ("Siobhan [[S@v'O:n]]") is for the voice: the page shows the name
    const written = raw.replace(/\s*\[\[[^\[\]]*\]\]/g, "").trim() || raw;
    // no bidi controls of its own, and a right-to-left name isolated (FSI ... PDI): a name
    // never reorders the words around it
    const name = written.replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "");
    return /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/.test(name) ? "\u2068" + name + "\u2069" : name;
  }
  function seatLabel(seat) {
    if (seat === null || seat === undefined || seat === "") return T("none");
    const n = Number(seat);
    if (!Number.isInteger(n)) return String(seat);
    const name = seatName(n);
    return name ? T("seat_named", {name: name, n: n + 1}) : T("seat_n", {n: n + 1});
  }
  function seatList(list) {
    if (!Array.isArray(list) || !list.length) return T("none");
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
    if (item.action) parts.push(term(item.action));
    if (item.source) parts.push(term(item.source));
    const head = parts.join(", ");
    const tail = [item.reason, item.detail].filter((x) => x !== undefined && x !== null && x !== "")
      .map((x) => (typeof x === "object" ? JSON.stringify(x) : term(x))).join(" – ");
    return (head && tail ? head + ": " + tail : head || tail) || JSON.stringify(item);
  }
  function kindLabel(item) {
    const kind = (item && typeof item === "object" && (item.kind || item.type)) || "fault";
    if (kind === "rejected" || kind === "refused" || kind === "refusal") return T("kind_refusal");
    if (kind === "fault") return T("kind_fault");
    return term(kind).replace(/^./, (c) => c.toUpperCase());
  }
  function say(region, text, language) {
    const p = el("p", text);
    if (language) p.lang = language;
    region.appendChild(p);
    while (region.childNodes.length > 5) region.removeChild(region.firstChild);
  }
  // a result line; given as a function of the page's words, it is re-worded when the page's
  // language changes (applyLanguage), so no line stays in the language it was first written in
  function status(target, ok, words) {
    target.reword = typeof words === "function" ? words : null;
    target.textContent = target.reword ? target.reword() : words;
    target.className = ok ? "ok" : "error";
  }

  // A refusal in the page's language: the game's own words when it brings them, else {code,
  // params} from the server (messages.refusal_text words it the same way); the English
  // "error" only when the code is unknown.
  function refusalText(data) {
    if (!data || typeof data !== "object") return "";
    const code = typeof data.code === "string" ? data.code : "";
    const key = "err." + code;
    // the game's own words for its refusal (its pack's console_refusals), in the page's language
    if (data.words && typeof data.words === "object" && Object.keys(data.words).length) return word(data.words);
    if (!code || MSG.en[key] === undefined) return data.error || "";
    const p = Object.assign({}, data.params && typeof data.params === "object" ? data.params : {});
    if (Number.isInteger(p.seat)) p.seat = T("seat_n", {n: p.seat + 1});
    const form = actionForms().find((f) => f.action === p.action);   // the game's own word for it
    if (form) p.action = word(form.label);
    ["action", "phase", "reason"].forEach((k) => { if (p[k] !== undefined && !(k === "action" && form)) p[k] = term(p[k]); });
    if (p.field !== undefined) p.field = T("ss." + p.field);
    if (p.detail === undefined && data.error) p.detail = data.error;
    // an act the rules refused for a reason: the act named first ("Vote: that seat has already voted")
    if (code.startsWith("illegal.") && p.action !== undefined) return p.action + ": " + T(key, p);
    return T(key, p);
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
      return {ok: false, error: T("unreachable")};
    }
    if (response.status === 401) { window.location.assign("/"); return {ok: false, error: T("logged_out")}; }
    let data = {};
    try { data = await response.json(); } catch (e) { /* not JSON */ }
    if (!response.ok) return {ok: false, error: refusalText(data) || T("error_status", {status: response.status})};
    return {ok: true, data: data};
  }
  async function command(name, fields, target) {
    const r = await post("/api/command", {name: name, fields: fields || {}});
    status(target, r.ok, () => (r.ok ? T("done", {what: term(name)}) : T("refused", {error: r.error})));
    return r;
  }

  // ---------- the story of a finished game, round by round (the game's language) ----------
  async function showStory() {
    const r = await command("story", {}, $("command-result"));
    const list = $("story");
    list.replaceChildren();
    const rounds = (r.ok && r.data && r.data.story) || [];
    rounds.forEach((lines) => list.appendChild(el("li", lines.join(" "))));
    list.hidden = $("story-h").hidden = rounds.length === 0;
  }

  // ---------- rendering the public state: the game's own picture (its pack's console_picture) ----------
  // The page knows no game: the step, who must act, drawn rows, facts, a line per seat and the
  // readers all come from snapshot "picture" (firmware_host.games.console_page). Words are
  // {de, en, …}; "{seat:N}" in them is this page's name of seat N.
  function pword(words) {
    return word(words).replace(/\{seat:(\d+)\}/g, (m, n) => seatLabel(Number(n)));
  }
  function picture() { return snap.picture && typeof snap.picture === "object" ? snap.picture : null; }
  function waiting() {
    const p = picture();
    return p && Array.isArray(p.waiting) ? p.waiting : [];
  }
  // drawn shapes (SVG, viewBox 24 x 24; no font draws them): [element, attributes]
  const SHAPES = {
    none: [],
    circle: [["circle", {cx: 12, cy: 12, r: 7}]],
    ring: [["circle", {cx: 12, cy: 12, r: 7, class: "line"}]],
    square: [["rect", {x: 5, y: 5, width: 14, height: 14}]],
    diamond: [["path", {d: "M12 3 21 12 12 21 3 12Z"}]],
    triangle: [["path", {d: "M12 3 21 20H3Z"}]],
    star: [["path", {d: "M12 2.5l2.8 6.1 6.7.7-5 4.5 1.4 6.6L12 17l-5.9 3.4 1.4-6.6-5-4.5 6.7-.7z"}]],
    cross: [["path", {d: "M6 6 18 18M18 6 6 18", class: "line"}]],
    plus: [["path", {d: "M12 4V20M4 12H20", class: "line"}]],
    eye: [["path", {d: "M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12Z", class: "line"}], ["circle", {cx: 12, cy: 12, r: 3.2}]],
    lens: [["circle", {cx: 10, cy: 10, r: 6, class: "line"}], ["path", {d: "M14.5 14.5 21 21", class: "line"}]],
    bin: [["path", {d: "M4 6H20M9 6V3.5H15V6M6 6l1.2 15H16.8L18 6M10 10V17M14 10V17", class: "line"}]],
    dagger: [["path", {d: "M12 2 14.2 6V14.5H9.8V6Z"}], ["path", {d: "M6.5 15H17.5M12 15V22", class: "line"}]],
    flag: [["path", {d: "M5 2.5V21.5", class: "line"}], ["path", {d: "M6 4H19L15.8 8.5 19 13H6Z"}]],
    bolt: [["path", {d: "M13.5 2 4 14H11L10 22 20 9H13Z"}]],
    coin: [["circle", {cx: 12, cy: 12, r: 8.5}], ["circle", {cx: 12, cy: 12, r: 5, class: "line inner"}]],
    card: [["rect", {x: 6, y: 3, width: 12, height: 18, rx: 2}]],
    person: [["circle", {cx: 12, cy: 7, r: 4}], ["path", {d: "M4 21c0-5 4-8 8-8s8 3 8 8Z"}]],
    sun: [["circle", {cx: 12, cy: 12, r: 4.5}], ["path", {d: "M12 1.5V4.5M12 19.5V22.5M1.5 12H4.5M19.5 12H22.5M4.6 4.6 6.7 6.7M17.3 17.3 19.4 19.4M4.6 19.4 6.7 17.3M17.3 6.7 19.4 4.6", class: "line"}]],
    moon: [["path", {d: "M15 3A9 9 0 1 0 21 15 7 7 0 0 1 15 3Z"}]],
  };
  const COLOURS = ["blue", "orange", "vermillion", "sky", "green", "yellow", "purple", "grey", "black"];
  const SVG = "http://www.w3.org/2000/svg";
  function svg(tag, attrs) {
    const e = document.createElementNS(SVG, tag);
    Object.keys(attrs || {}).forEach((k) => e.setAttribute(k, String(attrs[k])));
    return e;
  }
  function drawCell(c) {
    const colour = COLOURS.indexOf(c.colour) >= 0 ? c.colour : "grey";
    const li = el("li", null, "cell pc-" + colour + (c.filled ? " filled" : "") + (c.here ? " here" : ""));
    li.title = pword(c.label);
    const pic = svg("svg", {viewBox: "0 0 24 24", width: 24, height: 24, class: "shape", focusable: "false"});
    pic.setAttribute("aria-hidden", "true");
    (SHAPES[c.shape] || []).forEach((part) => pic.appendChild(svg(part[0], part[1])));
    if (c.here) pic.appendChild(svg("circle", {cx: 20, cy: 4, r: 3.5, class: "pin"}));
    if ((SHAPES[c.shape] || []).length || c.here) li.appendChild(pic);
    if (c.mark) {
      const mark = el("span", c.mark, "mark");
      mark.setAttribute("aria-hidden", "true");
      li.appendChild(mark);
    }
    const said = pword(c.label) + (c.filled ? " (" + T("picture_filled") + ")" : "") + (c.here ? " (" + T("picture_here") + ")" : "");
    li.appendChild(el("span", said, "visually-hidden"));
    return li;
  }
  // the picture's rows: its public ones, or (hidden) only those of the reveal
  function drawRows(pic, hidden) {
    const box = el("div", null, "picture");
    ((pic && pic.rows) || []).forEach((row) => {
      if (!!row.hidden !== !!hidden) return;
      const fig = el("figure", null, "picture-row");
      fig.dataset.row = String(row.id);
      const list = el("ol", null, "cells");
      list.setAttribute("aria-label", pword(row.label));
      (row.cells || []).forEach((c) => list.appendChild(drawCell(c)));
      fig.append(el("figcaption", pword(row.label)), list);
      box.appendChild(fig);
    });
    return box;
  }
  function fact(dl, label, value) {
    dl.appendChild(el("dt", label));
    dl.appendChild(el("dd", value));
  }
  function renderTable(table) {
    const t = $("seats");
    t.hidden = !(table && Array.isArray(table.rows) && table.rows.length);
    if (t.hidden) return;
    $("seats-caption").textContent = pword(table.caption);
    const head = t.tHead.rows[0];
    head.replaceChildren();
    [T("col_seat"), T("col_name")].concat((table.columns || []).map(pword)).forEach((h) => {
      const th = el("th", h); th.scope = "col"; head.appendChild(th);
    });
    const tbody = t.tBodies[0];
    tbody.replaceChildren();
    table.rows.forEach((line) => {
      const tr = el("tr");
      if (line.out) tr.className = "dead";
      const th = el("th", T("seat_n", {n: line.seat + 1})); th.scope = "row";
      tr.append(th, el("td", seatName(line.seat) || "—"));
      (line.cells || []).forEach((c) => tr.appendChild(el("td", pword(c))));
      tbody.appendChild(tr);
    });
  }
  function renderGlance() {
    const p = picture(), s = setup(), v = view();
    let phase;
    if (p && p.phase) phase = pword(p.phase);
    else if (s.players && !v.phase) phase = T("phase_set_up", {n: s.players});
    else phase = T("phase_none");
    $("phase").textContent = phase;
    $("paused").hidden = !snap.paused;
    const mustAct = waiting();
    $("must-act").textContent = mustAct.length ? T("must_act_line", {seats: seatList(mustAct)}) : "";
    const box = $("picture");
    const key = lang + "|" + JSON.stringify(p ? p.rows || null : null) + "|" + JSON.stringify(setup().names || null);
    if (box.dataset.key !== key) {
      box.dataset.key = key;
      box.replaceChildren(drawRows(p, false));
    }
    box.hidden = !box.querySelector(".picture-row");
    const dl = $("facts");
    dl.replaceChildren();
    ((p && p.facts) || []).forEach((f) => fact(dl, pword(f.label), pword(f.value)));
    renderTable(p && p.table);
    const title = gameTitle();
    $("game-title").textContent = title;
    document.title = title ? title + " – " + T("title") : T("title");
  }
  // the title of the game on the board (its pack's), or none before a setup
  function gameTitle() {
    const name = snap.game || (snap.setup && snap.setup.game);
    return name && (snap.setup || snap.view) ? gameLabel(name) : "";
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
      // a line said in another language than the page's (the board's own, before a game in
      // another language was set up) is marked as such, so a screen reader says it in its own
      if (item && typeof item.language === "string" && MSG[item.language]) li.lang = item.language;
      ol.appendChild(li);
    }
    if (!items.length) ol.appendChild(el("li", T("none_yet")));
    // speak only what is new since the last update
    const keys = items.map((x) => JSON.stringify(x));
    const prev = lastKeyName === "a" ? lastAnnouncement : lastFault;
    let fresh = [];
    if (prev !== null) {
      const at = keys.lastIndexOf(prev);
      fresh = at >= 0 ? items.slice(at + 1) : items.slice(-3);
    }
    const region = $(liveId);
    fresh.forEach((item) => say(region, itemText(item), item && typeof item.language === "string" && MSG[item.language] ? item.language : ""));
    const last = keys.length ? keys[keys.length - 1] : "";
    if (lastKeyName === "a") lastAnnouncement = last; else lastFault = last;
  }

  function renderHealth() {
    const box = $("health-body");
    let h = snap.health;
    if (!h && (snap.readers || snap.pins)) h = {readers: snap.readers || {}, pins: snap.pins || {}};
    box.replaceChildren();
    if (!h || typeof h !== "object" || !Object.keys(h).length) { box.appendChild(el("p", T("health_none"))); return; }
    const dl = el("dl", null, "facts");
    const rest = Object.assign({}, h);
    const line = (term, text, bad) => {
      dl.appendChild(el("dt", term));
      dl.appendChild(el("dd", (bad ? "⚠ " : "") + text, bad ? "health-bad" : ""));
    };
    // the readers the game reads (its picture names them, in its words); before a game, every one
    const readers = h.readers && typeof h.readers === "object" ? h.readers : {};
    const p = picture();
    const shown = p && Array.isArray(p.readers) ? p.readers.map((r) => [r.name, pword(r.label)])
      : Object.keys(readers).map((name) => [name, T("reader_named", {name: name})]);
    shown.forEach(([name, label]) => {
      const v = readers[name];
      const raw = v === true ? "connected" : v === false ? "disconnected" : v === undefined ? "not_reported" : String(v);
      line(label, term(raw), /disconnect|unplug|missing|error/i.test(raw));
    });
    delete rest.readers;
    // a game's slots and pins are drawn by its picture; here only whether the board matches
    const pins = h.pins && typeof h.pins === "object" ? Object.assign({}, h.pins) : null;
    if (pins) {
      delete pins.slots;
      delete pins.peg;
      if (Array.isArray(pins.mismatch)) {
        line(T("board_matches"), pins.mismatch.length ? T("no_because", {list: pins.mismatch.map((m) => m && m.key ? term(m.key) : itemText(m)).join("; ")}) : T("yes"), pins.mismatch.length > 0);
        delete pins.mismatch;
        delete pins.ok;
      }
      if (Array.isArray(pins.stuck)) {
        line(T("stuck"), pins.stuck.length ? pins.stuck.map((x) => term(x)).join(", ") : T("none"), pins.stuck.length > 0);
        delete pins.stuck;
      }
      Object.keys(pins).forEach((k) => { rest["pins " + k] = pins[k]; });
      delete rest.pins;
    }
    if (rest.board_error) { line(T("board"), String(rest.board_error), true); delete rest.board_error; }
    box.appendChild(dl);
    if (Object.keys(rest).length) box.appendChild(renderValue(rest, 0));
  }

  function healthWord(value) {
    if (value === true) return T("ok");
    if (value === false) return T("not_ok");
    return null;
  }

  function renderValue(value, depth) {
    if (value === null || value === undefined) return el("span", "—");
    if (typeof value !== "object") {
      const w = healthWord(value);
      const bad = value === false || /disconnect|fault|stuck|missing|error|unplugged|down/i.test(String(value));
      return el("span", (bad ? "⚠ " : "") + (w || term(value)), bad ? "health-bad" : "");
    }
    if (Array.isArray(value)) {
      if (value.every((x) => x === null || typeof x !== "object")) return el("span", value.map((x) => x === null ? "—" : term(x)).join(", ") || T("none"));
      const ul = el("ul");
      value.forEach((x) => { const li = el("li"); li.appendChild(renderValue(x, depth + 1)); ul.appendChild(li); });
      return ul;
    }
    const dl = el("dl", null, "facts");
    Object.keys(value).forEach((k) => {
      dl.appendChild(el("dt", term(k)));
      const dd = el("dd");
      dd.appendChild(renderValue(value[k], depth + 1));
      dl.appendChild(dd);
    });
    return dl;
  }

  // the seats the board is built with ([seats] in its config); every seat a board can have
  // (R1: 10) when the service does not say
  function boardSeats() {
    const b = snap.board && snap.board.seats;
    return Number.isInteger(b) && b >= 1 && b <= 10 ? b : 10;
  }
  // every seat of the game in the seat lists (before a game, the board's seats)
  function fillSeatSelects() {
    const n = players();
    const key = n + "|" + boardSeats() + "|" + JSON.stringify(setup().names || view().names || null);
    if (key === seatKey) return;
    seatKey = key;
    document.querySelectorAll("select.seat-select").forEach((sel) => {
      const keep = sel.value;
      sel.replaceChildren();
      // a seat's own settings may be made before any game: every seat of this board
      const count = sel.id === "ss-seat" && !n ? boardSeats() : n;
      for (let seat = 0; seat < count; seat++) {
        const o = el("option", seatLabel(seat));
        o.value = String(seat);
        sel.appendChild(o);
      }
      if (keep !== "" && Number(keep) < count) sel.value = keep;
    });
    const rs = $("reveal-seat");
    const keep = rs.value;
    rs.replaceChildren(el("option", T("reveal_all")));
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
    // preselect the seat that must act in the help form, unless the game master is using it
    const acting = waiting();
    const key = JSON.stringify(acting) + "|" + word((picture() || {}).phase);
    if (key === lastAwaiting) return;
    lastAwaiting = key;
    const sel = $("act-seat");
    if (!acting.length || !sel) return;
    if (document.activeElement && sel.form && sel.form.contains(document.activeElement)) return;
    if (Array.from(sel.options).some((o) => o.value === String(acting[0]))) sel.value = String(acting[0]);
  }

  function render() {
    followLanguage();
    renderGlance();
    renderLog("announcement-list", "announce-live", snap.announcements, "a", false);
    const faults = snap.faults || snap.faults_and_refusals || [];
    renderLog("fault-list", "fault-live", (snap.refusals && !snap.faults_and_refusals)
      ? faults.concat(snap.refusals.map((r) => Object.assign({kind: "refusal"}, typeof r === "object" ? r : {text: r})))
      : faults, "f", true);
    renderHealth();
    fillSeatSelects();
    fillPhysical();
    fillSeatSettings(false);
    fillActions();
    followWhoMustAct();
    fillGameSelect();
    if (!setupFilled && snap.setup && snap.setup.players) fillSetupForm(snap.setup);
  }

  // ---------- setup form ----------
  // Each game's form comes from its pack (snapshot "setup_options": title, player counts and
  // its own fields); nothing here knows a game.
  let gamesKey = "";
  let fieldsKey = "";
  function gameNames() {
    if (Array.isArray(snap.games) && snap.games.length) return snap.games;
    return Object.keys(snap.setup_options || {});
  }
  function chosenGame() { return $("setup-game").value || gameNames()[0] || ""; }
  // {players: {min, max, default}, fields: [the game's own]} of the game's console options
  function gameOptions(name) {
    const all = (snap.setup_options || {})[name || chosenGame()] || {};
    const fields = Array.isArray(all.fields) ? all.fields : [];
    const count = fields.find((f) => f.name === "players") || {};
    return {title: all.title, fields: fields.filter((f) => f.name !== "players"),
            players: {min: count.min || 1, max: count.max || 10, default: count.default || count.min || 1}};
  }
  function word(label) {
    if (label && typeof label === "object") return label[lang] || label.en || label.de || "";
    return label === undefined || label === null ? "" : String(label);
  }
  function gameLabel(name) {
    const o = (snap.setup_options || {})[name];
    if (o && o.title) return word(o.title);
    const key = "game_" + name;
    const t = T(key);
    return t === key ? name.replace(/_/g, " ") : t;
  }
  // every registered game (snapshot "games"); one the board cannot play yet is shown, disabled
  function fillGameSelect() {
    const names = gameNames();
    const playable = Array.isArray(snap.playable) ? snap.playable : names;
    const key = lang + "|" + names.join(",") + "|" + playable.join(",") + "|" + Object.keys(snap.setup_options || {}).join(",");
    if (key === gamesKey) return;
    gamesKey = key;
    const select = $("setup-game");
    const keep = select.value;
    select.replaceChildren();
    names.forEach((name) => {
      const can = playable.indexOf(name) >= 0;
      const o = el("option", can ? gameLabel(name) : T("game_not_playable", {game: gameLabel(name)}));
      o.value = name;
      o.disabled = !can;
      select.appendChild(o);
    });
    select.value = names.indexOf(keep) >= 0 && playable.indexOf(keep) >= 0 ? keep : names[0];
    showGameFields();
  }
  function fieldId(f) { return "setup-" + fieldName(f); }
  function fieldName(f) { return f.id || String(f.name).replace(/\./g, "-"); }
  function control(f) {
    if (f.kind === "bool") return "checkbox";
    if (f.kind === "seat") return "seat";
    if (Array.isArray(f.choices)) return f.style === "radio" ? "radio" : "select";
    return "number";
  }
  function getPath(obj, path) {
    return String(path || "").split(".").reduce((o, k) => (o && typeof o === "object" ? o[k] : undefined), obj);
  }
  function setPath(obj, path, value) {
    const keys = String(path).split(".");
    let o = obj;
    keys.slice(0, -1).forEach((k) => { if (!o[k] || typeof o[k] !== "object") o[k] = {}; o = o[k]; });
    o[keys[keys.length - 1]] = value;
  }
  // one control per field of the chosen game: select, seat (one of the players), radio, checkbox
  function renderFields(game) {
    const box = $("setup-fields");
    box.replaceChildren();
    box.dataset.game = game;
    (gameOptions(game).fields || []).forEach((f) => {
      const kind = control(f);
      if (kind === "radio") {
        const set = el("fieldset");
        set.id = fieldId(f);
        set.appendChild(el("legend", word(f.label)));
        (f.choices || []).forEach((opt) => {
          const label = el("label");
          const input = el("input");
          input.type = "radio";
          input.name = fieldName(f);
          input.value = String(opt.value);
          input.checked = opt.value === f.default;
          label.append(input, " ", el("span", word(opt.label)));
          set.appendChild(label);
        });
        box.appendChild(set);
        return;
      }
      const p = el("p");
      if (kind === "checkbox") {
        const label = el("label");
        const input = el("input");
        input.type = "checkbox";
        input.id = fieldId(f);
        input.name = fieldName(f);
        input.checked = f.default === true;
        label.append(input, " ", el("span", word(f.label)));
        p.appendChild(label);
        box.appendChild(p);
        return;
      }
      const label = el("label", word(f.label));
      label.htmlFor = fieldId(f);
      if (kind === "number") {
        const input = el("input");
        input.type = "number";
        input.id = fieldId(f);
        input.name = fieldName(f);
        if (typeof f.min === "number") input.min = String(f.min);
        if (typeof f.max === "number") input.max = String(f.max);
        input.value = String(f.default);
        p.append(label, " ", input);
        box.appendChild(p);
        return;
      }
      const select = el("select");
      select.id = fieldId(f);
      select.name = fieldName(f);
      if (kind === "seat") select.classList.add("setup-seat");
      (f.choices || []).forEach((opt) => {
        const o = el("option", word(opt.label));
        o.value = String(opt.value);
        o.selected = opt.value === f.default;
        select.appendChild(o);
      });
      p.append(label, " ", select);
      box.appendChild(p);
    });
    fillPhysical();
  }
  // a field may name the value a board with a physical deck allows (board.physical_deck)
  function fillPhysical() {
    const physical = !!(snap.board && snap.board.physical_deck);
    (gameOptions(chosenGame()).fields || []).forEach((f) => {
      if (f.physical === undefined) return;
      document.querySelectorAll('#setup-fields input[name="' + fieldName(f) + '"]').forEach((input) => {
        input.disabled = physical && input.value !== String(f.physical);
        if (physical && input.value === String(f.physical)) input.checked = true;
      });
    });
  }
  function fieldValue(f) {
    const kind = control(f);
    if (kind === "checkbox") return $(fieldId(f)).checked;
    if (kind === "seat" || kind === "number") return Number($(fieldId(f)).value);
    const raw = kind === "radio"
      ? (document.querySelector('#setup-fields input[name="' + fieldName(f) + '"]:checked') || {}).value
      : $(fieldId(f)).value;
    const opt = (f.choices || []).find((o) => String(o.value) === raw);
    return opt ? opt.value : f.default;
  }
  function showField(f, value) {
    if (value === undefined || value === null) return;
    const kind = control(f);
    if (kind === "checkbox") { if (typeof value === "boolean") $(fieldId(f)).checked = value; return; }
    if (kind === "number") { $(fieldId(f)).value = String(value); return; }
    if (kind === "radio") {
      const r = document.querySelector('#setup-fields input[name="' + fieldName(f) + '"][value="' + String(value) + '"]');
      if (r && !r.disabled) r.checked = true;
      return;
    }
    const select = $(fieldId(f));
    if (select && Array.from(select.options).some((o) => o.value === String(value))) select.value = String(value);
  }
  // the options of the chosen game: its player counts, and only its own fields
  function showGameFields() {
    const game = chosenGame();
    const options = gameOptions(game);
    const players = options.players || {min: 4, max: 10, default: 6};
    const key = lang + "|" + game + "|" + JSON.stringify(options);
    if (key !== fieldsKey) {
      fieldsKey = key;
      const fields = options.fields || [];
      const same = $("setup-fields").dataset.game === game;
      const kept = same ? fields.map((f) => ($(fieldId(f)) ? fieldValue(f) : undefined)) : [];
      renderFields(game);
      if (same) fields.forEach((f, i) => showField(f, kept[i]));    // re-worded, the choices kept
    }
    const select = $("setup-players");
    const keep = Number(select.value);
    if (select.dataset.game !== game) {
      select.dataset.game = game;
      select.replaceChildren();
      for (let n = players.min; n <= players.max; n++) select.appendChild(el("option", n));
      select.value = String(keep >= players.min && keep <= players.max ? keep : players.default);
    }
    buildSetupSeats();
  }

  function buildSetupSeats() {
    const n = Number($("setup-players").value);
    const box = $("name-inputs");
    const old = Array.from(box.querySelectorAll("input")).map((i) => i.value);
    box.replaceChildren();
    for (let seat = 0; seat < n; seat++) {
      const p = el("p");
      const label = el("label", T("seat_n", {n: seat + 1}));
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
    document.querySelectorAll("#setup-fields select.setup-seat").forEach((select) => {
      const keep = select.value;
      select.replaceChildren();
      for (let seat = 0; seat < n; seat++) {
        const o = el("option", T("seat_n", {n: seat + 1}));
        o.value = String(seat);
        select.appendChild(o);
      }
      select.value = keep !== "" && Number(keep) < n ? keep : "0";
    });
  }

  function fillSetupForm(s) {
    setupFilled = true;
    const game = s.game || snap.game || gameNames()[0];
    if (Array.from($("setup-game").options).some((o) => o.value === game)) {
      $("setup-game").value = game;
      showGameFields();
    }
    if (s.players) $("setup-players").value = String(s.players);
    buildSetupSeats();
    const names = s.names || {};
    Object.keys(names).forEach((seat) => {
      const input = $("setup-name-" + seat);
      if (input && typeof names[seat] === "string") input.value = names[seat];
    });
    if (s.language) $("setup-language").value = s.language;
    (gameOptions(game).fields || []).forEach((f) => {
      const shown = f.read !== undefined ? getPath(s, f.read) : undefined;
      showField(f, shown !== undefined && shown !== null ? shown : getPath(s, f.name));
    });
  }

  async function submitSetup(ev) {
    ev.preventDefault();
    setupFilled = true;
    const n = Number($("setup-players").value);
    const names = [];
    for (let seat = 0; seat < n; seat++) names.push($("setup-name-" + seat).value.trim());
    const game = chosenGame();
    const body = {setup: {game: game, players: n, names: names, language: $("setup-language").value}};
    (gameOptions(game).fields || []).forEach((f) => setPath(body.setup, f.name, fieldValue(f)));
    const r = await post("/api/setup", body);
    // the game's page speaks the game's language from its setup on (its snapshot says so too)
    if (r.ok) applyLanguage(body.setup.language);
    status($("command-result"), r.ok, () => (r.ok ? T("setup_done", {n: n}) : T("setup_refused", {error: r.error})));
    if (r.ok) $("command-result").scrollIntoView({block: "nearest"});
  }

  // ---------- help a seat: the game's own forms (its pack's console_actions) ----------
  // snapshot "actions": [{action, label, fields: [{name, kind, label, choices, optional, min,
  // max}], command}]; "act" sends {action: {action, field: value, …}}, another command its
  // fields. Kinds: seat, seats, choice (values as JSON), several (some of the choices), int,
  // ints ("3, 7").
  let actionsKey = "";
  function actionForms() { return Array.isArray(snap.actions) ? snap.actions : []; }
  function chosenForm() { return actionForms().find((f) => f.action === $("act-kind").value) || null; }
  function fillActions() {
    const forms = actionForms();
    const key = lang + "|" + JSON.stringify(forms);
    if (key === actionsKey) return;
    actionsKey = key;
    const select = $("act-kind");
    const keep = select.value;
    select.replaceChildren();
    forms.forEach((f) => {
      const o = el("option", word(f.label));
      o.value = f.action;
      select.appendChild(o);
    });
    if (forms.some((f) => f.action === keep)) select.value = keep;
    $("act-form").hidden = !forms.length;
    $("help-none").hidden = !!forms.length;
    showActFields();
  }
  function seatOptions(select) {
    for (let seat = 0; seat < players(); seat++) {
      const o = el("option", seatLabel(seat));
      o.value = String(seat);
      select.appendChild(o);
    }
  }
  function showActFields() {
    const box = $("act-fields");
    const kept = {};
    box.querySelectorAll("select, input").forEach((c) => { if (c.id) kept[c.id] = c.type === "checkbox" ? c.checked : c.value; });
    box.replaceChildren();
    const form = chosenForm();
    ((form && form.fields) || []).forEach((f) => {
      const id = "act-" + f.name;
      if (f.kind === "seats" || f.kind === "several") {
        const set = el("fieldset");
        set.id = id;
        set.appendChild(el("legend", word(f.label)));
        const options = f.kind === "seats"
          ? Array.from({length: players()}, (x, seat) => ({value: seat, label: seatLabel(seat)}))
          : (f.choices || []).map((c) => ({value: c.value, label: word(c.label)}));
        options.forEach((o, i) => {
          const label = el("label");
          const input = el("input");
          input.type = "checkbox";
          input.id = id + "-" + i;
          input.value = JSON.stringify(o.value);
          input.checked = kept[input.id] === true;
          label.append(input, " ", el("span", o.label));
          set.appendChild(label);
        });
        box.appendChild(set);
        return;
      }
      const p = el("p");
      const label = el("label", word(f.label));
      label.htmlFor = id;
      let control;
      if (f.kind === "seat" || f.kind === "choice") {
        control = el("select");
        if (f.kind === "seat" && f.none) {           // one of the seats, or none (null)
          const o = el("option", word(f.none));
          o.value = "null";
          control.appendChild(o);
          seatOptions(control);
        } else if (f.kind === "seat") { control.classList.add("seat-select"); seatOptions(control); }
        (f.choices || []).forEach((c) => {
          const o = el("option", word(c.label));
          o.value = JSON.stringify(c.value);
          control.appendChild(o);
        });
      } else {
        control = el("input");
        control.type = f.kind === "int" ? "number" : "text";
        if (typeof f.min === "number") control.min = String(f.min);
        if (typeof f.max === "number") control.max = String(f.max);
        if (f.kind === "ints") control.inputMode = "numeric";
        control.autocomplete = "off";
      }
      control.id = id;
      if (kept[id] !== undefined && Array.from(control.options || [{value: kept[id]}]).some((o) => o.value === kept[id])) control.value = kept[id];
      p.append(label, " ", control);
      box.appendChild(p);
    });
    lastAwaiting = "";
    followWhoMustAct();
  }
  // the form's values; a field that cannot be read is named (nothing is sent)
  function actValues(form) {
    const out = {};
    let bad = null;
    (form.fields || []).forEach((f) => {
      const id = "act-" + f.name;
      if (f.kind === "seats" || f.kind === "several") {
        out[f.name] = Array.from(document.querySelectorAll("#" + id + " input:checked")).map((i) => JSON.parse(i.value));
        return;
      }
      const raw = $(id).value.trim();
      if (f.kind === "seat") out[f.name] = raw === "null" ? null : Number(raw);
      else if (f.kind === "choice") {
        const value = JSON.parse(raw);
        if (!(value === null && f.optional)) out[f.name] = value;
      } else if (f.kind === "int") {       // "base": the number a person writes for the first (1)
        if (!/^-?\d+$/.test(raw)) bad = bad || word(f.label);
        out[f.name] = Number(raw) - Number(f.base || 0);
      } else {
        const parts = raw === "" ? [] : raw.split(/[\s,;]+/).filter((x) => x !== "");
        if (parts.some((x) => !/^\d+$/.test(x))) bad = bad || word(f.label);
        out[f.name] = parts.map((x) => Number(x) - Number(f.base || 0));
      }
    });
    return bad ? {bad: bad} : {values: out};
  }
  async function submitAct(ev) {
    ev.preventDefault();
    const form = chosenForm();
    if (!form) return;
    const read = actValues(form);
    if (read.bad) { status($("help-result"), false, T("refused", {error: T("ss_not_number", {field: read.bad})})); return; }
    if ((form.command || "act") === "act") {
      await command("act", {action: Object.assign({action: form.action}, read.values)}, $("help-result"));
    } else {
      await command(form.command, read.values, $("help-result"));
    }
  }

  // ---------- a seat's own settings (ACCESSIBILITY.md 19) ----------
  // The form shows what is stored for the chosen seat (snapshot.seat_settings, 0-based seat
  // keys); saving sends every field, an empty one as null: the board's setting.
  let ssShown = null;  // "seat|stored JSON" last put into the form
  function storedSettings(seat) {
    const all = snap.seat_settings || {};
    return all[String(seat)] || {};
  }
  function fillSeatSettings(force) {
    const value = $("ss-seat").value;
    if (value === "") return;
    showPace(Number(value));
    const stored = storedSettings(Number(value));
    const key = value + "|" + JSON.stringify(stored);
    if (!force && key === ssShown) return;
    ssShown = key;
    const show = (x) => (x === null || x === undefined ? "" : String(x));
    $("ss-name").value = show(stored.name);
    $("ss-rate").value = show(stored.rate);
    $("ss-volume").value = typeof stored.volume === "number" ? String(Math.round(stored.volume * 100)) : "";
    $("ss-verbosity").value = stored.verbosity || "";
    $("ss-gender").value = stored.gender || "";
    $("ss-ignore-repeat").value = show(stored.ignore_repeat);
    $("ss-scan-interval").value = show(stored.scan_interval);
  }
  // the seat's learned pace (ACCESSIBILITY.md 31: snapshot.seat_pace, 0-based seat keys)
  function showPace(seat) {
    const pace = (snap.seat_pace || {})[String(seat)];
    const text = !pace || pace.reaction === null ? T("ss_pace_none")
      : T("ss_pace", {reaction: pace.reaction, window: pace.window, acts: pace.acts});
    if ($("ss-pace").textContent !== text) $("ss-pace").textContent = text;
  }
  async function submitSeatSettings(ev) {
    ev.preventDefault();
    const result = $("seat-settings-result");
    const bad = ["ss-rate", "ss-volume", "ss-scan-interval", "ss-ignore-repeat"].filter((id) => $(id).validity.badInput);
    if (bad.length) {
      const field = document.querySelector('label[for="' + bad[0] + '"]').textContent;
      status(result, false, T("ss_refused", {error: T("ss_not_number", {field: field})}));
      $(bad[0]).focus();
      return;
    }
    const num = (id, scale) => {
      const v = $(id).value.trim();
      return v === "" ? null : Number(v) / (scale || 1);
    };
    const seat = Number($("ss-seat").value);
    const fields = {
      seat: seat, name: $("ss-name").value.trim() || null, rate: num("ss-rate"),
      volume: num("ss-volume", 100), verbosity: $("ss-verbosity").value || null,
      scan_interval: num("ss-scan-interval"), gender: $("ss-gender").value || null,
      ignore_repeat: num("ss-ignore-repeat"),
    };
    const r = await post("/api/command", {name: "seat_settings", fields: fields});
    status(result, r.ok, () => (r.ok ? T("ss_saved", {seat: seatLabel(seat)}) : T("ss_refused", {error: r.error})));
  }

  // ---------- reveal: a toggle that hides itself ----------
  // A click, a tap, Enter or Space (and a screen reader's activation in browse mode, which
  // sends a click) shows the secrets for REVEAL_SECONDS; they hide by themselves, on a
  // second activation, when the page is hidden or loses focus. Every reveal is logged.
  const REVEAL_SECONDS = 10;
  let shown = 0;  // id of the current reveal; 0 = hidden
  let revealCounter = 0;
  let hideTimer = null;
  function hideSecrets() {
    shown = 0;
    if (hideTimer) { clearInterval(hideTimer); hideTimer = null; }
    $("reveal").setAttribute("aria-pressed", "false");
    $("reveal").textContent = T("reveal_button");
    $("reveal-panel").replaceChildren();
  }
  async function startReveal() {
    if (shown) { hideSecrets(); return; }
    const id = shown = ++revealCounter;
    $("reveal").setAttribute("aria-pressed", "true");
    $("reveal").textContent = T("reveal_hide");
    const seatValue = $("reveal-seat").value;
    const r = await post("/api/reveal", {seat: seatValue === "" ? null : Number(seatValue)});
    if (shown !== id) return;  // hidden again before the answer came
    const panel = $("reveal-panel");
    panel.replaceChildren();
    if (!r.ok) { panel.appendChild(el("p", T("reveal_refused", {error: r.error}), "error")); return; }
    panel.appendChild(el("h3", T("secrets_shown")));
    // the game's own words and shapes for its secrets (its picture's hidden rows)
    const hidden = drawRows(r.data && r.data.picture, true);
    panel.appendChild(hidden.childElementCount ? hidden : el("p", T("no_secrets")));
    let left = REVEAL_SECONDS;
    const countdown = el("p", T("reveal_left", {n: left}), "hint");
    countdown.setAttribute("aria-hidden", "true");  // a ticking number is not read out
    panel.appendChild(countdown);
    hideTimer = setInterval(() => {
      left -= 1;
      if (left <= 0 || shown !== id) { if (shown === id) hideSecrets(); return; }
      countdown.textContent = T("reveal_left", {n: left});
    }, 1000);
  }
  // Small screens: the sections below the game at a glance fold away (their headings stay,
  // one press opens them), so the phase, who must act and the seats fill the first screen.
  // A link to a folded section opens it.
  function setupFolds() {
    const wide = window.matchMedia("(min-width: 50em)");
    function apply() {
      document.querySelectorAll("details.fold").forEach((d) => { d.open = wide.matches; });
    }
    apply();
    wide.addEventListener("change", apply);
    function openTarget() {
      const target = location.hash && document.getElementById(location.hash.slice(1));
      const fold = target && target.querySelector("details.fold");
      if (fold) fold.open = true;
    }
    window.addEventListener("hashchange", openTarget);
    document.querySelectorAll("nav a").forEach((a) => a.addEventListener("click", () => setTimeout(openTarget, 0)));
  }
  function setupReveal() {
    const b = $("reveal");
    b.addEventListener("click", (ev) => { ev.preventDefault(); startReveal(); });
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
  let connState = "connecting";  // key of the connection line, kept to re-word it
  function showConnection(key, down) {
    if (key) { connState = key; $("connection").className = down ? "down" : ""; }
    $("connection").textContent = T(connState);
    const warning = $("session-warning");
    if (!warning.hidden) warning.textContent = T("expiring");
  }
  function connect() {
    const source = new EventSource("/api/events");
    source.addEventListener("open", () => showConnection("live", false));
    source.addEventListener("error", () => {
      if (source.readyState === EventSource.CLOSED) {
        showConnection("closed", true);
        hideSecrets();
      } else {
        showConnection("lost", true);
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
      if (n.kind === "reveal") say($("fault-live"), n.seat === null ? T("revealed_notice") : T("revealed_notice_seat", {seat: seatLabel(n.seat)}));
    });
    source.addEventListener("expiring", () => {
      warned = true;
      $("session-warning").textContent = T("expiring");
      $("session-warning").hidden = false;
      say($("fault-live"), T("expiring"));
    });
    source.addEventListener("expired", () => {
      source.close();
      $("session-warning").hidden = true;
      showConnection("expired", true);
      hideSecrets();
    });
  }

  // Every action that ends or replaces a running game (Restart, and Start while a game is
  // running) needs the same second, explicit confirmation: a group with its own question,
  // focus moves to "yes"; Escape or "no" closes it and gives focus back to the button.
  // The console refuses both without it (confirm_needed); "Undo" brings the game back.
  function gameRunning() {
    const v = view();
    return !!(v && v.phase && v.phase !== "game_over");
  }
  function setupRestart() {
    const box = $("restart-confirm");
    let pending = null;  // {name, button}
    function close(focusBack) {
      box.hidden = true;
      ["restart", "start"].forEach((id) => $(id).setAttribute("aria-expanded", "false"));
      if (focusBack && pending) pending.button.focus();
    }
    function ask(name, button) {
      if (!box.hidden && pending && pending.name === name) { close(true); return; }
      pending = {name: name, button: button};
      $("restart-question").dataset.i18n = name === "start" ? "confirm_start" : "confirm_restart";
      $("restart-question").textContent = T($("restart-question").dataset.i18n);
      $("restart-yes").dataset.i18n = name === "start" ? "start_yes" : "restart_yes";
      $("restart-yes").textContent = T($("restart-yes").dataset.i18n);
      box.hidden = false;
      button.setAttribute("aria-expanded", "true");
      $("restart-yes").focus();
    }
    $("restart").addEventListener("click", () => ask("restart", $("restart")));
    $("start").addEventListener("click", () => {
      if (gameRunning()) ask("start", $("start"));
      else command("start", {}, $("command-result"));
    });
    $("restart-no").addEventListener("click", () => close(true));
    box.addEventListener("keydown", (ev) => { if (ev.key === "Escape") close(true); });
    $("restart-yes").addEventListener("click", async () => {
      const name = pending ? pending.name : "restart";
      close(false);
      const r = await post("/api/command", {name: name, fields: {confirm: true}});
      status($("command-result"), r.ok, () => (r.ok ? (name === "start" ? T("start_done") : T("restart_done"))
                                                     : T("refused", {error: r.error})));
      if (r.ok && name === "restart") { setupFilled = false; $("setup-players").focus(); }
      else if (pending) pending.button.focus();
    });
  }

  // Re-word the whole page: the game's setup names its language; before one, the board's
  // (the page as served); once the game master ends a game, the page keeps that game's.
  function applyLanguage(next) {
    if (!MSG[next] || next === lang) return;
    lang = next;
    document.documentElement.lang = next;
    document.querySelectorAll("[data-i18n]").forEach((e) => { e.textContent = T(e.dataset.i18n); });
    document.querySelectorAll("[data-i18n-aria-label]").forEach((e) => e.setAttribute("aria-label", T(e.dataset.i18nAriaLabel)));
    ["command-result", "help-result", "seat-settings-result"].forEach((id) => {
      const e = $(id);
      if (e && e.reword) e.textContent = e.reword();
    });
    seatKey = "";  // seat lists are re-worded by the next render
    gamesKey = "";
    fieldsKey = "";
    fillGameSelect();
    buildSetupSeats();
    showConnection();
  }
  function followLanguage() {
    const want = setup().language;
    applyLanguage(MSG[want] ? want : lang);
  }

  function init() {
    $("setup-players").addEventListener("change", buildSetupSeats);
    $("setup-game").addEventListener("change", showGameFields);
    buildSetupSeats();
    $("setup-form").addEventListener("submit", submitSetup);
    $("act-kind").addEventListener("change", showActFields);
    $("act-form").addEventListener("submit", submitAct);
    $("seat-settings-form").addEventListener("submit", submitSeatSettings);
    $("ss-seat").addEventListener("change", () => fillSeatSettings(true));
    document.querySelectorAll("button[data-command]").forEach((b) => {
      b.addEventListener("click", () => command(b.dataset.command, {}, $("command-result")));
    });
    $("story-button").addEventListener("click", showStory);
    setupRestart();
    $("logout").addEventListener("click", async () => {
      await post("/logout", {});
      window.location.assign("/login");
    });
    setupReveal();
    setupFolds();
    setupKeepAlive();
    if (MSG[lang]) $("setup-language").value = lang;  // a new game speaks the page's language
    showConnection();
    render();
    connect();
  }
  init();
})();
