// The table page's seats panel (who sits where, presence, join and leave), the hot-seat
// handover screen, the waiting room before the start and the closed table.

import { api, currentUser } from "../api.js";
import { byId as $, h, messageOf, playerLink, toast } from "../dom.js";
import { agentLabel, gameTitle, optionLabel, optionValueText, seatClass, seatName } from "../format.js";
import { t } from "../i18n.js";
import { formatDuration } from "../clock.js";
import { hotSeat, page, settingsLine, tableId } from "./page-state.js";
import { renderAll } from "./render.js";
import { reportDialog } from "../report.js";

/** @typedef {import("../types.js").GameInfo} GameInfo */
/** @typedef {import("../types.js").SeatPresence} SeatPresence */
/** @typedef {import("../types.js").Table} Table */

/** The "pass the device to …" screen, while the page waits for the next seat's player. */
export function renderHandover() {
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
export function renderSeats(table) {
  const user = currentUser();
  // A finished table (resigned, aborted, flagged) frames nobody as the seat to move.
  const over = table.status === "finished" || table.status === "abandoned";
  const toMove = page.state && !page.state.terminal && !over ? page.state.to_move : [];
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
    // Report a person at this table (not oneself, not a computer); guests cannot report.
    if (user && !user.guest && seat.kind === "human" && typeof seat.user_id === "number" && !mine) {
      const userId = seat.user_id;
      buttons.push(h("button", {
        class: "link small seat-report", type: "button", id: `report-seat-${seat.seat}`,
        "aria-label": t("community.reportName", { name: seat.name ?? "" }),
        onclick: () => reportDialog({ userId, name: seat.name ?? "", tableId }).catch((e) => toast(messageOf(e))),
      }, t("community.report")));
    }
    const detail = page.board?.seatDetail?.(seat.seat);
    const who = seat.kind === "open" ? h("i", {}, t("common.openSeat")) : playerLink(seat);
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
export function presenceText(presence) {
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
export function showClosed(text) {
  page.closed = true;
  const status = $("status");
  status.textContent = text;
  status.className = "status over";
  // the status line says it; the board keeps only the way back
  $("board").replaceChildren(h("div", { class: "waiting-room closed-table" },
    h("a", { class: "button primary", href: "/", id: "back-to-lobby" }, t("common.backToLobby"))));
  for (const id of ["controls", "seats", "links"]) $(id).replaceChildren();
  // no table at all: nothing to chat about, no players, no moves
  const side = document.querySelector("aside.side");
  if (!page.table && side instanceof HTMLElement) side.hidden = true;
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
export function renderWaitingRoom(table) {
  const copy = h("button", { id: "copy-link", onclick: async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      toast(t("common.linkCopied"), "info");
    } catch {
      toast(t("common.sendThisAddress", { url: location.href }), "info");
    }
  } }, t("common.copyInvitation"));
  // An invited friend (not seated, a seat free) is offered the seat first; inviting
  // others is the business of those already seated.
  const free = page.you.length === 0 ? table.seats.find((seat) => seat.kind === "open") : undefined;
  const take = free && h("button", { class: "primary", id: "take-seat",
    onclick: () => api.post(`/api/tables/${tableId}/join`, { seat: free.seat }).catch((e) => toast(e.message)) },
  t("common.takeThisSeat"));
  $("board").replaceChildren(h("div", { class: "waiting-room" },
    h("h2", {}, gameTitle(page.game)), h("p", { class: "muted" }, page.gameSummary || ""),
    take || null,
    page.game ? h("p", { class: "rules" }, optionSummary(page.game, table)) : null,
    table.settings ? h("p", { class: "rules", id: "waiting-settings" }, settingsLine(table)) : null,
    h("p", {}, t("common.startsWhenFull")), take ? null : copy));
}
