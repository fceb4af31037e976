// The board shell of the pages that play a script checked by the server (tutorials, puzzles):
// the game's board module, the status line above it and the pass button below it. The page
// says which seats the player holds and whether the script is over; the shell never parses
// notation (the board module and `shellActions` read the server's structured actions).

import { byId as $, h } from "./dom.js";
import { shellActions } from "./games.js";
import { t } from "./i18n.js";

/** @typedef {import("./types.js").Board} Board */
/** @typedef {import("./types.js").TableState} TableState */
/** @typedef {import("./types.js").GameEvent} GameEvent */

/**
 * @typedef {object} ShellView
 * @property {Board} board - the game's board module
 * @property {TableState} state - the state message the server sent
 * @property {number[]} you - the seats the player holds
 * @property {number} seat - the seat to draw as acting when one of `you` is to move
 * @property {boolean} over - the script is over: nothing more to play, the board's prompts hidden
 * @property {{seq: number, seat: number, action: string, event: GameEvent | null} | undefined} last - the last move
 * @property {(seat: number) => string} seatText - a seat's name
 * @property {(action: string) => void} onPass - play the pass action
 * @property {string | null} [hint] - the board's suggestion (a tutorial's expected action)
 * @property {string[]} [expected] - actions to mark "tutorial-expected" on the pass button
 * @property {string} [shortcut] - the pass button's aria-keyshortcuts
 */

/**
 * Draw the board for `view.seat`, the "your turn" status line and the pass button
 * (#board, #status, #controls).
 *
 * @param {ShellView} view
 */
export function renderShell(view) {
  const { board, state, you, seat, over, last } = view;
  const mine = !over && !state.terminal && state.to_move.includes(seat);
  const legal = mine ? state.legal_actions[String(seat)] ?? [] : [];
  const actions = mine ? state.legal?.[String(seat)] ?? [] : [];
  board.update({
    observation: state.observation, legal, actions, seat: mine ? seat : null, you, toMove: state.to_move,
    terminal: state.terminal, returns: state.returns,
    last: last ? { seq: last.seq, seat: last.seat, action: last.action, event: last.event, simultaneous: false } : null,
    hint: mine ? view.hint ?? null : null,
  });
  // Once over, the coach speaks alone: the status line is hidden and the board's own prompts
  // ("Waiting for the dice…") say nothing more (tutorial.css).
  $("board").classList.toggle("tutorial-over", over);
  const status = $("status");
  status.hidden = !mine;
  status.textContent = mine
    ? t("common.yourTurn", { seat: view.seatText(seat), hint: board.turnHint?.(state.observation, legal, actions) || t("common.chooseAnAction") })
    : "";
  status.className = `status ${mine ? "yours" : "over"}`;
  const controls = [];
  const [pass] = mine ? shellActions(actions) : [];
  if (pass !== undefined) {
    const label = board.passLabel?.(state.observation) || t("common.pass");
    const expected = (view.expected ?? []).includes(pass);
    controls.push(h("button", {
      class: `primary ${expected ? "tutorial-expected" : ""}`.trim(), id: "end-turn",
      "aria-keyshortcuts": view.shortcut || null, onclick: () => view.onPass(pass),
    }, label));
  }
  $("controls").replaceChildren(...controls);
}
