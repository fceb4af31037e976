// The HTTP API (JSON in and out, the CSRF token on every POST) and the session (user + CSRF
// token). See docs/server.md. The DOM helpers of the pages are in dom.js, the texts built from
// the server's data in format.js, the WebSocket client in socket.js.

import { errorText } from "./format.js";

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

/** @type {Promise<any> | null} */
let catalogue = null;

/**
 * The catalogue (GET /api/games), fetched once per page however many of its modules ask (the
 * lobby, quick pairing and challenges each need it); a failed fetch is tried again next time.
 *
 * @returns {Promise<any>} the answer of GET /api/games
 */
export function loadCatalogue() {
  catalogue ??= api.get("/api/games").catch((problem) => {
    catalogue = null;
    throw problem;
  });
  return catalogue;
}

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
