// A live table: seats, the board of the game's UI module, the move list; one WebSocket.
// This module starts the page; its parts are in js/table/: page-state.js (the `page` object),
// messages.js (the socket's messages), render.js (draw it all), seats-panel.js, status-line.js
// (and the hint), moves-list.js, clocks-view.js and offers-bar.js (the lifecycle's buttons).
//
// The server is authoritative: the page sends actions in the game's notation with the seq
// they claim, and draws only what the server broadcasts. After a disconnection it reconnects
// with the last seq it has seen and receives what it missed.
//
// Hot-seat: a user holding several seats plays them all from this page. The page acts for the
// "playing" seat (one of the user's seats that may act now), shows that seat's observation
// (the state's `observations`), and, in games with private information, puts a "pass the
// device to …" screen between two seats so that one player does not see another's choices.
//
// Long games: the server sends the latest moves when the page connects; older ones come in
// pages ({"type": "history", "before": seq}) when the moves list is scrolled to its top or
// "Load earlier moves" is clicked.
//
// Hint: the playing seat's person may ask the server (POST /api/tables/{id}/hint) for the
// computer's suggestion; it is shown beside the controls (and drawn on the board when the
// game module draws `hint`) while it answers for the seat's position (hints.js: other seats'
// hidden choices do not change it); after that it says it is stale and offers to ask again.
//
// Every game ends (docs/lifecycle.md): the page shows each person's clock (the state's
// `clocks`, counted down here from the moment it arrived), who is online (`presence`), the
// offers standing (`offers`), and the buttons that apply (lifecycle.js): abort, resign, draw,
// takeback, claim a leaver's seat, take one's seat back, and at the end rematch and "New
// game". The tab's title and an optional notification say when it is the viewer's turn
// (alerts.js).

import { onUserChange } from "./api.js";
import { byId as $, h, messageOf, toast } from "./dom.js";
import { setUpHeader } from "./header.js";
import { loadNamespaces, t } from "./i18n.js";
import { NO_OFFERS } from "./lifecycle.js";
import { page } from "./table/page-state.js";
import { connect } from "./table/messages.js";
import { loadEarlierMoves } from "./table/moves-list.js";
import { tickClocks } from "./table/clocks-view.js";
import { alertsToggle, tickPresence } from "./table/offers-bar.js";
import { boardShortcuts, rovingBoard } from "./board-keys.js";

/** Every 100 ms: the clocks, the claim countdowns, the offline durations. */
function tick() {
  tickClocks();
  tickPresence();
}

async function main() {
  await loadNamespaces("common", "community"); // community: the seats' "Report"
  $("board").setAttribute("tabindex", "-1");
  boardShortcuts(rovingBoard($("board")));
  // Each move in words for a screen reader (moves-list.js announceMoves).
  $("board").insertAdjacentElement("beforebegin", h("div", { id: "announcer", class: "visually-hidden", "aria-live": "polite" }));
  $("moves").insertAdjacentElement("beforebegin", h("button", {
    class: "small", id: "earlier-moves", hidden: true, onclick: () => loadEarlierMoves(true),
  }, t("common.loadEarlierMoves")));
  $("moves").addEventListener("scroll", () => {
    if ($("moves").scrollTop === 0) loadEarlierMoves();
  });
  $("board").insertAdjacentElement("afterend", h("div", { id: "handover", class: "handover", role: "dialog", "aria-modal": "false", "aria-labelledby": "handover-title" }));
  await setUpHeader();
  onUserChange(() => {
    // Seats depend on who is signed in: reconnect as the new user.
    page.seq = 0;
    page.moves = [];
    page.playing = null;
    page.handover = null;
    page.hint = null;
    page.seatViews = {};
    page.offers = NO_OFFERS;
    page.presence = {};
    page.confirming = null;
    page.turnBefore = null;
    page.socket?.restart();
  });
  $("table-meta").append(alertsToggle());
  setInterval(tick, 100);
  connect();
}

main().catch((problem) => toast(messageOf(problem)));
