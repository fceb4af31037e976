// The DOM helpers of the pages: h() builds elements, byId() finds the page's, toast() says
// something briefly, rulesLink() links a game's rules, playerLink() a person's profile;
// messageOf() words what was thrown.

import { playerName, rulesHref } from "./format.js";
import { currentLanguage, t } from "./i18n.js";

/** @typedef {Node | string | number | null | undefined | false} Child */
/** @typedef {Child | Child[] | Child[][]} Children */

/**
 * Create an element: h("button", {class: "primary", onclick}, "text", child...).
 *
 * Attributes whose value is null, undefined or false are left out, true sets an empty
 * attribute; "on<event>" adds a listener, "class" sets className, "dataset" the data-
 * attributes. Children may be nested arrays; null, undefined and false are skipped, other
 * non-nodes become text.
 *
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any>} [attributes]
 * @param {...Children} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) element.addEventListener(key.slice(2), value);
    else if (key === "class") element.className = value;
    else if (key === "dataset") Object.assign(element.dataset, value);
    else element.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(2)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/**
 * The element of an id, which the page must have.
 *
 * @param {string} id
 * @returns {HTMLElement}
 * @throws {Error} when the page has no such element (a page and its script disagree).
 */
export function byId(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no element #${id}`);
  return element;
}

/**
 * Scroll `list` (a scrolling box) just enough to show `item`, and nothing else: unlike
 * `scrollIntoView`, the page itself never moves, so a button under the pointer stays there
 * (pressing "next" again and again in the replay).
 *
 * @param {HTMLElement} list - the box with `overflow: auto`.
 * @param {Element | null} item - one of its descendants, or null (nothing to do).
 */
export function scrollWithin(list, item) {
  if (!item) return;
  const box = list.getBoundingClientRect();
  const line = item.getBoundingClientRect();
  if (line.top < box.top) list.scrollTop -= box.top - line.top;
  else if (line.bottom > box.bottom) list.scrollTop += line.bottom - box.bottom;
}

/**
 * The message of something thrown, for people.
 *
 * @param {unknown} problem
 * @returns {string}
 */
export function messageOf(problem) {
  return problem instanceof Error ? problem.message : String(problem);
}

/**
 * Show a short message at the bottom of the page.
 *
 * @param {string} message
 * @param {"error" | "info"} [kind]
 */
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

/**
 * A link to the game's rules page in the page's language, or null when the game has none (a
 * plug-in game): the pages then leave the link out.
 *
 * @param {{name: string, rules_languages?: string[]} | null | undefined} game
 * @param {string} [id] - the link's id.
 * @returns {HTMLAnchorElement | null}
 */
export function rulesLink(game, id = "rules-link") {
  const href = rulesHref(game, currentLanguage());
  return href ? h("a", { class: "rules-link", id, href, target: "_blank", rel: "noopener" }, t("common.rulesLink")) : null;
}

/**
 * Who sits at a seat, as a link to the person's profile (/users/<name>); a computer, a seat
 * without a name and an open seat are plain text (playerName).
 *
 * @param {{kind: string, name?: string | null, agent?: string | null} | null | undefined} seat
 * @returns {HTMLAnchorElement | string}
 */
export function playerLink(seat) {
  const name = playerName(seat);
  if (seat?.kind !== "human" || !seat.name) return name;
  return h("a", { class: "player-link", href: `/users/${encodeURIComponent(seat.name)}` }, name);
}
