// The puzzles card of a profile (/users/{name}): puzzle ratings per game, the streak and the
// last attempts (GET /api/users/{name}/puzzles, service/puzzles.py). Hidden when the player
// never tried a puzzle; profile.js draws the rest of the page.

import { api } from "./api.js";
import { byId as $, h } from "./dom.js";
import { gameTitle, relativeTime } from "./format.js";
import { loadNamespaces, t, tn } from "./i18n.js";

/** @typedef {import("./protocol").PuzzleHistory} PuzzleHistory */
/** @typedef {import("./types.js").GameInfo} GameInfo */

const userName = decodeURIComponent(location.pathname.split("/")[2] || "");

async function main() {
  await loadNamespaces("common", "puzzles");
  /** @type {PuzzleHistory} */
  const puzzles = await api.get(`/api/users/${encodeURIComponent(userName)}/puzzles`);
  if (!puzzles.history.length) return;
  /** @type {{games: GameInfo[]}} */
  const catalogue = await api.get("/api/games");
  const titleOf = (/** @type {string} */ name) => {
    const game = catalogue.games.find((g) => g.name === name);
    return game ? gameTitle(game) : name;
  };
  $("puzzles-heading").textContent = t("puzzles.title"); // profile.js translates the page first
  $("profile-puzzles-body").replaceChildren(
    h("ul", { class: "puzzle-ratings" }, ...Object.entries(puzzles.ratings).map(([game, rating]) =>
      h("li", {}, h("b", {}, titleOf(game)), " · ", t("puzzles.rating", { rating })))),
    h("p", { class: "puzzle-streak" }, tn("puzzles.streak", puzzles.streak)),
    h("ol", { class: "puzzle-history", id: "profile-puzzle-history" }, ...puzzles.history.map((item) => h("li", {},
      h("span", { class: item.solved ? "solved" : "failed" }, item.solved ? t("puzzles.solved") : t("puzzles.failed")), " · ",
      h("a", { href: `/puzzles/${encodeURIComponent(item.game)}/${encodeURIComponent(item.puzzle)}` }, titleOf(item.game)),
      item.rating === null ? "" : ` · ${item.rating}`, " · ", relativeTime(item.at)))));
  $("profile-puzzles").hidden = false;
}

main().catch(() => {}); // the rest of the profile stands without this card
