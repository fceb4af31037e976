// Drawing the whole table page from its state.

import { byId as $ } from "../dom.js";
import { t } from "../i18n.js";
import { turnTitle } from "../alerts.js";
import { choosePlayingSeat, mySeatToAct, page, shownObservation } from "./page-state.js";
import { renderHandover, renderSeats, renderWaitingRoom, showClosed } from "./seats-panel.js";
import { currentHint, renderStatus } from "./status-line.js";
import { renderMoves } from "./moves-list.js";
import { renderClocks } from "./clocks-view.js";
import { renderLifecycle } from "./offers-bar.js";

/** Draw the whole page from its state. */
export function renderAll() {
  const table = page.table;
  if (!table) return;
  if (table.status === "abandoned" && !page.state) {
    // Closed before it started: everybody left, or nobody joined in time.
    showClosed(table.reason === "abandoned" ? t("common.tableExpired") : t("common.tableClosedEverybodyLeft"));
    return;
  }
  choosePlayingSeat();
  if (table.status === "open") renderWaitingRoom(table);
  else if (!$("board").querySelector("svg, pre, .board-root") && page.boardRoot) $("board").replaceChildren(...page.boardRoot);
  if (page.board && page.state && page.handover === null) {
    const seat = mySeatToAct();
    const over = table.status === "finished" || table.status === "abandoned";
    page.board.update({
      observation: shownObservation(),
      legal: seat === null ? [] : page.state.legal_actions[seat],
      actions: seat === null ? [] : page.state.legal?.[seat] ?? [],
      seat, you: page.you, toMove: over ? [] : page.state.to_move, terminal: page.state.terminal,
      returns: page.state.returns, last: page.moves.at(-1) || null,
      hint: currentHint()?.lines[0]?.action ?? null,
    });
  }
  renderHandover();
  // No empty cards in the waiting room: the game's panel and the moves come with the game.
  const waiting = table.status === "open";
  $("game-panel").hidden = waiting;
  const moves = document.querySelector(".moves-card");
  if (moves instanceof HTMLElement) moves.hidden = waiting;
  renderSeats(table);
  renderStatus();
  renderMoves();
  renderClocks();
  renderLifecycle();
  document.title = turnTitle(mySeatToAct() !== null, page.name);
}
