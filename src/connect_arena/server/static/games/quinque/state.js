// Quinque's board state, pure (no DOM, no texts: tests/js/quinque-state.test.mjs runs it in
// node): the legal actions indexed by what a person clicks, read from the parts the server
// sends (core/game.py Action.parts) — the page never parses notation —, the lattice's pixel
// layout and the part of it to draw.
//
// Cells are "x,y" keys: skydivers (x, y) and tiles Tx,y (docs/notation.md).

/** @typedef {import("../../js/types.js").LegalAction} LegalAction */
/** @typedef {import("../../js/types.js").ActionParts} ActionParts */

/**
 * The legal actions by what a person clicks, each to the notation the page sends: marks by
 * skydiver, adds by tile then skydiver, moves by tile then destination; the pass, if legal.
 * @typedef {object} LegalIndex
 * @property {Map<string, string>} marks
 * @property {Map<string, Map<string, string>>} adds
 * @property {Map<string, Map<string, string>>} moves
 * @property {string | null} pass
 */

export const CELL = 44; // distance between skydivers, in pixels
export const GAP = 8; // between tiles
export const PAD = 10; // around the drawing
export const MIN_TILES = 3; // the drawing shows at least 3 × 3 tiles

/** @param {number | string} x @param {number | string} y @returns {string} */
export const key = (x, y) => `${x},${y}`;

/** @param {unknown} cell - [x, y] from an action's parts @returns {string} "x,y" */
export function cellKey(cell) {
  const [x, y] = /** @type {number[]} */ (cell);
  return key(x, y);
}

/** @param {string} cell - "x,y" @returns {[number, number]} */
export function coordinates(cell) {
  const [x, y] = cell.split(",").map(Number);
  return [x, y];
}

/**
 * @param {Map<string, Map<string, string>>} map @param {string} from @param {string} to
 * @param {string} notation
 */
function put(map, from, to, notation) {
  const inner = map.get(from) ?? new Map();
  inner.set(to, notation);
  map.set(from, inner);
}

/**
 * Index the seat's legal actions by their parts.
 * @param {LegalAction[]} actions
 * @returns {LegalIndex}
 */
export function legalIndex(actions) {
  /** @type {LegalIndex} */
  const index = { marks: new Map(), adds: new Map(), moves: new Map(), pass: null };
  for (const { notation, parts } of actions) {
    if (parts.kind === "mark") index.marks.set(cellKey(parts.skydiver), notation);
    else if (parts.kind === "add") put(index.adds, cellKey(parts.tile), cellKey(parts.skydiver), notation);
    else if (parts.kind === "move") put(index.moves, cellKey(parts.tile), cellKey(parts.to), notation);
    else if (parts.kind === "pass") index.pass = notation;
  }
  return index;
}

/**
 * The legal action of a notation (a suggestion names one), or null.
 * @param {LegalAction[]} actions @param {string | null | undefined} notation
 * @returns {LegalAction | null}
 */
export function actionOf(actions, notation) {
  return (notation && actions.find((action) => action.notation === notation)) || null;
}

/**
 * What the turn offers, for the status line: the kinds of action, in the order said.
 * @param {LegalIndex} legal @returns {("mark" | "add" | "move")[]}
 */
export function offeredKinds(legal) {
  /** @type {("mark" | "add" | "move")[]} */
  const kinds = [];
  if (legal.marks.size) kinds.push("mark");
  if (legal.adds.size) kinds.push("add");
  if (legal.moves.size) kinds.push("move");
  return kinds;
}

/**
 * Pixel positions on the lattice for tiles of `side` × `side` skydivers.
 * @param {number} side
 */
export function layout(side) {
  const pitch = side * CELL + GAP; // tile lattice step in pixels
  return {
    side,
    pitch,
    /** @param {number} tx @param {number} ty @returns {number[]} the top left of tile Tx,y */
    tileOrigin: (tx, ty) => [tx * pitch, ty * pitch],
    /** @param {number} x @param {number} y @returns {number[]} the centre of skydiver x,y */
    diverCenter: (x, y) => {
      const tx = Math.floor(x / side);
      const ty = Math.floor(y / side);
      return [tx * pitch + (x - tx * side + 0.5) * CELL, ty * pitch + (y - ty * side + 0.5) * CELL];
    },
    /** @param {{x: number, y: number}} point @returns {string} the tile cell under a point */
    cellAt: (point) => key(Math.floor((point.x + GAP / 2) / pitch), Math.floor((point.y + GAP / 2) / pitch)),
  };
}

/**
 * The tile cells to show, in tiles: the formation, the cells where a tile may be added, the
 * selected tile's destinations, where the last tile moved from; MIN_TILES × MIN_TILES at least.
 * @param {object} view
 * @param {number[][]} view.tiles - [tx, ty] of the tiles in play
 * @param {number[]} view.firstTile - where the first tile goes
 * @param {LegalIndex} view.legal
 * @param {ActionParts | null} [view.last] - the last action's parts
 * @param {string | null} [view.selected] - the tile chosen for a move
 * @returns {{minX: number, minY: number, maxX: number, maxY: number}}
 */
export function bounds({ tiles, firstTile, legal, last = null, selected = null }) {
  const cells = tiles.length ? [...tiles] : [firstTile];
  for (const tile of legal.adds.keys()) cells.push(coordinates(tile));
  if (last?.kind === "move") cells.push(/** @type {number[]} */ (last.tile));
  for (const cell of (selected && legal.moves.get(selected)?.keys()) || []) cells.push(coordinates(cell));
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [tx, ty] of cells) {
    minX = Math.min(minX, tx); maxX = Math.max(maxX, tx);
    minY = Math.min(minY, ty); maxY = Math.max(maxY, ty);
  }
  while (maxX - minX < MIN_TILES - 1) { minX -= 0.5; maxX += 0.5; }
  while (maxY - minY < MIN_TILES - 1) { minY -= 0.5; maxY += 0.5; }
  return { minX, minY, maxX, maxY };
}

/**
 * A darker shade of a "#rrggbb" colour (the canopy's outline and lines), or `fallback`.
 * @param {string} colour @param {string} fallback @returns {string}
 */
export function darker(colour, fallback) {
  const m = /^#([0-9a-f]{6})$/i.exec(colour);
  if (!m) return fallback;
  const value = Number.parseInt(m[1], 16);
  const channels = [16, 8, 0].map((shift) => Math.round(((value >> shift) & 255) * 0.62));
  return `#${channels.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}
