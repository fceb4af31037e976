// The HTTP API and the session (user + CSRF token). See docs/server.md.

let session = { user: null, csrf: "" };
const listeners = new Set();

/** An error answered by the server: `code` and a `message` for people. */
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function call(method, path, body) {
  const init = { method, headers: {}, credentials: "same-origin" };
  if (method !== "GET") init.headers["X-CSRF-Token"] = session.csrf;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
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
    const error = data.error || {};
    throw new ApiError(response.status, error.code || "error", error.message || response.statusText);
  }
  if (data && typeof data === "object" && "csrf" in data) setSession(data);
  return data;
}

function setSession(data) {
  session = { user: data.user, csrf: data.csrf };
  for (const listener of listeners) listener(session.user);
}

export const api = {
  get: (path) => call("GET", path),
  post: (path, body) => call("POST", path, body ?? {}),
};

/** Load the session (call once per page). */
export async function loadSession() {
  await call("GET", "/api/session");
  return session.user;
}

export function currentUser() {
  return session.user;
}

/** Call `listener(user)` whenever the signed-in user changes. */
export function onUserChange(listener) {
  listeners.add(listener);
}

export const signUp = (name, password) => api.post("/api/signup", { name, password });
export const signIn = (name, password) => api.post("/api/login", { name, password });
export const playAsGuest = () => api.post("/api/guest");
export const signOut = () => api.post("/api/logout");

/** `ws://` or `wss://` URL of a path on this server. */
export function socketUrl(path) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}${path}`;
}

/** Create an element: h("button", {class: "primary", onclick}, "text", child...). */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) element.addEventListener(key.slice(2), value);
    else if (key === "class") element.className = value;
    else if (key === "dataset") Object.assign(element.dataset, value);
    else element.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** Show a short message at the bottom of the page. */
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

/** Display names of seats: "Red", "Blue"... or "Player 1". */
export function seatName(game, seat) {
  const names = game?.seat_names || [];
  return names[seat] || `Player ${seat + 1}`;
}

/** A one-line result from per-seat returns. */
export function resultText(returns, seatLabel) {
  if (!returns) return "";
  const best = Math.max(...returns);
  const winners = returns.map((value, seat) => [value, seat]).filter(([v]) => v === best);
  if (winners.length === returns.length) return "Draw";
  return `${winners.map(([, seat]) => seatLabel(seat)).join(" and ")} won`;
}
