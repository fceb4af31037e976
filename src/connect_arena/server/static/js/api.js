// The HTTP API and the session (user + CSRF token), and the DOM helpers of the pages.
// See docs/server.md. The texts built from the server's data are in format.js (re-exported
// here, so the pages and the game modules import them from one place).

import { errorText, rulesHref } from "./format.js";
import { currentLanguage, t } from "./i18n.js";

export {
  agentLabel, errorText, gameText, gameTitle, hintValueText, listText, optionLabel, optionValueText,
  playerName, recordPlayerName, relativeTime, resultText, rulesHref, seatClass, seatName, seatPlayerText,
} from "./format.js";

/** @typedef {import("./types.js").User} User */

/** @type {{user: User | null, csrf: string}} */
let session = { user: null, csrf: "" };
/** @type {Set<(user: User | null) => void>} */
const listeners = new Set();

/** An error answered by the server: `code`, the server's `serverMessage`, and a `message`
 * for people (in the page's language when the code has a translation). */
export class ApiError extends Error {
  /**
   * @param {number} status - the HTTP status (0: the server could not be reached).
   * @param {string} code - e.g. "name_taken".
   * @param {string} message - the server's English text.
   * @param {{retryAfter?: string}} [extra]
   */
  constructor(status, code, message, extra = {}) {
    super(errorText(code, message, extra));
    this.status = status;
    this.code = code;
    this.serverMessage = message;
  }
}

/**
 * Call the API: JSON in and out, the CSRF token on every POST. An answer carrying `csrf`
 * (the session routes) becomes the page's session.
 *
 * @param {"GET" | "POST" | "DELETE"} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>} the answer's JSON.
 * @throws {ApiError} on a network error or an error status.
 */
async function call(method, path, body) {
  /** @type {Record<string, string>} */
  const headers = {};
  /** @type {RequestInit} */
  const init = { method, headers, credentials: "same-origin" };
  if (method !== "GET") headers["X-CSRF-Token"] = session.csrf;
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, "network", "the server cannot be reached; is it running?");
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = data?.error || {};
    const retryAfter = response.headers.get("Retry-After") ?? undefined;
    throw new ApiError(response.status, error.code || "error", error.message || response.statusText, { retryAfter });
  }
  if (data && typeof data === "object" && "csrf" in data) setSession(data);
  return data;
}

/** @param {{user: User | null, csrf: string}} data */
function setSession(data) {
  session = { user: data.user, csrf: data.csrf };
  for (const listener of listeners) listener(session.user);
}

export const api = {
  /** @param {string} path @returns {Promise<any>} */
  get: (path) => call("GET", path),
  /** @param {string} path @param {unknown} [body] @returns {Promise<any>} */
  post: (path, body) => call("POST", path, body ?? {}),
  /** @param {string} path @returns {Promise<any>} */
  delete: (path) => call("DELETE", path),
};

/**
 * Load the session (call once per page).
 *
 * @returns {Promise<User | null>} the signed-in user.
 */
export async function loadSession() {
  await call("GET", "/api/session");
  return session.user;
}

/** @returns {User | null} the signed-in user. */
export function currentUser() {
  return session.user;
}

/**
 * Call `listener(user)` whenever the signed-in user changes.
 *
 * @param {(user: User | null) => void} listener
 */
export function onUserChange(listener) {
  listeners.add(listener);
}

/** @param {string} name @param {string} password */
export const signUp = (name, password) => api.post("/api/signup", { name, password });
/** @param {string} name @param {string} password */
export const signIn = (name, password) => api.post("/api/login", { name, password });
export const playAsGuest = () => api.post("/api/guest");
export const signOut = () => api.post("/api/logout");
/** Sign out on every device: every session of the user ends, this one included. */
export const signOutEverywhere = () => api.post("/api/logout-all");
/** @param {string} oldPassword @param {string} newPassword */
export const changePassword = (oldPassword, newPassword) =>
  api.post("/api/password", { old_password: oldPassword, new_password: newPassword });

/**
 * The `ws://` or `wss://` URL of a path on this server.
 *
 * @param {string} path
 * @returns {string}
 */
export function socketUrl(path) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}${path}`;
}

/** @typedef {Node | string | number | null | undefined | false} Child */
/** @typedef {Child | Child[] | Child[][]} Children */

/**
 * Create an element: h("button", {class: "primary", onclick}, "text", child...).
 *
 * Attributes whose value is null, undefined or false are left out, true sets an empty
 * attribute; "on<event>" adds a listener, "class" sets className, "dataset" the data-
 * attributes. Children may be nested arrays; null, undefined and false are skipped, other
 * non-nodes become text.
 *
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any>} [attributes]
 * @param {...Children} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) element.addEventListener(key.slice(2), value);
    else if (key === "class") element.className = value;
    else if (key === "dataset") Object.assign(element.dataset, value);
    else element.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(2)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/**
 * The element of an id, which the page must have.
 *
 * @param {string} id
 * @returns {HTMLElement}
 * @throws {Error} when the page has no such element (a page and its script disagree).
 */
export function byId(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no element #${id}`);
  return element;
}

/**
 * The message of something thrown, for people.
 *
 * @param {unknown} problem
 * @returns {string}
 */
export function messageOf(problem) {
  return problem instanceof Error ? problem.message : String(problem);
}

/**
 * Show a short message at the bottom of the page.
 *
 * @param {string} message
 * @param {"error" | "info"} [kind]
 */
export function toast(message, kind = "error") {
  let box = document.getElementById("toasts");
  if (!box) {
    box = h("div", { id: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  const item = h("div", { class: `toast ${kind}` }, message);
  box.append(item);
  setTimeout(() => item.classList.add("leaving"), 4200);
  setTimeout(() => item.remove(), 4700);
}

/**
 * A link to the game's rules page in the page's language, or null when the game has none (a
 * plug-in game): the pages then leave the link out.
 *
 * @param {{name: string, rules_languages?: string[]} | null | undefined} game
 * @param {string} [id] - the link's id.
 * @returns {HTMLAnchorElement | null}
 */
export function rulesLink(game, id = "rules-link") {
  const href = rulesHref(game, currentLanguage());
  return href ? h("a", { class: "rules-link", id, href, target: "_blank", rel: "noopener" }, t("common.rulesLink")) : null;
}
