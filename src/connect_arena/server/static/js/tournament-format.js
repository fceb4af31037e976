// The texts and figures of the tournament pages (tournaments.js, tournament.js) built from the
// server's JSON (docs/tournaments.md). Pure functions (no DOM, no fetch): node tests import
// them directly (tests/js/tournament-format.test.mjs).

import { agentLabel } from "./format.js";
import { t, tn } from "./translate.js";

/** @typedef {import("./types.js").TournamentTimeControl} TournamentTimeControl */
/** @typedef {import("./types.js").Tournament} Tournament */
/** @typedef {import("./types.js").TournamentEntrant} TournamentEntrant */
/** @typedef {import("./types.js").TournamentGame} TournamentGame */

/**
 * A time control for people: "5+3" (minutes + seconds), "2 days per move", "no clock".
 *
 * @param {TournamentTimeControl | null | undefined} control
 * @returns {string}
 */
export function timeControlText(control) {
  if (!control || control.kind === "unlimited") return t("tournaments.noClock");
  if (control.kind === "turn") return tn("tournaments.daysPerMove", control.days);
  return control.label || `${control.base / 60}+${control.increment}`;
}

/**
 * The format's name: "Swiss", "Arena", "Round-robin".
 *
 * @param {string} format - "swiss", "arena" or "round_robin".
 * @returns {string}
 */
export function formatName(format) {
  if (format === "swiss") return t("tournaments.swiss");
  if (format === "arena") return t("tournaments.arena");
  if (format === "round_robin") return t("tournaments.roundRobin");
  return format;
}

/**
 * The format with its length: "Swiss, 5 rounds", "Arena, 30 minutes", "Round-robin".
 *
 * @param {Pick<Tournament, "format" | "rounds" | "minutes">} tournament
 * @returns {string}
 */
export function formatText(tournament) {
  const name = formatName(tournament.format);
  if (tournament.format === "swiss") return tn("tournaments.withRounds", tournament.rounds, { format: name });
  if (tournament.format === "arena") return tn("tournaments.withMinutes", tournament.minutes, { format: name });
  return name;
}

/** @type {Record<string, () => string>} the tie-breaks of connect_arena.agents.pairing */
const TIEBREAKS = {
  buchholz: () => t("tournaments.tbBuchholz"),
  buchholz_cut1: () => t("tournaments.tbBuchholzCut1"),
  sonneborn_berger: () => t("tournaments.tbSonnebornBerger"),
  mean_rank: () => t("tournaments.tbMeanRank"),
  wins: () => t("tournaments.tbWins"),
  percentage: () => t("tournaments.tbPercentage"),
};

/** @type {Record<string, () => string>} what each tie-break counts, in a sentence */
const TIEBREAK_HINTS = {
  buchholz: () => t("tournaments.tbBuchholzHint"),
  buchholz_cut1: () => t("tournaments.tbBuchholzCut1Hint"),
  sonneborn_berger: () => t("tournaments.tbSonnebornBergerHint"),
  mean_rank: () => t("tournaments.tbMeanRankHint"),
  wins: () => t("tournaments.tbWinsHint"),
  percentage: () => t("tournaments.tbPercentageHint"),
};

/**
 * What a tie-break counts, in the page's language ("" for an unknown key).
 *
 * @param {string} key - e.g. "buchholz_cut1".
 * @returns {string}
 */
export function tiebreakHint(key) {
  return Object.hasOwn(TIEBREAK_HINTS, key) ? TIEBREAK_HINTS[key]() : "";
}

/**
 * A tie-break's column heading in the page's language; an unknown key by itself.
 *
 * @param {string} key - e.g. "buchholz_cut1".
 * @returns {string}
 */
export function tiebreakName(key) {
  return Object.hasOwn(TIEBREAKS, key) ? TIEBREAKS[key]() : key;
}

/**
 * A score or tie-break for people: whole numbers as they are, halves as ".5", at most two
 * decimals ("—" for none).
 *
 * @param {number | null | undefined} value
 * @param {string} [lang] - a BCP 47 code (default: "en").
 * @returns {string}
 */
export function numberText(value, lang = "en") {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  return new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(value);
}

/**
 * An entrant's name for people: a computer as "Computer, random moves #2" (the server names
 * it "<agent> #<n>"), a person or a bot by its name.
 *
 * @param {Pick<TournamentEntrant, "name" | "agent">} entrant
 * @returns {string}
 */
export function entrantName(entrant) {
  if (!entrant.agent) return entrant.name;
  const number = /#(\d+)$/.exec(entrant.name);
  const computer = t("common.computerPlayer", { agent: agentLabel(entrant.agent) });
  return number ? `${computer} #${number[1]}` : computer;
}

/**
 * The ISO 8601 time of a `<input type="datetime-local">` value in a time zone.
 *
 * @param {string} local - "2026-11-25T20:05" or "2026-11-25T20:05:30".
 * @param {number} offsetMinutes - the zone's offset east of UTC (-Date#getTimezoneOffset()).
 * @returns {string} e.g. "2026-11-25T20:05:00+01:00"; "" for a value that is not a time.
 */
export function isoWithOffset(local, offsetMinutes) {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(local);
  if (!match) return "";
  const sign = offsetMinutes < 0 ? "-" : "+";
  const size = Math.abs(offsetMinutes);
  const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");
  const zone = `${sign}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
  return `${match[1]}T${match[2]}:${match[3]}:${match[4] || "00"}${zone}`;
}

/**
 * A Date as a `<input type="datetime-local">` value in the zone of the Date's local fields.
 *
 * @param {Date} when
 * @param {boolean} [seconds] - keep the seconds.
 * @returns {string} e.g. "2026-11-25T20:05".
 */
export function localInputValue(when, seconds = false) {
  const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");
  const day = `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}`;
  const time = `${pad(when.getHours())}:${pad(when.getMinutes())}`;
  return `${day}T${time}${seconds ? `:${pad(when.getSeconds())}` : ""}`;
}

/**
 * A countdown: "4:05", "1:02:03", "2 d 03:04:05"; "0:00" once past.
 *
 * @param {number} ms - the time left.
 * @returns {string}
 */
export function countdownText(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");
  if (days) return t("tournaments.daysAnd", { n: days, time: `${pad(hours)}:${pad(minutes)}:${pad(seconds)}` });
  if (hours) return `${hours}:${pad(minutes)}:${pad(seconds)}`;
  return `${minutes}:${pad(seconds)}`;
}

/**
 * A seat's competition rank in a game's returns (1 = best; ties share the better rank).
 *
 * @param {number[]} returns
 * @param {number} seat
 * @returns {number}
 */
export function rankOf(returns, seat) {
  return 1 + returns.filter((other) => other > returns[seat]).length;
}

/**
 * An entrant's result in a finished game: "win" (ranked first alone or sharing first with
 * not everyone), "draw" (everyone equal), "loss"; null while it runs or without a result.
 *
 * @param {TournamentGame} game
 * @param {number} entrant
 * @returns {"win" | "draw" | "loss" | null}
 */
export function outcomeOf(game, entrant) {
  const seat = game.entrants.indexOf(entrant);
  if (seat < 0 || !game.returns) return null;
  const returns = game.returns;
  if (returns.every((value) => value === returns[0])) return "draw";
  return rankOf(returns, seat) === 1 ? "win" : "loss";
}

/**
 * An entrant's games, in the order played, with their opponents (entrant indexes) and seat.
 *
 * @param {Pick<Tournament, "games">} tournament
 * @param {number} entrant
 * @returns {{game: TournamentGame, seat: number, opponents: number[]}[]}
 */
export function gamesOf(tournament, entrant) {
  return tournament.games
    .filter((game) => game.entrants.includes(entrant))
    .map((game) => ({ game, seat: game.entrants.indexOf(entrant), opponents: game.entrants.filter((e) => e !== entrant) }));
}

/**
 * The tables to show as "now playing": a Swiss or round-robin round's tables (finished ones
 * too, until the next round is paired), an arena's games in progress.
 *
 * @param {Pick<Tournament, "format" | "round" | "games" | "status">} tournament
 * @returns {TournamentGame[]}
 */
export function currentTables(tournament) {
  if (tournament.status !== "running") return [];
  if (tournament.format === "arena") return tournament.games.filter((game) => !game.reason);
  return tournament.games.filter((game) => game.round === tournament.round);
}

/**
 * Whether a user may join or withdraw now: registration is open until the start, and an arena
 * takes late entrants while it runs, until its time is up.
 *
 * @param {Pick<Tournament, "status" | "format"> & {ends_at?: string | null}} tournament
 * @param {number} [now] - milliseconds since the epoch (default: now).
 * @returns {boolean}
 */
export function registrationOpen(tournament, now = Date.now()) {
  if (tournament.status === "upcoming") return true;
  if (tournament.status !== "running" || tournament.format !== "arena") return false;
  return !tournament.ends_at || Date.parse(tournament.ends_at) > now;
}

/**
 * The podium of a finished tournament: the standings' rows placed first to third (ties share
 * a place, so there may be more than three); none before the end.
 *
 * @template {{place: number}} Row
 * @param {{status: string, standings: Row[]}} tournament
 * @returns {Row[]}
 */
export function podiumOf(tournament) {
  if (tournament.status !== "finished") return [];
  return tournament.standings.filter((row) => row.place <= 3);
}
