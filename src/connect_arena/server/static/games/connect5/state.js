// Connect 5's board state, pure (no DOM, no texts: tests/js/connect5-state.test.mjs runs it in
// node): the drawing model of the server's geometry, the legal actions indexed from their
// parts (core/game.py Action.parts: place {dot}, stack {dot}, step/split {src, dst}, jump
// {path, sandwich}, pass) — the page never parses notation —, what the selected token or the
// capture so far may do next, every action a person can reach, and the last move's dots.

/** @typedef {import("../../js/types.js").LegalAction} LegalAction */
/** @typedef {import("../../js/types.js").ActionParts} ActionParts */

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
 * The drawing model of a board.
 * @typedef {{id: string, x: number, y: number, dot: boolean, circled: boolean}} ModelNode
 * @typedef {{id: string, name: string, nodes: Map<string, ModelNode>, dots: ModelNode[],
 *   segments: number[][][], links: Map<string, number[][]>, coordinates: Coordinates | null,
 *   bounds: {minX: number, maxX: number, minY: number, maxY: number}}} Model
 */

/**
 * The legal actions by what is clicked, each with the notation the page sends. A capture's
 * path is [source, over, to, over, to…]; a sandwich of one hop is offered from its source,
 * anything else (a chain ending in a sandwich, an unknown kind) as a button of its own.
 * @typedef {{kind: "step" | "split", to: string, action: string}} MoveOption
 * @typedef {{source: string, path: string[], action: string, prefixes: string[]}} Jump
 * @typedef {{source: string, over: string, to: string, action: string}} Sandwich
 * @typedef {{all: Set<string>, place: Map<string, string>, stack: Map<string, string>,
 *   moves: Map<string, MoveOption[]>, jumps: Jump[], sandwiches: Sandwich[],
 *   pass: string | null, other: string[]}} Legal
 */

/**
 * A way to go on from the selected token or the capture so far: sent as its `action`, or a
 * capture continued hop by hop along `path`. `to` is the dot it ends on; `over`, the dot a
 * capture jumps; `name`, the notation that names it (the action's, or the server's for the
 * capture cut after this hop: the jump's `prefixes`).
 * @typedef {{kind: "step" | "split" | "jump" | "sandwich", to: string, name: string,
 *   action?: string, path?: string[], over?: string}} Option
 */

/** The drawing model of the server's geometry.
 * @param {Geometry} data @returns {Model} */
export function boardModel(data) {
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
export function route(model, a, b) {
  const known = model.links.get(`${a} ${b}`);
  if (known) return known;
  const start = model.nodes.get(a);
  const goal = model.nodes.get(b);
  return start && goal ? [[start.x, start.y], [goal.x, goal.y]] : [];
}

/** The line through a sequence of dots, each adjacent to the next.
 * @param {Model} model @param {string[]} dots @returns {number[][]} */
export function routeThrough(model, dots) {
  /** @type {number[][]} */
  const points = [];
  for (let i = 1; i < dots.length; i += 1) {
    const piece = route(model, dots[i - 1], dots[i]);
    points.push(...(points.length ? piece.slice(1) : piece));
  }
  return points;
}

/** @template T @param {Map<string, T[]>} map @param {string} key @param {T} value */
function append(map, key, value) {
  const list = map.get(key) || [];
  list.push(value);
  map.set(key, list);
}

/**
 * Index the seat's legal actions by their parts.
 * @param {LegalAction[]} actions @returns {Legal}
 */
export function legalIndex(actions) {
  /** @type {Legal} */
  const legal = {
    all: new Set(actions.map((action) => action.notation)), place: new Map(), stack: new Map(),
    moves: new Map(), jumps: [], sandwiches: [], pass: null, other: [],
  };
  for (const { notation: action, parts } of actions) {
    const path = /** @type {string[]} */ (parts.path || []);
    if (parts.kind === "place") legal.place.set(parts.dot, action);
    else if (parts.kind === "stack") legal.stack.set(parts.dot, action);
    else if (parts.kind === "step" || parts.kind === "split") append(legal.moves, parts.src, { kind: parts.kind, to: parts.dst, action });
    else if (parts.kind === "jump" && !parts.sandwich) legal.jumps.push({ source: path[0], path, action, prefixes: parts.prefixes || [] });
    else if (parts.kind === "jump" && path.length === 3) legal.sandwiches.push({ source: path[0], over: path[1], to: path[2], action });
    else if (parts.kind === "pass") legal.pass = action;
    else legal.other.push(action);
  }
  return legal;
}

/** Dots whose token the mover may select (it moves, captures, or can be stacked on).
 * @param {Legal} legal @returns {Set<string>} */
export function sources(legal) {
  const found = new Set([...legal.moves.keys(), ...legal.stack.keys()]);
  for (const jump of legal.jumps) found.add(jump.source);
  for (const sandwich of legal.sandwiches) found.add(sandwich.source);
  return found;
}

/** The next hops of the capture chains that begin with `path`, by landing dot.
 * @param {Legal} legal @param {string[]} path @returns {Map<string, Option[]>} */
export function hopsAfter(legal, path) {
  /** @type {Map<string, Option[]>} */
  const hops = new Map();
  const seen = new Set();
  for (const jump of legal.jumps) {
    if (jump.path.length <= path.length || path.some((dot, i) => jump.path[i] !== dot)) continue;
    const over = jump.path[path.length];
    const to = jump.path[path.length + 1];
    if (seen.has(`${over} ${to}`)) continue;
    seen.add(`${over} ${to}`);
    const name = jump.prefixes[path.length / 2 - 0.5] ?? jump.action; // hop n of the capture
    append(hops, to, { kind: "jump", to, over, name, path: [...path, over, to] });
  }
  return hops;
}

/** The capture along exactly `path`, if it may end there: its notation, or null.
 * @param {Legal} legal @param {string[]} path @returns {string | null} */
export function chainEnd(legal, path) {
  const jump = legal.jumps.find((j) => j.path.length === path.length && j.path.every((dot, i) => path[i] === dot));
  return jump ? jump.action : null;
}

/** The options of the token on `source`, by the dot each ends on: its steps and splits (sent
 *  as they are), the first hops of its captures (continued hop by hop), its sandwiches.
 * @param {Legal} legal @param {string} source @returns {Map<string, Option[]>} */
export function targetsFrom(legal, source) {
  /** @type {Map<string, Option[]>} */
  const targets = new Map();
  for (const move of legal.moves.get(source) || []) append(targets, move.to, { kind: move.kind, to: move.to, name: move.action, action: move.action });
  for (const [dot, options] of hopsAfter(legal, [source])) for (const option of options) append(targets, dot, option);
  for (const sandwich of legal.sandwiches.filter((s) => s.source === source)) {
    const { to, over, action } = sandwich;
    append(targets, to, { kind: "sandwich", to, over, name: action, action });
  }
  return targets;
}

/**
 * Every action a person can reach by clicking from this position: what a click, a key or a
 * button of the board sends, plus the pass (the page's button) and actions of another form
 * (offered as plain buttons).
 * @param {Legal} legal
 * @param {{drawn: (dot: string) => boolean, dots: string[], own: (dot: string) => boolean} | null} board
 *   the dots drawn (null: no drawing, every action is a button of the fallback) and whether a
 *   dot holds the mover's token.
 * @returns {string[]} sorted notations.
 */
export function reachable(legal, board) {
  if (!board) return [...legal.all].sort();
  /** @type {Set<string>} */
  const found = new Set();
  /** @param {Option} option */
  const follow = (option) => {
    if (option.action) {
      found.add(option.action);
      return;
    }
    const path = option.path || [];
    const end = chainEnd(legal, path);
    if (end) found.add(end); // the last landing sends it, or "End the capture here"
    for (const options of hopsAfter(legal, path).values()) options.forEach(follow);
  };
  for (const dot of board.dots) {
    const action = legal.place.get(dot);
    if (action && !board.own(dot)) found.add(action);
  }
  for (const source of sources(legal)) {
    if (!board.drawn(source)) continue;
    const stack = legal.stack.get(source);
    if (stack) found.add(stack);
    for (const [dot, options] of targetsFrom(legal, source)) if (board.drawn(dot)) options.forEach(follow);
  }
  if (legal.pass) found.add(legal.pass);
  legal.other.forEach((action) => found.add(action));
  return [...found].sort();
}

/**
 * The dots of an action, to draw it as the last move, from its parts; null for a chance
 * outcome or a pass.
 * @typedef {{kind: "place" | "stack", dot: string} | {kind: "step" | "split", from: string, to: string}
 *   | {kind: "capture", path: string[], landings: string[], victims: string[]}} LastMove
 * @param {ActionParts | null | undefined} parts @returns {LastMove | null}
 */
export function lastMove(parts) {
  if (!parts) return null;
  if (parts.kind === "place" || parts.kind === "stack") return { kind: parts.kind, dot: parts.dot };
  if (parts.kind === "step" || parts.kind === "split") return { kind: parts.kind, from: parts.src, to: parts.dst };
  if (parts.kind === "jump") {
    const path = /** @type {string[]} */ (parts.path);
    return {
      kind: "capture", path, landings: path.filter((_, i) => i % 2 === 0), victims: path.filter((_, i) => i % 2 === 1),
    };
  }
  return null;
}

/** The dot where a suggested action starts (the dot to click first), or null.
 * @param {ActionParts | null | undefined} parts @returns {string | null} */
export function startDot(parts) {
  if (!parts) return null;
  if (parts.kind === "place" || parts.kind === "stack") return parts.dot;
  if (parts.kind === "step" || parts.kind === "split") return parts.src;
  if (parts.kind === "jump") return parts.path[0];
  return null;
}

/**
 * The legal action of a notation (a suggestion names one), or null.
 * @param {LegalAction[]} actions @param {string | null | undefined} notation
 * @returns {LegalAction | null}
 */
export function actionOfNotation(actions, notation) {
  return (notation && actions.find((action) => action.notation === notation)) || null;
}
