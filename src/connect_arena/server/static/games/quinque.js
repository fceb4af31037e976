// The Quinque table UI: the formation in SVG.
//
// Click a free skydiver to mark it; click a skydiver on a dashed cell to add a tile there;
// drag a tile (or click it, then click a highlighted cell) to move it. Only legal actions,
// as sent by the server, can be chosen. Coordinates follow docs/notation.md.
//
// Everything fixed for the game comes from the engine (context.geometry, QuinqueGame.geometry()
// in games/quinque/view.py): the tile size, how tiles join and move, the seats' colours; the
// changing formation, the last action and the winning lines come in the observation, the
// legal actions as {notation, parts} (board.update's `actions`), the words for actions and
// results as events translated by key (i18n "quinque.event.*"). Nothing here parses notation:
// a control sends the notation of the legal action it stands for.
//
// Modules: ./quinque/state.js (pure: the legal actions by what is clicked, the layout),
// ./quinque/view.js (the drawing and the panel), ./quinque/input.js (pointer and drag).
//
// Keyboard: every skydiver, tile and cell that can be chosen is a button (the board is one tab
// stop, the arrow keys move between them: js/board-keys.js) chosen with Enter or Space (a
// tile: Enter selects it and focuses its first destination; Escape cancels). Each has an
// aria-label ("skydiver 3,1, free"). Texts: the "quinque" namespace.
//
// The drawing shows the formation (and the cells where a tile may be added or the selected
// tile may go), not a fixed canvas; on a phone it is drawn large enough that every skydiver,
// tile and cell is a 44 px target when zoomed in, and pans in a zoomable frame (./zoom.js); it
// starts whole.

import { h } from "../js/dom.js";
import { listText } from "../js/format.js";
import { eventText, t, tn } from "../js/i18n.js";
import { svg } from "../js/svg.js";
import { attachPointer } from "./quinque/input.js";
import { actionOf, layout, legalIndex, offeredKinds } from "./quinque/state.js";
import { HIT, renderBoard, renderPanel } from "./quinque/view.js";
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
 * @property {import("../js/types.js").LegalAction | null} [last] - the last action, with parts
 */

/**
 * What the page passes to board.update (static/js/games.js).
 * @typedef {object} Update
 * @property {Observation} observation
 * @property {string[]} [legal]
 * @property {import("../js/types.js").LegalAction[]} [actions] - the legal actions with parts
 * @property {number | null} seat - the seat this page acts for now, or null
 * @property {number[]} [you] - the seats this page plays
 * @property {boolean} [terminal]
 * @property {string | null} [hint] - the action the computer suggests (a legal action's notation)
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

const MAX_SCALE = 1.6; // pixels per unit at most: on a wide screen a small formation stays small

/** Where the coordinates toggle is remembered (localStorage). */
const COORDINATES_KEY = "connect-arena.quinque.coordinates";

/**
 * Create the Quinque board.
 * @param {HTMLElement} root
 * @param {Context} context
 */
export default function create(root, context) {
  const geometry = context.geometry;
  if (!geometry || !geometry.tile_side) throw new Error("quinque: the table's geometry is missing");
  const seatNames = context.seatNames.length ? context.seatNames : [t("quinque.seat0"), t("quinque.seat1")];
  /** @param {number} seat */
  const seatName = (seat) => seatNames[seat] ?? String(seat);
  const surface = /** @type {SVGSVGElement} */ (svg("svg", { class: "quinque", role: "group", "aria-label": t("quinque.formation") }));
  const zoom = zoomable(surface, {
    touch: TARGET_PX / HIT,
    maxHeight: () => Math.max(300, window.innerHeight * 0.72),
    maxWidth: 820,
    maxScale: MAX_SCALE,
    startWhole: true, // the whole formation first (its outer tiles matter); zoom on demand
    labels: { zoomIn: t("common.zoomIn"), zoomOut: t("common.zoomOut"), fit: t("common.zoomFit") },
  });
  // The coordinates toggle (remembered): cells named as hints and records name them.
  const remembered = (() => {
    try {
      return localStorage.getItem(COORDINATES_KEY) === "1";
    } catch {
      return false;
    }
  })();
  const toggle = h("button", { type: "button", class: "quinque-coordinates", "aria-pressed": String(remembered) },
    t("quinque.coordinates"));
  toggle.addEventListener("click", () => {
    board.coordinates = !board.coordinates;
    toggle.setAttribute("aria-pressed", String(board.coordinates));
    try {
      localStorage.setItem(COORDINATES_KEY, board.coordinates ? "1" : "0");
    } catch {
      // private browsing: the choice lasts for this page only
    }
    renderBoard(board);
  });
  root.replaceChildren(h("div", { class: "quinque-board" }, zoom.element, toggle));
  const panel = h("div", { class: "quinque-panel" });
  if (context.panel) context.panel.replaceChildren(h("h2", {}, t("quinque.title")), panel);

  /** @type {import("./quinque/view.js").BoardView & import("./quinque/input.js").PointerBoard} */
  const board = {
    geometry, lattice: layout(geometry.tile_side), surface, panel, zoom, interactive: context.interactive,
    coordinates: remembered, current: null, legal: legalIndex([]), hint: null, selected: null, refocus: null,
    parachuteName: (seat) => [t("quinque.parachuteRed"), t("quinque.parachuteBlue")][seat] ?? seatName(seat),
    send(notation) {
      board.selected = null;
      pointer.cancel();
      context.onAction(notation);
    },
    select(tile, refocus) {
      board.selected = tile;
      board.refocus = refocus;
      renderBoard(board);
    },
    press: (event, tile, group) => pointer.press(event, tile, group),
    render: () => renderBoard(board),
  };
  const pointer = attachPointer(board);

  return {
    /** @param {Update} update */
    update(update) {
      const actions = update.actions || [];
      board.current = update;
      board.legal = legalIndex(actions);
      board.hint = actionOf(actions, update.hint);
      if (board.selected && !board.legal.moves.has(board.selected)) board.selected = null;
      pointer.cancel();
      renderBoard(board);
      renderPanel(board);
    },
    /** @param {number} seat */
    seatDetail(seat) {
      if (!board.current) return null;
      return tn("quinque.parachutesLeft", board.current.observation.supply[seat]);
    },
    /** @param {Observation} observation */
    turnHint(observation) {
      if (observation.phase === "second") return t("quinque.hintSecond");
      const words = { mark: () => t("quinque.hintMark"), add: () => t("quinque.hintAdd"), move: () => t("quinque.hintMove") };
      const parts = offeredKinds(board.legal).map((kind) => words[kind]());
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
    // The complete actions the board offers now (clickable or draggable), sorted; the pass is
    // offered by the page's End turn / Pass button (games.js shellActions), not by the board.
    // Read from the drawn board: what a person can click, drag or reach with the keyboard.
    offered() {
      const current = board.current;
      if (!current || current.seat === null || current.seat === undefined || !context.interactive) return [];
      const actions = [];
      for (const spot of surface.querySelectorAll(".skydiver.markable[role=button], .add-spot[role=button]")) {
        actions.push(String(spot.getAttribute("data-action")));
      }
      for (const [from, moves] of board.legal.moves) {
        if (surface.querySelector(`.tile.movable[data-tile="T${from}"]`)) actions.push(...moves.values());
      }
      return [...new Set(actions)].sort();
    },
  };
}
