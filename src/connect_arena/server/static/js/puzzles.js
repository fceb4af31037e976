// The puzzles' home (/puzzles): every game with its puzzle count (or "no puzzles yet"), the
// viewer's puzzle rating, today's puzzle, the streak and the last attempts
// (GET /api/puzzles, service/puzzles.py). Guests play unrated: the page says so.

import { api } from "./api.js";
import { byId as $, h, messageOf, toast } from "./dom.js";
import { gameTitle, relativeTime } from "./format.js";
import { setUpHeader } from "./header.js";
import { loadNamespaces, t, tn } from "./i18n.js";

/** @typedef {import("./protocol").PuzzleOverview} PuzzleOverview */
/** @typedef {import("./protocol").PuzzleSummary} PuzzleSummary */
/** @typedef {import("./types.js").GameInfo} GameInfo */

/**
 * A game's title from the catalogue (the name when it is not there).
 *
 * @param {GameInfo[]} games
 * @param {string} name
 * @returns {string}
 */
function titleOf(games, name) {
  const game = games.find((g) => g.name === name);
  return game ? gameTitle(game) : name;
}

/**
 * What a puzzle asks, in words.
 *
 * @param {PuzzleSummary} puzzle
 * @returns {string}
 */
export function taskText(puzzle) {
  if (puzzle.kind === "best-claim") return t("puzzles.taskBestClaim");
  if (puzzle.kind === "best-roll") return t("puzzles.taskBestRoll");
  return puzzle.kind === "defence" ? t("puzzles.taskDefence") : tn("puzzles.taskWin", puzzle.turns);
}

/**
 * @param {PuzzleOverview} overview
 * @param {GameInfo[]} games
 */
function render(overview, games) {
  $("guest-note").hidden = overview.signed_in;
  const streak = $("streak");
  streak.hidden = !overview.signed_in;
  streak.textContent = tn("puzzles.streak", overview.streak);
  const daily = overview.daily;
  $("daily-body").replaceChildren(...(daily ? [
    h("p", {}, h("b", {}, titleOf(games, daily.game)), " · ", taskText(daily), " · ",
      t("puzzles.rating", { rating: daily.rating })),
    h("a", { class: "button primary", id: "daily-link", href: `/puzzles/${encodeURIComponent(daily.game)}/${encodeURIComponent(daily.id)}` },
      t("puzzles.play")),
  ] : [h("p", { class: "muted" }, t("puzzles.none"))]));
  $("games").replaceChildren(...overview.games.map((game) => h("li", { "data-game": game.game },
    h("span", { class: "game-name" }, titleOf(games, game.game)),
    h("span", {}, game.count ? tn("puzzles.count", game.count) : t("puzzles.none")),
    overview.signed_in
      ? h("span", { class: "muted" }, game.rating === null ? t("puzzles.notRated") : t("puzzles.yourRating", { rating: game.rating }))
      : "",
    h("span", { class: "spacer" }),
    game.count ? h("a", { class: "button", href: `/puzzles/${encodeURIComponent(game.game)}` }, t("puzzles.play")) : "")));
  const card = $("history-card");
  card.hidden = !overview.signed_in;
  $("history").replaceChildren(...(overview.history.length ? overview.history.map((item) => h("li", {},
    h("span", { class: item.solved ? "solved" : "failed" }, item.solved ? t("puzzles.solved") : t("puzzles.failed")), " · ",
    h("a", { href: `/puzzles/${encodeURIComponent(item.game)}/${encodeURIComponent(item.puzzle)}` }, titleOf(games, item.game)),
    item.rating === null ? "" : ` · ${item.rating}`, " · ", relativeTime(item.at)))
    : [h("li", { class: "muted" }, t("puzzles.noHistory"))]));
}

async function main() {
  await loadNamespaces("common", "puzzles");
  await setUpHeader();
  document.title = `Connect Arena — ${t("puzzles.title")}`;
  /** @type {{games: GameInfo[]}} */
  const catalogue = await api.get("/api/games");
  /** @type {PuzzleOverview} */
  const overview = await api.get("/api/puzzles");
  render(overview, catalogue.games);
}

if (typeof document !== "undefined" && document.getElementById("games")) {
  main().catch((problem) => toast(messageOf(problem)));
}
