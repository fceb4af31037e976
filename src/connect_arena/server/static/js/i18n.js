// Translations. Every UI string goes through t(key, params), a key being "<namespace>.<name>".
//
// Strings live in /static/i18n/<namespace>.<lang>.json: "common" for the app (lobby, table,
// header, replay) and one namespace per game ("quinque", "connect5", "connnect", "pairs").
// Each file is a flat object {"key": "text with {param}"}; the five languages must have the
// same keys (a test checks it, and that every key used in the JS exists).
//
// The language is the user's choice (localStorage "lang", set by the picker in the header),
// else the browser's language when we have it, else English. Missing keys fall back to
// English, then to the key itself (so a gap shows, never crashes).

export const LANGUAGES = [
  ["en", "English"],
  ["it", "Italiano"],
  ["de", "Deutsch"],
  ["fr", "Français"],
  ["es", "Español"],
];
const CODES = LANGUAGES.map(([code]) => code);
const loaded = new Map(); // "<namespace>.<lang>" -> strings

export function currentLanguage() {
  const chosen = localStorage.getItem("lang");
  if (chosen && CODES.includes(chosen)) return chosen;
  for (const wanted of navigator.languages || [navigator.language || "en"]) {
    const code = String(wanted).slice(0, 2).toLowerCase();
    if (CODES.includes(code)) return code;
  }
  return "en";
}

export function setLanguage(code) {
  if (!CODES.includes(code)) return;
  localStorage.setItem("lang", code);
  location.reload();
}

async function fetchStrings(namespace, lang) {
  const id = `${namespace}.${lang}`;
  if (!loaded.has(id)) {
    let strings = {};
    try {
      const reply = await fetch(`/static/i18n/${encodeURIComponent(id)}.json`);
      if (reply.ok) strings = await reply.json();
    } catch {
      strings = {};
    }
    loaded.set(id, strings);
  }
  return loaded.get(id);
}

// Load namespaces (current language and English) before their strings are used.
export async function loadNamespaces(...namespaces) {
  const lang = currentLanguage();
  await Promise.all(
    namespaces.flatMap((ns) => [fetchStrings(ns, "en"), lang === "en" ? null : fetchStrings(ns, lang)]),
  );
  document.documentElement.lang = lang;
  translatePage();
}

// Static HTML is translated by attributes: data-i18n="<namespace>.<key>" sets the text,
// data-i18n-title / data-i18n-aria-label / data-i18n-placeholder set those attributes.
// Each attribute is used once (then removed), so text a script sets later is never reset.
export function translatePage(root = document) {
  for (const element of root.querySelectorAll("[data-i18n]")) {
    element.textContent = t(element.dataset.i18n);
    element.removeAttribute("data-i18n");
  }
  for (const attribute of ["title", "aria-label", "placeholder"]) {
    const data = `data-i18n-${attribute}`;
    for (const element of root.querySelectorAll(`[${data}]`)) {
      element.setAttribute(attribute, t(element.getAttribute(data)));
      element.removeAttribute(data);
    }
  }
}

function lookup(key) {
  const dot = key.indexOf(".");
  const namespace = key.slice(0, dot);
  const name = key.slice(dot + 1);
  const lang = currentLanguage();
  return loaded.get(`${namespace}.${lang}`)?.[name] ?? loaded.get(`${namespace}.en`)?.[name];
}

// t("<namespace>.<key>") or, with parameters, t("<namespace>.<key>", {count: 3}).
export function t(key, params = {}) {
  const text = lookup(key) ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, param) => (param in params ? String(params[param]) : whole));
}

// Whether a key has a text (in the current language or English): for optional texts with a
// fallback, such as a game's translated option descriptions (see api.js gameText).
export function hasKey(key) {
  return lookup(key) !== undefined;
}

// Plurals: tn("<namespace>.<key>", 3) reads "<namespace>.<key>_one" or "..._other"
// (Intl.PluralRules of the language; the five languages need only these two forms). The count
// is passed as {count}.
export function tn(key, count, params = {}) {
  let form = "other";
  try {
    form = new Intl.PluralRules(currentLanguage()).select(count) === "one" ? "one" : "other";
  } catch {
    form = count === 1 ? "one" : "other";
  }
  return t(`${key}_${form}`, { count, ...params });
}

/**
 * The text of a structured event from the server ({key: "<game>.<what>", params}) in the
 * page's language: the key "<game>.<what>" is read as "<game>.event.<what>" ("core.<what>" as
 * "common.event.<what>"). Seat parameters ("seat", "seats", "*_seat", "*_seats") are shown with
 * seatName; lists are joined. Returns null when the event has no translation.
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
    const seatParam = name === "seat" || name === "seats" || name.endsWith("_seat") || name.endsWith("_seats");
    const show = (/** @type {unknown} */ item) => (seatParam && typeof item === "number" ? seatName(item) : String(item));
    params[name] = Array.isArray(value) ? join(value.map(show)) : show(value);
  }
  return t(key, params);
}
