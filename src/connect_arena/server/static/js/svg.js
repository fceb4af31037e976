// Shared SVG and DOM helpers for the game boards (one copy for every game).

export const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * @typedef {Node | string | null | undefined | false} Child
 * A child to append; null, undefined and false are skipped (for conditional children).
 */

/**
 * Create an SVG element with attributes and children.
 *
 * Attributes whose value is null, undefined or false are left out; other values are
 * converted with String(). Children may be nested arrays (flattened).
 *
 * @param {string} tag - the SVG tag name, e.g. "circle".
 * @param {Record<string, unknown>} [attributes]
 * @param {...(Child | Child[])} children
 * @returns {SVGElement}
 */
export function svg(tag, attributes = {}, ...children) {
  const element = /** @type {SVGElement} */ (document.createElementNS(SVG_NS, tag));
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null && value !== false) element.setAttribute(name, String(value));
  }
  const flat = /** @type {Child[]} */ (children.flat());
  element.append(.../** @type {(Node | string)[]} */ (flat.filter((c) => c !== null && c !== undefined && c !== false)));
  return element;
}

/**
 * Make Enter and Space act like a click on a focusable element that is not a button.
 *
 * @param {Element} element
 * @param {(event: Event) => void} handler
 */
export function activateOnKeys(element, handler) {
  element.addEventListener("keydown", (event) => {
    const key = /** @type {KeyboardEvent} */ (event).key;
    if (key === "Enter" || key === " ") {
      event.preventDefault();
      handler(event);
    }
  });
}
