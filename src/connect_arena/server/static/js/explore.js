// "Analyse from here" on a finished table's replay page (Lichess's analysis board): from the
// replay's position, the person plays a branch of moves on a board of its own and the engine
// weighs each position (GET /api/tables/{id}/analysis/explore?seq=&branch=). The server lists
// the choices (legal actions with their parts, or chance outcomes with their probabilities)
// and describes them; the page never parses notation.

import { api } from "./api.js";
import { h, messageOf } from "./dom.js";
import { hintValueText, listText, seatName } from "./format.js";
import { loadGameUi, shellActions } from "./games.js";
import { eventText, t, tn } from "./i18n.js";

/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./types.js").Board} Board */
/** @typedef {import("./protocol").AnalysisBranch} AnalysisBranch */
/** @typedef {import("./protocol").BranchChoice} BranchChoice */
/** @typedef {import("./protocol").Replay} Replay */

/**
 * The explorer's state: the position it started from, the branch played since, the board.
 *
 * @typedef {object} Explorer
 * @property {number} tableId
 * @property {number} seq
 * @property {string[]} branch
 * @property {Board} board
 * @property {GameInfo} game
 * @property {HTMLElement} root
 * @property {boolean} busy
 */

/**
 * A choice or candidate in words.
 *
 * @param {Explorer} explorer
 * @param {import("./types.js").GameEvent | null | undefined} event
 * @param {string} notation
 * @returns {string}
 */
function words(explorer, event, notation) {
  return eventText(event ?? null, (s) => seatName(explorer.game, s), listText) || notation;
}

/**
 * Show an answer: the board, who is to play, the engine's evaluation and the choices the
 * board does not offer itself (chance outcomes, passes).
 *
 * @param {Explorer} explorer
 * @param {AnalysisBranch} answer
 */
function render(explorer, answer) {
  const { frame, seat, choices } = answer;
  const actions = seat === null ? [] : choices.map(({ notation, parts }) => ({ notation, parts }));
  explorer.board.update({
    observation: frame.observation, legal: actions.map((a) => a.notation), actions, seat,
    you: seat === null ? [] : [seat], toMove: frame.to_move, terminal: frame.terminal, returns: frame.returns,
    last: frame.action ? { seq: frame.seq, seat: frame.seat ?? -1, action: frame.action } : null,
    hint: answer.lines[0]?.action ?? null,
  });
  const [best, ...others] = answer.lines;
  let status;
  if (frame.terminal) status = t("community.exploreOver");
  else if (seat === null) status = t("community.exploreChance");
  else status = t("community.exploreToMove", { seat: seatName(explorer.game, seat) });
  const shell = seat === null ? choices : choices.filter((c) => shellActions([c]).length);
  const played = explorer.branch.length
    ? tn("community.exploreBranch", explorer.branch.length)
    : t("community.exploreStart");
  const parts = [
    h("p", { class: "status-line", id: "explore-status" }, status),
    best
      ? h("p", { id: "explore-best" }, t("community.exploreBest", {
        action: words(explorer, best.event, best.action), value: hintValueText(best),
      }))
      : null,
    others.length
      ? h("p", { class: "muted" }, t("common.hintOthers", {
        actions: listText(others.map((line) => `${words(explorer, line.event, line.action)} (${hintValueText(line)})`)),
      }))
      : null,
    shell.length
      ? h("div", { class: "explore-choices" }, shell.map((choice) => h("button", {
        type: "button", class: "small", onclick: () => step(explorer, [...explorer.branch, choice.notation]),
      }, choiceText(explorer, choice))))
      : null,
    h("p", { class: "muted", id: "explore-branch" }, played)];
  explorer.root.querySelector("#explore-info")?.replaceChildren(...parts.filter((part) => part !== null));
  const undo = /** @type {HTMLButtonElement | null} */ (explorer.root.querySelector("#explore-undo"));
  if (undo) undo.disabled = !explorer.branch.length;
}

/**
 * @param {Explorer} explorer
 * @param {BranchChoice} choice
 * @returns {string}
 */
function choiceText(explorer, choice) {
  const text = words(explorer, choice.event, choice.notation);
  return choice.probability === null ? text : `${text} (${Math.round(100 * choice.probability)}%)`;
}

/**
 * Go to the position after `branch` (a move played on the board, a choice, or a take-back).
 *
 * @param {Explorer} explorer
 * @param {string[]} branch
 */
async function step(explorer, branch) {
  if (explorer.busy) return;
  explorer.busy = true;
  const status = explorer.root.querySelector("#explore-status");
  if (status) status.textContent = t("community.exploreThinking");
  try {
    const query = new URLSearchParams({ seq: String(explorer.seq) });
    for (const action of branch) query.append("branch", action);
    /** @type {AnalysisBranch} */
    const answer = await api.get(`/api/tables/${explorer.tableId}/analysis/explore?${query}`);
    explorer.branch = branch;
    render(explorer, answer);
  } catch (problem) {
    if (status) status.textContent = messageOf(problem);
  } finally {
    explorer.busy = false;
  }
}

/**
 * Open the explorer at position `seq` of table `tableId` inside `root` (replacing its content).
 *
 * @param {HTMLElement} root
 * @param {number} tableId
 * @param {number} seq
 * @param {() => void} onClose
 */
export async function openExplorer(root, tableId, seq, onClose) {
  /** @type {Replay} */
  const replay = await api.get(`/api/tables/${tableId}/replay`);
  /** @type {{games: GameInfo[]}} */
  const catalogue = await api.get("/api/games");
  const name = replay.record.game;
  const game = catalogue.games.find((g) => g.name === name) || { name, seat_names: [] };
  const boardRoot = h("div", { class: "board explore-board", id: "explore-board" });
  root.replaceChildren(
    h("h3", { id: "explore-heading" }, t("community.exploreHeading", { seq })),
    h("p", { class: "muted" }, t("community.exploreHint")),
    boardRoot,
    h("div", { id: "explore-info", "aria-live": "polite" }, h("p", { class: "status-line", id: "explore-status" })),
    h("div", { class: "explore-controls" },
      h("button", { type: "button", id: "explore-undo", disabled: true, onclick: () => step(explorer, explorer.branch.slice(0, -1)) },
        t("community.exploreUndo")),
      h("button", { type: "button", id: "explore-close", onclick: onClose }, t("community.exploreClose"))));
  root.hidden = false;
  /** @type {Explorer} */
  const explorer = {
    tableId, seq, branch: [], game, root, busy: false,
    board: await loadGameUi(name, boardRoot, {
      options: replay.record.options, geometry: replay.game?.geometry,
      seatNames: game.seat_names.map((_, seat) => seatName(game, seat)),
      interactive: true, panel: null, onAction: (action) => step(explorer, [...explorer.branch, action]),
    }),
  };
  await step(explorer, []);
}
