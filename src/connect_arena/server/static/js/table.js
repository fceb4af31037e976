// A live table: seats, the board of the game's UI module, the move list; one WebSocket.
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

import { api, currentUser, onUserChange } from "./api.js";
import { byId as $, h, messageOf, rulesLink, toast } from "./dom.js";
import {
  agentLabel, errorText, gameText, gameTitle, hintValueText, listText, optionLabel, optionValueText, playerName,
  resultText, seatClass, seatName, seatPlayerText,
} from "./format.js";
import { LiveSocket, seqAfter } from "./socket.js";
import { setUpHeader } from "./header.js";
import { tutorialLink } from "./tutorial-link.js";
import { loadGameUi, shellActions } from "./games.js";
import { eventText, loadNamespaces, t } from "./i18n.js";
import { choosePlayingSeat as chooseSeat, hiddenMove } from "./seats.js";
import { play, soundFor } from "./sounds.js";
import { hintStatus, nextSeatView } from "./hints.js";
import { clocksNow, countdown, formatClock, formatDuration, lowTime, timeControlText } from "./clock.js";
import { choices, endReasonText, NO_OFFERS, noteTexts, settingsTexts, sidesOf } from "./lifecycle.js";
import { alertsWanted, askPermission, notify, permission, setAlertsWanted, shouldNotify, turnTitle } from "./alerts.js";

/** @typedef {import("./types.js").Board} Board */
/** @typedef {import("./types.js").GameEvent} GameEvent */
/** @typedef {import("./types.js").TableGameInfo} TableGameInfo */
/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./types.js").Hint} Hint */
/** @typedef {import("./types.js").HintLine} HintLine */
/** @typedef {import("./types.js").Move} Move */
/** @typedef {import("./types.js").Offers} Offers */
/** @typedef {import("./types.js").SeatPresence} SeatPresence */
/** @typedef {import("./types.js").Table} Table */
/** @typedef {import("./types.js").TableState} TableState */

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
 * @property {Record<number, import("./hints.js").SeatView>} seatViews - the user's seats' legal
 *   actions and since when (hints.js), for telling whether the hint still holds.
 * @property {boolean} hinting - a hint request is under way.
 * @property {number | null} historyBefore - the seq of a history page asked for and not yet answered.
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

const tableId = Number(location.pathname.split("/")[2]);
/** @type {Page} */
const page = {
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
const seatLabel = (seat) => seatPlayerText(page.game, seat, page.table?.seats[seat]);
const hotSeat = () => page.you.length > 1;
const privateGame = () => Boolean(page.game?.private_information);

/** @param {Record<string, unknown>} message - a client message (docs/server.md). */
function send(message) {
  if (!page.socket?.send(message)) toast(t("common.notConnected"));
}

/**
 * Send an action of the playing seat, claiming the next seq.
 *
 * @param {string} text - the action in the game's notation.
 */
function act(text) {
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
function mySeatToAct() {
  if (page.handover !== null || page.playing === null) return null;
  return activeSeats().includes(page.playing) ? page.playing : null;
}

/** Choose the playing seat after a new state (seats.js choosePlayingSeat). */
function choosePlayingSeat() {
  const chosen = chooseSeat(page, {
    active: activeSeats(), you: page.you, started: page.state !== null, terminal: Boolean(page.state?.terminal),
    screen: hotSeat() && privateGame(),
  });
  page.playing = chosen.playing;
  page.handover = chosen.handover;
}

/** The "pass the device to …" screen, while the page waits for the next seat's player. */
function renderHandover() {
  const handover = $("handover");
  const seat = page.handover;
  $("main").classList.toggle("handing-over", seat !== null);
  if (seat === null) {
    handover.replaceChildren();
    return;
  }
  const ready = h("button", { class: "primary big", id: "handover-ready", onclick: () => {
    page.playing = seat;
    page.handover = null;
    renderAll();
    $("board").focus({ preventScroll: true });
  } }, t("common.handoverReady", { seat: seatName(page.game, seat) }));
  handover.replaceChildren(
    h("span", { class: `swatch huge ${seatClass(page.game, seat)}`, "aria-hidden": "true" }),
    h("h2", { id: "handover-title" }, t("common.handoverTitle", { seat: seatName(page.game, seat) })),
    h("p", {}, t("common.handoverText")),
    ready);
  if (!handover.contains(document.activeElement)) ready.focus();
}

/**
 * The seats: who sits there, whose turn it is, and the join and leave buttons.
 *
 * @param {Table} table
 */
function renderSeats(table) {
  const user = currentUser();
  const toMove = page.state && !page.state.terminal ? page.state.to_move : [];
  const items = table.seats.map((seat) => {
    const mine = user !== null && seat.user_id === user.id;
    const buttons = [];
    if (table.status === "open" && seat.kind === "open" && user && page.you.length === 0) {
      buttons.push(h("button", { class: "primary small", id: `join-${seat.seat}`,
        onclick: () => api.post(`/api/tables/${tableId}/join`, { seat: seat.seat }).catch((e) => toast(e.message)) },
      t("common.sitHere")));
    }
    if (table.status === "open" && mine) {
      buttons.push(h("button", { class: "small", id: `leave-${seat.seat}`, onclick: () => leaveSeat(seat.seat) },
        t("common.leave")));
    }
    const detail = page.board?.seatDetail?.(seat.seat);
    const who = seat.kind === "open" ? h("i", {}, t("common.openSeat")) : playerName(seat);
    const playing = hotSeat() && mine && page.playing === seat.seat && page.handover === null && toMove.length;
    const tags = [];
    if (mine) tags.push(h("span", { class: "tag" }, t("common.you")));
    if (playing) tags.push(h("span", { class: "tag playing" }, t("common.playingNow")));
    if (seat.takeover) {
      tags.push(h("span", { class: "tag takeover", id: `takeover-${seat.seat}` },
        t("common.computerPlaysSeat", { agent: agentLabel(seat.takeover) })));
    }
    return h("li", { class: `seat ${toMove.includes(seat.seat) ? "to-move" : ""} ${mine ? "mine" : ""}`, dataset: { seat: seat.seat } },
      h("span", { class: `swatch big ${seatClass(page.game, seat.seat)}`, "aria-hidden": "true" }),
      h("div", { class: "seat-text" },
        h("div", {}, h("b", {}, seatName(page.game, seat.seat)), " · ", who, tags),
        detail ? h("div", { class: "muted" }, detail) : null,
        presenceLine(seat.seat)),
      toMove.includes(seat.seat)
        ? h("span", { class: "turn-dot", title: t("common.toMoveShort"), role: "img", "aria-label": t("common.toMoveShort") })
        : null,
      buttons);
  });
  $("seats").replaceChildren(...items);
}

/**
 * A person's connection under their seat: "online", or "offline for 2:10" (counted on by the
 * tick); nothing before the server said (and for computer seats).
 *
 * @param {number} seat
 * @returns {HTMLElement | null}
 */
function presenceLine(seat) {
  const presence = page.presence[String(seat)];
  if (!presence || page.table?.status !== "running") return null;
  return h("div", { class: `presence ${presence.online ? "online" : "offline"}`, id: `presence-${seat}` },
    h("span", { class: "presence-dot", "aria-hidden": "true" }),
    h("span", { class: "presence-text" }, presenceText(presence)));
}

/**
 * @param {SeatPresence} presence
 * @returns {string} "online", "offline", "offline for 1:05".
 */
function presenceText(presence) {
  if (presence.online) return t("common.online");
  if (presence.away === null || presence.away === undefined) return t("common.offline");
  return t("common.offlineFor", { time: formatDuration(awaySince(presence)) });
}

/**
 * @param {SeatPresence} presence
 * @returns {number} seconds offline now.
 */
function awaySince(presence) {
  return (presence.away ?? 0) + Math.max(0, performance.now() - page.presenceAt) / 1000;
}

/**
 * Leave a seat of an open table. When nobody is left seated the server closes the table: the
 * page then goes back to the lobby, which says so (lobby.js LEFT_NOTICE).
 *
 * @param {number} seat
 */
async function leaveSeat(seat) {
  try {
    /** @type {{table: Table}} */
    const answer = await api.post(`/api/tables/${tableId}/leave`, { seat });
    if (answer.table.status === "abandoned") {
      page.closed = true;
      sessionStorage.setItem("connect-arena-notice", t("common.tableClosedYouLeft", { id: tableId }));
      location.href = "/";
    }
  } catch (problem) {
    toast(messageOf(problem));
  }
}

/**
 * The page of a table that is gone (closed when everybody left, or never was): the reason and
 * the way back to the lobby, instead of an empty board.
 *
 * @param {string} text
 */
function showClosed(text) {
  page.closed = true;
  const status = $("status");
  status.textContent = text;
  status.className = "status over";
  $("board").replaceChildren(h("div", { class: "waiting-room closed-table" },
    h("p", {}, text), h("a", { class: "button primary", href: "/", id: "back-to-lobby" }, t("common.backToLobby"))));
  for (const id of ["controls", "seats", "links"]) $(id).replaceChildren();
}

/** @returns {unknown} the observation the board shows: the playing seat's (hot-seat), else
 * the server's choice. */
function shownObservation() {
  const state = page.state;
  if (!state) return null;
  const seat = page.handover ?? page.playing;
  return (seat === null ? undefined : state.observations?.[seat]) ?? state.observation;
}

/**
 * The status line and its kind (a CSS class): waiting, yours, theirs or over.
 *
 * @param {Table} table
 * @returns {[text: string, kind: string]}
 */
function statusText(table) {
  const state = page.state;
  if (table.status === "open") {
    const open = table.seats.filter((s) => s.kind === "open").length;
    return [open === 1 ? t("common.waitingForOne") : t("common.waitingForMany", { n: open }), "waiting"];
  }
  if (table.status === "finished" || table.status === "abandoned" || state?.terminal) {
    // The rules ended it (the game module's detail says how), or a person did (the reason).
    const natural = Boolean(state?.terminal) && (!table.reason || table.reason === "normal");
    const detail = natural ? page.board?.resultDetail?.(state?.observation) || "" : endReasonText(table, seatLabel);
    const result = resultText(table.returns ?? state?.returns, seatLabel, page.game);
    return [[result, detail].filter(Boolean).join(" — ") || t("common.gameOver"), "over"];
  }
  if (!state) return ["", ""];
  if (page.handover !== null) {
    return [t("common.handoverStatus", { seat: seatName(page.game, page.handover) }), "yours"];
  }
  const mine = mySeatToAct();
  if (mine !== null) {
    const hint = page.board?.turnHint?.(shownObservation(), state.legal_actions[mine]) || t("common.chooseAnAction");
    return [t("common.yourTurn", { seat: seatName(page.game, mine), hint }), "yours"];
  }
  const others = listText(state.to_move.map(seatLabel));
  const computer = state.to_move.some((s) => table.seats[s]?.kind === "computer" || Boolean(table.seats[s]?.takeover));
  if (!state.to_move.length) return [t("common.chanceToMove"), "theirs"];
  return [computer ? t("common.othersToMoveComputer", { seats: others }) : t("common.othersToMove", { seats: others }), "theirs"];
}

/**
 * The hint of the seat this page acts for, and whether it answers for the seat's position.
 *
 * @returns {{hint: Hint, status: "current" | "stale"} | null}
 */
function shownHint() {
  const seat = mySeatToAct();
  const hint = page.hint;
  if (!hint || seat === null || hint.seat !== seat) return null;
  const status = hintStatus(hint, page.seatViews[seat]);
  return status === "gone" ? null : { hint, status };
}

/** @returns {Hint | null} the hint for the seat this page acts for, if it still holds. */
function currentHint() {
  const shown = shownHint();
  return shown?.status === "current" ? shown.hint : null;
}

/** Ask the server for the computer's suggestion to the playing seat (POST .../hint). */
async function askHint() {
  const seat = mySeatToAct();
  if (seat === null || page.hinting) return;
  page.hinting = true;
  renderStatus();
  try {
    page.hint = await api.post(`/api/tables/${tableId}/hint`, { seat });
  } catch (error) {
    toast(messageOf(error));
  } finally {
    page.hinting = false;
  }
  renderAll();
  const box = shownHint() ? $("hint") : null;
  box?.scrollIntoView({ block: "nearest" });
  box?.focus({ preventScroll: true });
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
const actionText = (action, seat, event = null) =>
  eventText(event, (s) => seatName(page.game, s), listText) || page.board?.describe?.(action, seat) || action;

/** @param {HintLine} line @returns {string} its value for people (format.js hintValueText). */
const valueText = (line) => hintValueText(line.value);

/**
 * The hint under the board: the suggestion and its value, the expected line, the next best.
 *
 * @param {Hint} hint
 * @returns {HTMLElement}
 */
function hintBox(hint) {
  const [best, ...others] = hint.lines;
  if (!best) return h("div", { class: "hint-box", id: "hint", tabindex: "-1" }, t("common.hintNone"));
  const events = best.principal_events || [];
  const rest = best.principal.slice(1, 5).map((action, i) => actionText(action, -1, events[i + 1]));
  return h("div", { class: "hint-box", id: "hint", tabindex: "-1" },
    h("div", {}, h("b", {}, t("common.hintSuggestion", { action: actionText(best.action, hint.seat, best.event) })),
      " · ", h("span", { class: "hint-value" }, valueText(best))),
    rest.length ? h("div", { class: "muted" }, t("common.hintLine", { line: rest.join(", ") })) : null,
    others.length
      ? h("div", { class: "muted" }, t("common.hintOthers", {
        actions: listText(others.map((line) => `${actionText(line.action, hint.seat, line.event)} (${valueText(line)})`)),
      }))
      : null,
    // The suggestion is the move searched most (MCTS): a little-searched one may show a better
    // but rough score; say so when it happens.
    others.some((line) => line.value > best.value) ? h("div", { class: "muted", id: "hint-ranked" }, t("common.hintRanked")) : null);
}

/** @returns {HTMLElement} the box of a hint the position has outgrown, with "Ask again". */
function staleHintBox() {
  return h("div", { class: "hint-box stale", id: "hint", tabindex: "-1" },
    h("span", {}, t("common.hintStale")), " ",
    h("button", { class: "small", id: "hint-again", onclick: askHint, disabled: page.hinting },
      page.hinting ? t("common.hintThinking") : t("common.hintAgain")));
}

/** The status line, the pass and hint buttons, and the hint. */
function renderStatus() {
  if (!page.table) return;
  const [text, kind] = statusText(page.table);
  const status = $("status");
  status.textContent = text;
  status.className = `status ${kind}`;
  const controls = [];
  const seat = mySeatToAct();
  if (seat !== null && shellActions(page.state?.legal_actions[seat] ?? []).includes("pass")) {
    const label = page.board?.passLabel?.(shownObservation()) || t("common.pass");
    controls.push(h("button", { class: "primary", id: "end-turn", onclick: () => act("pass") }, label));
  }
  if (seat !== null && page.table.hints_allowed !== false) {
    controls.push(h("button", {
      id: "hint-button", onclick: askHint, disabled: page.hinting, title: t("common.hintTitle"),
    }, page.hinting ? t("common.hintThinking") : t("common.hint")));
  }
  const shown = shownHint();
  const box = shown?.status === "current" ? hintBox(shown.hint) : shown ? staleHintBox() : null;
  $("controls").replaceChildren(...controls, ...(box ? [box] : []));
}

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

/** The list of moves, and the record and replay links. */
/** Ask for the page of moves before the first one shown (once at a time). */
function loadEarlierMoves() {
  const first = page.moves[0]?.seq;
  if (!first || first <= 1 || page.historyBefore === first) return;
  page.historyBefore = first;
  send({ type: "history", before: first, limit: 200 });
}

function renderMoves() {
  const list = $("moves");
  $("earlier-moves").hidden = !(page.moves[0]?.seq > 1);
  list.replaceChildren(...page.moves.map((move) => {
    const who = move.seat < 0 ? t("common.chance") : seatName(page.game, move.seat);
    const hidden = !move.action || hiddenHere(move);
    // A translated event names its seat itself; other texts get the mover in front.
    const described = hidden ? null : eventText(move.event, (s) => seatName(page.game, s), listText);
    const text = hidden ? t("common.hiddenAction") : described || actionText(move.action ?? "", move.seat);
    return h("li", { value: move.seq, class: move.seat < 0 ? "chance" : seatClass(page.game, move.seat) },
      described ? null : h("span", { class: "mover" }, who), described ? null : " ", h("span", { class: "move-text" }, text));
  }));
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
 * The rules of a table in one line: "standard rules" or the options that differ.
 *
 * @param {GameInfo} game
 * @param {Table} table
 * @returns {string}
 */
function optionSummary(game, table) {
  const changed = (game.options || []).filter((spec) =>
    spec.name in table.options && table.options[spec.name] !== spec.default);
  if (!changed.length) return t("common.standardRules");
  const rules = changed.map((spec) =>
    `${optionLabel(game, spec)}: ${optionValueText(game, spec, table.options[spec.name])}`);
  return t("common.changedRules", { rules: rules.join("; ") });
}

/**
 * The board's place before the game starts: the game, its rules and the invitation link.
 *
 * @param {Table} table
 */
function renderWaitingRoom(table) {
  const copy = h("button", { id: "copy-link", onclick: async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      toast(t("common.linkCopied"), "info");
    } catch {
      toast(t("common.sendThisAddress", { url: location.href }), "info");
    }
  } }, t("common.copyInvitation"));
  $("board").replaceChildren(h("div", { class: "waiting-room" },
    h("h2", {}, gameTitle(page.game)), h("p", { class: "muted" }, page.gameSummary || ""),
    page.game ? h("p", { class: "rules" }, optionSummary(page.game, table)) : null,
    table.settings ? h("p", { class: "rules", id: "waiting-settings" }, settingsLine(table)) : null,
    h("p", {}, t("common.startsWhenFull")), copy));
}


/**
 * A table's settings in one line: "5+3 · Casual", "2 days per move · Rated · no hints".
 *
 * @param {Table} table
 * @returns {string}
 */
const settingsLine = (table) => settingsTexts(table.settings, timeControlText).join(" · ");

/** @returns {import("./types.js").TimeControl | undefined} the table's clock. */
const timeControl = () => page.table?.settings?.time_control;

/**
 * The clocks above the board: one per timed seat, the running ones marked (and counted down
 * by tick()), low on time in red.
 */
function renderClocks() {
  const clocks = page.state?.clocks;
  const box = $("clocks");
  if (!clocks || !page.table || page.table.status === "open") {
    box.replaceChildren();
    return;
  }
  const seats = Object.keys(clocks).map(Number).sort((a, b) => a - b);
  box.replaceChildren(...seats.map((seat) => h("div", {
    class: `clock ${page.you.includes(seat) ? "mine" : ""}`, id: `clock-${seat}`, dataset: { seat },
    role: "timer", "aria-label": t("common.clockOf", { seat: seatName(page.game, seat) }),
  },
  h("span", { class: `swatch ${seatClass(page.game, seat)}`, "aria-hidden": "true" }),
  h("span", { class: "clock-name" }, seatName(page.game, seat)),
  h("span", { class: "clock-time" }))));
  tickClocks();
}

/** Bring the clocks' texts to now (every tick): only what changed is written. */
function tickClocks() {
  const state = page.state;
  if (!state?.clocks) return;
  const over = page.table?.status !== "running" || state.terminal;
  const running = state.running || [];
  // After the end the clocks stop where they were when the page heard of it.
  const received = state.receivedAt ?? performance.now();
  const now = over ? Math.max(received, page.endedAt ?? received) : performance.now();
  const left = clocksNow(state.clocks, running, received, now);
  const low = lowTime(timeControl());
  for (const [seat, seconds] of Object.entries(left)) {
    const clock = document.getElementById(`clock-${seat}`);
    if (!clock) continue;
    const time = /** @type {HTMLElement} */ (clock.querySelector(".clock-time"));
    const text = formatClock(seconds, timeControl());
    if (time.textContent !== text) time.textContent = text;
    clock.classList.toggle("running", !over && running.includes(Number(seat)));
    clock.classList.toggle("low", seconds < low);
    clock.classList.toggle("out", seconds < 0.1); // shown as 0:00.0
  }
}

/** The claim countdowns and the offline durations (every tick). */
function tickPresence() {
  for (const [seat, presence] of Object.entries(page.presence)) {
    const line = document.querySelector(`#presence-${seat} .presence-text`);
    const text = presenceText(presence);
    if (line && line.textContent !== text) line.textContent = text;
  }
  for (const claim of lifecycleChoices()?.claims || []) {
    const left = countdown(claim.claimableIn, page.presenceAt, performance.now()) ?? 0;
    const when = document.getElementById(`claim-when-${claim.seat}`);
    const text = left > 0 ? t("common.claimIn", { time: formatDuration(Math.ceil(left)) }) : t("common.claimNow");
    if (when && when.textContent !== text) when.textContent = text;
    const button = /** @type {HTMLButtonElement | null} */ (document.getElementById(`claim-${claim.seat}`));
    if (button) button.disabled = left > 0;
  }
}

/** @returns {import("./lifecycle.js").Choices | null} what the viewer may do now. */
function lifecycleChoices() {
  if (!page.table) return null;
  return choices({
    table: page.table, state: page.state, you: page.you, playing: page.playing, offers: page.offers,
    presence: page.presence, drawPossible: page.game?.game_type?.draw_possible !== false, moves: page.moves,
    signedIn: currentUser() !== null,
  });
}

/**
 * Send a lifecycle message (docs/lifecycle.md), remembering its kind: a refusal that follows
 * is explained by it.
 *
 * @param {string} kind - "abort", "resign", "draw", "takeback", "claim", "return" or "rematch".
 * @param {Record<string, unknown>} [fields]
 */
function request(kind, fields = {}) {
  page.confirming = null;
  page.lastRequest = { kind, at: performance.now() };
  send({ type: kind, ...fields });
  renderLifecycle();
}

/** @type {Record<string, () => string>} what a refused request of each kind means */
const REFUSED = {
  abort: () => t("common.refusedAbort"),
  resign: () => t("common.refusedResign"),
  draw: () => t("common.refusedDraw"),
  takeback: () => t("common.refusedTakeback"),
  claim: () => t("common.refusedClaim"),
  return: () => t("common.refusedReturn"),
  rematch: () => t("common.refusedRematch"),
};

/**
 * An error from the server: a refused lifecycle request in words of its kind, else the
 * error's own text.
 *
 * @param {{code: string, message: string, event?: GameEvent}} message
 * @returns {string}
 */
function errorMessage(message) {
  const last = page.lastRequest;
  if (message.code === "not_allowed" && last && performance.now() - last.at < 5000 && Object.hasOwn(REFUSED, last.kind)) {
    page.lastRequest = null;
    return REFUSED[last.kind]();
  }
  return eventText(message.event, (s) => seatName(page.game, s), listText) || errorText(message.code, message.message);
}

/**
 * Ask "are you sure?" in place of the buttons: resigning, aborting and claiming cannot be
 * undone.
 *
 * @param {string} kind
 * @param {number} [seat]
 */
function confirmFirst(kind, seat) {
  page.confirming = seat === undefined ? { kind } : { kind, seat };
  renderLifecycle();
  // The safe answer first: a second Enter must not resign.
  document.getElementById("confirm-no")?.focus();
}

/**
 * The confirmation box of the request waiting for "Yes".
 *
 * @param {{kind: string, seat?: number}} confirming
 * @returns {HTMLElement}
 */
function confirmBox(confirming) {
  const { kind, seat } = confirming;
  const sides = sidesOf(/** @type {Table} */ (page.table), page.game);
  const name = seat === undefined ? "" : seatName(page.game, seat);
  /** @type {Record<string, [string, string, () => void]>} question, "yes" label, what it sends */
  const asks = {
    abort: [t("common.abortConfirm"), t("common.abort"), () => request("abort")],
    resign: [sides > 2 ? t("common.resignConfirmMany") : t("common.resignConfirm"), t("common.resign"),
      () => request("resign", hotSeat() && seat !== undefined ? { seat } : {})],
    claim: [sides > 2 ? t("common.claimConfirmMany", { seat: name }) : t("common.claimConfirm", { seat: name }),
      sides > 2 ? t("common.claimTakeover", { seat: name }) : t("common.claimWin"), () => request("claim", { seat })],
  };
  const [question, yes, action] = asks[kind];
  const cancel = () => {
    page.confirming = null;
    renderLifecycle();
  };
  return h("div", {
    class: "confirm", role: "alertdialog", "aria-labelledby": "confirm-question",
    onkeydown: (/** @type {KeyboardEvent} */ event) => { if (event.key === "Escape") cancel(); },
  },
    h("span", { id: "confirm-question" }, question),
    h("button", { class: "primary danger", id: "confirm-yes", onclick: action }, yes),
    h("button", { id: "confirm-no", onclick: cancel }, t("common.cancel")));
}

/**
 * @param {number[]} seats
 * @returns {string} "Blue" or "Red and Green".
 */
const seatsText = (seats) => listText(seats.map((seat) => seatName(page.game, seat)));

/**
 * The alerts under the status line: an offer to answer, a leaver to claim, a seat to take back.
 *
 * @param {import("./lifecycle.js").Choices} can
 * @returns {HTMLElement[]}
 */
function alertBoxes(can) {
  const boxes = [];
  const offers = page.offers;
  if (can.draw === "incoming") {
    boxes.push(h("div", { class: "alert-box offer", id: "draw-offer" },
      h("span", {}, t("common.drawOfferedBy", { seats: seatsText(offers.draw) })),
      h("div", { class: "alert-buttons" },
        h("button", { class: "primary small", id: "accept-draw", onclick: () => request("draw", { op: "accept" }) }, t("common.accept")),
        h("button", { class: "small", id: "decline-draw", onclick: () => request("draw", { op: "decline" }) }, t("common.decline")))));
  }
  if (can.takeback === "incoming" && offers.takeback) {
    boxes.push(h("div", { class: "alert-box offer", id: "takeback-offer" },
      h("span", {}, t("common.takebackAskedBy", { seat: seatName(page.game, offers.takeback.seat) })),
      h("div", { class: "alert-buttons" },
        h("button", { class: "primary small", id: "accept-takeback", onclick: () => request("takeback", { op: "accept" }) }, t("common.accept")),
        h("button", { class: "small", id: "decline-takeback", onclick: () => request("takeback", { op: "decline" }) }, t("common.decline")))));
  }
  const sides = page.table ? sidesOf(page.table, page.game) : 2;
  for (const claim of can.claims) {
    const name = seatName(page.game, claim.seat);
    const confirming = page.confirming?.kind === "claim" && page.confirming.seat === claim.seat;
    boxes.push(h("div", { class: "alert-box leaver", id: `leaver-${claim.seat}` },
      h("span", {}, h("b", {}, t("common.leftTheTable", { seat: name })), " ", h("span", { id: `claim-when-${claim.seat}` })),
      confirming ? confirmBox(/** @type {{kind: string, seat: number}} */ (page.confirming))
        : h("button", { class: "primary small", id: `claim-${claim.seat}`, disabled: true, onclick: () => confirmFirst("claim", claim.seat) },
          sides > 2 ? t("common.claimTakeover", { seat: name }) : t("common.claimWin"))));
  }
  if (can.comeBack !== null) {
    const note = [...(page.table?.notes || [])].reverse().find((n) => n.kind === "takeover" && n.seat === can.comeBack);
    boxes.push(h("div", { class: "alert-box return", id: "come-back" },
      h("span", {}, note ? t("common.computerPlaysForYouSince", { move: note.seq + 1 }) : t("common.computerPlaysForYou")),
      h("button", { class: "primary small", id: "return-seat", onclick: () => request("return", { seat: can.comeBack }) },
        t("common.takeSeatBack"))));
  }
  return boxes;
}

/**
 * The end of the game: the rematch (who accepted; ask, accept or decline), "New game", and a
 * spectator's link to the rematch table.
 *
 * @param {import("./lifecycle.js").Choices} can
 * @returns {HTMLElement[]}
 */
function endActions(can) {
  const parts = [];
  const accepted = page.offers.rematch || [];
  if (accepted.length) {
    parts.push(h("span", { class: "rematch-status", id: "rematch-status" }, t("common.rematchAcceptedBy", { seats: seatsText(accepted) })));
  }
  if (can.rematch === "offer" || can.rematch === "accept") {
    const op = can.rematch;
    parts.push(h("button", { class: "primary", id: "rematch", onclick: () => request("rematch", { op }) },
      op === "accept" ? t("common.acceptRematch") : t("common.rematch")));
  }
  if (can.rematch === "accept") {
    parts.push(h("button", { id: "decline-rematch", onclick: () => request("rematch", { op: "decline" }) }, t("common.decline")));
  }
  if (can.rematch === "accepted") {
    parts.push(h("span", { class: "muted", id: "rematch-waiting" }, t("common.rematchWaiting")));
  }
  if (page.rematchTable !== null) {
    parts.push(h("a", { class: "button", id: "rematch-link", href: `/tables/${page.rematchTable}` },
      page.you.length ? t("common.openRematch") : t("common.watchRematch")));
  }
  if (can.newGame) {
    parts.push(h("a", { class: "button", id: "new-game", href: `/?like=${tableId}#create` }, t("common.newGame")));
  }
  return parts;
}

/**
 * The buttons under the board while the game runs: abort, resign, offer a draw, ask for a
 * takeback (or the question of the one being confirmed, or what stands).
 *
 * @param {import("./lifecycle.js").Choices} can
 * @returns {HTMLElement[]}
 */
function gameActions(can) {
  const confirming = page.confirming;
  if (confirming && confirming.kind !== "claim") return [confirmBox(confirming)];
  const parts = [];
  if (can.abort) parts.push(h("button", { id: "abort", onclick: () => confirmFirst("abort") }, t("common.abort")));
  if (can.resign !== null && !can.abort) {
    const seat = can.resign;
    parts.push(h("button", { id: "resign", onclick: () => confirmFirst("resign", seat) }, t("common.resign")));
  }
  if (can.draw === "offer") {
    parts.push(h("button", { id: "offer-draw", onclick: () => request("draw", { op: "offer" }) }, t("common.offerDraw")));
  } else if (can.draw === "offered") {
    parts.push(h("span", { class: "muted", id: "draw-offered" }, t("common.drawOffered")));
  }
  if (can.takeback === "request") {
    parts.push(h("button", { id: "takeback", onclick: () => request("takeback", { op: "request" }) },
      can.alone ? t("common.takeBack") : t("common.askTakeback")));
  } else if (can.takeback === "requested") {
    parts.push(h("span", { class: "muted", id: "takeback-requested" }, t("common.takebackRequested")));
  }
  return parts;
}

/** The lifecycle parts of the page: alerts, notes, the end's actions and the game's buttons. */
function renderLifecycle() {
  const can = lifecycleChoices();
  if (!can || !page.table) return;
  if (page.confirming && !stillApplies(page.confirming, can)) page.confirming = null;
  $("table-alerts").replaceChildren(...alertBoxes(can));
  const notes = noteTexts(page.table.notes, (seat) => seatLabel(seat), agentLabel);
  $("table-notes").replaceChildren(...notes.map((text) => h("li", {}, text)));
  const over = page.table.status === "finished" || page.table.status === "abandoned";
  $("end-actions").replaceChildren(...(over ? endActions(can) : []));
  $("game-actions").replaceChildren(...gameActions(can));
  tickPresence();
}

/**
 * Whether the request waiting for confirmation still applies (an offer may have gone, the
 * game may have ended meanwhile).
 *
 * @param {{kind: string, seat?: number}} confirming
 * @param {import("./lifecycle.js").Choices} can
 * @returns {boolean}
 */
function stillApplies(confirming, can) {
  if (confirming.kind === "abort") return can.abort;
  if (confirming.kind === "resign") return can.resign !== null;
  return can.claims.some((claim) => claim.seat === confirming.seat);
}

/** Every 100 ms: the clocks, the claim countdowns, the offline durations. */
function tick() {
  tickClocks();
  tickPresence();
}

/** The turn-alert toggle of the table's header: asks the browser's permission on the click. */
function alertsToggle() {
  const button = h("button", { class: "link small alerts-toggle", id: "alerts-toggle", type: "button", title: t("common.alertsHint") });
  const show = () => {
    const on = alertsWanted() && permission() === "granted";
    button.setAttribute("aria-pressed", String(on));
    button.textContent = on ? t("common.alertsOn") : t("common.alertsOff");
  };
  button.addEventListener("click", async () => {
    if (alertsWanted() && permission() === "granted") {
      setAlertsWanted(false);
    } else {
      const answer = await askPermission();
      setAlertsWanted(answer === "granted");
      if (answer !== "granted") toast(t("common.alertsBlocked"), "info");
    }
    show();
  });
  show();
  button.hidden = permission() === "unsupported";
  return button;
}

/** Draw the whole page from its state. */
function renderAll() {
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
    page.board.update({
      observation: shownObservation(),
      legal: seat === null ? [] : page.state.legal_actions[seat],
      seat, you: page.you, toMove: page.state.to_move, terminal: page.state.terminal,
      returns: page.state.returns, last: page.moves.at(-1) || null,
      hint: currentHint()?.lines[0]?.action ?? null,
    });
  }
  renderHandover();
  renderSeats(table);
  renderStatus();
  renderMoves();
  renderClocks();
  renderLifecycle();
  document.title = turnTitle(mySeatToAct() !== null, page.name);
}

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
  if (tournament !== undefined) { // a tournament's game: the way back to its standings
    $("table-meta").append(" ", h("a", { href: `/tournaments/${tournament}`, id: "tournament-link" },
      t("common.backToTournament")));
  }
  renderAll();
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
const moveOf = (message) => ({
  seq: message.seq, seat: message.seat, action: message.action, event: message.event || null,
  simultaneous: Boolean(message.simultaneous),
});

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

/**
 * A page of older moves: put them first, keeping the list where it was scrolled.
 *
 * @param {{events: EventMessage[]}} message
 */
function onHistory(message) {
  page.historyBefore = null;
  const first = page.moves[0]?.seq ?? Infinity;
  const older = message.events.filter((e) => e.seq < first).map(moveOf);
  if (!older.length) return;
  const list = $("moves");
  const fromBottom = list.scrollHeight - list.scrollTop;
  page.moves = [...older, ...page.moves];
  renderMoves();
  list.scrollTop = list.scrollHeight - fromBottom;
}

/** @returns {import("./sounds.js").Moment | null} what the sounds compare (sounds.js soundFor). */
const moment = () => page.state && {
  seq: page.state.seq, terminal: page.state.terminal, myTurn: mySeatToAct() !== null,
  seat: page.moves.at(-1)?.seat ?? null, event: page.moves.at(-1)?.event ?? null,
};

/** @param {TableState} state - the viewer's state (a "state" message). */
function onState(state) {
  const before = moment();
  state.receivedAt ??= performance.now();
  if (state.presence) setPresence(state.presence, state.receivedAt);
  /** @type {Record<number, import("./hints.js").SeatView>} */
  const views = {};
  for (const seat of page.you) views[seat] = nextSeatView(page.seatViews[seat], state.legal_actions[seat], state.seq);
  page.seatViews = views;
  page.state = state;
  renderAll();
  play(soundFor(before, /** @type {import("./sounds.js").Moment} */ (moment())));
  const myTurn = mySeatToAct() !== null;
  if (shouldNotify({ before: page.turnBefore, now: myTurn, hidden: document.hidden, wanted: alertsWanted(), permission: permission() })) {
    notify(turnTitle(true, page.name), t("common.alertBody", { table: page.name }), `connect-arena-table-${tableId}`);
  }
  page.turnBefore = myTurn;
}

/** @param {Offers} message - the offers standing (an "offers" message). */
function onOffers(message) {
  setOffers(message, true);
  renderLifecycle();
}

/**
 * Keep the offers standing (from an "offers" message or the table's `offers`); say who
 * declined one.
 *
 * @param {Offers} message
 * @param {boolean} announce - say who declined (not for what stood before the page opened).
 */
function setOffers(message, announce) {
  const declined = message.declined;
  if (announce && declined && !page.you.includes(declined.seat) && JSON.stringify(declined) !== JSON.stringify(page.offers.declined)) {
    /** @type {Record<string, string>} */
    const keys = { draw: "common.declinedDraw", takeback: "common.declinedTakeback", rematch: "common.declinedRematch" };
    const key = Object.hasOwn(keys, declined.kind) ? keys[declined.kind] : "common.declinedOffer";
    toast(t(key, { seat: seatName(page.game, declined.seat) }), "info");
  }
  page.offers = {
    draw: message.draw || [], takeback: message.takeback || null, rematch: message.rematch || [], declined: declined || null,
    rematch_table: message.rematch_table ?? null,
  };
  if (page.offers.rematch_table) page.rematchTable = page.offers.rematch_table;
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

/**
 * A rematch table was opened: the people who sat here go there; spectators get a link.
 *
 * @param {{rematch_table: number}} message
 */
function onRematch(message) {
  page.rematchTable = message.rematch_table;
  if (page.you.length) {
    location.href = `/tables/${message.rematch_table}`;
  } else {
    renderLifecycle();
  }
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
  error: (message) => toast(errorMessage(message)),
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
function connect() {
  const connection = $("connection");
  page.socket = new LiveSocket(`/ws/tables/${tableId}`, {
    since: () => page.seq,
    onMessage,
    onOpen: () => {
      connection.textContent = t("common.connectionLive");
      connection.className = "connection live";
    },
    keepGoing: () => !page.closed,
    onClose: () => {
      connection.textContent = page.closed ? t("common.noSuchTableShort") : t("common.reconnecting");
      connection.className = "connection off";
      if (page.closed && page.table?.status !== "abandoned") showClosed(t("common.noSuchTable", { id: tableId }));
    },
  });
  page.socket.start();
}

async function main() {
  await loadNamespaces("common");
  $("board").setAttribute("tabindex", "-1");
  $("moves").insertAdjacentElement("beforebegin", h("button", {
    class: "small", id: "earlier-moves", hidden: true, onclick: loadEarlierMoves,
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
