// Quick pairing in the lobby (#quick-pairing): seek a game by game, players, time control,
// rated or casual and rating range; the seeks waiting, yours with "cancel", others' with
// "play" (a seek of the same kind, matched at once when the ranges fit); when a seek is
// matched (at once, or later over /ws/user) the page goes to the new table.
//
// The lobby's socket (lobby.js) passes its messages as "lobby-message" DOM events; their
// `seeks` list keeps the panel current.

import { api, currentUser, loadCatalogue, onUserChange } from "./api.js";
import { h, messageOf, toast } from "./dom.js";
import { gameTitle } from "./format.js";
import { bareTimeControl, TIME_CONTROLS, timeControlOf, timeControlText } from "./community.js";
import { loadNamespaces, t, tn } from "./i18n.js";
import { onUserEvent, userSocketReady } from "./userevents.js";

/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./types.js").User} User */
/** @typedef {import("./community-types.js").Seek} Seek */

const RANGES = ["100", "200", "300", "500", "any"];

/** @type {{games: GameInfo[], seeks: Seek[]}} */
const state = { games: [], seeks: [] };

/** @param {string} name @returns {GameInfo | undefined} */
const gameOf = (name) => state.games.find((g) => g.name === name);

/** The table this page is already going to: the seek's answer and its seekMatched event both name it. */
let goingTo = 0;

/**
 * Go to a table made by a match, once: a second navigation to the same page would abort the first.
 *
 * @param {number} tableId
 */
function goToTable(tableId) {
  if (goingTo === tableId) return;
  goingTo = tableId;
  location.assign(`/tables/${tableId}`);
}

/**
 * Post a seek (after opening the user's socket, which the seek lives with).
 *
 * @param {{game: string, players: number, settings: {time_control: object, rated: boolean}, range: number | null}} body
 */
async function postSeek(body) {
  await userSocketReady();
  /** @type {{seek: Seek, table: {id: number} | null}} */
  const answer = await api.post("/api/seeks", body);
  if (answer.table) goToTable(answer.table.id);
  else toast(t("community.seekWaiting"), "info");
}

/**
 * A seek in words: "Quinque · 2 players · 5+3 · rated".
 *
 * @param {Seek} seek
 * @returns {string}
 */
function seekSummary(seek) {
  const game = gameOf(seek.game);
  return [
    game ? gameTitle(game) : seek.game, tn("community.playersCount", seek.players),
    timeControlText(seek.settings.time_control), seek.settings.rated ? t("community.rated") : t("community.casual"),
  ].join(" · ");
}

/** Show the seeks waiting: yours first (cancel), then others' (play). */
function renderSeeks() {
  const me = currentUser();
  const list = document.getElementById("seek-list");
  if (!list) return;
  const mine = state.seeks.filter((s) => me && s.user.id === me.id);
  const others = state.seeks.filter((s) => !me || s.user.id !== me.id);
  const rows = [...mine, ...others].map((seek) => {
    const own = me !== null && seek.user.id === me.id;
    const action = own
      ? h("button", { class: "small", "data-seek": seek.id, onclick: async () => {
        try {
          await api.delete(`/api/seeks/${seek.id}`);
          state.seeks = state.seeks.filter((s) => s.id !== seek.id);
          renderSeeks();
        } catch (problem) {
          toast(messageOf(problem));
        }
      } }, t("community.cancelSeek"))
      : h("button", { class: "small primary", disabled: !me || (seek.settings.rated && me.guest), onclick: () => {
        postSeek({
          game: seek.game, players: seek.players, range: null,
          settings: { time_control: bareTimeControl(seek.settings.time_control), rated: seek.settings.rated },
        }).catch((problem) => toast(messageOf(problem)));
      } }, t("community.playSeek"));
    return h("li", { class: `seek${own ? " mine" : ""}`, dataset: { seekId: String(seek.id) } },
      h("span", { class: "seek-who" },
        h("a", { href: `/users/${encodeURIComponent(seek.user.name)}` }, seek.user.name),
        h("span", { class: "muted" }, ` (${seek.rating})`)),
      h("span", { class: "seek-what" }, seekSummary(seek)),
      own ? h("span", { class: "seek-waiting" }, t("community.waiting")) : null,
      action);
  });
  list.replaceChildren(...rows);
  const empty = document.getElementById("no-seeks");
  if (empty) empty.hidden = rows.length > 0;
}

/**
 * The players choice of a game: its counts of two or more, its default chosen.
 *
 * @param {HTMLSelectElement} select
 * @param {GameInfo | undefined} game
 */
function fillPlayers(select, game) {
  const counts = (game?.player_counts ?? [2]).filter((n) => n >= 2);
  const chosen = counts.includes(game?.default_players ?? 2) ? game?.default_players ?? 2 : counts[0];
  select.replaceChildren(...counts.map((n) => h("option", { value: n, selected: n === chosen }, tn("community.playersCount", n))));
}

/**
 * The quick-pairing form.
 *
 * @returns {HTMLFormElement}
 */
function seekForm() {
  const game = h("select", { id: "seek-game", name: "game" },
    state.games.map((g) => h("option", { value: g.name }, gameTitle(g))));
  const players = h("select", { id: "seek-players", name: "players" });
  const time = h("select", { id: "seek-time", name: "time" },
    TIME_CONTROLS.map((key) => h("option", { value: key, selected: key === "rt:5+3" }, timeControlText(timeControlOf(key)))));
  const rated = h("input", { type: "checkbox", id: "seek-rated", name: "rated" });
  const range = h("select", { id: "seek-range", name: "range" },
    RANGES.map((r) => h("option", { value: r, selected: r === "300" },
      r === "any" ? t("community.anyRating") : t("community.ratingRange", { points: r }))));
  const submit = h("button", { class: "primary", type: "submit", id: "seek-submit" }, t("community.seek"));
  const guestHint = h("p", { class: "hint", id: "seek-guest-hint", hidden: true }, t("community.ratedNeedsAccount"));
  fillPlayers(players, gameOf(game.value));
  game.addEventListener("change", () => fillPlayers(players, gameOf(game.value)));
  const form = h("form", { class: "seek-form", id: "seek-form" },
    h("label", { for: "seek-game" }, t("community.game")), game,
    h("label", { for: "seek-players" }, t("community.players")), players,
    h("label", { for: "seek-time" }, t("community.timeControl")), time,
    h("label", { for: "seek-range" }, t("community.opponentRating")), range,
    h("label", { class: "check" }, rated, " ", t("community.ratedGame")),
    guestHint,
    h("div", { class: "buttons" }, submit));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    submit.disabled = true;
    try {
      await postSeek({
        game: game.value, players: Number(players.value), range: range.value === "any" ? null : Number(range.value),
        settings: { time_control: timeControlOf(time.value), rated: rated.checked },
      });
    } catch (problem) {
      toast(messageOf(problem));
    } finally {
      submit.disabled = false;
    }
  });
  return form;
}

/**
 * Show the form to signed-in users, a hint to others; guests seek casual games only.
 *
 * @param {User | null} user
 */
function renderForUser(user) {
  const form = /** @type {HTMLFormElement | null} */ (document.getElementById("seek-form"));
  const signedOut = document.getElementById("seek-signed-out");
  if (!form || !signedOut) return;
  form.hidden = !user;
  signedOut.hidden = Boolean(user);
  const rated = /** @type {HTMLInputElement} */ (form.querySelector("#seek-rated"));
  rated.disabled = Boolean(user?.guest);
  if (user?.guest) rated.checked = false;
  const hint = form.querySelector("#seek-guest-hint");
  if (hint) /** @type {HTMLElement} */ (hint).hidden = !user?.guest;
  const profile = /** @type {HTMLAnchorElement | null} */ (document.getElementById("profile-link"));
  if (profile) {
    profile.hidden = !user;
    if (user) profile.href = `/users/${encodeURIComponent(user.name)}`;
  }
  renderSeeks();
}

async function main() {
  const root = document.getElementById("quick-pairing");
  if (!root) return;
  await loadNamespaces("common", "community");
  const [catalogue, waiting] = await Promise.all([loadCatalogue(), api.get("/api/seeks")]);
  state.games = catalogue.games;
  state.seeks = waiting.seeks;
  root.replaceChildren(
    h("h2", { id: "quick-pairing-heading" }, t("community.quickPairing")),
    h("p", { class: "muted" }, t("community.quickPairingHint")),
    h("p", { class: "muted", id: "seek-signed-out" }, t("community.signInToSeek")),
    seekForm(),
    h("h3", {}, t("community.seeksWaiting")),
    h("p", { class: "muted empty", id: "no-seeks" }, t("community.noSeeks")),
    h("ul", { class: "seek-list", id: "seek-list" }),
    h("p", { class: "community-links" }, h("a", { href: "/leaderboard", id: "leaderboards-link" }, t("community.leaderboards")),
      h("a", { id: "profile-link", hidden: true }, t("community.yourProfile"))));
  root.setAttribute("aria-labelledby", "quick-pairing-heading");
  renderForUser(currentUser());
  onUserChange(renderForUser);
  document.addEventListener("lobby-message", (event) => {
    const message = /** @type {CustomEvent} */ (event).detail;
    if (message?.type === "lobby" && Array.isArray(message.seeks)) {
      state.seeks = message.seeks;
      renderSeeks();
    }
  });
  onUserEvent((event) => {
    if (event.type === "seekMatched" && typeof event.table_id === "number") goToTable(event.table_id);
  });
}

main().catch((problem) => toast(messageOf(problem)));
