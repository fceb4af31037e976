// The moderators' page (/moderation): reports by status with the chat around them, one
// decision per open report (warn, mute for a time, mark as a cheater, close the account,
// dismiss) with its reason, and the audit log. docs/community.md, "Reports and moderation".

import { api, ApiError } from "./api.js";
import { byId as $, h, messageOf, toast } from "./dom.js";
import { relativeTime } from "./format.js";
import { setUpHeader } from "./header.js";
import { loadNamespaces, t } from "./i18n.js";

/**
 * @typedef {{id: number, name: string, text: string | null, preset: string | null, at: string, reported: boolean}} ContextLine
 * @typedef {{id: number, reporter: {id: number, name: string}, user: {id: number, name: string}, reason: string,
 *   text: string, table_id: number | null, chat_id: number | null, created_at: string, status: string,
 *   action: string | null, context: ContextLine[]}} Report
 * @typedef {{id: number, moderator: string | null, user: string, action: string, reason: string,
 *   report_id: number | null, until: string | null, at: string}} LogLine
 */

const STATUSES = ["open", "handled", "dismissed"];
const ACTIONS = ["warn", "mute", "cheater", "close", "dismiss"];
const status = STATUSES.includes(new URLSearchParams(location.search).get("status") ?? "")
  ? /** @type {string} */ (new URLSearchParams(location.search).get("status")) : "open";

/**
 * A link to a player's profile.
 *
 * @param {string} name
 * @returns {HTMLElement}
 */
function player(name) {
  return h("a", { href: `/users/${encodeURIComponent(name)}` }, name);
}

/**
 * The decision form of an open report.
 *
 * @param {Report} report
 * @returns {HTMLElement}
 */
function decisionForm(report) {
  const id = `r${report.id}`;
  const action = h("select", { id: `${id}-action` }, ACTIONS.map((a) => h("option", { value: a }, t(`moderation.action_${a}`))));
  const minutes = h("input", { type: "number", id: `${id}-minutes`, min: 1, max: 43200, value: 60 });
  const minutesRow = h("div", { class: "mute-minutes", hidden: true },
    h("label", { for: `${id}-minutes` }, t("moderation.minutes")), minutes);
  const reason = h("input", { id: `${id}-reason`, required: true, maxlength: 500 });
  const error = h("p", { class: "form-error", role: "alert" });
  const submit = h("button", { class: "primary", type: "submit" }, t("moderation.decide"));
  action.addEventListener("change", () => { minutesRow.hidden = action.value !== "mute"; });
  const form = h("form", { class: "account-form decision", dataset: { report: String(report.id) } },
    h("label", { for: `${id}-action` }, t("moderation.action")), action, minutesRow,
    h("label", { for: `${id}-reason` }, t("moderation.reason")), reason, error,
    h("div", { class: "buttons" }, submit));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    submit.disabled = true;
    try {
      await api.post(`/api/moderation/reports/${report.id}`, {
        action: action.value, reason: reason.value, ...(action.value === "mute" ? { minutes: Number(minutes.value) } : {}),
      });
      toast(t("moderation.done"), "info");
      await refresh();
    } catch (problem) {
      error.textContent = messageOf(problem);
    } finally {
      submit.disabled = false;
    }
  });
  return form;
}

/**
 * One report: who reported whom, why, what it is about, and its decision.
 *
 * @param {Report} report
 * @returns {HTMLElement}
 */
function reportCard(report) {
  const about = report.table_id
    ? h("a", { href: `/tables/${report.table_id}/replay` }, t("moderation.theTable", { id: report.table_id })) : null;
  const chat = report.context.length
    ? h("ol", { class: "chat-context" }, report.context.map((line) => h("li", { class: line.reported ? "reported" : "" },
      h("b", {}, line.name), ": ", line.text ?? `(${line.preset})`)))
    : null;
  return h("article", { class: "report", dataset: { report: String(report.id) }, "aria-labelledby": `report-${report.id}` },
    h("h2", { id: `report-${report.id}` }, t("moderation.reportOf", { user: report.user.name, reason: t(`moderation.reason_${report.reason}`) })),
    h("p", { class: "muted" }, t("moderation.reportedBy"), " ", player(report.reporter.name), " · ",
      relativeTime(report.created_at), " · ", t("moderation.profile"), " ", player(report.user.name), about ? [" · ", about] : null),
    report.text ? h("blockquote", {}, report.text) : null,
    chat,
    report.status === "open" ? decisionForm(report)
      : h("p", {}, t("moderation.decided", { action: t(`moderation.action_${report.action ?? "dismiss"}`) })));
}

/**
 * The audit log: one line per action, newest first (a list reads at any width).
 *
 * @param {LogLine[]} lines
 * @returns {HTMLElement}
 */
function logList(lines) {
  if (!lines.length) return h("p", { class: "muted empty" }, t("moderation.logEmpty"));
  return h("ol", { class: "moderation-log", id: "log-list" }, lines.map((line) => h("li", {},
    h("span", { class: "muted" }, relativeTime(line.at)), " · ",
    h("b", {}, line.moderator ?? t("moderation.operator")), " → ", player(line.user), ": ",
    t(`moderation.action_${line.action}`),
    line.until ? ` (${t("moderation.untilTime", { time: new Date(line.until).toLocaleString() })})` : "",
    " — ", line.reason)));
}

async function refresh() {
  /** @type {{reports: Report[]}} */
  const { reports } = await api.get(`/api/moderation/reports?status=${status}`);
  $("reports").replaceChildren(...(reports.length ? reports.map(reportCard)
    : [h("p", { class: "muted empty", id: "no-reports" }, t(`moderation.none_${status}`))]));
  /** @type {{log: LogLine[]}} */
  const { log } = await api.get("/api/moderation/log");
  $("moderation-log").replaceChildren(logList(log));
}

async function main() {
  await loadNamespaces("common", "community", "moderation");
  const user = await setUpHeader();
  $("report-tabs").replaceChildren(...STATUSES.map((s) => h("a", {
    href: `/moderation?status=${s}`, class: `tab${s === status ? " current" : ""}`, "aria-current": s === status ? "page" : null,
  }, t(`moderation.status_${s}`))));
  if (!user || !user.moderator) {
    $("reports").replaceChildren(h("p", { class: "muted", id: "not-moderator" }, t("moderation.onlyModerators")));
    return;
  }
  try {
    await refresh();
  } catch (problem) {
    toast(problem instanceof ApiError ? problem.message : messageOf(problem));
  }
}

main();
