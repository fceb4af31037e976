// The table page's state (one `page` object) and what reads it: the seats the viewer may act
// for, the observation shown, sending to the server (table.js has the overview).

import { toast } from "../dom.js";
import { listText, seatName, seatPlayerText } from "../format.js";
import { eventText, t } from "../i18n.js";
import { choosePlayingSeat as chooseSeat } from "../seats.js";
import { timeControlText } from "../clock.js";
import { NO_OFFERS, settingsTexts } from "../lifecycle.js";

/** @typedef {import("../socket.js").LiveSocket} LiveSocket */
/** @typedef {import("../types.js").Board} Board */
/** @typedef {import("../types.js").GameEvent} GameEvent */
/** @typedef {import("../types.js").GameInfo} GameInfo */
/** @typedef {import("../types.js").Hint} Hint */
/** @typedef {import("../types.js").Move} Move */
/** @typedef {import("../types.js").Offers} Offers */
/** @typedef {import("../types.js").SeatPresence} SeatPresence */
/** @typedef {import("../types.js").Table} Table */
/** @typedef {import("../types.js").TableState} TableState */

/**
 * The page's state.
 * @typedef {object} Page
 * @property {Table | null} table
 * @property {number[]} you - the user's seats.
 * @property {number} seq - the last seq seen.
 * @property {TableState | null} state
 * @property {Move[]} moves
 * @property {LiveSocket | null} socket
 * @property {Board | null} board
 * @property {GameInfo | null} game
 * @property {boolean} closed - no such table: do not reconnect.
 * @property {number | null} playing - the seat this page acts for and shows (hot-seat: one of several).
 * @property {number | null} handover - the seat the device is being passed to (private games, hot-seat).
 * @property {Hint | null} hint - the last hint answered.
 * @property {Record<number, import("../hints.js").SeatView>} seatViews - the user's seats' legal
 *   actions and since when (hints.js), for telling whether the hint still holds.
 * @property {boolean} hinting - a hint request is under way.
 * @property {number | null} historyBefore - the seq of a history page asked for on this connection and not yet answered.
 * @property {string} gameSummary
 * @property {ChildNode[] | null} boardRoot - the board's nodes (put back after the waiting room).
 * @property {Offers} offers - the offers standing (draw, takeback, rematch).
 * @property {Record<string, SeatPresence>} presence - the people's connections, by seat.
 * @property {number} presenceAt - when the presence arrived (performance.now(), ms).
 * @property {{kind: string, seat?: number} | null} confirming - a request waiting for "Yes".
 * @property {{kind: string, at: number} | null} lastRequest - the last lifecycle message sent
 *   (a refusal that follows it is explained by its kind).
 * @property {boolean | null} turnBefore - whether it was the viewer's turn (null: no state yet).
 * @property {string} name - the table's name, "Quinque #12".
 * @property {number | null} rematchTable - a rematch table was opened (spectators may follow).
 * @property {number | null} endedAt - when the page heard that the game ended (performance.now(), ms).
 */

export const tableId = Number(location.pathname.split("/")[2]);

/** @type {Page} */
export const page = {
  table: null, you: [], seq: 0, state: null, moves: [], socket: null, board: null,
  game: null, closed: false,
  playing: null, // the seat this page acts for and shows (hot-seat: one of several)
  handover: null, // the seat the device is being passed to (private games, hot-seat)
  hint: null, // {seq, seat, legal, lines} of the last hint answered
  seatViews: {},
  hinting: false, // a hint request is under way
  gameSummary: "",
  boardRoot: null,
  historyBefore: null, // the seq of a history page asked for and not yet answered
  offers: NO_OFFERS,
  presence: {},
  presenceAt: 0,
  confirming: null,
  lastRequest: null,
  turnBefore: null,
  name: `#${tableId}`,
  rematchTable: null,
  endedAt: null,
};

/**
 * A seat in the status line: "Red · Ann".
 *
 * @param {number} seat
 * @returns {string}
 */
export const seatLabel = (seat) => seatPlayerText(page.game, seat, page.table?.seats[seat]);

export const hotSeat = () => page.you.length > 1;

export const privateGame = () => Boolean(page.game?.private_information);

/**
 * Send a message on the table's socket; when it is not connected, say so.
 *
 * @param {Record<string, unknown>} message - a client message (docs/server.md).
 * @returns {boolean} whether it was sent.
 */
export function send(message) {
  const sent = Boolean(page.socket?.send(message));
  if (!sent) toast(t("common.notConnected"));
  return sent;
}

/**
 * Send an action of the playing seat, claiming the next seq.
 *
 * @param {string} text - the action in the game's notation.
 */
export function act(text) {
  if (page.handover !== null) return;
  const seat = hotSeat() && page.playing !== null ? { seat: page.playing } : {};
  send({ type: "action", seq: page.seq + 1, action: text, ...seat });
}

/** @returns {number[]} the user's seats that may act now, in seat order. */
function activeSeats() {
  const state = page.state;
  if (!state || state.terminal || page.table?.status !== "running") return [];
  return Object.keys(state.legal_actions).map(Number).sort((a, b) => a - b);
}

/** @returns {number | null} the seat this page acts for now, or null (not the user's turn, or
 * the device is being passed). */
export function mySeatToAct() {
  if (page.handover !== null || page.playing === null) return null;
  return activeSeats().includes(page.playing) ? page.playing : null;
}

/** Choose the playing seat after a new state (seats.js choosePlayingSeat). */
export function choosePlayingSeat() {
  const chosen = chooseSeat(page, {
    active: activeSeats(), you: page.you, started: page.state !== null, terminal: Boolean(page.state?.terminal),
    screen: hotSeat() && privateGame(),
  });
  page.playing = chosen.playing;
  page.handover = chosen.handover;
}

/** @returns {unknown} the observation the board shows: the playing seat's (hot-seat), else
 * the server's choice. */
export function shownObservation() {
  const state = page.state;
  if (!state) return null;
  const seat = page.handover ?? page.playing;
  return (seat === null ? undefined : state.observations?.[seat]) ?? state.observation;
}

/**
 * An action in words: the server's description (a structured event) translated, else the game
 * module's own description, else its notation.
 *
 * @param {string} action
 * @param {number} seat
 * @param {GameEvent | null} [event]
 * @returns {string}
 */
export const actionText = (action, seat, event = null) =>
  eventText(event, (s) => seatName(page.game, s), listText) || page.board?.describe?.(action, seat) || action;

/**
 * @param {number[]} seats
 * @returns {string} "Blue" or "Red and Green".
 */
export const seatsText = (seats) => listText(seats.map((seat) => seatName(page.game, seat)));

/**
 * A table's settings in one line: "5+3 · Casual", "2 days per move · Rated · no hints".
 *
 * @param {Table} table
 * @returns {string}
 */
export const settingsLine = (table) => settingsTexts(table.settings, timeControlText).join(" · ");

/** @returns {import("../types.js").TimeControl | undefined} the table's clock. */
export const timeControl = () => page.table?.settings?.time_control;
