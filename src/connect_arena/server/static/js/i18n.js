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
//
// The tables and the formatting (t, tn, hasKey) are in translate.js, which needs no browser;
// this module fetches the tables, chooses the language and translates static HTML.

import { addStrings, eventText, hasKey, hasStrings, t, tn, useLanguage } from "./translate.js";

export { eventText, hasKey, t, tn };

/** @type {[code: string, native: string][]} the languages, by their native names */
export const LANGUAGES = [
  ["en", "English"],
  ["it", "Italiano"],
  ["de", "Deutsch"],
  ["fr", "Français"],
  ["es", "Español"],
];
const CODES = LANGUAGES.map(([code]) => code);
/** @type {Map<string, Promise<void>>} "<namespace>.<lang>" -> its loading (one fetch each) */
const loading = new Map();

/**
 * The page's language: the user's choice, else the browser's when we have it, else English.
 *
 * @returns {string} a code of LANGUAGES.
 */
export function currentLanguage() {
  const chosen = localStorage.getItem("lang");
  if (chosen && CODES.includes(chosen)) return chosen;
  for (const wanted of navigator.languages || [navigator.language || "en"]) {
    const code = String(wanted).slice(0, 2).toLowerCase();
    if (CODES.includes(code)) return code;
  }
  return "en";
}

useLanguage(currentLanguage());

/**
 * Keep the user's choice of language and reload the page in it (unknown codes are ignored).
 *
 * @param {string} code
 */
export function setLanguage(code) {
  if (!CODES.includes(code)) return;
  localStorage.setItem("lang", code);
  location.reload();
}

/**
 * Fetch a namespace's texts in a language once; a missing file or a network error leaves
 * the table empty (the texts fall back to English, then to their keys).
 *
 * @param {string} namespace
 * @param {string} lang
 * @returns {Promise<void>}
 */
function fetchStrings(namespace, lang) {
  const id = `${namespace}.${lang}`;
  let done = loading.get(id);
  if (!done) {
    done = (async () => {
      /** @type {import("./translate.js").Strings} */
      let strings = {};
      try {
        const reply = await fetch(`/static/i18n/${encodeURIComponent(id)}.json`);
        if (reply.ok) strings = await reply.json();
      } catch {
        strings = {};
      }
      if (!hasStrings(namespace, lang)) addStrings(namespace, lang, strings);
    })();
    loading.set(id, done);
  }
  return done;
}

/**
 * Load namespaces (current language and English) before their strings are used, then
 * translate the page's static HTML.
 *
 * @param {...string} namespaces
 */
export async function loadNamespaces(...namespaces) {
  const lang = currentLanguage();
  useLanguage(lang);
  await Promise.all(
    namespaces.flatMap((ns) => [fetchStrings(ns, "en"), lang === "en" ? null : fetchStrings(ns, lang)]),
  );
  document.documentElement.lang = lang;
  translatePage();
}

/**
 * Static HTML is translated by attributes: data-i18n="<namespace>.<key>" sets the text,
 * data-i18n-title / data-i18n-aria-label / data-i18n-placeholder set those attributes.
 * Each attribute is used once (then removed), so text a script sets later is never reset.
 *
 * @param {ParentNode} [root]
 */
export function translatePage(root = document) {
  for (const element of root.querySelectorAll("[data-i18n]")) {
    const key = /** @type {HTMLElement} */ (element).dataset.i18n ?? "";
    element.textContent = t(key);
    element.removeAttribute("data-i18n");
  }
  for (const attribute of ["title", "aria-label", "placeholder"]) {
    const data = `data-i18n-${attribute}`;
    for (const element of root.querySelectorAll(`[${data}]`)) {
      element.setAttribute(attribute, t(element.getAttribute(data) ?? ""));
      element.removeAttribute(data);
    }
  }
}
