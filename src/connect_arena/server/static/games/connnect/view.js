// CO'NNN'ECT's drawing helpers and types: the layout of the sheet in pixels, die faces, small
// shapes, outlines of groups of spaces, and the names of bonuses, phases, objectives and zones.
// The board's shared state (`Ui`) is typed here too; connnect.js makes it.

import { tn, t } from "../../js/i18n.js";
import { svg } from "../../js/svg.js";
import { rowsToPoints } from "./state.js";


/**
 * @typedef {{die: number, axis: "columns" | "rows", lines: number[], cells: string[]}} Zone
 * @typedef {{id: string, rows: string[], path: boolean}} ShapeInfo
 * @typedef {{slot: number, kind: string, value: number, stars: number, lightning: boolean}} BonusInfo
 * @typedef {{letter: string, name: string, rows: string[]}} Card
 * @typedef {{id: string, deck: string, points: number, kind: string, text: string, builtin: boolean}} ObjectiveCard
 * @typedef {object} Geometry The sheet's static layout (`ConnnectGame.geometry()`).
 * @property {number} size rows and columns of the play area
 * @property {string} columns the column letters, left to right
 * @property {Zone[]} zones one per die face
 * @property {{id: string, cells: string[]}[]} circles
 * @property {string[][]} lines the Connected Lines, as circle ids
 * @property {string[]} setup_spaces
 * @property {string[][]} setup_groups
 * @property {{axis: "row" | "column", index: number, cells: string[]}[]} arrow_lines
 * @property {number} rounds
 * @property {ShapeInfo[]} connect3
 * @property {ShapeInfo[]} connect4
 * @property {[number, number]} connect4_points first and later marker
 * @property {BonusInfo[][]} bonus_sections
 * @property {number[]} free_action_penalties minus points after 0, 1, ... Free Actions
 * @property {number} connect5_boxes
 * @property {Card[]} cards
 * @property {number} face_up
 * @property {number[]} score_cards
 * @property {string[]} decks
 * @property {ObjectiveCard[]} objectives
 */
/**
 * @typedef {{shape: string, cells: string[], kind: string, reused: string | null, round: number}} ClaimView
 * @typedef {BonusInfo & {circled: boolean, used: boolean}} BonusView
 * @typedef {object} SheetView One player's sheet as the viewer may see it (view.sheet_view).
 * @property {number} seat
 * @property {number[]} values the number in each space (0: empty), reading order
 * @property {string[]} crossed
 * @property {ClaimView[]} claims
 * @property {BonusView[][]} bonuses
 * @property {Record<string, string[]>} markers
 * @property {[string, number][]} connect5
 * @property {number} free_actions
 * @property {Record<string, number>} objectives
 * @property {string[]} filled_circles
 * @property {number[][]} tracker
 * @property {number} out
 * @property {Record<string, any>} score
 */
/**
 * @typedef {object} Observation What a seat sees (view.observation).
 * @property {number} round
 * @property {string} phase
 * @property {number} active_player
 * @property {number[]} dice
 * @property {number} zone_die
 * @property {number[]} active
 * @property {{id: string, deck: string, points: number, text: string, closed: boolean, points_now?: number}[]} objectives
 * @property {Card[]} cards_face_up
 * @property {string[]} cards_face_down
 * @property {number[]} score_cards
 * @property {string[]} connect4_claimed
 * @property {SheetView[]} sheets
 * @property {boolean} terminal
 * @property {number[]} winners
 * @property {number[][]} [setup_rolls] - the setup numbers rolled for each seat in this setup step (public)
 * @property {import("../../js/types.js").GameEvent[]} [result] - why the game ended and why its winners won
 * @property {{seat: number, pending: number[], number_dice: number[], zone: number, task: {kind: string, value: number} | null}} [you]
 * @property {unknown[]} [players] - a replay's revealed observation: each seat's private block
 */


/**
 * The board's state, shared by its modules (connnect.js makes it; the draw functions read it,
 * the controls change it and call `render`).
 * @typedef {object} Ui
 * @property {Geometry} geometry
 * @property {import("./state.js").Grid} grid
 * @property {Context} context
 * @property {Record<string, unknown>} options - the table's options
 * @property {Map<number, number[]>} zones - die face -> the indices of its zone
 * @property {Map<number, [boolean, boolean]>} circleSide - space -> [circle to the right, circle below]
 * @property {Set<number>} columnEdges - block lines between columns
 * @property {Set<number>} rowEdges - block lines between rows
 * @property {HTMLDivElement} container
 * @property {HTMLElement} panel
 * @property {Update | null} current - the last update
 * @property {import("./state.js").Model} model - the legal actions as the page offers them
 * @property {number | null} viewed - the seat whose sheet is shown
 * @property {boolean} viewedByHand
 * @property {string | null} mode - "write", "claim", "adjust", "move"
 * @property {number | null} number - the number chosen in the tray
 * @property {number[]} selection - claim: the selected spaces (indices, sorted)
 * @property {string | null} adjustTarget - adjust: the chosen space's name
 * @property {number} focusCell - the roving focus of the play area
 * @property {boolean} busy - an action was sent: wait for its answer
 * @property {() => Observation} observation - the shown observation (once an update came)
 * @property {() => number | null} me - the viewer's seat
 * @property {() => boolean} myTurn - the page acts (legal actions came)
 * @property {() => {kind: string, value: number} | null} task - the viewer's bonus task
 * @property {(seat: number) => string} names
 * @property {(action: string) => void} send - sends a legal action's notation
 * @property {() => void} render
 */

/**
 * What the table page or the replay viewer gives a game module.
 * @typedef {object} Context
 * @property {Geometry} geometry the sheet's layout (ConnnectGame.geometry())
 * @property {Record<string, unknown>} [options] the table's options
 * @property {string[]} [seatNames]
 * @property {boolean} [interactive] false in the replay viewer
 * @property {HTMLElement | null} [panel] where the cards and objectives go
 * @property {(action: string) => void} onAction sends an action (notation)
 */

/**
 * What the table page sends the board.
 * @typedef {object} Update
 * @property {Observation} observation
 * @property {string[]} [legal] the seat's legal actions (notation)
 * @property {import("../../js/types.js").LegalAction[]} [actions] the same with their parts (what the board reads)
 * @property {number | null} [seat] the seat the legal actions are for
 * @property {number[]} [you] the viewer's seats
 * @property {{seat: number, action: string} | null} [last] the last event
 * @property {string | null} [hint] the action suggested to the seat
 */

export const CELL = 56; // pixels per space
export const LEFT = 36; // room for the row zones
export const TOP = 36; // room for the column zones
export const RIGHT = 34; // room for the arrow of a row
export const BOTTOM = 34; // room for the arrow of a column
/** @type {Record<number, string>} */
export const CLAIM_COLORS = { 3: "#137a6f", 4: "#7b3fb8", 5: "#c2410c" };
/** @param {number} n @returns {string} "3 points" */
export const points = (n) => tn("connnect.points", n);


/**
 * A shape drawn small (rows of X and .), for cards, markers and hints.
 * @param {string[]} rows
 * @param {number} [unit] pixels per square
 * @param {string} [className]
 * @returns {SVGElement}
 */
export function miniShape(rows, unit = 9, className = "cn-mini") {
  const height = rows.length;
  const width = Math.max(...rows.map((r) => r.length));
  const group = svg("svg", {
    class: className, viewBox: `0 0 ${width * unit} ${height * unit}`,
    width: width * unit, height: height * unit, "aria-hidden": "true", focusable: "false",
  });
  rowsToPoints(rows).forEach(([r, c]) => group.append(svg("rect", {
    x: c * unit + 0.5, y: r * unit + 0.5, width: unit - 1, height: unit - 1, rx: 1.5,
  })));
  return group;
}

// ----- dice ------------------------------------------------------------------------------------

/** @type {Record<number, number[][]>} */
const PIPS = {
  1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

/**
 * A die face (SVG) of `size` pixels; `kind` "zone", "number" or "plain".
 * @param {number} value 1..6
 * @param {number} size
 * @param {string} [kind]
 * @returns {SVGElement}
 */
export function dieFace(value, size, kind = "number") {
  const step = size * 0.26;
  const face = svg("svg", {
    class: `cn-die ${kind}`, viewBox: `0 0 ${size} ${size}`, width: size, height: size,
    "aria-hidden": "true", focusable: "false",
  }, svg("rect", { x: 1, y: 1, width: size - 2, height: size - 2, rx: size * 0.18, class: "face" }));
  for (const [dx, dy] of PIPS[value] || []) {
    face.append(svg("circle", { cx: size / 2 + dx * step, cy: size / 2 + dy * step, r: size * 0.085, class: "pip" }));
  }
  return face;
}

// ----- names -----------------------------------------------------------------------------------

/** @param {{kind: string, value: number}} bonus @returns {string} */
export function bonusName(bonus) {
  switch (bonus.kind) {
    case "move": return t("connnect.bonusMove");
    case "switch": return t("connnect.bonusSwitch");
    case "adjust": return t("connnect.bonusAdjust");
    case "reuse": return t("connnect.bonusReuse");
    case "write2": return t("connnect.bonusWrite2");
    case "score6": return t("connnect.bonusScore6");
    case "write": return t("connnect.bonusWrite", { n: bonus.value });
    default: return bonus.kind;
  }
}

/** @param {{kind: string, value: number}} bonus @returns {string} */
export function bonusHelp(bonus) {
  switch (bonus.kind) {
    case "move": return t("connnect.bonusMoveHelp");
    case "switch": return t("connnect.bonusSwitchHelp");
    case "adjust": return t("connnect.bonusAdjustHelp");
    case "reuse": return t("connnect.bonusReuseHelp");
    case "write2": return t("connnect.bonusWrite2Help");
    case "score6": return t("connnect.bonusScore6Help");
    case "write": return t("connnect.bonusWriteHelp", { n: bonus.value });
    default: return "";
  }
}

/** @type {Record<string, string>} */
export const BONUS_GLYPHS = { move: "⇄", switch: "⟲", adjust: "±", reuse: "♻", write2: "✎✎", score6: "6", write: "✎" };

/** @param {string} phase @returns {string} */
export function phaseName(phase) {
  switch (phase) {
    case "objectives": case "cards": case "first": return t("connnect.phaseSetup");
    case "setup_roll": case "setup_write": return t("connnect.phaseSetupNumbers");
    case "roll": return t("connnect.phaseRoll");
    case "zone": return t("connnect.phaseZone");
    case "fill": return t("connnect.phaseFill");
    case "claim": return t("connnect.phaseClaim");
    case "over": return t("connnect.phaseOver");
    default: return phase;
  }
}

/**
 * An objective card's text: the translation of a built-in card, else the data's own text.
 * @param {Geometry} geometry
 * @param {{id: string, text: string}} objective
 * @returns {string}
 */
export function objectiveText(geometry, objective) {
  /** @type {Record<string, () => string>} */
  const texts = {
    A1: () => t("connnect.objA1"), A2: () => t("connnect.objA2"), A3: () => t("connnect.objA3"),
    A4: () => t("connnect.objA4"), A5: () => t("connnect.objA5"), B1: () => t("connnect.objB1"),
    B2: () => t("connnect.objB2"), B3: () => t("connnect.objB3"), B4: () => t("connnect.objB4"),
    B5: () => t("connnect.objB5"), C1: () => t("connnect.objC1"), C2: () => t("connnect.objC2"),
    C3: () => t("connnect.objC3"), C4: () => t("connnect.objC4"),
  };
  const card = geometry.objectives.find((o) => o.id === objective.id);
  return card?.builtin && texts[objective.id] ? texts[objective.id]() : objective.text;
}

/**
 * @param {Geometry} geometry
 * @param {number} die
 * @returns {string} e.g. "Zone 4: rows 1–2"
 */
export function zoneText(geometry, die) {
  const zone = geometry.zones.find((z) => z.die === die);
  if (zone?.axis === "columns") return t("connnect.zoneColumns", { zone: die, lines: zone.lines.map((c) => geometry.columns[c - 1]).join("–") });
  if (zone?.axis === "rows") return t("connnect.zoneRows", { zone: die, lines: zone.lines.join("–") });
  return t("connnect.zoneN", { zone: die });
}

// ----- outlines --------------------------------------------------------------------------------

/**
 * SVG path of the outline of `cells`, drawn `inset` pixels inside their border.
 * @param {import("./state.js").Grid} grid
 * @param {number[]} cells
 * @param {number} inset
 * @returns {string}
 */
export function outlinePath(grid, cells, inset) {
  const { size: SIZE, rowOf, colOf } = grid;
  const set = new Set(cells);
  /** @type {(x: number, y: number) => boolean} */
  const has = (x, y) => x >= 0 && y >= 0 && x < SIZE && y < SIZE && set.has(y * SIZE + x);
  const parts = [];
  for (const cell of cells) {
    const x = colOf(cell);
    const y = rowOf(cell);
    for (const [nx, ny] of [[0, -1], [1, 0], [0, 1], [-1, 0]]) {
      if (has(x + nx, y + ny)) continue;
      const midX = x + 0.5 + nx / 2;
      const midY = y + 0.5 + ny / 2;
      const ends = [[-ny, nx], [ny, -nx]].map(([ux, uy]) => {
        let stretch = 0; // in pixels along the edge
        if (!has(x + ux, y + uy)) stretch = -inset; // a convex corner
        else if (has(x + ux + nx, y + uy + ny)) stretch = inset; // a concave corner
        const px = LEFT + (midX + ux / 2) * CELL + ux * stretch - nx * inset;
        const py = TOP + (midY + uy / 2) * CELL + uy * stretch - ny * inset;
        return `${px.toFixed(1)},${py.toFixed(1)}`;
      });
      parts.push(`M${ends[0]}L${ends[1]}`);
    }
  }
  return parts.join("");
}
