// The page a password-reset mail links to (/reset-password?token=…): choose a new password;
// the link works once, within the hour.

import { api } from "./api.js";
import { byId as $, h, messageOf } from "./dom.js";
import { setUpHeader } from "./header.js";
import { loadNamespaces, t } from "./i18n.js";

async function main() {
  await loadNamespaces("common", "moderation");
  await setUpHeader();
  const token = new URLSearchParams(location.search).get("token") ?? "";
  const error = h("p", { class: "form-error", role: "alert" });
  const password = h("input", { type: "password", id: "reset-password", autocomplete: "new-password", required: true, minlength: 8 });
  const submit = h("button", { class: "primary", type: "submit", id: "reset-submit" }, t("moderation.resetSubmit"));
  const form = h("form", { class: "account-form", id: "reset-form" },
    h("label", { for: "reset-password" }, t("common.newPassword")), password,
    h("p", { class: "hint" }, t("moderation.resetHint")), error,
    h("div", { class: "buttons" }, submit));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    submit.disabled = true;
    try {
      await api.post("/api/password/reset", { token, password: password.value });
      $("reset").replaceChildren(h("p", { id: "reset-done" }, t("moderation.resetDone")),
        h("p", {}, h("a", { class: "button primary", href: "/" }, t("common.lobby"))));
    } catch (problem) {
      error.textContent = messageOf(problem);
      submit.disabled = false;
    }
  });
  $("reset").replaceChildren(token ? form : h("p", { class: "form-error" }, t("moderation.resetNoToken")));
}

main();
