// The table page's list of moves, its record and replay links, and pages of older moves.

import { byId as $, h } from "../dom.js";
import { listText, seatClass, seatName } from "../format.js";
import { eventText, t } from "../i18n.js";
import { hiddenMove, mergeMoves, revealRequest } from "../seats.js";
import { actionText, hotSeat, page, privateGame, send, tableId } from "./page-state.js";

/** @typedef {import("../types.js").GameEvent} GameEvent */
/** @typedef {import("../types.js").Move} Move */
/** @typedef {import("../types.js").TableState} TableState */

/**
 * Whether a move's action is hidden on this page (seats.js hiddenMove).
 *
 * @param {Move} move
 * @returns {boolean}
 */
function hiddenHere(move) {
  return hiddenMove(move, {
    playing: page.playing, handover: page.handover, screen: hotSeat() && privateGame(),
    running: page.table?.status === "running",
  });
}

/**
 * Ask for the page of moves before the first one shown. Scrolling to the top asks once (it
 * fires again and again there); a click asks again, since a request may go unanswered (sent on
 * a connection that then closed, or dropped over the rate limit): a page that comes twice
 * merges once (onHistory).
 *
 * @param {boolean} [again] - ask even if this page was asked for and has not come yet.
 */
export function loadEarlierMoves(again = false) {
  const first = page.moves[0]?.seq;
  if (!first || first <= 1 || (page.historyBefore === first && !again)) return;
  if (!again && !page.socket?.isOpen) return; // offline: the scroll asks nothing, says nothing
  if (send({ type: "history", before: first, limit: 200 })) page.historyBefore = first;
}

/**
 * A move in words: the translated event (which names its seat), else the mover and the
 * action's text; a hidden action says so.
 *
 * @param {Move} move
 * @returns {{who: string | null, text: string}} who: the mover to show in front, or null
 */
function moveWords(move) {
  const hidden = !move.action || hiddenHere(move);
  const described = hidden ? null : eventText(move.event, (s) => seatName(page.game, s), listText);
  const text = hidden ? t("common.hiddenAction") : described || actionText(move.action ?? "", move.seat);
  return { who: described ? null : move.seat < 0 ? t("common.chance") : seatName(page.game, move.seat), text };
}

/** The seq of the last move announced; null until the page has the game's state. */
let announced = /** @type {number | null} */ (null);
const ANNOUNCE_AT_MOST = 4; // more new moves at once is a page of history or a reconnection

/** Say the moves that just came in words, for a screen reader (#announcer, aria-live). */
function announceMoves() {
  if (!page.state) return; // no game yet
  const last = page.moves.at(-1)?.seq ?? 0;
  const fresh = announced === null ? [] : page.moves.filter((move) => move.seq > /** @type {number} */ (announced));
  announced = Math.max(announced ?? 0, last);
  const region = document.getElementById("announcer");
  if (!region || !fresh.length || fresh.length > ANNOUNCE_AT_MOST) return;
  region.textContent = fresh.map((move) => {
    const { who, text } = moveWords(move);
    return who ? `${who}: ${text}` : text;
  }).join(". ");
}

/** The list of moves, and the record and replay links. */
export function renderMoves() {
  const list = $("moves");
  $("earlier-moves").hidden = !(page.moves[0]?.seq > 1);
  list.replaceChildren(...page.moves.map((move) => {
    const { who, text } = moveWords(move);
    return h("li", { value: move.seq, class: move.seat < 0 ? "chance" : seatClass(page.game, move.seat) },
      who === null ? null : h("span", { class: "mover" }, who), who === null ? null : " ", h("span", { class: "move-text" }, text));
  }));
  announceMoves();
  list.scrollTop = list.scrollHeight;
  const links = [];
  if (page.table?.status !== "open") {
    links.push(h("a", { class: "button link", href: `/api/tables/${tableId}/record`, id: "download-record", download: "" },
      t("common.downloadRecord")));
  }
  if (page.table?.status === "finished") {
    links.push(h("a", { class: "button", href: `/tables/${tableId}/replay`, id: "replay-link" }, t("common.replayThisGame")));
  }
  if (page.table?.status === "running" && privateGame()) {
    // The server leaves out the choices of the phase under way (service/records.py).
    links.push(h("p", { class: "hint", id: "record-note" }, t("common.recordSoFarNote")));
  }
  $("links").replaceChildren(...links);
}

/**
 * The fields of an "event" message (and of the events in a page of history).
 *
 * @typedef {{seq: number, seat: number, action: string | null, event?: GameEvent | null, simultaneous?: boolean, state?: TableState}} EventMessage
 */

/**
 * The move of an event message (live, or from a page of history).
 *
 * @param {EventMessage} message
 * @returns {Move}
 */
export const moveOf = (message) => ({
  seq: message.seq, seat: message.seat, action: message.action, event: message.event || null,
  simultaneous: Boolean(message.simultaneous),
});

/**
 * A page of older moves: put them first, keeping the list where it was scrolled; moves shown
 * without their action take it (a finished game reveals them, see revealHiddenMoves).
 *
 * @param {{events: EventMessage[]}} message
 */
export function onHistory(message) {
  page.historyBefore = null;
  const merged = mergeMoves(page.moves, message.events.map(moveOf));
  if (merged.every((move, i) => move === page.moves[i]) && merged.length === page.moves.length) return;
  const list = $("moves");
  const fromBottom = list.scrollHeight - list.scrollTop;
  page.moves = merged;
  renderMoves();
  list.scrollTop = list.scrollHeight - fromBottom;
}

/** Once the game is over, ask again for the moves shown without their action (another seat's
 * hidden choices): the server now reveals them ("Red (hidden)" no longer lingers). */
export function revealHiddenMoves() {
  const request = revealRequest(page.moves);
  if (request) send(request);
}
