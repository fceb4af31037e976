// The generic table UI: any registered game, until it has a UI module of its own.
// It shows the observation and offers the legal actions as buttons (or typed notation).

import { h } from "../js/dom.js";
import { t } from "../js/i18n.js";

const SHOWN = 200; // buttons shown at once; the filter reaches the others

/**
 * The generic board: the observation as JSON text, the legal actions as buttons.
 *
 * @param {HTMLElement} root
 * @param {import("../js/types.js").BoardContext} context
 * @returns {import("../js/types.js").Board}
 */
export default function create(root, context) {
  const view = h("pre", { class: "observation", tabindex: 0, "aria-label": t("common.observation") });
  const filter = h("input", {
    type: "search", placeholder: t("common.filterActions"), "aria-label": t("common.filterActions"), class: "filter",
  });
  const buttons = h("div", { class: "legal-actions", role: "group", "aria-label": t("common.legalActions") });
  const more = h("p", { class: "hint" });
  const typed = h("input", { placeholder: t("common.typeAction"), "aria-label": t("common.typeAction"), class: "typed" });
  const form = h("form", { class: "typed-action" }, typed, h("button", { type: "submit" }, t("common.send")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (typed.value.trim()) context.onAction(typed.value.trim());
    typed.value = "";
  });
  /** @type {string[]} */
  let legal = [];
  const showButtons = () => {
    const word = filter.value.trim().toLowerCase();
    const matching = legal.filter((a) => a.toLowerCase().includes(word));
    buttons.replaceChildren(...matching.slice(0, SHOWN).map((action) =>
      h("button", { class: "small", onclick: () => context.onAction(action) }, action)));
    more.textContent = matching.length > SHOWN ? t("common.moreActions", { n: matching.length - SHOWN }) : "";
  };
  filter.addEventListener("input", showButtons);
  const controls = context.interactive ? [h("div", { class: "generic-controls" }, filter, buttons, more, form)] : [];
  root.replaceChildren(view, ...controls);
  return {
    update(update) {
      view.textContent = JSON.stringify(update.observation, null, 1);
      legal = context.interactive ? update.legal || [] : [];
      filter.hidden = legal.length < 12;
      form.hidden = legal.length === 0;
      showButtons();
    },
    // Every legal action has a button (through the filter when there are many).
    offered() {
      return [...legal].sort();
    },
  };
}
