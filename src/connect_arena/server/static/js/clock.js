// The clocks of a timed table (docs/lifecycle.md): the server sends each person's seconds left
// with every state (`clocks`) and which clocks run (`running`); the page counts the running
// ones down from the moment it received the state, without a broadcast per second. Pure
// functions (no DOM, no timers): table.js calls them on every tick; tests/js/clock.test.mjs
// checks them.

import { t, tn } from "./translate.js";

/** @typedef {import("./types.js").TimeControl} TimeControl */

/** Seconds in an hour and in a day. */
const HOUR = 3600;
const DAY = 86400;

/**
 * The seconds left on each clock now: the received values, the running ones less the time
 * since they were received (never below 0: the server, not the page, decides a flag fell).
 *
 * @param {Record<string, number> | null | undefined} clocks - seat -> seconds left, as received.
 * @param {number[] | null | undefined} running - the seats whose clocks run.
 * @param {number} receivedAt - when the state arrived, in ms (performance.now()).
 * @param {number} now - in ms, on the same clock as receivedAt.
 * @returns {Record<number, number>} seat -> seconds left (empty for an untimed table).
 */
export function clocksNow(clocks, running, receivedAt, now) {
  /** @type {Record<number, number>} */
  const left = {};
  if (!clocks) return left;
  const elapsed = Math.max(0, now - receivedAt) / 1000;
  const runs = new Set(running || []);
  for (const [seat, seconds] of Object.entries(clocks)) {
    if (typeof seconds !== "number") continue;
    const value = runs.has(Number(seat)) ? seconds - elapsed : seconds;
    left[Number(seat)] = Math.max(0, value);
  }
  return left;
}

/**
 * Below how many seconds a clock is shown as low on time: under 10 s in real time (when the
 * tenths appear), up to 30 s for longer controls (a tenth of the base time); a fifth of the
 * budget of a move at a turn-based table.
 *
 * @param {TimeControl | null | undefined} control
 * @returns {number} seconds (0 for an untimed table).
 */
export function lowTime(control) {
  if (!control || control.kind === "unlimited") return 0;
  if (control.kind === "turn") return (control.days || 1) * DAY * 0.2;
  return Math.max(10, Math.min(30, (control.base || 0) * 0.1));
}

/** @param {number} n @returns {string} two digits. */
const two = (n) => String(n).padStart(2, "0");

/**
 * A real-time clock: "m:ss" ("h:mm:ss" from an hour), with tenths under 10 s ("0:09.4").
 * Rounded down, so that a clock shows 0 only when it is out.
 *
 * @param {number} seconds
 * @returns {string}
 */
export function formatRealtime(seconds) {
  const s = Math.max(0, seconds);
  if (s < 10) return `0:0${(Math.floor(s * 10) / 10).toFixed(1)}`;
  const whole = Math.floor(s);
  const hours = Math.floor(whole / HOUR);
  const minutes = Math.floor((whole % HOUR) / 60);
  const rest = whole % 60;
  return hours ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
}

/**
 * A turn-based clock in the page's language: "2 d 5 h" from a day, "5 h 12 min" from an hour,
 * then "m:ss" like a real-time clock.
 *
 * @param {number} seconds
 * @returns {string}
 */
export function formatTurn(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  if (s >= DAY) return t("common.clockDaysHours", { days: Math.floor(s / DAY), hours: Math.floor((s % DAY) / HOUR) });
  if (s >= HOUR) return t("common.clockHoursMinutes", { hours: Math.floor(s / HOUR), minutes: Math.floor((s % HOUR) / 60) });
  return formatRealtime(s);
}

/**
 * A duration without tenths: "0:05", "12:34", then as a turn-based clock ("5 h 12 min",
 * "2 d 5 h"): how long a person has been offline, how long until a claim.
 *
 * @param {number} seconds
 * @returns {string}
 */
export function formatDuration(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return s >= HOUR ? formatTurn(s) : `${Math.floor(s / 60)}:${two(s % 60)}`;
}

/**
 * A clock as shown for its table's time control.
 *
 * @param {number} seconds
 * @param {TimeControl | null | undefined} control
 * @returns {string}
 */
export function formatClock(seconds, control) {
  return control?.kind === "turn" ? formatTurn(seconds) : formatRealtime(seconds);
}

/**
 * A time control in words, for the lobby, the table's header and the form: "5+3", "2 days per
 * move", "No clock".
 *
 * @param {TimeControl | null | undefined} control
 * @returns {string}
 */
export function timeControlText(control) {
  if (!control || control.kind === "unlimited") return t("common.noClock");
  if (control.kind === "turn") return tn("common.daysPerMove", control.days || 1);
  if (control.label) return control.label;
  const minutes = (control.base || 0) / 60;
  return `${Number.isInteger(minutes) || control.base === 0 ? minutes : `${control.base}s`}+${control.increment || 0}`;
}

/**
 * How long until a countdown (a claim, in seconds) reaches 0, from when it was received.
 *
 * @param {number | null | undefined} seconds - the value received (null: no countdown).
 * @param {number} receivedAt - in ms.
 * @param {number} now - in ms.
 * @returns {number | null} the seconds left, never below 0 (null: no countdown).
 */
export function countdown(seconds, receivedAt, now) {
  if (seconds === null || seconds === undefined) return null;
  return Math.max(0, seconds - Math.max(0, now - receivedAt) / 1000);
}
