// The generic table UI: any registered game, until it has a UI module of its own.
// It shows the observation and offers the legal actions as buttons (or typed notation).

import { h } from "/static/js/api.js";

export default function create(root, context) {
  const view = h("pre", { class: "observation" });
  const filter = h("input", { type: "search", placeholder: "filter the legal actions", class: "filter" });
  const buttons = h("div", { class: "legal-actions" });
  const typed = h("input", { placeholder: "or type an action in the game's notation", class: "typed" });
  const form = h("form", { class: "typed-action" }, typed, h("button", { type: "submit" }, "Send"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (typed.value.trim()) context.onAction(typed.value.trim());
    typed.value = "";
  });
  let legal = [];
  const showButtons = () => {
    const word = filter.value.trim().toLowerCase();
    const shown = legal.filter((a) => a.toLowerCase().includes(word)).slice(0, 200);
    buttons.replaceChildren(...shown.map((action) =>
      h("button", { class: "small", onclick: () => context.onAction(action) }, action)));
  };
  filter.addEventListener("input", showButtons);
  root.replaceChildren(...[view, context.interactive ? h("div", { class: "generic-controls" }, filter, buttons, form) : null].filter(Boolean));
  return {
    update(update) {
      view.textContent = JSON.stringify(update.observation, null, 1);
      legal = update.legal || [];
      filter.hidden = legal.length < 12;
      form.hidden = legal.length === 0;
      showButtons();
    },
  };
}
