// The account dialog's "Bot tokens": create a personal API token (its secret shown once), list
// the tokens (never their secrets) and revoke one (docs/bot-api.md, section 1).

import { api } from "./api.js";
import { h, messageOf } from "./dom.js";
import { relativeTime } from "./format.js";
import { t } from "./i18n.js";

/** @typedef {{id: number, name: string, scopes: string[], created_at: string, last_used_at: string | null}} Token */

/** The scopes a token may have, with their i18n keys. */
const SCOPES = [["bot:play", "common.scopeBotPlay"], ["challenge:write", "common.scopeChallengeWrite"]];

/**
 * The section: the tokens, a revoke button each, and the form that creates one.
 *
 * @returns {HTMLElement}
 */
export function tokensSection() {
  const list = h("ul", { class: "tokens", id: "token-list" });
  const error = h("p", { class: "form-error", role: "alert" });
  const secret = h("div", { class: "token-secret", "aria-live": "polite", id: "token-secret" });
  const name = h("input", { id: "token-name", required: true, maxlength: 64, value: "my bot" });
  const boxes = SCOPES.map(([scope, key]) => h("label", { class: "check" },
    h("input", { type: "checkbox", value: scope, checked: true, name: "scope" }), " ", t(key)));
  const create = h("button", { type: "submit", id: "token-create" }, t("common.createToken"));
  const form = h("form", { class: "account-form", id: "token-form" },
    h("label", { for: "token-name" }, t("common.tokenName")), name,
    h("fieldset", {}, h("legend", {}, t("common.tokenScopes")), ...boxes),
    h("div", { class: "buttons" }, create));

  async function refresh() {
    const { tokens } = /** @type {{tokens: Token[]}} */ (await api.get("/api/tokens"));
    list.replaceChildren(...(tokens.length ? tokens.map((token) => tokenItem(token, refresh, error))
      : [h("li", { class: "hint" }, t("common.noTokens"))]));
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const scopes = boxes.map((box) => /** @type {HTMLInputElement} */ (box.firstChild))
      .filter((box) => box.checked).map((box) => box.value);
    create.disabled = true;
    try {
      const made = await api.post("/api/tokens", { name: name.value.trim(), scopes });
      const value = h("input", { readonly: true, value: made.token, id: "token-value", "aria-label": t("common.tokenValue") });
      secret.replaceChildren(h("p", {}, t("common.tokenShownOnce")), value);
      value.focus(); // in view, selected: ready to copy
      /** @type {HTMLInputElement} */ (value).select();
      await refresh();
    } catch (problem) {
      error.textContent = messageOf(problem);
    } finally {
      create.disabled = false;
    }
  });
  refresh().catch((problem) => { error.textContent = messageOf(problem); });
  return h("section", { class: "tokens-section", "aria-labelledby": "tokens-title" },
    h("h3", { id: "tokens-title" }, t("common.botTokens")),
    h("p", { class: "hint" }, t("common.botTokensHint")),
    secret, list, form, error);
}

/**
 * One token of the list: its name, scopes, when it was made and last used, and "Revoke".
 *
 * @param {Token} token
 * @param {() => Promise<void>} refresh
 * @param {HTMLElement} error
 * @returns {HTMLElement}
 */
function tokenItem(token, refresh, error) {
  const revoke = h("button", {
    type: "button", class: "small", "aria-label": t("common.revokeTokenNamed", { name: token.name }),
    onclick: async () => {
      revoke.disabled = true;
      try {
        await api.delete(`/api/tokens/${token.id}`);
        await refresh();
      } catch (problem) {
        error.textContent = messageOf(problem);
        revoke.disabled = false;
      }
    },
  }, t("common.revokeToken"));
  const used = token.last_used_at ? relativeTime(token.last_used_at) : t("common.tokenNeverUsed");
  return h("li", { class: "token", "data-token": String(token.id) },
    h("b", {}, token.name), " ", h("span", { class: "hint" }, token.scopes.join(", "), " · ",
      t("common.tokenMade", { when: relativeTime(token.created_at) }), " · ", used), " ", revoke);
}
