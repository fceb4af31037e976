// E-mail in the pages (docs/server.md, "E-mail"): the account dialog's address, its
// verification and the "your turn" choice; "Forgot your password?" in the sign-in dialog.
// Without an SMTP server the section says e-mail is not available.

import { api } from "./api.js";
import { h, messageOf } from "./dom.js";
import { loadNamespaces, t } from "./i18n.js";

/** @typedef {{available: boolean, email: string | null, verified: boolean, turn_emails: boolean}} EmailStatus */

/**
 * The account dialog's "E-mail" section (filled once the status has arrived).
 *
 * @returns {HTMLElement}
 */
export function emailSection() {
  const section = h("section", { class: "email", "aria-labelledby": "email-title" },
    h("h3", { id: "email-title" }, t("moderation.email")));
  loadNamespaces("moderation").then(() => api.get("/api/account/email"))
    .then((/** @type {EmailStatus} */ status) => section.append(...emailBody(status)))
    .catch((problem) => section.append(h("p", { class: "form-error", role: "alert" }, messageOf(problem))));
  return section;
}

/**
 * The section's content for a status.
 *
 * @param {EmailStatus} status
 * @returns {HTMLElement[]}
 */
function emailBody(status) {
  if (!status.available) return [h("p", { class: "hint", id: "email-unavailable" }, t("moderation.emailUnavailable"))];
  const error = h("p", { class: "form-error", role: "alert" });
  const done = h("p", { class: "hint", role: "status" });
  const address = h("input", { type: "email", id: "email-address", autocomplete: "email", required: true, value: status.email ?? "" });
  const state = h("p", { class: "hint", id: "email-state" },
    status.email ? (status.verified ? t("moderation.emailVerified") : t("moderation.emailUnverified")) : t("moderation.emailNone"));
  const save = h("button", { type: "submit", id: "email-save" }, t("moderation.emailSave"));
  const form = h("form", { class: "account-form", id: "email-form" },
    h("label", { for: "email-address" }, t("moderation.emailAddress")), address, state,
    h("div", { class: "buttons" }, save));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = done.textContent = "";
    save.disabled = true;
    try {
      await api.post("/api/account/email", { email: address.value });
      state.textContent = t("moderation.emailUnverified");
      done.textContent = t("moderation.emailSent");
    } catch (problem) {
      error.textContent = messageOf(problem);
    } finally {
      save.disabled = false;
    }
  });
  const turn = h("input", { type: "checkbox", id: "turn-emails", checked: status.turn_emails, disabled: !status.verified });
  turn.addEventListener("change", async () => {
    error.textContent = "";
    try {
      await api.post("/api/account/turn-emails", { on: turn.checked });
    } catch (problem) {
      turn.checked = !turn.checked;
      error.textContent = messageOf(problem);
    }
  });
  return [form, h("label", { class: "check", for: "turn-emails" }, turn, " ", t("moderation.turnEmails")), error, done];
}

/**
 * The "Forgot your password?" dialog: a name; the answer never says whether it exists.
 *
 * @returns {Promise<void>}
 */
export async function forgotDialog() {
  await loadNamespaces("moderation");
  const error = h("p", { class: "form-error", role: "alert" });
  const done = h("p", { class: "hint", role: "status", id: "forgot-done" });
  const name = h("input", { id: "forgot-name", autocomplete: "username", required: true, maxlength: 20 });
  const send = h("button", { class: "primary", type: "submit", id: "forgot-send" }, t("moderation.forgotSend"));
  const form = h("form", { class: "account-form" },
    h("h2", { id: "forgot-title" }, t("moderation.forgotTitle")),
    h("p", { class: "hint" }, t("moderation.forgotHint")),
    h("label", { for: "forgot-name" }, t("common.name")), name, error, done,
    h("div", { class: "buttons" }, h("button", { type: "button", onclick: () => dialog.close() }, t("common.close")), send));
  const dialog = h("dialog", { class: "account", "aria-labelledby": "forgot-title" }, form);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    send.disabled = true;
    try {
      await api.post("/api/password/forgot", { name: name.value.trim() });
      done.textContent = t("moderation.forgotDone");
    } catch (problem) {
      error.textContent = messageOf(problem);
    } finally {
      send.disabled = false;
    }
  });
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  name.focus();
}
