// "Report": a dialog that reports a player to the moderators (abuse, cheating or other, in
// the reporter's words, with the table or chat line it is about). docs/community.md,
// "Reports and moderation".

import { api } from "./api.js";
import { h, messageOf, toast } from "./dom.js";
import { loadNamespaces, t } from "./i18n.js";

const REASONS = [["abuse", "moderation.reasonAbuse"], ["cheating", "moderation.reasonCheating"], ["other", "moderation.reasonOther"]];

/**
 * Open the report dialog for a player.
 *
 * @param {{userId: number, name: string, tableId?: number, chatId?: number}} target
 * @returns {Promise<void>}
 */
export async function reportDialog(target) {
  await loadNamespaces("common", "moderation");
  const error = h("p", { class: "form-error", role: "alert" });
  const choices = REASONS.map(([value, key], index) => h("label", { class: "check" },
    h("input", { type: "radio", name: "report-reason", value, checked: index === 0 }), " ", t(key)));
  const text = h("textarea", { id: "report-text", maxlength: 500, rows: 4 });
  const send = h("button", { class: "primary", type: "submit", id: "report-send" }, t("moderation.send"));
  const cancel = h("button", { type: "button", onclick: () => dialog.close() }, t("common.close"));
  const form = h("form", { class: "account-form", id: "report-form" },
    h("fieldset", { class: "choices" }, h("legend", {}, t("moderation.why")), ...choices),
    h("label", { for: "report-text" }, t("moderation.details")), text,
    h("p", { class: "hint" }, target.chatId ? t("moderation.chatAttached") : target.tableId ? t("moderation.tableAttached") : t("moderation.detailsHint")),
    error,
    h("div", { class: "buttons" }, cancel, send));
  const dialog = h("dialog", { class: "account", "aria-labelledby": "report-title" },
    h("h2", { id: "report-title" }, t("moderation.reportTitle", { name: target.name })), form);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const chosen = /** @type {HTMLInputElement | null} */ (form.querySelector("input[name=report-reason]:checked"));
    send.disabled = true;
    try {
      await api.post("/api/reports", {
        user_id: target.userId, reason: chosen?.value ?? "abuse", text: text.value,
        ...(target.tableId ? { table_id: target.tableId } : {}), ...(target.chatId ? { chat_id: target.chatId } : {}),
      });
      dialog.close();
      toast(t("moderation.received"), "info");
    } catch (problem) {
      error.textContent = messageOf(problem);
    } finally {
      send.disabled = false;
    }
  });
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  /** @type {HTMLInputElement} */ (choices[0].firstChild).focus();
}
