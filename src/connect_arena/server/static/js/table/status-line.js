// The table page's status line, its pass and hint buttons, and the computer's hint.

import { api } from "../api.js";
import { byId as $, h, messageOf, toast } from "../dom.js";
import { hintValueText, listText, resultText, seatName } from "../format.js";
import { shellActions } from "../games.js";
import { t } from "../i18n.js";
import { hintStatus } from "../hints.js";
import { endReasonText } from "../lifecycle.js";
import { act, actionText, mySeatToAct, page, seatLabel, shownObservation, tableId } from "./page-state.js";
import { renderAll } from "./render.js";

/** @typedef {import("../types.js").Hint} Hint */
/** @typedef {import("../types.js").HintLine} HintLine */
/** @typedef {import("../types.js").Table} Table */

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
    if (page.you.length === 0) return [t("common.seatFreeForYou"), "waiting"]; // an invited friend
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
    const hint = page.board?.turnHint?.(shownObservation(), state.legal_actions[mine], state.legal?.[mine] ?? []) || t("common.chooseAnAction");
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
export function currentHint() {
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

/** @param {HintLine} line @returns {string} its value for people (format.js hintValueText). */
const valueText = (line) => hintValueText(line);

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
  // The line stops where chance acts next (the server never lists future dice as known).
  const chance = best.then_chance && best.principal.length <= 5 ? [t("common.hintThenChance")] : [];
  const line = [...rest, ...chance];
  return h("div", { class: "hint-box", id: "hint", tabindex: "-1" },
    h("div", {}, h("b", {}, t("common.hintSuggestion", { action: actionText(best.action, hint.seat, best.event) })),
      " · ", h("span", { class: "hint-value", title: best.score === null ? "" : t("common.hintScale") }, valueText(best))),
    line.length ? h("div", { class: "muted" }, t("common.hintLine", { line: line.join(", ") })) : null,
    others.length
      ? h("div", { class: "muted" }, t("common.hintOthers", {
        actions: listText(others.map((line) => `${actionText(line.action, hint.seat, line.event)} (${valueText(line)})`)),
      }))
      : null,
    // The suggestion is the move searched most (MCTS): a little-searched one may show a better
    // but rough score; say so when it happens.
    others.some((other) => other.value > best.value) ? h("div", { class: "muted", id: "hint-ranked" }, t("common.hintRanked")) : null);
}

/** @returns {HTMLElement} the box of a hint the position has outgrown, with "Ask again". */
function staleHintBox() {
  return h("div", { class: "hint-box stale", id: "hint", tabindex: "-1" },
    h("span", {}, t("common.hintStale")), " ",
    h("button", { class: "small", id: "hint-again", onclick: askHint, disabled: page.hinting },
      page.hinting ? t("common.hintThinking") : t("common.hintAgain")));
}

/** The status line, the pass and hint buttons, and the hint. */
export function renderStatus() {
  if (!page.table) return;
  const [text, kind] = statusText(page.table);
  const status = $("status");
  status.textContent = text;
  status.className = `status ${kind}`;
  const controls = [];
  const seat = mySeatToAct();
  const [pass] = seat === null ? [] : shellActions(page.state?.legal?.[seat] ?? []);
  if (pass !== undefined) {
    const label = page.board?.passLabel?.(shownObservation()) || t("common.pass");
    controls.push(h("button", { class: "primary", id: "end-turn", "aria-keyshortcuts": "E", onclick: () => act(pass) }, label));
  }
  if (seat !== null && page.table.hints_allowed !== false) {
    controls.push(h("button", {
      id: "hint-button", "aria-keyshortcuts": "H", onclick: askHint, disabled: page.hinting, title: t("common.hintTitle"),
    }, page.hinting ? t("common.hintThinking") : t("common.hint")));
  }
  const shown = shownHint();
  const box = shown?.status === "current" ? hintBox(shown.hint) : shown ? staleHintBox() : null;
  $("controls").replaceChildren(...controls, ...(box ? [box] : []));
}
