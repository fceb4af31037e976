// Quinque's drawing: the formation in SVG (tiles, skydivers, parachutes, the cells where a tile
// may be added or the selected tile may go, the last action, the suggestion, the winning
// lines) and the panel beside it. What a control sends is the notation of a legal action the
// server sent (./state.js indexes them); the controls call the board's send/select (../quinque.js).

import { h } from "../../js/dom.js";
import { t } from "../../js/i18n.js";
import { activateOnKeys, svg } from "../../js/svg.js";
import { CELL, GAP, PAD, bounds, cellKey, coordinates, darker, key } from "./state.js";

/** @typedef {import("./state.js").LegalIndex} LegalIndex */
/** @typedef {import("../../js/types.js").LegalAction} LegalAction */
/** @typedef {import("../../js/types.js").ActionParts} ActionParts */

export const HIT = CELL - 2; // the diameter of a skydiver's round target: the smallest target
export const INK = "#20324d";

/**
 * What the drawing needs of the board (../quinque.js keeps it).
 * @typedef {object} BoardView
 * @property {import("../quinque.js").Geometry} geometry
 * @property {ReturnType<typeof import("./state.js").layout>} lattice
 * @property {SVGSVGElement} surface
 * @property {HTMLElement} panel
 * @property {{layout: (touch: boolean) => void}} zoom
 * @property {boolean} interactive
 * @property {boolean} coordinates - label every cell "T<x>,<y>" (the notation hints use)
 * @property {import("../quinque.js").Update | null} current
 * @property {LegalIndex} legal
 * @property {LegalAction | null} hint - the suggestion, as the legal action it names
 * @property {string | null} selected - "tx,ty" of the tile chosen for a move
 * @property {string | null} refocus - a selector to focus after the next drawing
 * @property {(seat: number) => string} parachuteName
 * @property {(notation: string) => void} send
 * @property {(tile: string | null, refocus: string | null) => void} select
 * @property {(event: PointerEvent, tile: string, group: Element) => void} press
 */

/**
 * A parachute's canopy in a seat's colour (a ghost: the one a click would place).
 * @param {string} colour @param {boolean} [ghost] @returns {SVGElement}
 */
function canopy(colour, ghost = false) {
  const dark = darker(colour, INK);
  return svg("g", { class: `canopy${ghost ? " ghost" : ""}` },
    svg("path", {
      d: "M-15,-3 C-15,-19 15,-19 15,-3 Q11.2,-6.5 7.5,-3 Q3.7,-6.5 0,-3 Q-3.7,-6.5 -7.5,-3 Q-11.2,-6.5 -15,-3 Z",
      fill: colour, stroke: dark, "stroke-width": 1.2,
    }),
    svg("path", { d: "M-6,-14 C-4,-8 -4,-6 -4,-4 M6,-14 C4,-8 4,-6 4,-4", stroke: "#ffffff", "stroke-opacity": 0.35, "stroke-width": 2, fill: "none" }),
    svg("path", { d: "M-14,-3 L-2,8 M-5,-3 L-1,8 M5,-3 L1,8 M14,-3 L2,8", stroke: dark, "stroke-width": 0.8, fill: "none" }));
}

/**
 * A skydiver: free-falling (arms and legs spread) or hanging under a canopy.
 * @param {boolean} marked @returns {SVGElement}
 */
function diver(marked) {
  if (marked) {
    return svg("g", { class: "diver" },
      svg("circle", { cx: 0, cy: 10, r: 2.8, fill: INK }),
      svg("path", { d: "M0,12.5 L0,17.5 M-4,10.5 L0,13 L4,10.5 M0,17.5 L-2.6,21 M0,17.5 L2.6,21", stroke: INK, "stroke-width": 1.8, "stroke-linecap": "round", fill: "none" }));
  }
  return svg("g", { class: "diver" },
    svg("circle", { cx: 0, cy: -5, r: 3.4, fill: INK }),
    svg("path", { d: "M0,-1.5 L0,6 M-9,-6 L-4,0 L0,0 L4,0 L9,-6 M0,6 L-6,12 M0,6 L6,12", stroke: INK, "stroke-width": 2.2, "stroke-linecap": "round", "stroke-linejoin": "round", fill: "none" }));
}

/**
 * Make an SVG element a keyboard-operable button: focusable, labelled, Enter/Space.
 * @param {Element} element @param {string} label @param {(event: Event) => void} activate
 * @returns {Element}
 */
function button(element, label, activate) {
  element.setAttribute("tabindex", "0");
  element.setAttribute("role", "button");
  element.setAttribute("aria-label", label);
  activateOnKeys(element, (event) => {
    event.stopPropagation();
    activate(event);
  });
  return element;
}

/** @param {BoardView} board @returns {string} the colour of the seat this page plays */
const ownColour = (board) => board.geometry.seat_colours[board.current?.seat ?? 0] ?? INK;

/**
 * @param {BoardView} board @param {string} cell - "tx,ty" @param {string} className
 * @param {Record<string, unknown>} [attributes]
 */
function cellOutline(board, cell, className, attributes = {}) {
  const { side, tileOrigin } = board.lattice;
  const [x, y] = tileOrigin(...coordinates(cell));
  return svg("rect", { x: x + 1, y: y + 1, width: side * CELL - 2, height: side * CELL - 2, rx: 10, class: className, ...attributes });
}

/** A dashed cell where a tile may be added, its offered skydivers as buttons.
 * @param {BoardView} board @param {string} tile @param {Map<string, string>} spots */
function drawAddCell(board, tile, spots) {
  const { side, diverCenter } = board.lattice;
  const [tx, ty] = coordinates(tile);
  const group = svg("g", { class: "add-cell", "data-add-tile": `T${tile}` }, cellOutline(board, tile, "ghost-tile"));
  for (let i = 0; i < side; i += 1) {
    for (let j = 0; j < side; j += 1) {
      const skydiver = key(tx * side + i, ty * side + j);
      const [cx, cy] = diverCenter(tx * side + i, ty * side + j);
      const action = spots.get(skydiver);
      const spot = svg("g", {
        class: action ? "add-spot" : "spot-off", transform: `translate(${cx},${cy})`, "data-add": `T${tile} ${skydiver}`,
      }, svg("circle", { r: HIT / 2, class: "hit" }), svg("circle", { r: 4, class: "dot" }));
      if (action) {
        spot.setAttribute("data-action", action);
        spot.append(canopy(ownColour(board), true));
        spot.addEventListener("click", () => board.send(action));
        button(spot, t("quinque.labelAdd", { tile: `T${tile}`, skydiver }), () => board.send(action));
      }
      group.append(spot);
    }
  }
  return group;
}

/** One skydiver of a tile: free, markable, or under a parachute.
 * @param {BoardView} board @param {number} x @param {number} y
 * @param {Map<string, number>} marks - skydiver → seat @param {boolean} movable */
function drawSkydiver(board, x, y, marks, movable) {
  const skydiver = key(x, y);
  const [cx, cy] = board.lattice.diverCenter(x, y);
  const seat = marks.get(skydiver);
  const action = seat === undefined ? board.legal.marks.get(skydiver) : undefined;
  const spot = svg("g", {
    class: `skydiver${action ? " markable" : ""}${seat !== undefined ? ` marked seat-${seat}` : ""}`,
    transform: `translate(${cx},${cy})`, "data-skydiver": skydiver,
  }, svg("circle", { r: HIT / 2, class: "hit" }));
  if (seat !== undefined) spot.append(canopy(board.geometry.seat_colours[seat] ?? INK), diver(true));
  else {
    if (action) spot.append(canopy(ownColour(board), true));
    spot.append(diver(false));
  }
  const state = seat !== undefined ? board.parachuteName(seat) : t("quinque.free");
  const label = t("quinque.labelSkydiver", { skydiver, state });
  if (action) {
    spot.setAttribute("data-action", action);
    // On a movable tile the press handler tells a click from a drag (./input.js).
    if (!movable) spot.addEventListener("click", () => board.send(action));
    button(spot, label, () => board.send(action));
  } else {
    spot.setAttribute("role", "img");
    spot.setAttribute("aria-label", label);
  }
  return spot;
}

/** A tile in play, movable (a button, and dragged) when a move of it is legal.
 * @param {BoardView} board @param {number} tx @param {number} ty
 * @param {Map<string, number>} marks @param {boolean} movable */
function drawTile(board, tx, ty, marks, movable) {
  const { side, tileOrigin } = board.lattice;
  const tile = key(tx, ty);
  const [ox, oy] = tileOrigin(tx, ty);
  const current = /** @type {import("../quinque.js").Update} */ (board.current);
  const marked = current.observation.marked_tile;
  const locked = marked !== null && key(marked[0], marked[1]) === tile && !current.terminal;
  const selected = board.selected === tile;
  const group = svg("g", {
    class: `tile${movable ? " movable" : ""}${selected ? " selected" : ""}${locked ? " marked-this-turn" : ""}`,
    "data-tile": `T${tile}`,
  });
  const face = svg("rect", { x: ox, y: oy, width: side * CELL, height: side * CELL, rx: 10, class: "tile-face" });
  group.append(face);
  for (let i = 0; i < side; i += 1) {
    for (let j = 0; j < side; j += 1) group.append(drawSkydiver(board, tx * side + i, ty * side + j, marks, movable));
  }
  if (movable) {
    group.addEventListener("pointerdown", (event) => board.press(/** @type {PointerEvent} */ (event), tile, group));
    const label = selected ? t("quinque.labelTileSelected", { tile: `T${tile}` }) : t("quinque.labelTile", { tile: `T${tile}` });
    // The tile's face is the button, not the group: the group holds the skydivers' buttons,
    // and a button inside a button is out of reach of assistive technology (nested-interactive).
    button(face, label, () => {
      const next = selected ? null : tile;
      board.select(next, next ? ".destination" : `[data-tile="T${tile}"] .tile-face`);
    });
    face.setAttribute("aria-pressed", String(selected));
    face.setAttribute("data-nav", "top"); // the arrow keys reach it at its top edge (js/board-keys.js)
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", `T${tile}`);
  } else {
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", t("quinque.labelTileFixed", { tile: `T${tile}` }));
  }
  return group;
}

/** The cells where the selected tile may go, each a button sending its move.
 * @param {BoardView} board */
function drawDestinations(board) {
  const group = svg("g", { class: "destinations" });
  const from = board.selected;
  if (from === null) return group;
  for (const [cell, action] of board.legal.moves.get(from) || []) {
    const target = cellOutline(board, cell, "destination", { "data-dest": `T${cell}`, "data-action": action });
    target.addEventListener("click", () => board.send(action));
    button(target, t("quinque.labelDestination", { tile: `T${from}`, cell: `T${cell}` }), () => board.send(action));
    target.addEventListener("keydown", (event) => {
      if (/** @type {KeyboardEvent} */ (event).key === "Escape") board.select(null, `[data-tile="T${from}"] .tile-face`);
    });
    group.append(target);
  }
  return group;
}

/** An action's place on the board: a ring on the skydiver marked or added, or the tile's path.
 * @param {BoardView} board @param {ActionParts | null | undefined} parts
 * @param {{group: string, ring: string, from: string, to: string, radius: number}} style
 * @param {Record<string, unknown>} [attributes] - on the ring or the destination */
function drawAction(board, parts, style, attributes = {}) {
  const group = svg("g", { class: style.group });
  if (parts?.kind === "mark" || parts?.kind === "add") {
    const [cx, cy] = board.lattice.diverCenter(parts.skydiver[0], parts.skydiver[1]);
    group.append(svg("circle", { cx, cy: cy - 2, r: style.radius, class: style.ring, ...attributes }));
  } else if (parts?.kind === "move") {
    const [from, to] = [cellKey(parts.tile), cellKey(parts.to)];
    group.append(cellOutline(board, from, style.from), cellOutline(board, to, style.to, attributes));
  }
  return group;
}

/** The last action: a ring on the skydiver marked, or the tile's path.
 * @param {BoardView} board @param {ActionParts | null | undefined} parts */
function drawLastAction(board, parts) {
  const group = drawAction(board, parts, { group: "last-action", ring: "last-mark", from: "last-from", to: "last-to", radius: CELL / 2 - 1 });
  if (parts?.kind === "move") {
    const { side, tileOrigin } = board.lattice;
    const [fx, fy] = tileOrigin(parts.tile[0], parts.tile[1]);
    const [gx, gy] = tileOrigin(parts.to[0], parts.to[1]);
    const half = (side * CELL) / 2;
    group.append(svg("line", { x1: fx + half, y1: fy + half, x2: gx + half, y2: gy + half, class: "last-path" }));
  }
  return group;
}

/** The computer's suggestion (a hint asked by the player): a dashed ring on the skydiver to
 * mark or add, or the tile's move; nothing for a pass (the page names it).
 * @param {BoardView} board */
function drawHint(board) {
  const hint = board.hint;
  const style = { group: "hint-action", ring: "hint-mark", from: "hint-from", to: "hint-to", radius: CELL / 2 + 1 };
  return drawAction(board, hint?.parts, style, hint ? { "data-hint": hint.notation } : {});
}

/** The winner's lines of five or more, as the engine found them.
 * @param {BoardView} board @param {import("../quinque.js").Observation} observation */
function drawWin(board, observation) {
  const group = svg("g", { class: "win-lines" });
  if (observation.winner === null || observation.winner === undefined) return group;
  const { diverCenter } = board.lattice;
  for (const line of observation.lines || []) {
    const [ax, ay] = diverCenter(line[0][0], line[0][1]);
    const [bx, by] = diverCenter(line[line.length - 1][0], line[line.length - 1][1]);
    group.append(svg("line", { x1: ax, y1: ay - 4, x2: bx, y2: by - 4, stroke: board.geometry.seat_colours[observation.winner], class: "win-line" }));
  }
  return group;
}

/** Each cell's name as the notation (and hints) spell it, in its top left corner.
 * @param {BoardView} board @param {{minX: number, maxX: number, minY: number, maxY: number}} box */
function drawCoordinates(board, box) {
  const group = svg("g", { class: "coordinates", "aria-hidden": "true" });
  if (!board.coordinates) return group;
  for (let tx = box.minX; tx <= box.maxX; tx += 1) {
    for (let ty = box.minY; ty <= box.maxY; ty += 1) {
      const [x, y] = board.lattice.tileOrigin(tx, ty);
      group.append(svg("text", { x: x + 3, y: y + 10, class: "cell-name" }, `T${key(tx, ty)}`));
    }
  }
  return group;
}

/** Draw the formation (the whole SVG) from the board's state.
 * @param {BoardView} board */
export function renderBoard(board) {
  const current = board.current;
  if (!current) return;
  const observation = current.observation;
  const { pitch } = board.lattice;
  const marks = new Map(observation.marks.map(([x, y, seat]) => [key(x, y), seat]));
  const box = bounds({
    tiles: observation.tiles, firstTile: board.geometry.first_tile, legal: board.legal,
    last: observation.last?.parts, selected: board.selected,
  });
  const x0 = box.minX * pitch - PAD;
  const y0 = box.minY * pitch - PAD;
  const width = (box.maxX - box.minX + 1) * pitch - GAP + 2 * PAD;
  const height = (box.maxY - box.minY + 1) * pitch - GAP + 2 * PAD;
  const surface = board.surface;
  surface.setAttribute("viewBox", `${x0} ${y0} ${width} ${height}`);
  board.zoom.layout(board.interactive && Boolean(current.you?.length) && !current.terminal);
  const adds = svg("g", { class: "adds" });
  for (const [tile, spots] of board.legal.adds) adds.append(drawAddCell(board, tile, spots));
  const tiles = svg("g", { class: "tiles" });
  const playing = current.seat !== null && current.seat !== undefined;
  for (const [tx, ty] of observation.tiles) tiles.append(drawTile(board, tx, ty, marks, playing && board.legal.moves.has(key(tx, ty))));
  const selectedGroup = tiles.querySelector(`[data-tile="T${board.selected}"]`);
  if (selectedGroup) tiles.append(selectedGroup); // on top
  surface.replaceChildren(svg("rect", { x: x0, y: y0, width, height, class: "sky" }), adds, drawDestinations(board),
    tiles, drawLastAction(board, observation.last?.parts), drawHint(board), drawWin(board, observation),
    drawCoordinates(board, box));
  surface.classList.toggle("your-turn", playing);
  if (board.refocus) {
    /** @type {HTMLElement | null} */ (surface.querySelector(board.refocus))?.focus();
    board.refocus = null;
  }
}

/**
 * The rules of movement and of the formation as the panel states them, from the geometry.
 * @param {import("../quinque.js").Geometry} geometry
 * @returns {{rules: string, formation: string, advancedHelp: string | null}}
 */
function rulesText(geometry) {
  const basic = geometry.movement[0];
  let rules = t("quinque.rulesAdvanced");
  if (!geometry.advanced) {
    rules = basic.axes === "orthogonal" ? t("quinque.rulesBasicOrthogonal") : t("quinque.rulesBasic");
    if (!basic.through_tiles) rules += ` (${t("quinque.rulesBlocked")})`;
  }
  let formation = geometry.connect.name === "corner" ? t("quinque.connectCorner") : t("quinque.connectEdge");
  if (geometry.add.name === "corner") formation += `; ${t("quinque.addCorner")}`;
  const advancedHelp = !geometry.advanced ? null
    : basic.axes === "all" ? t("quinque.helpAdvancedAny") : t("quinque.helpAdvanced");
  return { rules, formation, advancedHelp };
}

/** The facts and the help beside the board.
 * @param {BoardView} board */
export function renderPanel(board) {
  if (!board.current) return;
  const observation = board.current.observation;
  const second = observation.phase === "second" && !observation.terminal;
  const { rules, formation, advancedHelp } = rulesText(board.geometry);
  board.panel.replaceChildren(
    h("dl", { class: "facts" },
      h("dt", {}, t("quinque.rules")), h("dd", { id: "rules" }, rules),
      h("dt", {}, t("quinque.formationFact")), h("dd", { id: "formation" }, formation),
      h("dt", {}, t("quinque.turn")), h("dd", {}, second ? t("quinque.turnSecond", { turn: observation.turn }) : String(observation.turn)),
      h("dt", {}, t("quinque.stack")), h("dd", { id: "stack" }, String(observation.stack))),
    h("details", { class: "help" },
      h("summary", {}, t("quinque.howToPlay")),
      h("ul", {},
        h("li", {}, t("quinque.help1")),
        h("li", {}, t("quinque.help2")),
        h("li", {}, t("quinque.help3")),
        h("li", {}, t("quinque.help4")),
        h("li", {}, t("quinque.helpKeyboard")),
        advancedHelp ? h("li", {}, advancedHelp) : null)));
}
