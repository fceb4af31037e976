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
// harness), read from their parts (board.update's `actions`: no notation is parsed here, a
// control sends the notation of the legal action it stands for); the rules live in the
// engine. The board is drawn from the geometry the server sends (`context.geometry`, from
// `Game.geometry()`: dots, junctions, lines and the route between each pair of adjacent dots),
// so any board file the table plays on is drawn. Moves are described by
// the server's events (translated by the page), not here; the last move comes with its parts
// in the observation.
//
// Modules: ./connect5/state.js (pure: the model of the geometry, the legal actions by what is
// clicked, what can be reached), ./connect5/view.js (the drawing and the bar), ./connect5/input.js
// (clicks, keys), ./connect5/panel.js (scores, rounds, help), ./connect5/tokens.js (shapes).

import { h } from "../js/dom.js";
import { t, tn } from "../js/i18n.js";
import { svg } from "../js/svg.js";
import { attachInput } from "./connect5/input.js";
import { orList, renderPanel, resultLines, roundOutcome } from "./connect5/panel.js";
import { actionOfNotation, legalIndex, reachable } from "./connect5/state.js";
import { colourName } from "./connect5/tokens.js";
import { TAP, mover, naming, render } from "./connect5/view.js";
import { TARGET_PX, zoomable } from "./zoom.js";

/**
 * A finished round and the observation of a position (`connect5/view.py`, `observation`).
 * @typedef {{starter: number, points: number[], connect5: number | null, run: string[],
 *   reason: string}} RoundResult
 * @typedef {{game?: string, board?: string, stacks?: Record<string, number[]>,
 *   supply?: number[], captured?: number[], lost?: number[], scores?: number[], round: number,
 *   rounds?: number, starter?: number | null, to_move?: number | null, turns_taken?: number[],
 *   idle?: number, results?: RoundResult[], winners?: number[] | null, terminal?: boolean,
 *   result?: import("../js/types.js").GameEvent[],
 *   last?: import("../js/types.js").LegalAction | null}} Observation
 */

/**
 * What the page gives the module.
 * @typedef {{observation: Observation, legal?: string[],
 *   actions?: import("../js/types.js").LegalAction[], seat?: number | null, you?: number[],
 *   toMove?: number[], terminal?: boolean, hint?: string | null}} Update
 * @typedef {{options?: Record<string, unknown>, geometry?: import("./connect5/state.js").Geometry | null,
 *   seatNames?: string[], interactive?: boolean, panel?: HTMLElement | null,
 *   onAction: (action: string) => void}} Context
 */

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

/**
 * The board's parts on the page: the drawing in its zoomable frame, the bar, the fallback.
 * @param {HTMLElement} root @param {boolean} interactive
 */
function frame(root, interactive) {
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
  return { surface, bar, fallback, zoom, container };
}

/**
 * Draw a Connect 5 table in `root` and return the board object the page drives.
 * @param {HTMLElement} root @param {Context} context
 */
export default function create(root, context) {
  const interactive = context.interactive !== false;
  const panel = h("div", { class: "c5-panel" });
  if (context.panel) context.panel.replaceChildren(h("h2", {}, t("connect5.title")), panel);
  const ignore = () => {};
  /** @type {import("./connect5/view.js").Board} */
  const board = {
    context, interactive, ...frame(root, interactive), model: null, modelKey: null, at: () => [0, 0],
    current: null, legal: legalIndex([]), hint: null, selected: null, chain: null, choice: null,
    sending: null, notice: "", focusMemory: null, barKey: null,
    activate: ignore, send: ignore, choose: ignore, cancel: ignore, // set by attachInput
  };
  const input = attachInput(board, context.onAction);
  let legalKey = "";
  /** @type {number | null} */
  let roundsSeen = null;

  /** When a round ends (and another begins), say so until everyone has played once more.
   * @param {Observation} observation */
  function noticeRounds(observation) {
    const rounds = observation?.results?.length || 0;
    const played = (observation?.turns_taken || []).reduce((sum, n) => sum + n, 0);
    const ended = observation?.results?.[rounds - 1];
    if (interactive && roundsSeen !== null && rounds > roundsSeen && !observation.terminal && ended) {
      board.notice = t("connect5.roundOver", { round: rounds, outcome: roundOutcome(ended) });
    } else if (board.notice && (played >= (observation?.scores?.length || 2) || observation?.terminal)) {
      board.notice = "";
    }
    roundsSeen = rounds;
  }

  return {
    /** Show a new position (and the legal actions of the seat this page acts for).
     * @param {Update} update */
    update(update) {
      const previous = board.current;
      const actions = update.actions || [];
      const key = actions.map((action) => action.notation).join("|");
      const sameTurn = previous && key === legalKey && previous.observation?.turns_taken?.join() === update.observation?.turns_taken?.join();
      board.current = update;
      if (!sameTurn) {
        board.selected = null;
        board.chain = null;
        board.choice = null;
      }
      legalKey = key;
      board.legal = legalIndex(actions);
      board.hint = actionOfNotation(actions, update.hint);
      if (board.sending && (!sameTurn || !board.legal.all.has(board.sending))) input.stopWaiting();
      noticeRounds(update.observation);
      render(board);
      renderPanel(panel, update, {
        ...naming(board), seats: context.seatNames?.length || 0, idleLimit: Number(context.options?.idle_limit) || 0,
      });
    },
    /** Every action reachable by clicking from the current position (for the test harness).
     * @returns {string[]} */
    offered() {
      if (!interactive || mover(board) === null || !board.legal.all.size) return [];
      const model = board.model;
      return reachable(board.legal, model && {
        dots: model.dots.map((dot) => dot.id),
        drawn: (dot) => Boolean(model.nodes.get(dot)?.dot),
        own: (dot) => board.current?.observation?.stacks?.[dot]?.[0] === mover(board),
      });
    },
    /** @param {number} seat @returns {string | null} */
    seatDetail(seat) {
      const observation = board.current?.observation;
      if (!observation?.scores) return null;
      return tn("connect5.seatDetail", observation.scores[seat], {
        points: observation.scores[seat], supply: observation.supply?.[seat] ?? 0, captured: observation.captured?.[seat] ?? 0,
      });
    },
    /** @param {Observation} observation @param {string[]} _legal
     * @param {import("../js/types.js").LegalAction[]} [actions] @returns {string} */
    turnHint(observation, _legal, actions) {
      const found = legalIndex(actions || []);
      const parts = [];
      if (found.place.size) parts.push(t("connect5.hintPlace", { count: observation.supply?.[mover(board) ?? 0] ?? "" }));
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
