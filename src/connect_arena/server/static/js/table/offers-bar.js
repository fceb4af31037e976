// The table page's lifecycle bar (docs/lifecycle.md): the offers standing (draw, takeback,
// rematch), leavers to claim, the game's buttons, confirmations, refusals in words, and the
// turn-alert toggle.

import { currentUser } from "../api.js";
import { byId as $, h, toast } from "../dom.js";
import { agentLabel, errorText, listText, seatName } from "../format.js";
import { eventText, t } from "../i18n.js";
import { countdown, formatDuration } from "../clock.js";
import { choices, noteTexts, sidesOf } from "../lifecycle.js";
import { alertsWanted, askPermission, permission, setAlertsWanted } from "../alerts.js";
import { hotSeat, page, seatLabel, seatsText, send, tableId } from "./page-state.js";
import { presenceText } from "./seats-panel.js";

/** @typedef {import("../types.js").GameEvent} GameEvent */
/** @typedef {import("../types.js").Offers} Offers */
/** @typedef {import("../types.js").Table} Table */

/** @returns {import("../lifecycle.js").Choices | null} what the viewer may do now. */
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
export function errorMessage(message) {
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
 * The alerts under the status line: an offer to answer, a leaver to claim, a seat to take back.
 *
 * @param {import("../lifecycle.js").Choices} can
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
 * @param {import("../lifecycle.js").Choices} can
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
 * @param {import("../lifecycle.js").Choices} can
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
export function renderLifecycle() {
  const can = lifecycleChoices();
  if (!can || !page.table) return;
  if (page.confirming && !stillApplies(page.confirming, can)) page.confirming = null;
  $("table-alerts").replaceChildren(...alertBoxes(can));
  const notes = noteTexts(page.table.notes, (seat) => seatLabel(seat), agentLabel, can.comeBack);
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
 * @param {import("../lifecycle.js").Choices} can
 * @returns {boolean}
 */
function stillApplies(confirming, can) {
  if (confirming.kind === "abort") return can.abort;
  if (confirming.kind === "resign") return can.resign !== null;
  return can.claims.some((claim) => claim.seat === confirming.seat);
}

/** The claim countdowns and the offline durations (every tick). */
export function tickPresence() {
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

/**
 * Keep the offers standing (from an "offers" message or the table's `offers`); say who
 * declined one.
 *
 * @param {Offers} message
 * @param {boolean} announce - say who declined (not for what stood before the page opened).
 */
export function setOffers(message, announce) {
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

/** @param {Offers} message - the offers standing (an "offers" message). */
export function onOffers(message) {
  setOffers(message, true);
  renderLifecycle();
}

/**
 * A rematch table was opened: the people who sat here go there; spectators get a link.
 *
 * @param {{rematch_table: number}} message
 */
export function onRematch(message) {
  page.rematchTable = message.rematch_table;
  if (page.you.length) {
    location.href = `/tables/${message.rematch_table}`;
  } else {
    renderLifecycle();
  }
}

/** The turn-alert toggle of the table's header: asks the browser's permission on the click. */
export function alertsToggle() {
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
