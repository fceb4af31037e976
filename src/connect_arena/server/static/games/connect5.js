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
// harness); the rules themselves live in the engine. The board's geometry is not part of the
// observation yet: the module uses `observation.geometry` or `context.geometry` when the server
// sends one, else the copy of the shipped boards at the end of this file (checked against the
// engine by tests/e2e/test_connect5_ui.py).

import { h } from "../js/api.js";
import { currentLanguage, t } from "../js/i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const UNIT = 48; // pixels per board unit
const MARGIN = 46; // around the circuit, room for the file letters and rank numbers
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
const BOARD_NAMES = {
  basic: () => t("connect5.boardBasic"),
  advanced: () => t("connect5.boardAdvanced"),
  t1: () => t("connect5.boardT1"),
};
const REASONS = {
  connect5: () => t("connect5.reasonConnect5"),
  no_connect5: () => t("connect5.reasonNoConnect5"),
  dead: () => t("connect5.reasonDead"),
  no_moves: () => t("connect5.reasonNoMoves"),
  board_full: () => t("connect5.reasonBoardFull"),
  mover_stuck: () => t("connect5.reasonMoverStuck"),
  idle_limit: () => t("connect5.reasonIdleLimit"),
};

const colourName = (seat) => (COLOUR_NAMES[seat] ? COLOUR_NAMES[seat]() : t("connect5.player", { n: seat + 1 }));
const arrow = " → ";

function svg(tag, attributes = {}, ...children) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null && value !== false) element.setAttribute(name, String(value));
  }
  element.append(...children.filter((child) => child !== null && child !== undefined && child !== false));
  return element;
}

/** "a, b or c" in the reader's language. */
function orList(items) {
  if (items.length < 2) return items.join("");
  try {
    return new Intl.ListFormat(currentLanguage(), { type: "disjunction" }).format(items);
  } catch {
    return items.join(", ");
  }
}

function andList(items) {
  if (items.length < 2) return items.join("");
  try {
    return new Intl.ListFormat(currentLanguage(), { type: "conjunction" }).format(items);
  } catch {
    return items.join(", ");
  }
}

/** Load connect5.css once (the page's policy allows same-origin style sheets only); resolves
 *  when it applies, so that the board is never drawn unstyled. */
let stylesLoaded = null;
function loadStyles() {
  if (!stylesLoaded) {
    const href = new URL("./connect5.css", import.meta.url).href;
    const existing = [...document.querySelectorAll("link[rel=stylesheet]")].find((link) => link.href === href);
    stylesLoaded = existing ? Promise.resolve() : new Promise((resolve) => {
      document.head.append(h("link", { rel: "stylesheet", href, onload: resolve, onerror: resolve }));
    });
  }
  return stylesLoaded;
}

// ---------------------------------------------------------------- tokens in colour and shape

/** The outline of a token of `seat`, centred on 0,0 (about 24 px across). */
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

/** A stack of one or two tokens of `seat` (a double as two tokens, one on the other). */
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

/** A small token icon for HTML (the panel, the legend). */
function tokenIcon(seat, height = 1) {
  const icon = svg("svg", { class: "c5-icon", viewBox: "-17 -17 37 37", width: 22, height: 22, "aria-hidden": "true", focusable: "false" });
  icon.append(tokenGraphic(seat, height));
  return icon;
}

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

/** Nodes, segments and arms of a board given as {dots: [[id, x, y, circled]], junctions: [[id,
 *  x, y]], segments: [[from, to, [x, y]...]]} (waypoints where a line bends). */
function boardModel(data) {
  const nodes = new Map();
  for (const [id, x, y, circled] of data.dots) nodes.set(id, { id, x, y, dot: true, circled: Boolean(circled), arms: [] });
  for (const [id, x, y] of data.junctions || []) nodes.set(id, { id, x, y, dot: false, circled: false, arms: [] });
  const segments = [];
  for (const [from, to, ...waypoints] of data.segments) {
    const a = nodes.get(from);
    const b = nodes.get(to);
    if (!a || !b) continue;
    const points = [[a.x, a.y], ...waypoints, [b.x, b.y]];
    const index = segments.length;
    segments.push({ a: from, b: to, points });
    a.arms.push({ segment: index, other: to, points, direction: unit(points[0], points[1]) });
    const back = [...points].reverse();
    b.arms.push({ segment: index, other: from, points: back, direction: unit(back[0], back[1]) });
  }
  const dots = data.dots.map(([id]) => nodes.get(id));
  const all = [...nodes.values()].flatMap((n) => [[n.x, n.y]]).concat(segments.flatMap((s) => s.points));
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const bounds = { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
  // Lattice names ("c3": file c is x = 2, rank 3 is y = 2): letters and numbers on the edges.
  const lattice = dots.every((d) => {
    const m = /^([a-z])(\d+)$/.exec(d.id);
    return m && m[1].charCodeAt(0) - 97 === d.x && Number(m[2]) - 1 === d.y;
  });
  return { id: data.id, name: data.name, origin: data.origin || "", nodes, dots, segments, bounds, lattice };
}

function unit([x0, y0], [x1, y1]) {
  const length = Math.hypot(x1 - x0, y1 - y0) || 1;
  return [(x1 - x0) / length, (y1 - y0) / length];
}

/** The polyline from dot `a` to the adjacent dot `b` (through dot-less junctions, straight on
 *  at crossings, any way at a T), or the straight line when no walk is found. */
function route(model, a, b) {
  const start = model.nodes.get(a);
  const goal = model.nodes.get(b);
  if (!start || !goal) return [];
  const used = new Set();
  const walk = (arm, path) => {
    if (used.has(arm.segment)) return null;
    used.add(arm.segment);
    const line = path.concat(arm.points.slice(1));
    const node = model.nodes.get(arm.other);
    let found = null;
    if (node.id === b) found = line;
    else if (!node.dot) {
      const n = line.length;
      const arriving = unit(line[n - 2], line[n - 1]);
      const onward = node.arms.filter((next) => next.segment !== arm.segment);
      const choices = node.arms.length === 4
        ? onward.filter((next) => next.direction[0] * arriving[0] + next.direction[1] * arriving[1] > 0.99)
        : onward;
      for (const next of choices) {
        found = walk(next, line);
        if (found) break;
      }
    }
    used.delete(arm.segment);
    return found;
  };
  for (const arm of start.arms) {
    const found = walk(arm, [[start.x, start.y]]);
    if (found) return found;
  }
  return [[start.x, start.y], [goal.x, goal.y]];
}

/** The polyline through a sequence of dots, each adjacent to the next. */
function routeThrough(model, dots) {
  const points = [];
  for (let i = 1; i < dots.length; i += 1) {
    const piece = route(model, dots[i - 1], dots[i]);
    points.push(...(points.length ? piece.slice(1) : piece));
  }
  return points;
}

// ---------------------------------------------------------------- the legal actions

/** Legal actions by kind. A capture is {source, path: [source, over, to, over, to…]}. */
function parseLegal(list) {
  const legal = {
    all: new Set(list), place: new Set(), stack: new Set(), moves: new Map(), jumps: [],
    sandwiches: [], pass: false, other: [],
  };
  const addMove = (source, move) => {
    if (!legal.moves.has(source)) legal.moves.set(source, []);
    legal.moves.get(source).push(move);
  };
  for (const action of list) {
    const words = action.split(" ");
    const [verb] = words;
    if ((verb === "place" || verb === "stack") && words.length === 2) legal[verb].add(words[1]);
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

function isChain(words) {
  for (let i = 2; i < words.length; i += 4) if (words[i] !== "over" || words[i + 2] !== "to") return false;
  return true;
}

const chainAction = (path) => {
  let text = `jump ${path[0]}`;
  for (let i = 1; i + 1 < path.length; i += 2) text += ` over ${path[i]} to ${path[i + 1]}`;
  return text;
};

/** Parse an action for drawing and describing: {kind, dots…} or null. */
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
    case "starter":
      return { kind: "starter", seat: Number(words[1]) };
    case "pass":
      return { kind: "pass" };
    default:
      return null;
  }
}

// ---------------------------------------------------------------- the module

export default function create(root, context) {
  const interactive = context.interactive !== false;
  // Drawn at once (scripts and tests can use it), shown once the style sheet applies.
  const surface = svg("svg", { class: "c5-board", role: "group", "aria-label": t("connect5.boardLabel"), visibility: "hidden" });
  loadStyles().then(() => surface.removeAttribute("visibility"));
  const bar = h("div", { class: "c5-bar", role: "status", "aria-live": "polite", hidden: !interactive });
  const fallback = h("div", { class: "c5-fallback", hidden: true });
  const container = h("div", { class: "c5" }, bar, surface, fallback);
  root.replaceChildren(container);
  const panel = h("div", { class: "c5-panel" });
  if (context.panel) context.panel.replaceChildren(h("h2", {}, t("connect5.title")), panel);

  let model = null; // the board's geometry
  let modelKey = null;
  let current = null; // the last update
  let legal = parseLegal([]);
  let legalKey = "";
  let selected = null; // a dot holding one of the mover's tokens
  let chain = null; // the capture path chosen so far: [source, over, to, …]
  let choice = null; // {dot, options}: several moves end on one dot
  let sending = null; // the action just sent, until the next update
  let sendTimer = null;
  let roundsSeen = null;
  let notice = ""; // a round just ended
  let focusMemory = null; // the dot that had the keyboard focus
  let barKey = null; // what the bar shows
  const forget = (event) => {
    if (!container.isConnected) document.removeEventListener("focusin", forget);
    else if (!surface.contains(event.target) && !bar.contains(event.target)) focusMemory = null;
  };
  document.addEventListener("focusin", forget);

  // ------------------------------------------------------------ what can be chosen

  const stacks = () => current?.observation?.stacks || {};
  const mover = () => (current && current.seat !== null && current.seat !== undefined ? current.seat : null);
  const active = () => interactive && mover() !== null && legal.all.size > 0 && !sending;

  /** Dots whose token the mover may select (it moves, captures, or can be stacked on). */
  function sources() {
    const found = new Set([...legal.moves.keys(), ...legal.stack]);
    for (const jump of legal.jumps) found.add(jump.source);
    for (const sandwich of legal.sandwiches) found.add(sandwich.source);
    return found;
  }

  /** The options of the selected token, by the dot each ends on. An option has an `action`
   *  (sent as it is) or a capture `path` (continued hop by hop). */
  function targetsFrom(source) {
    const targets = new Map();
    const add = (dot, option) => {
      if (!targets.has(dot)) targets.set(dot, []);
      targets.get(dot).push(option);
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

  /** The next hops of the capture chains that begin with `path`, by landing dot. */
  function hopsAfter(path) {
    const hops = new Map();
    const seen = new Set();
    for (const jump of legal.jumps) {
      if (jump.path.length <= path.length || path.some((dot, i) => jump.path[i] !== dot)) continue;
      const over = jump.path[path.length];
      const to = jump.path[path.length + 1];
      if (seen.has(`${over} ${to}`)) continue;
      seen.add(`${over} ${to}`);
      if (!hops.has(to)) hops.set(to, []);
      hops.get(to).push({ kind: "jump", over, label: t("connect5.optJump", { over, to }), path: [...path, over, to] });
    }
    return hops;
  }

  /** The action a click on a dot sends at once, in the state the UI is in, or null. */
  function placeAt(dot) {
    return legal.place.has(dot) ? `place ${dot}` : null;
  }

  function chainEnd(path) {
    const action = chainAction(path);
    return legal.all.has(action) ? action : null;
  }

  /** Every action reachable by clicking from the current position (for the test harness):
   *  what a click, a key or a button of this module sends, plus "pass" (the page's button) and
   *  actions of an unknown form (offered as plain buttons). */
  function offered() {
    if (!interactive || mover() === null || !legal.all.size) return [];
    const found = new Set();
    const follow = (option) => {
      if (option.action) {
        found.add(option.action);
        return;
      }
      const next = hopsAfter(option.path);
      const end = chainEnd(option.path);
      if (end) found.add(end); // the last landing sends it, or "End the capture here"
      for (const options of next.values()) options.forEach(follow);
    };
    if (!model) legal.all.forEach((action) => found.add(action)); // the fallback's buttons
    else {
      for (const dot of model.dots) {
        const action = placeAt(dot.id);
        if (action && !isOwn(dot.id)) found.add(action);
      }
      const drawn = (dot) => model.nodes.get(dot)?.dot;
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

  const isOwn = (dot) => stacks()[dot] && stacks()[dot][0] === mover();

  // ------------------------------------------------------------ acting

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

  function choose(option) {
    choice = null;
    if (option.action) {
      send(option.action);
      return;
    }
    const next = hopsAfter(option.path);
    if (next.size === 0) {
      const end = chainEnd(option.path);
      if (end) send(end);
      return;
    }
    chain = option.path;
    render();
  }

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

  /** A click (or Enter) on a dot. */
  function activate(dot) {
    if (!active()) return;
    choice = null;
    if (chain) {
      const head = chain[chain.length - 1];
      const hops = hopsAfter(chain).get(dot);
      if (hops) chooseAt(dot, hops);
      else if (dot === head && chainEnd(chain)) send(chainEnd(chain));
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
    if (!selected && placeAt(dot) && !isOwn(dot)) {
      send(placeAt(dot));
      return;
    }
    if (selected) {
      selected = null;
      render();
    }
  }

  // Esc steps back (the choice, the capture, the selection) wherever the focus is, unless a
  // dialog or a form field has it.
  const escape = (event) => {
    if (!container.isConnected) document.removeEventListener("keydown", escape);
    else if (event.key === "Escape" && (selected || chain || choice) && !event.target.closest?.("dialog, input, select, textarea")) {
      event.preventDefault();
      cancel();
    }
  };
  document.addEventListener("keydown", escape);

  // ------------------------------------------------------------ drawing

  let at = () => [0, 0];

  function setGeometry(observation) {
    const key = observation?.board || context.options?.board || "basic";
    const data = observation?.geometry || context.geometry || SHIPPED_BOARDS[String(key).toLowerCase()];
    const wanted = data ? `${data.id}:${data.dots.length}:${data.segments.length}` : `none:${key}`;
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

  const boardName = () => (model && BOARD_NAMES[model.id] ? BOARD_NAMES[model.id]() : model?.name || String(context.options?.board || ""));
  const pointsAttr = (points) => points.map(([x, y]) => at(x, y).map((v) => v.toFixed(1)).join(",")).join(" ");

  function drawCircuit() {
    const group = svg("g", { class: "circuit", "aria-hidden": "true" });
    const { minX, maxX, minY, maxY } = model.bounds;
    const [x0, y0] = at(minX, maxY);
    const [x1, y1] = at(maxX, minY);
    group.append(svg("rect", { x: x0 - MARGIN + 6, y: y0 - MARGIN + 6, width: x1 - x0 + 2 * MARGIN - 12, height: y1 - y0 + 2 * MARGIN - 12, rx: 14, class: "surface" }));
    if (model.lattice) {
      const labels = svg("g", { class: "coords" });
      for (let x = Math.ceil(minX); x <= maxX; x += 1) {
        const [px] = at(x, 0);
        const letter = String.fromCharCode(97 + x);
        labels.append(svg("text", { x: px, y: y0 - 24, "text-anchor": "middle" }, letter),
          svg("text", { x: px, y: y1 + 32, "text-anchor": "middle" }, letter));
      }
      for (let y = Math.ceil(minY); y <= maxY; y += 1) {
        const [, py] = at(0, y);
        labels.append(svg("text", { x: x0 - 30, y: py + 4.5, "text-anchor": "middle" }, String(y + 1)),
          svg("text", { x: x1 + 30, y: py + 4.5, "text-anchor": "middle" }, String(y + 1)));
      }
      group.append(labels);
    }
    const traces = svg("g", { class: "traces" });
    for (const segment of model.segments) traces.append(svg("polyline", { points: pointsAttr(segment.points) }));
    group.append(traces);
    for (const node of model.nodes.values()) {
      if (node.dot) continue;
      const [x, y] = at(node.x, node.y);
      group.append(svg("rect", { x: x - 3.5, y: y - 3.5, width: 7, height: 7, class: "junction" }));
    }
    if (!model.lattice) {
      const names = svg("g", { class: "names" });
      for (const dot of model.dots) {
        const [x, y] = at(dot.x, dot.y);
        names.append(svg("text", { x: x + 15, y: y - 15 }, dot.id));
      }
      group.append(names);
    }
    return group;
  }

  function dotLabel(dot, stack, extra) {
    const parts = [dot.circled ? t("connect5.ariaCircledDot", { dot: dot.id }) : t("connect5.ariaDot", { dot: dot.id })];
    if (stack) {
      const [seat, height] = stack;
      parts.push(height > 1 ? t("connect5.ariaDouble", { player: colourName(seat) }) : t("connect5.ariaSingle", { player: colourName(seat) }));
    } else parts.push(t("connect5.ariaEmpty"));
    if (extra) parts.push(extra);
    return parts.join(", ");
  }

  function drawDot(dot, state) {
    const [x, y] = at(dot.x, dot.y);
    const stack = stacks()[dot.id];
    const classes = ["dot", ...state.classes];
    const group = svg("g", { class: classes.join(" "), transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`, "data-dot": dot.id });
    group.append(svg("circle", { r: 21, class: "hit" }));
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
      group.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          activate(dot.id);
        }
      });
    } else {
      group.setAttribute("role", "img");
      group.setAttribute("aria-label", dotLabel(dot, stack, state.hint));
    }
    group.append(svg("title", {}, dotLabel(dot, stack, state.hint)));
    return group;
  }

  /** How each dot is drawn and whether it can be chosen, in the UI's current mode. */
  function dotStates() {
    const states = new Map(model.dots.map((dot) => [dot.id, { classes: [], enabled: false, hint: "" }]));
    const get = (dot) => states.get(dot);
    if (!active()) return states;
    const seat = mover();
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
      if (!state) continue;
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

  /** The dashed routes of the selected token's captures, or of the chain so far. */
  function drawPlans() {
    const group = svg("g", { class: "plans", "aria-hidden": "true" });
    if (!active()) return group;
    const seat = mover();
    if (chain) {
      group.append(svg("polyline", { points: pointsAttr(routeThrough(model, chain)), class: `chosen seat-${seat}` }));
      for (const [, options] of hopsAfter(chain)) {
        for (const option of options) group.append(svg("polyline", { points: pointsAttr(routeThrough(model, option.path.slice(-3))), class: "option capture" }));
      }
    } else if (selected) {
      for (const [dot, options] of targetsFrom(selected)) {
        for (const option of options) {
          const path = option.path ? option.path.slice(-3) : option.over ? [selected, option.over, dot] : [selected, dot];
          group.append(svg("polyline", { points: pointsAttr(routeThrough(model, path)), class: option.path || option.over ? "option capture" : "option" }));
        }
      }
    }
    return group;
  }

  /** The last action: where the token came from and went, the dots it jumped. */
  function drawLast() {
    const group = svg("g", { class: "last", "aria-hidden": "true" });
    const last = current?.last;
    const parsed = parseAction(last?.action);
    if (!parsed || !model) return group;
    const ring = (dot) => {
      const node = model.nodes.get(dot);
      if (!node) return;
      const [x, y] = at(node.x, node.y);
      group.append(svg("circle", { cx: x, cy: y, r: 19.5, class: "last-ring" }));
    };
    if (parsed.kind === "place" || parsed.kind === "stack") ring(parsed.dot);
    else if (parsed.kind === "step" || parsed.kind === "split") {
      group.append(svg("polyline", { points: pointsAttr(route(model, parsed.from, parsed.to)), class: "last-path" }));
      ring(parsed.to);
    } else if (parsed.kind === "jump" || parsed.kind === "sandwich") {
      group.append(svg("polyline", { points: pointsAttr(routeThrough(model, parsed.path)), class: "last-path" }));
      ring(parsed.landings[parsed.landings.length - 1]);
      for (const victim of parsed.victims) {
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

  /** The Connect 5 that ended the game, drawn along the circuit. */
  function drawRun() {
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
    setGeometry(current.observation);
    if (!model) {
      renderFallback();
      return;
    }
    fallback.hidden = true;
    surface.hidden = false;
    // Keyboard users keep their place: the focused dot is focused again after each drawing,
    // and when the board had the focus before the last action, it gets it back on your turn.
    const hadFocus = surface.contains(document.activeElement);
    if (hadFocus && document.activeElement.dataset?.dot) focusMemory = document.activeElement.dataset.dot;
    const states = dotStates();
    const dots = svg("g", { class: "dots" });
    // Reading order (north to south, west to east), which is also the order of Tab.
    const order = [...model.dots].sort((a, b) => b.y - a.y || a.x - b.x);
    for (const dot of order) dots.append(drawDot(dot, states.get(dot.id)));
    surface.replaceChildren(drawCircuit(), drawRun(), drawLast(), drawPlans(), dots);
    surface.classList.toggle("active", active());
    surface.classList.toggle("choosing", Boolean(selected || chain));
    renderBar();
    const lost = !document.activeElement || document.activeElement === document.body;
    if (focusMemory && (hadFocus || lost)) {
      const again = surface.querySelector(`[data-dot="${CSS.escape(focusMemory)}"][tabindex]`) || surface.querySelector("[tabindex]");
      again?.focus({ preventScroll: true });
    }
  }

  function button(label, onclick, attributes = {}) {
    return h("button", { type: "button", class: "small", onclick, ...attributes }, label);
  }

  function renderBar() {
    if (!interactive) return;
    const seat = mover();
    const items = [];
    let text = notice;
    if (sending) text = t("connect5.sending");
    else if (!active()) text = notice;
    else if (choice) {
      text = t("connect5.whichMove", { dot: choice.dot });
      for (const option of choice.options) items.push(button(option.label, () => choose(option), { class: "small primary", "data-c5-choice": option.action || chainAction(option.path) }));
      items.push(button(t("connect5.cancel"), cancel, { "data-c5": "cancel" }));
    } else if (chain) {
      const victims = chain.filter((_, i) => i % 2 === 1);
      text = t("connect5.chainSoFar", { path: chain.filter((_, i) => i % 2 === 0).join(arrow), victims: andList(victims) });
      const end = chainEnd(chain);
      if (end) items.push(button(t("connect5.endCapture"), () => send(end), { class: "small primary", "data-c5": "confirm" }));
      items.push(button(t("connect5.cancel"), cancel, { "data-c5": "cancel" }));
    } else if (selected) {
      const stack = stacks()[selected];
      const targets = targetsFrom(selected);
      text = stack?.[1] > 1 ? t("connect5.selectedDouble", { dot: selected }) : t("connect5.selectedSingle", { dot: selected });
      text += " " + (targets.size ? t("connect5.selectedTargets") : t("connect5.selectedNoMove"));
      if (legal.stack.has(selected)) items.push(button(t("connect5.stackHere", { dot: selected }), () => send(`stack ${selected}`), { class: "small primary", "data-c5": "stack" }));
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

  /** A board whose drawing we lack (a board file): the legal actions as buttons. */
  function renderFallback() {
    surface.hidden = true;
    fallback.hidden = false;
    const observation = current.observation;
    const position = Object.entries(observation.stacks || {}).map(([dot, [seat, height]]) => `${dot}: ${height > 1 ? t("connect5.ariaDouble", { player: colourName(seat) }) : t("connect5.ariaSingle", { player: colourName(seat) })}`);
    fallback.replaceChildren(
      h("p", {}, t("connect5.noDrawing", { board: String(observation.board || context.options?.board || "") })),
      h("p", { class: "muted" }, position.join(" · ") || t("connect5.emptyBoard")),
      interactive ? h("div", { class: "c5-fallback-actions" },
        [...legal.all].map((action) => button(action, () => send(action), { "data-c5-choice": action }))) : null);
  }

  // ------------------------------------------------------------ the panel

  function renderPanel() {
    const observation = current.observation;
    const players = observation.scores?.length || context.seatNames?.length || 2;
    const full = (observation.rounds || 1) > 1;
    const roundText = full
      ? t("connect5.roundOf", { round: Math.min(observation.round + 1, observation.rounds), rounds: observation.rounds })
      : t("connect5.quickGame");
    const starter = observation.starter === null || observation.starter === undefined ? "—" : colourName(observation.starter);
    const you = new Set(current.you || []);
    const head = h("tr", {}, h("th", { scope: "col" }, t("connect5.colPlayer")), h("th", { scope: "col" }, t("connect5.colSupply")),
      h("th", { scope: "col" }, t("connect5.colCaptured")),
      h("th", { scope: "col" }, t("connect5.colPoints")));
    const toMove = new Set(observation.terminal ? [] : current.toMove || []);
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
      h("p", { class: "c5-board-name" }, h("b", {}, boardName()), h("br"), h("span", { class: "muted" }, t("connect5.notPrinted"))),
      h("dl", { class: "facts" },
        h("dt", {}, t("connect5.game")), h("dd", { id: "c5-round" }, roundText),
        h("dt", {}, t("connect5.starter")), h("dd", { id: "c5-starter" }, starter)),
      h("table", { class: "c5-scores", id: "c5-scores" }, h("caption", { class: "muted" }, t("connect5.scoresCaption")), h("thead", {}, head), h("tbody", {}, rows)),
      ...(results.length ? [h("div", { class: "c5-results" }, h("h3", {}, t("connect5.results")), h("ol", { id: "c5-results" }, results))] : []),
      help());
  }

  function roundOutcome(result) {
    if (result.connect5 !== null && result.connect5 !== undefined) {
      return t("connect5.connect5By", { player: colourName(result.connect5), run: result.run.join(arrow) });
    }
    return REASONS[result.reason] ? REASONS[result.reason]() : result.reason;
  }

  function help() {
    const legend = h("ul", { class: "c5-legend" },
      h("li", {}, dotIcon(false), t("connect5.legendDot")),
      h("li", {}, dotIcon(true), t("connect5.legendCircled")),
      h("li", {}, dotIcon(false, true), t("connect5.legendJunction")),
      h("li", {}, tokenIcon(0, 2), t("connect5.legendDouble")));
    const shapes = h("p", { class: "c5-shapes" }, Array.from({ length: Math.max(2, current.observation.scores?.length || 2) }, (_, seat) => h("span", {}, tokenIcon(seat), colourName(seat))));
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
      if (interactive && roundsSeen !== null && rounds > roundsSeen && !update.observation.terminal) {
        notice = t("connect5.roundOver", { round: rounds, outcome: roundOutcome(update.observation.results[rounds - 1]) });
      } else if (notice && (played >= (update.observation?.scores?.length || 2) || update.observation?.terminal)) {
        notice = "";
      }
      roundsSeen = rounds;
      setGeometry(update.observation);
      render();
      renderPanel();
    },
    offered,
    seatDetail(seat) {
      const observation = current?.observation;
      if (!observation?.scores) return null;
      return t("connect5.seatDetail", {
        points: observation.scores[seat], supply: observation.supply[seat], captured: observation.captured[seat],
      });
    },
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
    resultDetail(observation) {
      if (!observation?.scores) return "";
      const scores = observation.scores.map((points, seat) => t("connect5.scoreOf", { player: colourName(seat), points })).join(", ");
      const results = observation.results || [];
      const last = results[results.length - 1];
      const outcome = last ? roundOutcome(last) : "";
      return results.length > 1 ? t("connect5.resultRounds", { scores, rounds: results.length, outcome }) : t("connect5.result", { scores, outcome });
    },
    describe(action, seat) {
      const parsed = parseAction(action);
      if (!parsed) return action || null;
      switch (parsed.kind) {
        case "place": return t("connect5.descPlace", { dot: parsed.dot });
        case "stack": return t("connect5.descStack", { dot: parsed.dot });
        case "step": return t("connect5.descStep", { from: parsed.from, to: parsed.to });
        case "split": return t("connect5.descSplit", { from: parsed.from, to: parsed.to });
        case "jump": return t("connect5.descJump", { path: parsed.landings.join(arrow), victims: andList(parsed.victims) });
        case "sandwich": return t("connect5.descSandwich", { from: parsed.from, to: parsed.landings[1], over: parsed.victims[0] });
        case "starter": return t("connect5.descStarter", { player: colourName(parsed.seat) });
        case "pass": return t("connect5.descPass");
        default: return action;
      }
    },
  };
}

// ---------------------------------------------------------------- the shipped boards
// A copy of the engine's boards (src/connect_arena/games/connect5/data/boards/*.toml) until the
// server sends the geometry. Generated; tests/e2e/test_connect5_ui.py checks it against the
// engine and rewrites it with: .venv/bin/python -m tests.e2e.test_connect5_ui --write-boards
// BEGIN SHIPPED BOARDS
const SHIPPED_BOARDS = {
  "basic": {"id":"basic","name":"Basic (B)","origin":"Connect Arena design, not the printed board","dots":[["b1",1,0,0],["c1",2,0,1],["d1",3,0,0],["f1",5,0,0],["g1",6,0,1],["h1",7,0,0],["i1",8,0,1],["j1",9,0,0],["k1",10,0,0],["c2",2,1,0],["d2",3,1,0],["g2",6,1,0],["k2",10,1,0],["m2",12,1,0],["a3",0,2,0],["b3",1,2,0],["g3",6,2,0],["j3",9,2,0],["l3",11,2,0],["m3",12,2,1],["a4",0,3,0],["c4",2,3,0],["e4",4,3,1],["f4",5,3,0],["h4",7,3,0],["i4",8,3,1],["l4",11,3,0],["m4",12,3,0],["a5",0,4,1],["d5",3,4,1],["g5",6,4,0],["j5",9,4,1],["a6",0,5,0],["d6",3,5,0],["g6",6,5,0],["j6",9,5,0],["m6",12,5,0],["a7",0,6,1],["b7",1,6,0],["c7",2,6,0],["e7",4,6,0],["f7",5,6,0],["g7",6,6,1],["h7",7,6,0],["i7",8,6,0],["k7",10,6,0],["l7",11,6,0],["m7",12,6,1],["a8",0,7,0],["d8",3,7,0],["g8",6,7,0],["j8",9,7,0],["m8",12,7,0],["d9",3,8,1],["g9",6,8,0],["j9",9,8,1],["m9",12,8,1],["a10",0,9,0],["b10",1,9,0],["e10",4,9,1],["f10",5,9,0],["h10",7,9,0],["i10",8,9,1],["k10",10,9,0],["m10",12,9,0],["a11",0,10,1],["b11",1,10,0],["d11",3,10,0],["g11",6,10,0],["l11",11,10,0],["m11",12,10,0],["a12",0,11,0],["c12",2,11,0],["g12",6,11,0],["j12",9,11,0],["k12",10,11,0],["c13",2,12,0],["d13",3,12,0],["e13",4,12,1],["f13",5,12,0],["g13",6,12,1],["h13",7,12,0],["j13",9,12,0],["k13",10,12,1],["l13",11,12,0]],"junctions":[["Jl1",11,0],["Ja2",0,1],["Jd4",3,3],["Jg4",6,3],["Jj4",9,3],["Jd7",3,6],["Jj7",9,6],["Jd10",3,9],["Jg10",6,9],["Jj10",9,9],["Jm12",12,11],["Jb13",1,12]],"segments":[["Ja2","b1",[0,0]],["b1","c1"],["c1","d1"],["d1","f1"],["f1","g1"],["g1","h1"],["h1","i1"],["i1","j1"],["j1","k1"],["k1","Jl1"],["Jl1","m2",[12,0]],["m2","m3"],["m3","m4"],["m4","m6"],["m6","m7"],["m7","m8"],["m8","m9"],["m9","m10"],["m10","m11"],["m11","Jm12"],["Jm12","l13",[12,12]],["l13","k13"],["k13","j13"],["j13","h13"],["h13","g13"],["g13","f13"],["f13","e13"],["e13","d13"],["d13","c13"],["c13","Jb13"],["Jb13","a12",[0,12]],["a12","a11"],["a11","a10"],["a10","a8"],["a8","a7"],["a7","a6"],["a6","a5"],["a5","a4"],["a4","a3"],["a3","Ja2"],["Ja2","b3",[1,1]],["b3","c4",[1,3]],["c4","Jd4"],["Jd4","e4"],["e4","f4"],["f4","Jg4"],["Jg4","h4"],["h4","i4"],["i4","Jj4"],["a7","b7"],["b7","c7"],["c7","Jd7"],["Jd7","e7"],["e7","f7"],["f7","g7"],["g7","h7"],["h7","i7"],["i7","Jj7"],["Jj7","k7"],["k7","l7"],["l7","m7"],["a11","b11"],["b11","b10"],["b10","d9",[1,8]],["Jb13","c12",[1,11]],["c12","d11",[3,11]],["d11","Jd10"],["Jd10","d9"],["d9","d8"],["d8","Jd7"],["Jd7","d6"],["d6","d5"],["d5","Jd4"],["c1","c2"],["c2","d2"],["d2","e4",[4,1]],["Jd10","e10"],["e10","f10"],["f10","Jg10"],["Jg10","h10"],["h10","i10"],["i10","Jj10"],["Jj10","k10"],["k10","l11",[11,9]],["l11","Jm12",[11,11]],["g1","g2"],["g2","g3"],["g3","Jg4"],["Jg4","g5"],["g5","g6"],["g6","g7"],["g7","g8"],["g8","g9"],["g9","Jg10"],["Jg10","g11"],["g11","g12"],["g12","g13"],["i10","j12",[8,11]],["j12","k12"],["k12","k13"],["Jj10","j9"],["j9","j8"],["j8","Jj7"],["Jj7","j6"],["j6","j5"],["j5","Jj4"],["Jj4","j3"],["j3","k2",[9,1]],["k2","Jl1",[11,1]],["j5","l4",[11,4]],["l4","l3"],["l3","m3"]]},
  "advanced": {"id":"advanced","name":"Advanced (A)","origin":"Connect Arena design, not the printed board","dots":[["b1",1,0,0],["d1",3,0,1],["f1",5,0,0],["g1",6,0,0],["h1",7,0,1],["i1",8,0,0],["l1",11,0,0],["m1",12,0,0],["d2",3,1,0],["e2",4,1,0],["g2",6,1,0],["i2",8,1,0],["j2",9,1,0],["o2",14,1,0],["a3",0,2,0],["c3",2,2,1],["d3",3,2,0],["e3",4,2,1],["i3",8,2,0],["j3",9,2,0],["m3",12,2,1],["a4",0,3,0],["d4",3,3,0],["g4",6,3,1],["h4",7,3,0],["l4",11,3,0],["m4",12,3,0],["n4",13,3,0],["o4",14,3,1],["e5",4,4,1],["f5",5,4,0],["h5",7,4,1],["i5",8,4,0],["k5",10,4,1],["m5",12,4,1],["n5",13,4,0],["b6",1,5,0],["c6",2,5,0],["h6",7,5,0],["k6",10,5,0],["o6",14,5,0],["a7",0,6,0],["b7",1,6,0],["c7",2,6,0],["e7",4,6,0],["h7",7,6,0],["l7",11,6,1],["n7",13,6,0],["o7",14,6,0],["a8",0,7,1],["d8",3,7,0],["e8",4,7,1],["f8",5,7,0],["g8",6,7,0],["h8",7,7,1],["i8",8,7,0],["j8",9,7,0],["k8",10,7,1],["l8",11,7,0],["o8",14,7,1],["a9",0,8,0],["b9",1,8,0],["d9",3,8,1],["h9",7,8,0],["k9",10,8,0],["m9",12,8,0],["n9",13,8,0],["o9",14,8,0],["a10",0,9,0],["e10",4,9,0],["h10",7,9,0],["m10",12,9,0],["n10",13,9,0],["b11",1,10,0],["c11",2,10,1],["e11",4,10,1],["g11",6,10,0],["h11",7,10,1],["j11",9,10,0],["k11",10,10,1],["a12",0,11,1],["b12",1,11,0],["c12",2,11,0],["d12",3,11,0],["h12",7,11,0],["i12",8,11,1],["l12",11,11,0],["o12",14,11,0],["c13",2,12,1],["f13",5,12,0],["g13",6,12,0],["k13",10,12,1],["l13",11,12,0],["m13",12,12,1],["o13",14,12,0],["a14",0,13,0],["f14",5,13,0],["g14",6,13,0],["i14",8,13,0],["k14",10,13,0],["l14",11,13,0],["c15",2,14,0],["d15",3,14,0],["g15",6,14,0],["h15",7,14,1],["i15",8,14,0],["j15",9,14,0],["l15",11,14,1],["n15",13,14,0]],"junctions":[["Jj1",9,0],["Jf2",5,1],["Jh2",7,1],["Jf3",5,2],["Jh3",7,2],["Jk3",10,2],["Jl3",11,2],["Jc4",2,3],["Jc5",2,4],["Jg5",6,4],["Ja6",0,5],["Jm6",12,5],["Jn6",13,5],["Jk7",10,6],["Jb8",1,7],["Jc8",2,7],["Jm8",12,7],["Jn8",13,7],["Je9",4,8],["Jb10",1,9],["Jc10",2,9],["Jo10",14,9],["Ji11",8,10],["Jm11",12,10],["Jm12",12,11],["Jd13",3,12],["Je13",4,12],["Jh13",7,12],["Jj13",9,12],["Jh14",7,13],["Jj14",9,13],["Jf15",5,14]],"segments":[["a3","b1",[0,0]],["b1","d1"],["d1","f1"],["f1","g1"],["g1","h1"],["h1","i1"],["i1","Jj1"],["Jj1","l1"],["l1","m1"],["m1","o2",[14,0]],["o2","o4"],["o4","o6"],["o6","o7"],["o7","o8"],["o8","o9"],["o9","Jo10"],["Jo10","o12"],["o12","o13"],["o13","n15",[14,14]],["n15","l15"],["l15","j15"],["j15","i15"],["i15","h15"],["h15","g15"],["g15","Jf15"],["Jf15","d15"],["d15","c15"],["c15","a14",[0,14]],["a14","a12"],["a12","a10"],["a10","a9"],["a9","a8"],["a8","a7"],["a7","Ja6"],["Ja6","a4"],["a4","a3"],["Ja6","b6"],["a8","Jb8"],["Jb8","Jc8"],["Jc8","d8"],["d8","e8"],["e8","f8"],["f8","g8"],["g8","h8"],["h8","i8"],["i8","j8"],["j8","k8"],["k8","l8"],["l8","Jm8"],["Jm8","Jn8"],["Jn8","o8"],["a10","Jb10"],["Jb10","Jc10"],["Jc10","d9",[3,9]],["d9","Je9"],["a12","b12"],["b12","c12"],["c12","d12"],["d12","Jd13"],["b12","b11"],["b11","Jb10"],["Jb10","b9"],["b9","Jb8"],["Jb8","b7"],["b7","b6"],["b6","Jc5",[1,4]],["c3","Jc4"],["Jc4","Jc5"],["Jc5","c6"],["c6","c7"],["c7","Jc8"],["Jc8","Jc10"],["Jc10","c11"],["c11","c12"],["c12","c13"],["c13","Jd13"],["Jd13","Je13"],["Je13","f13"],["f13","g13"],["g13","Jh13"],["Jh13","Jj13"],["Jj13","k13"],["k13","l13"],["l13","m13"],["m13","Jm12"],["Jm12","Jm11"],["Jm11","m10"],["m10","m9"],["m9","Jm8"],["Jm8","Jm6"],["Jm6","m5"],["m5","m4"],["m4","m3"],["m3","Jl3"],["Jl3","Jk3"],["Jk3","j3"],["j3","i3"],["i3","Jh3"],["Jh3","Jf3"],["Jf3","e3"],["e3","d3"],["d3","c3"],["Jc4","d4"],["d4","d3"],["d3","d2"],["d2","d1"],["d2","e2"],["e2","Jf2"],["Jf2","g2"],["g2","Jh2"],["Jh2","i2"],["i2","j2"],["j2","Jk3",[10,1]],["e5","e7"],["e7","e8"],["e8","Je9"],["Je9","e10"],["e10","e11"],["e11","g11"],["g11","h11"],["h11","Ji11"],["Ji11","j11"],["j11","k11"],["k11","k9"],["k9","k8"],["k8","Jk7"],["Jk7","k6"],["k6","k5"],["k5","i5"],["i5","h5"],["h5","Jg5"],["Jg5","f5"],["f5","e5"],["Je13","f14",[4,13]],["f14","g14"],["g14","Jh14"],["Jh14","i14"],["i14","Jj14"],["Jj14","k14"],["k14","l14"],["f1","Jf2"],["Jf2","Jf3"],["Jf3","g4",[5,3]],["g4","Jg5"],["f14","Jf15"],["h1","Jh2"],["Jh2","Jh3"],["Jh3","h4"],["h4","h5"],["h5","h6"],["h6","h7"],["h7","h8"],["h8","h9"],["h9","h10"],["h10","h11"],["h11","h12"],["h12","Jh13"],["Jh13","Jh14"],["Jh14","h15"],["Ji11","i12"],["i12","Jj13",[9,11]],["Jj13","Jj14"],["Jj14","j15"],["Jj1","j2"],["Jk7","l7"],["l7","Jm6",[11,5]],["Jm6","Jn6"],["Jn6","o6"],["Jl3","l4"],["l4","m4"],["m4","n4"],["n4","o4"],["Jm12","l12"],["l12","l13"],["l13","l14"],["l14","l15"],["Jm11","n10",[13,10]],["n10","n9"],["n9","Jn8"],["Jn8","n7"],["n7","Jn6"],["Jn6","n5"],["n5","n4"],["n10","Jo10"]]},
  "t1": {"id":"t1","name":"T1 (test board)","origin":"shared/rules/connect5.md §7.1 (invented for tests)","dots":[["a0",0,0,1],["a1",1,0,0],["a2",2,0,1],["a3",3,0,0],["a4",4,0,1],["a5",5,0,0],["a6",6,0,1],["b0",0,2,0],["b1",1,2,1],["b2",2,2,1],["b4",4,2,1],["b5",5,2,0],["b6",6,2,0],["cm2",3,-2,0],["cm1",3,-1,1],["c1",3,1,1],["c3",3,3,0],["c4",3,4,0],["d1",1,-1,0],["d2",1,-2,0],["e1",5,1,0],["f1",7,1,0],["f2",8,1,0]],"junctions":[["J1",3,2],["J2",6,1]],"segments":[["a0","a1"],["a1","a2"],["a2","a3"],["a3","a4"],["a4","a5"],["a5","a6"],["b0","b1"],["b1","b2"],["b2","J1"],["J1","b4"],["b4","b5"],["b5","b6"],["cm2","cm1"],["cm1","a3"],["a3","c1"],["c1","J1"],["J1","c3"],["c3","c4"],["a1","d1"],["d1","d2"],["a5","e1"],["e1","b5"],["a6","J2"],["J2","b6"],["J2","f1"],["f1","f2"]]},
};
// END SHIPPED BOARDS
