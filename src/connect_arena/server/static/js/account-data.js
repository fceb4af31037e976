// The account dialog's "Your data": download every stored fact about the account as one JSON
// file, and close the account (the password again; games stay under "closed#<id>").

import { api, loadSession } from "./api.js";
import { h, messageOf } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {import("./types.js").User} User */

/**
 * The section.
 *
 * @param {User} user
 * @param {() => void} done - called once the account is closed (the dialog closes).
 * @returns {HTMLElement}
 */
export function accountDataSection(user, done) {
  const error = h("p", { class: "form-error", role: "alert" });
  const password = h("input", { type: "password", id: "close-password", autocomplete: "current-password", required: !user.guest });
  const sure = h("input", { type: "checkbox", id: "close-sure", required: true });
  const close = h("button", { class: "danger", type: "submit", id: "close-account" }, t("moderation.closeAccount"));
  const form = h("form", { class: "account-form", id: "close-form" },
    h("p", { class: "hint" }, t("moderation.closeHint")),
    user.guest ? null : [h("label", { for: "close-password" }, t("common.oldPassword")), password],
    h("label", { class: "check", for: "close-sure" }, sure, " ", t("moderation.closeSure")),
    error,
    h("div", { class: "buttons" }, close));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    close.disabled = true;
    try {
      await api.post("/api/account/close", { password: password.value });
      await loadSession();
      done();
    } catch (problem) {
      error.textContent = messageOf(problem);
    } finally {
      close.disabled = false;
    }
  });
  return h("section", { class: "account-data", "aria-labelledby": "your-data" },
    h("h3", { id: "your-data" }, t("moderation.yourData")),
    h("p", { class: "hint" }, t("moderation.downloadHint")),
    h("div", { class: "buttons" },
      h("a", { class: "button", href: "/api/account/data", download: "", id: "download-data" }, t("moderation.download"))),
    form);
}
