// The HTTP API and the session (user + CSRF token). See docs/server.md.

import { currentLanguage, hasKey, t } from "./i18n.js";

let session = { user: null, csrf: "" };
const listeners = new Set();

// Errors whose code says it all are shown in the page's language; the others (the rules
// engine's explanations, bad requests) keep the server's English message.
const ERROR_TEXTS = {
  network: () => t("common.errorNetwork"),
  not_signed_in: () => t("common.errorNotSignedIn"),
  csrf: () => t("common.errorCsrf"),
  name_taken: () => t("common.errorNameTaken"),
  bad_credentials: () => t("common.errorBadCredentials"),
  rate_limited: (extra) => t("common.errorRateLimited", { seconds: extra.retryAfter ?? "60" }),
  busy: () => t("common.errorBusy"),
  hint_pending: () => t("common.errorHintPending"),
  not_found: () => t("common.errorNotFound"),
  not_seated: () => t("common.errorNotSeated"),
  not_your_turn: () => t("common.errorNotYourTurn"),
  stale_seq: () => t("common.errorStaleSeq"),
  not_running: () => t("common.errorNotRunning"),
  seat_taken: () => t("common.errorSeatTaken"),
  not_finished: () => t("common.errorNotFinished"),
  frame_too_large: () => t("common.errorFrameTooLarge"),
  bad_message: () => t("common.errorBadMessage"),
};

/** The message to show for an error `code` from the server (`message`: its English text). */
export function errorText(code, message, extra = {}) {
  const text = ERROR_TEXTS[code];
  return text ? text(extra) : message;
}

/** An error answered by the server: `code`, the server's `serverMessage`, and a `message`
 * for people (in the page's language when the code has a translation). */
export class ApiError extends Error {
  constructor(status, code, message, extra = {}) {
    super(errorText(code, message, extra));
    this.status = status;
    this.code = code;
    this.serverMessage = message;
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
    const retryAfter = response.headers.get("Retry-After") ?? undefined;
    throw new ApiError(response.status, error.code || "error", error.message || response.statusText, { retryAfter });
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

// A game's catalogue texts (/api/games, in English) in the page's language, when the game's
// namespace has them (loaded by the page): "<game>.title", "<game>.summary", "<game>.seat<N>",
// "<game>.option_<name>" and "<game>.option_<name>_<choice>". See docs/server.md.
export function gameText(game, name, english) {
  const key = `${game}.${name}`;
  return hasKey(key) ? t(key) : english;
}

/** An option's label ({name, description} from /api/games) in the page's language. */
export function optionLabel(game, option) {
  return gameText(game.name, `option_${option.name}`, option.description);
}

/** A value of an option in the page's language: a choice's label, seat names for a
 * "first_player" digit, yes or no for a flag. */
export function optionValueText(game, option, value) {
  if (typeof value === "boolean") return value ? t("common.yes") : t("common.no");
  const text = String(value);
  if (/^\d+$/.test(text) && /player/.test(option.name) && option.choices) return seatName(game, Number(text));
  const fallback = text === "random" ? t("common.atRandom") : text;
  return option.choices ? gameText(game.name, `option_${option.name}_${text}`, fallback) : text;
}

/**
 * The address of a game's rules page in the page's language (else English, else the first
 * language it has), or null when the game has none (a plug-in game): links then stay out.
 *
 * @param {{name: string, rules_languages?: string[]} | null | undefined} game
 * @param {string} lang
 * @returns {string | null}
 */
export function rulesHref(game, lang) {
  const languages = game?.rules_languages || [];
  const chosen = languages.includes(lang) ? lang : languages.includes("en") ? "en" : languages[0];
  return game && chosen ? `/static/rules/${encodeURIComponent(game.name)}.${chosen}.html` : null;
}

/** The game's title in the page's language. */
export function gameTitle(game) {
  return game ? gameText(game.name, "title", game.title || game.name) : "";
}

/** Display names of seats: "Red", "Blue"... or "Player 1", in the page's language. */
export function seatName(game, seat) {
  const names = game?.seat_names || [];
  const english = names[seat];
  if (english && game.name) return gameText(game.name, `seat${seat}`, english);
  return english || t("common.playerN", { n: seat + 1 });
}

const AGENT_LABELS = {
  random: () => t("common.agentRandom"),
  greedy: () => t("common.agentGreedy"),
  "mcts:easy": () => t("common.agentEasy"),
  "mcts:normal": () => t("common.agentNormal"),
  "mcts:hard": () => t("common.agentHard"),
};

/** "mcts:hard" → "strong (MCTS)", "random" → "random moves"; unknown agents by name. */
export function agentLabel(agent) {
  return AGENT_LABELS[agent]?.() ?? agent;
}

/** Who sits at a seat ({kind, name, agent}): the user's name, or "computer (…)" translated. */
export function playerName(seat) {
  if (seat?.kind === "computer") return t("common.computerPlayer", { agent: agentLabel(seat.agent || "random") });
  return seat?.name ?? "";
}

const COLOURS = new Set(["red", "blue", "green", "yellow", "purple"]);

/** CSS classes of a seat: "seat-<n>", plus "colour-<name>" when the game names its seats by
 * colour (CO'NNN'ECT's seat 0 is Blue), so that swatches and names show the right colour. */
export function seatClass(game, seat) {
  const english = String(game?.seat_names?.[seat] || "").toLowerCase();
  return COLOURS.has(english) ? `seat-${seat} colour-${english}` : `seat-${seat}`;
}

/** "A, B and C" in the page's language. */
export function listText(items) {
  try {
    return new Intl.ListFormat(currentLanguage(), { type: "conjunction" }).format(items.map(String));
  } catch {
    return items.join(", ");
  }
}

/** A one-line result from per-seat returns. */
// The result line. Partners (``game.teams`` from /api/games) share one result: a team wins
// together, and a game with one team (a single pair) has no winner to name.
export function resultText(returns, seatLabel, game = null) {
  if (!returns) return "";
  const teams = game?.teams?.[String(returns.length)] || returns.map((_, seat) => [seat]);
  if (teams.length === 1 && returns.length > 1) return t("common.gameOver");
  const best = Math.max(...teams.map((team) => returns[team[0]]));
  const winners = teams.filter((team) => returns[team[0]] === best);
  if (winners.length === teams.length) return t("common.draw");
  const names = listText(winners.map((team) => team.map(seatLabel).join(" & ")));
  return winners.length === 1 && winners[0].length === 1
    ? t("common.wonOne", { names })
    : t("common.wonMany", { names });
}
