// The landing page of a signed-out visitor (index.html's #landing, in place of the lobby's
// cards): the four games — a picture of a typical position drawn by the server from the
// engine (GET /api/games/{name}/picture.svg), a sentence, the player counts and how long a
// game takes (GameType.extra.minutes) — a one-click "Play the computer now" (a guest and a
// table against the computer), and the games being played now, to watch.
//
// lobby.js calls setUpLanding once it has the catalogue and landingTables with every lobby
// update; signing in (or playing as a guest) shows the lobby instead.

import { api, currentUser, onUserChange, playAsGuest } from "./api.js";
import { byId as $, h, messageOf, rulesLink, toast } from "./dom.js";
import { gameText, gameTitle, playerName, seatClass, seatName } from "./format.js";
import { tutorialLink } from "./tutorial-link.js";
import { t } from "./i18n.js";

/** @typedef {import("./types.js").CatalogueGame} Game */
/** @typedef {import("./types.js").Table} Table */
/** @typedef {import("./types.js").User} User */

/** The computer a newcomer plays first: the easy search (else the first one offered). */
const FIRST_OPPONENT = "mcts:easy";
/** The game of the big button: the first game of the catalogue that has a picture. */
const FIRST_GAME = "quinque";
/** Running tables listed at most. */
const WATCHABLE = 6;

/** @type {{games: Game[], agents: string[]}} */
const catalogue = { games: [], agents: [] };

/**
 * The player counts of a game in words: "2 players", "2–5 players", "1–4 players".
 *
 * @param {Game} game
 * @returns {string}
 */
function playersText(game) {
  const counts = game.player_counts;
  const low = Math.min(...counts);
  const high = Math.max(...counts);
  return low === high ? t("common.nPlayers", { n: low }) : t("common.landingPlayerRange", { low, high });
}

/**
 * How long a game takes, from the game's declaration (GameType.extra.minutes), or null.
 *
 * @param {Game} game
 * @returns {string | null}
 */
function lengthText(game) {
  const extra = /** @type {{minutes?: unknown} | undefined} */ (game.game_type?.extra);
  const minutes = extra?.minutes;
  if (!Array.isArray(minutes) || minutes.length !== 2) return null;
  return t("common.landingMinutes", { low: minutes[0], high: minutes[1] });
}

/**
 * Open a table of `game` against the computer, as a guest when nobody is signed in, and go
 * there: one click.
 *
 * @param {Game} game
 * @param {HTMLButtonElement} button - disabled meanwhile.
 */
async function playTheComputer(game, button) {
  button.disabled = true;
  try {
    if (!currentUser()) await playAsGuest();
    const agent = catalogue.agents.includes(FIRST_OPPONENT) ? FIRST_OPPONENT : catalogue.agents[0];
    const seats = Array.from({ length: game.default_players },
      (_, seat) => (seat === 0 ? { kind: "me" } : { kind: "computer", agent }));
    const { table } = await api.post("/api/tables", { game: game.name, options: {}, seats });
    location.href = `/tables/${table.id}`;
  } catch (problem) {
    toast(messageOf(problem));
    button.disabled = false;
  }
}

/**
 * A game's card: its picture, title, sentence, players and length, and its buttons.
 *
 * @param {Game} game
 * @returns {HTMLElement}
 */
function gameCard(game) {
  const title = gameTitle(game);
  const length = lengthText(game);
  const play = h("button", { class: "primary", type: "button", dataset: { play: game.name } },
    t("common.landingPlayComputer"));
  play.addEventListener("click", () => playTheComputer(game, play));
  return h("article", { class: "game-card", dataset: { game: game.name }, "aria-labelledby": `landing-${game.name}` },
    h("div", { class: "picture" },
      h("img", {
        src: `/api/games/${encodeURIComponent(game.name)}/picture.svg`, loading: "lazy",
        alt: t("common.landingPictureAlt", { game: title }),
      })),
    h("h3", { id: `landing-${game.name}` }, title),
    h("p", { class: "facts" },
      h("span", { class: "players" }, playersText(game)),
      length ? h("span", { class: "length" }, length) : null),
    h("p", { class: "sentence" }, gameText(game.name, "summary", game.summary)),
    h("div", { class: "buttons" }, play, tutorialLink(game, `landing-tutorial-${game.name}`),
      rulesLink(game, `landing-rules-${game.name}`)));
}

/**
 * A running table to watch: the game, who plays, and a Watch link.
 *
 * @param {Table} table
 * @returns {HTMLElement}
 */
function watchRow(table) {
  const game = catalogue.games.find((g) => g.name === table.game);
  const title = gameTitle(game || { name: table.game, title: table.title });
  return h("li", { class: "watch-row", dataset: { table: table.id } },
    h("span", { class: "game" }, title),
    h("span", { class: "who" }, table.seats.map((seat) =>
      h("span", { class: "seat-pill" },
        h("span", { class: `swatch ${seatClass(game, seat.seat)}`, "aria-hidden": "true" }),
        `${seatName(game, seat.seat)}: `, h("b", {}, playerName(seat))))),
    h("a", { class: "button", href: `/tables/${table.id}`, "aria-label": t("common.landingWatchTable", { game: title, id: table.id }) },
      t("common.watch")));
}

/**
 * Show the running tables of the lobby's feed (called with every lobby update).
 *
 * @param {Table[]} tables - the open and running tables, newest first.
 */
export function landingTables(tables) {
  const list = document.getElementById("landing-tables");
  if (!list) return;
  const running = tables.filter((table) => table.status === "running").slice(0, WATCHABLE);
  list.replaceChildren(...running.map(watchRow));
  $("landing-no-tables").hidden = running.length > 0;
}

/**
 * Show the landing page when nobody is signed in, the lobby otherwise.
 *
 * @param {User | null} user
 */
function showLanding(user) {
  $("landing").hidden = Boolean(user);
  $("main").classList.toggle("signed-out", !user);
}

/**
 * Build the landing page into #landing and show it while nobody is signed in.
 *
 * @param {{games: Game[], agents: string[]}} found - the catalogue (/api/games).
 */
export function setUpLanding(found) {
  catalogue.games = found.games;
  catalogue.agents = found.agents;
  const first = found.games.find((g) => g.name === FIRST_GAME) || found.games[0];
  const now = h("button", { class: "primary big", id: "play-now", type: "button" }, t("common.landingPlayNow"));
  if (first) now.addEventListener("click", () => playTheComputer(first, now));
  $("landing").replaceChildren(
    h("div", { class: "hero" },
      h("h1", { id: "landing-heading" }, t("common.landingTitle")),
      h("p", { class: "lead" }, t("common.landingLead")),
      first ? h("div", { class: "cta" }, now,
        h("span", { class: "muted" }, t("common.landingPlayNowHint", { game: gameTitle(first) }))) : null,
      h("p", {}, h("a", { id: "landing-puzzles", href: "/puzzles" }, t("common.landingPuzzles")))),
    h("section", { class: "games", "aria-labelledby": "landing-games" },
      h("h2", { id: "landing-games" }, t("common.landingGames")),
      h("div", { class: "game-cards" }, [first, ...found.games.filter((g) => g !== first)].filter(Boolean).map(gameCard))),
    h("section", { class: "watch", "aria-labelledby": "landing-watch" },
      h("h2", { id: "landing-watch" }, t("common.landingWatch")),
      h("p", { class: "muted empty", id: "landing-no-tables" }, t("common.landingNoTables")),
      h("ul", { class: "watch-list", id: "landing-tables" })));
  showLanding(currentUser());
  onUserChange(showLanding);
}
