// The link to a game's guided first game (/tutorial/<game>), for the lobby and the table page.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/**
 * "Learn to play" for a game that has a tutorial (the catalogue's `tutorial` flag), else null
 * (the label is in the "common" namespace, which every page loads).
 *
 * @param {import("./types.js").GameInfo | null} game
 * @param {string} [id]
 * @returns {HTMLElement | null}
 */
export function tutorialLink(game, id = "tutorial-link") {
  if (!game?.tutorial) return null;
  return h("a", { class: "tutorial-link", id, href: `/tutorial/${encodeURIComponent(game.name)}` }, t("common.learnToPlay"));
}
