// A game's leaderboard (/leaderboard/{game}): the top rated active players, 50 a page,
// provisional players listed apart below them (docs/community.md); a tab per game.

import { api, ApiError } from "./api.js";
import { byId as $, h, messageOf, toast } from "./dom.js";
import { gameTitle, relativeTime } from "./format.js";
import { setUpHeader } from "./header.js";
import { loadNamespaces, t } from "./i18n.js";

/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./community-types.js").Leaderboard} Leaderboard */

const gameName = decodeURIComponent(location.pathname.split("/")[2] || "");
const pageNumber = Math.max(1, Number(new URLSearchParams(location.search).get("page")) || 1);

/**
 * The table of players.
 *
 * @param {Leaderboard} board
 * @returns {HTMLElement}
 */
function playersTable(board) {
  if (!board.players.length) return h("p", { class: "muted empty", id: "leaderboard-empty" }, t("community.leaderboardEmpty"));
  return rowsTable(board.players, "leaderboard-table");
}

/**
 * The provisional players (fewer rated games than the leaderboard needs), apart.
 *
 * @param {Leaderboard} board
 * @returns {HTMLElement | null}
 */
function provisionalSection(board) {
  if (!board.provisional?.length) return null;
  return h("section", { class: "provisional-players", "aria-labelledby": "provisional-heading" },
    h("h2", { id: "provisional-heading" }, t("community.provisionalPlayers")),
    h("p", { class: "muted" }, t("community.provisionalPlayersHint", { games: board.provisional_games ?? 10 })),
    rowsTable(board.provisional, "provisional-table"));
}

/**
 * @param {Leaderboard["players"]} rows
 * @param {string} id
 * @returns {HTMLElement}
 */
function rowsTable(rows, id) {
  return h("table", { class: "history leaderboard", id },
    h("thead", {}, h("tr", {},
      [t("community.rank"), t("community.player"), t("community.rating"), t("community.ratedGamesShort"), t("community.lastGame")]
        .map((text) => h("th", { scope: "col" }, text)))),
    h("tbody", {}, rows.map((entry) => h("tr", { dataset: { user: entry.user.name } },
      h("td", { class: "rank" }, String(entry.rank)),
      h("td", {}, h("a", { href: `/users/${encodeURIComponent(entry.user.name)}` }, entry.user.name)),
      h("td", { class: "rating-value" }, String(entry.rating)),
      h("td", {}, String(entry.games)),
      h("td", { class: "muted" }, relativeTime(entry.last_game_at))))));
}

/**
 * Links to the previous and next pages.
 *
 * @param {Leaderboard} board
 * @returns {HTMLElement}
 */
function pager(board) {
  const link = (/** @type {number} */ page, /** @type {string} */ text, /** @type {boolean} */ enabled) => enabled
    ? h("a", { class: "button small", href: `/leaderboard/${encodeURIComponent(board.game)}?page=${page}` }, text)
    : h("span", { class: "button small disabled", "aria-disabled": "true" }, text);
  return h("div", { class: "pager", hidden: board.page === 1 && !board.has_more },
    link(board.page - 1, t("community.previousPage"), board.page > 1),
    h("span", { class: "muted" }, t("community.page", { page: board.page })),
    link(board.page + 1, t("community.nextPage"), board.has_more));
}

async function main() {
  await loadNamespaces("common", "community");
  await setUpHeader();
  /** @type {{games: GameInfo[]}} */
  const catalogue = await api.get("/api/games");
  await loadNamespaces("common", "community", ...catalogue.games.map((g) => g.name));
  const game = catalogue.games.find((g) => g.name === gameName);
  $("game-tabs").replaceChildren(...catalogue.games.map((g) => h("a", {
    href: `/leaderboard/${encodeURIComponent(g.name)}`, class: `tab${g.name === gameName ? " current" : ""}`,
    "aria-current": g.name === gameName ? "page" : null,
  }, gameTitle(g))));
  const title = game ? gameTitle(game) : gameName;
  $("leaderboard-title").textContent = t("community.leaderboardOf", { game: title });
  document.title = `Connect Arena — ${t("community.leaderboardOf", { game: title })}`;
  try {
    /** @type {Leaderboard} */
    const board = await api.get(`/api/leaderboard/${encodeURIComponent(gameName)}?page=${pageNumber}`);
    $("leaderboard-rules").textContent = t("community.leaderboardRules", {
      games: board.provisional_games ?? 10, days: board.active_days ?? 90,
    });
    $("leaderboard").replaceChildren(playersTable(board), pager(board), provisionalSection(board) || "");
  } catch (problem) {
    const missing = problem instanceof ApiError && problem.status === 404;
    $("leaderboard").replaceChildren(h("p", { class: "form-error", role: "alert", id: "leaderboard-error" },
      missing ? t("community.noSuchGame", { game: gameName }) : messageOf(problem)));
  }
}

main().catch((problem) => toast(messageOf(problem)));
