// The table page's socket: the server's messages by type, handled one at a time, in order,
// over socket.js's LiveSocket (reconnects, catching up from the last seq seen).

import { api } from "../api.js";
import { byId as $, h, rulesLink, toast } from "../dom.js";
import { gameText, gameTitle, seatName } from "../format.js";
import { LiveSocket, seqAfter } from "../socket.js";
import { tutorialLink } from "../tutorial-link.js";
import { loadGameUi } from "../games.js";
import { loadNamespaces, t } from "../i18n.js";
import { play, soundFor } from "../sounds.js";
import { nextSeatView } from "../hints.js";
import { alertsWanted, notify, permission, shouldNotify, turnTitle } from "../alerts.js";
import { act, mySeatToAct, page, settingsLine, tableId } from "./page-state.js";
import { renderAll } from "./render.js";
import { renderSeats, showClosed } from "./seats-panel.js";
import { moveOf, onHistory, renderMoves, revealHiddenMoves } from "./moves-list.js";
import { errorMessage, onOffers, onRematch, renderLifecycle, setOffers } from "./offers-bar.js";

/** @typedef {import("./moves-list.js").EventMessage} EventMessage */
/** @typedef {import("../types.js").GameEvent} GameEvent */
/** @typedef {import("../types.js").TableGameInfo} TableGameInfo */
/** @typedef {import("../types.js").GameInfo} GameInfo */
/** @typedef {import("../types.js").SeatPresence} SeatPresence */
/** @typedef {import("../types.js").Table} Table */
/** @typedef {import("../types.js").TableState} TableState */

/**
 * A "table" message: the table and the user's seats (the first one also loads the game's
 * texts and UI module).
 *
 * @param {{table: Table, you: number[], receivedAt?: number}} message
 */
async function onTable(message) {
  const first = page.table === null;
  const table = message.table;
  if (page.table?.status === "running" && table.status !== "running") page.endedAt = message.receivedAt ?? performance.now();
  // A page that connects sees the offers standing and who is online (docs/lifecycle.md).
  if (table.offers) setOffers(table.offers, !first);
  if (table.presence) setPresence(table.presence, message.receivedAt);
  page.table = table;
  page.you = message.you;
  if (first) {
    /** @type {{games: GameInfo[]}} */
    const catalogue = await api.get("/api/games");
    const game = catalogue.games.find((g) => g.name === table.game) || { name: table.game, seat_names: [] };
    page.game = game;
    // The game's strings load before its module, so the module can call t() synchronously.
    await loadNamespaces("common", table.game);
    page.gameSummary = gameText(game.name, "summary", game.summary || "");
    const title = gameTitle(game) || table.title;
    $("table-title").textContent = t("common.tableTitle", { game: title, id: tableId });
    $("head-links").replaceChildren(rulesLink(game) || "", " ", tutorialLink(game) || "");
    page.name = `${title} #${tableId}`;
    document.title = turnTitle(false, page.name);
    // The static game info (declaration, board/sheet geometry) is fixed for the table's life.
    /** @type {TableGameInfo} */
    const info = await api.get(`/api/tables/${tableId}/game`);
    page.board = await loadGameUi(table.game, $("board"), {
      options: table.options, geometry: info.geometry, seatNames: game.seat_names.map((_, seat) => seatName(game, seat)),
      interactive: true, panel: $("game-panel"), onAction: act,
    });
    page.boardRoot = [...$("board").childNodes];
  }
  $("table-settings").textContent = settingsLine(table);
  const tournament = table.settings?.tournament;
  // A tournament's game: the way back to its standings (once: a table message comes again
  // on every reconnection and change of seats).
  if (tournament !== undefined && tournament !== null && !document.getElementById("tournament-link")) {
    $("table-meta").append(" ", h("a", { href: `/tournaments/${tournament}`, id: "tournament-link" },
      t("common.backToTournament")));
  }
  renderAll();
  if (table.status === "finished") revealHiddenMoves();
}

/**
 * An "event" message: a move (catching up, or live with the new state).
 *
 * @param {EventMessage} message
 */
function onEvent(message) {
  if (message.seq > (page.moves.at(-1)?.seq ?? 0) + 1) page.moves = []; // a catch-up skipped older moves
  if (message.seq > page.seq || !page.moves.some((m) => m.seq === message.seq)) {
    page.moves = page.moves.filter((m) => m.seq < message.seq);
    page.moves.push(moveOf(message));
  }
  if (message.state) onState(message.state);
}

/** @returns {import("../sounds.js").Moment | null} what the sounds compare (sounds.js soundFor). */
const moment = () => page.state && {
  seq: page.state.seq, terminal: page.state.terminal, myTurn: mySeatToAct() !== null,
  seat: page.moves.at(-1)?.seat ?? null, event: page.moves.at(-1)?.event ?? null,
};

/** @param {TableState} state - the viewer's state (a "state" message). */
function onState(state) {
  const before = moment();
  state.receivedAt ??= performance.now();
  if (state.presence) setPresence(state.presence, state.receivedAt);
  /** @type {Record<number, import("../hints.js").SeatView>} */
  const views = {};
  for (const seat of page.you) views[seat] = nextSeatView(page.seatViews[seat], state.legal_actions[seat], state.seq);
  page.seatViews = views;
  page.state = state;
  renderAll();
  play(soundFor(before, /** @type {import("../sounds.js").Moment} */ (moment())));
  const myTurn = mySeatToAct() !== null;
  if (shouldNotify({ before: page.turnBefore, now: myTurn, hidden: document.hidden, wanted: alertsWanted(), permission: permission() })) {
    notify(turnTitle(true, page.name), t("common.alertBody", { table: page.name }), `connect-arena-table-${tableId}`);
  }
  page.turnBefore = myTurn;
}

/** @param {{seats: Record<string, SeatPresence>, receivedAt?: number}} message - who is online (a "presence" message). */
function onPresence(message) {
  setPresence(message.seats || {}, message.receivedAt);
  if (page.table) renderSeats(page.table);
  renderLifecycle();
}

/**
 * Keep who is online, counting from when it arrived.
 *
 * @param {Record<string, SeatPresence>} seats
 * @param {number} [receivedAt]
 */
function setPresence(seats, receivedAt) {
  page.presence = seats;
  page.presenceAt = receivedAt ?? performance.now();
}

/**
 * A takeback cut the log back to `seq`: the moves after it go (the table, the state and the
 * offers follow).
 *
 * @param {{seq: number}} message
 */
function onTakeback(message) {
  page.moves = page.moves.filter((move) => move.seq <= message.seq);
  page.hint = null;
  renderMoves();
}

/** @type {Record<string, (message: any) => unknown>} the server's messages by type */
const handlers = {
  table: onTable,
  event: onEvent,
  state: onState,
  history: onHistory,
  offers: onOffers,
  presence: onPresence,
  rematch: onRematch,
  takeback: onTakeback,
  /** @param {{code: string, message: string, event?: GameEvent}} message */
  // no such table: the page says so once (showClosed), no toast besides
  error: (message) => { if (message.code !== "not_found") toast(errorMessage(message)); },
  pong: () => {},
};

// Messages are handled one at a time, in order (the table message loads the game UI first);
// the last seq seen follows each message once handled (socket.js seqAfter).
/** @type {Promise<unknown>} */
let queue = Promise.resolve();

/**
 * A message of the table's socket: queued for its handler; chat.js hears it at once (a
 * "table-message" DOM event).
 *
 * @param {any} message
 * @param {number} receivedAt - performance.now() when it arrived: clocks and countdowns count
 *   from then, not from when the queue reaches it.
 */
function onMessage(message, receivedAt) {
  message.receivedAt = receivedAt;
  if (message.state) message.state.receivedAt = receivedAt;
  const handler = Object.hasOwn(handlers, message.type) ? handlers[message.type] : undefined;
  queue = queue.then(() => handler?.(message)).catch((e) => console.error(e))
    .then(() => { page.seq = seqAfter(page.seq, message); });
  document.dispatchEvent(new CustomEvent("table-message", { detail: message })); // chat.js
  if (message.type === "error" && message.code === "not_found") page.closed = true;
}

/** Follow /ws/tables/{id}: socket.js reconnects, asking for the events after the last seq seen. */
export function connect() {
  const connection = $("connection");
  page.socket = new LiveSocket(`/ws/tables/${tableId}`, {
    since: () => page.seq,
    onMessage,
    onOpen: () => {
      page.historyBefore = null; // a page asked for on the last connection will not come
      connection.textContent = t("common.connectionLive");
      connection.className = "connection live";
    },
    keepGoing: () => !page.closed,
    onClose: () => {
      connection.textContent = page.closed ? "" : t("common.reconnecting");
      connection.className = "connection off";
      if (page.closed && page.table?.status !== "abandoned") showClosed(t("common.noSuchTable", { id: tableId }));
    },
  });
  page.socket.start();
}
