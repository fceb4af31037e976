// A player's profile (/users/{name}): joined date, games per game with wins, losses and
// draws (or the mean rank), ratings (provisional flagged) with a rating-history chart per
// game, running games, recent games, the whole history with filters and pages, and the
// JSON-lines export. The API is docs/community.md's.

import { api, ApiError, currentUser, onUserChange } from "./api.js";
import { byId as $, h, messageOf, toast } from "./dom.js";
import { gameTitle, playerName, relativeTime, scoreLine } from "./format.js";
import { challengeDialog } from "./challenges.js";
import { relationButtons } from "./relations.js";
import { reportDialog } from "./report.js";
import { chartScale, historyQuery, ratingChangeText, recordText } from "./community.js";
import { setUpHeader } from "./header.js";
import { currentLanguage, loadNamespaces, t, tn } from "./i18n.js";
import { svg } from "./svg.js";

/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./community-types.js").Profile} Profile */
/** @typedef {import("./community-types.js").HistoryItem} HistoryItem */
/** @typedef {import("./community-types.js").HistoryFilters} HistoryFilters */
/** @typedef {import("./community-types.js").HistoryPage} HistoryPage */
/** @typedef {import("./community-types.js").RatingPoint} RatingPoint */

const userName = decodeURIComponent(location.pathname.split("/")[2] || "");
const PER_PAGE = 20;
/** @type {{games: GameInfo[], profile: Profile | null, filters: HistoryFilters}} */
const view = { games: [], profile: null, filters: { page: 1, per_page: PER_PAGE } };

/** @param {string} name @returns {string} the game's title in the page's language. */
const titleOf = (name) => gameTitle(view.games.find((g) => g.name === name) || { name, title: name });

/**
 * A date in the page's language ("25 Nov 2026").
 *
 * @param {string | null | undefined} iso
 * @returns {string}
 */
function dateText(iso) {
  const when = iso ? new Date(iso) : null;
  if (!when || Number.isNaN(when.getTime())) return "";
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "medium" }).format(when);
}

/**
 * A link to a user's profile.
 *
 * @param {string} name
 * @returns {HTMLAnchorElement}
 */
const userLink = (name) => h("a", { href: `/users/${encodeURIComponent(name)}` }, name);

/**
 * The rating history of one game as a line chart (oldest to newest).
 *
 * @param {RatingPoint[]} history
 * @param {string} game
 * @returns {SVGElement}
 */
function ratingChart(history, game) {
  // The chart starts from the rating before the first game shown (a first game is a line).
  const first = history[0];
  const points = first && typeof first.change === "number"
    ? [{ at: "", rating: first.rating - first.change, change: null }, ...history] : history;
  const width = 320;
  const height = 120;
  const pad = 12;
  const ratings = points.map((p) => p.rating);
  const scale = chartScale(ratings, { width, height, pad });
  const line = scale.points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
  return svg("svg", {
    class: "rating-chart", viewBox: `0 0 ${width} ${height}`, role: "img", "data-game": game,
    "aria-label": t("community.ratingChartLabel", {
      game: titleOf(game), low: Math.round(Math.min(...ratings)), high: Math.round(Math.max(...ratings)),
    }),
  },
  svg("rect", { class: "chart-back", x: 0, y: 0, width, height }),
  svg("text", { class: "chart-label", x: pad, y: pad - 2 }, String(Math.round(scale.high))),
  svg("text", { class: "chart-label", x: pad, y: height - 2 }, String(Math.round(scale.low))),
  points.length > 1 ? svg("polyline", { class: "rating-line", points: line }) : null,
  scale.points.map(([x, y], i) => svg("circle", { class: "rating-dot", cx: x.toFixed(1), cy: y.toFixed(1), r: 2.5 },
    svg("title", {}, points[i].at
      ? `${dateText(points[i].at)}: ${points[i].rating} (${ratingChangeText(points[i].change ?? 0)})`
      : String(points[i].rating)))));
}

/**
 * A game's result for the profile's user: "Win", "Loss", "Draw" or "2nd of 4".
 *
 * @param {HistoryItem} item
 * @returns {string}
 */
function resultWords(item) {
  if ((item.sides ?? 2) > 2 && item.rank) return t("community.rankOf", { rank: item.rank, sides: item.sides ?? 0 });
  if (item.result === "win") return t("community.win");
  if (item.result === "loss") return t("community.loss");
  if (item.result === "draw") return t("community.draw");
  return "";
}

/**
 * One row of a history: date, game, opponents, result, rating change, replay link.
 *
 * @param {HistoryItem} item
 * @returns {HTMLTableRowElement}
 */
function historyRow(item) {
  const others = item.players.filter((p) => p.seat !== item.seat);
  return h("tr", { class: `history-row ${item.result ?? ""}`, dataset: { table: String(item.table_id) } },
    h("td", { title: dateText(item.finished_at) }, relativeTime(item.finished_at)),
    h("td", {}, item.title ? titleOf(item.game) || item.title : titleOf(item.game)),
    h("td", { class: "opponents" }, others.map((p, i) => [
      i ? ", " : "",
      p.kind === "human" && p.name ? userLink(p.name) : playerName({ kind: p.kind, name: p.name, agent: p.agent }),
    ])),
    h("td", { class: `result ${item.result ?? ""}` }, [resultWords(item), scoreLine(item.scores, view.games.find((g) => g.name === item.game) || null, item.seat)]
      .filter(Boolean).join(" · ")),
    h("td", { class: "rating-cell" }, item.rated
      ? [String(item.rating ?? ""), " ", h("span", {
        class: `change ${(item.change ?? 0) > 0 ? "up" : (item.change ?? 0) < 0 ? "down" : "same"}`,
      }, ratingChangeText(item.change))]
      : h("span", { class: "muted" }, t("community.casual"))),
    h("td", {}, h("a", { href: item.replay || `/tables/${item.table_id}/replay` }, t("community.replay"))));
}

/**
 * A table of history rows.
 *
 * @param {HistoryItem[]} items
 * @param {string} id
 * @returns {HTMLTableElement}
 */
function historyTable(items, id) {
  return h("table", { class: "history", id },
    h("thead", {}, h("tr", {},
      [t("community.when"), t("community.game"), t("community.opponents"), t("community.result"), t("community.rating"), ""]
        .map((text) => h("th", { scope: "col" }, text)))),
    h("tbody", {}, items.map(historyRow)));
}

/** Load and show the history page the filters ask for. */
async function loadHistory() {
  const box = $("history-results");
  try {
    /** @type {HistoryPage} */
    const page = await api.get(`/api/users/${encodeURIComponent(userName)}/games${historyQuery(view.filters)}`);
    const current = page.page ?? 1;
    const pages = page.total !== undefined ? Math.max(1, Math.ceil(page.total / (page.per_page || PER_PAGE))) : null;
    box.replaceChildren(
      page.games.length ? historyTable(page.games, "history-table") : h("p", { class: "muted empty" }, t("community.noGamesFound")),
      h("div", { class: "pager", hidden: current === 1 && !page.has_more },
        h("button", { class: "small", id: "history-previous", disabled: current <= 1, onclick: () => goToPage(current - 1) },
          t("community.previousPage")),
        h("span", { class: "muted", id: "history-page" }, pages
          ? t("community.pageOf", { page: current, pages }) : t("community.page", { page: current })),
        h("button", { class: "small", id: "history-next", disabled: !page.has_more, onclick: () => goToPage(current + 1) },
          t("community.nextPage"))));
  } catch (problem) {
    box.replaceChildren(h("p", { class: "form-error", role: "alert" }, messageOf(problem)));
  }
}

/** @param {number} page */
function goToPage(page) {
  view.filters = { ...view.filters, page };
  loadHistory();
}

/**
 * The history's filter form: game, opponent, result, since, until.
 *
 * @returns {HTMLFormElement}
 */
function filterForm() {
  const game = h("select", { id: "filter-game", name: "game" }, h("option", { value: "" }, t("community.allGames")),
    view.games.map((g) => h("option", { value: g.name }, gameTitle(g))));
  const opponent = h("input", { id: "filter-opponent", name: "opponent", maxlength: 64, autocomplete: "off" });
  const result = h("select", { id: "filter-result", name: "result" },
    h("option", { value: "" }, t("community.anyResult")), h("option", { value: "win" }, t("community.win")),
    h("option", { value: "loss" }, t("community.loss")), h("option", { value: "draw" }, t("community.draw")));
  const since = h("input", { id: "filter-since", name: "since", type: "date" });
  const until = h("input", { id: "filter-until", name: "until", type: "date" });
  const form = h("form", { class: "history-filters", id: "history-filters" },
    h("label", {}, t("community.game"), game),
    h("label", {}, t("community.opponent"), opponent),
    h("label", {}, t("community.result"), result),
    h("label", {}, t("community.since"), since),
    h("label", {}, t("community.until"), until),
    h("button", { type: "submit", id: "filter-apply" }, t("community.filter")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    view.filters = {
      game: game.value, opponent: opponent.value.trim(), result: result.value, since: since.value, until: until.value,
      page: 1, per_page: PER_PAGE,
    };
    loadHistory();
  });
  return form;
}

/**
 * A card per game played: rating (provisional flagged), record, chart.
 *
 * @param {Profile} profile
 * @returns {HTMLElement[]}
 */
function gameCards(profile) {
  const names = [...new Set([...Object.keys(profile.games || {}), ...Object.keys(profile.ratings || {})])];
  return names.map((name) => {
    const stats = profile.games?.[name];
    const rating = profile.ratings?.[name];
    const history = profile.rating_history?.[name] ?? [];
    return h("section", { class: "card game-stats", dataset: { game: name } },
      h("div", { class: "card-title" }, h("h3", {}, titleOf(name)),
        h("a", { class: "muted", href: `/leaderboard/${encodeURIComponent(name)}` }, t("community.leaderboard"))),
      rating ? h("p", { class: "rating-line-text" },
        h("span", { class: "rating-value" }, String(rating.rating)),
        rating.provisional ? h("span", { class: "tag provisional", title: t("community.provisionalHint") }, t("community.provisional")) : null,
        h("span", { class: "muted" }, ` ${tn("community.ratedGames", rating.games)}`)) : null,
      stats ? h("p", { class: "record" },
        // each part on one line: "2 L" never breaks between the number and its letter
        [t("community.gamesPlayed", { count: stats.played }), ...recordText(stats).split(" · ")]
          .flatMap((part, i) => [i ? " · " : "", h("span", { class: "nowrap" }, part)])) : null,
      history.length ? ratingChart(history, name) : null);
  });
}

/**
 * The running games: links to their tables.
 *
 * @param {Profile} profile
 * @returns {HTMLElement}
 */
function runningList(profile) {
  if (!profile.running?.length) return h("p", { class: "muted empty" }, t("community.noRunning"));
  return h("ul", { class: "running-list", id: "running-list" }, profile.running.map((table) => h("li", {},
    h("a", { href: table.url || `/tables/${table.id}` }, `${titleOf(table.game)} #${table.id}`), " ",
    h("span", { class: "muted" }, (table.seats ?? []).filter((s) => s.kind !== "open").map((s) => playerName(s)).join(", ")))));
}

/**
 * Draw the profile.
 *
 * @param {Profile} profile
 */
function render(profile) {
  const user = profile.user;
  const me = currentUser();
  const tags = [user.guest ? t("community.tagGuest") : "", user.bot ? t("community.tagBot") : "", user.computer ? t("community.tagComputer") : ""]
    .filter(Boolean);
  const challenge = me && me.id !== user.id && !user.computer && !user.guest
    ? h("button", { class: "primary", id: "challenge-user", onclick: () => challengeDialog(user.name).catch((e) => toast(messageOf(e))) },
      t("community.challenge"))
    : null;
  $("profile-head").replaceChildren(
    h("div", { class: "profile-title" },
      h("span", { class: "avatar big", "aria-hidden": "true" }, user.name.slice(0, 1).toUpperCase()),
      h("h1", { id: "profile-name" }, user.name), ...tags.map((tag) => h("span", { class: "tag" }, tag))),
    h("p", { class: "muted", id: "profile-joined" }, t("community.joined", { date: dateText(user.joined) })),
    h("div", { class: "buttons" }, challenge,
      me && !me.guest && me.id !== user.id && !user.computer ? relationButtons(user) : null,
      me && !me.guest && me.id !== user.id && !user.computer
      ? h("button", { class: "link", id: "report-user", onclick: () => reportDialog({ userId: user.id, name: user.name }).catch((e) => toast(messageOf(e))) },
        t("community.report"))
      : null,
      h("a", { class: "button link", id: "export-link", href: `/api/users/${encodeURIComponent(user.name)}/games.jsonl`, download: "" },
        t("community.exportGames"))));
  const cards = gameCards(profile);
  $("profile-games").replaceChildren(...(cards.length ? cards : [h("p", { class: "muted empty" }, t("community.noGamesYet"))]));
  $("profile-running").replaceChildren(runningList(profile));
  $("profile-recent").replaceChildren(profile.recent?.length
    ? historyTable(profile.recent, "recent-table") : h("p", { class: "muted empty" }, t("community.noGamesYet")));
  $("history-form").replaceChildren(filterForm());
  document.title = `Connect Arena — ${user.name}`;
}

async function main() {
  await loadNamespaces("common", "community");
  await setUpHeader();
  /** @type {{games: GameInfo[]}} */
  const catalogue = await api.get("/api/games");
  view.games = catalogue.games;
  await loadNamespaces("common", "community", ...view.games.map((g) => g.name));
  try {
    view.profile = await api.get(`/api/users/${encodeURIComponent(userName)}`);
  } catch (problem) {
    const missing = problem instanceof ApiError && problem.status === 404;
    $("profile-head").replaceChildren(h("h1", {}, userName),
      h("p", { class: "form-error", role: "alert", id: "profile-error" }, missing ? t("community.noSuchUser", { name: userName }) : messageOf(problem)));
    for (const id of ["profile-body"]) $(id).hidden = true;
    return;
  }
  const profile = /** @type {Profile} */ (view.profile);
  render(profile);
  onUserChange(() => render(profile));
  await loadHistory();
}

main().catch((problem) => toast(messageOf(problem)));
