// The community pages' texts and numbers without the browser (no DOM, no fetch): rating
// changes, time controls, chat lines, history queries and chart scales. The node tests
// (tests/js/community.test.mjs) import this module directly; the pages import it too.

import { t, tn } from "./translate.js";

/** @typedef {import("./community-types.js").TimeControl} TimeControl */
/** @typedef {import("./community-types.js").ChatMessage} ChatMessage */
/** @typedef {import("./community-types.js").HistoryFilters} HistoryFilters */

/**
 * A rating change as shown at the end of a game and in histories: "+14", "−9", "±0".
 *
 * @param {number | null | undefined} change
 * @returns {string} "" for no change known (an unrated seat).
 */
export function ratingChangeText(change) {
  if (change === null || change === undefined || !Number.isFinite(change)) return "";
  if (change > 0) return `+${change}`;
  if (change < 0) return `\u2212${-change}`; // a real minus sign, as in print
  return "\u00b10";
}

/**
 * The time controls the quick-pairing and challenge forms offer, by key: "unlimited",
 * "rt:<minutes>+<increment>" (real time, minutes and seconds) and "turn:<days>" (days per move).
 */
export const TIME_CONTROLS = ["rt:3+2", "rt:5+3", "rt:10+5", "rt:15+10", "unlimited", "turn:1", "turn:3"];

/**
 * The time control of a key of TIME_CONTROLS (the API's shape: seconds and days).
 *
 * @param {string} key
 * @returns {TimeControl}
 * @throws {Error} on a key of no known shape.
 */
export function timeControlOf(key) {
  if (key === "unlimited") return { kind: "unlimited", base: 0, increment: 0, days: 0 };
  const realtime = /^rt:(\d+)\+(\d+)$/.exec(key);
  if (realtime) return { kind: "realtime", base: Number(realtime[1]) * 60, increment: Number(realtime[2]), days: 0 };
  const turn = /^turn:(\d+)$/.exec(key);
  if (turn) return { kind: "turn", base: 0, increment: 0, days: Number(turn[1]) };
  throw new Error(`unknown time control ${key}`);
}

/**
 * A time control in words: "5+3" (minutes + seconds a move), "1 day a move", "No clock".
 *
 * @param {Partial<TimeControl> | null | undefined} control
 * @returns {string}
 */
export function timeControlText(control) {
  if (!control || control.kind === "unlimited" || !control.kind) return t("community.noClock");
  if (control.kind === "turn") return tn("community.daysPerMove", control.days ?? 0);
  const minutes = (control.base ?? 0) / 60;
  const shown = Number.isInteger(minutes) ? String(minutes) : minutes.toFixed(1);
  return `${shown}+${control.increment ?? 0}`;
}

/**
 * The time control without the server's extra fields (the API refuses unknown fields).
 *
 * @param {Partial<TimeControl> | null | undefined} control
 * @returns {TimeControl}
 */
export function bareTimeControl(control) {
  return {
    kind: control?.kind ?? "unlimited", base: control?.base ?? 0,
    increment: control?.increment ?? 0, days: control?.days ?? 0,
  };
}

/**
 * The words of a chat message: its text, or its preset in the reader's language (an unknown
 * preset shows its key).
 *
 * @param {Pick<ChatMessage, "text" | "preset">} message
 * @returns {string}
 */
export function chatText(message) {
  if (message.text !== null && message.text !== undefined) return message.text;
  const preset = message.preset ?? "";
  const key = `community.preset_${preset}`;
  const text = t(key);
  return text === key ? preset : text;
}

/** The chat's preset quick messages (service/chat.py PRESETS). */
export const PRESETS = ["hello", "good_luck", "have_fun", "thanks", "well_played", "good_game", "sorry"];

/**
 * The query string of a history page (`GET /api/users/{name}/games`): empty filters left out.
 *
 * @param {HistoryFilters} filters
 * @returns {string} "" or "?game=…&page=2".
 */
export function historyQuery(filters) {
  const query = new URLSearchParams();
  for (const name of /** @type {(keyof HistoryFilters)[]} */ (["game", "opponent", "result", "since", "until"])) {
    const value = String(filters[name] ?? "").trim();
    if (value) query.set(name, value);
  }
  if (filters.page && filters.page > 1) query.set("page", String(filters.page));
  if (filters.per_page) query.set("per_page", String(filters.per_page));
  const text = query.toString();
  return text ? `?${text}` : "";
}

/**
 * A record in words: "3 W · 1 L · 0 D", then, for games of more than two sides, the places
 * by the number of players: "3 players: place 1 ×1, place 3 ×2" (no mean ranks).
 *
 * @param {{played: number, wins: number, losses: number, draws: number,
 *   places?: Record<string, Record<string, number>>}} stats
 * @returns {string}
 */
export function recordText(stats) {
  const parts = [t("community.winsLossesDraws", { wins: stats.wins, losses: stats.losses, draws: stats.draws })];
  const bySides = Object.entries(stats.places || {}).filter(([sides]) => Number(sides) > 2)
    .sort(([a], [b]) => Number(a) - Number(b));
  for (const [sides, places] of bySides) {
    const counted = Object.entries(places).sort(([a], [b]) => Number(a) - Number(b))
      .map(([place, count]) => t("community.placeCount", { place, count }));
    parts.push(t("community.placesOf", { sides, places: counted.join(", ") }));
  }
  return parts.join(" · ");
}

/**
 * The SVG coordinates of a line chart's points: x spread evenly over `width` (one point:
 * the middle), y scaled so that `low` is at the bottom and `high` at the top, within `pad`.
 *
 * @param {number[]} values
 * @param {{width: number, height: number, pad: number, low?: number, high?: number}} box -
 *   `low` and `high` default to the values' extremes (widened when all are equal).
 * @returns {{points: [number, number][], low: number, high: number, y: (value: number) => number}}
 */
export function chartScale(values, box) {
  let low = box.low ?? Math.min(...values);
  let high = box.high ?? Math.max(...values);
  if (!values.length) {
    low = box.low ?? 0;
    high = box.high ?? 1;
  }
  if (high - low < 1e-9) {
    low -= 1;
    high += 1;
  }
  const inner = box.height - 2 * box.pad;
  /** @param {number} value */
  const y = (value) => box.pad + inner * (1 - (value - low) / (high - low));
  const span = box.width - 2 * box.pad;
  /** @type {[number, number][]} */
  const points = values.map((value, i) => [
    values.length === 1 ? box.width / 2 : box.pad + (span * i) / (values.length - 1),
    y(value),
  ]);
  return { points, low, high, y };
}

/**
 * Whether the move played was the engine's choice, a reasonable one or a mistake.
 *
 * @param {{rank: number | null, played: string, best: string}} position
 * @returns {"best" | "good" | "mistake"}
 */
export function moveQuality(position) {
  if (position.played === position.best || position.rank === 1) return "best";
  if (position.rank !== null && position.rank <= 3) return "good";
  return "mistake";
}
