// The page header: the brand, navigation and the account box (sign up, sign in, guest).

import { h, loadSession, onUserChange, playAsGuest, signIn, signOut, signUp, toast } from "./api.js";

function accountDialog(mode) {
  const title = mode === "signup" ? "Create an account" : "Sign in";
  const error = h("p", { class: "form-error", role: "alert" });
  const name = h("input", {
    name: "name", autocomplete: "username", required: true, maxlength: 20, id: "account-name",
  });
  const password = h("input", {
    name: "password", type: "password", required: true, minlength: mode === "signup" ? 8 : 1,
    autocomplete: mode === "signup" ? "new-password" : "current-password", id: "account-password",
  });
  const hint = mode === "signup"
    ? h("p", { class: "hint" }, "3–20 letters, digits, _ . or -; a password of 8 characters or more.")
    : null;
  const submit = h("button", { class: "primary", type: "submit" }, mode === "signup" ? "Sign up" : "Sign in");
  const cancel = h("button", { type: "button", onclick: () => dialog.close() }, "Cancel");
  const form = h("form", { method: "dialog", class: "account-form" },
    h("h2", {}, title),
    h("label", { for: "account-name" }, "Name"), name,
    h("label", { for: "account-password" }, "Password"), password,
    hint, error,
    h("div", { class: "buttons" }, cancel, submit));
  const dialog = h("dialog", { class: "account" }, form);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    submit.disabled = true;
    try {
      await (mode === "signup" ? signUp : signIn)(name.value.trim(), password.value);
      dialog.close();
    } catch (problem) {
      error.textContent = problem.message;
    } finally {
      submit.disabled = false;
    }
  });
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  name.focus();
}

function renderAccount(box, user) {
  box.replaceChildren();
  if (user) {
    box.append(
      h("span", { class: "who", title: user.guest ? "guest account" : "signed in" },
        h("span", { class: "avatar" }, user.name.slice(0, 1).toUpperCase()),
        h("span", { class: "name", id: "user-name" }, user.name),
        user.guest ? h("span", { class: "tag" }, "guest") : null),
      h("button", { class: "link", id: "sign-out", onclick: () => signOut().catch((e) => toast(e.message)) }, "Sign out"));
    return;
  }
  box.append(
    h("button", { id: "sign-in", onclick: () => accountDialog("signin") }, "Sign in"),
    h("button", { class: "primary", id: "sign-up", onclick: () => accountDialog("signup") }, "Sign up"),
    h("button", { class: "link", id: "guest", onclick: () => playAsGuest().catch((e) => toast(e.message)) }, "Play as guest"));
}

/** Build the header into `<header id="top">` and load the session. */
export async function setUpHeader() {
  const top = document.getElementById("top");
  const box = h("div", { class: "account-box" });
  top.replaceChildren(
    h("a", { class: "brand", href: "/" },
      h("img", { src: "/static/logo.svg", alt: "", width: 30, height: 30 }),
      h("span", {}, "Connect Arena")),
    h("nav", {}, h("a", { href: "/" }, "Lobby"), h("a", { href: "/replay" }, "Replay a record")),
    box);
  onUserChange((user) => renderAccount(box, user));
  try {
    return await loadSession();
  } catch (problem) {
    toast(problem.message);
    renderAccount(box, null);
    return null;
  }
}
