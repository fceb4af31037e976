// The Quinque table UI: the formation in SVG.
//
// Click a free skydiver to mark it; click a skydiver on a dashed cell to add a tile there;
// drag a tile (or click it, then click a highlighted cell) to move it. Only legal actions,
// as sent by the server, can be chosen. Coordinates follow docs/notation.md.
//
// Everything fixed for the game comes from the engine (context.geometry, QuinqueGame.geometry()
// in games/quinque/view.py): the tile size, how tiles join and move, the seats' colours; the
// changing formation and the winning lines come in the observation, the words for actions and
// results as events translated by key (i18n "quinque.event.*"). The module parses the legal
// actions' notation only to make them clickable.
//
// Keyboard: every skydiver, tile and cell that can be chosen is reachable with Tab and chosen
// with Enter or Space (a tile: Enter selects it and focuses its first destination; Escape
// cancels). Each has an aria-label ("skydiver 3,1, free"). Texts: the "quinque" namespace.
//
// The drawing shows the formation (and the cells where a tile may be added or the selected
// tile may go), not a fixed canvas; on a phone it is drawn large enough that every skydiver,
// tile and cell is a 44 px target, and pans in a zoomable frame (./zoom.js).

import { h, listText } from "../js/api.js";
import { eventText, t, tn } from "../js/i18n.js";
import { activateOnKeys, svg } from "../js/svg.js";
import { TARGET_PX, zoomable } from "./zoom.js";

/**
 * A movement pattern (Game.geometry()["movement"]).
 * @typedef {object} Pattern
 * @property {number | null} parachutes - the parachute count it applies to (4: 4 or more);
 *   null in basic movement
 * @property {"orthogonal" | "diagonal" | "all"} axes - the lines the tile moves along
 * @property {number[][]} directions - unit steps [dx, dy]
 * @property {number} max_steps - the longest move in steps, 0 for any distance
 * @property {boolean} through_tiles - whether a move may pass over tiles
 */

/**
 * How tiles touch: the formation's connectivity, or how a new tile touches it.
 * @typedef {object} Adjacency
 * @property {"edge" | "corner"} name
 * @property {number[][]} neighbours - offsets [dx, dy] of the touching cells
 */

/**
 * The static geometry of a Quinque game (QuinqueGame.geometry(), games/quinque/view.py).
 * @typedef {object} Geometry
 * @property {"square"} lattice - tiles lie on the cells Tx,y of an unbounded square lattice
 * @property {number} tile_side - skydivers per tile side: tile Tx,y holds skydivers
 *   (side·x + i, side·y + j) for 0 <= i, j < side
 * @property {number} skydivers_per_tile
 * @property {number} tiles - tiles in the box
 * @property {number} parachutes - parachutes per seat
 * @property {number[]} first_tile - [0, 0]
 * @property {number} line_length - parachutes in a row that win
 * @property {number[][]} line_axes
 * @property {Adjacency} connect
 * @property {Adjacency} add
 * @property {boolean} advanced
 * @property {Pattern[]} movement
 * @property {string[]} seat_colours - a CSS colour per seat
 */

/**
 * A structured event from the server.
 * @typedef {{key: string, params?: Record<string, unknown>}} GameEvent
 */

/**
 * The observation of a position (QuinqueState.observation(), games/quinque/view.py).
 * @typedef {object} Observation
 * @property {number[][]} tiles - [tx, ty] of each tile
 * @property {number[][]} marks - [x, y, seat] of each parachute
 * @property {number[]} supply - parachutes left per seat
 * @property {number} stack - tiles not yet in play
 * @property {number | null} to_move
 * @property {"first" | "second"} phase
 * @property {number[] | null} marked_tile
 * @property {number} turn
 * @property {number | null} winner
 * @property {string} outcome
 * @property {GameEvent | null} [result] - why the game ended
 * @property {number[][][]} [lines] - the winner's lines, each a list of [x, y] skydivers
 * @property {boolean} terminal
 */

/**
 * What the page passes to board.update (static/js/games.js).
 * @typedef {object} Update
 * @property {Observation} observation
 * @property {string[]} [legal]
 * @property {number | null} seat - the seat this page acts for now, or null
 * @property {number[]} [you] - the seats this page plays
 * @property {boolean} [terminal]
 * @property {{action?: string | null} | null} [last]
 * @property {string | null} [hint] - the action the computer suggests
 */

/**
 * What the page passes to create (static/js/games.js).
 * @typedef {object} Context
 * @property {Record<string, unknown>} options
 * @property {Geometry} geometry
 * @property {string[]} seatNames
 * @property {boolean} interactive
 * @property {HTMLElement | null} [panel]
 * @property {(action: string) => void} onAction
 */

/**
 * A legal action's structure, from its notation.
 * @typedef {{kind: "mark", skydiver: string} | {kind: "add", tile: string, skydiver: string}
 *   | {kind: "move", tile: string, to: string} | {kind: "pass"}} Parsed
 */

/**
 * The legal actions by kind: marks by skydiver, adds by tile, moves by origin ("x,y" keys).
 * @typedef {{marks: Set<string>, adds: Map<string, Set<string>>, moves: Map<string, Set<string>>,
 *   pass: boolean}} Legal
 */

const CELL = 44; // distance between skydivers
const GAP = 8; // between tiles
const PAD = 10;
const HIT = CELL - 2; // the diameter of a skydiver's round target: the smallest target
const MIN_TILES = 3; // the drawing shows at least 3 × 3 tiles (the first tile is not blown up)
const MAX_SCALE = 1.6; // pixels per unit at most: on a wide screen a small formation stays small
const DRAG_START = 6; // pixels before a press becomes a drag
const INK = "#20324d";

/** @param {number | string} x @param {number | string} y @returns {string} */
const key = (x, y) => `${x},${y}`;

/** @param {string} cell - "x,y" @returns {[number, number]} */
const coordinates = (cell) => {
  const [x, y] = cell.split(",").map(Number);
  return [x, y];
};

/**
 * The structure of an action in canonical notation (docs/notation.md), or null.
 * @param {string} text
 * @returns {Parsed | null}
 */
function parseAction(text) {
  let m;
  if (text === "pass") return { kind: "pass" };
  if ((m = /^mark (-?\d+,-?\d+)$/.exec(text))) return { kind: "mark", skydiver: m[1] };
  if ((m = /^add T(-?\d+,-?\d+) (-?\d+,-?\d+)$/.exec(text))) return { kind: "add", tile: m[1], skydiver: m[2] };
  if ((m = /^move T(-?\d+,-?\d+) T(-?\d+,-?\d+)$/.exec(text))) return { kind: "move", tile: m[1], to: m[2] };
  return null;
}

/**
 * @param {string[]} actions
 * @returns {Legal}
 */
function parseLegal(actions) {
  /** @type {Legal} */
  const result = { marks: new Set(), adds: new Map(), moves: new Map(), pass: false };
  /** @param {Map<string, Set<string>>} map @param {string} from @param {string} value */
  const add = (map, from, value) => {
    const values = map.get(from) ?? new Set();
    values.add(value);
    map.set(from, values);
  };
  for (const text of actions) {
    const action = parseAction(text);
    if (action?.kind === "mark") result.marks.add(action.skydiver);
    else if (action?.kind === "add") add(result.adds, action.tile, action.skydiver);
    else if (action?.kind === "move") add(result.moves, action.tile, action.to);
    else if (action?.kind === "pass") result.pass = true;
  }
  return result;
}

/**
 * A darker shade of a "#rrggbb" colour (the canopy's outline and lines).
 * @param {string} colour
 * @returns {string}
 */
function darker(colour) {
  const m = /^#([0-9a-f]{6})$/i.exec(colour);
  if (!m) return INK;
  const value = Number.parseInt(m[1], 16);
  const channels = [16, 8, 0].map((shift) => Math.round(((value >> shift) & 255) * 0.62));
  return `#${channels.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * A parachute's canopy in a seat's colour (a ghost: the one a click would place).
 * @param {string} colour
 * @param {boolean} [ghost]
 * @returns {SVGElement}
 */
function canopy(colour, ghost = false) {
  const dark = darker(colour);
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
 * @param {boolean} marked
 * @returns {SVGElement}
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
 * @param {Element} element
 * @param {string} label
 * @param {(event: Event) => void} activate
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

/**
 * The rules of movement and of the formation as the panel states them, from the geometry.
 * @param {Geometry} geometry
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

/**
 * Create the Quinque board.
 * @param {HTMLElement} root
 * @param {Context} context
 */
export default function create(root, context) {
  const geometry = context.geometry;
  if (!geometry || !geometry.tile_side) throw new Error("quinque: the table's geometry is missing");
  const side = geometry.tile_side;
  const colours = geometry.seat_colours;
  const pitch = side * CELL + GAP; // tile lattice step in pixels
  const seatNames = context.seatNames.length ? context.seatNames : [t("quinque.seat0"), t("quinque.seat1")];
  /** @param {number} seat */
  const seatName = (seat) => seatNames[seat] ?? String(seat);
  const surface = /** @type {SVGSVGElement} */ (svg("svg", { class: "quinque", role: "group", "aria-label": t("quinque.formation") }));
  const panel = h("div", { class: "quinque-panel" });
  const zoom = zoomable(surface, {
    touch: TARGET_PX / HIT,
    maxHeight: () => Math.max(300, window.innerHeight * 0.72),
    maxWidth: 820,
    maxScale: MAX_SCALE,
    labels: { zoomIn: t("common.zoomIn"), zoomOut: t("common.zoomOut"), fit: t("common.zoomFit") },
  });
  root.replaceChildren(zoom.element);
  if (context.panel) context.panel.replaceChildren(h("h2", {}, t("quinque.title")), panel);
  /** @param {number} seat */
  const parachuteName = (seat) => [t("quinque.parachuteRed"), t("quinque.parachuteBlue")][seat] ?? seatName(seat);

  /** @type {Update | null} */
  let current = null; // the last update
  let legal = parseLegal([]);
  /** @type {string | null} */
  let selected = null; // "tx,ty" of the tile chosen for a move
  /** @type {{tile: string, group: Element, start: DOMPoint, dragging: boolean, markTarget: HTMLElement | null} | null} */
  let drag = null;
  let pressHandled = false;
  /** @type {string | null} */
  let refocus = null; // a selector to focus after the next render (keyboard use)

  /** @param {number} tx @param {number} ty @returns {number[]} */
  const tileOrigin = (tx, ty) => [tx * pitch, ty * pitch];
  /** @param {number} x @param {number} y @returns {number[]} */
  const diverCenter = (x, y) => {
    const tx = Math.floor(x / side);
    const ty = Math.floor(y / side);
    return [tx * pitch + (x - tx * side + 0.5) * CELL, ty * pitch + (y - ty * side + 0.5) * CELL];
  };
  /** The colour of the seat this page plays (its ghost canopies). */
  const ownColour = () => colours[current?.seat ?? 0] ?? INK;

  /** @param {MouseEvent} event @returns {DOMPoint} */
  function toSvgPoint(event) {
    const matrix = surface.getScreenCTM();
    const point = new DOMPoint(event.clientX, event.clientY);
    return matrix ? point.matrixTransform(matrix.inverse()) : point;
  }

  /** @param {DOMPoint} point @returns {string} the tile cell under the point */
  function cellAt(point) {
    return key(Math.floor((point.x + GAP / 2) / pitch), Math.floor((point.y + GAP / 2) / pitch));
  }

  /** The tile cells to show: the formation, the cells where a tile may be added, the selected
   * tile's destinations, where the last tile moved from; MIN_TILES × MIN_TILES at least.
   * @param {Observation} observation */
  function bounds(observation) {
    const cells = observation.tiles.length ? [...observation.tiles] : [geometry.first_tile];
    for (const tile of legal.adds.keys()) cells.push(coordinates(tile));
    const last = current?.last?.action ? parseAction(current.last.action) : null;
    if (last?.kind === "move") cells.push(coordinates(last.tile));
    for (const cell of (selected && legal.moves.get(selected)) || []) cells.push(coordinates(cell));
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const [tx, ty] of cells) {
      minX = Math.min(minX, tx); maxX = Math.max(maxX, tx);
      minY = Math.min(minY, ty); maxY = Math.max(maxY, ty);
    }
    while (maxX - minX < MIN_TILES - 1) { minX -= 0.5; maxX += 0.5; }
    while (maxY - minY < MIN_TILES - 1) { minY -= 0.5; maxY += 0.5; }
    return { minX, minY, maxX, maxY };
  }

  /** @param {string} action */
  function send(action) {
    selected = null;
    drag = null;
    context.onAction(action);
  }

  /**
   * @param {string} cell - "tx,ty"
   * @param {string} className
   * @param {Record<string, unknown>} [attributes]
   */
  function drawCellOutline(cell, className, attributes = {}) {
    const [x, y] = tileOrigin(...coordinates(cell));
    return svg("rect", { x: x + 1, y: y + 1, width: side * CELL - 2, height: side * CELL - 2, rx: 10, class: className, ...attributes });
  }

  /** @param {string} tile @param {Set<string>} spots */
  function drawAddCell(tile, spots) {
    const [tx, ty] = coordinates(tile);
    const group = svg("g", { class: "add-cell", "data-add-tile": `T${tile}` }, drawCellOutline(tile, "ghost-tile"));
    for (let i = 0; i < side; i += 1) {
      for (let j = 0; j < side; j += 1) {
        const skydiver = key(tx * side + i, ty * side + j);
        const [cx, cy] = diverCenter(tx * side + i, ty * side + j);
        const offered = spots.has(skydiver);
        const spot = svg("g", {
          class: offered ? "add-spot" : "spot-off", transform: `translate(${cx},${cy})`, "data-add": `T${tile} ${skydiver}`,
        }, svg("circle", { r: HIT / 2, class: "hit" }), svg("circle", { r: 4, class: "dot" }));
        if (offered) {
          const action = `add T${tile} ${skydiver}`;
          spot.append(canopy(ownColour(), true));
          spot.addEventListener("click", () => send(action));
          button(spot, t("quinque.labelAdd", { tile: `T${tile}`, skydiver }), () => send(action));
        }
        group.append(spot);
      }
    }
    return group;
  }

  /**
   * @param {number} tx @param {number} ty
   * @param {Map<string, number>} marks - skydiver → seat
   * @param {boolean} movable
   */
  function drawTile(tx, ty, marks, movable) {
    const tile = key(tx, ty);
    const [ox, oy] = tileOrigin(tx, ty);
    const observation = /** @type {Update} */ (current).observation;
    const locked = observation.marked_tile !== null && key(observation.marked_tile[0], observation.marked_tile[1]) === tile && !current?.terminal;
    const group = svg("g", {
      class: `tile${movable ? " movable" : ""}${selected === tile ? " selected" : ""}${locked ? " marked-this-turn" : ""}`,
      "data-tile": `T${tile}`,
    });
    group.append(svg("rect", { x: ox, y: oy, width: side * CELL, height: side * CELL, rx: 10, class: "tile-face" }));
    for (let i = 0; i < side; i += 1) {
      for (let j = 0; j < side; j += 1) {
        const skydiver = key(tx * side + i, ty * side + j);
        const [cx, cy] = diverCenter(tx * side + i, ty * side + j);
        const seat = marks.get(skydiver);
        const markable = seat === undefined && legal.marks.has(skydiver);
        const spot = svg("g", {
          class: `skydiver${markable ? " markable" : ""}${seat !== undefined ? ` marked seat-${seat}` : ""}`,
          transform: `translate(${cx},${cy})`, "data-skydiver": skydiver,
        }, svg("circle", { r: HIT / 2, class: "hit" }));
        if (seat !== undefined) spot.append(canopy(colours[seat] ?? INK), diver(true));
        else {
          if (markable) spot.append(canopy(ownColour(), true));
          spot.append(diver(false));
        }
        const state = seat !== undefined ? parachuteName(seat) : t("quinque.free");
        const label = t("quinque.labelSkydiver", { skydiver, state });
        if (markable) {
          if (!movable) spot.addEventListener("click", () => send(`mark ${skydiver}`));
          button(spot, label, () => send(`mark ${skydiver}`));
        } else {
          spot.setAttribute("role", "img");
          spot.setAttribute("aria-label", label);
        }
        group.append(spot);
      }
    }
    if (movable) {
      group.addEventListener("pointerdown", (event) => startPress(/** @type {PointerEvent} */ (event), tile, group));
      const label = selected === tile ? t("quinque.labelTileSelected", { tile: `T${tile}` }) : t("quinque.labelTile", { tile: `T${tile}` });
      button(group, label, () => {
        selected = selected === tile ? null : tile;
        refocus = selected ? ".destination" : `[data-tile="T${tile}"]`;
        render();
      });
      group.setAttribute("aria-pressed", String(selected === tile));
    } else {
      group.setAttribute("role", "group");
      group.setAttribute("aria-label", t("quinque.labelTileFixed", { tile: `T${tile}` }));
    }
    return group;
  }

  /** @param {PointerEvent} event @param {string} tile @param {Element} group */
  function startPress(event, tile, group) {
    if (event.button !== 0) return;
    const target = /** @type {Element} */ (event.target);
    const markTarget = /** @type {HTMLElement | null} */ (target.closest(".skydiver.markable"));
    drag = { tile, group, start: toSvgPoint(event), dragging: false, markTarget };
    surface.setPointerCapture(event.pointerId);
    event.preventDefault();
  }

  surface.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const point = toSvgPoint(event);
    const dx = point.x - drag.start.x;
    const dy = point.y - drag.start.y;
    if (!drag.dragging && Math.hypot(dx, dy) < DRAG_START) return;
    if (!drag.dragging) {
      drag.dragging = true;
      selected = drag.tile;
      const group = drag.group;
      render();
      drag.group = surface.querySelector(`[data-tile="T${drag.tile}"]`) || group;
      drag.group.classList.add("dragging");
      drag.group.parentNode?.append(drag.group); // on top
    }
    drag.group.setAttribute("transform", `translate(${dx},${dy})`);
    for (const target of surface.querySelectorAll(".destination")) {
      target.classList.toggle("hover", target.getAttribute("data-dest") === `T${cellAt(point)}`);
    }
  });

  surface.addEventListener("pointerup", (event) => {
    if (!drag) return;
    const press = drag;
    drag = null;
    pressHandled = true; // the click that follows belongs to this press
    if (surface.hasPointerCapture(event.pointerId)) surface.releasePointerCapture(event.pointerId);
    if (press.dragging) {
      const cell = cellAt(toSvgPoint(event));
      if (legal.moves.get(press.tile)?.has(cell)) send(`move T${press.tile} T${cell}`);
      else render();
      return;
    }
    if (press.markTarget) {
      send(`mark ${press.markTarget.dataset.skydiver}`);
      return;
    }
    selected = selected === press.tile ? null : press.tile;
    render();
  });

  surface.addEventListener("click", (event) => {
    if (pressHandled) {
      pressHandled = false;
      return;
    }
    const target = /** @type {Element} */ (event.target);
    if (!target.closest(".tile, .add-cell, .destination") && selected) {
      selected = null;
      render();
    }
  });

  function drawDestinations() {
    const group = svg("g", { class: "destinations" });
    const from = selected;
    if (from === null) return group;
    for (const cell of legal.moves.get(from) || []) {
      const target = drawCellOutline(cell, "destination", { "data-dest": `T${cell}` });
      const action = `move T${from} T${cell}`;
      target.addEventListener("click", () => send(action));
      button(target, t("quinque.labelDestination", { tile: `T${from}`, cell: `T${cell}` }), () => send(action));
      target.addEventListener("keydown", (event) => {
        if (/** @type {KeyboardEvent} */ (event).key !== "Escape") return;
        refocus = `[data-tile="T${from}"]`;
        selected = null;
        render();
      });
      group.append(target);
    }
    return group;
  }

  /** The last action: a ring on the skydiver marked, or the tile's path.
   * @param {string | null | undefined} text */
  function drawLastAction(text) {
    const group = svg("g", { class: "last-action" });
    const action = text ? parseAction(text) : null;
    if (action?.kind === "mark" || action?.kind === "add") {
      const [cx, cy] = diverCenter(...coordinates(action.skydiver));
      group.append(svg("circle", { cx, cy: cy - 2, r: CELL / 2 - 1, class: "last-mark" }));
    } else if (action?.kind === "move") {
      const [fx, fy] = tileOrigin(...coordinates(action.tile));
      const [gx, gy] = tileOrigin(...coordinates(action.to));
      const half = (side * CELL) / 2;
      group.append(drawCellOutline(action.tile, "last-from"), drawCellOutline(action.to, "last-to"),
        svg("line", { x1: fx + half, y1: fy + half, x2: gx + half, y2: gy + half, class: "last-path" }));
    }
    return group;
  }

  /** The computer's suggestion (a hint asked by the player): a dashed ring on the skydiver to
   * mark or add, or the tile's move; nothing for "pass" (the page names it).
   * @param {string | null | undefined} text */
  function drawHint(text) {
    const group = svg("g", { class: "hint-action" });
    const action = text ? parseAction(text) : null;
    if (action?.kind === "mark" || action?.kind === "add") {
      const [cx, cy] = diverCenter(...coordinates(action.skydiver));
      group.append(svg("circle", { cx, cy: cy - 2, r: CELL / 2 + 1, class: "hint-mark", "data-hint": text }));
    } else if (action?.kind === "move") {
      group.append(drawCellOutline(action.tile, "hint-from"), drawCellOutline(action.to, "hint-to", { "data-hint": text }));
    }
    return group;
  }

  /** The winner's lines of five or more, as the engine found them.
   * @param {Observation} observation */
  function drawWin(observation) {
    const group = svg("g", { class: "win-lines" });
    if (observation.winner === null || observation.winner === undefined) return group;
    for (const line of observation.lines || []) {
      const [ax, ay] = diverCenter(line[0][0], line[0][1]);
      const [bx, by] = diverCenter(line[line.length - 1][0], line[line.length - 1][1]);
      group.append(svg("line", { x1: ax, y1: ay - 4, x2: bx, y2: by - 4, stroke: colours[observation.winner], class: "win-line" }));
    }
    return group;
  }

  function render() {
    if (!current) return;
    const observation = current.observation;
    const marks = new Map(observation.marks.map(([x, y, seat]) => [key(x, y), seat]));
    const box = bounds(observation);
    const x0 = box.minX * pitch - PAD;
    const y0 = box.minY * pitch - PAD;
    const width = (box.maxX - box.minX + 1) * pitch - GAP + 2 * PAD;
    const height = (box.maxY - box.minY + 1) * pitch - GAP + 2 * PAD;
    surface.setAttribute("viewBox", `${x0} ${y0} ${width} ${height}`);
    zoom.layout(context.interactive && Boolean(current.you?.length) && !current.terminal);
    const backdrop = svg("rect", { x: x0, y: y0, width, height, class: "sky" });
    const adds = svg("g", { class: "adds" });
    for (const [tile, spots] of legal.adds) adds.append(drawAddCell(tile, spots));
    const tiles = svg("g", { class: "tiles" });
    const playing = current.seat !== null && current.seat !== undefined;
    for (const [tx, ty] of observation.tiles) tiles.append(drawTile(tx, ty, marks, legal.moves.has(key(tx, ty)) && playing));
    const selectedGroup = tiles.querySelector(`[data-tile="T${selected}"]`);
    if (selectedGroup) tiles.append(selectedGroup);
    surface.replaceChildren(backdrop, adds, drawDestinations(), tiles, drawLastAction(current.last?.action),
      drawHint(current.hint), drawWin(observation));
    surface.classList.toggle("your-turn", playing);
    if (refocus) {
      /** @type {HTMLElement | null} */ (surface.querySelector(refocus))?.focus();
      refocus = null;
    }
  }

  function renderPanel() {
    if (!current) return;
    const observation = current.observation;
    const second = observation.phase === "second" && !observation.terminal;
    const { rules, formation, advancedHelp } = rulesText(geometry);
    panel.replaceChildren(
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

  return {
    /** @param {Update} update */
    update(update) {
      current = update;
      legal = parseLegal(update.legal || []);
      if (selected && !legal.moves.has(selected)) selected = null;
      drag = null;
      render();
      renderPanel();
    },
    /** @param {number} seat */
    seatDetail(seat) {
      if (!current) return null;
      return tn("quinque.parachutesLeft", current.observation.supply[seat]);
    },
    /** @param {Observation} observation */
    turnHint(observation) {
      if (observation.phase === "second") return t("quinque.hintSecond");
      const parts = [];
      if (legal.marks.size) parts.push(t("quinque.hintMark"));
      if (legal.adds.size) parts.push(t("quinque.hintAdd"));
      if (legal.moves.size) parts.push(t("quinque.hintMove"));
      if (!parts.length) return t("quinque.hintNothing");
      try {
        return new Intl.ListFormat(document.documentElement.lang || "en", { type: "disjunction" }).format(parts);
      } catch {
        return listText(parts);
      }
    },
    /** @param {Observation} observation */
    passLabel(observation) {
      return observation.phase === "second" ? t("quinque.endTurn") : t("quinque.pass");
    },
    /** Why the game ended (the engine's event), the turns played and the parachutes left.
     * @param {Observation} observation */
    resultDetail(observation) {
      const why = eventText(observation.result, seatName, listText) ?? "";
      const supply = listText((observation.supply || []).map((left, seat) => `${seatName(seat)} ${left}`));
      return [why, t("quinque.resultTally", { turns: observation.turn, supply })].filter(Boolean).join(" — ");
    },
    // The complete actions the board offers now (clickable or draggable), sorted; "pass" is
    // offered by the page's End turn / Pass button (games.js shellActions), not by the board.
    // Read from the drawn board: what a person can click, drag or reach with the keyboard.
    offered() {
      if (!current || current.seat === null || current.seat === undefined || !context.interactive) return [];
      const actions = [];
      for (const spot of surface.querySelectorAll(".skydiver.markable[role=button]")) actions.push(`mark ${spot.getAttribute("data-skydiver")}`);
      for (const spot of surface.querySelectorAll(".add-spot[role=button]")) actions.push(`add ${spot.getAttribute("data-add")}`);
      for (const tile of surface.querySelectorAll(".tile.movable")) {
        const from = String(tile.getAttribute("data-tile")).slice(1);
        for (const to of legal.moves.get(from) || []) actions.push(`move T${from} T${to}`);
      }
      return [...new Set(actions)].sort();
    },
  };
}
