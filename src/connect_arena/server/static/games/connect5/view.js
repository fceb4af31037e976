// Connect 5's drawing: the circuit, the dots (buttons where something can be chosen, with
// their state in the UI's current mode), the routes of the selected token's moves, the last
// move, the winning run; the bar under the board; the fallback list without a geometry.
// Every control sends the notation of a legal action the server sent (./state.js), through
// the board's input (./input.js).

import { h } from "../../js/dom.js";
import { t } from "../../js/i18n.js";
import { activateOnKeys, svg } from "../../js/svg.js";
import { andList, arrow, boardNaming, orList } from "./panel.js";
import { boardModel, chainEnd, hopsAfter, lastMove, route, routeThrough, sources, startDot, targetsFrom } from "./state.js";
import { colourName, tokenGraphic } from "./tokens.js";

/** @typedef {import("./state.js").Option} Option */
/** @typedef {import("./state.js").Model} Model */
/** @typedef {import("./state.js").ModelNode} ModelNode */

export const UNIT = 48; // pixels per board unit
const MARGIN = 46; // around the circuit, room for the file letters and rank numbers
export const TAP = UNIT / 2; // the radius of a dot's target: neighbours' targets touch, never overlap

/**
 * The board's state, shared by the drawing and the input (../connect5.js makes it).
 * @typedef {object} Board
 * @property {import("../connect5.js").Context} context
 * @property {boolean} interactive
 * @property {SVGElement} surface
 * @property {HTMLElement} bar
 * @property {HTMLElement} fallback
 * @property {HTMLElement} container
 * @property {{element: HTMLElement, layout: (touch: boolean) => void}} zoom
 * @property {Model | null} model - the board's drawing model (null: no geometry)
 * @property {string | null} modelKey
 * @property {(x: number, y: number) => number[]} at - board units to pixels
 * @property {import("../connect5.js").Update | null} current - the last update
 * @property {import("./state.js").Legal} legal
 * @property {import("../../js/types.js").LegalAction | null} hint - the suggested action
 * @property {string | null} selected - a dot holding one of the mover's tokens
 * @property {string[] | null} chain - the capture path chosen so far: [source, over, to, …]
 * @property {{dot: string, options: Option[]} | null} choice - several moves end on one dot
 * @property {string | null} sending - the action just sent, until the next update
 * @property {string} notice - a round just ended
 * @property {string | null} focusMemory - the dot that had the keyboard focus
 * @property {string | null} barKey - what the bar shows
 * @property {(dot: string) => void} activate - a click (or Enter) on a dot
 * @property {(notation: string) => void} send
 * @property {(option: Option) => void} choose
 * @property {() => void} cancel
 */

/**
 * How a dot is drawn and whether it can be chosen.
 * @typedef {{classes: string[], enabled: boolean, hint: string, lifted?: boolean,
 *   ghost?: number, pressed?: boolean, stackable?: boolean, victim?: boolean,
 *   over?: (string | undefined)[]}} DotState
 */

/** @param {Board} board @returns {Record<string, number[]>} */
export const stacks = (board) => board.current?.observation?.stacks || {};
/** @param {Board} board @returns {number | null} the seat this page acts for now */
export const mover = (board) => (board.current && board.current.seat !== null && board.current.seat !== undefined ? board.current.seat : null);
/** @param {Board} board @returns {boolean} whether the board takes a choice now */
export const active = (board) => board.interactive && mover(board) !== null && board.legal.all.size > 0 && !board.sending;
/** @param {Board} board @param {string} dot @returns {boolean} whether it holds the mover's token */
export const isOwn = (board, dot) => Boolean(stacks(board)[dot]) && stacks(board)[dot][0] === mover(board);

/** An option in words (a button, a dot's label).
 * @param {Board} board @param {string} source @param {Option} option @returns {string} */
export function optionLabel(board, source, option) {
  const { to, over } = option;
  if (option.kind === "split") return t("connect5.optSplit", { from: source, to });
  if (option.kind === "step") {
    const double = (stacks(board)[source]?.[1] || 1) > 1;
    return double ? t("connect5.optStepDouble", { from: source, to }) : t("connect5.optStep", { from: source, to });
  }
  if (option.kind === "sandwich") return t("connect5.optSandwich", { over, to });
  return t("connect5.optJump", { over, to });
}

/** Build the drawing model once from the server's geometry (none: the fallback list).
 * @param {Board} board */
function setGeometry(board) {
  const geometry = /** @type {import("./state.js").Geometry | null | undefined} */ (board.context.geometry);
  const data = geometry?.dots ? geometry : null;
  const wanted = data ? `${data.board}:${data.dots.length}:${data.segments.length}` : "none";
  if (wanted === board.modelKey) return;
  board.modelKey = wanted;
  board.model = data ? boardModel(data) : null;
  if (!board.model) return;
  const { minX, maxX, minY, maxY } = board.model.bounds;
  board.at = (x, y) => [MARGIN + (x - minX) * UNIT, MARGIN + (maxY - y) * UNIT];
  board.surface.setAttribute("viewBox", `0 0 ${(maxX - minX) * UNIT + 2 * MARGIN} ${(maxY - minY) * UNIT + 2 * MARGIN}`);
  board.surface.setAttribute("aria-label", t("connect5.boardLabelNamed", { board: naming(board).name }));
}

/** @param {Board} board @returns {{name: string, origin: string}} */
export const naming = (board) => boardNaming(board.model, String(board.context.options?.board || ""), board.context.geometry?.origin);

/** @param {Board} board @param {number[][]} points @returns {string} */
const pointsAttr = (board, points) => points.map(([x, y]) => board.at(x, y).map((v) => v.toFixed(1)).join(",")).join(" ");

/** The lines, junctions and labels of the board.
 * @param {Board} board @param {Model} model @returns {SVGElement} */
function drawCircuit(board, model) {
  const at = board.at;
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
  for (const points of model.segments) traces.append(svg("polyline", { points: pointsAttr(board, points) }));
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

/** @param {Board} board @param {ModelNode} dot @param {DotState} state @returns {SVGElement} */
function drawDot(board, dot, state) {
  const [x, y] = board.at(dot.x, dot.y);
  const stack = stacks(board)[dot.id];
  const group = svg("g", { class: ["dot", ...state.classes].join(" "), transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`, "data-dot": dot.id });
  group.append(svg("circle", { r: TAP, class: "tap" }), svg("circle", { r: 21, class: "hit" }));
  if (state.classes.includes("selected") || state.classes.includes("chain-head")) group.append(svg("circle", { r: 20.5, class: "halo" }));
  if (dot.circled) group.append(svg("circle", { r: 14.5, class: "ring" }));
  group.append(svg("circle", { r: 6.5, class: "pip" }));
  if (state.classes.some((c) => c === "target" || c === "placeable" || c === "hop")) {
    group.append(svg("circle", { r: 17.5, class: "mark" }));
  }
  if (stack) group.append(tokenGraphic(stack[0], stack[1], state.lifted ? "token lifted" : "token"));
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
  const label = dotLabel(dot, stack, state.hint);
  if (state.enabled) {
    group.setAttribute("tabindex", "0");
    group.setAttribute("role", "button");
    if (state.pressed !== undefined) group.setAttribute("aria-pressed", String(state.pressed));
    // The suggested action starts here (the tutorial marks it: data-hint is its notation).
    if (board.hint && startDot(board.hint.parts) === dot.id) group.setAttribute("data-hint", board.hint.notation);
    group.addEventListener("click", () => board.activate(dot.id));
    activateOnKeys(group, () => board.activate(dot.id));
  } else group.setAttribute("role", "img");
  group.setAttribute("aria-label", label);
  group.append(svg("title", {}, label));
  return group;
}

/** The dots' states while a capture is chosen hop by hop.
 * @param {Board} board @param {string[]} chain @param {(dot: string) => DotState} get */
function chainStates(board, chain, get) {
  const source = get(chain[0]);
  source.classes.push("chain-source");
  source.lifted = true;
  source.enabled = true;
  source.hint = t("connect5.ariaCancelCapture");
  const head = get(chain[chain.length - 1]);
  head.classes.push("chain-head");
  head.ghost = mover(board) ?? 0;
  head.enabled = true;
  head.hint = chainEnd(board.legal, chain) ? t("connect5.ariaEndCapture") : "";
  for (let i = 1; i < chain.length; i += 2) get(chain[i]).victim = true;
  for (const [dot, options] of hopsAfter(board.legal, chain)) {
    const state = get(dot);
    state.classes.push("target", "hop");
    state.enabled = true;
    state.hint = options.map((o) => optionLabel(board, chain[0], o)).join("; ");
    state.over = options.map((o) => o.over);
  }
}

/** The dots' states with a token selected: the token and where it may go.
 * @param {Board} board @param {string} selected @param {(dot: string) => DotState} get */
function selectionStates(board, selected, get) {
  get(selected).classes.push("selected");
  for (const [dot, options] of targetsFrom(board.legal, selected)) {
    const target = get(dot);
    target.classes.push("target", ...new Set(options.map((o) => o.kind === "sandwich" || o.kind === "jump" ? "hop" : "slide")));
    target.enabled = true;
    target.ghost = mover(board) ?? 0;
    target.hint = options.map((o) => optionLabel(board, selected, o)).join("; ");
  }
}

/** How each dot is drawn and whether it can be chosen, in the UI's current mode.
 * @param {Board} board @param {Model} model @returns {Map<string, DotState>} */
function dotStates(board, model) {
  /** @type {Map<string, DotState>} */
  const states = new Map(model.dots.map((dot) => [dot.id, { classes: [], enabled: false, hint: "" }]));
  /** @param {string} dot @returns {DotState} */
  const get = (dot) => states.get(dot) || { classes: [], enabled: false, hint: "" };
  if (!active(board)) return states;
  if (board.chain) {
    chainStates(board, board.chain, get);
    return states;
  }
  for (const source of sources(board.legal)) {
    const state = get(source);
    state.classes.push("movable");
    state.enabled = true;
    state.pressed = source === board.selected;
    state.stackable = board.legal.stack.has(source);
    state.hint = source === board.selected ? t("connect5.ariaSelected") : t("connect5.ariaMovable");
  }
  if (board.selected) {
    selectionStates(board, board.selected, get);
    return states;
  }
  for (const dot of model.dots) {
    if (board.legal.place.has(dot.id) && !isOwn(board, dot.id)) {
      const state = get(dot.id);
      state.classes.push("placeable");
      state.enabled = true;
      state.ghost = mover(board) ?? 0;
      state.hint = t("connect5.ariaPlace");
    }
  }
  return states;
}

/** The dashed routes of the selected token's captures, or of the chain so far.
 * @param {Board} board @param {Model} model @returns {SVGElement} */
function drawPlans(board, model) {
  const group = svg("g", { class: "plans", "aria-hidden": "true" });
  if (!active(board)) return group;
  /** @param {string[]} dots @param {string} className */
  const line = (dots, className) => group.append(svg("polyline", { points: pointsAttr(board, routeThrough(model, dots)), class: className }));
  if (board.chain) {
    line(board.chain, `chosen seat-${mover(board)}`);
    for (const [, options] of hopsAfter(board.legal, board.chain)) {
      for (const option of options) line((option.path || []).slice(-3), "option capture");
    }
  } else if (board.selected) {
    const source = board.selected;
    for (const [dot, options] of targetsFrom(board.legal, source)) {
      for (const option of options) {
        const path = option.path ? option.path.slice(-3) : option.over ? [source, option.over, dot] : [source, dot];
        line(path, option.path || option.over ? "option capture" : "option");
      }
    }
  }
  return group;
}

/** The last action: where the token came from and went, the dots it jumped.
 * @param {Board} board @param {Model} model @returns {SVGElement} */
function drawLast(board, model) {
  const group = svg("g", { class: "last", "aria-hidden": "true" });
  const last = lastMove(board.current?.observation?.last?.parts);
  if (!last) return group;
  /** @param {string | undefined} dot */
  const ring = (dot) => {
    const node = dot === undefined ? undefined : model.nodes.get(dot);
    if (!node) return;
    const [x, y] = board.at(node.x, node.y);
    group.append(svg("circle", { cx: x, cy: y, r: 19.5, class: "last-ring" }));
  };
  if (last.kind === "place" || last.kind === "stack") ring(last.dot);
  else if (last.kind === "step" || last.kind === "split") {
    group.append(svg("polyline", { points: pointsAttr(board, route(model, last.from, last.to)), class: "last-path" }));
    ring(last.to);
  } else if (last.kind === "capture") {
    group.append(svg("polyline", { points: pointsAttr(board, routeThrough(model, last.path)), class: "last-path" }));
    ring(last.landings.at(-1));
    for (const victim of last.victims) {
      const node = model.nodes.get(victim);
      if (!node || stacks(board)[victim]) continue;
      const [x, y] = board.at(node.x, node.y);
      group.append(svg("path", { d: `M${x - 7},${y - 7} L${x + 7},${y + 7} M${x + 7},${y - 7} L${x - 7},${y + 7}`, class: "last-victim" }));
    }
  }
  return group;
}

/** The Connect 5 that ended the game, drawn along the circuit.
 * @param {Board} board @param {Model} model @returns {SVGElement} */
function drawRun(board, model) {
  const group = svg("g", { class: "run", "aria-hidden": "true" });
  const observation = board.current?.observation;
  if (!observation?.terminal) return group;
  const result = observation.results?.[observation.results.length - 1];
  if (!result?.run?.length) return group;
  group.append(svg("polyline", { points: pointsAttr(board, routeThrough(model, result.run)), class: `run-line seat-${result.connect5}` }));
  return group;
}

/** Draw the board (or the fallback list) and the bar from the board's state.
 * @param {Board} board */
export function render(board) {
  if (!board.current) return;
  setGeometry(board);
  const model = board.model;
  if (!model) {
    renderFallback(board, board.current.observation);
    return;
  }
  const { surface, zoom, current } = board;
  board.fallback.hidden = true;
  zoom.element.hidden = false;
  zoom.layout(board.interactive && Boolean(current.you?.length) && !current.terminal);
  // Keyboard users keep their place: the focused dot is focused again after each drawing,
  // and when the board had the focus before the last action, it gets it back on your turn.
  const focused = /** @type {HTMLElement | SVGElement | null} */ (document.activeElement);
  const hadFocus = surface.contains(focused);
  if (hadFocus && focused?.dataset?.dot) board.focusMemory = focused.dataset.dot;
  const states = dotStates(board, model);
  const dots = svg("g", { class: "dots" });
  // Reading order (north to south, west to east), which is also the order of Tab.
  const order = [...model.dots].sort((a, b) => b.y - a.y || a.x - b.x);
  for (const dot of order) dots.append(drawDot(board, dot, states.get(dot.id) || { classes: [], enabled: false, hint: "" }));
  surface.replaceChildren(drawCircuit(board, model), drawRun(board, model), drawLast(board, model), drawPlans(board, model), dots);
  surface.classList.toggle("active", active(board));
  surface.classList.toggle("choosing", Boolean(board.selected || board.chain));
  renderBar(board);
  const lost = !document.activeElement || document.activeElement === document.body;
  if (board.focusMemory && (hadFocus || lost)) {
    const again = /** @type {SVGElement | null} */ (surface.querySelector(`[data-dot="${CSS.escape(board.focusMemory)}"][tabindex]`) || surface.querySelector("[tabindex]"));
    again?.focus({ preventScroll: true });
  }
}

/** @param {string} label @param {() => void} onclick @param {Record<string, unknown>} [attributes]
 * @returns {HTMLElement} */
function button(label, onclick, attributes = {}) {
  return h("button", { type: "button", class: "small", onclick, ...attributes }, label);
}

/** The bar's words and buttons in the UI's current mode.
 * @param {Board} board @returns {{text: string, items: HTMLElement[]}} */
function barContents(board) {
  const { choice, chain, selected, legal } = board;
  /** @type {HTMLElement[]} */
  const items = [];
  const cancel = () => button(t("connect5.cancel"), board.cancel, { "data-c5": "cancel" });
  if (board.sending) return { text: t("connect5.sending"), items };
  if (!active(board)) return { text: board.notice, items };
  if (choice) {
    const source = board.chain?.[0] ?? board.selected ?? "";
    for (const option of choice.options) {
      items.push(button(optionLabel(board, source, option), () => board.choose(option), { class: "small primary", "data-c5-choice": option.name }));
    }
    return { text: t("connect5.whichMove", { dot: choice.dot }), items: [...items, cancel()] };
  }
  if (chain) {
    const victims = chain.filter((_, i) => i % 2 === 1);
    const landings = chain.filter((_, i) => i % 2 === 0);
    const end = chainEnd(legal, chain);
    if (end) items.push(button(t("connect5.endCapture"), () => board.send(end), { class: "small primary", "data-c5": "confirm" }));
    return { text: t("connect5.chainSoFar", { path: landings.join(arrow), victims: andList(victims) }), items: [...items, cancel()] };
  }
  if (selected) {
    const height = stacks(board)[selected]?.[1] ?? 1;
    let text = height > 1 ? t("connect5.selectedDouble", { dot: selected }) : t("connect5.selectedSingle", { dot: selected });
    text += " " + (targetsFrom(legal, selected).size ? t("connect5.selectedTargets") : t("connect5.selectedNoMove"));
    const stack = legal.stack.get(selected);
    // The suggested action (the tutorial marks it: data-hint is its notation).
    const hinted = stack && board.hint?.notation === stack ? { "data-hint": stack } : {};
    if (stack) items.push(button(t("connect5.stackHere", { dot: selected }), () => board.send(stack), { class: "small primary", "data-c5": "stack", ...hinted }));
    return { text, items: [...items, cancel()] };
  }
  const supply = board.current?.observation.supply?.[mover(board) ?? 0] ?? 0;
  const parts = [];
  if (legal.place.size) parts.push(t("connect5.barPlace", { count: supply }));
  if (sources(legal).size) parts.push(t("connect5.barMove"));
  let text = parts.length ? `${orList(parts)}.` : "";
  if (board.notice) text = `${board.notice} ${text}`;
  for (const action of legal.other) items.push(button(action, () => board.send(action), { "data-c5-choice": action }));
  return { text, items };
}

/** The bar under the board: what to do, the choice between moves, the capture so far.
 * @param {Board} board */
function renderBar(board) {
  if (!board.interactive || !board.current) return;
  const { text, items } = barContents(board);
  // Unchanged words are not replaced, so that screen readers do not announce them again.
  const key = [text, ...items.map((item) => `${item.dataset.c5 || item.dataset.c5Choice}:${item.textContent}`)].join("|");
  if (key === board.barKey) return;
  board.barKey = key;
  board.bar.replaceChildren(h("span", { class: "c5-bar-text" }, text), ...(items.length ? [h("span", { class: "c5-bar-buttons" }, items)] : []));
}

/** No geometry (the server sent none): the position in words, the legal actions as buttons.
 * @param {Board} board @param {import("../connect5.js").Observation} observation */
function renderFallback(board, observation) {
  board.zoom.element.hidden = true;
  board.fallback.hidden = false;
  const position = Object.entries(observation.stacks || {}).map(([dot, [seat, height]]) => `${dot}: ${height > 1 ? t("connect5.ariaDouble", { player: colourName(seat) }) : t("connect5.ariaSingle", { player: colourName(seat) })}`);
  board.fallback.replaceChildren(
    h("p", {}, t("connect5.noDrawing", { board: String(observation.board || board.context.options?.board || "") })),
    h("p", { class: "muted" }, position.join(" · ") || t("connect5.emptyBoard")),
    ...(board.interactive ? [h("div", { class: "c5-fallback-actions" },
      [...board.legal.all].map((action) => button(action, () => board.send(action), { "data-c5-choice": action })))] : []));
}
