// The CO'NNN'ECT table UI: every player's sheet, the Dice Card, the cards and the actions.
//
// The sheet is drawn in SVG (the 6 × 6 play area cut into its zones, the nine circles, the
// arrow lines, the claimed outlines); the bonus sections, the Connect-4 markers, the Connect-5
// boxes, the Free Action track, the Round Tracker and the score are HTML beside it. Only the
// server's legal actions can be chosen: they are parsed into what the page offers (numbers to
// write and their spaces, Free Actions, bonuses, claims, bonus spaces to circle, "done"), and
// `offered()` lists exactly those. A claim is built by selecting spaces; a selection that is a
// legal claim can be confirmed, any other one is explained (shape, claimed numbers, order).
//
// Everything drawn comes from the server: the sheet's geometry (`context.geometry`, from
// `ConnnectGame.geometry()`: zones, circles, lines, setup spaces, arrow lines, shapes, bonus
// sections, Free Action values, cards, objectives of the data in use, so a variant data file
// is drawn as it is) and the observation (connnect/view.py: what is written on each sheet).
// Moves and refusals are the server's events, translated by key (i18n `connnect.event.*`).

import { h, listText } from "../js/api.js";
import { eventText, t, tn } from "../js/i18n.js";
import { activateOnKeys, svg } from "../js/svg.js";

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
 * @property {import("../js/types.js").GameEvent[]} [result] - why the game ended and why its winners won
 * @property {{seat: number, pending: number[], number_dice: number[], zone: number, task: {kind: string, value: number} | null}} [you]
 */

/** Rows and columns of the play area and their letters: set from the geometry by `create`. */
let SIZE = 6;
let COLUMNS = "abcdef";
const CELL = 56; // pixels per space
const LEFT = 36; // room for the row zones
const TOP = 36; // room for the column zones
const RIGHT = 34; // room for the arrow of a row
const BOTTOM = 34; // room for the arrow of a column
/** @type {Record<number, string>} */
const CLAIM_COLORS = { 3: "#137a6f", 4: "#7b3fb8", 5: "#c2410c" };
const BUSY_TIMEOUT = 4000; // ms before an unanswered action lets the page act again

// ----- small helpers ---------------------------------------------------------------------------

/** @param {number} index @returns {string} the space's notation, e.g. "b2" */
const cellName = (index) => `${COLUMNS[index % SIZE]}${Math.floor(index / SIZE) + 1}`;
/** @param {string} name a space, e.g. "b2" @returns {number} its index in reading order */
const cellIndex = (name) => (Number(name.slice(1)) - 1) * SIZE + COLUMNS.indexOf(name[0]);
/** @param {number} index @returns {number} 0-based row */
const rowOf = (index) => Math.floor(index / SIZE);
/** @param {number} index @returns {number} 0-based column */
const colOf = (index) => index % SIZE;
/** @param {number} a @param {number} b @returns {number} */
const byNumber = (a, b) => a - b;
/** @param {number} delta @returns {string} "+1" or "−2" */
const signed = (delta) => (delta > 0 ? `+${delta}` : `−${-delta}`);
/** @param {number} value 1..6 @param {number} delta @returns {number} 1..6, 6 + 1 = 1 */
const cyclic = (value, delta) => ((value - 1 + delta + 60) % 6) + 1;
/** @param {number} n @returns {string} "3 points" */
const points = (n) => tn("connnect.points", n);

/**
 * @template K, V
 * @param {Map<K, Set<V>>} map
 * @param {K} key
 * @param {V} value
 */
function addTo(map, key, value) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

/**
 * The cells (indices) of each zone die face.
 * @param {Geometry} geometry
 * @returns {Map<number, number[]>}
 */
function zoneCells(geometry) {
  return new Map(geometry.zones.map((zone) => [zone.die, zone.cells.map(cellIndex)]));
}

// ----- shapes ----------------------------------------------------------------------------------

/** @param {string[]} rows a shape as rows of X and . @returns {[number, number][]} its (row, column) points */
function rowsToPoints(rows) {
  /** @type {[number, number][]} */
  const points = [];
  rows.forEach((line, r) => [...line].forEach((char, c) => { if (char === "X") points.push([r, c]); }));
  return points;
}

/** @param {[number, number][]} points @returns {[number, number][]} moved to row 0 and column 0 */
function normalise(points) {
  const r0 = Math.min(...points.map((p) => p[0]));
  const c0 = Math.min(...points.map((p) => p[1]));
  return points.map(([r, c]) => [r - r0, c - c0]);
}

/**
 * A key equal for two shapes exactly when one is a rotation or mirror image of the other.
 * @param {[number, number][]} points
 * @returns {string}
 */
function shapeKey(points) {
  /** @type {string | null} */
  let best = null;
  for (const flip of [false, true]) {
    /** @type {[number, number][]} */
    let image = points.map(([r, c]) => (flip ? [r, -c] : [r, c]));
    for (let turn = 0; turn < 4; turn += 1) {
      image = image.map(([r, c]) => [c, -r]);
      const key = normalise(image).map(([r, c]) => `${r},${c}`).sort().join(";");
      if (best === null || key < best) best = key;
    }
  }
  return best || "";
}

/** @param {number[]} cells @returns {string} the shapeKey of spaces */
const cellsKey = (cells) => shapeKey(cells.map((c) => [rowOf(c), colOf(c)]));
/** @param {number} a @param {number} b @returns {boolean} the spaces share a side */
const adjacent = (a, b) => Math.abs(rowOf(a) - rowOf(b)) + Math.abs(colOf(a) - colOf(b)) === 1;

/** @param {number[]} cells @returns {boolean} one orthogonally connected piece */
function connected(cells) {
  if (!cells.length) return false;
  const seen = new Set([cells[0]]);
  const todo = [cells[0]];
  for (let cell = todo.pop(); cell !== undefined; cell = todo.pop()) {
    for (const other of cells) {
      if (!seen.has(other) && adjacent(cell, other)) {
        seen.add(other);
        todo.push(other);
      }
    }
  }
  return seen.size === cells.length;
}

/**
 * Whether an orthogonal path visits every cell once (so ordered numbers can fill them).
 * @param {number[]} cells
 * @returns {boolean}
 */
function hasPath(cells) {
  /** @type {(cell: number, seen: Set<number>) => boolean} */
  const walk = (cell, seen) => seen.size === cells.length
    || cells.some((next) => !seen.has(next) && adjacent(cell, next) && walk(next, new Set([...seen, next])));
  return cells.some((cell) => walk(cell, new Set([cell])));
}

/**
 * Whether a selection's numbers may be claimed together (the rule of sheet.claim_kind, CN-4,
 * CN-5), to explain a selection before it is sent; the server decides.
 * @param {number[]} cells
 * @param {number[]} values
 * @param {string} orderRule
 * @param {boolean} allPairs
 * @returns {"equal" | "ordered" | null}
 */
function claimKind(cells, values, orderRule, allPairs) {
  const distinct = new Set(values);
  if (distinct.size === 1) return "equal";
  if (distinct.size !== values.length) return null;
  /** @type {number[] | null} */
  let ranks = null;
  const k = values.length;
  if (orderRule === "monotone") ranks = [...values];
  else if (orderRule === "cyclic") {
    for (let start = 1; start <= 6 && !ranks; start += 1) {
      const tried = values.map((v) => (((v - start) % 6) + 6) % 6);
      if (Math.max(...tried) === k - 1) ranks = tried;
    }
  } else {
    const low = Math.min(...values);
    if (Math.max(...values) - low === k - 1) ranks = values.map((v) => v - low);
  }
  if (!ranks) return null;
  const found = ranks;
  const ordered = cells.map((cell, i) => [found[i], cell]).sort((a, b) => a[0] - b[0]).map((p) => p[1]);
  for (let i = 1; i < ordered.length; i += 1) if (!adjacent(ordered[i - 1], ordered[i])) return null;
  if (allPairs) {
    const position = new Map(ordered.map((cell, i) => [cell, i]));
    for (const a of cells) {
      for (const b of cells) {
        if (a < b && adjacent(a, b) && Math.abs((position.get(a) ?? 0) - (position.get(b) ?? 0)) !== 1) return null;
      }
    }
  }
  return "ordered";
}

/**
 * A shape drawn small (rows of X and .), for cards, markers and hints.
 * @param {string[]} rows
 * @param {number} [unit] pixels per square
 * @param {string} [className]
 * @returns {SVGElement}
 */
function miniShape(rows, unit = 9, className = "cn-mini") {
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
function dieFace(value, size, kind = "number") {
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

// ----- the legal actions, as the page offers them ----------------------------------------------

/**
 * @typedef {{text: string, shape: string, cells: number[], key: string, reuse: boolean}} ClaimOption
 * @typedef {object} Model The legal actions, sorted by what the page offers.
 * @property {Set<number>} zones
 * @property {Map<number, Set<string>>} writes number -> spaces
 * @property {Map<number, Set<number>>} changes number -> new numbers
 * @property {Set<number>} skips
 * @property {Set<number>} switches
 * @property {Map<number, Set<string>>} adjustDie number -> deltas ("+1")
 * @property {Map<string, Set<string>>} adjustCell space -> deltas
 * @property {Set<string>} moves
 * @property {ClaimOption[]} claims
 * @property {Set<number>} takes
 * @property {boolean} done
 * @property {string[]} unknown
 */

/**
 * The legal actions (notation) parsed into what the page offers.
 * @param {string[]} legal
 * @returns {Model}
 */
function parseLegal(legal) {
  /** @type {Model} */
  const model = {
    zones: new Set(), writes: new Map(), changes: new Map(), skips: new Set(), switches: new Set(),
    adjustDie: new Map(), adjustCell: new Map(), moves: new Set(), claims: [], takes: new Set(),
    done: false, unknown: [],
  };
  for (const action of legal) {
    let m;
    if ((m = /^zone ([1-6])$/.exec(action))) model.zones.add(Number(m[1]));
    else if ((m = /^write ([1-6]) ([a-f][1-6])$/.exec(action))) addTo(model.writes, Number(m[1]), m[2]);
    else if ((m = /^change ([1-6]) ([1-6])$/.exec(action))) addTo(model.changes, Number(m[1]), Number(m[2]));
    else if ((m = /^skip ([1-6])$/.exec(action))) model.skips.add(Number(m[1]));
    else if ((m = /^switch ([1-6])$/.exec(action))) model.switches.add(Number(m[1]));
    else if ((m = /^adjust ([a-f][1-6]) ([+-][12])$/.exec(action))) addTo(model.adjustCell, m[1], m[2]);
    else if ((m = /^adjust ([1-6]) ([+-][12])$/.exec(action))) addTo(model.adjustDie, Number(m[1]), m[2]);
    else if ((m = /^move ([a-f][1-6])$/.exec(action))) model.moves.add(m[1]);
    else if ((m = /^claim (\S+)((?: [a-f][1-6])+)( reuse)?$/.exec(action))) {
      const cells = m[2].trim().split(" ").map(cellIndex).sort(byNumber);
      model.claims.push({ text: action, shape: m[1], cells, key: cells.join(","), reuse: Boolean(m[3]) });
    } else if ((m = /^take (\d+)$/.exec(action))) model.takes.add(Number(m[1]));
    else if (action === "done") model.done = true;
    else model.unknown.push(action);
  }
  if (model.unknown.length) console.warn("connnect: actions this page cannot offer", model.unknown);
  return model;
}

/**
 * Numbers the player may pick in the number tray (to write, change, drop or adjust).
 * @param {Model} model
 * @returns {number[]}
 */
function trayNumbers(model) {
  return [...new Set([...model.writes.keys(), ...model.changes.keys(), ...model.skips, ...model.adjustDie.keys()])].sort(byNumber);
}

// ----- names -----------------------------------------------------------------------------------

/** @param {{kind: string, value: number}} bonus @returns {string} */
function bonusName(bonus) {
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
function bonusHelp(bonus) {
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
const BONUS_GLYPHS = { move: "⇄", switch: "⟲", adjust: "±", reuse: "♻", write2: "✎✎", score6: "6", write: "✎" };

/** @param {string} phase @returns {string} */
function phaseName(phase) {
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
function objectiveText(geometry, objective) {
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
function zoneText(geometry, die) {
  const zone = geometry.zones.find((z) => z.die === die);
  if (zone?.axis === "columns") return t("connnect.zoneColumns", { zone: die, lines: zone.lines.map((c) => COLUMNS[c - 1]).join("–") });
  if (zone?.axis === "rows") return t("connnect.zoneRows", { zone: die, lines: zone.lines.join("–") });
  return t("connnect.zoneN", { zone: die });
}

// ----- outlines --------------------------------------------------------------------------------

/**
 * SVG path of the outline of `cells`, drawn `inset` pixels inside their border.
 * @param {number[]} cells
 * @param {number} inset
 * @returns {string}
 */
function outlinePath(cells, inset) {
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

// ----- the board -------------------------------------------------------------------------------

/**
 * @typedef {object} Context What the table or replay page gives a game module.
 * @property {Geometry} geometry the sheet's layout (ConnnectGame.geometry())
 * @property {Record<string, unknown>} [options] the table's options
 * @property {string[]} [seatNames]
 * @property {boolean} [interactive] false in the replay viewer
 * @property {HTMLElement | null} [panel] where the cards and objectives go
 * @property {(action: string) => void} onAction sends an action (notation)
 */

/**
 * The CO'NNN'ECT board: draws every sheet from `context.geometry` and the updates'
 * observations, and offers exactly the legal actions.
 * @param {HTMLElement} root
 * @param {Context} context
 */
export default function create(root, context) {
  if (!document.querySelector("link[data-connnect-css]")) {
    document.head.append(h("link", { rel: "stylesheet", href: "/static/games/connnect.css", "data-connnect-css": "" }));
  }
  const geometry = context.geometry;
  SIZE = geometry.size;
  COLUMNS = geometry.columns;
  const zones = zoneCells(geometry);
  // The corner of each space away from its circle, where its name goes: [right, below].
  const circleSide = new Map();
  for (const circle of geometry.circles) {
    const cells = circle.cells.map(cellIndex);
    const row = cells.reduce((sum, c) => sum + rowOf(c), 0) / cells.length;
    const col = cells.reduce((sum, c) => sum + colOf(c), 0) / cells.length;
    for (const cell of cells) circleSide.set(cell, [colOf(cell) < col, rowOf(cell) < row]);
  }
  // Block lines: the edges of every zone (between two lines of different zones).
  const columnEdges = new Set([0, SIZE]);
  const rowEdges = new Set([0, SIZE]);
  for (const zone of geometry.zones) {
    const edges = zone.axis === "columns" ? columnEdges : rowEdges;
    edges.add(Math.min(...zone.lines) - 1);
    edges.add(Math.max(...zone.lines));
  }
  /** @param {number} seat @returns {string} */
  const names = (seat) => context.seatNames?.[seat] || t("connnect.playerN", { n: seat + 1 });
  const options = context.options || {};
  const orderRule = String(options.order_rule || "consecutive");
  const allPairs = options.order_adjacency === "all_pairs";

  const container = /** @type {HTMLDivElement & {connnectBoard: unknown}} */ (h("div", { class: "cn" }));
  container.connnectBoard = null; // set below: tests reach the board through the DOM
  root.replaceChildren(container);
  container.addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => {
    if (event.key === "Escape" && (selection.length || adjustTarget)) {
      selection = [];
      adjustTarget = null;
      render();
    }
  });
  const panel = h("div", { class: "cn-panel" });
  if (context.panel) context.panel.replaceChildren(h("h2", {}, "CO'NNN'ECT"), panel);

  /**
   * @typedef {object} Update What the table page sends the board.
   * @property {Observation} observation
   * @property {string[]} [legal] the seat's legal actions (notation)
   * @property {number | null} [seat] the seat the legal actions are for
   * @property {number[]} [you] the viewer's seats
   * @property {{seat: number, action: string} | null} [last] the last event
   */
  /** @type {Update | null} */
  let current = null; // the last update
  let model = parseLegal([]);
  /** @type {number | null} */
  let viewed = null; // the seat whose sheet is shown
  let viewedByHand = false;
  /** @type {string | null} */
  let mode = null; // "write", "claim", "adjust", "move"
  /** @type {number | null} */
  let number = null; // the number chosen in the tray
  /** @type {number[]} */
  let selection = []; // claim: selected cells (indices)
  /** @type {string | null} */
  let adjustTarget = null; // adjust mode: the chosen cell name
  let focusCell = 0; // roving focus of the play area
  let busy = false; // an action was sent: wait for its answer
  /** @type {{action: string, seat: number | null | undefined} | null} */
  let sent = null; // {action, seat} of that action
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let busyTimer;
  let phaseKey = "";

  /** @returns {Observation} the shown observation (only called once an update came) */
  const observation = () => /** @type {Update} */ (current).observation;
  /** @returns {number | null} the viewer's seat */
  const me = () => {
    const seat = observation()?.you?.seat;
    if (seat !== undefined && seat !== null) return seat;
    return current?.you?.length ? current.you[0] : null;
  };
  // The page acts when the server sent legal actions (none for spectators, replays, waiting).
  const myTurn = () => Boolean(context.interactive !== false && current?.legal?.length);
  const task = () => (myTurn() ? observation()?.you?.task : null) || null;

  /** @param {string} action */
  function send(action) {
    if (busy || !myTurn()) return;
    busy = true;
    sent = { action, seat: current?.seat ?? me() };
    clearTimeout(busyTimer);
    busyTimer = setTimeout(() => { busy = false; render(); }, BUSY_TIMEOUT);
    selection = [];
    adjustTarget = null;
    if (mode === "adjust" || mode === "move") mode = null;
    container.classList.add("cn-busy");
    context.onAction(action);
  }

  // ----- modes -------------------------------------------------------------------------------

  /** @returns {string[]} what a click on the play area may do now ("write", "claim", ...) */
  function availableModes() {
    const modes = [];
    if (model.writes.size || model.changes.size || model.skips.size || model.adjustDie.size) modes.push("write");
    if (model.claims.length) modes.push("claim");
    if (model.adjustCell.size) modes.push("adjust");
    if (model.moves.size) modes.push("move");
    return modes;
  }

  /** Keep the mode, the chosen number and the adjust target among what is offered now. */
  function settleMode() {
    const modes = availableModes();
    if (mode === null || !modes.includes(mode)) mode = modes.find((m) => m === "write" || m === "claim") || null;
    const tray = trayNumbers(model);
    if (number === null || !tray.includes(number)) number = tray[0] ?? null;
    if (adjustTarget && !model.adjustCell.has(adjustTarget)) adjustTarget = null;
  }

  // ----- the play area -----------------------------------------------------------------------

  /** @returns {Map<string, string>} what a click on each space of the viewed sheet does */
  function cellTargets() {
    // What a click on each cell of the viewed sheet does now: Map name -> kind.
    const targets = new Map();
    if (!myTurn() || viewed !== me() || busy) return targets;
    if (mode === "write" && number !== null) {
      for (const cell of model.writes.get(number) || []) targets.set(cell, "write");
    } else if (mode === "claim") {
      const sheet = observation().sheets[viewed ?? 0];
      sheet.values.forEach((value, index) => { if (value) targets.set(cellName(index), "select"); });
    } else if (mode === "adjust") {
      for (const cell of model.adjustCell.keys()) targets.set(cell, "adjust");
    } else if (mode === "move") {
      for (const cell of model.moves) targets.set(cell, "move");
    }
    return targets;
  }

  /** @param {string} name the clicked space */
  function clickCell(name) {
    const kind = cellTargets().get(name);
    if (!kind) return;
    if (kind === "write") send(`write ${number} ${name}`);
    else if (kind === "move") send(`move ${name}`);
    else if (kind === "adjust") {
      adjustTarget = adjustTarget === name ? null : name;
      render();
    } else if (kind === "select") {
      const index = cellIndex(name);
      if (selection.includes(index)) selection = selection.filter((c) => c !== index);
      else if (selection.length < 5) selection = [...selection, index].sort(byNumber);
      render();
    }
  }

  /** Claims that contain the selection, and the ones equal to it. */
  function claimMatches() {
    const key = selection.join(",");
    const exact = model.claims.filter((c) => c.key === key);
    const wider = model.claims.filter((c) => c.cells.length > selection.length && selection.every((s) => c.cells.includes(s)));
    return { exact, wider };
  }

  /**
   * The play area of `sheet` in SVG.
   * @param {SheetView} sheet
   * @param {Map<string, string>} targets what a click on each space does (cellTargets)
   * @returns {SVGElement}
   */
  function drawSheet(sheet, targets) {
    const obs = observation();
    const width = LEFT + SIZE * CELL + RIGHT;
    const height = TOP + SIZE * CELL + BOTTOM;
    const mine = sheet.seat === me() ? obs.you : undefined;
    const zoneDie = mine && ["fill", "claim"].includes(obs.phase) ? mine.zone : obs.zone_die;
    // The zone matters in the Fill Phase, and in the Claim Phase only to a "write any 2" bonus.
    const showZone = zoneDie && (obs.phase === "fill" || (mine && mine.task?.kind === "zone"));
    const surface = svg("svg", {
      class: "cn-grid", viewBox: `0 0 ${width} ${height}`, role: "group",
      "aria-label": t("connnect.sheetOf", { name: names(sheet.seat) }),
    });
    const crossed = new Set(sheet.crossed.map(cellIndex));
    /** @type {Map<number, number>} */
    const claimedBy = new Map();
    sheet.claims.forEach((claim, i) => claim.cells.forEach((c) => { if (!claimedBy.has(cellIndex(c))) claimedBy.set(cellIndex(c), i); }));
    const setupSpaces = new Set(geometry.setup_spaces.map(cellIndex));
    const chosen = new Set(selection);
    const { wider } = mode === "claim" && sheet.seat === me() ? claimMatches() : { wider: [] };
    const focusable = sheet.seat === me() || targets.size > 0;
    const tabStop = targets.size && !targets.has(cellName(focusCell)) ? cellIndex([...targets.keys()].sort((a, b) => cellIndex(a) - cellIndex(b))[0]) : focusCell;
    const extend = new Set(wider.flatMap((c) => c.cells).filter((c) => !chosen.has(c)));

    surface.append(svg("rect", { x: LEFT, y: TOP, width: SIZE * CELL, height: SIZE * CELL, class: "cn-paper" }));
    // The active zone.
    const zoneCellsNow = showZone ? zones.get(zoneDie) : undefined;
    if (zoneCellsNow) {
      const cells = zoneCellsNow;
      for (const cell of cells) {
        surface.append(svg("rect", { x: LEFT + colOf(cell) * CELL, y: TOP + rowOf(cell) * CELL, width: CELL, height: CELL, class: "cn-zone-cell" }));
      }
      surface.append(svg("path", { d: outlinePath(cells, 1.5), class: "cn-zone-active" }));
    }
    // While the Zone Die is chosen, each die previews its zone (see drawDiceCard).
    if (obs.phase === "zone") {
      for (const [die, cells] of zones) {
        surface.append(svg("g", { class: "cn-zone-preview", "data-preview": die },
          cells.map((cell) => svg("rect", { x: LEFT + colOf(cell) * CELL, y: TOP + rowOf(cell) * CELL, width: CELL, height: CELL, class: "cn-zone-cell" })),
          svg("path", { d: outlinePath(cells, 1.5), class: "cn-zone-active" })));
      }
    }
    // Zone labels: die faces above the column zones and left of the row zones.
    for (const zone of geometry.zones) {
      const lines = zone.lines;
      const columns = zone.axis === "columns";
      const middle = ((Math.min(...lines) - 1 + Math.max(...lines)) / 2) * CELL;
      const active = showZone && zone.die === zoneDie;
      const face = dieFace(zone.die, 22, active ? "zone" : "plain");
      face.setAttribute("x", String(columns ? LEFT + middle - 11 : 7));
      face.setAttribute("y", String(columns ? 7 : TOP + middle - 11));
      const label = svg("g", { class: `cn-zone-label${active ? " active" : ""}` }, svg("title", {}, zoneText(geometry, zone.die)), face);
      surface.append(label);
    }
    // Spaces.
    const cellsGroup = svg("g", { class: "cn-cells" });
    for (let index = 0; index < SIZE * SIZE; index += 1) {
      const name = cellName(index);
      const x = LEFT + colOf(index) * CELL;
      const y = TOP + rowOf(index) * CELL;
      const value = sheet.values[index];
      const target = targets.get(name);
      const classes = ["cn-cell"];
      if (target) classes.push(`target target-${target}`);
      if (chosen.has(index) && sheet.seat === me()) classes.push("selected");
      if (extend.has(index) && sheet.seat === me()) classes.push("extend");
      const claimIndex = claimedBy.get(index);
      if (claimIndex !== undefined) classes.push(`claimed size-${sheet.claims[claimIndex].cells.length}`);
      if (crossed.has(index)) classes.push("crossed");
      if (name === adjustTarget && sheet.seat === me()) classes.push("adjusting");
      const stateText = crossed.has(index) ? t("connnect.cellCrossed") : claimedBy.has(index) ? t("connnect.cellClaimed") : "";
      const label = value
        ? t("connnect.cellLabel", { cell: name, value, state: stateText })
        : t("connnect.cellEmpty", { cell: name });
      const group = svg("g", {
        class: classes.join(" "), "data-cell": name, "data-fkey": `cell-${name}`,
        role: target ? "button" : "img", "aria-label": label, tabindex: focusable ? (index === tabStop ? 0 : -1) : null,
        "aria-pressed": target === "select" ? String(chosen.has(index)) : null,
      });
      group.append(svg("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4, class: "cn-cell-bg" }));
      if (!value && !target && setupSpaces.has(index) && obs.round === 0) {
        group.append(svg("rect", { x: x + 9, y: y + 9, width: CELL - 18, height: CELL - 18, rx: 8, class: "cn-setup-space" }));
      }
      // The name of the space, in the corner away from the circle.
      const [circleRight, circleBelow] = circleSide.get(index) || [true, true];
      group.append(svg("text", {
        x: circleRight ? x + 5 : x + CELL - 5, y: circleBelow ? y + 12 : y + CELL - 5,
        class: "cn-cell-name", "text-anchor": circleRight ? "start" : "end",
      }, name));
      if (value) {
        group.append(svg("text", { x: x + CELL / 2, y: y + CELL / 2 + 10, class: "cn-digit", "text-anchor": "middle" }, String(value)));
      } else if (target === "write") {
        group.append(svg("text", { x: x + CELL / 2, y: y + CELL / 2 + 10, class: "cn-ghost", "text-anchor": "middle" }, String(number)));
      }
      if (crossed.has(index)) {
        group.append(svg("path", { d: `M${x + 12},${y + 12}L${x + CELL - 12},${y + CELL - 12}M${x + CELL - 12},${y + 12}L${x + 12},${y + CELL - 12}`, class: "cn-cross" }));
      }
      group.addEventListener("click", () => { focusCell = index; clickCell(name); });
      activateOnKeys(group, () => clickCell(name));
      group.addEventListener("keydown", (event) => moveFocus(event, index));
      cellsGroup.append(group);
    }
    surface.append(cellsGroup);
    // The block lines (every zone edge) and the border.
    const lines = svg("g", { class: "cn-blocks" });
    for (const i of columnEdges) lines.append(svg("line", { x1: LEFT + i * CELL, y1: TOP, x2: LEFT + i * CELL, y2: TOP + SIZE * CELL }));
    for (const i of rowEdges) lines.append(svg("line", { x1: LEFT, y1: TOP + i * CELL, x2: LEFT + SIZE * CELL, y2: TOP + i * CELL }));
    surface.append(lines);
    // Claimed outlines.
    const outlines = svg("g", { class: "cn-outlines" });
    sheet.claims.forEach((claim, i) => {
      const cells = claim.cells.map(cellIndex);
      const size = cells.length;
      const inset = 4 + (i % 3) * 2.5;
      outlines.append(svg("path", { d: outlinePath(cells, inset), stroke: CLAIM_COLORS[size] || CLAIM_COLORS[3], class: "cn-outline" },
        svg("title", {}, t("connnect.claimTitle", { size, shape: claim.shape, cells: claim.cells.join(" "), round: claim.round }))));
    });
    if (sheet.seat === me() && selection.length) {
      outlines.append(svg("path", { d: outlinePath(selection, 2), class: "cn-outline selection" }));
    }
    surface.append(outlines);
    // Circles and Connected Lines.
    const filled = new Set(sheet.filled_circles);
    const centres = new Map(geometry.circles.map((circle) => {
      const cells = circle.cells.map(cellIndex);
      const cx = LEFT + (cells.reduce((s, c) => s + colOf(c), 0) / cells.length + 0.5) * CELL;
      const cy = TOP + (cells.reduce((s, c) => s + rowOf(c), 0) / cells.length + 0.5) * CELL;
      return [circle.id, [cx, cy]];
    }));
    const circles = svg("g", { class: "cn-circles" });
    for (const line of geometry.lines) {
      const a = centres.get(line[0]);
      const b = centres.get(line[line.length - 1]);
      if (a && b && line.every((id) => filled.has(id))) {
        circles.append(svg("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: `cn-connected s${sheet.seat % 4}` }));
      }
    }
    for (const [id, [cx, cy]] of centres) {
      circles.append(svg("circle", {
        cx, cy, r: 10, class: `cn-circle${filled.has(id) ? ` filled s${sheet.seat % 4}` : ""}`,
      }, svg("title", {}, filled.has(id) ? t("connnect.circleFilled") : t("connnect.circleEmpty"))));
    }
    surface.append(circles);
    // Arrow lines and their points.
    const arrows = svg("g", { class: "cn-arrows" });
    geometry.arrow_lines.forEach((arrow, i) => {
      const linePoints = sheet.score?.arrows?.[i] || 0;
      const cells = arrow.cells.map(cellIndex);
      const row = arrow.axis === "row";
      let x;
      let y;
      let path;
      if (row) {
        x = LEFT + SIZE * CELL + 6;
        y = TOP + (rowOf(cells[0]) + 0.5) * CELL;
        path = `M${x + 20},${y}L${x + 4},${y}M${x + 10},${y - 6}L${x + 4},${y}L${x + 10},${y + 6}`;
      } else {
        x = LEFT + (colOf(cells[0]) + 0.5) * CELL;
        y = TOP + SIZE * CELL + 6;
        path = `M${x},${y + 20}L${x},${y + 4}M${x - 6},${y + 10}L${x},${y + 4}L${x + 6},${y + 10}`;
      }
      arrows.append(svg("path", { d: path, class: "cn-arrow" }, svg("title", {}, t("connnect.arrowLine"))));
      if (linePoints) {
        const bx = row ? x + 14 : x + 16;
        const by = row ? y + 17 : y + 14;
        arrows.append(svg("text", { x: bx, y: by, class: "cn-arrow-points", "text-anchor": "middle" }, String(linePoints)));
      }
    });
    surface.append(arrows);
    if (sheet.out) {
      surface.append(svg("text", { x: LEFT + (SIZE * CELL) / 2, y: TOP + (SIZE * CELL) / 2, class: "cn-out-stamp", "text-anchor": "middle" },
        t("connnect.outStamp", { round: sheet.out })));
    }
    return surface;
  }

  /**
   * Arrow keys move the focus over the play area.
   * @param {KeyboardEvent} event
   * @param {number} index the focused space
   */
  function moveFocus(event, index) {
    /** @type {Record<string, number>} */
    const steps = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -SIZE, ArrowDown: SIZE };
    if (!(event.key in steps)) return;
    event.preventDefault();
    const next = index + steps[event.key];
    const sideways = event.key === "ArrowLeft" || event.key === "ArrowRight";
    if (next < 0 || next >= SIZE * SIZE || (sideways && rowOf(next) !== rowOf(index))) return;
    focusCell = next;
    const grid = /** @type {Element} */ (event.currentTarget).closest("svg");
    if (!grid) return;
    for (const cell of grid.querySelectorAll(".cn-cell")) cell.setAttribute("tabindex", "-1");
    const target = /** @type {SVGElement | null} */ (grid.querySelector(`[data-cell="${cellName(next)}"]`));
    target?.setAttribute("tabindex", "0");
    target?.focus();
  }

  // ----- the sheet's sections ----------------------------------------------------------------

  /**
   * @param {SheetView} sheet
   * @param {number} section 0: Connect-3, 1: Connect-4
   * @param {string} title
   * @returns {HTMLElement}
   */
  function drawBonusSection(sheet, section, title) {
    const bonuses = sheet.bonuses[section] || [];
    const job = task();
    const takeSection = job?.kind === "take" && sheet.seat === me() ? job.value : null;
    const tiles = bonuses.map((bonus) => {
      const lightning = bonus.kind === "write" || bonus.kind === "write2";
      const state = bonus.used ? "used" : bonus.circled ? "circled" : "free";
      const offered = takeSection === section && model.takes.has(bonus.slot);
      const status = bonus.used ? t("connnect.bonusUsed") : bonus.circled ? t("connnect.bonusCircled") : t("connnect.bonusFree");
      return h("li", {
        class: `cn-bonus ${state}${offered ? " offered" : ""}`, title: bonusHelp(bonus),
        "aria-label": t("connnect.bonusLabel", { name: bonusName(bonus), stars: bonus.stars, status }),
      },
      h("span", { class: "glyph", "aria-hidden": "true" }, BONUS_GLYPHS[bonus.kind] || "?", bonus.kind === "write" ? String(bonus.value) : ""),
      h("span", { class: "name" }, bonusName(bonus)),
      h("span", { class: "stars" }, `★${bonus.stars}`, lightning ? h("span", { class: "bolt", title: t("connnect.lightning") }, " ⚡") : null));
    });
    return h("section", { class: "cn-block" }, h("h4", {}, title), h("ul", { class: "cn-bonuses" }, tiles));
  }

  /** @param {SheetView} sheet @returns {HTMLElement} */
  function drawMarkers(sheet) {
    const obs = observation();
    const [first, later] = geometry.connect4_points;
    /** @param {string} state @returns {string} */
    const markerLabel = (state) => /** @type {Record<string, string>} */ ({ empty: t("connnect.markerEmpty"), filled: t("connnect.markerFilled"), crossed: t("connnect.markerCrossed") })[state] || state;
    const items = geometry.connect4.map((shape) => {
      const pair = sheet.markers[shape.id] || ["empty", "empty"];
      const claimedBefore = obs.connect4_claimed.includes(shape.id);
      return h("li", { class: `cn-marker${claimedBefore ? " taken" : ""}`, title: claimedBefore ? t("connnect.connect4Taken") : t("connnect.connect4Open") },
        miniShape(shape.rows, 8), h("span", { class: "cn-shape-id" }, shape.id),
        h("span", { class: `cn-dot ${pair[0]}`, "aria-label": t("connnect.markerFirst", { points: first, state: markerLabel(pair[0]) }) }, `★${first}`),
        h("span", { class: `cn-dot ${pair[1]}`, "aria-label": t("connnect.markerLater", { points: later, state: markerLabel(pair[1]) }) }, String(later)));
    });
    return h("section", { class: "cn-block" }, h("h4", {}, t("connnect.connect4Markers")), h("ul", { class: "cn-markers" }, items));
  }

  /** @param {SheetView} sheet @returns {HTMLElement} */
  function drawConnect5Boxes(sheet) {
    const boxes = Array.from({ length: geometry.connect5_boxes }, (_, i) => {
      const entry = sheet.connect5[i];
      return h("li", { class: `cn-c5box${entry ? " written" : ""}`, "aria-label": entry ? t("connnect.connect5BoxFull", { letter: entry[0], points: entry[1] }) : t("connnect.connect5BoxEmpty") },
        h("span", { class: "letter" }, entry ? entry[0] : ""), h("span", { class: "points" }, entry ? `★${entry[1]}` : "★"));
    });
    return h("section", { class: "cn-block" }, h("h4", {}, t("connnect.connect5Boxes")), h("ul", { class: "cn-c5boxes" }, boxes));
  }

  /** @param {SheetView} sheet @returns {HTMLElement} */
  function drawFreeActions(sheet) {
    const penalties = geometry.free_action_penalties;
    const boxes = penalties.map((value, i) => {
      const used = i < sheet.free_actions;
      const currentBox = i === sheet.free_actions;
      return h("li", {
        class: `cn-fa${used ? " used" : ""}${currentBox ? " current" : ""}${i === penalties.length - 1 ? " last" : ""}`,
        "aria-label": used ? t("connnect.freeActionUsed", { n: i + 1 }) : t("connnect.freeActionBox", { points: value }),
      }, value ? `−${value}` : "0");
    });
    const left = penalties.length - 1 - sheet.free_actions;
    return h("section", { class: "cn-block" },
      h("h4", {}, t("connnect.freeActionTrack"), h("span", { class: "cn-sub" }, t("connnect.freeActionsLeft", { n: Math.max(0, left) }))),
      h("ol", { class: "cn-fas" }, boxes));
  }

  /** @param {SheetView} sheet @returns {HTMLElement} */
  function drawTracker(sheet) {
    const obs = observation();
    const rounds = geometry.rounds;
    const cells = Array.from({ length: rounds }, (_, i) => {
      const row = sheet.tracker[i];
      const currentRound = i + 1 === obs.round && obs.phase !== "over";
      return h("li", { class: `cn-round${currentRound ? " current" : ""}${row ? "" : " empty"}`,
        "aria-label": row ? t("connnect.trackerRow", { round: i + 1, zone: row[0], a: row[1], b: row[2] }) : t("connnect.trackerEmpty", { round: i + 1 }) },
      h("span", { class: "no" }, String(i + 1)),
      h("span", { class: "zone" }, row ? String(row[0]) : ""),
      h("span", { class: "nums" }, row ? `${row[1]} ${row[2]}` : ""));
    });
    return h("section", { class: "cn-block cn-tracker-block" },
      h("h4", {}, t("connnect.roundTracker"), h("span", { class: "cn-sub" }, t("connnect.trackerLegend"))),
      h("ol", { class: "cn-tracker" }, cells));
  }

  /**
   * The score breakdown as rows [key, label, value, detail].
   * @param {Record<string, any>} score
   * @returns {[string, string, number, string?][]}
   */
  function scoreRows(score) {
    /** @type {(a: number, b: number) => number} */
    const sum = (a, b) => a + b;
    const arrows = (score.arrows || []).reduce(sum, 0);
    const objectives = (score.objectives || []).reduce(sum, 0);
    return [
      ["connect3", t("connnect.scoreConnect3"), score.connect3],
      ["connect4", t("connnect.scoreConnect4"), score.connect4, t("connnect.scoreConnect4Detail", { bonus: score.connect4_bonus, markers: score.connect4_markers })],
      ["connect5", t("connnect.scoreConnect5"), score.connect5],
      ["arrows", t("connnect.scoreArrows"), arrows, (score.arrows || []).join(" + ")],
      ["circles", t("connnect.scoreCircles"), score.circles, t("connnect.scoreCirclesDetail", { n: score.circles })],
      ["lines", t("connnect.scoreLines"), 2 * score.lines, t("connnect.scoreLinesDetail", { n: score.lines })],
      ["objectives", t("connnect.scoreObjectives"), objectives],
      ["penalty", t("connnect.scorePenalty"), -score.penalty],
    ];
  }

  /** @param {SheetView} sheet @returns {HTMLElement} */
  function drawScore(sheet) {
    const score = sheet.score;
    const rows = scoreRows(score).map(([key, label, value]) => h("tr", { class: value ? "" : "zero" }, h("th", { scope: "row" }, label), h("td", { "data-score": key }, value < 0 ? `−${-value}` : String(value))));
    rows.push(h("tr", { class: "total" }, h("th", { scope: "row" }, t("connnect.scoreTotal")), h("td", {}, String(score.total))));
    return h("section", { class: "cn-block" }, h("h4", {}, t("connnect.scoreSection")), h("table", { class: "cn-score" }, h("tbody", {}, rows)));
  }

  // ----- the top strip: rounds, phases, who is thinking --------------------------------------

  /** @param {number} seat @returns {[string, string]} state and its words */
  function playerState(seat) {
    const obs = observation();
    const sheet = obs.sheets[seat];
    if (sheet.out) return ["out", t("connnect.stateOut", { round: sheet.out })];
    if (obs.terminal) return ["over", ""];
    if (obs.phase === "zone") return obs.active_player === seat ? ["thinking", t("connnect.stateChoosingZone")] : ["waiting", ""];
    if (["setup_write", "fill", "claim"].includes(obs.phase)) {
      return obs.active.includes(seat) ? ["thinking", t("connnect.stateThinking")] : ["done", t("connnect.stateDone")];
    }
    return ["waiting", ""];
  }

  /** @returns {HTMLElement} the top strip: round, phases, who is thinking */
  function drawStrip() {
    const obs = observation();
    const rounds = geometry.rounds;
    const pips = Array.from({ length: rounds }, (_, i) => {
      const round = i + 1;
      const state = obs.terminal || round < obs.round ? "past" : round === obs.round ? "now" : "future";
      return h("li", { class: `cn-pip ${state}`, "aria-hidden": "true" }, String(round));
    });
    const steps = ["roll", "zone", "fill", "claim"].map((phase) => {
      const now = obs.phase === phase || (phase === "roll" && obs.phase === "setup_roll");
      return h("li", { class: `cn-step${now ? " now" : ""}`, "aria-current": now ? "step" : null }, phaseName(phase));
    });
    const roundText = obs.round ? t("connnect.roundOf", { round: obs.round, rounds }) : t("connnect.setupRound");
    const people = obs.sheets.map((sheet) => {
      const [state, text] = playerState(sheet.seat);
      return h("li", { class: `cn-person ${state}`, "data-seat-state": `${sheet.seat}:${state}` },
        h("span", { class: `cn-swatch s${sheet.seat}`, "aria-hidden": "true" }),
        h("b", {}, names(sheet.seat)),
        text ? h("span", { class: "cn-person-state" }, text) : null,
        state === "thinking" ? h("span", { class: "cn-thinking", "aria-hidden": "true" }, h("i"), h("i"), h("i")) : null);
    });
    return h("div", { class: "cn-strip" },
      h("div", { class: "cn-rounds" }, h("span", { class: "cn-round-text", "data-round": obs.round }, roundText),
        h("ol", { class: "cn-pips", "aria-hidden": "true" }, pips)),
      obs.round && !obs.terminal ? h("ol", { class: "cn-steps", "aria-label": t("connnect.phases") }, steps) : h("span", { class: "cn-phase-name" }, phaseName(obs.phase)),
      h("ul", { class: "cn-people", "aria-label": t("connnect.players") }, people));
  }

  // ----- the Dice Card -----------------------------------------------------------------------

  /** @returns {HTMLElement} the Dice Card: the roll, the Zone Die, the Switch buttons */
  function drawDiceCard() {
    const obs = observation();
    const you = obs.you;
    const dice = obs.dice || [];
    const body = [];
    if (obs.phase === "zone") {
      const chooser = obs.active_player;
      const choosing = myTurn() && model.zones.size;
      if (!choosing) body.push(h("p", { class: "cn-dice-note" }, t("connnect.othersChooseZone", { name: names(chooser) })));
      /** @type {(value: number, on: boolean) => void} */
      const preview = (value, on) => {
        for (const group of container.querySelectorAll(`[data-preview="${value}"]`)) group.classList.toggle("show", on);
      };
      body.push(h("div", { class: "cn-dice-row" }, dice.map((value, i) => {
        const offered = choosing && model.zones.has(value) && dice.indexOf(value) === i;
        if (!offered) return h("span", { class: "cn-die-slot" }, dieFace(value, 44, "number"));
        return h("button", {
          class: "cn-die-button", "data-zone": value, "data-fkey": `zone-${value}`, disabled: busy,
          "aria-label": t("connnect.useAsZone", { value, zone: zoneText(geometry, value) }),
          title: zoneText(geometry, value),
          onclick: () => send(`zone ${value}`),
          onmouseenter: () => preview(value, true), onmouseleave: () => preview(value, false),
          onfocus: () => preview(value, true), onblur: () => preview(value, false),
        }, dieFace(value, 44, "number"), h("span", { class: "cn-die-caption" }, t("connnect.zoneN", { zone: value })));
      })));
    } else if (["fill", "claim"].includes(obs.phase) || (obs.phase === "roll" && obs.zone_die) || obs.phase === "over") {
      const zone = obs.zone_die;
      const numbers = [...dice];
      if (zone && numbers.includes(zone)) numbers.splice(numbers.indexOf(zone), 1);
      const mineDice = you && you.number_dice?.length ? you.number_dice : null;
      const switched = you && mineDice && (you.zone !== zone);
      body.push(h("div", { class: "cn-dice-row" },
        h("figure", { class: "cn-die-slot zone" }, dieFace(zone, 44, "zone"), h("figcaption", {}, t("connnect.zoneDie"))),
        numbers.map((value) => h("figure", { class: "cn-die-slot" }, dieFace(value, 44, "number"), h("figcaption", {}, t("connnect.numberDie"))))));
      if (you && mineDice && switched) body.push(h("p", { class: "cn-dice-note" }, t("connnect.yourSwitch", { zone: you.zone, dice: mineDice.join(" · ") })));
      if (myTurn() && model.switches.size) {
        body.push(h("div", { class: "cn-switches" }, h("span", {}, t("connnect.switchPrompt")),
          [...model.switches].sort(byNumber).map((value) => h("button", {
            class: "small", "data-switch": value, "data-fkey": `switch-${value}`, disabled: busy,
            title: t("connnect.bonusSwitchHelp"), onclick: () => send(`switch ${value}`),
          }, t("connnect.switchTo", { value })))));
      }
    } else if (obs.phase === "setup_write" || obs.phase === "setup_roll") {
      body.push(h("p", { class: "cn-dice-note" }, t("connnect.setupDice")));
      const pending = you?.pending || [];
      if (pending.length) body.push(h("div", { class: "cn-dice-row" }, pending.map((v) => h("span", { class: "cn-die-slot" }, dieFace(v, 40, "number")))));
      else if (!you) body.push(...setupRolls(obs));
    } else {
      body.push(h("p", { class: "cn-dice-note" }, t("connnect.diceWaiting")));
    }
    return h("section", { class: "cn-dicecard", "aria-label": t("connnect.diceCard") }, h("h3", {}, t("connnect.diceCard")), body);
  }

  /**
   * The setup numbers rolled in public, for viewers with no sheet of their own (spectators):
   * one row for a shared roll, else one per seat with its name.
   * @param {Observation} obs
   * @returns {HTMLElement[]}
   */
  function setupRolls(obs) {
    const rolls = obs.setup_rolls || [];
    const row = (/** @type {number[]} */ dice) => dice.map((v) => h("span", { class: "cn-die-slot" }, dieFace(v, 40, "number")));
    const shared = rolls.every((dice) => dice.join() === rolls[0]?.join());
    if (shared) return rolls[0]?.length ? [h("div", { class: "cn-dice-row", "data-setup-roll": "all" }, row(rolls[0]))] : [];
    return rolls.flatMap((dice, seat) => dice.length
      ? [h("div", { class: "cn-dice-row", "data-setup-roll": seat }, h("span", { class: "cn-dice-note" }, names(seat)), row(dice))]
      : []);
  }

  // ----- the action panel --------------------------------------------------------------------

  /** @returns {string} what the viewer should do now, or who is awaited */
  function instruction() {
    const obs = observation();
    const job = task();
    if (!myTurn()) {
      if (!context.interactive) return "";
      if (obs.terminal) return t("connnect.gameOver");
      const mine = me();
      if (mine === null) return t("connnect.watching");
      if (obs.sheets[mine]?.out) return t("connnect.youAreOut", { round: obs.sheets[mine].out });
      const waiting = obs.phase === "zone" ? [obs.active_player] : obs.active.filter((s) => s !== mine);
      if (!waiting.length) return t("connnect.waitingDice");
      return t("connnect.waitingFor", { names: waiting.map(names).join(", ") });
    }
    if (job?.kind === "take") return job.value === 0 ? t("connnect.takeConnect3") : t("connnect.takeConnect4");
    if (job?.kind === "place") return t("connnect.placeNumber", { n: [...model.writes.keys()][0] ?? job.value });
    const you = obs.you;
    if (!you) return "";
    if (job?.kind === "zone") return t("connnect.writeAny", { count: job.value, zone: you.zone });
    if (obs.phase === "zone") return t("connnect.chooseZoneDie");
    if (obs.phase === "setup_write") return t("connnect.writeSetup");
    if (obs.phase === "fill") {
      const pending = you.pending;
      if (!model.writes.size && model.skips.size) return t("connnect.zoneFull", { zone: you.zone });
      return t("connnect.writeNumbers", { numbers: pending.join(t("connnect.and")), zone: you.zone });
    }
    if (obs.phase === "claim") return model.claims.length ? t("connnect.claimHint") : t("connnect.claimNothing");
    return "";
  }

  /** @returns {HTMLElement | null} the mode buttons, when there is a choice */
  function drawModes() {
    const modes = availableModes();
    if (modes.length < 2 && !modes.some((m) => m === "adjust" || m === "move")) return null;
    /** @type {Record<string, () => string>} */
    const labels = {
      write: () => t("connnect.modeWrite"),
      claim: () => t("connnect.modeClaim"), adjust: () => t("connnect.modeAdjust"), move: () => t("connnect.modeMove"),
    };
    return h("div", { class: "cn-modes", role: "group", "aria-label": t("connnect.modes") }, modes.map((m) => h("button", {
      class: `small${mode === m ? " pressed" : ""}`, "aria-pressed": String(mode === m), "data-mode": m, "data-fkey": `mode-${m}`,
      onclick: () => { mode = m; selection = []; adjustTarget = null; render(); },
    }, labels[m]())));
  }

  /** @returns {HTMLElement | null} the number tray: numbers, Adjust, Free Actions */
  function drawTray() {
    const tray = trayNumbers(model);
    if (!tray.length || number === null) return null;
    const chosen = number;
    const job = task();
    const caption = job?.kind === "zone" ? t("connnect.pickNumber") : t("connnect.numberToWrite");
    const chips = h("div", { class: "cn-chips", role: "radiogroup", "aria-label": caption }, tray.map((value) => h("button", {
      class: `cn-chip${value === number ? " chosen" : ""}`, role: "radio", "aria-checked": String(value === number),
      "data-number": value, "data-fkey": `number-${value}`,
      onclick: () => { number = value; render(); },
    }, String(value))));
    const rows = [h("div", { class: "cn-row" }, h("span", { class: "cn-row-label" }, caption), chips)];
    const adjust = model.adjustDie.get(chosen);
    if (adjust) {
      rows.push(h("div", { class: "cn-row" }, h("span", { class: "cn-row-label" }, t("connnect.adjustThis", { n: number })),
        h("div", { class: "cn-chips" }, [...adjust].sort((a, b) => Number(a) - Number(b)).map((delta) => h("button", {
          class: "small", "data-adjust-die": `${number} ${delta}`, "data-fkey": `adjd-${delta}`,
          title: t("connnect.bonusAdjustHelp"), onclick: () => send(`adjust ${number} ${delta}`),
        }, `${signed(Number(delta))} → ${cyclic(chosen, Number(delta))}`)))));
    }
    const changes = model.changes.get(chosen);
    if (changes) {
      rows.push(h("div", { class: "cn-row cn-free" }, h("span", { class: "cn-row-label" }, t("connnect.changeThis", { n: number })),
        h("div", { class: "cn-chips" }, [...changes].sort(byNumber).map((value) => h("button", {
          class: "small", "data-change": `${number} ${value}`, "data-fkey": `change-${value}`,
          title: t("connnect.freeActionHelp"), onclick: () => send(`change ${number} ${value}`),
        }, String(value))))));
    }
    if (model.skips.has(chosen)) {
      rows.push(h("div", { class: "cn-row cn-free" }, h("span", { class: "cn-row-label" }, t("connnect.skipThis", { n: number })),
        h("button", { class: "small", "data-skip": number, "data-fkey": "skip", title: t("connnect.freeActionHelp"), onclick: () => send(`skip ${number}`) },
          t("connnect.skipButton", { n: number }))));
    }
    return h("div", { class: "cn-tray" }, rows);
  }

  /** The Connect shape the selection makes (a sheet shape or a face-up card), or null. */
  function selectionShape() {
    const obs = observation();
    const size = selection.length;
    if (size < 3 || size > 5 || !connected(selection)) return null;
    const shapes = size === 3 ? geometry.connect3 : size === 4 ? geometry.connect4 : obs.cards_face_up.map((c) => ({ id: c.letter, rows: c.rows }));
    const key = cellsKey(selection);
    const shape = shapes.find((s) => shapeKey(rowsToPoints(s.rows)) === key);
    return shape ? { size, id: shape.id, path: hasPath(selection) } : null;
  }

  /**
   * Why the selection is not a legal claim, before anything is sent (the server decides).
   * @param {SheetView} sheet
   * @returns {string}
   */
  function explainSelection(sheet) {
    const cells = selection;
    const names = cells.map(cellName);
    const crossed = new Set(sheet.crossed);
    for (const name of names) {
      if (!sheet.values[cellIndex(name)]) return t("connnect.whyEmpty", { cell: name });
      if (crossed.has(name)) return t("connnect.whyCrossed", { cell: name });
    }
    if (cells.length < 3) return t("connnect.whyTooFew");
    if (!connected(cells)) return t("connnect.whyNotAdjacent");
    const size = cells.length;
    const shape = selectionShape();
    const pathOnly = options.connect4_shapes === "path";
    if (!shape || (size === 4 && pathOnly && !shape.path)) {
      if (size === 5) return t("connnect.whyNoCard");
      if (size === 3) return t("connnect.whyNotShape3", { shapes: geometry.connect3.map((s) => s.id).join(", ") });
      const allowed = geometry.connect4.filter((s) => !pathOnly || s.path);
      return t("connnect.whyNotShape4", { shapes: allowed.map((s) => s.id).join(", ") });
    }
    if (size === 5 && sheet.connect5.length >= geometry.connect5_boxes) return t("connnect.whyBoxesFull");
    const section = sheet.bonuses[size - 3];
    if (size < 5 && options.empty_section === "forbidden" && section && section.every((b) => b.circled)) {
      return t("connnect.whySectionFull", { size });
    }
    if (size === 4 && options.repeat_connect4 === "forbidden") {
      const pair = sheet.markers[shape.id] || [];
      if (pair.includes("filled") && pair.includes("crossed")) return t("connnect.whyRepeat", { shape: shape.id });
    }
    const claimed = new Set(sheet.claims.flatMap((c) => c.cells));
    const again = names.filter((n) => claimed.has(n));
    if (again.length > 1) return t("connnect.whyClaimedMany", { cells: again.join(", ") });
    if (again.length === 1) {
      const reuse = sheet.bonuses.flat().some((b) => b.kind === "reuse" && b.circled && !b.used);
      if (!reuse) return t("connnect.whyClaimedOnce", { cell: again[0] });
    }
    const values = cells.map((c) => sheet.values[c]);
    if (!claimKind(cells, values, orderRule, allPairs)) {
      if (!shape.path) return t("connnect.whyNoPath", { numbers: values.join(" ") });
      return t("connnect.whyOrder", { numbers: values.join(" ") });
    }
    if (size === 5) return t("connnect.whyCardTaken", { letter: shape.id });
    return t("connnect.whyNotNow");
  }

  /** @param {ClaimOption} claim @returns {string} */
  function shapeLabel(claim) {
    const size = claim.cells.length;
    if (size === 5) return t("connnect.claimCard", { letter: claim.shape });
    return t("connnect.claimShape", { size, shape: claim.shape });
  }

  /** @returns {HTMLElement} the selection, its explanation and the claims it makes */
  function drawClaimBox() {
    const sheet = observation().sheets[me() ?? 0];
    const { exact, wider } = claimMatches();
    const parts = [];
    const chosen = selection.map(cellName).join(" ");
    parts.push(h("p", { class: "cn-selection" }, selection.length ? t("connnect.selected", { cells: chosen }) : t("connnect.selectHint")));
    if (exact.length) {
      for (const claim of exact) {
        parts.push(h("div", { class: "cn-row" },
          h("span", { class: "cn-ok", role: "status" }, shapeLabel(claim), claim.reuse ? h("span", { class: "cn-sub" }, t("connnect.withReuse")) : null),
          h("button", { class: "primary", id: exact.length === 1 ? "cn-claim" : null, "data-claim": claim.text, "data-fkey": `claim-${claim.text}`, disabled: busy, onclick: () => send(claim.text) },
            claim.reuse ? t("connnect.claimReuseButton") : t("connnect.claimButton"))));
      }
    } else if (selection.length) {
      const shape = selectionShape();
      if (shape) {
        const label = shape.size === 5 ? t("connnect.claimCard", { letter: shape.id }) : t("connnect.claimShape", { size: shape.size, shape: shape.id });
        parts.push(h("p", { class: "cn-shape-found" }, t("connnect.shapeFound", { shape: label })));
      }
      const reason = explainSelection(sheet);
      const more = wider.length ? t("connnect.keepSelecting", { sizes: [...new Set(wider.map((c) => c.cells.length))].sort(byNumber).join(t("connnect.or")) }) : "";
      parts.push(h("p", { class: "cn-why", role: "status", "data-why": "" }, reason, more ? h("span", { class: "cn-more" }, ` ${more}`) : null));
    }
    if (selection.length) {
      parts.push(h("button", { class: "small link", id: "cn-clear", onclick: () => { selection = []; render(); } }, t("connnect.clearSelection")));
    }
    parts.push(h("p", { class: "cn-count" }, t("connnect.claimsAvailable", { n: model.claims.length })));
    return h("div", { class: "cn-claimbox" }, parts);
  }

  /** @returns {HTMLElement} the Adjust bonus: the chosen space and its steps */
  function drawAdjustBox() {
    const parts = [h("p", {}, adjustTarget ? t("connnect.adjustChosen", { cell: adjustTarget }) : t("connnect.adjustPick"))];
    const target = adjustTarget;
    if (target) {
      const value = observation().sheets[me() ?? 0].values[cellIndex(target)];
      parts.push(h("div", { class: "cn-chips" }, [...(model.adjustCell.get(target) || [])].sort((a, b) => Number(a) - Number(b)).map((delta) => h("button", {
        class: "small", "data-adjust-cell": `${adjustTarget} ${delta}`, "data-fkey": `adjc-${delta}`, disabled: busy,
        onclick: () => send(`adjust ${adjustTarget} ${delta}`),
      }, `${value} ${signed(Number(delta))} → ${cyclic(value, Number(delta))}`))));
    }
    return h("div", { class: "cn-adjustbox" }, parts);
  }

  /** @returns {HTMLElement} the bonus spaces that may be circled now */
  function drawTakeBox() {
    const job = task();
    const sheet = observation().sheets[me() ?? 0];
    const bonuses = job ? sheet.bonuses[job.value] || [] : [];
    return h("div", { class: "cn-takes" }, [...model.takes].sort(byNumber).map((slot) => {
      const bonus = bonuses.find((b) => b.slot === slot) || { kind: "?", value: 0, stars: 0, slot };
      const lightning = bonus.kind === "write" || bonus.kind === "write2";
      return h("button", {
        class: "cn-take", "data-take": slot, "data-fkey": `take-${slot}`, disabled: busy, title: bonusHelp(bonus),
        onclick: () => send(`take ${slot}`),
      }, h("span", { class: "glyph", "aria-hidden": "true" }, BONUS_GLYPHS[bonus.kind] || "?", bonus.kind === "write" ? String(bonus.value) : ""),
      h("span", {}, bonusName(bonus)), h("span", { class: "stars" }, `★${bonus.stars}${lightning ? " ⚡" : ""}`));
    }));
  }

  /** @returns {HTMLElement} the action panel */
  function drawActions() {
    const obs = observation();
    /** @type {(HTMLElement | null)[]} */
    const parts = [h("p", { class: "cn-instruction", id: "cn-instruction" }, instruction())];
    if (myTurn()) {
      if (viewed !== me() && obs.phase !== "zone") {
        parts.push(h("p", { class: "cn-viewing" }, t("connnect.viewingOther", { name: names(viewed ?? 0) }),
          h("button", { class: "small", id: "cn-back", onclick: () => { viewed = me(); viewedByHand = false; render(); } }, t("connnect.backToMine"))));
      }
      const job = task();
      if (job?.kind === "take") parts.push(drawTakeBox());
      else {
        parts.push(drawModes());
        if (mode === "write") parts.push(drawTray());
        if (mode === "claim") parts.push(drawClaimBox());
        if (mode === "adjust") parts.push(drawAdjustBox());
        if (mode === "move") parts.push(h("p", {}, t("connnect.movePick")));
      }
      if (model.done) {
        parts.push(h("div", { class: "cn-done-row" }, h("button", {
          class: model.claims.length ? "" : "primary", id: "cn-done", "data-fkey": "done", disabled: busy,
          onclick: () => send("done"),
        }, t("connnect.doneButton")), h("span", { class: "cn-sub" }, t("connnect.doneHelp"))));
      }
    } else if (context.interactive && me() !== null && ["fill", "claim", "setup_write"].includes(obs.phase) && !obs.terminal) {
      parts.push(h("p", { class: "cn-sub" }, t("connnect.hiddenNote")));
    }
    return h("section", { class: "cn-actions", "aria-live": "polite" }, parts.filter(Boolean));
  }

  // ----- tabs, the final table, the side panel -----------------------------------------------

  /** @returns {HTMLElement} one tab per player's sheet */
  function drawTabs() {
    const obs = observation();
    const hidden = ["setup_write", "fill", "claim"].includes(obs.phase);
    return h("div", { class: "cn-tabs", role: "tablist", "aria-label": t("connnect.sheets") }, obs.sheets.map((sheet) => {
      const selected = sheet.seat === viewed;
      const button = h("button", {
        class: `cn-tab${selected ? " selected" : ""}`, role: "tab", "aria-selected": String(selected), "aria-controls": "cn-sheet-panel",
        "data-sheet": sheet.seat, "data-fkey": `tab-${sheet.seat}`, tabindex: selected ? 0 : -1,
        onclick: () => { viewed = sheet.seat; viewedByHand = sheet.seat !== me(); render(); },
      }, h("span", { class: `cn-swatch s${sheet.seat}`, "aria-hidden": "true" }), names(sheet.seat),
      sheet.seat === me() ? h("span", { class: "tag" }, t("connnect.you")) : null,
      h("span", { class: "cn-tab-score" }, points(sheet.score.total)));
      button.addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => {
        const step = /** @type {Record<string, number>} */ ({ ArrowLeft: -1, ArrowRight: 1 })[event.key];
        if (!step) return;
        event.preventDefault();
        const count = obs.sheets.length;
        viewed = (sheet.seat + step + count) % count;
        viewedByHand = viewed !== me();
        render();
        /** @type {HTMLElement | null} */ (container.querySelector(`[data-sheet="${viewed}"]`))?.focus();
      });
      return button;
    }), hidden && viewed !== me() ? h("span", { class: "cn-snapshot" }, t("connnect.snapshotNote")) : null);
  }

  /**
   * Why the game ended and why its winners won, in words (the engine's result events).
   * @param {Observation} obs
   * @param {string[]} [said] - the keys of the events said otherwise (left out).
   * @returns {string[]}
   */
  function resultLines(obs, said = []) {
    const events = (obs.result || []).filter((event) => !said.includes(event.key));
    const texts = events.map((event) => eventText(event, names, listText) || "");
    return texts.filter(Boolean).map((text) => text.charAt(0).toUpperCase() + text.slice(1));
  }

  /** @returns {HTMLElement} the final score table */
  function drawFinal() {
    const obs = observation();
    const winners = new Set(obs.winners || []);
    const seats = obs.sheets.map((s) => s.seat);
    const head = h("tr", {}, h("th", { scope: "col" }, ""), seats.map((seat) => h("th", { scope: "col", class: winners.has(seat) ? "winner" : "" },
      h("span", { class: `cn-swatch s${seat}`, "aria-hidden": "true" }), names(seat), winners.has(seat) ? h("span", { class: "cn-crown", title: t("connnect.winner") }, " ♛") : null)));
    const rows = scoreRows(obs.sheets[0].score).map(([key, label], r) => h("tr", {},
      h("th", { scope: "row" }, label),
      seats.map((seat) => {
        const [, , value, detail] = scoreRows(obs.sheets[seat].score)[r];
        return h("td", { "data-final": `${seat}:${key}`, title: detail || null }, value < 0 ? `−${-value}` : String(value));
      })));
    const totals = h("tr", { class: "total" }, h("th", { scope: "row" }, t("connnect.scoreTotal")),
      seats.map((seat) => h("td", { "data-final-total": seat, class: winners.has(seat) ? "winner" : "" }, String(obs.sheets[seat].score.total))));
    const notes = obs.sheets.filter((s) => s.out).map((s) => h("li", {}, t("connnect.outNote", { name: names(s.seat), round: s.out })));
    const penalties = h("tr", { class: "minor" }, h("th", { scope: "row" }, t("connnect.freeActionsUsed")),
      seats.map((seat) => h("td", {}, String(obs.sheets[seat].free_actions))));
    const winnerText = winners.size ? t("connnect.wins", { names: [...winners].map(names).join(t("connnect.and")) }) : t("connnect.nobodyWins");
    const why = resultLines(obs, ["connnect.win_nobody"]); // the heading says nobody wins
    return h("section", { class: "cn-final", "aria-label": t("connnect.finalScores") },
      h("h3", {}, t("connnect.finalScores")), h("p", { class: "cn-final-winner" }, winnerText),
      why.length ? h("ul", { class: "cn-final-why", id: "result-reason" }, why.map((line) => h("li", {}, line))) : null,
      h("table", { class: "cn-final-table" }, h("thead", {}, head), h("tbody", {}, rows, totals, penalties)),
      notes.length ? h("ul", { class: "cn-notes" }, notes) : null);
  }

  /** Fill the side panel: objectives, Connect-5 cards, score cards, shapes, help. */
  function drawPanel() {
    const obs = observation();
    const faceDown = new Set(obs.cards_face_down);
    const cards = [
      ...obs.cards_face_up.map((card) => h("li", { class: "cn-card", "aria-label": t("connnect.cardLabel", { letter: card.letter }) },
        h("span", { class: "cn-card-letter" }, card.letter), miniShape(card.rows, 11, "cn-mini cn-mini-card"))),
      ...[...faceDown].map((letter) => h("li", { class: "cn-card down", "aria-label": t("connnect.cardDown", { letter }) },
        h("span", { class: "cn-card-letter" }, letter), h("span", { class: "cn-card-back" }, t("connnect.faceDown")))),
    ];
    const stack = obs.score_cards.map((value, i) => h("li", { class: i === 0 ? "top" : "" }, String(value)));
    const objectives = obs.objectives.map((objective) => {
      const reached = obs.sheets.filter((s) => objective.id in (s.objectives || {}));
      return h("li", { class: `cn-objective deck-${objective.deck}${objective.closed ? " closed" : ""}` },
        h("div", { class: "cn-objective-head" }, h("span", { class: "cn-objective-id" }, objective.id),
          h("span", { class: "cn-objective-points" }, points(objective.points_now ?? objective.points))),
        h("p", {}, objectiveText(geometry, objective)),
        reached.length ? h("p", { class: "cn-reached" }, t("connnect.reachedBy"), " ", reached.map((s) => h("span", { class: "cn-reached-by" },
          h("span", { class: `cn-swatch s${s.seat}`, "aria-hidden": "true" }), names(s.seat)))) : null);
    });
    panel.replaceChildren(
      h("h3", {}, t("connnect.objectiveCards")), h("ul", { class: "cn-objectives" }, objectives),
      h("h3", {}, t("connnect.connect5Cards")), h("ul", { class: "cn-cards" }, cards),
      h("div", { class: "cn-stack-row" }, h("span", {}, t("connnect.scoreCards")),
        stack.length ? h("ol", { class: "cn-stack", "aria-label": t("connnect.scoreCards") }, stack) : h("span", { class: "cn-sub" }, t("connnect.noScoreCards"))),
      h("h3", {}, t("connnect.shapes")),
      h("ul", { class: "cn-shapes" }, [...geometry.connect3, ...geometry.connect4].map((s) => h("li", {}, miniShape(s.rows, 8), h("span", {}, s.id)))),
      h("details", { class: "help" }, h("summary", {}, t("connnect.howToPlay")),
        h("ul", {},
          h("li", {}, t("connnect.help1")), h("li", {}, t("connnect.help2")), h("li", {}, t("connnect.help3")),
          h("li", {}, t("connnect.help4")), h("li", {}, t("connnect.help5")), h("li", {}, t("connnect.help6")))));
  }

  // ----- render ------------------------------------------------------------------------------

  /** Draw everything from the last update (keeps the focus on the same control). */
  function render() {
    if (!current) return;
    const obs = observation();
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
    const focusKey = active && root.contains(active) ? active.dataset?.fkey : null;
    container.classList.toggle("cn-busy", busy);
    container.dataset.phase = obs.phase;
    container.dataset.round = String(obs.round);
    container.dataset.task = task()?.kind || "";
    container.dataset.mode = mode || "";
    container.dataset.myTurn = String(myTurn());
    const sheet = obs.sheets[viewed ?? 0] || obs.sheets[0];
    const targets = cellTargets();
    const parts = [drawStrip()];
    if (obs.terminal) parts.push(drawFinal());
    if (context.interactive && !obs.terminal && (myTurn() || me() !== null)) {
      parts.push(h("div", { class: "cn-play" }, drawDiceCard(), drawActions()));
    } else if (!obs.terminal) {
      parts.push(h("div", { class: "cn-play spectator" }, drawDiceCard()));
    }
    parts.push(drawTabs());
    parts.push(h("div", { class: "cn-sheet", "data-viewed": sheet.seat, role: "tabpanel", id: "cn-sheet-panel", "aria-label": t("connnect.sheetOf", { name: names(sheet.seat) }) },
      h("div", { class: "cn-sheet-main" }, drawSheet(sheet, targets), drawTracker(sheet), drawFreeActions(sheet)),
      h("div", { class: "cn-sheet-side" },
        drawBonusSection(sheet, 0, t("connnect.connect3Bonuses")), drawBonusSection(sheet, 1, t("connnect.connect4Bonuses")),
        drawMarkers(sheet), drawConnect5Boxes(sheet), drawScore(sheet))));
    container.replaceChildren(...parts);
    drawPanel();
    if (focusKey) {
      const again = /** @type {HTMLElement | null} */ (container.querySelector(`[data-fkey="${CSS.escape(focusKey)}"]`));
      if (again) again.focus();
    }
  }

  const board = {
    /** @param {Update} update a new position (observation, legal actions, last event) */
    update(update) {
      current = update;
      if (busy) {
        // The answer to the sent action is its event (`last`); another player's event may come
        // first. An action that is no longer legal was applied (or can no longer be).
        const waited = sent;
        const answered = waited && update.last && update.last.seat === waited.seat && update.last.action === waited.action;
        if (!waited || answered || !(update.legal || []).includes(waited.action)) {
          busy = false;
          clearTimeout(busyTimer);
        }
      }
      const obs = update.observation;
      model = parseLegal(myTurn() ? update.legal || [] : []);
      const key = `${obs.round}:${obs.phase}:${obs.you?.task?.kind || ""}`;
      if (key !== phaseKey) {
        phaseKey = key;
        selection = [];
        adjustTarget = null;
        mode = null;
      }
      const mine = me();
      if (viewed === null || viewed >= obs.sheets.length || (!viewedByHand && mine !== null)) viewed = mine ?? 0;
      const sheet = obs.sheets[mine ?? 0];
      selection = selection.filter((c) => sheet && sheet.values[c]);
      settleMode();
      render();
    },

    /** Every complete action the page offers now (sorted); equal to the legal actions. */
    offered() {
      if (!myTurn()) return [];
      const found = [];
      for (const value of model.zones) found.push(`zone ${value}`);
      for (const value of trayNumbers(model)) {
        for (const cell of model.writes.get(value) || []) found.push(`write ${value} ${cell}`);
        for (const other of model.changes.get(value) || []) found.push(`change ${value} ${other}`);
        if (model.skips.has(value)) found.push(`skip ${value}`);
        for (const delta of model.adjustDie.get(value) || []) found.push(`adjust ${value} ${delta}`);
      }
      for (const value of model.switches) found.push(`switch ${value}`);
      for (const [cell, deltas] of model.adjustCell) for (const delta of deltas) found.push(`adjust ${cell} ${delta}`);
      for (const cell of model.moves) found.push(`move ${cell}`);
      for (const claim of model.claims) found.push(claim.text);
      for (const slot of model.takes) found.push(`take ${slot}`);
      if (model.done) found.push("done");
      return found.sort();
    },

    /** @param {number} seat @returns {string | null} the seat's score and state, for the seat list */
    seatDetail(seat) {
      if (!current) return null; // the table lists its seats before the first state arrives
      const obs = observation();
      if (!obs?.sheets?.[seat]) return null;
      const [state, text] = playerState(seat);
      const total = points(obs.sheets[seat].score.total);
      return state === "waiting" || state === "over" || !text ? total : `${total} · ${text}`;
    },

    /**
     * @param {Observation | undefined} obs
     * @param {string[] | undefined} legal
     * @returns {string} what the player should do now
     */
    turnHint(obs, legal) {
      const job = obs?.you?.task;
      const actions = legal || [];
      if (job?.kind === "take") return t("connnect.hintTake");
      if (job?.kind === "place") return t("connnect.hintPlace", { n: job.value });
      if (job?.kind === "zone") return t("connnect.hintWriteAny", { zone: obs?.you?.zone });
      if (obs?.phase === "zone") return t("connnect.hintZone");
      if (obs?.phase === "setup_write") return t("connnect.hintSetup");
      if (obs?.phase === "fill") {
        if (!actions.some((a) => a.startsWith("write ")) && actions.some((a) => a.startsWith("skip "))) return t("connnect.hintZoneFull");
        return t("connnect.hintFill", { numbers: (obs.you?.pending || []).join(t("connnect.and")), zone: obs.you?.zone });
      }
      if (obs?.phase === "claim") return actions.some((a) => a.startsWith("claim ")) ? t("connnect.hintClaim") : t("connnect.hintClaimBonus");
      return t("connnect.hintAny");
    },

    passLabel() {
      return t("connnect.doneButton");
    },

    /** @param {Observation | undefined} obs @returns {string} every final score */
    resultDetail(obs) {
      if (!obs?.sheets) return "";
      const scores = obs.sheets.map((s) => `${names(s.seat)} ${s.score.total}`).join(" · ");
      // The status line says who won already, and is short: only why, when it is not simply
      // the most points (the final scores say the rest).
      const said = ["connnect.win_score", "connnect.win_shared", "connnect.end_rounds"];
      return [...resultLines(obs, said), scores].join(" — ");
    },

    /**
     * Used only when the server sent no event for a move: another seat's hidden choice in a
     * simultaneous phase (the server's events describe every visible move).
     * @param {string | null} action
     * @returns {string}
     */
    describe(action) {
      return action || t("connnect.descHidden");
    },
  };
  container.connnectBoard = board;
  return board;
}
