// The rule options of a game as form fields: the new-table form (lobby.js), the challenge
// dialog (challenges.js) and the new-tournament form (tournaments.js) offer the same widgets,
// from /api/games (the valid values per player count, the labels in the page's language).

import { h } from "./dom.js";
import { optionLabel, optionValueText } from "./format.js";

/** @typedef {import("./types.js").CatalogueGame} Game */
/** @typedef {import("./types.js").OptionSpec} OptionSpec */
/** @typedef {import("./types.js").OptionValue} OptionValue */

/**
 * The values the form offers for an option at a player count (null: a number field).
 *
 * @param {OptionSpec} option
 * @param {number} players
 * @returns {OptionValue[] | null}
 */
export function offeredValues(option, players) {
  if (!option.valid) return null;
  return option.valid[String(players)] || [];
}

/**
 * An option's input and label: a checkbox, a list of the valid choices, or a number field;
 * null when the player count leaves a single valid value (nothing to choose).
 *
 * @param {Game} game
 * @param {OptionSpec} option
 * @param {number} players
 * @param {OptionValue | undefined} kept - the value chosen before, kept when still valid.
 * @param {string} [prefix] - the input's id is the prefix and the option's name.
 * @returns {HTMLElement | null}
 */
export function optionInput(game, option, players, kept, prefix = "option-") {
  const id = `${prefix}${option.name}`;
  const values = offeredValues(option, players);
  if (values && values.length < 2) return null;
  const current = kept !== undefined && (!values || values.includes(kept)) ? kept : option.default;
  const text = optionLabel(game, option);
  const label = h("label", { for: id }, text);
  if (option.type === "bool") {
    return h("div", { class: "option bool" }, h("input", { type: "checkbox", id, name: option.name, checked: current === true }), label);
  }
  if (values) {
    const select = h("select", { id, name: option.name },
      values.map((value) => h("option", { value: String(value), selected: value === current }, optionValueText(game, option, value))));
    return h("div", { class: "option choice" }, label, select);
  }
  return h("div", { class: "option number" }, label, h("input", {
    type: option.type === "int" ? "number" : "text", id, name: option.name,
    value: current, min: option.minimum, max: option.maximum,
  }));
}

/**
 * The options chosen in the form that differ from their defaults.
 *
 * @param {HTMLFormElement} form
 * @param {Game} game
 * @returns {Record<string, OptionValue>}
 */
export function optionValues(form, game) {
  /** @type {Record<string, OptionValue>} */
  const values = {};
  for (const option of game.options) {
    const input = /** @type {HTMLInputElement | HTMLSelectElement | null} */ (form.elements.namedItem(option.name));
    if (!input) continue;
    /** @type {OptionValue} */
    let value = option.type === "bool" && input instanceof HTMLInputElement ? input.checked : input.value;
    if (option.type === "int") value = Number(value);
    if (value !== option.default) values[option.name] = value;
  }
  return values;
}
