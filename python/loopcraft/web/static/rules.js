// Live warnings while playing, as the Loop engine v1 page showed them (clueViolations):
// a number exceeded, a branch, a loop closed too early; in Country Road also a line
// into a blocked cell. These are hints for the player,
// computed in the page; whether the lines are a solution is always asked of the
// server's referee (POST /api/check).

import { edgeEnds } from "./draw.js";

/** The nodes an edge joins: lattice points "r c" or cells "r c". */
function ends(key) {
  const [[x0, y0], [x1, y1]] = edgeEnds(key);
  const f = (v) => Math.floor(v);
  return [`${f(y0)} ${f(x0)}`, `${f(y1)} ${f(x1)}`];
}

/** The pieces of the drawn lines: [{nodes: Set, edges: [key], closed: bool}]. */
export function pieces(lineKeys) {
  const adj = new Map();
  for (const key of lineKeys) {
    for (const n of ends(key)) {
      if (!adj.has(n)) adj.set(n, []);
      adj.get(n).push(key);
    }
  }
  const seen = new Set();
  const out = [];
  for (const start of adj.keys()) {
    if (seen.has(start)) continue;
    const nodes = new Set([start]);
    const edges = new Set();
    const stack = [start];
    seen.add(start);
    while (stack.length) {
      const n = stack.pop();
      for (const key of adj.get(n)) {
        edges.add(key);
        for (const m of ends(key)) if (!seen.has(m)) { seen.add(m); nodes.add(m); stack.push(m); }
      }
    }
    const closed = [...nodes].every((n) => adj.get(n).length === 2);
    out.push({ nodes, edges: [...edges], closed });
  }
  return { pieces: out, adj };
}

function sidesOf(r, c) {
  return [`h ${r} ${c}`, `h ${r + 1} ${c}`, `v ${r} ${c}`, `v ${r} ${c + 1}`];
}

/**
 * The warnings of the current lines.
 * Returns {messages: [text], warnCells: Set, warnPoints: Set, warnEdges: Set, closedLoop: bool}
 * where closedLoop says the lines are exactly one closed loop (then the referee is asked).
 */
export function warnings(puzzle, edges) {
  const lineKeys = [...edges].filter(([, v]) => v === 1).map(([k]) => k);
  const messages = [];
  const warnCells = new Set(), warnPoints = new Set(), warnEdges = new Set();
  const { pieces: ps, adj } = pieces(lineKeys);
  const country = puzzle.family === "country";
  // Messages count from 1, as the CLI and the hints do; keys stay 0-based.
  const where = (n) => { const [r, c] = n.split(" ").map(Number); return `row ${r + 1}, column ${c + 1}`; };

  for (const [n, list] of adj) {
    if (list.length > 2) {
      if (country) warnCells.add(n); else warnPoints.add(n);
      messages.push(`The line branches at ${country ? "cell" : "point"} ${where(n)}.`);
    }
  }
  if (country) {
    const regions = puzzle.regions;
    for (const [n, list] of adj) {
      const [r, c] = n.split(" ").map(Number);
      if (regions[r][c] !== null) continue;
      warnCells.add(n);
      for (const k of list) warnEdges.add(k);
      messages.push(`The line enters the blocked cell at ${where(n)}.`);
    }
    const used = new Map(), crossings = new Map();
    for (const n of adj.keys()) {
      const [r, c] = n.split(" ").map(Number);
      const id = regions[r][c];
      used.set(id, (used.get(id) || 0) + 1);
    }
    for (const key of lineKeys) {
      const [a, b] = ends(key).map((n) => n.split(" ").map(Number));
      const ia = regions[a[0]][a[1]], ib = regions[b[0]][b[1]];
      if (ia !== ib) {
        crossings.set(ia, (crossings.get(ia) || 0) + 1);
        crossings.set(ib, (crossings.get(ib) || 0) + 1);
      }
    }
    for (const [id, n] of puzzle.numbers) {
      if ((used.get(id) || 0) > n) {
        const [r, c] = puzzle.first.get(id);
        warnCells.add(`${r} ${c}`);
        messages.push(`The country numbered ${n} at ${where(`${r} ${c}`)} has ${used.get(id)} cells on the line.`);
      }
    }
    for (const [id, k] of crossings) {
      if (k > 2 && id !== null) { // a blocked cell (id null) has its own warning
        const [r, c] = puzzle.first.get(id);
        warnCells.add(`${r} ${c}`);
        messages.push(`The line enters the country at ${where(`${r} ${c}`)} more than once.`);
      }
    }
  } else {
    puzzle.clues.forEach((row, r) => row.forEach((clue, c) => {
      if (clue === null) return;
      const on = sidesOf(r, c).filter((k) => edges.get(k) === 1).length;
      if (on > clue) {
        warnCells.add(`${r} ${c}`);
        messages.push(`The ${clue} at ${where(`${r} ${c}`)} has ${on} ${on === 1 ? "line" : "lines"} around it.`);
      }
    }));
  }
  const closed = ps.filter((p) => p.closed);
  if (closed.length && ps.length > 1) {
    for (const p of closed) for (const k of p.edges) warnEdges.add(k);
    messages.push("A loop is closed while other lines are outside it.");
  }
  const closedLoop = ps.length === 1 && ps[0].closed;
  if (closedLoop && !country) {
    const unmet = puzzle.clues.some((row, r) => row.some((clue, c) =>
      clue !== null && sidesOf(r, c).filter((k) => edges.get(k) === 1).length !== clue));
    if (unmet) {
      for (const k of ps[0].edges) warnEdges.add(k);
      messages.push("The loop is closed but some numbers are not satisfied.");
    }
  }
  return { messages, warnCells, warnPoints, warnEdges, closedLoop };
}
