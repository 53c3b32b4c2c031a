// The loopcraft page: play and set loop puzzles. The page is a client of the JSON API
// (POST /api/<operation>); it computes nothing the server answers (solutions, the
// referee's verdict, grades), only the live warnings of rules.js.
//
// URL: ?mode=play|set&family=loop|slither|country&p=<anything parse reads>
//      (Loop v1 boards: &size=N&seed=TEXT, the same board as `loopcraft generate loop`).

import { CELL, drawBoard, edgeKeys, firstCells, regionBorders } from "./draw.js";
import { warnings } from "./rules.js";
import { ZOOM_STEP, boardDrawn, followCursor, setupZoom, zoomBy } from "./zoom.js";

const $ = (id) => document.getElementById(id);
const STORE = "loopcraft:";
const GENERATE_BUDGET = 10; // seconds the server may spend generating
const HINT_BUDGET = 10; // seconds it may spend looking for a hint (a blank 100 x 100 board needs about that)

// ---------------------------------------------------------------- the API

class ApiError extends Error {
  constructor(message, place) {
    super(message);
    this.place = place || null; // where a FormatError says the text is wrong
  }
}

async function api(op, body, signal) {
  let response;
  try {
    response = await fetch(`/api/${op}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (err.name === "AbortError") throw err;
    throw new ApiError("The server cannot be reached.");
  }
  const failed = `The server answered HTTP ${response.status} ${response.statusText}`.trim() + ".";
  const data = await response.json().catch(() => ({ message: failed }));
  if (!response.ok) throw new ApiError(data.message || failed, data.place);
  return data;
}

let info = { levels: { slither: [], country: [] }, export_formats: {}, features: {} };

// ---------------------------------------------------------------- state

const state = {
  mode: "play",
  family: "slither",
  puzzle: null, // {family, rows, cols, clues | regions, numbers (Map), first (Map), url, n?, seed?}
  // play
  edges: new Map(), // key -> 1 line | 2 cross
  undo: [],
  redo: [],
  cursor: null,
  solved: false,
  revealed: false,
  elapsed: 0, // seconds before `started`
  started: null, // Date.now() of the running timer, or null
  pausedHidden: false, // the timer was stopped because the page was hidden
  warn: null,
  hint: null, // the last hint's step, shown until the next change
  drag: null, // play: a press on an edge, maybe becoming a drag
  // set
  draft: null, // lattice: {clues}; country: {borders: Set, anchors: Map "r c" -> n, blocked: Set}
  selected: null,
  typed: { key: null, at: 0 },
  verdict: null,
  paint: null,
};

let inflight = null; // {controller, what}

const BUSY_DELAY = 400; // ms of work before the busy line shows
const LONG_PRESS_MS = 500; // ms a finger stays on an edge before it counts as a long press

let busyTimer = null;

// The busy line (and its Cancel) shows only once work has taken a while: a
// line that came and went within a fraction of a second, as most verdicts
// and hints do, made the whole panel jump down and back at every edit.
function setBusy(text, controller) {
  if (inflight && inflight.controller !== controller) inflight.controller.abort();
  inflight = controller ? { controller } : null;
  clearTimeout(busyTimer);
  $("busy-text").textContent = text || "";
  document.body.toggleAttribute("data-busy", !!controller); // at once, unlike the line: a hook for tests
  if (!controller) { $("busy").hidden = true; return; }
  if (!$("busy").hidden) return; // already showing: stays
  busyTimer = setTimeout(() => { if (inflight && inflight.controller === controller) $("busy").hidden = false; }, BUSY_DELAY);
}

function message(text, kind) {
  const m = $("message");
  m.textContent = text || "";
  m.className = "message" + (kind ? ` ${kind}` : "");
}

// ---------------------------------------------------------------- puzzles

function puzzleFrom(board, family) {
  const p = { ...board, family: family || board.family };
  if (p.family === "country") {
    p.numbers = new Map(board.numbers.map(([id, n]) => [id, n]));
    p.first = firstCells(board.regions);
    p.blocked = new Set();
    board.regions.forEach((row, r) => row.forEach((id, c) => { if (id === null) p.blocked.add(`${r} ${c}`); }));
  }
  return p;
}

function boardDict(p) {
  if (p.family === "country") {
    return { kind: "country", rows: p.rows, cols: p.cols, regions: p.regions, numbers: [...p.numbers] };
  }
  return { kind: "slitherlink", rows: p.rows, cols: p.cols, clues: p.clues };
}

function apiFamily(p) {
  return p.family === "country" ? "country" : "slither";
}

function shareParams() {
  const p = state.puzzle;
  const q = new URLSearchParams({ mode: state.mode, family: p.family });
  if (p.family === "loop" && p.seed !== undefined && state.mode === "play") {
    q.set("size", p.n);
    q.set("seed", p.seed);
  } else {
    q.set("p", p.url);
  }
  return q;
}

function storeKey() {
  const p = state.puzzle;
  return `${STORE}play:${p.family}:${p.family === "loop" ? `${p.n}:${p.seed}` : p.url}`;
}

// ---------------------------------------------------------------- play mode

function elapsed() {
  return state.elapsed + (state.started ? (Date.now() - state.started) / 1000 : 0);
}

function showTimer() {
  const s = Math.floor(elapsed());
  $("timer").textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function saveProgress() {
  if (!state.puzzle || state.mode !== "play") return;
  try {
    localStorage.setItem(storeKey(), JSON.stringify({
      edges: [...state.edges], elapsed: elapsed(), solved: state.solved, revealed: state.revealed,
    }));
    localStorage.setItem(`${STORE}last`, shareParams().toString());
  } catch { /* storage full or disabled: play on */ }
}

function syncSizeInputs(p) {
  if (p.family === "loop") { $("gen-size").value = String(p.rows); return; }
  for (const id of ["gen-rows", "new-rows"]) $(id).value = String(p.rows);
  for (const id of ["gen-cols", "new-cols"]) $(id).value = String(p.cols);
}

function startPlay(puzzle) {
  syncSizeInputs(puzzle);
  state.mode = "play";
  state.puzzle = puzzle;
  state.edges = new Map();
  state.undo = [];
  state.redo = [];
  state.cursor = null;
  state.solved = false;
  state.revealed = false;
  state.elapsed = 0;
  state.pausedHidden = false;
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(storeKey()) || "null"); } catch { saved = null; }
  if (saved && Array.isArray(saved.edges)) {
    const valid = new Set(edgeKeys(puzzle));
    state.edges = new Map(saved.edges.filter(([k, v]) => valid.has(k) && (v === 1 || v === 2)));
    state.elapsed = Number(saved.elapsed) || 0;
    state.revealed = !!saved.revealed;
  }
  state.started = Date.now();
  message("");
  evaluate();
  render();
}

function setEdge(key, value) {
  const before = state.edges.get(key) || 0;
  if (before === value) return;
  state.undo.push([[key, before, value]]);
  state.redo = [];
  applyEdge(key, value);
  changed();
}

function applyEdge(key, value) {
  if (value) state.edges.set(key, value); else state.edges.delete(key);
}

function cycle(key, backwards) {
  const v = state.edges.get(key) || 0;
  setEdge(key, backwards ? (v + 2) % 3 : (v + 1) % 3);
}

function undoRedo(from, to, forward) {
  const step = from.pop();
  if (!step) return;
  to.push(step);
  for (const [key, before, after] of forward ? step : [...step].reverse()) applyEdge(key, forward ? after : before);
  changed();
}

function changed() {
  state.hint = null;
  message("");
  evaluate();
  render();
  saveProgress();
}

let checkSerial = 0;

/** Live warnings; when the lines are one closed loop, the referee decides whether it is solved. */
function evaluate() {
  const w = warnings(state.puzzle, state.edges);
  state.warn = w;
  // A live region: rewritten only when the warnings change, or a screen reader
  // would say every standing warning again after each move.
  const list = $("warnings");
  const shown = [...list.children].map((e) => e.textContent);
  if (shown.join("\n") !== w.messages.join("\n")) {
    list.replaceChildren(...w.messages.map((text) => {
      const li = document.createElement("p");
      li.className = "warning";
      li.textContent = text;
      return li;
    }));
  }
  const serial = ++checkSerial;
  if (!w.closedLoop || w.messages.length) {
    setSolved(false);
    return;
  }
  api("check", { family: apiFamily(state.puzzle), puzzle: boardDict(state.puzzle), lines: linesOf() })
    .then((res) => { if (serial === checkSerial) setSolved(res.ok); })
    .catch((err) => message(err.message, "error"));
}

function setSolved(ok) {
  const was = state.solved;
  state.solved = ok;
  $("board").setAttribute("data-solved", ok ? "true" : "false");
  // The banner is a live region (role="status"), empty and not shown until
  // solved: its text is written once, so that a screen reader says it once.
  const banner = $("banner");
  if (!ok) banner.textContent = "";
  if (ok) {
    if (state.started) { state.elapsed = elapsed(); state.started = null; }
    const s = Math.floor(state.elapsed);
    const text = state.revealed
      ? "Revealed: this is the solution."
      : `Solved in ${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}!`;
    if (banner.textContent !== text) banner.textContent = text;
    if (!was) saveProgress();
  } else if (!state.started && state.mode === "play") {
    state.started = Date.now();
  }
  showTimer();
}

function linesOf() {
  const p = state.puzzle;
  const bit = (k) => (state.edges.get(k) === 1 ? "1" : "0");
  const rows = (n, m, f) => Array.from({ length: n }, (_, r) => Array.from({ length: m }, (_, c) => f(r, c)).join(""));
  if (p.family === "country") {
    return {
      right: rows(p.rows, p.cols - 1, (r, c) => bit(`right ${r} ${c}`)),
      down: rows(p.rows - 1, p.cols, (r, c) => bit(`down ${r} ${c}`)),
    };
  }
  return {
    h_edges: rows(p.rows + 1, p.cols, (r, c) => bit(`h ${r} ${c}`)),
    v_edges: rows(p.rows, p.cols + 1, (r, c) => bit(`v ${r} ${c}`)),
  };
}

function edgesFromLines(p, lines) {
  const edges = new Map();
  const read = (kind, list) => list.forEach((row, r) => [...row].forEach((ch, c) => {
    if (ch === "1") edges.set(`${kind} ${r} ${c}`, 1);
  }));
  if (p.family === "country") { read("right", lines.right); read("down", lines.down); }
  else { read("h", lines.h_edges); read("v", lines.v_edges); }
  return edges;
}

/**
 * The referee's message as the page says places: rows and columns from 1 (as the
 * warnings and the hints do; the library counts from 0), and a country by where
 * it is rather than by its id.
 */
function violationText(v) {
  const text = v.message.replace(/row (\d+), column (\d+)/g, (_, r, c) => `row ${Number(r) + 1}, column ${Number(c) + 1}`);
  return countryNames(text);
}

/** "country 9" (a Country Road country's id, which the player never sees) as the place of its first cell. */
function countryNames(text) {
  const first = state.puzzle.first;
  if (!first) return text;
  return text.replace(/\bcountry (\d+)/g, (all, id) => {
    const at = first.get(Number(id));
    return at ? `the country at row ${at[0] + 1}, column ${at[1] + 1}` : all;
  });
}

async function checkNow() {
  try {
    const res = await api("check", { family: apiFamily(state.puzzle), puzzle: boardDict(state.puzzle), lines: linesOf() });
    if (res.ok) {
      message("Correct: every rule holds.", "ok");
      setSolved(true);
    } else {
      const shown = res.violations.slice(0, 6).map(violationText);
      if (res.violations.length > 6) shown.push(`… and ${res.violations.length - 6} more.`);
      message(`Not yet: ${shown.join("; ")}`, "error");
    }
  } catch (err) { message(err.message, "error"); }
}

async function reveal() {
  const controller = new AbortController();
  setBusy("Solving…", controller);
  try {
    const res = await api("solve", { family: apiFamily(state.puzzle), puzzle: boardDict(state.puzzle), limit: 1 }, controller.signal);
    if (!res.solutions.length) {
      message(res.complete ? "This board has no solution." : "No solution found within the time limit.", "error");
      return;
    }
    const edges = edgesFromLines(state.puzzle, res.solutions[0]);
    const step = [];
    for (const key of new Set([...state.edges.keys(), ...edges.keys()])) {
      const before = state.edges.get(key) || 0, after = edges.get(key) || 0;
      if (before !== after) step.push([key, before, after]);
    }
    for (const [key, , after] of step) applyEdge(key, after);
    if (step.length) { state.undo.push(step); state.redo = []; }
    state.revealed = true;
    changed();
  } catch (err) {
    if (err.name !== "AbortError") message(err.message, "error");
  } finally { if (inflight && inflight.controller === controller) setBusy(null, null); }
}

function clearLines() {
  const step = [...state.edges].map(([key, v]) => [key, v, 0]);
  if (!step.length) return;
  state.undo.push(step);
  state.redo = [];
  state.edges = new Map();
  state.revealed = false;
  changed();
}

/** The player's marks for the hint engine: 1 line, 0 cross, ? nothing. */
function marksOf() {
  const p = state.puzzle;
  const mark = (k) => ({ 1: "1", 2: "0" }[state.edges.get(k)] || "?");
  const rows = (n, m, f) => Array.from({ length: n }, (_, r) => Array.from({ length: m }, (_, c) => f(r, c)).join(""));
  if (p.family === "country") {
    return {
      right: rows(p.rows, p.cols - 1, (r, c) => mark(`right ${r} ${c}`)),
      down: rows(p.rows - 1, p.cols, (r, c) => mark(`down ${r} ${c}`)),
    };
  }
  return {
    h_edges: rows(p.rows + 1, p.cols, (r, c) => mark(`h ${r} ${c}`)),
    v_edges: rows(p.rows, p.cols + 1, (r, c) => mark(`v ${r} ${c}`)),
  };
}

/** Hint rules that say something is wrong (a mark, or the puzzle itself) rather than what to draw. */
const WRONG_STEPS = new Set(["mistake", "no-solution"]);

async function askHint() {
  const p = state.puzzle;
  const controller = new AbortController();
  setBusy("Looking for the next step…", controller);
  try {
    const body = { family: apiFamily(p), puzzle: boardDict(p), position: marksOf(), time_limit: HINT_BUDGET };
    const res = await api("hint", body, controller.signal);
    state.hint = res.step;
    if (res.complete === false) {
      message("No hint within the time limit: this board is too wide to look that far ahead.", "error");
    } else if (!res.step) {
      message(state.solved ? "Solved: there is nothing left to find." : "No rule decides anything more here.");
    } else {
      showHint(res.step);
    }
    render();
  } catch (err) {
    if (err.name !== "AbortError") message(err.message, "error");
  } finally {
    if (inflight && inflight.controller === controller) setBusy(null, null);
  }
}

/**
 * A hint in the message box: the rule it applies, named as the catalogue names
 * it (GET /api/info's rules) with its level, then what it says here, then the
 * rule's own line, so that a player learns the rule and not only the move.
 */
function showHint(step) {
  message(null);
  const m = $("message");
  m.className = "message " + (WRONG_STEPS.has(step.rule) ? "error" : "hint");
  const catalogue = (info.rules && info.rules[apiFamily(state.puzzle)]) || [];
  const rule = catalogue.find((r) => r.name === step.rule);
  const head = document.createElement("div");
  head.className = "rule";
  head.dataset.testid = "hint-rule";
  const name = document.createElement("strong");
  name.textContent = step.rule;
  const level = document.createElement("span");
  level.className = "level";
  level.textContent = step.level;
  head.append(name, " ", level);
  const text = document.createElement("div");
  text.textContent = countryNames(step.text);
  m.append(head, text);
  if (rule) {
    const line = document.createElement("div");
    line.className = "rule-line";
    line.dataset.testid = "hint-rule-line";
    line.textContent = `The rule: ${rule.description}.`;
    m.append(line);
  }
}

/** Draws what the last hint decided (lines and crosses on edges), as one undo step. */
function applyHint() {
  const step = state.hint;
  if (!step || WRONG_STEPS.has(step.rule)) return;
  const change = [];
  for (const [key, value] of step.decided) {
    if (!["h", "v", "right", "down"].includes(key[0])) continue;
    const k = key.join(" "), after = value === 1 ? 1 : 2, before = state.edges.get(k) || 0;
    if (before !== after) change.push([k, before, after]);
  }
  if (!change.length) return;
  for (const [k, , after] of change) applyEdge(k, after);
  state.undo.push(change);
  state.redo = [];
  changed();
}

/** What a hint shows on the board: the marks it decides, or the mark that is a mistake. */
function hintOverlay() {
  const step = state.hint;
  if (!step) return {};
  const edgeKinds = new Set(["h", "v", "right", "down"]);
  const hintEdges = new Map(), hintCells = new Map();
  for (const [key, value] of step.decided) {
    if (edgeKinds.has(key[0])) hintEdges.set(key.join(" "), value);
    else if (key[0] === "cell") hintCells.set(`${key[1]} ${key[2]}`, value); // Country Road: a cell used or not
  }
  const bad = new Set();
  if (step.rule === "mistake") for (const key of step.premise) if (edgeKinds.has(key[0])) bad.add(key.join(" "));
  return { hintEdges, hintCells, badEdges: bad };
}

// ---------------------------------------------------------------- generation

async function generate(params) {
  const controller = new AbortController();
  const family = params.family;
  const label = family === "loop" ? `Loop v1 ${params.size} x ${params.size}` : `${params.rows} x ${params.cols}`;
  const t0 = Date.now();
  setBusy(`Generating ${label}…`, controller);
  const tick = setInterval(() => {
    $("busy-text").textContent = `Generating ${label}… ${((Date.now() - t0) / 1000).toFixed(1)} s`;
  }, 100);
  try {
    const res = await api("generate", { ...params, time_limit: GENERATE_BUDGET }, controller.signal);
    if (!res.board) {
      message(res.message || "No puzzle found; try another seed or a smaller board.", "error");
      return;
    }
    state.family = family;
    $("family").value = family;
    saveProgress(); // the puzzle left, which Back returns to
    startPlay(puzzleFrom(res.board, family));
    updateUrl(!fromHistory);
    // The busy line counts tenths of seconds, too often for a live region: say the end once.
    $("cursor-status").textContent = `New puzzle: ${$("title").textContent}.`;
  } catch (err) {
    if (err.name === "AbortError") message("Generation cancelled.");
    else message(err.message, "error");
  } finally {
    clearInterval(tick);
    if (inflight && inflight.controller === controller) setBusy(null, null);
  }
}

function randomSeed() {
  return Math.random().toString(36).slice(2, 8);
}

function generateFromForm() {
  const family = $("family").value;
  const seed = $("gen-seed").value.trim() || randomSeed();
  $("gen-seed").value = seed;
  if (family === "loop") return generate({ family, size: Number($("gen-size").value), seed });
  const params = { family, rows: Number($("gen-rows").value), cols: Number($("gen-cols").value), seed };
  if (family === "slither" && $("gen-level").value) params.grade = $("gen-level").value;
  return generate(params);
}

// ---------------------------------------------------------------- set mode

function draftFrom(p) {
  if (p.family === "country") {
    const anchors = new Map();
    for (const [id, n] of p.numbers) {
      const [r, c] = p.first.get(id);
      anchors.set(`${r} ${c}`, n);
    }
    return { borders: new Set(regionBorders(p.regions)), anchors, blocked: new Set(p.blocked) };
  }
  return { clues: p.clues.map((row) => [...row]) };
}

/** The board of the draft: countries are the cells joined without a border between them. */
function puzzleOfDraft() {
  const p = state.puzzle;
  if (p.family !== "country") return { ...p, clues: state.draft.clues.map((row) => [...row]) };
  const { rows, cols } = p;
  const { borders, anchors, blocked } = state.draft;
  const regions = Array.from({ length: rows }, () => Array(cols).fill(null));
  let next = 0;
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
    if (regions[r][c] !== null || blocked.has(`${r} ${c}`)) continue;
    const id = next++;
    regions[r][c] = id;
    const stack = [[r, c]];
    while (stack.length) {
      const [a, b] = stack.pop();
      const steps = [[a - 1, b, `h ${a} ${b}`], [a + 1, b, `h ${a + 1} ${b}`], [a, b - 1, `v ${a} ${b}`], [a, b + 1, `v ${a} ${b + 1}`]];
      for (const [x, y, side] of steps) {
        if (x < 0 || y < 0 || x >= rows || y >= cols || regions[x][y] !== null) continue;
        if (borders.has(side) || blocked.has(`${x} ${y}`)) continue;
        regions[x][y] = id;
        stack.push([x, y]);
      }
    }
  }
  const numbers = new Map();
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
    const n = anchors.get(`${r} ${c}`);
    if (n !== undefined && regions[r][c] !== null && !numbers.has(regions[r][c])) numbers.set(regions[r][c], n);
  }
  return { ...p, regions, numbers, first: firstCells(regions), blocked: new Set(blocked) };
}

function startSet(puzzle) {
  syncSizeInputs(puzzle);
  state.mode = "set";
  state.puzzle = puzzle;
  state.draft = draftFrom(puzzle);
  state.selected = null;
  state.verdict = null;
  state.started = null;
  setSolved(false);
  message("");
  render();
  draftChanged(false);
}

function emptyPuzzle(family, rows, cols) {
  if (family === "country") {
    const regions = Array.from({ length: rows }, () => Array(cols).fill(0));
    return puzzleFrom({ family, rows, cols, regions, numbers: [], url: "" });
  }
  const clues = Array.from({ length: rows }, () => Array(cols).fill(null));
  return { family: "slither", rows, cols, clues, url: "" };
}

let verdictTimer = null;

// Set mode's undo: snapshots of the draft (and its board: a new board, an
// import, a minimised board or another family are steps too). A drag of
// borders is one step.
const drafts = { undo: [], redo: [], current: null, restoring: false };

function cloneDraft(d) {
  if (d.clues) return { clues: d.clues.map((row) => [...row]) };
  return { borders: new Set(d.borders), anchors: new Map(d.anchors), blocked: new Set(d.blocked) };
}

function rememberDraft() {
  const paint = state.paint;
  if (!drafts.restoring && !(paint && paint.remembered)) {
    if (drafts.current) drafts.undo.push(drafts.current);
    drafts.redo = [];
    if (paint) paint.remembered = true;
  }
  drafts.current = { puzzle: state.puzzle, draft: cloneDraft(state.draft) };
}

function undoDraft(from, to) {
  if (state.mode !== "set" || !from.length) return;
  const snap = from.pop();
  to.push(drafts.current);
  const p = snap.puzzle;
  if ((p.family === "country") !== ($("family").value === "country")) {
    $("family").value = p.family === "country" ? "country" : "slither";
    familyChanged();
  }
  syncSizeInputs(p);
  state.puzzle = p;
  state.draft = cloneDraft(snap.draft);
  if (state.selected) {
    const [r, c] = state.selected.split(" ").map(Number);
    if (r >= p.rows || c >= p.cols) state.selected = null;
  }
  drafts.restoring = true;
  try { draftChanged(); } finally { drafts.restoring = false; }
}

function draftChanged(edited = true) {
  state.puzzle = puzzleOfDraft();
  rememberDraft();
  $("verdict").setAttribute("data-state", "busy"); // until the verdict of this draft arrives
  if (edited) {
    state.verdict = null;
    $("suggestions").replaceChildren();
    $("minimize").hidden = true;
  }
  render();
  clearTimeout(verdictTimer);
  verdictTimer = setTimeout(askVerdict, 120);
}

async function askVerdict() {
  const controller = new AbortController();
  setBusy("Checking the draft…", controller); // cancels the verdict of an older draft
  const v = $("verdict");
  v.setAttribute("data-state", "busy");
  const p = state.puzzle;
  try {
    const verdict = await api("verdict", { family: apiFamily(p), puzzle: boardDict(p) }, controller.signal);
    if (state.puzzle !== p) return; // an older draft's verdict: a newer one is on its way
    p.url = verdict.url;
    state.verdict = verdict;
    showVerdict();
    updateUrl();
  } catch (err) {
    if (err.name === "AbortError") return;
    v.setAttribute("data-count", "");
    v.setAttribute("data-state", "error");
    v.className = "verdict error"; // not the colour of the last verdict, which no longer holds
    v.textContent = `No verdict. ${err.message}`;
  } finally {
    if (inflight && inflight.controller === controller) setBusy(null, null);
  }
}

function showVerdict() {
  const v = $("verdict");
  const res = state.verdict;
  v.setAttribute("data-state", res.complete ? "done" : "incomplete");
  v.setAttribute("data-count", String(res.count));
  let text;
  if (res.unique) text = `Unique solution${res.level ? `, level ${res.level}` : ""}.`;
  else if (res.count === 1) text = "One solution found; the time limit stopped the search before uniqueness was proven.";
  else if (res.count >= 2) text = res.complete ? `${res.solutions} solutions.` : `At least ${res.solutions} solutions.`;
  // Nothing found and nothing proven is no verdict on solvability: it must not read
  // (or look, in the red of "No solution") like one.
  else text = res.complete ? "No solution." : "Not decided: the time limit ran out before a solution was found.";
  v.textContent = text;
  const undecided = res.count === 0 && !res.complete;
  v.className = `verdict ${undecided ? "undecided" : `count-${res.count}`}${res.complete ? "" : " incomplete"}`;
  const detail = document.createElement("div");
  detail.className = "verdict-detail";
  if (res.count >= 2) {
    detail.textContent = "Blue lines are in every solution; shaded cells are where two of them differ.";
  } else if (res.count === 0 && res.conflict) {
    detail.textContent = res.conflict.cells.length
      ? `The ringed ${clueWord()} admit no solution together${res.conflict.complete ? "" : " (not proven minimal)"}.`
      : `Why: ${res.conflict.reason}.`;
  }
  if (detail.textContent) v.appendChild(detail);
  const box = $("suggestions");
  box.replaceChildren(...(res.suggestions || []).map((s) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "suggestion";
    b.setAttribute("data-testid", "suggestion");
    const [r, c] = s.cell;
    // People count rows and columns from 1 (as the CLI and the hints do); the API keeps 0-based keys.
    // "open": the unknowns (edges; cells and links in Country Road) that the solutions still disagree on.
    const open = `${s.open} ${state.puzzle.family === "country" ? "cells and links" : "edges"} undecided`;
    b.textContent = `Add ${s.value} at row ${r + 1}, column ${c + 1} → ${s.count === 1 ? "unique" : open}`;
    b.addEventListener("click", () => {
      // The suggestions are replaced at once: the focus goes to the board, on the cell just set.
      state.selected = `${r} ${c}`;
      setClue(state.selected, s.value);
      $("board").focus();
    });
    return b;
  }));
  if (box.children.length) {
    const label = document.createElement("span");
    label.className = "suggestion-label";
    // ranked is false when the time limit ran out while ranking: the best of the clues tried.
    label.textContent = res.ranked === false
      ? "Clues that narrow it down (the time ran out before every clue was tried):"
      : "Clues that narrow it down:";
    box.prepend(label);
  }
  $("minimize").hidden = !res.unique;
  render();
}

function clueWord() {
  return state.puzzle.family === "country" ? "numbers" : "clues";
}

async function minimise() {
  const p = state.puzzle;
  const controller = new AbortController();
  setBusy("Removing the clues that are not needed…", controller);
  try {
    const res = await api("minimize", { family: apiFamily(p), puzzle: boardDict(p) }, controller.signal);
    startSet(puzzleFrom(res.board, apiFamily(p)));
    const removed = `Removed ${res.removed} ${res.removed === 1 ? "clue" : "clues"}`;
    // complete is false when the time limit ran out first: a clue left may not be needed.
    if (res.complete === false) message(`${removed}; the time ran out before every clue left was shown to be needed.`, "ok");
    else message(`${removed}; every clue left is needed.`, "ok");
  } catch (err) {
    if (err.name !== "AbortError") message(err.message, "error");
  } finally {
    if (inflight && inflight.controller === controller) setBusy(null, null);
  }
}

function setClue(key, value) {
  const [r, c] = key.split(" ").map(Number);
  if (state.puzzle.family === "country") {
    if (state.draft.blocked.has(key)) return;
    if (value === null) state.draft.anchors.delete(key); else state.draft.anchors.set(key, value);
  } else {
    state.draft.clues[r][c] = value;
  }
  draftChanged();
}

/** Country Road: blocks the cell (it loses its number) or frees it. */
function toggleBlocked(key) {
  const blocked = state.draft.blocked;
  if (blocked.has(key)) blocked.delete(key);
  else { blocked.add(key); state.draft.anchors.delete(key); }
  draftChanged();
}

function clueAt(key) {
  const [r, c] = key.split(" ").map(Number);
  if (state.puzzle.family === "country") {
    const n = state.draft.anchors.get(key);
    return n === undefined ? null : n;
  }
  return state.draft.clues[r][c];
}

function toggleBorder(side, value) {
  const has = state.draft.borders.has(side);
  const want = value === undefined ? !has : value;
  if (want === has) return false;
  if (want) state.draft.borders.add(side); else state.draft.borders.delete(side);
  return true;
}

async function importText() {
  const box = $("import-text");
  const text = box.value.trim();
  if (!text) return;
  const family = $("family").value === "country" ? "country" : "slither";
  box.removeAttribute("aria-invalid");
  try {
    const res = await api("parse", { family, puzzle: text });
    state.family = family;
    startSet(puzzleFrom(res.board, family));
    message("Loaded.", "ok");
  } catch (err) {
    message(err.message, "error");
    const range = err.place && faultRange(text, err.place);
    if (range) {
      // Select what the reader refused, so the setter sees it and can type over it.
      const start = box.value.indexOf(text);
      box.setAttribute("aria-invalid", "true");
      box.focus();
      box.setSelectionRange(start + range[0], start + range[1]);
    }
  }
}

// The characters of `text` that a FormatError's place names: a character of a
// URL's body (the last field), or a line of puzzlekit text. Null otherwise.
function faultRange(text, place) {
  if (place.part === "body" && place.position) {
    const at = text.lastIndexOf("/") + place.position; // position counts from 1
    return at <= text.length ? [at, Math.min(at + 1, text.length)] : null;
  }
  if (place.line) {
    const lines = text.split("\n");
    if (place.line > lines.length) return null;
    const start = lines.slice(0, place.line - 1).reduce((n, l) => n + l.length + 1, 0);
    return [start, start + lines[place.line - 1].length];
  }
  return null;
}

async function exportBoard() {
  const format = $("export-format").value;
  const p = state.puzzle;
  try {
    const res = await api("export", { family: apiFamily(p), puzzle: boardDict(p), format });
    const out = $("export-text"), link = $("download");
    out.hidden = format === "png";
    link.hidden = !(format === "svg" || format === "png");
    if (format === "png") {
      const bytes = Uint8Array.from(atob(res.base64), (ch) => ch.charCodeAt(0));
      link.href = URL.createObjectURL(new Blob([bytes], { type: "image/png" }));
      link.download = "puzzle.png";
    } else {
      out.value = res.text;
      if (format === "svg") {
        link.href = URL.createObjectURL(new Blob([res.text], { type: "image/svg+xml" }));
        link.download = "puzzle.svg";
      }
    }
  } catch (err) { message(err.message, "error"); }
}

// ---------------------------------------------------------------- drawing

function render() {
  const p = state.puzzle;
  document.body.dataset.mode = state.mode;
  document.body.dataset.family = $("family").value;
  $("board").setAttribute("aria-describedby", state.mode === "play" ? "play-keys" : "set-keys");
  $("mode-play").setAttribute("aria-pressed", String(state.mode === "play"));
  $("mode-set").setAttribute("aria-pressed", String(state.mode === "set"));
  const field = $("cell-value"); // set mode: the number of the selected cell, for screens without keys
  field.disabled = !(state.mode === "set" && state.selected);
  if (!field.disabled && document.activeElement !== field) {
    const v = clueAt(state.selected);
    field.value = v === null ? "" : String(v);
    field.max = state.puzzle.family === "country" ? "" : "4";
  } else if (field.disabled) field.value = "";
  const block = $("cell-blocked");
  block.disabled = field.disabled || state.puzzle.family !== "country";
  block.checked = !block.disabled && state.draft.blocked.has(state.selected);
  if (block.checked) field.disabled = true;
  // Undo and Redo say when there is nothing to take back or do again.
  $("undo").disabled = !state.undo.length;
  $("redo").disabled = !state.redo.length;
  $("set-undo").disabled = !drafts.undo.length;
  $("set-redo").disabled = !drafts.redo.length;
  const step = state.mode === "play" ? state.hint : null;
  $("apply-hint").hidden = !(step && !WRONG_STEPS.has(step.rule) && step.decided.some(([k]) => ["h", "v", "right", "down"].includes(k[0])));
  if (!p) return;
  const country = p.family === "country";
  const name = { loop: "Loop v1", slither: "Slitherlink", country: "Country Road" }[p.family];
  $("title").textContent = `${name} ${p.rows} x ${p.cols}` + (p.family === "loop" && p.seed !== undefined ? `, seed “${p.seed}”` : "");
  const texts = new Map();
  if (country) {
    if (state.mode === "set") for (const [key, n] of state.draft.anchors) texts.set(key, String(n));
    else for (const [id, n] of p.numbers) { const [r, c] = p.first.get(id); texts.set(`${r} ${c}`, String(n)); }
  } else {
    p.clues.forEach((row, r) => row.forEach((v, c) => { if (v !== null) texts.set(`${r} ${c}`, String(v)); }));
  }
  const view = {
    family: p.family, rows: p.rows, cols: p.cols, texts,
    title: $("title").textContent,
    borders: country
      ? (state.mode === "set" ? [...new Set([...state.draft.borders, ...regionBorders(p.regions)])] : regionBorders(p.regions))
      : undefined,
    blocked: country ? p.blocked : undefined,
  };
  if (state.mode === "play") {
    Object.assign(view, {
      edges: state.edges, hits: "edges",
      warnCells: state.warn?.warnCells, warnPoints: state.warn?.warnPoints, warnEdges: state.warn?.warnEdges,
      cursor: state.cursor ? { kind: country ? "cell" : "point", ...state.cursor } : null,
      ...hintOverlay(),
    });
  } else {
    Object.assign(view, {
      hits: country ? "cells+sides" : "cells", selected: state.selected,
      edges: new Map(), ...(verdictOverlay() || {}),
    });
  }
  drawBoard($("board"), view);
  boardDrawn(p.rows, p.cols);
}

/** What the verdict draws on the draft: the shared lines, the shaded difference, the clashing clues. */
function verdictOverlay() {
  const res = state.verdict;
  if (!res || !res.backbone) return null;
  const bb = res.backbone;
  const shared = new Map();
  const read = (kind, list) => (list || []).forEach((row, r) => [...row].forEach((ch, c) => {
    if (ch === "1") shared.set(`${kind} ${r} ${c}`, 1);
  }));
  if (state.puzzle.family === "country") { read("right", bb.right); read("down", bb.down); }
  else { read("h", bb.h_edges); read("v", bb.v_edges); }
  const out = {
    sharedEdges: res.count >= 1 ? shared : new Map(),
    shaded: res.count >= 2 ? res.shaded.map(([r, c]) => `${r} ${c}`) : [],
    marked: res.conflict ? res.conflict.cells.map(([r, c]) => `${r} ${c}`) : [],
  };
  return out;
}

// ---------------------------------------------------------------- input

function onBoardClick(event, backwards) {
  const target = event.target.closest("[data-edge],[data-cell],[data-side]");
  if (!target || !state.puzzle) return;
  if (state.mode === "play") {
    // A left click or tap on an edge is handled on pointerup (see onPointerUp), with drags.
    const key = target.getAttribute("data-edge");
    if (key && backwards) cycle(key, true);
    return;
  }
  const cell = target.getAttribute("data-cell");
  if (cell) {
    if (state.selected === cell) {
      const v = clueAt(cell);
      const max = state.puzzle.family === "country" ? 99 : 4;
      setClue(cell, v === null ? 0 : v >= max ? null : v + 1);
    } else {
      state.selected = cell;
      render();
    }
  }
}

function onKey(event) {
  if (!state.puzzle || event.target.closest("input, textarea, select")) return;
  const mod = event.ctrlKey || event.metaKey;
  const redo = mod && (event.key.toLowerCase() === "y" || (event.key.toLowerCase() === "z" && event.shiftKey));
  if (mod && event.key.toLowerCase() === "z" && !redo) {
    event.preventDefault();
    if (state.mode === "play") undoRedo(state.undo, state.redo, false); else undoDraft(drafts.undo, drafts.redo);
    return;
  }
  if (redo) {
    event.preventDefault();
    if (state.mode === "play") undoRedo(state.redo, state.undo, true); else undoDraft(drafts.redo, drafts.undo);
    return;
  }
  // Zoom: + (or =) in; - out while playing, _ in both modes (- clears a set number).
  if (!mod && (event.key === "+" || event.key === "=")) { event.preventDefault(); zoomBy(ZOOM_STEP); return; }
  if (!mod && (event.key === "_" || (event.key === "-" && state.mode === "play"))) {
    event.preventDefault();
    zoomBy(1 / ZOOM_STEP);
    return;
  }
  const dirs = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const p = state.puzzle;
  const country = p.family === "country";
  if (dirs[event.key]) {
    event.preventDefault();
    const [dr, dc] = dirs[event.key];
    if (state.mode === "play") {
      const maxR = country ? p.rows - 1 : p.rows, maxC = country ? p.cols - 1 : p.cols;
      const cur = state.cursor || { r: 0, c: 0 };
      const r = cur.r + dr, c = cur.c + dc;
      if (r < 0 || c < 0 || r > maxR || c > maxC) { state.cursor = cur; render(); sayCursor(); return; }
      const key = country
        ? (dr ? `down ${Math.min(r, cur.r)} ${c}` : `right ${r} ${Math.min(c, cur.c)}`)
        : (dr ? `v ${Math.min(r, cur.r)} ${c}` : `h ${r} ${Math.min(c, cur.c)}`);
      if (mod) { const v = state.edges.get(key) || 0; state.cursor = cur; setEdge(key, v === 2 ? 0 : 2); sayCursor(); return; }
      if (event.shiftKey) { const v = state.edges.get(key) || 0; state.cursor = { r, c }; setEdge(key, v === 1 ? 0 : 1); sayCursor(); return; }
      state.cursor = { r, c };
      render();
      sayCursor();
    } else {
      const [r0, c0] = (state.selected || "0 0").split(" ").map(Number);
      const r = Math.max(0, Math.min(p.rows - 1, r0 + dr)), c = Math.max(0, Math.min(p.cols - 1, c0 + dc));
      if (country && event.shiftKey && (r !== r0 || c !== c0)) {
        const side = dr ? `h ${Math.max(r, r0)} ${c}` : `v ${r} ${Math.max(c, c0)}`;
        toggleBorder(side);
        state.selected = `${r} ${c}`;
        draftChanged();
        sayCursor();
        return;
      }
      state.selected = `${r} ${c}`;
      render();
      sayCursor();
    }
    return;
  }
  if (state.mode === "set" && state.selected) {
    if (/^[0-9]$/.test(event.key)) {
      event.preventDefault();
      const d = Number(event.key);
      if (country) {
        const now = Date.now();
        const cont = state.typed.key === state.selected && now - state.typed.at < 1200;
        const prev = clueAt(state.selected);
        const n = cont && prev !== null && prev < 100 ? prev * 10 + d : d;
        state.typed = { key: state.selected, at: now };
        setClue(state.selected, n);
      } else if (d <= 4) {
        setClue(state.selected, d);
      }
    } else if (country && (event.key === "#" || event.key === "@")) {
      event.preventDefault();
      toggleBlocked(state.selected);
    } else if (["Backspace", "Delete", " ", "-", "."].includes(event.key)) {
      event.preventDefault();
      setClue(state.selected, null);
    }
    if (event.defaultPrevented) sayCursor();
  } else if (state.mode === "play" && (event.key === " " || event.key === "Enter") && state.cursor) {
    event.preventDefault();
  }
}

/**
 * Says where the keyboard cursor is, and the marks around it, in a live region:
 * the board is a picture, which a screen reader cannot read.
 */
function sayCursor() {
  const p = state.puzzle, country = p.family === "country";
  let text;
  if (state.mode === "play") {
    const { r, c } = state.cursor;
    const around = country
      ? { up: `down ${r - 1} ${c}`, down: `down ${r} ${c}`, left: `right ${r} ${c - 1}`, right: `right ${r} ${c}` }
      : { up: `v ${r - 1} ${c}`, down: `v ${r} ${c}`, left: `h ${r} ${c - 1}`, right: `h ${r} ${c}` };
    const marks = Object.entries(around)
      .filter(([, key]) => state.edges.get(key))
      .map(([way, key]) => `${state.edges.get(key) === 1 ? "line" : "cross"} ${way}`);
    text = `${country ? "Cell" : "Point"} row ${r + 1}, column ${c + 1}: ${marks.length ? marks.join(", ") : "no marks"}.`;
  } else {
    const [r, c] = state.selected.split(" ").map(Number);
    const v = clueAt(state.selected);
    const blocked = country && state.draft.blocked.has(state.selected);
    text = `Cell row ${r + 1}, column ${c + 1}: ${blocked ? "blocked" : v === null ? "no number" : v}.`;
  }
  $("cursor-status").textContent = text;
}

// Borders in set mode (Country Road): press on a cell side and drag along others.
function sideAt(x, y) {
  const e = document.elementFromPoint(x, y);
  return e && e.getAttribute && e.getAttribute("data-side");
}

// The edge a dragging pointer is on, from its position rather than from the hit
// areas: those overlap at every point, so a drag along a row that strays a pixel
// off the line would also take the stubs across it. Near a point (a lattice
// point, or a cell centre in Country Road) the drag's way on is not yet clear,
// and no edge is taken.
function edgeAt(x, y) {
  const svg = $("board"), m = svg.getScreenCTM();
  if (!m) return null;
  const at = new DOMPoint(x, y).matrixTransform(m.inverse());
  const p = state.puzzle, country = p.family === "country";
  const shift = country ? 1 : 0.5; // the margin, plus half a cell to the cell centres
  const u = at.x / CELL - shift, v = at.y / CELL - shift;
  const pu = Math.round(u), pv = Math.round(v);
  if (Math.hypot(u - pu, v - pv) < 0.3) return null;
  const across = Math.abs(v - pv) < Math.abs(u - pu); // along a row of points
  const r = across ? pv : Math.floor(v), c = across ? Math.floor(u) : pu;
  const rows = country ? p.rows - 1 : p.rows, cols = country ? p.cols - 1 : p.cols; // the last point
  if (r < 0 || c < 0 || r > rows || c > cols || (across ? c >= cols : r >= rows)) return null;
  return country ? `${across ? "right" : "down"} ${r} ${c}` : `${across ? "h" : "v"} ${r} ${c}`;
}

// Play: a tap cycles an edge; a drag across edges draws lines along them (or erases them,
// when the first edge it takes is a line), as one undo step. A drag may start anywhere
// on the board: on a dot, or in a Country Road cell (from cell to cell), where the
// first edge is the one it moves onto, not the hit area that happened to be on top.
function onPlayPointerDown(event) {
  if (event.button !== 0 || !state.puzzle) return;
  const tap = event.target.getAttribute && event.target.getAttribute("data-edge");
  const start = edgeAt(event.clientX, event.clientY);
  const d = { tap, start, last: start, value: null, moved: false, step: [], long: false, timer: 0 };
  // A finger has no right button: held still on an edge, it cycles the other
  // way (a cross at once on an empty edge), as a right-click does. The page
  // times it rather than waiting for the browser's contextmenu, which some
  // touch browsers never send (Safari) and others send late or not at all.
  if (tap && event.pointerType === "touch") d.timer = setTimeout(() => longPress(d), LONG_PRESS_MS);
  state.drag = d;
}

/** When the last long press was made: a contextmenu the browser sends for the same press is not a second one. */
let lastLongPress = -Infinity;

function longPress(d) {
  if (state.drag !== d || d.moved || d.long) return;
  d.long = true;
  lastLongPress = performance.now();
  cycle(d.tap, true);
}

/** A right-click, or a browser's own long-press menu: cycles the other way, once per press. */
function onContextMenu(event) {
  event.preventDefault();
  const d = state.drag;
  if (d && d.timer) {
    // The browser's long press came before the page's: it is the long press.
    clearTimeout(d.timer);
    if (!d.long && !d.moved && d.tap) longPress(d);
    return;
  }
  if (performance.now() - lastLongPress < 1500) return;
  onBoardClick(event, true);
}

function dragTo(key) {
  const d = state.drag;
  if (d.value === null) d.value = state.edges.get(key) === 1 ? 0 : 1;
  const before = state.edges.get(key) || 0;
  if (before === d.value || d.step.some(([k]) => k === key)) return;
  d.step.push([key, before, d.value]);
  applyEdge(key, d.value);
}

function onPlayPointerMove(event) {
  const d = state.drag;
  if (!d) return;
  const key = edgeAt(event.clientX, event.clientY);
  if (!key || key === d.last || d.long) return;
  if (!d.moved) { clearTimeout(d.timer); d.moved = true; if (d.start) dragTo(d.start); }
  d.last = key;
  dragTo(key);
  evaluate();
  render();
}

function onPlayPointerUp() {
  const d = state.drag;
  state.drag = null;
  if (!d) return;
  clearTimeout(d.timer);
  if (d.long) return; // the press already cycled its edge
  if (!d.moved) { if (d.tap) cycle(d.tap, false); return; }
  if (d.step.length) { state.undo.push(d.step); state.redo = []; }
  changed();
}

function onPointerDown(event) {
  if (state.mode === "play") { onPlayPointerDown(event); return; }
  if (state.mode !== "set" || state.puzzle?.family !== "country") return;
  const side = event.target.getAttribute && event.target.getAttribute("data-side");
  if (!side) return;
  event.preventDefault();
  const value = !state.draft.borders.has(side);
  state.paint = { value, last: side };
  toggleBorder(side, value);
  draftChanged();
}

function onPointerMove(event) {
  if (state.drag) { onPlayPointerMove(event); return; }
  if (!state.paint) return;
  const side = sideAt(event.clientX, event.clientY);
  if (side && side !== state.paint.last) {
    state.paint.last = side;
    if (toggleBorder(side, state.paint.value)) draftChanged();
  }
}

function onPointerUp() {
  if (state.drag) onPlayPointerUp();
  state.paint = null;
}

// ---------------------------------------------------------------- URL, modes, start-up

let fromHistory = false; // loading the page's URL after Back or Forward: no new history entry

/** Writes the puzzle into the URL; `push` (a new puzzle) makes a history entry, so Back returns to the last one. */
function updateUrl(push = false) {
  if (!state.puzzle || (!state.puzzle.url && state.puzzle.family !== "loop")) return;
  const url = `${location.pathname}?${shareParams()}`;
  if (push && location.search && url !== location.pathname + location.search) history.pushState(null, "", url);
  else history.replaceState(null, "", url);
  try { localStorage.setItem(`${STORE}last`, shareParams().toString()); } catch { /* ignore */ }
  const share = $("share-url");
  share.value = new URL(url, location.href).href;
}

// The sides a new board may have: the server's limits (GET /api/info), so the
// page never restates the engine's constants.
function sideRange(family) {
  const sizes = info.sizes && info.sizes[family === "country" ? "country" : "slither"];
  return sizes || [1, 1];
}

function familyChanged() {
  const family = $("family").value;
  document.body.dataset.family = family;
  const [lo, hi] = sideRange(family);
  for (const id of ["new-rows", "new-cols"]) { $(id).min = lo; $(id).max = hi; }
  const levels = $("gen-level");
  if (family === "slither" && levels.options.length <= 1) {
    for (const level of info.levels.slither) levels.add(new Option(level, level));
  }
  fillExportFormats();
  $("set-keys").textContent = family === "country"
    ? "Drag along cell sides to draw borders. Select a cell and type a number; Backspace clears it; # blocks or frees the cell. Shift+arrow draws a border. Ctrl+Z / Ctrl+Y undo and redo. + and _ zoom."
    : "Select a cell and type 0-4 (or tap it again to cycle); Backspace clears it. Arrows move. Ctrl+Z / Ctrl+Y undo and redo. + and _ zoom.";
}

function fillExportFormats() {
  const family = $("family").value === "country" ? "country" : "slither";
  const select = $("export-format");
  const formats = info.export_formats[family] || [];
  select.replaceChildren(...formats.map((f) => new Option({
    url: "puzz.link URL", puzzlekit: "puzzlekit text", tatham: "Loopy ID", json: "JSON", svg: "SVG", png: "PNG",
  }[f] || f, f)));
}

async function loadFromParams(q) {
  const mode = q.get("mode") === "set" ? "set" : "play";
  const family = ["loop", "slither", "country"].includes(q.get("family")) ? q.get("family") : "slither";
  $("family").value = family;
  state.family = family;
  familyChanged();
  if (family === "loop" && !q.get("p")) {
    const size = Number(q.get("size") || 6);
    $("gen-size").value = String(size);
    $("gen-seed").value = q.get("seed") || randomSeed();
    await generate({ family, size, seed: $("gen-seed").value });
    if (mode === "set" && state.puzzle) switchMode("set");
    return;
  }
  const text = q.get("p");
  if (!text) {
    if (mode === "set") { startSet(emptyPuzzle(family, 6, 6)); return; }
    await generateFromForm();
    return;
  }
  try {
    const res = await api("parse", { family: family === "country" ? "country" : "slither", puzzle: text });
    const puzzle = puzzleFrom(res.board, family === "loop" ? "slither" : family);
    if (mode === "set") startSet(puzzle); else startPlay(puzzle);
    updateUrl();
  } catch (err) {
    state.mode = mode; // the controls of the mode asked for, with no board yet
    render();
    message(`Cannot read the puzzle: ${err.message}`, "error");
  }
}

function switchMode(mode) {
  if (!state.puzzle || mode === state.mode) {
    if (!state.puzzle && mode === "set") startSet(emptyPuzzle($("family").value, 6, 6));
    return;
  }
  if (mode === "set") {
    // A Loop v1 board is a Slitherlink draft in set mode: the picker says so too.
    if ($("family").value === "loop") { $("family").value = "slither"; state.family = "slither"; familyChanged(); }
    startSet({ ...state.puzzle, family: state.puzzle.family === "country" ? "country" : "slither" });
  } else {
    if (inflight) inflight.controller.abort();
    const p = state.puzzle;
    if (!p.url) { message("Draw a board first.", "error"); return; }
    startPlay(puzzleFrom(boardDict(p), p.family));
    state.puzzle.url = p.url;
  }
  updateUrl();
}

async function main() {
  try {
    const r = await fetch("/api/info");
    info = await r.json();
  } catch { /* the buttons will say what fails */ }
  const svg = $("board");
  svg.addEventListener("click", (e) => onBoardClick(e, false));
  svg.addEventListener("contextmenu", onContextMenu);
  svg.addEventListener("pointerdown", onPointerDown);
  svg.addEventListener("pointermove", onPointerMove);
  window.addEventListener("pointerup", onPointerUp);
  window.addEventListener("pointercancel", () => {
    // The browser took the gesture over: keep what a drag drew, never treat it as a tap.
    if (state.drag) clearTimeout(state.drag.timer);
    if (state.drag && state.drag.moved) onPlayPointerUp();
    state.drag = null;
    state.paint = null;
  });
  // Reached by the keyboard, the board shows where the arrows start from (a
  // click also focuses it, but needs no cursor).
  svg.addEventListener("focus", () => {
    if (!state.puzzle || !svg.matches(":focus-visible")) return;
    if (state.mode === "play" && !state.cursor) { state.cursor = { r: 0, c: 0 }; render(); }
    if (state.mode === "set" && !state.selected) { state.selected = "0 0"; render(); }
    sayCursor();
  });
  document.addEventListener("keydown", onKey);
  // Zoomed in, the cursor the arrows move stays in view.
  document.addEventListener("keydown", (e) => { if (e.key.startsWith("Arrow")) requestAnimationFrame(followCursor); });
  setupZoom(svg, { zoomIn: $("zoom-in"), zoomOut: $("zoom-out"), fit: $("zoom-fit") });
  $("mode-play").addEventListener("click", () => switchMode("play"));
  $("mode-set").addEventListener("click", () => switchMode("set"));
  // These buttons hide with their mode's panel: the keyboard focus goes to the board.
  for (const [id, mode] of [["to-set", "set"], ["to-play", "play"]]) {
    $(id).addEventListener("click", () => {
      const had = document.activeElement === $(id);
      switchMode(mode);
      if (had && state.mode === mode) $("board").focus();
    });
  }
  $("family").addEventListener("change", () => {
    familyChanged();
    if (state.mode === "set") {
      const f = $("family").value;
      startSet(emptyPuzzle(f, Number($("new-rows").value), Number($("new-cols").value)));
    } else {
      $("gen-seed").value = "";
      generateFromForm();
    }
  });
  $("gen-form").addEventListener("submit", (e) => { e.preventDefault(); $("gen-seed").value = ""; generateFromForm(); });
  $("new-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const rows = Number($("new-rows").value), cols = Number($("new-cols").value);
    const family = $("family").value;
    const [lo, hi] = sideRange(family);
    if (!(rows >= lo && cols >= lo && rows <= hi && cols <= hi)) { message(`Sizes are ${lo} to ${hi}.`, "error"); return; }
    startSet(emptyPuzzle(family, rows, cols));
  });
  $("cell-value").addEventListener("input", (e) => {
    const text = e.target.value.trim(), n = Number(text);
    if (!state.selected || state.mode !== "set") return;
    if (text === "") setClue(state.selected, null);
    else if (Number.isInteger(n) && n >= 0 && (state.puzzle.family === "country" || n <= 4)) setClue(state.selected, n);
  });
  $("cell-blocked").addEventListener("change", () => { if (state.selected) toggleBlocked(state.selected); });
  $("import-form").addEventListener("submit", (e) => { e.preventDefault(); importText(); });
  $("import-text").addEventListener("input", (e) => e.target.removeAttribute("aria-invalid"));
  $("export").addEventListener("click", exportBoard);
  $("minimize").addEventListener("click", minimise);
  $("hint").addEventListener("click", askHint);
  $("apply-hint").addEventListener("click", () => {
    // The button hides once its step is drawn: the focus goes to Hint, the usual next press.
    const had = document.activeElement === $("apply-hint");
    applyHint();
    if (had && $("apply-hint").hidden) $("hint").focus();
  });
  $("hint").hidden = !(info.features && info.features.hint);
  $("set-undo").addEventListener("click", () => undoDraft(drafts.undo, drafts.redo));
  $("set-redo").addEventListener("click", () => undoDraft(drafts.redo, drafts.undo));
  $("undo").addEventListener("click", () => undoRedo(state.undo, state.redo, false));
  $("redo").addEventListener("click", () => undoRedo(state.redo, state.undo, true));
  $("check").addEventListener("click", checkNow);
  $("reveal").addEventListener("click", reveal);
  $("reset").addEventListener("click", clearLines);
  // The aborted request's own `finally` hides the busy line, after its
  // `catch` has said what was cancelled; with none in flight, hide it here.
  $("cancel").addEventListener("click", () => { if (inflight) inflight.controller.abort(); else setBusy(null, null); });
  $("share").addEventListener("click", async () => {
    updateUrl();
    const input = $("share-url");
    input.hidden = false;
    input.select();
    try { await navigator.clipboard.writeText(input.value); message("Link copied.", "ok"); } catch { /* shown instead */ }
  });
  setInterval(() => { if (state.mode === "play" && state.started) showTimer(); }, 500);
  // The clock stops while the page is hidden (another tab, a phone's lock
  // screen): a player who looks away is not solving. It runs on when the
  // page shows again, unless the puzzle was solved meanwhile.
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) {
      if (state.started) { state.elapsed = elapsed(); state.started = null; state.pausedHidden = true; }
      saveProgress();
    } else if (state.pausedHidden) {
      state.pausedHidden = false;
      if (state.mode === "play" && !state.solved) { state.started = Date.now(); showTimer(); }
    }
  });
  setInterval(saveProgress, 5000);
  window.addEventListener("beforeunload", saveProgress);
  window.addEventListener("popstate", async () => {
    saveProgress();
    fromHistory = true;
    try { await loadFromParams(new URLSearchParams(location.search)); } finally { fromHistory = false; }
  });

  let q = new URLSearchParams(location.search);
  if (![...q.keys()].length) {
    try { q = new URLSearchParams(localStorage.getItem(`${STORE}last`) || ""); } catch { /* none */ }
  }
  await loadFromParams(q);
  document.body.dataset.ready = "true";
}

main();
