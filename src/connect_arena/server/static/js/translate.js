// The translation tables and the formatting of their texts, without the browser: no DOM, no
// fetch, no storage. i18n.js fills the tables from /static/i18n/ and picks the language; the
// node tests (tests/js/) import this module directly.
//
// A key is "<namespace>.<name>"; a table holds one namespace in one language. A missing text
// falls back to English, then to the key itself (so a gap shows, never crashes).

/** @typedef {Record<string, string>} Strings  one namespace's texts in one language */
/** @typedef {Record<string, unknown>} Params  the values of a text's {placeholders} */

/** @type {Map<string, Strings>} "<namespace>.<lang>" -> texts */
const tables = new Map();
let active = "en";

/**
 * Choose the language that t() and tn() read (a code such as "it").
 *
 * @param {string} code
 */
export function useLanguage(code) {
  active = code;
}

/** @returns {string} the language that t() and tn() read. */
export function language() {
  return active;
}

/**
 * Add (or replace) the texts of a namespace in a language.
 *
 * @param {string} namespace - e.g. "common" or a game's name.
 * @param {string} lang - a language code, e.g. "de".
 * @param {Strings} strings
 */
export function addStrings(namespace, lang, strings) {
  tables.set(`${namespace}.${lang}`, strings);
}

/**
 * Whether the texts of a namespace in a language were added.
 *
 * @param {string} namespace
 * @param {string} lang
 * @returns {boolean}
 */
export function hasStrings(namespace, lang) {
  return tables.has(`${namespace}.${lang}`);
}

/** Forget every table (for tests). */
export function clearStrings() {
  tables.clear();
}

/**
 * Replace each {name} of `text` by String(params[name]); unknown placeholders stay as they are.
 *
 * @param {string} text
 * @param {Params} [params]
 * @returns {string}
 */
export function interpolate(text, params = {}) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/**
 * The text of a key in the active language, else in English, else undefined.
 *
 * @param {string} key - "<namespace>.<name>".
 * @returns {string | undefined}
 */
function lookup(key) {
  const dot = key.indexOf(".");
  const namespace = key.slice(0, dot);
  const name = key.slice(dot + 1);
  return tables.get(`${namespace}.${active}`)?.[name] ?? tables.get(`${namespace}.en`)?.[name];
}

/**
 * t("<namespace>.<key>") or, with parameters, t("<namespace>.<key>", {count: 3}).
 *
 * @param {string} key
 * @param {Params} [params]
 * @returns {string} the text with its placeholders filled; the key itself when no text exists.
 */
export function t(key, params = {}) {
  return interpolate(lookup(key) ?? key, params);
}

/**
 * Whether a key has a text (in the active language or English): for optional texts with a
 * fallback, such as a game's translated option descriptions (see format.js gameText).
 *
 * @param {string} key
 * @returns {boolean}
 */
export function hasKey(key) {
  return lookup(key) !== undefined;
}

/**
 * The plural form of a count in a language: "one" or "other" (Intl.PluralRules; the five
 * languages need only these two forms, e.g. French counts 0 as "one").
 *
 * @param {number} count
 * @param {string} [lang] - default: the active language.
 * @returns {"one" | "other"}
 */
export function pluralForm(count, lang = active) {
  try {
    return new Intl.PluralRules(lang).select(count) === "one" ? "one" : "other";
  } catch {
    return count === 1 ? "one" : "other";
  }
}

/**
 * Plurals: tn("<namespace>.<key>", 3) reads "<namespace>.<key>_one" or "..._other"; the
 * count is passed as {count}.
 *
 * @param {string} key
 * @param {number} count
 * @param {Params} [params]
 * @returns {string}
 */
export function tn(key, count, params = {}) {
  return t(`${key}_${pluralForm(count)}`, { count, ...params });
}

/**
 * A parameter with no line break inside a coordinate: a minus between digits or after a comma
 * ("T1,-1") gets word joiners (U+2060) on both sides, so the browser keeps "T1,-1" whole.
 *
 * @param {string} text
 * @returns {string}
 */
export function unbroken(text) {
  return text.replace(/(?<=[\d,])-(?=\d)/g, "\u2060-\u2060");
}

/**
 * The text of a structured event from the server ({key: "<game>.<what>", params}) in the
 * active language: the key "<game>.<what>" is read as "<game>.event.<what>" ("core.<what>" as
 * "common.event.<what>"). Seat parameters ("seat", "seats", "*_seat", "*_seats") are shown with
 * seatName; lists are joined with `join`. A plural `{points|point|points}` takes its first word
 * when the number `points` is "one" in the language, its second otherwise. Returns null when
 * the event has no translation, so
 * callers fall back to something else (the notation).
 *
 * @param {{key: string, params?: Record<string, unknown>} | null | undefined} event
 * @param {(seat: number) => string} seatName
 * @param {(items: string[]) => string} [join]
 * @returns {string | null}
 */
export function eventText(event, seatName, join = (items) => items.join(", ")) {
  if (!event || typeof event.key !== "string") return null;
  const dot = event.key.indexOf(".");
  if (dot < 1) return null;
  const game = event.key.slice(0, dot);
  const key = `${game === "core" ? "common" : game}.event.${event.key.slice(dot + 1)}`;
  if (!hasKey(key)) return null;
  /** @type {Record<string, string>} */
  const params = {};
  for (const [name, value] of Object.entries(event.params || {})) {
    const isSeat = name === "seat" || name === "seats" || name.endsWith("_seat") || name.endsWith("_seats");
    /** @param {unknown} item */
    const show = (item) => (isSeat && typeof item === "number" ? seatName(item) : unbroken(String(item)));
    params[name] = Array.isArray(value) ? join(value.map(show)) : show(value);
  }
  const raw = event.params || {};
  return t(key, params).replace(/\{(\w+)\|([^|{}]*)\|([^|{}]*)\}/g, (_, name, one, other) =>
    (typeof raw[name] === "number" && pluralForm(raw[name]) === "one" ? one : other));
}
