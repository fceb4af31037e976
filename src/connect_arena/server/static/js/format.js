// The texts the pages build from the server's data: error messages, game and option names,
// seat and player labels, lists, the result line, a hint's value. Pure functions (no DOM, no
// fetch): they read the translation tables of translate.js, so node tests import them
// directly (tests/js/). api.js re-exports them for the pages and the game modules.

import { hasKey, language, t } from "./translate.js";

/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./types.js").OptionSpec} OptionSpec */
/** @typedef {import("./types.js").OptionValue} OptionValue */
/** @typedef {import("./types.js").SeatInfo} SeatInfo */

/** @type {Record<string, (extra: {retryAfter?: string}) => string>} */
const ERROR_TEXTS = {
  network: () => t("common.errorNetwork"),
  not_signed_in: () => t("common.errorNotSignedIn"),
  csrf: () => t("common.errorCsrf"),
  name_taken: () => t("common.errorNameTaken"),
  bad_credentials: () => t("common.errorBadCredentials"),
  password_too_short: () => t("common.errorPasswordTooShort"),
  password_too_long: () => t("common.errorPasswordTooLong"),
  password_control: () => t("common.errorPasswordControl"),
  password_common: () => t("common.errorPasswordCommon"),
  rate_limited: (extra) => (extra.retryAfter
    ? t("common.errorRateLimited", { seconds: extra.retryAfter })
    : t("common.errorSlowDown")),
  too_far_behind: () => t("common.errorTooFarBehind"),
  bad_host: () => t("common.errorBadHost"),
  internal: () => t("common.errorInternal"),
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
  not_allowed: () => t("common.errorNotAllowed"),
};

/**
 * The message to show for an error code from the server. Errors whose code says it all are
 * shown in the page's language; the others (the rules engine's explanations, bad requests)
 * keep the server's English message.
 *
 * @param {string} code - e.g. "not_your_turn".
 * @param {string} message - the server's English text.
 * @param {{retryAfter?: string}} [extra] - retryAfter: the Retry-After header, in seconds.
 * @returns {string}
 */
export function errorText(code, message, extra = {}) {
  const text = Object.hasOwn(ERROR_TEXTS, code) ? ERROR_TEXTS[code] : undefined;
  return text ? text(extra) : message;
}

/**
 * A game's catalogue text (/api/games, in English) in the page's language, when the game's
 * namespace has it: "<game>.title", "<game>.summary", "<game>.seat<N>", "<game>.option_<name>"
 * and "<game>.option_<name>_<choice>". See docs/server.md.
 *
 * @param {string} game - the game's name (its namespace).
 * @param {string} name - the key in the game's namespace.
 * @param {string} english - the text when the namespace has none.
 * @returns {string}
 */
export function gameText(game, name, english) {
  const key = `${game}.${name}`;
  return hasKey(key) ? t(key) : english;
}

/**
 * An option's label in the page's language, capitalised like every other label (the games'
 * descriptions start in lower case: "parachutes per player").
 *
 * @param {GameInfo} game
 * @param {OptionSpec} option
 * @returns {string}
 */
export function optionLabel(game, option) {
  const text = gameText(game.name, `option_${option.name}`, option.description);
  return text.charAt(0).toLocaleUpperCase(language()) + text.slice(1);
}

/**
 * A value of an option in the page's language: a choice's label, seat names for a
 * "first_player" digit, yes or no for a flag.
 *
 * @param {GameInfo} game
 * @param {OptionSpec} option
 * @param {OptionValue} value
 * @returns {string}
 */
export function optionValueText(game, option, value) {
  if (typeof value === "boolean") return value ? t("common.yes") : t("common.no");
  const text = String(value);
  if (/^\d+$/.test(text) && /player/.test(option.name) && option.choices) return seatName(game, Number(text));
  const fallback = text === "random" ? t("common.atRandom") : text;
  // Choices, and numbers offered as a list (skydivers per tile: "4 (2×2)"), have labels.
  return option.choices || option.valid ? gameText(game.name, `option_${option.name}_${text}`, fallback) : text;
}

/**
 * The game's title in the page's language ("" for no game).
 *
 * @param {Pick<GameInfo, "name" | "title"> | null | undefined} game
 * @returns {string}
 */
export function gameTitle(game) {
  return game ? gameText(game.name, "title", game.title || game.name) : "";
}

/**
 * The display name of a seat: "Red", "Blue"... or "Player 1", in the page's language.
 *
 * @param {GameInfo | null | undefined} game
 * @param {number} seat - from 0.
 * @returns {string}
 */
export function seatName(game, seat) {
  const english = game?.seat_names?.[seat];
  if (game && english && game.name) return gameText(game.name, `seat${seat}`, english);
  return english || t("common.playerN", { n: seat + 1 });
}

/** @type {Record<string, () => string>} */
const AGENT_LABELS = {
  random: () => t("common.agentRandom"),
  greedy: () => t("common.agentGreedy"),
  "mcts:easy": () => t("common.agentEasy"),
  "mcts:normal": () => t("common.agentNormal"),
  "mcts:hard": () => t("common.agentHard"),
};

/**
 * A computer player's label: "mcts:hard" → "hard", "random" → "random moves";
 * unknown agents by their name.
 *
 * @param {string} agent
 * @returns {string}
 */
export function agentLabel(agent) {
  return Object.hasOwn(AGENT_LABELS, agent) ? AGENT_LABELS[agent]() : agent;
}

/**
 * The computer levels' time caps of a game, for the new-table form: "The computer thinks up to
 * 0.5 s (easy), 1 s (normal) and 2 s (hard) per move." ("" when the game gives none: the
 * `agent_time_caps` of /api/games, in seconds, in the server's order).
 *
 * @param {Partial<Pick<GameInfo, "agent_time_caps">> | null | undefined} game
 * @returns {string}
 */
export function computerTimesText(game) {
  const caps = Object.entries(game?.agent_time_caps || {});
  if (!caps.length) return "";
  const number = new Intl.NumberFormat(language(), { maximumFractionDigits: 2 });
  const levels = caps.map(([agent, seconds]) =>
    t("common.levelSeconds", { agent: agentLabel(agent), seconds: number.format(seconds) }));
  return t("common.computerThinksUpTo", { levels: listText(levels) });
}

/**
 * Who sits at a seat: the user's name, or "Computer, hard" translated ("" for nobody).
 *
 * @param {Pick<SeatInfo, "kind"> & Partial<Pick<SeatInfo, "name" | "agent">> | null | undefined} seat
 * @returns {string}
 */
export function playerName(seat) {
  if (seat?.kind === "computer") return t("common.computerPlayer", { agent: agentLabel(seat.agent || "random") });
  return seat?.name ?? "";
}

/**
 * A seat and who sits there, in one form everywhere (status line, result, lobby, replay):
 * "Blue · Ann", "Blue · Computer, hard"; the seat alone when nobody sits there.
 *
 * @param {GameInfo | null | undefined} game
 * @param {number} seat - from 0.
 * @param {Pick<SeatInfo, "kind" | "name" | "agent"> | null | undefined} info - who sits there.
 * @returns {string}
 */
export function seatPlayerText(game, seat, info) {
  const who = info?.kind === "open" ? "" : playerName(info);
  return who ? `${seatName(game, seat)} · ${who}` : seatName(game, seat);
}

/**
 * A record's player name in the page's language: records name computer seats
 * "computer (<agent>)"; people keep their names.
 *
 * @param {unknown} name - "" for none (a record naming fewer players than seats).
 * @returns {string}
 */
export function recordPlayerName(name) {
  if (name === null || name === undefined) return "";
  const computer = /^computer \((.+)\)$/.exec(String(name));
  return computer ? playerName({ kind: "computer", agent: computer[1] }) : String(name);
}

const COLOURS = new Set(["red", "blue", "green", "yellow", "purple"]);

/**
 * CSS classes of a seat: "seat-<n>", plus "colour-<name>" when the game names its seats by
 * colour (CO'NNN'ECT's seat 0 is Blue), so that swatches and names show the right colour.
 *
 * @param {GameInfo | null | undefined} game
 * @param {number} seat
 * @returns {string}
 */
export function seatClass(game, seat) {
  const english = String(game?.seat_names?.[seat] || "").toLowerCase();
  return COLOURS.has(english) ? `seat-${seat} colour-${english}` : `seat-${seat}`;
}

/**
 * "A, B and C" in the page's language.
 *
 * @param {unknown[]} items
 * @returns {string}
 */
export function listText(items) {
  try {
    return new Intl.ListFormat(language(), { type: "conjunction" }).format(items.map(String));
  } catch {
    return items.join(", ");
  }
}

/**
 * The one-line result of a finished game from per-seat returns. Partners (`game.teams` from
 * /api/games) share one result: a team wins together; a game with one team (a single pair, or
 * one player's score attack) has no winner to name.
 *
 * @param {number[] | null | undefined} returns - per seat.
 * @param {(seat: number) => string} seatLabel - a seat's name in the line.
 * @param {GameInfo | null} [game]
 * @returns {string} "" without returns.
 */
export function resultText(returns, seatLabel, game = null) {
  if (!returns) return "";
  const teams = game?.teams?.[String(returns.length)] || returns.map((_, seat) => [seat]);
  if (teams.length === 1) return t("common.gameOver");
  const best = Math.max(...teams.map((team) => returns[team[0]]));
  const winners = teams.filter((team) => returns[team[0]] === best);
  if (winners.length === teams.length) return t("common.draw");
  const names = listText(winners.map((team) => team.map(seatLabel).join(" & ")));
  return winners.length === 1 && winners[0].length === 1
    ? t("common.wonOne", { names })
    : t("common.wonMany", { names });
}

/**
 * A finished game's final points as one line, "36–5": each side's points (partners share
 * theirs, so a team counts once), in seat order, or with the side of seat `first` first (a
 * profile shows its user's points first).
 *
 * @param {number[] | null | undefined} scores - per seat, from the server (`Table.scores`).
 * @param {GameInfo | null} [game]
 * @param {number | null} [first] - the seat whose side comes first.
 * @returns {string} "" without scores.
 */
export function scoreLine(scores, game = null, first = null) {
  if (!scores || scores.length === 0) return "";
  const teams = game?.teams?.[String(scores.length)] || scores.map((_, seat) => [seat]);
  const mine = first === null ? -1 : teams.findIndex((team) => team.includes(first));
  const ordered = mine < 0 ? teams : [teams[mine], ...teams.filter((_, i) => i !== mine)];
  return ordered.map((team) => String(scores[team[0]])).join("\u2013");
}

/**
 * A candidate's value for people, on the one scale of hints and analyses: the server's score
 * (the share of the best result, 0..1: a win 100%, a draw 50%) as "wins 63%", a proven result
 * in words, and the expected points in games scored by points (no score).
 *
 * @param {{value: number, score?: number | null, solved?: boolean}} line
 * @returns {string}
 */
export function hintValueText(line) {
  const score = line.score ?? null;
  if (score === null) return t("common.hintPoints", { value: line.value.toFixed(1) });
  if (line.solved && score >= 1) return t("common.hintWinsByForce");
  if (line.solved && score <= 0) return t("common.hintLosesByForce");
  return t("common.hintScore", { percent: Math.round(100 * score) });
}

/**
 * The address of a game's rules page in `lang` (else English, else the first language it has),
 * or null when the game has none (a plug-in game): the pages then show no rules link.
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

/** The units of relativeTime, with their length in seconds, largest first. */
const TIME_UNITS = /** @type {const} */ ([
  ["year", 365 * 86400], ["month", 30 * 86400], ["week", 7 * 86400], ["day", 86400],
  ["hour", 3600], ["minute", 60],
]);

/**
 * When something happened, relative to `now`, in the page's language: "5 minutes ago",
 * "yesterday", "vor 3 Stunden" (Intl.RelativeTimeFormat); "now" under a minute.
 *
 * @param {string | null | undefined} iso - an ISO 8601 time, e.g. a table's finished_at.
 * @param {number} [now] - in ms since the epoch (default: the clock).
 * @returns {string} "" without a valid time.
 */
export function relativeTime(iso, now = Date.now()) {
  const when = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(when)) return "";
  const seconds = (when - now) / 1000;
  const format = new Intl.RelativeTimeFormat(language(), { numeric: "auto" });
  for (const [unit, length] of TIME_UNITS) {
    if (Math.abs(seconds) >= length) return format.format(Math.round(seconds / length), unit);
  }
  return format.format(0, "second");
}
