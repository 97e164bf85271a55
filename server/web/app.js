// mancala serve: the pages over the JSON API (docs/serve.md). Plain JavaScript, no build step, no
// library: every element is made with el(), text always as text (never parsed as HTML); only the
// SVG maps drawn by the server's own renderer are inserted as markup.
"use strict";

// ---- small helpers ----

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

const view = () => document.getElementById("view");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const enc = encodeURIComponent;
const player = (p) => "P" + p;

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const type = response.headers.get("Content-Type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) {
    const message = data && data.error ? data.error : response.status + " " + response.statusText;
    throw Object.assign(new Error(message), { status: response.status });
  }
  return { status: response.status, data };
}

function errorBox(error) {
  return el("div", { class: "error", role: "alert" }, String(error.message || error));
}

function show(...children) {
  const v = view();
  v.replaceChildren(...children);
  window.scrollTo(0, 0);
}

function svgFrom(text) {
  // The server's own SVG (reports/map.h): well-formed XML with its text escaped.
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const svg = doc.documentElement;
  return svg && svg.nodeName === "svg" ? document.importNode(svg, true) : el("span");
}

// The archive's times are UTC ("2026-12-04T00:31:12.345Z"): shown to the minute with the zone.
function timeWithZone(iso) {
  return iso ? iso.slice(0, 16).replace("T", " ") + (iso.endsWith("Z") ? " UTC" : "") : "";
}

// The year a record's date starts with ("0800", "1939-01-01", "-500"), NaN when undated.
function yearOf(date) {
  const m = /^(-?\d+)/.exec(String(date === undefined || date === null ? "" : date).trim());
  return m ? Number(m[1]) : NaN;
}

// A year as a historian writes it: 800, not 0800; 500 BCE, not -500.
function plainYear(y) {
  return y < 0 ? -y + " BCE" : String(y);
}

// A record's dates as years: "1939" (not "1939-01-01 - 1939-12-31"), "800\u20131099".
function dateRange(from, to) {
  const a = yearOf(from), b = yearOf(to);
  if (Number.isNaN(a)) return "";
  return Number.isNaN(b) || a === b ? plainYear(a) : plainYear(a) + "\u2013" + plainYear(b);
}

// A source as a historian cites it: its citation, or, where that is the DLP's own shorthand
// ("DLP evidence.") without the work's title, the cleaned citation from its CSL item
// ("Digital Ludeme Project 2022, Evidence records of the Digital Ludeme Project").
function sourceText(s) {
  if (typeof s === "string") return s;
  const csl = s.csl || {};
  if (!csl.title || (s.citation || "").includes(csl.title)) return s.citation;
  const authors = (csl.author || []).map((a) => a.literal || a.family || "").filter((x) => x).join(", ");
  const year = csl.issued && csl.issued["date-parts"] ? csl.issued["date-parts"][0][0] : null;
  return [authors, year].filter((x) => x).join(" ") + (authors || year ? ", " : "") + csl.title;
}

function rulesetLink(id, text) {
  return el("a", { href: "#/ruleset/" + id }, text || id);
}

function recordLink(id) {
  return el("a", { href: "#/record/" + enc(id) }, id);
}

// ---- routing ----

function parseHash() {
  const hash = location.hash.replace(/^#\/?/, "");
  const [path, query] = hash.split("?");
  const parts = path.split("/").filter((x) => x.length).map(decodeURIComponent);
  return { parts, params: new URLSearchParams(query || "") };
}

let currentPage = null;  // an object with stop() while a page polls or animates

async function route() {
  if (currentPage && currentPage.stop) currentPage.stop();
  currentPage = null;
  const { parts, params } = parseHash();
  const page = parts[0] || "search";
  for (const a of document.querySelectorAll("header nav a")) {
    a.classList.toggle("current", a.dataset.nav === page ||
      (page === "record" && a.dataset.nav === "search") ||
      (page === "ruleset" && a.dataset.nav === "rulesets") ||
      (page === "game" && a.dataset.nav === "play") ||
      (page === "replay" && a.dataset.nav === "playtests"));
  }
  try {
    if (page === "search") await searchPage(params);
    else if (page === "record") await recordPage(parts.slice(1).join("/"));
    else if (page === "rulesets") await rulesetsPage();
    else if (page === "ruleset") await rulesetPage(parts.slice(1).join("/"));
    else if (page === "play") await playPage(params);
    else if (page === "game") currentPage = await gamePage(parts[1]);
    else if (page === "playtests") await playtestsPage();
    else if (page === "replay") currentPage = await replayPage(parts[1]);
    else show(el("h1", {}, "Not found"), el("p", {}, "No page '" + page + "'."));
  } catch (error) {
    show(el("h1", {}, "Something went wrong"), errorBox(error));
  }
}

window.addEventListener("hashchange", route);
window.addEventListener("DOMContentLoaded", route);

// ---- the archive: search, records ----

const searchFields = [
  ["q", "Text (rules, content, place, game, sources)", "text"],
  ["game", "Game", "select"],
  ["type", "Type", "select"],
  ["from", "From year (1900, or 500 BCE)", "text"],
  ["to", "To year", "text"],
  ["rows", "Rows of holes (2, 4)", "number"],
  ["holes", "Holes per row", "number"],
  ["near", "Near (a place such as Kenya, or latitude,longitude)", "text"],
  ["radius_km", "Radius (km)", "number"],
  ["min_confidence", "Minimum DLP confidence (0-100)", "number"],
];

async function searchPage(params) {
  const archive = (await api("GET", "/api/archive")).data;
  const form = el("form", { class: "search", id: "search-form" });
  for (const [name, label, kind] of searchFields) {
    let input;
    if (kind === "select") {
      const options = name === "game"
        ? (archive.games || []).map((g) => [g.key, g.name + " (" + g.records + ")"])
        : (archive.types || []).map((t) => [t, t]);
      input = el("select", { name, id: "search-" + name }, el("option", { value: "" }, "any"),
        options.map(([value, text]) => el("option", { value }, text)));
    } else {
      input = el("input", { name, id: "search-" + name, type: kind === "number" ? "number" : "text" });
    }
    input.value = params.get(name) || "";
    form.append(el("label", {}, label, input));
  }
  form.append(el("div", {}, el("button", { class: "primary", type: "submit", id: "search-button" }, "Search")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const query = new URLSearchParams();
    for (const [name] of searchFields) {
      const value = form.elements[name].value.trim();
      if (value) query.set(name, value);
    }
    location.hash = "#/search?" + query.toString();
  });
  // The query its results answer (data-query), for a reader that waits for them.
  const results = el("div", { id: "results", dataset: { query: "" } });
  const intro = archive.exists
    ? el("p", { class: "muted" }, "The archive holds ",
        archive.records + " evidence records, " + archive.rulesets + " rulesets and " + archive.runs +
        " simulation runs. Search it as ", el("code", {}, "mancala evidence search"), " does.")
    : el("div", { class: "error" }, "The server's archive does not exist yet: " +
        "run mancala evidence import data/evidence (scripts/run.sh does) and reload.");
  show(el("h1", {}, "Search the archive"), intro, form, results);
  if (!archive.exists) return;
  const query = new URLSearchParams();
  for (const [name] of searchFields) if (params.get(name)) query.set(name, params.get(name));
  try {
    const [hits, map] = await Promise.all([
      api("GET", "/api/evidence?" + query.toString()),
      api("GET", "/api/map?" + query.toString()),
    ]);
    results.replaceChildren(...searchResults(hits.data), el("div", { class: "map" }, svgFrom(map.data)));
    results.dataset.query = query.toString();
  } catch (error) {
    results.replaceChildren(errorBox(error));
  }
}

function searchResults(data) {
  const records = data.records || [];
  const positions = data.positions || {};  // id -> a named region's approximate position
  const names = data.game_names || {};
  const head = el("p", { id: "result-count" }, records.length === 1 ? "1 record" : records.length + " records",
    data.unplaced ? " (" + data.unplaced + " without a position left out of the place search)" : "");
  if (!records.length) return [head];
  // In date order (undated last), then by id: the order a historian reads them in.
  const year = (r) => (Number.isNaN(yearOf(r.date_from)) ? Infinity : yearOf(r.date_from));
  const sorted = records.slice().sort((a, b) => year(a) - year(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const rows = sorted.map((r) => {
    const position = positions[r.id];
    const place = [r.location || ""];
    if (!("latitude" in r) && position) place.push(" ", el("span", { class: "approx" }, "approximate"));
    const dates = dateRange(r.date_from, r.date_to);
    return el("tr", {},
      el("td", {}, recordLink(r.id)),
      el("td", {}, names[r.game] || r.game),
      el("td", {}, r.type),
      el("td", {}, dates),
      el("td", {}, place),
      el("td", { class: "num" }, r.confidence === undefined ? "" : r.confidence),
      el("td", {}, (r.sources || []).map(sourceText).join("; ")));
  });
  return [head, el("div", { class: "table-wrap" }, el("table", { id: "results-table" },
    el("thead", {}, el("tr", {}, ["Record", "Game", "Type", "Date", "Place", "DLP confidence", "Sources"].map((h) => el("th", {}, h)))),
    el("tbody", {}, rows)))];
}

async function recordPage(id) {
  const data = (await api("GET", "/api/evidence/" + enc(id))).data;
  const r = data.record;
  const facts = el("dl", { class: "facts" });
  const add = (term, ...value) => facts.append(el("dt", {}, term), el("dd", {}, ...value));
  add("Game", data.game_name);
  add("Type", r.type);
  add("Date", data.date || "undated");
  if ("latitude" in r) add("Place", (r.location || "") + " (" + r.latitude.toFixed(2) + ", " + r.longitude.toFixed(2) + ")");
  else if (data.place) {
    add("Place", r.location || "", " \u2014 ", el("span", { class: "approx" }, "approximate"),
      " position of the region " + data.place.name + ", within " + Math.round(data.place.radius_km) + " km",
      el("br"), el("small", {}, "Position from: " + data.place.source));
  } else add("Place", (r.location || "not given") + " (no position: not on the map)");
  // Whose rating it is (issue 35): the DLP's for its records, never the author's.
  const dlp = r.id.startsWith("DLP.");
  add(dlp ? "DLP confidence" : "Archive confidence", r.confidence === undefined ? "not given"
    : r.confidence + (dlp ? " (the Digital Ludeme Project's rating of the record, 0-100; not the author's)"
      : " (this archive's rating of the record, 0-100)"));
  if (r.author_doubts) add("The author's doubts", r.author_doubts);
  add("Sources", ...(r.sources || []).flatMap((s, i) => [i ? el("br") : null, sourceText(s)]));
  const sameGame = [...(r.see_also || []), ...(data.see_also_of || []).filter((x) => !(r.see_also || []).includes(x))];
  if (sameGame.length) add("Same game, other record", ...sameGame.flatMap((x, i) =>
    [i ? ", " : null, recordLink(x)]));
  add("Rulesets citing it", ...(data.rulesets.length ? data.rulesets.flatMap((x, i) =>
    [i ? ", " : null, rulesetLink(x.id, x.name), " (" + x.status + ")"]) : ["none"]));
  const page = [el("p", {}, el("a", { href: "#/search" }, "\u2190 Search")),
    el("h1", { id: "record-title" }, r.id + ": " + data.game_name), facts];
  const mapBox = el("div", { class: "map" });
  page.push(mapBox);
  if (r.rules) page.push(el("h2", {}, "Rules (a paraphrase)"), el("p", {}, r.rules));
  if (r.content) page.push(el("h2", {}, "The source (quoted)"), el("blockquote", {}, r.content));
  if (r.notes) page.push(el("h2", {}, "Notes"), el("p", {}, r.notes));
  page.push(el("h2", {}, "How to cite"), el("pre", { class: "cite" }, data.cite.text),
    el("pre", { class: "cite" }, data.cite.bibtex));
  show(...page);
  if ("latitude" in r || data.place) {
    try {
      mapBox.append(svgFrom((await api("GET", "/api/evidence/" + enc(id) + "/map")).data));
    } catch (error) {
      mapBox.append(errorBox(error));
    }
  }
}

// ---- rulesets ----

let rulesetsCache = null;
async function rulesets() {
  if (!rulesetsCache) rulesetsCache = (await api("GET", "/api/rulesets")).data.rulesets;
  return rulesetsCache;
}

// The rulesets that load (one that does not is listed with why, on the Rulesets page only).
async function playableRulesets() {
  return (await rulesets()).filter((r) => !r.broken);
}

// "plays exactly as ryakati/dlp" under a ruleset's name on the Rulesets page (the pair both ways).
function playsAsNote(same) {
  if (!same || !same.length) return null;
  return el("div", { class: "muted plays-as" }, "plays exactly as ",
    same.flatMap((s, i) => [i ? ", " : null, rulesetLink(s.id)]));
}

async function rulesetsPage() {
  const list = await rulesets();
  const rows = list.map((r) => r.broken ? el("tr", { class: "broken" },
    el("td", {}, el("code", {}, r.id)),
    el("td", { colspan: 5, class: "error" }, "does not load: " + r.broken)) : el("tr", {},
    el("td", {}, rulesetLink(r.id), r.default ? el("span", { class: "tag default" }, "default") : null),
    el("td", {}, r.name, playsAsNote(r.plays_exactly_as)),
    el("td", {}, r.status),
    el("td", {}, r.rows + "x" + r.holes_per_row + (r.match ? ", rounds" : "") +
      (r.turns !== "alternating" ? ", " + r.turns.replace(/_/g, " ") : "")),
    el("td", {}, r.evidence.flatMap((e, i) => [i ? ", " : null, recordLink(e)])),
    el("td", {}, el("a", { href: "#/play?ruleset=" + enc(r.id) }, "play"))));
  show(el("h1", {}, "Rulesets"),
    el("p", { class: "muted" }, "Every reconstruction under data/rulesets: each rule key that can change its play names its witness (the source's words or the DLP's paraphrase it quotes, another ruleset's reading) or states its assumption (rules check refuses a described or reconstructed ruleset otherwise)."),
    el("div", { class: "table-wrap" }, el("table", {},
      el("thead", {}, el("tr", {}, ["Ruleset", "Name", "Status", "Board", "Evidence", ""].map((h) => el("th", {}, h)))),
      el("tbody", {}, rows))));
}

// The seats' choices, from the server (GET /api/agents): a person, or an agent by its spec and
// its plain name ("alphabeta:4: alpha-beta search 4 plies deep").
let agentsCache = null;
async function agentChoices() {
  if (!agentsCache) agentsCache = (await api("GET", "/api/agents")).data.agents;
  return agentsCache;
}

// The game this tab showed last (sessionStorage: one per tab). When the tab starts another, the
// one it replaces is ended on the server (DELETE /api/games/{id}) if it is over or no move was
// played in it, so that it does not keep a place among the server's games; a game going on
// stays, listed under Play.
const shownGameKey = "mancala.game";

async function endReplacedGame(newId) {
  const previous = sessionStorage.getItem(shownGameKey);
  sessionStorage.setItem(shownGameKey, newId);
  if (!previous || previous === newId) return;
  try {
    const games = (await api("GET", "/api/games")).data.games;
    const old = games.find((g) => g.id === previous);
    if (old && (old.over || old.moves === 0)) await api("DELETE", "/api/games/" + enc(previous));
  } catch (error) {
    // Ended already (by another tab, or to make room): nothing to do.
  }
}

function seatPicker(id, agents, chosen) {
  return el("select", { name: id, id }, agents.map((a) => el("option", { value: a.spec, selected: a.spec === chosen },
    a.spec === "human" ? "human: " + a.name : a.spec + ": " + a.name)));
}

// `words`: the ruleset's seat words (GET /api/rulesets/ID's seat_words), when known: "seat 1
// (P1)" and "seat 2 (P2)" where every turn is simultaneous and nobody moves first.
function newGameForm(rulesetId, list, agents, words) {
  const select = el("select", { name: "ruleset", id: "new-ruleset" },
    list.map((r) => el("option", { value: r.id, selected: r.id === rulesetId }, r.id + (r.default ? " (default)" : ""))));
  const seat1 = seatPicker("seat1", agents, "human");
  const seat2 = seatPicker("seat2", agents, "greedy");
  const seed = el("input", { name: "seed", id: "seed", type: "number", min: 0, value: 1, style: "width: 6em" });
  const message = el("div");
  const form = el("form", { class: "newgame", id: "new-game" },
    rulesetId ? el("input", { type: "hidden", name: "ruleset", value: rulesetId }) : el("label", {}, "Ruleset", select),
    el("label", {}, words && words.simultaneous ? "Seat 1 (P1): human or an agent" : "P1 (human or an agent)", seat1),
    el("label", {}, words && words.simultaneous ? "Seat 2 (P2)" : "P2", seat2),
    el("label", {}, "Seed", seed),
    el("button", { class: "primary", type: "submit", id: "start-game" }, "Start a game"), message);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const body = { ruleset: rulesetId || select.value, agents: [seat1.value.trim(), seat2.value.trim()], seed: Number(seed.value || 0) };
      const game = (await api("POST", "/api/games", body)).data;
      await endReplacedGame(game.id);
      location.hash = "#/game/" + game.id;
    } catch (error) {
      message.replaceChildren(errorBox(error));
    }
  });
  return form;
}

function provenanceCell(p) {
  if (!p) return el("td", { class: "muted" }, "default; no provenance");
  const cell = el("td", { class: "provenance" });
  // The witness: whose words the rule rests on (docs/terms.md), never a bare "evidence".
  if (p.phrase) cell.append(el("span", { class: "witness" }, p.shown_as + ": "), el("q", {}, p.phrase));
  if (p.witness === "reading") cell.append(el("span", { class: "witness" }, p.shown_as));
  if (p.reason) cell.append(el("span", { class: "assumption" }, "assumption: " + p.reason));
  if (p.note) cell.append(el("br"), el("small", {}, "note: " + p.note));
  return cell;
}

async function rulesetPage(id) {
  const [r, tests] = await Promise.all([
    api("GET", "/api/rulesets/" + id.split("/").map(enc).join("/")).then((x) => x.data),
    api("GET", "/api/playtests?ruleset=" + enc(id)).then((x) => x.data.playtests).catch(() => []),
  ]);
  const groups = [];
  // Only the keys that can change this ruleset's play (the field table's conditions); the others
  // are named under the table.
  const inactive = r.rules.filter((rule) => !rule.acts).map((rule) => rule.key);
  for (const rule of r.rules.filter((x) => x.acts)) {
    if (!groups.length || groups[groups.length - 1].name !== rule.group) groups.push({ name: rule.group, rules: [] });
    groups[groups.length - 1].rules.push(rule);
  }
  const ruleTable = el("table", { id: "rule-keys" },
    el("thead", {}, el("tr", {}, ["Key", "Value", "Witness: whose words, or the assumption"].map((h) => el("th", {}, h)))),
    el("tbody", {}, groups.flatMap((g) => [
      el("tr", {}, el("th", { colspan: 3 }, g.name)),
      ...g.rules.map((rule) => el("tr", {},
        el("td", { title: rule.doc }, el("code", {}, rule.key)),
        el("td", {}, el("code", {}, JSON.stringify(rule.value))),
        provenanceCell(rule.provenance)))])));
  const [list, agents] = await Promise.all([playableRulesets(), agentChoices()]);
  show(el("p", {}, el("a", { href: "#/rulesets" }, "\u2190 Rulesets")),
    el("h1", { id: "ruleset-title" }, r.name),
    el("p", {}, el("code", {}, r.id), " \u00b7 " + r.status + " \u00b7 rules hash ", el("code", {}, r.rules_hash),
      r.extends ? [" \u00b7 extends ", rulesetLink(r.extends)] : null),
    r.differs ? el("p", { class: "muted" }, r.differs) : null,
    ...r.plays_exactly_as.map((same) => el("p", { class: "plays-as" }, "Plays exactly as ", rulesetLink(same.id),
      " (every key that acts is the same): " + same.reason)),
    el("p", {}, r.summary),
    el("p", {}, "Evidence: ", r.evidence.length ? r.evidence.flatMap((e, i) => [i ? ", " : null, recordLink(e)]) : "none"),
    el("h2", { id: "play" }, "Play it"),
    r.seat_words.simultaneous ? el("p", { class: "muted", id: "seat-words" }, "Every turn is simultaneous, so nobody moves first: P1 and P2 are seat 1 and seat 2.") : null,
    newGameForm(r.id, list, agents, r.seat_words),
    el("h2", { id: "playtests" }, "Play-tests"), playtestTable(tests, false),
    el("h2", {}, "Rules, key by key"), el("div", { class: "table-wrap" }, ruleTable),
    inactive.length ? el("p", { class: "muted", id: "inactive-keys" },
      "Not shown: the " + inactive.length + " keys that cannot change this ruleset's play (the conditions of 'mancala rules keys'): " +
      inactive.join(", ") + ".") : null);
}

function playtestTable(tests, withRuleset) {
  if (!tests.length) return el("p", { class: "muted", id: "no-playtests" }, "None yet: play a game and save it.");
  return el("div", { class: "table-wrap" }, el("table", { class: "playtests" },
    el("thead", {}, el("tr", {}, ["#", "Date", withRuleset ? "Ruleset" : null, "Seats", "Plies", "Result", "Notes", ""]
      .filter((h) => h !== null).map((h) => el("th", {}, h)))),
    el("tbody", {}, tests.map((t) => el("tr", { dataset: { playtest: t.id } },
      el("td", { class: "num" }, t.id),
      el("td", {}, timeWithZone(t.created_at)),
      withRuleset ? el("td", {}, rulesetLink(t.ruleset)) : null,
      el("td", {}, t.seats[0] + " vs " + t.seats[1] + " (seed " + t.seed + ")"),
      el("td", { class: "num" }, t.plies),
      el("td", {}, t.result),
      el("td", { class: "notes" }, t.notes),
      el("td", {}, el("a", { href: "#/replay/" + t.id }, "replay")))))));
}

async function playtestsPage() {
  const tests = (await api("GET", "/api/playtests")).data.playtests;
  const file = el("input", { type: "file", id: "trace-file", accept: ".json,application/json" });
  const message = el("div");
  file.addEventListener("change", async () => {
    if (!file.files.length) return;
    try {
      const text = await file.files[0].text();
      sessionStorage.setItem("mancala-trace", text);
      location.hash = "#/replay/trace";
    } catch (error) {
      message.replaceChildren(errorBox(error));
    }
  });
  show(el("h1", {}, "Play-tests"),
    el("p", { class: "muted" }, "Games saved from this page, kept in the archive (also ", el("code", {}, "mancala playtests list"), ")."),
    playtestTable(tests, true),
    // The API's export (GET /api/playtests?format=...), as `mancala playtests export` writes it.
    tests.length ? el("p", { class: "controls", id: "export" }, "Export them all: ",
      el("a", { class: "button", id: "export-csv", href: "/api/playtests?format=csv", download: "playtests.csv" }, "CSV"),
      el("a", { class: "button", id: "export-json", href: "/api/playtests?format=json", download: "playtests.json" }, "JSON")) : null,
    el("h2", {}, "Replay a trace"),
    el("p", {}, "A file written by ", el("code", {}, "mancala trace RULESET --format json"), ": ", file), message);
}

// ---- the board ----

// The board as a grid: player 2's rows on top (seen from player 1's side: his holes run from
// right to left), player 1's below; on four-row boards each player's outer row is the far one.
// Stores beside the rows: player 2's on the left, player 1's on the right.
function drawBoard(game, state, options) {
  const b = game.board;
  const n = b.holes_per_row;
  const rows = b.rows_per_player;
  const stores = b.stores !== "none";
  const out = new Set((state.out_of_play || []).map((h) => h.owner + ":" + h.hole));
  const sinks = {};
  for (const s of state.sinks || []) sinks[s.owner + ":" + s.hole] = s.player;
  const tuzdyk = {};
  (state.tuzdyk || []).forEach((column, p) => { if (column) tuzdyk[(2 - p) + ":" + column] = p + 1; });
  const grid = el("div", { class: "board", id: "board", dataset: { rows: 2 * rows, holes: n } });
  grid.style.gridTemplateColumns = (stores ? "auto " : "") + "repeat(" + n + ", var(--hole))" + (stores ? " auto" : "");
  // The columns the holes' size is fitted to (style.css): a store is 1.1 holes wide.
  grid.style.setProperty("--cols", String(n + (stores ? 2.2 : 0)));
  if (n > 16) grid.dataset.wide = "";
  const hole = (owner, index, gridRow, gridColumn) => {
    const label = b.labels[index];
    const key = owner + ":" + label;
    const count = state.holes[owner - 1][index];
    // A move entering a counter from the hand (Bao's namua) is listed as "+i5": the hole is i5.
    const legal = options.legal && options.legal[owner] ? options.legal[owner].map((m) => m.replace(/^\+/, "")) : null;
    const forward = legal && legal.includes(label), backward = legal && legal.includes(label + "<");
    // Issue 38: a move that may end at an optional stop is listed again as "o3.1", "o3<.2"...
    const stops = legal ? legal.filter((m) => m.startsWith(label + ".") || m.startsWith(label + "<.")) : [];
    const classes = ["hole", "p" + owner];
    if (out.has(key)) classes.push("out");
    if (key in sinks) classes.push("sink");
    if (forward || backward) classes.push("legal");
    if (options.active && options.active.owner === owner && options.active.index === index) classes.push(options.active.kind === "take" || options.active.kind === "seize" ? "taken" : "active");
    const node = el("div", {
      class: classes.join(" "), dataset: { owner, label, index },
      title: player(owner) + "'s " + label + (out.has(key) ? " (out of play)" : "") +
        (key in sinks ? " (what falls in goes to " + player(sinks[key]) + ")" : "") +
        (key in tuzdyk ? " (" + player(tuzdyk[key]) + "'s tuzdyk)" : ""),
      tabindex: forward || backward ? 0 : null, role: forward || backward ? "button" : null,
    }, el("span", { class: "count" }, out.has(key) ? "out" : count), el("span", { class: "label" }, label),
    key in tuzdyk ? el("span", { class: "mark" }, "T" + tuzdyk[key]) : null,
    key in sinks && !(key in tuzdyk) ? el("span", { class: "mark" }, player(sinks[key])) : null);
    node.style.gridRow = gridRow;
    node.style.gridColumn = gridColumn;
    if ((forward || backward) && options.onPick) {
      const pick = () => options.onPick(owner, label, forward, backward, node, stops);
      node.addEventListener("click", pick);
      node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(); } });
    }
    return node;
  };
  const first = stores ? 2 : 1;
  // Player 2: outer row (index c) on top when four rows, then inner (index n + c); right to left.
  const p2rows = rows === 2 ? [0, n] : [0];
  p2rows.forEach((offset, r) => {
    for (let c = 0; c < n; ++c) grid.append(hole(2, offset + c, r + 1, first + (n - 1 - c)));
  });
  // Player 1: inner row first (nearest the middle) when four rows, then outer; left to right.
  const p1rows = rows === 2 ? [n, 0] : [0];
  p1rows.forEach((offset, r) => {
    for (let c = 0; c < n; ++c) grid.append(hole(1, offset + c, rows + r + 1, first + c));
  });
  if (stores) {
    const store = (p, column) => {
      const side = column === 1 ? " left" : " right";
      const node = el("div", { class: "store p" + p + side + (options.activeStore === p ? " active" : ""), id: "store" + p, title: player(p) + "'s store" },
        el("span", { class: "count" }, state.stores[p - 1]), el("span", { class: "label" }, player(p) + (b.stores === "beside" ? " kazan" : " store")));
      node.style.gridRow = "1 / span " + 2 * rows;
      node.style.gridColumn = column;
      return node;
    };
    // Each store at its owner's right (store_side right) or left: player 1 sits below, player 2
    // above, facing him.
    if (b.store_side === "left") grid.append(store(1, 1), store(2, n + 2));
    else grid.append(store(2, 1), store(1, n + 2));
  }
  return el("div", { class: "board-wrap" }, grid);
}

function sideTotal(state, p) {
  return state.holes[p - 1].reduce((a, b) => a + b, 0);
}

// Every counter in play at the start: what "took 48 of 81" counts against (holdings whole,
// stores and holes alike).
function countersInPlay(game) {
  const start = game.start;
  return start.holes.flat().reduce((a, b) => a + b, 0) + (start.stores || []).reduce((a, b) => a + b, 0);
}

function playerPanel(game, state, p, extra) {
  const parts = [el("span", { class: "name" }, player(p)), el("span", {}, game.seats[p - 1])];
  // The game over: what each side took, counted whole (the result's holdings), beside the final
  // position, which stays on the board.
  if (extra.over && game.result && game.result.holdings) {
    parts.push(el("span", { class: "took", id: "took" + p },
      "took " + game.result.holdings[p - 1] + " of " + countersInPlay(game)));
  }
  if (game.board.stores !== "none") parts.push(el("span", {}, "store " + state.stores[p - 1]));
  else parts.push(el("span", {}, sideTotal(state, p) + " counters on his side"));
  if (state.aside && state.aside[p - 1]) parts.push(el("span", {}, (game.board.in_hand ? "to enter " : "set aside ") + state.aside[p - 1]));
  if (state.tribute_to === p) parts.push(el("span", { class: "badge" }, "Kungidar"));
  if (state.extra_number && state.extra_number[p - 1]) parts.push(el("span", {}, "extra number " + state.extra_number[p - 1]));
  if (extra.hand) parts.push(el("span", { class: "hand" }, "in hand " + extra.hand));
  if (extra.chosen) parts.push(el("span", { class: "badge", id: "chosen" + p }, "has chosen (hidden)"));
  return el("div", { class: "player p" + p + (extra.toMove ? " to-move" : ""), id: "player" + p }, parts);
}

// Applies one step (docs/serve.md, "Steps") to the position shown.
function applyStep(shown, step) {
  const p = step.player - 1;
  const hole = step.index !== undefined ? [step.owner - 1, step.index] : null;
  switch (step.kind) {
    case "lift":
    case "seize":
      shown.holes[hole[0]][hole[1]] -= step.count;
      shown.hand[p] += step.count;
      break;
    case "drop":
      shown.hand[p] -= 1;
      if (step.store) shown.stores[step.store - 1] += 1;
      else shown.holes[hole[0]][hole[1]] += 1;
      break;
    case "take":
      shown.holes[hole[0]][hole[1]] -= step.count;
      shown.stores[p] += step.count;
      break;
    case "tribute":
      shown.hand[p] -= step.count;
      shown.stores[step.store - 1] += step.count;
      break;
    case "enter":
      // Bao's namua: a counter from the player's counters in hand (state.aside) into a hole.
      if (shown.aside) shown.aside[p] -= step.count;
      shown.holes[hole[0]][hole[1]] += step.count;
      break;
  }
}

function copyState(state) {
  return Object.assign(JSON.parse(JSON.stringify(state)), { hand: [0, 0] });
}

// The moves as a list: notation and the trace's words; round ends between them.
function logItems(moves, onClick, current) {
  const items = [];
  moves.forEach((m, i) => {
    const who = Array.isArray(m.by) ? m.by.join(" / ") : m.by;
    items.push(el("li", { class: (onClick ? "clickable" : "") + (i === current ? " current" : ""), value: m.ply, dataset: { ply: m.ply },
      onclick: onClick ? () => onClick(i) : null },
      el("span", { class: "label" }, m.move), el("span", {}, m.text), who ? el("small", { class: "muted" }, " (" + who + ")") : null));
    if (m.round_end) items.push(el("li", { class: "round" }, m.round_end.text));
  });
  return items;
}

// The status while a move is sown: whose move it is and which (the status follows the sowing).
function sowingText(move) {
  if (Array.isArray(move.by)) return "Move " + move.ply + ": sowing " + move.move + " (" + move.by.join(" / ") + ")\u2026";
  const who = move.player ? player(move.player) + (move.by ? " (" + move.by + ")" : "") : move.by || "";
  return "Move " + move.ply + ": " + who + " sows " + move.move + "\u2026";
}

function statusText(game, busy) {
  if (game.over) return "";
  const turn = game.turn;
  const parts = [];
  if (game.match) parts.push("Round " + game.match.round + ": ");
  if (turn.simultaneous) {
    parts.push("Simultaneous turn (" + game.board.resolution.replace(/_/g, " ") + "): ");
    const chosen = turn.chosen.map((p) => player(p) + " has chosen (hidden)");
    const due = turn.due.map((p) => player(p) + (game.seats[p - 1] === "human" ? " to choose" : " (" + game.seats[p - 1] + ") choosing"));
    parts.push([...chosen, ...due].join(" \u00b7 "));
  } else {
    const p = game.state.to_move;
    parts.push(game.seats[p - 1] === "human" ? player(p) + " to move" : player(p) + " (" + game.seats[p - 1] + ") is thinking\u2026");
  }
  if (busy) parts.push(" \u00b7 sowing\u2026");
  return parts.join("");
}

// The seat whose holes a person may click now: the person to move, or in a simultaneous turn the
// first person who has not chosen (one at a time, so on a shared screen the second does not see
// the first's choice).
function pickingSeat(game) {
  if (game.over) return null;
  for (const p of game.turn.due) if (game.seats[p - 1] === "human") return p;
  return null;
}

const speeds = { slow: 400, normal: 160, fast: 50, instant: 0 };

function speedSelect(state) {
  const select = el("select", { id: "speed" }, Object.keys(speeds).map((s) => el("option", { value: s, selected: s === state.speed }, s)));
  select.addEventListener("change", () => { state.speed = select.value; });
  return el("label", {}, "Sowing speed ", select);
}

// Animates a move's steps from `shown`, calling draw() after each. Takes at most ~6 s a move.
async function animateSteps(shown, move, ui) {
  const steps = move.steps || [];
  const base = speeds[ui.speed];
  const delay = steps.length ? Math.min(base, 6000 / steps.length) : 0;
  for (const step of steps) {
    if (ui.stopped || ui.skip) break;
    applyStep(shown, step);
    ui.active = step.index !== undefined ? { owner: step.owner, index: step.index, kind: step.kind } : null;
    ui.activeStore = step.index === undefined && step.store ? step.store : null;
    if (delay > 0) { ui.draw(); await sleep(delay); }
  }
  ui.active = null;
  ui.activeStore = null;
}

// ---- play ----

async function playPage(params) {
  const [list, games, agents] = await Promise.all([playableRulesets(), api("GET", "/api/games").then((x) => x.data.games), agentChoices()]);
  const rulesetId = params.get("ruleset") || (list.find((r) => r.id.startsWith("otep/") && r.default) || list[0]).id;
  const live = games.length ? el("table", {}, el("thead", {}, el("tr", {}, ["Game", "Ruleset", "Seats", "Moves", ""].map((h) => el("th", {}, h)))),
    el("tbody", {}, games.map((g) => el("tr", {}, el("td", {}, el("a", { href: "#/game/" + g.id }, g.id)), el("td", {}, g.ruleset),
      el("td", {}, g.seats.join(" vs ")), el("td", { class: "num" }, g.moves), el("td", {}, g.over ? "over" : "going on")))))
    : el("p", { class: "muted" }, "None.");
  const form = newGameForm(null, list, agents);
  form.querySelector("#new-ruleset").value = rulesetId;
  show(el("h1", {}, "Play"),
    el("p", { class: "muted" }, "Any ruleset, a person or an agent at each seat (the agents of docs/agents.md, within this server's bounds); two people share one screen. Moves are written as ", el("code", {}, "mancala replay"), " takes them."),
    form, el("h2", {}, "Games going on in this server"), live);
}

// A live game from move `since` on: an answer holds 500 moves at most ("more": the next from
// since + their count), so a long game comes in pages, joined here.
async function fetchGame(id, since) {
  let data = (await api("GET", "/api/games/" + enc(id) + "?since=" + since)).data;
  let all = data.moves;
  while (data.more) {
    data = (await api("GET", "/api/games/" + enc(id) + "?since=" + (since + all.length))).data;
    all = all.concat(data.moves);
  }
  return Object.assign(data, { since, moves: all, more: false });
}

async function gamePage(id) {
  const ui = { speed: "normal", stopped: false, skip: false, busy: false, active: null, activeStore: null };
  let game = await fetchGame(id, 0);
  sessionStorage.setItem(shownGameKey, id);
  let shown = copyState(game.start);
  let moves = [];            // the moves received so far
  let animated = 0;          // the moves shown on the board so far
  let roundNote = null;
  const root = el("div", { class: "play", id: "game", dataset: { game: id } });
  const board = el("div");
  const status = el("div", { class: "status", id: "status", role: "status" });
  const message = el("div", { id: "message" });
  const logList = el("ol", { id: "log" });
  const resultBox = el("div", { id: "result" });
  const hint = el("p", { class: "hint", id: "hint", hidden: true });
  const saveBox = el("div", { id: "save-box" });
  const undo = el("button", { id: "undo", onclick: async () => {
    try {
      ui.skip = true;
      const data = (await api("POST", "/api/games/" + enc(id) + "/undo")).data;
      reset(data.more ? await fetchGame(id, 0) : data);
    } catch (error) { message.replaceChildren(errorBox(error)); }
  } }, "Undo my move");
  const skip = el("button", { id: "skip", onclick: () => { ui.skip = true; } }, "Skip the sowing");
  const chooser = el("div", { class: "chooser", id: "chooser" });

  let generation = 0;  // a reset (undo) ends the sowing being shown
  function reset(data) {
    ++generation;
    game = data;
    moves = data.moves.slice();
    animated = moves.length;
    shown = copyState(data.state);
    roundNote = null;
    draw();
  }

  async function send(seat, move) {
    chooser.replaceChildren();
    message.replaceChildren();
    ui.busy = true;
    draw();
    try {
      const { data } = await api("POST", "/api/games/" + enc(id) + "/moves", { seat, move });
      receive(data);
    } catch (error) {
      message.replaceChildren(errorBox(error));
      ui.busy = false;
      draw();
    }
  }

  function pick(owner, label, forward, backward, node, stops) {
    if (ui.busy || animated < moves.length) return;
    if (stops && stops.length > 0) {
      // Issue 38: the move, or the move ended at one of its optional stops (Misoro Tsoro's misoro).
      const moves = [forward ? label : null, backward ? label + "<" : null].filter((m) => m);
      chooser.replaceChildren(el("span", {}, player(owner) + "'s " + label + ": "),
        ...moves.map((m) => el("button", { onclick: () => send(owner, m) }, "sow on (" + m + ")")),
        ...stops.map((m) => el("button", { onclick: () => send(owner, m) },
          "end at stop " + m.slice(m.lastIndexOf(".") + 1) + " (" + m + ")")),
        el("button", { onclick: () => chooser.replaceChildren() }, "cancel"));
      node.focus();
      return;
    }
    if (forward && backward) {
      chooser.replaceChildren(el("span", {}, player(owner) + "'s " + label + ": "),
        el("button", { id: "sow-forward", onclick: () => send(owner, label) }, "sow on (" + label + ")"),
        el("button", { id: "sow-reverse", onclick: () => send(owner, label + "<") }, "sow back (" + label + "<)"),
        el("button", { onclick: () => chooser.replaceChildren() }, "cancel"));
      node.focus();
      return;
    }
    send(owner, forward ? label : label + "<");
  }

  function receive(data) {
    const skipBefore = moves.length - data.since;
    const fresh = data.moves.slice(Math.max(0, skipBefore));
    moves.push(...fresh);
    game = data;
    if (moves.length !== data.move_count) {  // out of step (another tab undid): start again
      poll(0);
      return;
    }
    run();
  }

  let running = false;
  async function run() {
    if (running) return;
    running = true;
    ui.busy = true;
    const started = generation;
    while (animated < moves.length && !ui.stopped && started === generation) {
      const move = moves[animated];
      ui.skip = false;
      await animateSteps(shown, move, ui);
      if (started !== generation) break;
      shown = copyState(move.state);
      ++animated;
      if (move.round_end) {
        roundNote = move.round_end.text;
        draw();
        if (move.round_end.deal) {
          if (!ui.skip && speeds[ui.speed] > 0) await sleep(1500);
          if (started !== generation) break;
          shown = copyState(move.round_end.deal);
        }
      }
      draw();
    }
    running = false;
    ui.busy = false;
    draw();
  }

  function draw() {
    const pickSeat = ui.busy || animated < moves.length ? null : pickingSeat(game);
    const legal = pickSeat ? { [pickSeat]: game.turn.legal_moves[String(pickSeat)] } : null;
    const settled = animated === moves.length && !ui.busy;
    const state = settled ? game.state : shown;
    const chosen = settled ? game.turn.chosen : [];
    const toMove = (p) => settled && !game.over && (game.turn.due.includes(p));
    board.replaceChildren(
      playerPanel(game, state, 2, { hand: shown.hand[1], chosen: chosen.includes(2), toMove: toMove(2), over: game.over && settled }),
      drawBoard(game, state, { legal, onPick: pick, active: ui.active, activeStore: ui.activeStore }),
      playerPanel(game, state, 1, { hand: shown.hand[0], chosen: chosen.includes(1), toMove: toMove(1), over: game.over && settled }));
    const sowing = animated < moves.length ? moves[animated] : null;
    status.textContent = sowing ? sowingText(sowing) : statusText(game, false);
    status.dataset.picking = pickSeat || "";
    status.dataset.over = game.over && settled ? "1" : "";
    status.classList.toggle("over", game.over && settled);
    undo.disabled = !game.can_undo || !settled;
    // The move being sown is listed as its sowing is shown, not before, not after.
    logList.replaceChildren(...logItems(moves.slice(0, animated + (sowing && running ? 1 : 0))));
    hint.hidden = !(pickSeat && moves.length === 0);
    hint.textContent = pickSeat ? "Your move, " + player(pickSeat) + ": click one of your highlighted holes to sow from it." : "";
    logList.parentElement && (logList.parentElement.scrollTop = logList.parentElement.scrollHeight);
    if (game.over && settled) {
      resultBox.replaceChildren(el("div", { class: "result", id: "result-text" }, game.result.text));
    } else resultBox.replaceChildren(roundNote ? el("div", { class: "roundbox" }, roundNote) : "");
    if (!saveBox.dataset.saved) saveBox.hidden = !settled || moves.length === 0;
  }

  ui.draw = draw;
  let timer = null;
  async function poll(since) {
    try {
      const data = await fetchGame(id, since === undefined ? moves.length : since);
      if (since === 0) { moves = []; animated = Math.min(animated, data.move_count); }
      receive(data);
    } catch (error) {
      message.replaceChildren(errorBox(error));
    }
  }
  function tick() {
    if (ui.stopped) return;
    const waiting = !game.over && (game.thinking || game.turn.due.some((p) => game.seats[p - 1] !== "human"));
    const go = waiting && !running ? poll() : Promise.resolve();
    go.finally(() => { if (!ui.stopped) timer = setTimeout(tick, 500); });
  }

  const notes = el("textarea", { class: "notes", id: "notes", placeholder: "What did you notice? (kept with the game in the archive)" });
  const saveButton = el("button", { class: "primary", id: "save" }, "Save as a play-test");
  const saved = el("div", { id: "saved" });
  saveButton.addEventListener("click", async () => {
    try {
      const { data } = await api("POST", "/api/games/" + enc(id) + "/save", { notes: notes.value });
      saved.replaceChildren(el("p", { class: "note" }, "Saved as play-test #" + data.playtest.id + ": ",
        el("a", { href: "#/ruleset/" + game.ruleset + "", id: "saved-link" }, "see it on the ruleset's page"),
        " \u00b7 ", el("a", { href: "#/replay/" + data.playtest.id }, "replay it")));
    } catch (error) {
      saved.replaceChildren(errorBox(error));
    }
  });
  saveBox.append(el("h2", {}, "Save this game"), notes, el("div", { class: "controls" }, saveButton), saved);

  show(el("p", {}, el("a", { href: "#/play" }, "\u2190 Play")),
    el("h1", {}, game.ruleset_name),
    el("p", { class: "muted", id: "game-seats" }, rulesetLink(game.ruleset), (game.seat_words.simultaneous
      ? " \u00b7 seat 1 (P1) " + game.seats[0] + ", seat 2 (P2) " + game.seats[1] + " (every turn simultaneous: nobody moves first)"
      : " \u00b7 P1 " + game.seats[0] + ", P2 " + game.seats[1]) + " \u00b7 seed " + game.seed +
      " \u00b7 game " + id),
    root);
  root.append(el("div", {}, status, hint, resultBox, board, chooser, message,
    el("div", { class: "controls" }, undo, skip, speedSelect(ui),
      el("a", { class: "button", href: "#/play?ruleset=" + enc(game.ruleset) }, "New game")), saveBox),
  el("div", {}, el("h2", {}, "Moves"), el("div", { class: "log" }, logList),
    el("p", { class: "muted" }, "In the notation of ", el("code", {}, "mancala replay " + game.ruleset + " --moves \"...\""))));
  moves = game.moves.slice();
  shown = copyState(game.start);
  animated = 0;
  // A game opened again: shown as it stands, not sowed again from the start.
  if (moves.length) { animated = moves.length; shown = copyState(game.state); }
  draw();
  run();
  tick();
  return { stop() { ui.stopped = true; clearTimeout(timer); } };
}

// ---- replay ----

async function replayPage(which) {
  let data;
  if (which === "trace") {
    const text = sessionStorage.getItem("mancala-trace");
    if (!text) throw new Error("No trace chosen: pick a file on the play-tests page.");
    data = (await api("POST", "/api/replays", text)).data;
  } else {
    data = (await api("GET", "/api/playtests/" + enc(which) + "/replay")).data;
  }
  const moves = data.moves;
  // The position before each move: the start, each move's position, a dealt round after a round end.
  const before = [data.start];
  moves.forEach((m) => before.push(m.round_end && m.round_end.deal ? m.round_end.deal : m.state));
  const ui = { speed: "normal", stopped: false, skip: false, active: null, activeStore: null };
  let at = 0;
  let shown = copyState(before[0]);
  let playing = false;
  const board = el("div");
  const status = el("div", { class: "status", id: "status" });
  const logList = el("ol", { id: "log" });
  const note = el("div");
  const game = Object.assign({}, data, { over: false });
  ui.draw = () => {
    board.replaceChildren(playerPanel(game, shown, 2, { hand: shown.hand[1] }),
      drawBoard(game, shown, { active: ui.active, activeStore: ui.activeStore }),
      playerPanel(game, shown, 1, { hand: shown.hand[0] }));
  };
  function draw() {
    ui.draw();
    status.textContent = at === moves.length ? "After the last move: " + (data.result ? data.result.text : "not over") :
      "Before move " + (at + 1) + " of " + moves.length + ": " + moves[at].move;
    status.dataset.at = at;
    logList.replaceChildren(...logItems(moves, (i) => jump(i), at - 1));
    const current = logList.querySelector(".current");
    if (current) current.scrollIntoView({ block: "nearest" });
  }
  // Moves asked for (Next, Play) are sowed one after the other; a jump ends the sowing shown.
  let target = 0, running = false, generation = 0;
  function jump(i) {
    ++generation;
    ui.skip = true;
    at = target = Math.max(0, Math.min(moves.length, i + 1));
    shown = copyState(at === 0 ? before[0] : moves[at - 1].state);
    note.replaceChildren(at > 0 && moves[at - 1].round_end ? el("div", { class: "roundbox" }, moves[at - 1].round_end.text) : "");
    draw();
  }
  async function advance() {
    if (running) return;
    running = true;
    const started = generation;
    while (at < target && !ui.stopped && started === generation) {
      ui.skip = false;
      shown = copyState(before[at]);
      await animateSteps(shown, moves[at], ui);
      if (started !== generation) break;
      shown = copyState(moves[at].state);
      note.replaceChildren(moves[at].round_end ? el("div", { class: "roundbox" }, moves[at].round_end.text) : "");
      ++at;
      draw();
      if (playing && at < target) await sleep(speeds[ui.speed] * 2);
    }
    running = false;
  }
  function next() {
    target = Math.min(moves.length, Math.max(target, at) + 1);
    return advance();
  }
  const play = el("button", { id: "replay-play", onclick: () => {
    playing = !playing;
    play.textContent = playing ? "Pause" : "Play";
    if (playing) {
      target = moves.length;
      advance().then(() => { playing = false; play.textContent = "Play"; });
    } else {
      target = at + (running ? 1 : 0);
    }
  } }, "Play");
  const title = which === "trace" ? "Trace of " + data.ruleset : "Play-test #" + which + ": " + data.ruleset_name;
  show(el("p", {}, el("a", { href: "#/playtests" }, "\u2190 Play-tests")),
    el("h1", {}, title),
    el("p", { class: "muted" }, rulesetLink(data.ruleset), " \u00b7 P1 " + data.seats[0] + ", P2 " + data.seats[1] + " \u00b7 seed " + data.seed +
      (data.playtest ? " \u00b7 saved " + timeWithZone(data.playtest.created_at) : "")),
    data.playtest && data.playtest.notes ? el("blockquote", { id: "playtest-notes" }, data.playtest.notes) : null,
    el("div", { class: "play" },
      el("div", {}, status, note, board,
        el("div", { class: "controls" },
          el("button", { id: "replay-start", onclick: () => jump(-1) }, "\u25c0\u25c0 Start"),
          el("button", { id: "replay-prev", onclick: () => jump(at - 2) }, "\u25c0 Back"),
          el("button", { id: "replay-next", onclick: () => next() }, "Next \u25b6"),
          el("button", { id: "replay-end", onclick: () => jump(moves.length - 1) }, "End \u25b6\u25b6"),
          play, speedSelect(ui)),
        data.result ? el("div", { class: "result" }, data.result.text) : null),
      el("div", {}, el("h2", {}, "Moves"), el("div", { class: "log" }, logList))));
  draw();
  return { stop() { ui.stopped = true; playing = false; } };
}
