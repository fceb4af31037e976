// The Connect 5 table UI: the circuit in SVG, tokens in five colours and five shapes.
//
// Click a highlighted free dot to place a token from your supply. Click one of your tokens to
// select it: its steps, splits, jumps and sandwiches light up; click one of them. A multiple
// capture is chosen hop by hop (each landing lights up the next ones) and confirmed with
// "End the capture here" (or by clicking the last landing again); a landing with no further
// jump sends the capture at once. Stacking a token from the supply on your single is a button
// once the single is selected. Where two moves end on one dot (a double may step or split
// there), the bar under the board asks which. Esc cancels. Every dot and token that can be
// chosen is a button for the keyboard too (Tab, Enter or Space).
//
// Only the server's legal actions are offered (`offered()` lists them all for the test
// harness); the rules live in the engine. The board is drawn from the geometry the server sends
// (`context.geometry`, from `Game.geometry()`: dots, junctions, lines and the route between each
// pair of adjacent dots), so any board file the table plays on is drawn. Moves are described by
// the server's events (translated by the page), not here.

import { h, listText } from "../js/api.js";
import { currentLanguage, eventText, t } from "../js/i18n.js";
import { activateOnKeys, svg } from "../js/svg.js";
import { TARGET_PX, zoomable } from "./zoom.js";

/**
 * The board as the server describes it (`connect5/view.py`, `geometry`): board units, x east,
 * y north.
 * @typedef {{id: string, x: number, y: number, circled: boolean}} GeometryDot
 * @typedef {{id: string, x: number, y: number}} GeometryJunction
 * @typedef {{a: string, b: string, points: number[][]}} GeometryLink
 * @typedef {{files: [number, string][], ranks: [number, string][]}} Coordinates
 * @typedef {{board: string, name: string, origin: string, description?: string,
 *   dots: GeometryDot[], junctions: GeometryJunction[], segments: number[][][],
 *   links: GeometryLink[], coordinates: Coordinates | null}} Geometry
 */

/**
 * A finished round and the observation of a position (`connect5/view.py`, `observation`).
 * @typedef {{starter: number, points: number[], connect5: number | null, run: string[],
 *   reason: string}} RoundResult
 * @typedef {{game?: string, board?: string, stacks?: Record<string, number[]>,
 *   supply?: number[], captured?: number[], lost?: number[], scores?: number[], round: number,
 *   rounds?: number, starter?: number | null, to_move?: number | null, turns_taken?: number[],
 *   idle?: number, results?: RoundResult[], winners?: number[] | null, terminal?: boolean,
 *   result?: import("../js/types.js").GameEvent[]}} Observation
 */

/**
 * What the page gives the module.
 * @typedef {{observation: Observation, legal?: string[], seat?: number | null, you?: number[],
 *   toMove?: number[], terminal?: boolean, last?: {action?: string, seat?: number} | null}} Update
 * @typedef {{options?: Record<string, unknown>, geometry?: Geometry | null,
 *   seatNames?: string[], interactive?: boolean, panel?: HTMLElement | null,
 *   onAction: (action: string) => void}} Context
 */

/**
 * The drawing model of a board.
 * @typedef {{id: string, x: number, y: number, dot: boolean, circled: boolean}} ModelNode
 * @typedef {{id: string, name: string, nodes: Map<string, ModelNode>, dots: ModelNode[],
 *   segments: number[][][], links: Map<string, number[][]>, coordinates: Coordinates | null,
 *   bounds: {minX: number, maxX: number, minY: number, maxY: number}}} Model
 */
const UNIT = 48; // pixels per board unit
const MARGIN = 46; // around the circuit, room for the file letters and rank numbers
const TAP = UNIT / 2; // the radius of a dot's target: neighbours' targets touch, never overlap
const FILLS = ["#d62828", "#1d4ed8", "#7e22ce", "#eab308", "#16a34a"];
const EDGES = ["#6e1010", "#0c2468", "#3f0f6e", "#5c4300", "#0a4a22"];
const LOWER = ["#9b1c1c", "#15348f", "#561a8a", "#a17c06", "#0f6b31"]; // the bottom token of a double
const SHAPES = ["circle", "square", "triangle", "diamond", "star"];
// Colour names, one t() call per key (a static check finds every key used).
const COLOUR_NAMES = [
  () => t("connect5.red"),
  () => t("connect5.blue"),
  () => t("connect5.purple"),
  () => t("connect5.yellow"),
  () => t("connect5.green"),
];
/** @type {Record<string, () => string>} the shipped boards' names */
const BOARD_NAMES = {
  basic: () => t("connect5.boardBasic"),
  advanced: () => t("connect5.boardAdvanced"),
  t1: () => t("connect5.boardT1"),
};
/** @type {Record<string, () => string>} why a round ended without a Connect 5 */
const REASONS = {
  connect5: () => t("connect5.reasonConnect5"),
  no_connect5: () => t("connect5.reasonNoConnect5"),
  dead: () => t("connect5.reasonDead"),
  no_moves: () => t("connect5.reasonNoMoves"),
  board_full: () => t("connect5.reasonBoardFull"),
  mover_stuck: () => t("connect5.reasonMoverStuck"),
  idle_limit: () => t("connect5.reasonIdleLimit"),
};

/** @param {number} seat @returns {string} */
const colourName = (seat) => (COLOUR_NAMES[seat] ? COLOUR_NAMES[seat]() : t("connect5.player", { n: seat + 1 }));
const arrow = " → ";

/** "a, b or c" in the reader's language.
 * @param {string[]} items @returns {string} */
function orList(items) {
  if (items.length < 2) return items.join("");
  try {
    return new Intl.ListFormat(currentLanguage(), { type: "disjunction" }).format(items);
  } catch {
    return items.join(", ");
  }
}

/** "a, b and c" in the reader's language.
 * @param {string[]} items @returns {string} */
function andList(items) {
  if (items.length < 2) return items.join("");
  try {
    return new Intl.ListFormat(currentLanguage(), { type: "conjunction" }).format(items);
  } catch {
    return items.join(", ");
  }
}

/** @type {Promise<unknown> | null} */
let stylesLoaded = null;
/** Load connect5.css once (the page's policy allows same-origin style sheets only); resolves
 *  when it applies, so that the board is never drawn unstyled.
 * @returns {Promise<unknown>} */
function loadStyles() {
  if (!stylesLoaded) {
    const href = new URL("./connect5.css", import.meta.url).href;
    const existing = [...document.querySelectorAll("link[rel=stylesheet]")].find((link) => /** @type {HTMLLinkElement} */ (link).href === href);
    stylesLoaded = existing ? Promise.resolve() : new Promise((resolve) => {
      document.head.append(h("link", { rel: "stylesheet", href, onload: resolve, onerror: resolve }));
    });
  }
  return stylesLoaded;
}

// ---------------------------------------------------------------- tokens in colour and shape

/** The outline of a token of `seat`, centred on 0,0 (about 24 px across).
 * @param {number} seat @param {Record<string, unknown>} attributes @returns {SVGElement} */
function shapeOf(seat, attributes) {
  switch (SHAPES[seat % SHAPES.length]) {
    case "square":
      return svg("rect", { x: -10.5, y: -10.5, width: 21, height: 21, rx: 2.5, ...attributes });
    case "triangle":
      return svg("path", { d: "M0,-14 L13,9.5 L-13,9.5 Z", "stroke-linejoin": "round", ...attributes });
    case "diamond":
      return svg("path", { d: "M0,-14 L13,0 L0,14 L-13,0 Z", "stroke-linejoin": "round", ...attributes });
    case "star": {
      const points = [];
      for (let i = 0; i < 10; i += 1) {
        const radius = i % 2 ? 6.6 : 15;
        const angle = (Math.PI / 5) * i - Math.PI / 2;
        points.push(`${(radius * Math.cos(angle)).toFixed(2)},${(radius * Math.sin(angle) + 1.5).toFixed(2)}`);
      }
      return svg("polygon", { points: points.join(" "), "stroke-linejoin": "round", ...attributes });
    }
    default:
      return svg("circle", { r: 11.5, ...attributes });
  }
}

/** A stack of one or two tokens of `seat` (a double as two tokens, one on the other).
 * @param {number} seat @param {number} height @param {string} [className] @returns {SVGElement} */
function tokenGraphic(seat, height, className = "token") {
  const group = svg("g", { class: `${className} seat-${seat}` });
  const edge = EDGES[seat % EDGES.length];
  if (height >= 2) {
    group.append(svg("g", { transform: "translate(3.5,4.5)", class: "lower" },
      shapeOf(seat, { fill: LOWER[seat % LOWER.length], stroke: edge, "stroke-width": 2 })));
    group.append(svg("g", { transform: "translate(-2.5,-3)", class: "upper" },
      shapeOf(seat, { fill: FILLS[seat % FILLS.length], stroke: edge, "stroke-width": 2 })));
  } else {
    group.append(shapeOf(seat, { fill: FILLS[seat % FILLS.length], stroke: edge, "stroke-width": 2 }));
  }
  return group;
}

/** A small token icon for HTML (the panel, the legend).
 * @param {number} seat @param {number} [height] @returns {SVGElement} */
function tokenIcon(seat, height = 1) {
  const icon = svg("svg", { class: "c5-icon", viewBox: "-17 -17 37 37", width: 22, height: 22, "aria-hidden": "true", focusable: "false" });
  icon.append(tokenGraphic(seat, height));
  return icon;
}

/** A dot (or a junction) for the legend.
 * @param {boolean} circled @param {boolean} [junction] @returns {SVGElement} */
function dotIcon(circled, junction = false) {
  const icon = svg("svg", { class: "c5-icon", viewBox: "-17 -17 34 34", width: 22, height: 22, "aria-hidden": "true", focusable: "false" });
  icon.append(svg("line", { x1: -17, y1: 0, x2: 17, y2: 0, class: "trace" }));
  if (junction) icon.append(svg("line", { x1: 0, y1: 0, x2: 0, y2: 17, class: "trace" }), svg("rect", { x: -3.5, y: -3.5, width: 7, height: 7, class: "junction" }));
  else {
    if (circled) icon.append(svg("circle", { r: 13, class: "ring" }));
    icon.append(svg("circle", { r: 6.5, class: "pip" }));
  }
  return icon;
}

// ---------------------------------------------------------------- the board's geometry

/** The drawing model of the server's geometry.
 * @param {Geometry} data @returns {Model} */
function boardModel(data) {
  /** @type {Map<string, ModelNode>} */
  const nodes = new Map();
  for (const { id, x, y, circled } of data.dots) nodes.set(id, { id, x, y, dot: true, circled: Boolean(circled) });
  for (const { id, x, y } of data.junctions || []) nodes.set(id, { id, x, y, dot: false, circled: false });
  /** @type {Map<string, number[][]>} */
  const links = new Map();
  for (const { a, b, points } of data.links || []) {
    links.set(`${a} ${b}`, points);
    links.set(`${b} ${a}`, [...points].reverse());
  }
  const dots = data.dots.map(({ id }) => /** @type {ModelNode} */ (nodes.get(id)));
  const all = [...nodes.values()].map((n) => [n.x, n.y]).concat(data.segments.flat());
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const bounds = { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
  return { id: data.board, name: data.name, nodes, dots, segments: data.segments, links, coordinates: data.coordinates || null, bounds };
}

/** The line from dot `a` to the adjacent dot `b` along the circuit (the server's route), or
 *  a straight line between two dots that are not adjacent.
 * @param {Model} model @param {string} a @param {string} b @returns {number[][]} */
function route(model, a, b) {
  const known = model.links.get(`${a} ${b}`);
  if (known) return known;
  const start = model.nodes.get(a);
  const goal = model.nodes.get(b);
  return start && goal ? [[start.x, start.y], [goal.x, goal.y]] : [];
}

/** The line through a sequence of dots, each adjacent to the next.
 * @param {Model} model @param {string[]} dots @returns {number[][]} */
function routeThrough(model, dots) {
  /** @type {number[][]} */
  const points = [];
  for (let i = 1; i < dots.length; i += 1) {
    const piece = route(model, dots[i - 1], dots[i]);
    points.push(...(points.length ? piece.slice(1) : piece));
  }
  return points;
}

// ---------------------------------------------------------------- the legal actions

/**
 * The legal actions by kind (from their notation, which is not English). A capture is
 * {source, path: [source, over, to, over, to…]}.
 * @typedef {{kind: string, to: string, action: string}} MoveOption
 * @typedef {{all: Set<string>, place: Set<string>, stack: Set<string>,
 *   moves: Map<string, MoveOption[]>, jumps: {source: string, path: string[], action: string}[],
 *   sandwiches: {source: string, over: string, to: string, action: string}[], pass: boolean,
 *   other: string[]}} Legal
 * @param {string[]} list @returns {Legal}
 */
function parseLegal(list) {
  /** @type {Legal} */
  const legal = {
    all: new Set(list), place: new Set(), stack: new Set(), moves: new Map(), jumps: [],
    sandwiches: [], pass: false, other: [],
  };
  /** @param {string} source @param {MoveOption} move */
  const addMove = (source, move) => {
    const moves = legal.moves.get(source) || [];
    moves.push(move);
    legal.moves.set(source, moves);
  };
  for (const action of list) {
    const words = action.split(" ");
    const [verb] = words;
    if (verb === "place" && words.length === 2) legal.place.add(words[1]);
    else if (verb === "stack" && words.length === 2) legal.stack.add(words[1]);
    else if ((verb === "step" || verb === "split") && words.length === 3) addMove(words[1], { kind: verb, to: words[2], action });
    else if (verb === "jump" && words.length >= 6 && words.length % 4 === 2 && isChain(words)) {
      const path = [words[1]];
      for (let i = 2; i < words.length; i += 4) path.push(words[i + 1], words[i + 3]);
      legal.jumps.push({ source: words[1], path, action });
    } else if (verb === "sandwich" && words.length === 6 && words[2] === "over" && words[4] === "to") {
      legal.sandwiches.push({ source: words[1], over: words[3], to: words[5], action });
    } else if (action === "pass") legal.pass = true;
    else legal.other.push(action);
  }
  return legal;
}

/** @param {string[]} words @returns {boolean} */
function isChain(words) {
  for (let i = 2; i < words.length; i += 4) if (words[i] !== "over" || words[i + 2] !== "to") return false;
  return true;
}

/** @param {string[]} path @returns {string} */
const chainAction = (path) => {
  let text = `jump ${path[0]}`;
  for (let i = 1; i + 1 < path.length; i += 2) text += ` over ${path[i]} to ${path[i + 1]}`;
  return text;
};

/** The dots of an action, to draw the last move: {kind, dots…} or null (chance, pass).
 * @typedef {{kind: string, dot?: string, from?: string, to?: string, landings?: string[],
 *   victims?: string[], path?: string[]}} Parsed
 * @param {string | undefined} action @returns {Parsed | null} */
function parseAction(action) {
  if (!action) return null;
  const words = action.split(" ");
  switch (words[0]) {
    case "place":
    case "stack":
      return { kind: words[0], dot: words[1] };
    case "step":
    case "split":
      return { kind: words[0], from: words[1], to: words[2] };
    case "jump":
    case "sandwich": {
      const path = [words[1]];
      const landings = [words[1]];
      const victims = [];
      for (let i = 2; i + 3 < words.length; i += 4) {
        victims.push(words[i + 1]);
        landings.push(words[i + 3]);
        path.push(words[i + 1], words[i + 3]);
      }
      return { kind: words[0], from: words[1], landings, victims, path };
    }
    default:
      return null;
  }
}

// ---------------------------------------------------------------- the module

/**
 * Draw a Connect 5 table in `root` and return the board object the page drives.
 * @param {HTMLElement} root @param {Context} context
 */
export default function create(root, context) {
  const interactive = context.interactive !== false;
  // Drawn at once (scripts and tests can use it), shown once the style sheet applies.
  const surface = svg("svg", { class: "c5-board", role: "group", "aria-label": t("connect5.boardLabel"), visibility: "hidden" });
  loadStyles().then(() => surface.removeAttribute("visibility"));
  const bar = h("div", { class: "c5-bar", role: "status", "aria-live": "polite", hidden: !interactive });
  const fallback = h("div", { class: "c5-fallback", hidden: true });
  // On a phone the board is drawn with 44 px targets and pans in a zoomable frame (./zoom.js).
  const zoom = zoomable(/** @type {SVGSVGElement} */ (surface), {
    touch: TARGET_PX / (2 * TAP),
    maxHeight: () => Math.max(420, window.innerHeight - 290),
    maxWidth: 780,
    labels: { zoomIn: t("common.zoomIn"), zoomOut: t("common.zoomOut"), fit: t("common.zoomFit") },
  });
  const container = h("div", { class: "c5" }, bar, zoom.element, fallback);
  root.replaceChildren(container);
  const panel = h("div", { class: "c5-panel" });
  if (context.panel) context.panel.replaceChildren(h("h2", {}, t("connect5.title")), panel);

  /**
   * A way to go on from the selected token or the capture so far: sent as its `action`, or a
   * capture continued hop by hop along `path`.
   * @typedef {{kind: string, label: string, action?: string, path?: string[], over?: string}} Option
   * @typedef {{classes: string[], enabled: boolean, hint: string, lifted?: boolean,
   *   ghost?: number, pressed?: boolean, stackable?: boolean, victim?: boolean,
   *   over?: (string | undefined)[]}} DotState
   */
  /** @type {Model | null} the board's drawing model */
  let model = null;
  /** @type {string | null} */
  let modelKey = null;
  /** @type {Update | null} the last update */
  let current = null;
  let legal = parseLegal([]);
  let legalKey = "";
  /** @type {string | null} a dot holding one of the mover's tokens */
  let selected = null;
  /** @type {string[] | null} the capture path chosen so far: [source, over, to, …] */
  let chain = null;
  /** @type {{dot: string, options: Option[]} | null} several moves end on one dot */
  let choice = null;
  /** @type {string | null} the action just sent, until the next update */
  let sending = null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let sendTimer;
  /** @type {number | null} */
  let roundsSeen = null;
  let notice = ""; // a round just ended
  /** @type {string | null} the dot that had the keyboard focus */
  let focusMemory = null;
  /** @type {string | null} what the bar shows */
  let barKey = null;
  /** @param {Event} event */
  const forget = (event) => {
    const target = /** @type {Node | null} */ (event.target);
    if (!container.isConnected) document.removeEventListener("focusin", forget);
    else if (!surface.contains(target) && !bar.contains(target)) focusMemory = null;
  };
  document.addEventListener("focusin", forget);

  // ------------------------------------------------------------ what can be chosen

  /** @returns {Record<string, number[]>} */
  const stacks = () => current?.observation?.stacks || {};
  /** @returns {number | null} */
  const mover = () => (current && current.seat !== null && current.seat !== undefined ? current.seat : null);
  const active = () => interactive && mover() !== null && legal.all.size > 0 && !sending;

  /** Dots whose token the mover may select (it moves, captures, or can be stacked on).
   * @returns {Set<string>} */
  function sources() {
    const found = new Set([...legal.moves.keys(), ...legal.stack]);
    for (const jump of legal.jumps) found.add(jump.source);
    for (const sandwich of legal.sandwiches) found.add(sandwich.source);
    return found;
  }

  /** The options of the selected token, by the dot each ends on. An option has an `action`
   *  (sent as it is) or a capture `path` (continued hop by hop).
   * @param {string} source @returns {Map<string, Option[]>} */
  function targetsFrom(source) {
    /** @type {Map<string, Option[]>} */
    const targets = new Map();
    /** @param {string} dot @param {Option} option */
    const add = (dot, option) => {
      const list = targets.get(dot) || [];
      list.push(option);
      targets.set(dot, list);
    };
    const height = stacks()[source]?.[1] || 1;
    for (const move of legal.moves.get(source) || []) {
      const label = move.kind === "split"
        ? t("connect5.optSplit", { from: source, to: move.to })
        : height > 1 ? t("connect5.optStepDouble", { from: source, to: move.to }) : t("connect5.optStep", { from: source, to: move.to });
      add(move.to, { kind: move.kind, label, action: move.action });
    }
    const hops = hopsAfter([source]);
    for (const [dot, options] of hops) for (const option of options) add(dot, option);
    for (const sandwich of legal.sandwiches.filter((s) => s.source === source)) {
      add(sandwich.to, { kind: "sandwich", over: sandwich.over, label: t("connect5.optSandwich", { over: sandwich.over, to: sandwich.to }), action: sandwich.action });
    }
    return targets;
  }

  /** The next hops of the capture chains that begin with `path`, by landing dot.
   * @param {string[]} path @returns {Map<string, Option[]>} */
  function hopsAfter(path) {
    /** @type {Map<string, Option[]>} */
    const hops = new Map();
    const seen = new Set();
    for (const jump of legal.jumps) {
      if (jump.path.length <= path.length || path.some((dot, i) => jump.path[i] !== dot)) continue;
      const over = jump.path[path.length];
      const to = jump.path[path.length + 1];
      if (seen.has(`${over} ${to}`)) continue;
      seen.add(`${over} ${to}`);
      const list = hops.get(to) || [];
      list.push({ kind: "jump", over, label: t("connect5.optJump", { over, to }), path: [...path, over, to] });
      hops.set(to, list);
    }
    return hops;
  }

  /** The action a click on a dot sends at once, in the state the UI is in, or null.
   * @param {string} dot @returns {string | null} */
  function placeAt(dot) {
    return legal.place.has(dot) ? `place ${dot}` : null;
  }

  /** The capture along `path`, if it may end there.
   * @param {string[]} path @returns {string | null} */
  function chainEnd(path) {
    const action = chainAction(path);
    return legal.all.has(action) ? action : null;
  }

  /** Every action reachable by clicking from the current position (for the test harness):
   *  what a click, a key or a button of this module sends, plus "pass" (the page's button) and
   *  actions of an unknown form (offered as plain buttons).
   * @returns {string[]} */
  function offered() {
    if (!interactive || mover() === null || !legal.all.size) return [];
    /** @type {Set<string>} */
    const found = new Set();
    /** @param {Option} option */
    const follow = (option) => {
      if (option.action) {
        found.add(option.action);
        return;
      }
      const path = option.path || [];
      const next = hopsAfter(path);
      const end = chainEnd(path);
      if (end) found.add(end); // the last landing sends it, or "End the capture here"
      for (const options of next.values()) options.forEach(follow);
    };
    if (!model) legal.all.forEach((action) => found.add(action)); // the fallback's buttons
    else {
      for (const dot of model.dots) {
        const action = placeAt(dot.id);
        if (action && !isOwn(dot.id)) found.add(action);
      }
      const drawing = model;
      /** @param {string} dot */
      const drawn = (dot) => drawing.nodes.get(dot)?.dot;
      for (const source of sources()) {
        if (!drawn(source)) continue;
        if (legal.stack.has(source)) found.add(`stack ${source}`);
        for (const [dot, options] of targetsFrom(source)) if (drawn(dot)) options.forEach(follow);
      }
      if (legal.pass) found.add("pass");
      legal.other.forEach((action) => found.add(action));
    }
    return [...found].sort();
  }

  /** @param {string} dot @returns {boolean} */
  const isOwn = (dot) => Boolean(stacks()[dot]) && stacks()[dot][0] === mover();

  // ------------------------------------------------------------ acting

  /** @param {string} action */
  function send(action) {
    if (!legal.all.has(action)) return;
    selected = null;
    chain = null;
    choice = null;
    sending = action;
    clearTimeout(sendTimer);
    // If the server refuses (the page shows why), the board comes back after a moment.
    sendTimer = setTimeout(() => {
      sending = null;
      render();
    }, 4000);
    context.onAction(action);
    render();
  }

  /** @param {Option} option */
  function choose(option) {
    choice = null;
    if (option.action) {
      send(option.action);
      return;
    }
    const path = option.path || [];
    const next = hopsAfter(path);
    if (next.size === 0) {
      const end = chainEnd(path);
      if (end) send(end);
      return;
    }
    chain = path;
    render();
  }

  /** @param {string} dot @param {Option[]} options */
  function chooseAt(dot, options) {
    if (options.length === 1) choose(options[0]);
    else {
      choice = { dot, options };
      render();
    }
  }

  function cancel() {
    if (choice) choice = null;
    else if (chain) chain = null;
    else selected = null;
    render();
  }

  /** A click (or Enter) on a dot.
   * @param {string} dot */
  function activate(dot) {
    if (!active()) return;
    choice = null;
    if (chain) {
      const head = chain[chain.length - 1];
      const hops = hopsAfter(chain).get(dot);
      const end = chainEnd(chain);
      if (hops) chooseAt(dot, hops);
      else if (dot === head && end) send(end);
      else if (dot === chain[0]) {
        chain = null;
        render();
      }
      return;
    }
    if (selected) {
      const options = targetsFrom(selected).get(dot);
      if (options) {
        chooseAt(dot, options);
        return;
      }
      if (dot === selected) {
        selected = null;
        render();
        return;
      }
    }
    if (sources().has(dot)) {
      selected = dot;
      render();
      return;
    }
    const place = placeAt(dot);
    if (!selected && place && !isOwn(dot)) {
      send(place);
      return;
    }
    if (selected) {
      selected = null;
      render();
    }
  }

  // Esc steps back (the choice, the capture, the selection) wherever the focus is, unless a
  // dialog or a form field has it.
  /** @param {KeyboardEvent} event */
  const escape = (event) => {
    const target = /** @type {Element | null} */ (event.target);
    if (!container.isConnected) document.removeEventListener("keydown", escape);
    else if (event.key === "Escape" && (selected || chain || choice) && !target?.closest?.("dialog, input, select, textarea")) {
      event.preventDefault();
      cancel();
    }
  };
  document.addEventListener("keydown", escape);

  // ------------------------------------------------------------ drawing

  /** Board units to pixels (set with the geometry).
   * @type {(x: number, y: number) => number[]} */
  let at = () => [0, 0];

  /** Build the drawing model once from the server's geometry (none: the fallback list). */
  function setGeometry() {
    const data = context.geometry?.dots ? context.geometry : null;
    const wanted = data ? `${data.board}:${data.dots.length}:${data.segments.length}` : "none";
    if (wanted === modelKey) return;
    modelKey = wanted;
    model = data ? boardModel(data) : null;
    if (!model) return;
    const { minX, maxY } = model.bounds;
    at = (x, y) => [MARGIN + (x - minX) * UNIT, MARGIN + (maxY - y) * UNIT];
    const width = (model.bounds.maxX - minX) * UNIT + 2 * MARGIN;
    const height = (maxY - model.bounds.minY) * UNIT + 2 * MARGIN;
    surface.setAttribute("viewBox", `0 0 ${width} ${height}`);
    surface.setAttribute("aria-label", t("connect5.boardLabelNamed", { board: boardName() }));
  }

  /** @returns {string} */
  const boardName = () => (model && BOARD_NAMES[model.id] ? BOARD_NAMES[model.id]() : model?.name || String(context.options?.board || ""));
  // Our shipped boards say they are not the printed ones; a board file says where it is from.
  /** @returns {string} */
  const boardOrigin = () => (model && BOARD_NAMES[model.id] ? t("connect5.notPrinted") : context.geometry?.origin || "");
  /** @param {number[][]} points @returns {string} */
  const pointsAttr = (points) => points.map(([x, y]) => at(x, y).map((v) => v.toFixed(1)).join(",")).join(" ");

  /** The lines, junctions and labels of the board.
   * @param {Model} model @returns {SVGElement} */
  function drawCircuit(model) {
    const group = svg("g", { class: "circuit", "aria-hidden": "true" });
    const { minX, maxX, minY, maxY } = model.bounds;
    const [x0, y0] = at(minX, maxY);
    const [x1, y1] = at(maxX, minY);
    group.append(svg("rect", { x: x0 - MARGIN + 6, y: y0 - MARGIN + 6, width: x1 - x0 + 2 * MARGIN - 12, height: y1 - y0 + 2 * MARGIN - 12, rx: 14, class: "surface" }));
    if (model.coordinates) {
      const labels = svg("g", { class: "coords" });
      for (const [x, letter] of model.coordinates.files) {
        const [px] = at(x, 0);
        labels.append(svg("text", { x: px, y: y0 - 24, "text-anchor": "middle" }, letter),
          svg("text", { x: px, y: y1 + 32, "text-anchor": "middle" }, letter));
      }
      for (const [y, rank] of model.coordinates.ranks) {
        const [, py] = at(0, y);
        labels.append(svg("text", { x: x0 - 30, y: py + 4.5, "text-anchor": "middle" }, rank),
          svg("text", { x: x1 + 30, y: py + 4.5, "text-anchor": "middle" }, rank));
      }
      group.append(labels);
    }
    const traces = svg("g", { class: "traces" });
    for (const points of model.segments) traces.append(svg("polyline", { points: pointsAttr(points) }));
    group.append(traces);
    for (const node of model.nodes.values()) {
      if (node.dot) continue;
      const [x, y] = at(node.x, node.y);
      group.append(svg("rect", { x: x - 3.5, y: y - 3.5, width: 7, height: 7, class: "junction" }));
    }
    if (!model.coordinates) {
      const names = svg("g", { class: "names" });
      for (const dot of model.dots) {
        const [x, y] = at(dot.x, dot.y);
        names.append(svg("text", { x: x + 15, y: y - 15 }, dot.id));
      }
      group.append(names);
    }
    return group;
  }

  /** @param {ModelNode} dot @param {number[] | undefined} stack @param {string} extra
   * @returns {string} */
  function dotLabel(dot, stack, extra) {
    const parts = [dot.circled ? t("connect5.ariaCircledDot", { dot: dot.id }) : t("connect5.ariaDot", { dot: dot.id })];
    if (stack) {
      const [seat, height] = stack;
      parts.push(height > 1 ? t("connect5.ariaDouble", { player: colourName(seat) }) : t("connect5.ariaSingle", { player: colourName(seat) }));
    } else parts.push(t("connect5.ariaEmpty"));
    if (extra) parts.push(extra);
    return parts.join(", ");
  }

  /** @param {ModelNode} dot @param {DotState} state @returns {SVGElement} */
  function drawDot(dot, state) {
    const [x, y] = at(dot.x, dot.y);
    const stack = stacks()[dot.id];
    const classes = ["dot", ...state.classes];
    const group = svg("g", { class: classes.join(" "), transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`, "data-dot": dot.id });
    group.append(svg("circle", { r: TAP, class: "tap" }), svg("circle", { r: 21, class: "hit" }));
    if (state.classes.includes("selected") || state.classes.includes("chain-head")) group.append(svg("circle", { r: 20.5, class: "halo" }));
    if (dot.circled) group.append(svg("circle", { r: 14.5, class: "ring" }));
    group.append(svg("circle", { r: 6.5, class: "pip" }));
    if (state.classes.some((c) => c === "target" || c === "placeable" || c === "hop")) {
      group.append(svg("circle", { r: 17.5, class: "mark" }));
    }
    if (stack && !state.lifted) group.append(tokenGraphic(stack[0], stack[1]));
    else if (stack && state.lifted) group.append(tokenGraphic(stack[0], stack[1], "token lifted"));
    if (state.ghost !== undefined) {
      const ghost = tokenGraphic(state.ghost, 1, "token ghost");
      ghost.setAttribute("opacity", "0"); // shown by the style sheet on hover and focus
      group.append(ghost);
    }
    if (state.stackable) group.append(svg("g", { class: "badge", transform: "translate(12,-13)" },
      svg("circle", { r: 7 }), svg("path", { d: "M-3.5,0 H3.5 M0,-3.5 V3.5" })));
    if (state.victim) {
      const cross = "M-8,-8 L8,8 M8,-8 L-8,8";
      group.append(svg("g", { class: "victim" }, svg("path", { d: cross, class: "under" }), svg("path", { d: cross, class: "over" })));
    }
    group.append(svg("circle", { r: 22.5, class: "focus-ring" }));
    if (state.enabled) {
      group.setAttribute("tabindex", "0");
      group.setAttribute("role", "button");
      group.setAttribute("aria-label", dotLabel(dot, stack, state.hint));
      if (state.pressed !== undefined) group.setAttribute("aria-pressed", String(state.pressed));
      group.addEventListener("click", () => activate(dot.id));
      activateOnKeys(group, () => activate(dot.id));
    } else {
      group.setAttribute("role", "img");
      group.setAttribute("aria-label", dotLabel(dot, stack, state.hint));
    }
    group.append(svg("title", {}, dotLabel(dot, stack, state.hint)));
    return group;
  }

  /** How each dot is drawn and whether it can be chosen, in the UI's current mode.
   * @param {Model} model @returns {Map<string, DotState>} */
  function dotStates(model) {
    /** @type {Map<string, DotState>} */
    const states = new Map(model.dots.map((dot) => [dot.id, { classes: [], enabled: false, hint: "" }]));
    /** @param {string} dot @returns {DotState} */
    const get = (dot) => states.get(dot) || { classes: [], enabled: false, hint: "" };
    if (!active()) return states;
    const seat = mover() ?? 0;
    if (chain) {
      const head = chain[chain.length - 1];
      const source = get(chain[0]);
      source.classes.push("chain-source");
      source.lifted = true;
      source.enabled = true;
      source.hint = t("connect5.ariaCancelCapture");
      const headState = get(head);
      headState.classes.push("chain-head");
      headState.ghost = seat;
      headState.enabled = true;
      headState.hint = chainEnd(chain) ? t("connect5.ariaEndCapture") : "";
      for (let i = 1; i < chain.length; i += 2) get(chain[i]).victim = true;
      for (const [dot, options] of hopsAfter(chain)) {
        const state = get(dot);
        state.classes.push("target", "hop");
        state.enabled = true;
        state.hint = options.map((o) => o.label).join("; ");
        state.over = options.map((o) => o.over);
      }
      return states;
    }
    for (const source of sources()) {
      const state = get(source);
      state.classes.push("movable");
      state.enabled = true;
      state.pressed = source === selected;
      state.stackable = legal.stack.has(source);
      state.hint = source === selected ? t("connect5.ariaSelected") : t("connect5.ariaMovable");
    }
    if (selected) {
      const state = get(selected);
      state.classes.push("selected");
      for (const [dot, options] of targetsFrom(selected)) {
        const target = get(dot);
        target.classes.push("target", ...new Set(options.map((o) => o.kind === "sandwich" || o.kind === "jump" ? "hop" : "slide")));
        target.enabled = true;
        target.ghost = seat;
        target.hint = options.map((o) => o.label).join("; ");
      }
      return states;
    }
    for (const dot of model.dots) {
      if (placeAt(dot.id) && !isOwn(dot.id)) {
        const state = get(dot.id);
        state.classes.push("placeable");
        state.enabled = true;
        state.ghost = seat;
        state.hint = t("connect5.ariaPlace");
      }
    }
    return states;
  }

  /** The dashed routes of the selected token's captures, or of the chain so far.
   * @param {Model} model @returns {SVGElement} */
  function drawPlans(model) {
    const group = svg("g", { class: "plans", "aria-hidden": "true" });
    if (!active()) return group;
    const seat = mover();
    if (chain) {
      group.append(svg("polyline", { points: pointsAttr(routeThrough(model, chain)), class: `chosen seat-${seat}` }));
      for (const [, options] of hopsAfter(chain)) {
        for (const option of options) group.append(svg("polyline", { points: pointsAttr(routeThrough(model, (option.path || []).slice(-3))), class: "option capture" }));
      }
    } else if (selected) {
      const source = selected;
      for (const [dot, options] of targetsFrom(source)) {
        for (const option of options) {
          const path = option.path ? option.path.slice(-3) : option.over ? [source, option.over, dot] : [source, dot];
          group.append(svg("polyline", { points: pointsAttr(routeThrough(model, path)), class: option.path || option.over ? "option capture" : "option" }));
        }
      }
    }
    return group;
  }

  /** The last action: where the token came from and went, the dots it jumped.
   * @param {Model} model @returns {SVGElement} */
  function drawLast(model) {
    const group = svg("g", { class: "last", "aria-hidden": "true" });
    const last = current?.last;
    const parsed = parseAction(last?.action);
    if (!parsed) return group;
    /** @param {string | undefined} dot */
    const ring = (dot) => {
      const node = dot === undefined ? undefined : model.nodes.get(dot);
      if (!node) return;
      const [x, y] = at(node.x, node.y);
      group.append(svg("circle", { cx: x, cy: y, r: 19.5, class: "last-ring" }));
    };
    if (parsed.kind === "place" || parsed.kind === "stack") ring(parsed.dot);
    else if (parsed.kind === "step" || parsed.kind === "split") {
      group.append(svg("polyline", { points: pointsAttr(route(model, parsed.from || "", parsed.to || "")), class: "last-path" }));
      ring(parsed.to);
    } else if (parsed.kind === "jump" || parsed.kind === "sandwich") {
      group.append(svg("polyline", { points: pointsAttr(routeThrough(model, parsed.path || [])), class: "last-path" }));
      ring(parsed.landings?.at(-1));
      for (const victim of parsed.victims || []) {
        const node = model.nodes.get(victim);
        if (!node) continue;
        const [x, y] = at(node.x, node.y);
        if (!stacks()[victim]) {
          group.append(svg("path", { d: `M${x - 7},${y - 7} L${x + 7},${y + 7} M${x + 7},${y - 7} L${x - 7},${y + 7}`, class: "last-victim" }));
        }
      }
    }
    return group;
  }

  /** The Connect 5 that ended the game, drawn along the circuit.
   * @param {Model} model @returns {SVGElement} */
  function drawRun(model) {
    const group = svg("g", { class: "run", "aria-hidden": "true" });
    const observation = current?.observation;
    if (!observation?.terminal) return group;
    const result = observation.results?.[observation.results.length - 1];
    if (!result?.run?.length) return group;
    const points = routeThrough(model, result.run);
    group.append(svg("polyline", { points: pointsAttr(points), class: `run-line seat-${result.connect5}` }));
    return group;
  }

  function render() {
    if (!current) return;
    setGeometry();
    if (!model) {
      renderFallback(current.observation);
      return;
    }
    fallback.hidden = true;
    zoom.element.hidden = false;
    zoom.layout(interactive && Boolean(current.you?.length) && !current.terminal);
    // Keyboard users keep their place: the focused dot is focused again after each drawing,
    // and when the board had the focus before the last action, it gets it back on your turn.
    const focused = /** @type {HTMLElement | SVGElement | null} */ (document.activeElement);
    const hadFocus = surface.contains(focused);
    if (hadFocus && focused?.dataset?.dot) focusMemory = focused.dataset.dot;
    const states = dotStates(model);
    const dots = svg("g", { class: "dots" });
    // Reading order (north to south, west to east), which is also the order of Tab.
    const order = [...model.dots].sort((a, b) => b.y - a.y || a.x - b.x);
    for (const dot of order) dots.append(drawDot(dot, states.get(dot.id) || { classes: [], enabled: false, hint: "" }));
    surface.replaceChildren(drawCircuit(model), drawRun(model), drawLast(model), drawPlans(model), dots);
    surface.classList.toggle("active", active());
    surface.classList.toggle("choosing", Boolean(selected || chain));
    renderBar();
    const lost = !document.activeElement || document.activeElement === document.body;
    if (focusMemory && (hadFocus || lost)) {
      const again = /** @type {SVGElement | null} */ (surface.querySelector(`[data-dot="${CSS.escape(focusMemory)}"][tabindex]`) || surface.querySelector("[tabindex]"));
      again?.focus({ preventScroll: true });
    }
  }

  /** @param {string} label @param {() => void} onclick @param {Record<string, unknown>} [attributes]
   * @returns {HTMLElement} */
  function button(label, onclick, attributes = {}) {
    return h("button", { type: "button", class: "small", onclick, ...attributes }, label);
  }

  function renderBar() {
    if (!interactive || !current) return;
    const seat = mover() ?? 0;
    /** @type {HTMLElement[]} */
    const items = [];
    let text = notice;
    if (sending) text = t("connect5.sending");
    else if (!active()) text = notice;
    else if (choice) {
      text = t("connect5.whichMove", { dot: choice.dot });
      for (const option of choice.options) items.push(button(option.label, () => choose(option), { class: "small primary", "data-c5-choice": option.action || chainAction(option.path || []) }));
      items.push(button(t("connect5.cancel"), cancel, { "data-c5": "cancel" }));
    } else if (chain) {
      const victims = chain.filter((_, i) => i % 2 === 1);
      const landings = chain.filter((_, i) => i % 2 === 0);
      text = t("connect5.chainSoFar", { path: landings.join(arrow), victims: andList(victims) });
      const end = chainEnd(chain);
      if (end) items.push(button(t("connect5.endCapture"), () => send(end), { class: "small primary", "data-c5": "confirm" }));
      items.push(button(t("connect5.cancel"), cancel, { "data-c5": "cancel" }));
    } else if (selected) {
      const source = selected;
      const height = stacks()[source]?.[1] ?? 1;
      const targets = targetsFrom(source);
      text = height > 1 ? t("connect5.selectedDouble", { dot: source }) : t("connect5.selectedSingle", { dot: source });
      text += " " + (targets.size ? t("connect5.selectedTargets") : t("connect5.selectedNoMove"));
      if (legal.stack.has(source)) items.push(button(t("connect5.stackHere", { dot: source }), () => send(`stack ${source}`), { class: "small primary", "data-c5": "stack" }));
      items.push(button(t("connect5.cancel"), cancel, { "data-c5": "cancel" }));
    } else {
      const supply = current.observation.supply?.[seat] ?? 0;
      const parts = [];
      if (legal.place.size) parts.push(t("connect5.barPlace", { count: supply }));
      if (sources().size) parts.push(t("connect5.barMove"));
      text = parts.length ? `${orList(parts)}.` : "";
      if (notice) text = `${notice} ${text}`;
      for (const action of legal.other) items.push(button(action, () => send(action), { "data-c5-choice": action }));
    }
    // Unchanged words are not replaced, so that screen readers do not announce them again.
    const key = [text, ...items.map((item) => `${item.dataset.c5 || item.dataset.c5Choice}:${item.textContent}`)].join("|");
    if (key === barKey) return;
    barKey = key;
    bar.replaceChildren(h("span", { class: "c5-bar-text" }, text), ...(items.length ? [h("span", { class: "c5-bar-buttons" }, items)] : []));
  }

  /** No geometry (the server sent none): the position in words, the legal actions as buttons.
   * @param {Observation} observation */
  function renderFallback(observation) {
    zoom.element.hidden = true;
    fallback.hidden = false;
    const position = Object.entries(observation.stacks || {}).map(([dot, [seat, height]]) => `${dot}: ${height > 1 ? t("connect5.ariaDouble", { player: colourName(seat) }) : t("connect5.ariaSingle", { player: colourName(seat) })}`);
    fallback.replaceChildren(
      h("p", {}, t("connect5.noDrawing", { board: String(observation.board || context.options?.board || "") })),
      h("p", { class: "muted" }, position.join(" · ") || t("connect5.emptyBoard")),
      ...(interactive ? [h("div", { class: "c5-fallback-actions" },
        [...legal.all].map((action) => button(action, () => send(action), { "data-c5-choice": action })))] : []));
  }

  // ------------------------------------------------------------ the panel

  /** The scores, the rounds and the help beside the board.
   * @param {Update} update */
  function renderPanel(update) {
    const observation = update.observation;
    const players = observation.scores?.length || context.seatNames?.length || 2;
    const full = (observation.rounds || 1) > 1;
    const roundText = full
      ? t("connect5.roundOf", { round: Math.min(observation.round + 1, observation.rounds || 1), rounds: observation.rounds || 1 })
      : t("connect5.quickGame");
    const starter = observation.starter === null || observation.starter === undefined ? "—" : colourName(observation.starter);
    const you = new Set(update.you || []);
    const head = h("tr", {}, h("th", { scope: "col" }, t("connect5.colPlayer")), h("th", { scope: "col" }, t("connect5.colSupply")),
      h("th", { scope: "col" }, t("connect5.colCaptured")),
      h("th", { scope: "col" }, t("connect5.colPoints")));
    const toMove = new Set(observation.terminal ? [] : update.toMove || []);
    const rows = Array.from({ length: players }, (_, seat) => h("tr", { class: `${toMove.has(seat) ? "to-move" : ""} ${you.has(seat) ? "you" : ""}`, "data-seat": seat },
      h("th", { scope: "row" }, tokenIcon(seat), " ", colourName(seat), you.has(seat) ? h("span", { class: "tag" }, t("connect5.you")) : null),
      h("td", { "data-supply": seat }, String(observation.supply?.[seat] ?? "")),
      h("td", { "data-captured": seat }, String(observation.captured?.[seat] ?? "")),
      h("td", { class: "points", "data-score": seat }, String(observation.scores?.[seat] ?? ""))));
    const results = (observation.results || []).map((result, index) => h("li", {},
      h("b", {}, t("connect5.roundNumber", { round: index + 1 })), " · ",
      t("connect5.startedBy", { player: colourName(result.starter) }), " · ",
      roundOutcome(result), " · ",
      result.points.map((p, seat) => `${colourName(seat)} ${p}`).join(", ")));
    panel.replaceChildren(
      h("p", { class: "c5-board-name" }, h("b", {}, boardName()), h("br"), h("span", { class: "muted" }, boardOrigin())),
      h("dl", { class: "facts" },
        h("dt", {}, t("connect5.game")), h("dd", { id: "c5-round" }, roundText),
        h("dt", {}, t("connect5.starter")), h("dd", { id: "c5-starter" }, starter)),
      h("table", { class: "c5-scores", id: "c5-scores" }, h("caption", { class: "muted" }, t("connect5.scoresCaption")), h("thead", {}, head), h("tbody", {}, rows)),
      ...(results.length ? [h("div", { class: "c5-results" }, h("h3", {}, t("connect5.results")), h("ol", { id: "c5-results" }, results))] : []),
      ...(observation.terminal ? [h("div", { class: "c5-results" }, h("h3", {}, t("common.gameOver")),
        h("ul", { class: "c5-final-why", id: "result-reason" }, resultLines(observation).map((line) => h("li", {}, line))))] : []),
      help(observation));
  }

  /**
   * Why the game ended and why its winners won, in words (the engine's result events).
   * @param {Observation} observation
   * @returns {string[]}
   */
  function resultLines(observation) {
    const texts = (observation.result || []).map((event) => eventText(event, colourName, listText) || "");
    return texts.filter(Boolean).map((text) => text.charAt(0).toUpperCase() + text.slice(1));
  }

  /** @param {RoundResult} result @returns {string} */
  function roundOutcome(result) {
    if (result.connect5 !== null && result.connect5 !== undefined) {
      return t("connect5.connect5By", { player: colourName(result.connect5), run: result.run.join(arrow) });
    }
    return REASONS[result.reason] ? REASONS[result.reason]() : result.reason;
  }

  /** How to play, with the legend of the drawing.
   * @param {Observation} observation */
  function help(observation) {
    const legend = h("ul", { class: "c5-legend" },
      h("li", {}, dotIcon(false), t("connect5.legendDot")),
      h("li", {}, dotIcon(true), t("connect5.legendCircled")),
      h("li", {}, dotIcon(false, true), t("connect5.legendJunction")),
      h("li", {}, tokenIcon(0, 2), t("connect5.legendDouble")));
    const shapes = h("p", { class: "c5-shapes" }, Array.from({ length: Math.max(2, observation.scores?.length || 2) }, (_, seat) => h("span", {}, tokenIcon(seat), colourName(seat))));
    return h("details", { class: "help" },
      h("summary", {}, t("connect5.howToPlay")),
      shapes, legend,
      h("ul", {},
        h("li", {}, t("connect5.helpGoal")),
        h("li", {}, t("connect5.helpPlace")),
        h("li", {}, t("connect5.helpMove")),
        h("li", {}, t("connect5.helpCapture")),
        h("li", {}, t("connect5.helpSandwich")),
        h("li", {}, t("connect5.helpEnd")),
        h("li", {}, t("connect5.helpKeys"))));
  }

  // ------------------------------------------------------------ the board object

  return {
    /** Show a new position (and the legal actions of the seat this page acts for).
     * @param {Update} update */
    update(update) {
      const previous = current;
      current = update;
      const list = update.legal || [];
      const key = list.join("|");
      const sameTurn = previous && key === legalKey && previous.observation?.turns_taken?.join() === update.observation?.turns_taken?.join();
      if (!sameTurn) {
        selected = null;
        chain = null;
        choice = null;
      }
      legalKey = key;
      legal = parseLegal(list);
      if (sending && (!sameTurn || !legal.all.has(sending))) {
        sending = null;
        clearTimeout(sendTimer);
      }
      // When a round ends (and another begins), say so until everyone has played once more.
      const rounds = update.observation?.results?.length || 0;
      const played = (update.observation?.turns_taken || []).reduce((sum, n) => sum + n, 0);
      const ended = update.observation?.results?.[rounds - 1];
      if (interactive && roundsSeen !== null && rounds > roundsSeen && !update.observation.terminal && ended) {
        notice = t("connect5.roundOver", { round: rounds, outcome: roundOutcome(ended) });
      } else if (notice && (played >= (update.observation?.scores?.length || 2) || update.observation?.terminal)) {
        notice = "";
      }
      roundsSeen = rounds;
      render();
      renderPanel(update);
    },
    offered,
    /** @param {number} seat @returns {string | null} */
    seatDetail(seat) {
      const observation = current?.observation;
      if (!observation?.scores) return null;
      return t("connect5.seatDetail", {
        points: observation.scores[seat], supply: observation.supply?.[seat] ?? 0, captured: observation.captured?.[seat] ?? 0,
      });
    },
    /** @param {Observation} observation @param {string[]} list @returns {string} */
    turnHint(observation, list) {
      const found = parseLegal(list || []);
      const parts = [];
      if (found.place.size) parts.push(t("connect5.hintPlace", { count: observation.supply?.[mover() ?? 0] ?? "" }));
      if (found.stack.size) parts.push(t("connect5.hintStack"));
      if (found.moves.size) parts.push(t("connect5.hintMove"));
      if (found.jumps.length || found.sandwiches.length) parts.push(t("connect5.hintCapture"));
      if (!parts.length && found.pass) return t("connect5.hintPass");
      return orList(parts);
    },
    passLabel() {
      return t("connect5.pass");
    },
    /** @param {Observation} observation @returns {string} */
    resultDetail(observation) {
      if (!observation?.scores) return "";
      const scores = observation.scores.map((points, seat) => t("connect5.scoreOf", { player: colourName(seat), points })).join(", ");
      const results = observation.results || [];
      const last = results[results.length - 1];
      const outcome = last ? roundOutcome(last) : "";
      const points = results.length > 1 ? t("connect5.resultRounds", { scores, rounds: results.length, outcome }) : t("connect5.result", { scores, outcome });
      return [...resultLines(observation).slice(0, 1), points].join(" — "); // who won is said before
    },
  };
}
