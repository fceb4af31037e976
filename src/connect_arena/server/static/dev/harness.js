// The game UI harness: loads a game's UI module the way the table page does, without a server,
// so that a test can feed it positions and ask what it offers.
//
//   await __harness.load(game, context, module = game)  → {game, offers: board has offered()}
//       context: merged over {options: {}, seatNames: [], interactive: true}; the game's
//       namespace is loaded first, as on the table page; `module` picks another UI module
//       (e.g. "generic", to test the generic UI on any game).
//   __harness.update(data)               → data as table.js passes it to board.update:
//       {observation, legal, actions, seat, you, toMove, terminal, returns, last}
//   __harness.offered()                  → the sorted complete actions offered: the board's
//       offered() plus the page's own buttons (shellActions: "pass"); null without offered().
//   __harness.sent                       → actions the board asked to send (onAction).

import { loadGameUi, shellActions } from "../js/games.js";
import { byId as $ } from "../js/dom.js";
import { loadNamespaces } from "../js/i18n.js";

/** @typedef {import("../js/types.js").Board} Board */
/** @typedef {import("../js/types.js").BoardContext} BoardContext */
/** @typedef {import("../js/types.js").BoardUpdate} BoardUpdate */

/** @type {Board | null} */
let board = null;
/** @type {import("../js/types.js").LegalAction[]} */
let actions = [];

const harness = {
  /** @type {string[]} */
  sent: [],
  /**
   * @param {string} game
   * @param {Partial<BoardContext>} [context]
   * @param {string} [module]
   * @returns {Promise<{game: string, offers: boolean}>}
   */
  async load(game, context = {}, module = game) {
    await loadNamespaces("common", game);
    $("harness-title").textContent = game;
    harness.sent = [];
    board = await loadGameUi(module, $("board"), {
      options: {}, seatNames: [], interactive: true, panel: $("game-panel"),
      onAction: (action) => harness.sent.push(action),
      ...context,
    });
    actions = [];
    return { game, offers: typeof board.offered === "function" };
  },
  /** @param {BoardUpdate} data */
  update(data) {
    if (!board) throw new Error("load() a game first");
    actions = data.actions || [];
    board.update(data);
  },
  /** @returns {string[] | null} */
  offered() {
    if (typeof board?.offered !== "function") return null;
    const offered = new Set(board.offered());
    for (const action of shellActions(actions)) offered.add(action); // the page's pass button
    return [...offered].sort();
  },
};

Object.assign(window, { __harness: harness });
