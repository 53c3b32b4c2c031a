// The board as SVG, drawn with the same geometry and style as loopcraft's to_svg()
// (python/loopcraft/_svg.py): a 32-unit cell, a half-cell margin, dots of radius 2.2,
// the lattice loop 4 units wide with round caps, the Country Road loop 5 units wide
// through cell centres, country borders 3 units wide, numbers in the corner of each
// country's first cell. On top of the picture: transparent hit areas with the stable
// test hooks (data-edge, data-cell, data-side).

const NS = "http://www.w3.org/2000/svg";
export const CELL = 32;
const M = CELL / 2;
const INK = "#000";
const WARN = "#d0021b";

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}
const X = (c) => M + c * CELL;
const Y = (r) => M + r * CELL;

/** Every edge key of a board: "h r c"/"v r c" (lattice) or "right r c"/"down r c" (country). */
export function edgeKeys(p) {
  const keys = [];
  if (p.family === "country") {
    for (let r = 0; r < p.rows; r++) for (let c = 0; c + 1 < p.cols; c++) keys.push(`right ${r} ${c}`);
    for (let r = 0; r + 1 < p.rows; r++) for (let c = 0; c < p.cols; c++) keys.push(`down ${r} ${c}`);
  } else {
    for (let r = 0; r <= p.rows; r++) for (let c = 0; c < p.cols; c++) keys.push(`h ${r} ${c}`);
    for (let r = 0; r < p.rows; r++) for (let c = 0; c <= p.cols; c++) keys.push(`v ${r} ${c}`);
  }
  return keys;
}

/** The two ends of an edge, in cell units (x, y): lattice points, or cell centres. */
export function edgeEnds(key) {
  const [kind, rs, cs] = key.split(" ");
  const r = Number(rs), c = Number(cs);
  switch (kind) {
    case "h": return [[c, r], [c + 1, r]];
    case "v": return [[c, r], [c, r + 1]];
    case "right": return [[c + 0.5, r + 0.5], [c + 1.5, r + 0.5]];
    default: return [[c + 0.5, r + 0.5], [c + 0.5, r + 1.5]];
  }
}

/** The cell of the lattice side "h r c"/"v r c" drawn as a border. */
function sideEnds(key) {
  return edgeEnds(key);
}

function line(parent, key, cls, attrs) {
  const [[x0, y0], [x1, y1]] = edgeEnds(key);
  return el("line", { class: cls, x1: X(x0), y1: Y(y0), x2: X(x1), y2: Y(y1), ...(attrs || {}) }, parent);
}

/** The first cell (row-major) of each country id. */
export function firstCells(regions) {
  const first = new Map();
  regions.forEach((row, r) => row.forEach((id, c) => {
    if (id !== null && !first.has(id)) first.set(id, [r, c]);
  }));
  return first;
}

/** The lattice sides between cells of different countries (and around blocked cells). */
export function regionBorders(regions) {
  const out = [];
  const R = regions.length, C = regions[0].length;
  for (let r = 1; r < R; r++) for (let c = 0; c < C; c++)
    if (regions[r][c] !== regions[r - 1][c]) out.push(`h ${r} ${c}`);
  for (let r = 0; r < R; r++) for (let c = 1; c < C; c++)
    if (regions[r][c] !== regions[r][c - 1]) out.push(`v ${r} ${c}`);
  return out;
}

/**
 * Draws `view` into the <svg> `svg` (its children are replaced).
 * view = {family, rows, cols, clues?, regions?, numbers? (Map id -> n), texts? (Map "r c" -> text),
 *         edges (Map key -> 1 line | 2 cross), shaded? (Set "r c"), warnEdges?, warnCells?, warnPoints?,
 *         borders? (lattice sides, country), blocked? (Set "r c"), cursor? {kind: "point"|"cell", r, c},
 *         selected? "r c", hits: "edges" | "cells" | "cells+sides", title,
 *         hintEdges? (Map key -> 1 | 0), hintCells? (Map "r c" -> 1 used | 0 unused), badEdges? (Set)}
 */
export function drawBoard(svg, view) {
  const { rows, cols } = view;
  const W = cols * CELL + 2 * M, H = rows * CELL + 2 * M;
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  // At most 2.2 px a unit and 1200 px a side; CSS shrinks it to the column's width and
  // the window's height (a big board gets the room there is, not a fixed 600 px).
  const scale = Math.min(2.2, 1200 / W, 1200 / H);
  svg.setAttribute("width", String(Math.round(W * scale)));
  svg.setAttribute("height", String(Math.round(H * scale)));
  el("title", {}, svg).textContent = view.title || "board";
  el("rect", { class: "background", x: 0, y: 0, width: W, height: H, fill: "#fff" }, svg);
  const country = view.family === "country";
  const warnCells = view.warnCells || new Set();

  const fills = el("g", { "shape-rendering": "crispEdges" }, svg);
  for (const key of view.shaded || []) {
    const [r, c] = key.split(" ").map(Number);
    el("rect", { class: "shaded", x: X(c), y: Y(r), width: CELL, height: CELL, fill: "#d4d4d4" }, fills);
  }
  for (const key of view.blocked || []) {
    const [r, c] = key.split(" ").map(Number);
    el("rect", { class: "blocked", x: X(c), y: Y(r), width: CELL, height: CELL, fill: "#333" }, fills);
  }
  for (const key of warnCells) {
    const [r, c] = key.split(" ").map(Number);
    el("rect", { class: "warn-cell", x: X(c), y: Y(r), width: CELL, height: CELL }, fills);
  }
  if (view.selected) {
    const [r, c] = view.selected.split(" ").map(Number);
    el("rect", { class: "selected", x: X(c) + 1, y: Y(r) + 1, width: CELL - 2, height: CELL - 2 }, fills);
  }

  if (country) {
    const g = el("g", { stroke: "#aaa", "stroke-width": 1, "shape-rendering": "crispEdges" }, svg);
    for (let r = 1; r < rows; r++) el("line", { class: "grid", x1: X(0), y1: Y(r), x2: X(cols), y2: Y(r) }, g);
    for (let c = 1; c < cols; c++) el("line", { class: "grid", x1: X(c), y1: Y(0), x2: X(c), y2: Y(rows) }, g);
    const b = el("g", { stroke: INK, "stroke-width": 3, "stroke-linecap": "square" }, svg);
    const frame = [];
    for (let c = 0; c < cols; c++) frame.push(`h 0 ${c}`, `h ${rows} ${c}`);
    for (let r = 0; r < rows; r++) frame.push(`v ${r} 0`, `v ${r} ${cols}`);
    for (const key of [...(view.borders || []), ...frame]) {
      const [[x0, y0], [x1, y1]] = sideEnds(key);
      el("line", { class: "border", x1: X(x0), y1: Y(y0), x2: X(x1), y2: Y(y1) }, b);
    }
  } else {
    const g = el("g", { fill: INK }, svg);
    const warnPoints = view.warnPoints || new Set();
    for (let r = 0; r <= rows; r++) for (let c = 0; c <= cols; c++) {
      const warn = warnPoints.has(`${r} ${c}`);
      el("circle", { class: warn ? "dot warn" : "dot", cx: X(c), cy: Y(r), r: warn ? 5 : 2.2 }, g);
    }
  }

  // Lines, then crosses.
  const warnEdges = view.warnEdges || new Set();
  const lines = country
    ? el("g", { stroke: "#555", "stroke-width": 5, "stroke-linecap": "round", fill: "none" }, svg)
    : el("g", { stroke: INK, "stroke-width": 4, "stroke-linecap": "round" }, svg);
  const crosses = el("g", { stroke: INK, "stroke-width": 1.6, "stroke-linecap": "round", fill: "none" }, svg);
  const extra = view.sharedEdges || new Map();
  for (const [key, v] of extra) {
    if (v === 1 && !(view.edges && view.edges.get(key))) line(lines, key, "shared", { stroke: "#3a7bd5" });
  }
  const bad = view.badEdges || new Set();
  for (const [key, v] of view.edges || []) {
    if (v === 1) {
      line(lines, key, country ? "cell-loop" : "loop", warnEdges.has(key) || bad.has(key) ? { stroke: WARN } : {});
    } else if (v === 2) {
      const [[x0, y0], [x1, y1]] = edgeEnds(key);
      const mx = (x0 + x1) / 2, my = (y0 + y1) / 2, a = 0.09;
      el("path", {
        class: "cross",
        d: `M${X(mx - a)} ${Y(my - a)}L${X(mx + a)} ${Y(my + a)}M${X(mx - a)} ${Y(my + a)}L${X(mx + a)} ${Y(my - a)}`,
      }, crosses);
    }
  }

  // A hint: the lines it decides dashed, the crosses it decides, in the accent colour.
  for (const [key, v] of view.hintEdges || []) {
    if (v === 1) {
      line(svg, key, "hint", { stroke: "#2f6fdb", "stroke-width": country ? 5 : 4, "stroke-dasharray": "4 3", "stroke-linecap": "round" });
    } else {
      const [[x0, y0], [x1, y1]] = edgeEnds(key);
      const mx = (x0 + x1) / 2, my = (y0 + y1) / 2, a = 0.12;
      el("path", {
        class: "hint", stroke: "#2f6fdb", "stroke-width": 2.2, fill: "none", "stroke-linecap": "round",
        d: `M${X(mx - a)} ${Y(my - a)}L${X(mx + a)} ${Y(my + a)}M${X(mx - a)} ${Y(my + a)}L${X(mx + a)} ${Y(my - a)}`,
      }, svg);
    }
  }
  // Cells it decides (Country Road): a dot in a cell the loop uses, a cross in one it leaves out.
  for (const [key, v] of view.hintCells || []) {
    const [r, c] = key.split(" ").map(Number);
    const x = X(c + 0.5), y = Y(r + 0.5), a = 0.15 * CELL;
    if (v === 1) el("circle", { class: "hint", cx: x, cy: y, r: 0.14 * CELL, fill: "#2f6fdb" }, svg);
    else el("path", { class: "hint", stroke: "#2f6fdb", "stroke-width": 2.2, fill: "none", "stroke-linecap": "round", d: `M${x - a} ${y - a}L${x + a} ${y + a}M${x - a} ${y + a}L${x + a} ${y - a}` }, svg);
  }
  for (const key of bad) {
    if (!(view.edges && view.edges.get(key) === 2)) continue;
    const [[x0, y0], [x1, y1]] = edgeEnds(key);
    el("circle", { class: "marked", cx: X((x0 + x1) / 2), cy: Y((y0 + y1) / 2), r: 7 }, svg);
  }

  // Texts: clues centred (lattice), numbers in a corner (country).
  const font = "Helvetica, Arial, 'DejaVu Sans', 'Liberation Sans', sans-serif";
  if (country) {
    const t = el("g", {
      "font-family": font, "font-size": 0.34 * CELL, "text-anchor": "start", fill: INK,
      stroke: "#fff", "stroke-width": 2.5, "stroke-linejoin": "round", "paint-order": "stroke",
    }, svg);
    for (const [key, text] of view.texts || []) {
      const [r, c] = key.split(" ").map(Number);
      const blocked = view.blocked && view.blocked.has(key);
      el("text", {
        class: warnCells.has(key) ? "clue corner warn" : "clue corner", "data-clue": key,
        x: X(c + 0.1), y: Y(r + 0.1 + 0.73 * 0.34), ...(blocked ? { fill: "#fff" } : {}),
      }, t).textContent = text;
    }
  } else {
    const t = el("g", { "font-family": font, "font-size": 0.56 * CELL, "text-anchor": "middle", fill: INK }, svg);
    for (const [key, text] of view.texts || []) {
      const [r, c] = key.split(" ").map(Number);
      const warn = warnCells.has(key);
      el("text", {
        class: warn ? "clue warn" : "clue", "data-clue": key, x: X(c + 0.5), y: Y(r + 0.5 + 0.36 * 0.56),
        ...(warn ? { fill: WARN } : {}),
      }, t).textContent = text;
    }
  }

  // Marks: conflicting clues, suggestions (set mode).
  for (const key of view.marked || []) {
    const [r, c] = key.split(" ").map(Number);
    // Around the clue: centred (lattice), or around the number in the corner (country).
    if (country) el("circle", { class: "marked", cx: X(c + 0.24), cy: Y(r + 0.26), r: CELL * 0.22 }, svg);
    else el("circle", { class: "marked", cx: X(c + 0.5), cy: Y(r + 0.5), r: CELL * 0.4 }, svg);
  }

  // The keyboard cursor.
  if (view.cursor) {
    const { kind, r, c } = view.cursor;
    if (kind === "point") el("circle", { class: "cursor", cx: X(c), cy: Y(r), r: 7 }, svg);
    else el("rect", { class: "cursor", x: X(c) + 3, y: Y(r) + 3, width: CELL - 6, height: CELL - 6, rx: 4 }, svg);
  }

  // Hit areas, last so they are on top: transparent, but where clicks and taps land.
  const hits = el("g", { class: "hits", fill: "transparent" }, svg);
  if (view.hits === "edges") {
    for (const key of edgeKeys(view)) {
      const [[x0, y0], [x1, y1]] = edgeEnds(key);
      const horizontal = y0 === y1;
      const along = country ? 0.8 : 1, across = country ? 0.5 : 0.5;
      const w = horizontal ? along : across, h = horizontal ? across : along;
      const mx = (x0 + x1) / 2, my = (y0 + y1) / 2;
      el("rect", {
        class: "hit edge", "data-edge": key, "data-state": ["empty", "line", "cross"][view.edges.get(key) || 0],
        x: X(mx - w / 2), y: Y(my - h / 2), width: w * CELL, height: h * CELL,
      }, hits);
    }
  }
  if (view.hits === "cells" || view.hits === "cells+sides") {
    const inset = view.hits === "cells+sides" ? 0.18 : 0;
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
      el("rect", {
        class: "hit cell", "data-cell": `${r} ${c}`,
        x: X(c + inset), y: Y(r + inset), width: (1 - 2 * inset) * CELL, height: (1 - 2 * inset) * CELL,
      }, hits);
    }
  }
  if (view.hits === "cells+sides") {
    const t = 0.36; // thickness of a side's hit area, in cells
    for (let r = 1; r < rows; r++) for (let c = 0; c < cols; c++)
      el("rect", { class: "hit side", "data-side": `h ${r} ${c}`, x: X(c + 0.18), y: Y(r - t / 2), width: 0.64 * CELL, height: t * CELL }, hits);
    for (let r = 0; r < rows; r++) for (let c = 1; c < cols; c++)
      el("rect", { class: "hit side", "data-side": `v ${r} ${c}`, x: X(c - t / 2), y: Y(r + 0.18), width: t * CELL, height: 0.64 * CELL }, hits);
  }
}
