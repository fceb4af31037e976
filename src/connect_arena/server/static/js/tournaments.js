// The tournament list (/tournaments): running, upcoming and finished events, and the form that
// creates one (docs/tournaments.md, "On the site").

import { api, currentUser, onUserChange } from "./api.js";
import { byId as $, h, messageOf, toast } from "./dom.js";
import { gameTitle, relativeTime } from "./format.js";
import { setUpHeader } from "./header.js";
import { currentLanguage, loadNamespaces, t, tn } from "./i18n.js";
import { optionInput, optionValues } from "./option-fields.js";
import { formatText, isoWithOffset, localInputValue, timeControlText } from "./tournament-format.js";

/** @typedef {import("./types.js").CatalogueGame} Game */
/** @typedef {import("./types.js").TournamentSummary} TournamentSummary */
/** @typedef {import("./types.js").User} User */
/** @typedef {{realtime_presets: number[][], turn_days: number[]}} ClockChoices */

/** @type {Game[]} the catalogue (/api/games) */
let games = [];
/** @type {ClockChoices} */
let clocks = { realtime_presets: [], turn_days: [] };
/** How often the lists are read again (they have no live feed; each event's page has). */
const REFRESH_MS = 20_000;

/** @param {string} name @returns {Game | undefined} */
const gameByName = (name) => games.find((g) => g.name === name);

/**
 * A tournament of a list: its name, game, format, clock, entrants and start.
 *
 * @param {TournamentSummary} item
 * @returns {HTMLElement}
 */
function listRow(item) {
  const game = gameByName(item.game);
  const title = gameTitle(game || { name: item.game, title: item.game });
  const starts = new Date(item.starts_at);
  const exact = Number.isNaN(starts.getTime()) ? "" : starts.toLocaleString(currentLanguage(), { dateStyle: "medium", timeStyle: "short" });
  return h("li", { class: `tournament-row ${item.status}`, dataset: { tournament: item.id } },
    h("a", { class: "name", href: `/tournaments/${item.id}` }, item.name),
    h("div", { class: "facts" },
      h("span", { class: "game" }, title),
      h("span", {}, formatText(item)),
      h("span", { class: "clock" }, timeControlText(item.settings.time_control)),
      item.settings.rated ? h("span", { class: "tag" }, t("tournaments.rated")) : null,
      item.status === "cancelled" ? h("span", { class: "tag cancelled" }, t("tournaments.statusCancelled")) : null,
      h("span", { class: "entrants" }, tn("tournaments.entrantsCount", item.entrants))),
    h("time", { class: "when muted", datetime: item.starts_at, title: exact }, relativeTime(item.starts_at), exact ? ` · ${exact}` : ""));
}

/** @param {{upcoming: TournamentSummary[], running: TournamentSummary[], finished: TournamentSummary[]}} listing */
function showLists(listing) {
  for (const key of /** @type {const} */ (["upcoming", "running", "finished"])) {
    const items = listing[key] || [];
    $(key).replaceChildren(...items.map(listRow));
    $(`no-${key}`).hidden = items.length > 0;
  }
}

async function refresh() {
  try {
    showLists(await api.get("/api/tournaments"));
  } catch (problem) {
    toast(messageOf(problem));
  }
}

/**
 * A labelled row of the form.
 *
 * @param {string} id
 * @param {string} text
 * @param {HTMLElement} input
 * @returns {HTMLElement}
 */
const row = (id, text, input) => h("div", { class: "row" }, h("label", { for: id }, text), input);

/**
 * The time control part: a real-time preset, a custom real-time clock, or days per move.
 *
 * @returns {{part: HTMLElement, value: () => {kind: string, base: number, increment: number, days: number}}}
 */
function clockPart() {
  const select = h("select", { id: "t-clock", name: "clock" },
    clocks.realtime_presets.map(([minutes, seconds], i) =>
      h("option", { value: `preset:${minutes}:${seconds}`, selected: i === 1 }, `${minutes}+${seconds}`)),
    h("option", { value: "custom" }, t("tournaments.customClock")),
    h("option", { value: "turn" }, t("tournaments.turnBased")));
  const base = h("input", { type: "number", id: "t-base", name: "base", min: 0, max: 180, step: "any", value: 5 });
  const increment = h("input", { type: "number", id: "t-increment", name: "increment", min: 0, max: 180, value: 3 });
  const days = h("select", { id: "t-days", name: "days" },
    clocks.turn_days.map((n) => h("option", { value: n }, tn("tournaments.daysPerMove", n))));
  const custom = h("div", { class: "pair", hidden: true },
    row("t-base", t("tournaments.baseMinutes"), base), row("t-increment", t("tournaments.incrementSeconds"), increment));
  const turn = h("div", { hidden: true }, row("t-days", t("tournaments.perMove"), days));
  select.addEventListener("change", () => {
    custom.hidden = select.value !== "custom";
    turn.hidden = select.value !== "turn";
  });
  const value = () => {
    if (select.value === "turn") return { kind: "turn", base: 0, increment: 0, days: Number(days.value) };
    if (select.value === "custom") {
      return { kind: "realtime", base: Math.round(Number(base.value) * 60), increment: Math.round(Number(increment.value)), days: 0 };
    }
    const [, minutes, seconds] = select.value.split(":").map(Number);
    return { kind: "realtime", base: minutes * 60, increment: seconds, days: 0 };
  };
  return { part: h("div", {}, row("t-clock", t("tournaments.timeControl"), select), custom, turn), value };
}

/**
 * The format part: Swiss with its rounds, an arena with its minutes, or a round-robin.
 *
 * @param {HTMLElement} pause - the pause's row, shown only for formats with rounds.
 * @returns {HTMLElement}
 */
function formatPart(pause) {
  const select = h("select", { id: "t-format", name: "format" },
    h("option", { value: "swiss" }, t("tournaments.swiss")),
    h("option", { value: "arena" }, t("tournaments.arena")),
    h("option", { value: "round_robin" }, t("tournaments.roundRobin")));
  const rounds = row("t-rounds", t("tournaments.rounds"),
    h("input", { type: "number", id: "t-rounds", name: "rounds", min: 1, max: 30, value: 5, required: true }));
  const minutes = row("t-minutes", t("tournaments.minutes"),
    h("input", { type: "number", id: "t-minutes", name: "minutes", min: 1, max: 1440, value: 30, required: true }));
  minutes.hidden = true;
  select.addEventListener("change", () => {
    rounds.hidden = select.value !== "swiss";
    minutes.hidden = select.value !== "arena";
    pause.hidden = select.value === "arena"; // an arena has no rounds to pause between
  });
  const hint = h("p", { class: "hint", id: "t-format-hint" }, t("tournaments.formatHint"));
  return h("div", {}, row("t-format", t("tournaments.format"), select), hint, rounds, minutes);
}

/**
 * The form: name, game, players, options (folded, at their defaults), time control, format,
 * start, rated, minimum rated games and the pause between rounds.
 *
 * @param {HTMLFormElement} form
 * @param {string} gameName
 */
function renderForm(form, gameName) {
  const game = gameByName(gameName) || games[0];
  const name = h("input", { id: "t-name", name: "name", required: true, maxlength: 64, value: form.dataset.name || "" });
  name.addEventListener("input", () => { form.dataset.name = name.value; });
  const gameSelect = h("select", { id: "t-game", name: "game" },
    games.map((g) => h("option", { value: g.name, selected: g.name === game.name }, gameTitle(g))));
  gameSelect.addEventListener("change", () => renderForm(form, gameSelect.value));
  const players = h("select", { id: "t-players", name: "players" },
    game.player_counts.filter((n) => n >= 2).map((n) => h("option", { value: n, selected: n === game.default_players }, t("common.nPlayers", { n }))));
  players.hidden = game.player_counts.filter((n) => n >= 2).length < 2;
  const count = () => Number(players.value) || game.default_players;
  const options = h("div", { class: "options" });
  const showOptions = () => options.replaceChildren(
    ...game.options.filter((o) => o.form !== false).map((o) => optionInput(game, o, count(), undefined, "t-option-")).filter((x) => x !== null));
  players.addEventListener("change", showOptions);
  showOptions();
  const clock = clockPart();
  const soon = new Date(Date.now() + 15 * 60_000);
  soon.setSeconds(0, 0);
  const start = h("input", { type: "datetime-local", id: "t-start", name: "starts_at", required: true, step: 1, value: localInputValue(soon) });
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  const rated = h("input", { type: "checkbox", id: "t-rated", name: "rated" });
  const minRated = h("input", { type: "number", id: "t-min-rated", name: "min_rated_games", min: 0, max: 1000, value: 0 });
  const pause = h("input", { type: "number", id: "t-pause", name: "pause", min: 0, max: 3600, value: 30 });
  const pauseRow = row("t-pause", t("tournaments.pauseSeconds"), pause);
  form.replaceChildren(
    row("t-name", t("tournaments.name"), name),
    row("t-game", t("common.game"), gameSelect),
    players.hidden ? players : row("t-players", t("tournaments.playersPerTable"), players),
    h("details", { class: "rules-options" }, h("summary", {}, t("tournaments.gameOptions")), h("p", { class: "hint" }, t("tournaments.optionsHint")), options),
    clock.part,
    formatPart(pauseRow),
    h("div", { class: "row stacked" }, h("label", { for: "t-start" }, t("tournaments.startsAt")), start),
    h("p", { class: "hint" }, t("tournaments.yourTimeZone", { zone })),
    h("div", { class: "option bool" }, rated, h("label", { for: "t-rated" }, t("tournaments.ratedGames"))),
    row("t-min-rated", t("tournaments.minRatedGames"), minRated),
    pauseRow,
    h("button", { class: "primary big", type: "submit", id: "create-tournament" }, t("tournaments.createButton")));
  form.onsubmit = async (event) => {
    event.preventDefault();
    const format = /** @type {HTMLSelectElement} */ ($("t-format")).value;
    const local = start.value;
    const offset = -new Date(local).getTimezoneOffset();
    const body = {
      name: name.value.trim(),
      game: game.name,
      players: count(),
      options: optionValues(form, game),
      settings: { time_control: clock.value(), rated: rated.checked, hints: "off" },
      format,
      rounds: Number(/** @type {HTMLInputElement} */ ($("t-rounds")).value),
      minutes: Number(/** @type {HTMLInputElement} */ ($("t-minutes")).value),
      starts_at: isoWithOffset(local, offset),
      min_rated_games: Number(minRated.value) || 0,
      pause: Number(pause.value) || 0,
    };
    const submit = /** @type {HTMLButtonElement} */ ($("create-tournament"));
    submit.disabled = true;
    try {
      const { tournament } = await api.post("/api/tournaments", body);
      location.href = `/tournaments/${tournament.id}`;
    } catch (problem) {
      toast(messageOf(problem));
      submit.disabled = false;
    }
  };
}

/** @param {User | null} user - only an account may organise a tournament. */
function showCreate(user) {
  const allowed = Boolean(user && !user.guest);
  $("tournament-form").hidden = !allowed;
  $("create-hint").hidden = allowed;
}

async function main() {
  await loadNamespaces("common", "tournaments");
  await setUpHeader();
  const catalogue = await api.get("/api/games");
  games = catalogue.games.filter((/** @type {Game} */ g) => g.player_counts.some((n) => n >= 2));
  clocks = catalogue.settings || clocks;
  await loadNamespaces(...games.map((g) => g.name));
  document.title = `Connect Arena — ${t("tournaments.title")}`;
  const form = /** @type {HTMLFormElement} */ ($("tournament-form"));
  const first = games.some((g) => g.name === "quinque") ? "quinque" : games[0]?.name;
  if (first) renderForm(form, first);
  showCreate(currentUser());
  onUserChange(showCreate);
  await refresh();
  setInterval(refresh, REFRESH_MS);
}

main().catch((problem) => toast(messageOf(problem)));
