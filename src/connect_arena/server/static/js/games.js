// Game UI modules plug in by game name: /static/games/<name>.js, else the generic one.
//
// A module's default export is `create(root, context)` returning a board:
//   context: {options, seatNames, interactive, panel, onAction(text)}
//            (seatNames are already in the page's language)
//   board.update({observation, legal, actions, seat, you, toMove, terminal, returns, last, hint})
//            (actions: the legal actions as {notation, parts}, which a board reads instead of
//            parsing notation (legal: the same notations); hint: the action the computer
//            suggests to the seat, or null; a board may draw it: the legal action of that
//            notation)
//   optional: board.seatDetail(seat), board.turnHint(observation, legal, actions),
//             board.passLabel(observation), board.resultDetail(observation),
//             board.describe(action, seat),
//             board.offered(): the sorted list of complete actions (canonical notation) that
//               the board lets a person choose right now, by clicking, dragging, typing-free
//               controls or the keyboard; [] when it offers nothing (not interactive, not the
//               seat's turn). The page's own "pass" button is added by shellActions(), so a
//               board need not offer "pass" itself. tests/e2e/test_offered.py checks, through
//               /static/dev/harness.html, that offered() ∪ shellActions(actions) == legal.
// The same contract, as types: Board, BoardContext and BoardUpdate in types.js.
//
// Texts: the page has awaited loadNamespaces("common", <game>) before create() runs, so a
// module calls t("<game>.key") synchronously (static/js/i18n.js).

/** @typedef {import("./types.js").Board} Board */
/** @typedef {import("./types.js").BoardContext} BoardContext */
/** @typedef {(root: HTMLElement, context: BoardContext) => Board} CreateBoard */

/**
 * Load a game's UI module (else the generic one) and create its board in `root`.
 *
 * @param {string} game - the game's name.
 * @param {HTMLElement} root
 * @param {BoardContext} context
 * @returns {Promise<Board>}
 */
export async function loadGameUi(game, root, context) {
  /** @type {{default: CreateBoard}} */
  let module;
  try {
    module = await import(`../games/${encodeURIComponent(game)}.js`);
  } catch {
    module = await import("../games/generic.js");
  }
  return module.default(root, context);
}

/**
 * The actions the table page itself offers beside the board: its "pass" button (labelled by
 * board.passLabel) whenever a pass (an action of kind "pass") is legal.
 *
 * @param {import("./types.js").LegalAction[]} actions - the seat's legal actions with parts.
 * @returns {string[]} their notations.
 */
export function shellActions(actions) {
  return actions.filter((action) => action.parts.kind === "pass").map((action) => action.notation);
}
