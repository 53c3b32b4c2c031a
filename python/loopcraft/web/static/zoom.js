// Zoom for boards too big to play at the size of the window: a 30 x 45 board on
// a phone is drawn with cells a few pixels wide. Zoomed in, the board is drawn
// larger than its column and its frame scrolls (scrollbars, the wheel, two
// fingers); the keyboard's cursor is kept in view. Zoom 1 is "fit": the board as
// large as the column and the window allow, as drawn when nothing is zoomed.

import { CELL } from "./draw.js";

const STEP = 1.5; // each press of + or -
const MAX_CELL_PX = 72; // a cell is never drawn wider than this

let zoom = 1;
let board = null; // the <svg>
let frame = null; // its scrolling frame
let controls = null; // {zoomIn, zoomOut, fit} buttons
let shape = ""; // "rows x cols" of the board the zoom is for

function viewBox() {
  const vb = board.viewBox.baseVal;
  return vb && vb.width ? [vb.width, vb.height] : [0, 0];
}

// The board's width at zoom 1, in CSS px: the width it is drawn at, shrunk to the
// frame's inner width and to the window's height (what #board's max-width and
// max-height do when not zoomed).
function fitWidth() {
  const [W, H] = viewBox();
  const css = getComputedStyle(frame);
  const room = frame.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight);
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const tall = window.innerHeight - 7 * rem;
  return Math.max(1, Math.min(Number(board.getAttribute("width")) || W, room, (tall * W) / H));
}

function widest() {
  const [W] = viewBox();
  return (MAX_CELL_PX * W) / CELL;
}

// Where the middle of the frame's view is, as a share of the board, and back.
function middle() {
  return [
    (frame.scrollLeft + frame.clientWidth / 2) / Math.max(1, frame.scrollWidth),
    (frame.scrollTop + frame.clientHeight / 2) / Math.max(1, frame.scrollHeight),
  ];
}

function toMiddle([x, y]) {
  frame.scrollLeft = x * frame.scrollWidth - frame.clientWidth / 2;
  frame.scrollTop = y * frame.scrollHeight - frame.clientHeight / 2;
}

function apply(keep) {
  const [W, H] = viewBox();
  if (!W) return;
  const fit = fitWidth();
  // Past the widest cell there is nothing more to zoom to.
  zoom = Math.max(1, Math.min(zoom, widest() / fit));
  const on = zoom > 1.001;
  const at = keep && document.body.classList.contains("zoomed") ? middle() : [0.5, 0.5];
  document.body.classList.toggle("zoomed", on);
  if (on) {
    const w = fit * zoom;
    board.style.width = `${w}px`;
    board.style.height = `${(w * H) / W}px`;
    toMiddle(at);
  } else {
    board.style.width = "";
    board.style.height = "";
  }
  controls.zoomOut.disabled = !on;
  controls.fit.disabled = !on;
  controls.zoomIn.disabled = fit * zoom >= widest() - 0.5;
  board.dataset.zoom = zoom.toFixed(2);
}

/** Zooms in (`factor` > 1) or out, keeping the middle of the view where it is. */
export function zoomBy(factor) {
  if (!board) return;
  zoom *= factor;
  apply(true);
}

/** Back to the board fitted to the window. */
export function zoomToFit() {
  if (!board) return;
  zoom = 1;
  apply(false);
}

/** After the board is drawn: a board of another size starts fitted; the same one keeps its zoom. */
export function boardDrawn(rows, cols) {
  if (!board) return;
  const now = `${rows} x ${cols}`;
  if (now !== shape) {
    shape = now;
    zoom = 1;
  }
  apply(true);
}

/** Scrolls the frame so that the keyboard's cursor (or the selected cell) is in view. */
export function followCursor() {
  if (!board || zoom <= 1.001) return;
  const mark = board.querySelector(".cursor, .selected");
  if (mark) mark.scrollIntoView({ block: "nearest", inline: "nearest" });
}

/** Wires the buttons; `svg` is the board, in its scrolling frame. */
export function setupZoom(svg, buttons) {
  board = svg;
  frame = svg.parentElement;
  controls = buttons;
  buttons.zoomIn.addEventListener("click", () => zoomBy(STEP));
  buttons.zoomOut.addEventListener("click", () => zoomBy(1 / STEP));
  buttons.fit.addEventListener("click", zoomToFit);
  // The frame's width follows the window's: keep the same zoom of the new fit.
  window.addEventListener("resize", () => apply(true));
  apply(false);
}

export const ZOOM_STEP = STEP;
