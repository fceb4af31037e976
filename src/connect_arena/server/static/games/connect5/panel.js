// Connect 5's panel beside the board: the board's name, the scores, the rounds, why the game
// ended, and how to play with the legend of the drawing.

import { h } from "../../js/dom.js";
import { listText } from "../../js/format.js";
import { currentLanguage, eventText, t } from "../../js/i18n.js";
import { colourName, dotIcon, tokenIcon } from "./tokens.js";

export const arrow = " → ";

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

/** "a, b or c" in the reader's language.
 * @param {string[]} items @returns {string} */
export function orList(items) {
  if (items.length < 2) return items.join("");
  try {
    return new Intl.ListFormat(currentLanguage(), { type: "disjunction" }).format(items);
  } catch {
    return items.join(", ");
  }
}

/** "a, b and c" in the reader's language.
 * @param {string[]} items @returns {string} */
export function andList(items) {
  if (items.length < 2) return items.join("");
  try {
    return new Intl.ListFormat(currentLanguage(), { type: "conjunction" }).format(items);
  } catch {
    return items.join(", ");
  }
}


/**
 * The board's name and where it comes from: our shipped boards say they are not the printed
 * ones; a board file says where it is from.
 * @param {{id: string, name: string} | null} model @param {string} fallback - the board option
 * @param {string} [origin] - the geometry's origin
 * @returns {{name: string, origin: string}}
 */
export function boardNaming(model, fallback, origin = "") {
  const shipped = model && BOARD_NAMES[model.id];
  return {
    name: shipped ? shipped() : model?.name || fallback,
    origin: shipped ? t("connect5.notPrinted") : origin,
  };
}

/** The scores, the rounds and the help beside the board.
 * @param {HTMLElement} panel
 * @param {import("../connect5.js").Update} update
 * @param {{name: string, origin: string, seats: number, idleLimit?: number}} board - the board's
 *   name and origin, the number of seats named by the page, the table's ``idle_limit`` (0: none) */
export function renderPanel(panel, update, board) {
  const observation = update.observation;
  const players = observation.scores?.length || board.seats || 2;
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
    h("p", { class: "c5-board-name" }, h("b", {}, board.name), h("br"), h("span", { class: "muted" }, board.origin)),
    h("dl", { class: "facts" },
      h("dt", {}, t("connect5.game")), h("dd", { id: "c5-round" }, roundText),
      h("dt", {}, t("connect5.starter")), h("dd", { id: "c5-starter" }, starter),
      ...(board.idleLimit ? [h("dt", {}, t("connect5.idleTurns")),
        h("dd", { id: "c5-idle" }, t("connect5.idleOf", { idle: observation.idle ?? 0, limit: board.idleLimit }))] : [])),
    h("table", { class: "c5-scores", id: "c5-scores" }, h("caption", { class: "muted" }, t("connect5.scoresCaption")), h("thead", {}, head), h("tbody", {}, rows)),
    ...(results.length ? [h("div", { class: "c5-results" }, h("h3", {}, t("connect5.results")), h("ol", { id: "c5-results" }, results))] : []),
    ...(observation.terminal ? [h("div", { class: "c5-results" }, h("h3", {}, t("common.gameOver")),
      h("ul", { class: "c5-final-why", id: "result-reason" }, resultLines(observation).map((line) => h("li", {}, line))))] : []),
    help(observation, board.idleLimit || 0));
}

/**
 * Why the game ended and why its winners won, in words (the engine's result events).
 * @param {import("../connect5.js").Observation} observation
 * @returns {string[]}
 */
export function resultLines(observation) {
  const texts = (observation.result || []).map((event) => eventText(event, colourName, listText) || "");
  return texts.filter(Boolean).map((text) => text.charAt(0).toUpperCase() + text.slice(1));
}

/** @param {import("../connect5.js").RoundResult} result @returns {string} */
export function roundOutcome(result) {
  if (result.connect5 !== null && result.connect5 !== undefined) {
    return t("connect5.connect5By", { player: colourName(result.connect5), run: result.run.join(arrow) });
  }
  return REASONS[result.reason] ? REASONS[result.reason]() : result.reason;
}

/** How to play, with the legend of the drawing.
 * @param {import("../connect5.js").Observation} observation
 * @param {number} idleLimit - the table's ``idle_limit`` (0: none) */
function help(observation, idleLimit) {
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
      idleLimit ? h("li", { id: "c5-help-idle" }, t("connect5.helpIdleLimit", { n: idleLimit })) : null,
      h("li", {}, t("connect5.helpKeys"))));
}
