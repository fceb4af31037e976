// The lobby: create a table, join or watch open and running tables, replay finished games.

import {
  agentLabel, api, byId as $, currentUser, gameText, gameTitle, h, messageOf, onUserChange, optionLabel, optionValueText,
  playerName, resultText, seatClass, seatName, socketUrl, toast, rulesLink,
} from "./api.js";
import { setUpHeader } from "./header.js";
import { loadNamespaces, t } from "./i18n.js";
import { landingTables, setUpLanding } from "./landing.js";

/** @typedef {import("./types.js").CatalogueGame} Game */
/** @typedef {import("./types.js").OptionSpec} OptionSpec */
/** @typedef {import("./types.js").OptionValue} OptionValue */
/** @typedef {import("./types.js").Table} Table */
/** @typedef {import("./types.js").User} User */

/** @type {Game[]} the catalogue (/api/games) */
let games = [];
/** @type {string[]} the computer players, e.g. "mcts:hard" */
let agents = [];
/** @param {string} name @returns {Game | undefined} */
const gameByName = (name) => games.find((g) => g.name === name);
const VISIBLE_OPTIONS = 3;

/**
 * An option's input and label: a checkbox, a list of choices or a number or text field.
 *
 * @param {Game} game
 * @param {OptionSpec} option
 * @returns {HTMLElement}
 */
function optionInput(game, option) {
  const id = `option-${option.name}`;
  let input;
  if (option.type === "bool") {
    input = h("input", { type: "checkbox", id, name: option.name, checked: option.default });
  } else if (option.choices) {
    input = h("select", { id, name: option.name },
      option.choices.map((c) => h("option", { value: c, selected: c === option.default }, optionValueText(game, option, c))));
  } else {
    input = h("input", {
      type: option.type === "int" ? "number" : "text", id, name: option.name,
      value: option.default, min: option.minimum, max: option.maximum,
    });
  }
  const text = optionLabel(game, option);
  const label = h("label", { for: id, title: text }, text);
  return h("div", { class: `option ${option.type}` }, option.type === "bool" ? [input, label] : [label, input]);
}

/**
 * The options chosen in the form that differ from their defaults.
 *
 * @param {HTMLFormElement} form
 * @param {Game} game
 * @returns {Record<string, OptionValue>}
 */
function optionValues(form, game) {
  /** @type {Record<string, OptionValue>} */
  const values = {};
  for (const option of game.options) {
    const input = /** @type {HTMLInputElement | HTMLSelectElement | null} */ (form.elements.namedItem(option.name));
    if (!input) continue;
    /** @type {OptionValue} */
    let value = option.type === "bool" && input instanceof HTMLInputElement ? input.checked : input.value;
    if (option.type === "int") value = Number(value);
    if (value !== option.default) values[option.name] = value;
  }
  return values;
}

/**
 * A seat's choice for each seat: me, open, or a computer player.
 *
 * @param {Game} game
 * @param {number} count
 * @returns {HTMLElement[]}
 */
function seatChoices(game, count) {
  return Array.from({ length: count }, (_, seat) => {
    const select = h("select", { name: `seat-${seat}`, id: `seat-${seat}` },
      h("option", { value: "me", selected: seat === 0 }, t("common.seatMe")),
      h("option", { value: "open", selected: seat !== 0 }, t("common.seatOpen")),
      agents.map((agent) => h("option", { value: `computer:${agent}` }, t("common.seatComputer", { agent: agentLabel(agent) }))));
    return h("div", { class: "seat-choice" },
      h("label", { for: `seat-${seat}` }, h("span", { class: `swatch ${seatClass(game, seat)}`, "aria-hidden": "true" }), seatName(game, seat)),
      select);
  });
}

/**
 * The form that opens a table of a game (re-rendered when another game is chosen).
 *
 * @param {HTMLFormElement} form
 * @param {string} gameName
 */
function renderForm(form, gameName) {
  const game = gameByName(gameName) || games[0];
  const counts = game.player_counts;
  const players = h("select", { name: "players", id: "players" },
    counts.map((n) => h("option", { value: n, selected: n === game.default_players }, t("common.nPlayers", { n }))));
  const seats = h("div", { class: "seats" }, seatChoices(game, game.default_players));
  players.addEventListener("change", () => seats.replaceChildren(...seatChoices(game, Number(players.value))));
  // Hot-seat: the creator takes every seat that is not a computer's, to play them on one device.
  const hotSeat = h("button", { type: "button", class: "small", id: "hot-seat", onclick: () => {
    for (const select of seats.querySelectorAll("select")) {
      if (!select.value.startsWith("computer")) select.value = "me";
    }
  } }, t("common.hotSeatButton"));
  const gameSelect = h("select", { name: "game", id: "game" },
    games.map((g) => h("option", { value: g.name, selected: g.name === game.name }, gameTitle(g))));
  gameSelect.addEventListener("change", () => renderForm(form, gameSelect.value));
  const visible = game.options.slice(0, VISIBLE_OPTIONS).map((o) => optionInput(game, o));
  const more = game.options.slice(VISIBLE_OPTIONS);
  const parts = [
    h("div", { class: "row" }, h("label", { for: "game" }, t("common.game")), gameSelect),
    h("p", { class: "muted summary" }, gameText(game.name, "summary", game.summary), " ",
      rulesLink(game, "lobby-rules-link")),
    counts.length > 1 ? h("div", { class: "row" }, h("label", { for: "players" }, t("common.players")), players) : null,
    h("h3", {}, t("common.seats")), seats,
    h("p", { class: "hint hot-seat-hint" }, t("common.hotSeatHint"), " ", hotSeat),
    h("h3", {}, t("common.rules")), h("div", { class: "options" }, visible),
    more.length ? h("details", {}, h("summary", {}, t("common.moreOptions", { n: more.length })),
      h("div", { class: "options" }, more.map((o) => optionInput(game, o)))) : null,
    h("button", { class: "primary big", type: "submit", id: "create-table" }, t("common.openTheTable"))];
  form.replaceChildren(...parts.filter((part) => part !== null));
  form.onsubmit = async (event) => {
    event.preventDefault();
    const count = counts.length > 1 ? Number(players.value) : game.default_players;
    const seatList = Array.from({ length: count }, (_, seat) => {
      const value = /** @type {HTMLSelectElement} */ (form.elements.namedItem(`seat-${seat}`)).value;
      const cut = value.indexOf(":");
      return cut < 0 ? { kind: value } : { kind: value.slice(0, cut), agent: value.slice(cut + 1) };
    });
    try {
      const { table } = await api.post("/api/tables", {
        game: game.name, options: optionValues(form, game), seats: seatList,
      });
      location.href = `/tables/${table.id}`;
    } catch (problem) {
      toast(messageOf(problem));
    }
  };
}

/**
 * A seat of a listed table: its swatch, its name and who sits there.
 *
 * @param {Table} table
 * @param {number} seat
 * @returns {HTMLElement}
 */
function seatLabel(table, seat) {
  const game = gameByName(table.game);
  const info = table.seats[seat];
  const who = info.kind === "open" ? t("common.openSeat") : playerName(info);
  return h("span", { class: `seat-pill ${info.kind}` },
    h("span", { class: `swatch ${seatClass(game, seat)}`, "aria-hidden": "true" }), `${seatName(game, seat)}: `, h("b", {}, who));
}

/**
 * An open or running table of the list, with its join, play or watch buttons.
 *
 * @param {Table} table
 * @returns {HTMLElement}
 */
function tableRow(table) {
  const user = currentUser();
  const mine = user && table.seats.some((s) => s.user_id === user.id);
  const actions = [];
  if (table.status === "open" && user && !mine) {
    for (const seat of table.seats.filter((s) => s.kind === "open")) {
      actions.push(h("button", {
        class: "primary", dataset: { join: `${table.id}:${seat.seat}` },
        onclick: async () => {
          try {
            await api.post(`/api/tables/${table.id}/join`, { seat: seat.seat });
            location.href = `/tables/${table.id}`;
          } catch (problem) { toast(messageOf(problem)); }
        },
      }, t("common.joinAs", { seat: seatName(gameByName(table.game), seat.seat) })));
    }
  }
  const verb = mine ? t("common.play") : table.status === "open" ? t("common.look") : t("common.watch");
  actions.push(h("a", { class: "button", href: `/tables/${table.id}` }, verb));
  const rules = table.options.advanced ? t("common.advanced") : null;
  const title = gameTitle(gameByName(table.game) || { name: table.game, title: table.title });
  return h("li", { class: `table-row ${table.status}`, dataset: { table: table.id } },
    h("div", { class: "what" },
      h("span", { class: "game" }, title), h("span", { class: "id" }, `#${table.id}`),
      h("span", { class: `pill ${table.status}` }, table.status === "open" ? t("common.waitingForPlayers") : t("common.playing")),
      rules ? h("span", { class: "tag" }, rules) : null),
    h("div", { class: "who" }, table.seats.map((_, seat) => seatLabel(table, seat))),
    h("div", { class: "actions" }, actions));
}

/**
 * A finished table: its result, the replay and the record.
 *
 * @param {Table} table
 * @returns {HTMLElement}
 */
function finishedRow(table) {
  const game = gameByName(table.game);
  /** @param {number} seat */
  const label = (seat) => `${seatName(game, seat)} (${playerName(table.seats[seat])})`;
  const title = gameTitle(game || { name: table.game, title: table.title });
  return h("li", { class: "table-row finished", dataset: { table: table.id } },
    h("div", { class: "what" }, h("span", { class: "game" }, title), h("span", { class: "id" }, `#${table.id}`)),
    h("div", { class: "who" }, resultText(table.returns, label, game)),
    h("div", { class: "actions" },
      h("a", { class: "button", href: `/tables/${table.id}/replay` }, t("common.replay")),
      h("a", { class: "button link", href: `/api/tables/${table.id}/record`, download: "" }, t("common.record"))));
}

/** @param {Table[]} tables - the open and running tables. */
function showTables(tables) {
  landingTables(tables);
  $("tables").replaceChildren(...tables.map(tableRow));
  $("no-tables").hidden = tables.length > 0;
}

/** @param {Table[]} tables - the latest finished tables. */
function showFinished(tables) {
  $("finished").replaceChildren(...tables.map(finishedRow));
  $("no-finished").hidden = tables.length > 0;
}

/** @type {Table[]} */
let lastTables = [];
/** Follow /ws/lobby (reconnecting after 2 s when it closes). */
function watchLobby() {
  const live = $("lobby-live");
  const socket = new WebSocket(socketUrl("/ws/lobby"));
  socket.onopen = () => live.classList.remove("off");
  socket.onmessage = async (event) => {
    const message = JSON.parse(event.data);
    if (message.type !== "lobby") return;
    const finishedBefore = lastTables.length;
    lastTables = message.tables;
    showTables(lastTables);
    if (finishedBefore !== lastTables.length) {
      try {
        showFinished((await api.get("/api/lobby")).finished);
      } catch (problem) {
        toast(messageOf(problem));
      }
    }
  };
  socket.onclose = () => {
    live.classList.add("off");
    setTimeout(watchLobby, 2000);
  };
}

/** @param {User | null} user - only a signed-in user may open a table. */
function showCreate(user) {
  $("create-form").hidden = !user;
  $("create-hint").hidden = Boolean(user);
  showTables(lastTables);
}

async function main() {
  await loadNamespaces("common");
  await setUpHeader();
  const [catalogue, lobby] = await Promise.all([api.get("/api/games"), api.get("/api/lobby")]);
  games = catalogue.games;
  agents = catalogue.agents;
  // The games' namespaces translate their titles, summaries, seats and options (gameText).
  await loadNamespaces(...games.map((g) => g.name));
  document.title = `Connect Arena — ${t("common.lobby")}`;
  setUpLanding(catalogue); // a signed-out visitor sees the landing page (landing.js)
  const form = /** @type {HTMLFormElement} */ ($("create-form"));
  if (games.length) renderForm(form, games.some((g) => g.name === "quinque") ? "quinque" : games[0].name);
  lastTables = lobby.tables;
  showTables(lastTables);
  showFinished(lobby.finished);
  showCreate(currentUser());
  onUserChange(showCreate);
  watchLobby();
}

main().catch((problem) => toast(messageOf(problem)));
