// The page header: the brand, navigation, the language picker, the sound toggle and the account
// box (sign up, sign in, guest; a guest may keep its games by creating an account in place).

import {
  api, changePassword, loadSession, onUserChange, playAsGuest, signIn, signOut, signOutEverywhere, signUp,
} from "./api.js";
import { accountDataSection } from "./account-data.js";
import { emailSection, forgotDialog } from "./email.js";
import { peopleSection } from "./relations.js";
import { byId, h, messageOf, toast } from "./dom.js";
import { LANGUAGES, currentLanguage, loadNamespaces, setLanguage, t } from "./i18n.js";
import { isMuted, play, setMuted } from "./sounds.js";
import { tokensSection } from "./tokens.js";

/** @typedef {import("./types.js").User} User */

/** @param {string} name @param {string} password - a guest becomes an account (same user). */
const upgradeGuest = (name, password) => api.post("/api/upgrade", { name, password });

/**
 * The sign-up, sign-in or "keep your games" (a guest's upgrade) dialog (modal); it removes
 * itself when closed.
 *
 * @param {"signup" | "signin" | "upgrade"} mode
 */
function accountDialog(mode) {
  const creates = mode !== "signin";
  const title = { signup: t("common.createAccount"), signin: t("common.signIn"), upgrade: t("common.keepYourGames") }[mode];
  const error = h("p", { class: "form-error", role: "alert" });
  const name = h("input", {
    name: "name", autocomplete: "username", required: true, maxlength: 20, id: "account-name",
  });
  const password = h("input", {
    name: "password", type: "password", required: true, minlength: creates ? 8 : 1,
    autocomplete: creates ? "new-password" : "current-password", id: "account-password",
  });
  const hint = creates ? h("p", { class: "hint" }, t("common.signUpHint")) : null;
  const keeps = mode === "upgrade" ? h("p", { class: "hint" }, t("common.keepYourGamesHint")) : null;
  const submit = h("button", { class: "primary", type: "submit" },
    { signup: t("common.signUp"), signin: t("common.signIn"), upgrade: t("common.createAccount") }[mode]);
  const cancel = h("button", { type: "button", onclick: () => dialog.close() }, t("common.cancel"));
  const form = h("form", { method: "dialog", class: "account-form" },
    h("h2", { id: "account-title" }, title), keeps,
    h("label", { for: "account-name" }, t("common.name")), name,
    h("label", { for: "account-password" }, t("common.password")), password,
    hint, error,
    mode === "signin" ? h("p", {}, h("button", { type: "button", class: "link", id: "forgot-password", onclick: () => {
      dialog.close();
      forgotDialog().catch((e) => toast(messageOf(e)));
    } }, t("common.forgotPassword"))) : null,
    h("div", { class: "buttons" }, cancel, submit));
  const dialog = h("dialog", { class: "account", "aria-labelledby": "account-title" }, form);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    submit.disabled = true;
    try {
      await { signup: signUp, signin: signIn, upgrade: upgradeGuest }[mode](name.value.trim(), password.value);
      dialog.close();
    } catch (problem) {
      error.textContent = messageOf(problem);
    } finally {
      submit.disabled = false;
    }
  });
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  name.focus();
}

/**
 * The account dialog of a signed-in user: change the password (accounts, not guests) — every
 * other session ends — and sign out on every device.
 *
 * @param {User} user
 */
function settingsDialog(user) {
  const error = h("p", { class: "form-error", role: "alert" });
  const done = h("p", { class: "hint", role: "status" });
  const old = h("input", { type: "password", required: true, autocomplete: "current-password", id: "old-password" });
  const fresh = h("input", {
    type: "password", required: true, minlength: 8, autocomplete: "new-password", id: "new-password",
  });
  const change = h("button", { class: "primary", type: "submit", id: "change-password" }, t("common.changePassword"));
  const form = h("form", { class: "account-form" },
    h("h3", {}, t("common.changePassword")),
    h("label", { for: "old-password" }, t("common.oldPassword")), old,
    h("label", { for: "new-password" }, t("common.newPassword")), fresh,
    h("p", { class: "hint" }, t("common.changePasswordHint")),
    h("div", { class: "buttons" }, change));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = done.textContent = "";
    change.disabled = true;
    try {
      await changePassword(old.value, fresh.value);
      old.value = fresh.value = "";
      done.textContent = t("common.passwordChanged");
    } catch (problem) {
      error.textContent = messageOf(problem);
    } finally {
      change.disabled = false;
    }
  });
  const out = h("button", { type: "button", id: "dialog-sign-out", onclick: () => {
    signOut().then(() => dialog.close()).catch((e) => { error.textContent = messageOf(e); });
  } }, t("common.signOut"));
  const everywhere = h("button", { type: "button", id: "sign-out-everywhere", onclick: () => {
    signOutEverywhere().then(() => dialog.close()).catch((e) => { error.textContent = messageOf(e); });
  } }, t("common.signOutEverywhere"));
  const close = h("button", { type: "button", onclick: () => dialog.close() }, t("common.close"));
  const dialog = h("dialog", { class: "account", "aria-labelledby": "settings-title" },
    h("h2", { id: "settings-title" }, t("common.accountOf", { name: user.name })),
    h("p", {}, h("a", { class: "button", id: "my-profile", href: `/users/${encodeURIComponent(user.name)}` },
      t("common.yourProfile"))),
    user.guest
      ? h("div", {}, h("p", { class: "hint" }, t("common.guestNoPassword")),
        h("div", { class: "buttons" }, h("button", { class: "primary", type: "button", onclick: () => {
          dialog.close();
          accountDialog("upgrade");
        } }, t("common.keepYourGamesButton"))))
      : form,
    h("h3", {}, t("common.sessions")),
    h("p", { class: "hint" }, t("common.signOutEverywhereHint")),
    h("div", { class: "buttons" }, out, everywhere),
    user.guest ? "" : peopleSection(),
    user.guest ? "" : emailSection(),
    user.guest ? "" : tokensSection(),
    accountDataSection(user, () => dialog.close()),
    error, done,
    h("div", { class: "buttons" }, close));
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}

/**
 * The account box: the signed-in user (a button opening the account dialog, which offers the
 * profile too) and, in `actions` (the header's menu on a phone), "keep your games" and "sign
 * out"; else, in `actions`, the ways to sign in.
 *
 * @param {HTMLElement} box
 * @param {HTMLElement} actions
 * @param {User | null} user
 */
function renderAccount(box, actions, user) {
  box.replaceChildren();
  actions.replaceChildren();
  if (user) {
    // The button's name is its visible text (WCAG 2.5.3); the title says what it opens.
    box.append(
      h("button", {
        class: "who link", id: "account", "aria-haspopup": "dialog",
        title: `${t("common.accountOf", { name: user.name })} (${user.guest ? t("common.guestAccount") : t("common.signedIn")})`,
        onclick: () => loadNamespaces("moderation").then(() => settingsDialog(user)),
      },
      h("span", { class: "avatar", "aria-hidden": "true" }, user.name.slice(0, 1).toUpperCase()),
      h("span", { class: "name", id: "user-name" }, user.name),
      user.guest ? h("span", { class: "tag" }, t("common.guest")) : null));
    actions.append(
      ...(user.guest
        ? [h("button", {
          class: "primary small", id: "upgrade", onclick: () => accountDialog("upgrade"),
          title: t("common.keepYourGamesButton"),
        }, t("common.keepYourGames"))]
        : []),
      ...(user.moderator ? [h("a", { class: "link", id: "moderation-link", href: "/moderation" }, t("common.moderation"))] : []),
      // A guest signs out from the account dialog (next to "keep your games"): the header
      // holds one row at 1280 px in every language.
      ...(user.guest ? [] : [h("button", { class: "link", id: "sign-out", onclick: () => signOut().catch((e) => toast(e.message)) },
        t("common.signOut"))]));
    return;
  }
  // Signed out, the ways in sit in `actions`: the header's row on a wide screen, the menu on a
  // phone (the landing page's own buttons play at once).
  actions.append(
    h("button", { id: "sign-in", onclick: () => accountDialog("signin") }, t("common.signIn")),
    h("button", { class: "primary", id: "sign-up", onclick: () => accountDialog("signup") }, t("common.signUp")),
    h("button", { class: "link", id: "guest", onclick: () => playAsGuest().catch((e) => toast(e.message)) },
      t("common.playAsGuest")));
}

/**
 * The phone's menu button: shows and hides `menu` (on a wide screen the button is hidden and
 * the menu's parts sit in the header's row, app.css).
 *
 * @param {HTMLElement} top - the header
 * @param {HTMLElement} menu
 */
function menuToggle(top, menu) {
  const button = h("button", {
    class: "link menu-toggle", id: "menu-toggle", type: "button", "aria-expanded": "false", "aria-controls": menu.id,
  }, h("span", { "aria-hidden": "true" }, "☰ "), t("common.menu"));
  /** @param {boolean} open */
  const show = (open) => {
    top.classList.toggle("menu-open", open);
    button.setAttribute("aria-expanded", String(open));
  };
  button.addEventListener("click", () => show(!top.classList.contains("menu-open")));
  menu.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && top.classList.contains("menu-open")) {
      show(false);
      button.focus();
    }
  });
  return button;
}

/** The sound toggle: sounds are off until turned on here; the choice is remembered (sounds.js). */
function soundToggle() {
  const button = h("button", { class: "link sound-toggle", id: "sound-toggle", type: "button" });
  const show = () => {
    const muted = isMuted();
    button.setAttribute("aria-pressed", String(!muted));
    button.textContent = muted ? t("common.soundOff") : t("common.soundOn");
    button.title = muted ? t("common.soundTurnOn") : t("common.soundTurnOff");
  };
  button.addEventListener("click", () => {
    setMuted(!isMuted());
    show();
    play("move"); // the sound the player just turned on (silent when turned off)
  });
  show();
  return button;
}

/** The language picker: the five languages by their native names; choosing one reloads. */
function languagePicker() {
  const current = currentLanguage();
  const select = h("select", { id: "language", "aria-label": t("common.language"), title: t("common.language") },
    LANGUAGES.map(([code, native]) => h("option", { value: code, lang: code, selected: code === current }, native)));
  select.addEventListener("change", () => setLanguage(select.value));
  return h("div", { class: "language" }, select);
}

/** After an e-mail's verification link (`/?email=verified` or `invalid`): say how it went,
 * then drop the parameter from the address bar. */
function verificationNotice() {
  const params = new URLSearchParams(location.search);
  const outcome = params.get("email");
  if (outcome !== "verified" && outcome !== "invalid") return;
  toast(t(outcome === "verified" ? "common.emailVerified" : "common.emailLinkInvalid"), outcome === "verified" ? "info" : "error");
  params.delete("email");
  history.replaceState(null, "", `${location.pathname}${params.size ? `?${params}` : ""}${location.hash}`);
}

/**
 * Build the header into `<header id="top">` and load the session. The page must have
 * awaited `loadNamespaces("common")`.
 *
 * @returns {Promise<User | null>} the signed-in user (null also when the session failed to load).
 */
export async function setUpHeader() {
  const top = byId("top");
  const box = h("div", { class: "account-box" });
  const actions = h("div", { class: "account-actions" });
  const menu = h("div", { class: "header-menu", id: "header-menu" },
    h("nav", { "aria-label": t("common.navigation") },
      h("a", { href: "/" }, t("common.lobby")), h("a", { href: "/replay" }, t("common.replayARecord")),
      h("a", { href: "/tournaments" }, t("common.tournaments")), h("a", { href: "/puzzles" }, t("common.puzzles"))),
    actions, soundToggle(), languagePicker());
  top.replaceChildren(
    h("a", { class: "skip-link", href: "#main" }, t("common.skipToContent")),
    h("a", { class: "brand", href: "/" },
      h("img", { src: "/static/logo.svg", alt: "", width: 30, height: 30 }),
      h("span", {}, "Connect Arena")),
    box, menuToggle(top, menu), menu);
  onUserChange((user) => renderAccount(box, actions, user));
  verificationNotice();
  try {
    return await loadSession();
  } catch (problem) {
    toast(messageOf(problem));
    renderAccount(box, actions, null);
    return null;
  }
}
