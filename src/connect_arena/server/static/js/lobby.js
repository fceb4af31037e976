// The lobby: create a table, join or watch open and running tables, replay finished games.

import {
  agentLabel, api, byId as $, currentUser, gameText, gameTitle, h, messageOf, onUserChange, optionLabel, optionValueText,
  playerName, relativeTime, resultText, seatClass, seatName, seatPlayerText, socketUrl, toast, rulesLink,
} from "./api.js";
import { setUpHeader } from "./header.js";
import { tutorialLink } from "./tutorial-link.js";
import { currentLanguage, loadNamespaces, t } from "./i18n.js";
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
/** Where the form keeps its choices for the session (a language change reloads the page). */
const FORM_KEY = "connect-arena-new-table";

/**
 * The form's choices: the game, the player count, each seat and the options that were set.
 * @typedef {{game: string, players: number, seats: string[], options: Record<string, OptionValue>}} FormChoices
 */

/** @returns {FormChoices | null} the choices kept from before (this session). */
function keptChoices() {
  try {
    const kept = JSON.parse(sessionStorage.getItem(FORM_KEY) || "null");
    return kept && typeof kept.game === "string" ? kept : null;
  } catch {
    return null;
  }
}

/**
 * The values the form offers for an option at a player count (null: a number field).
 *
 * @param {OptionSpec} option
 * @param {number} players
 * @returns {OptionValue[] | null}
 */
function offeredValues(option, players) {
  if (!option.valid) return null;
  return option.valid[String(players)] || [];
}

/**
 * An option's input and label: a checkbox, a list of the valid choices, or a number field;
 * null when the player count leaves a single valid value (nothing to choose).
 *
 * @param {Game} game
 * @param {OptionSpec} option
 * @param {number} players
 * @param {OptionValue | undefined} kept - the value chosen before, kept when still valid.
 * @returns {HTMLElement | null}
 */
function optionInput(game, option, players, kept) {
  const id = `option-${option.name}`;
  const values = offeredValues(option, players);
  if (values && values.length < 2) return null;
  const current = kept !== undefined && (!values || values.includes(kept)) ? kept : option.default;
  const text = optionLabel(game, option);
  const label = h("label", { for: id }, text);
  if (option.type === "bool") {
    return h("div", { class: "option bool" }, h("input", { type: "checkbox", id, name: option.name, checked: current === true }), label);
  }
  if (values) {
    const select = h("select", { id, name: option.name },
      values.map((value) => h("option", { value: String(value), selected: value === current }, optionValueText(game, option, value))));
    return h("div", { class: "option choice" }, label, select);
  }
  return h("div", { class: "option number" }, label, h("input", {
    type: option.type === "int" ? "number" : "text", id, name: option.name,
    value: current, min: option.minimum, max: option.maximum,
  }));
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
 * @param {string[]} kept - the choices made before, by seat.
 * @returns {HTMLElement[]}
 */
function seatChoices(game, count, kept = []) {
  return Array.from({ length: count }, (_, seat) => {
    const chosen = kept[seat] || (seat === 0 ? "me" : "open");
    const select = h("select", { name: `seat-${seat}`, id: `seat-${seat}` },
      h("option", { value: "me", selected: chosen === "me" }, t("common.seatMe")),
      h("option", { value: "open", selected: chosen === "open" }, t("common.seatOpen")),
      agents.map((agent) => h("option", { value: `computer:${agent}`, selected: chosen === `computer:${agent}` },
        t("common.seatComputer", { agent: agentLabel(agent) }))));
    return h("div", { class: "seat-choice" },
      h("label", { for: `seat-${seat}` }, h("span", { class: `swatch ${seatClass(game, seat)}`, "aria-hidden": "true" }), seatName(game, seat)),
      select);
  });
}

/**
 * "2 players", or "1 player (solo)".
 *
 * @param {number} n
 * @returns {string}
 */
const playersText = (n) => (n === 1 ? t("common.onePlayerSolo") : t("common.nPlayers", { n }));

/**
 * The form's choices as they are now.
 *
 * @param {HTMLFormElement} form
 * @param {Game} game
 * @param {number} players
 * @returns {FormChoices}
 */
function currentChoices(form, game, players) {
  const seats = Array.from({ length: players }, (_, seat) =>
    /** @type {HTMLSelectElement | null} */ (form.elements.namedItem(`seat-${seat}`))?.value || "");
  return { game: game.name, players, seats, options: optionValues(form, game) };
}

/**
 * The rules part of the form for a player count: the first options, the others folded.
 *
 * @param {Game} game
 * @param {number} players
 * @param {Record<string, OptionValue>} kept
 * @returns {HTMLElement[]}
 */
function optionsPart(game, players, kept) {
  const inputs = game.options.filter((o) => o.form !== false)
    .map((o) => optionInput(game, o, players, kept[o.name]))
    .filter((input) => input !== null);
  const visible = inputs.slice(0, VISIBLE_OPTIONS);
  const more = inputs.slice(VISIBLE_OPTIONS);
  return [
    h("h3", {}, t("common.rules")), h("div", { class: "options" }, visible),
    ...(more.length ? [h("details", {}, h("summary", {}, t("common.moreOptions", { n: more.length })),
      h("div", { class: "options" }, more))] : [])];
}

/**
 * The form that opens a table of a game (re-rendered when another game is chosen). The
 * choices are kept for the session, so that a language change (a reload) keeps them.
 *
 * @param {HTMLFormElement} form
 * @param {string} gameName
 * @param {FormChoices | null} kept - the choices to start from (the same game's).
 */
function renderForm(form, gameName, kept = null) {
  const game = gameByName(gameName) || games[0];
  const same = kept && kept.game === game.name ? kept : null;
  const counts = game.player_counts;
  const start = same && counts.includes(same.players) ? same.players : game.default_players;
  const players = h("select", { name: "players", id: "players" },
    counts.map((n) => h("option", { value: n, selected: n === start }, playersText(n))));
  const count = () => Number(players.value) || start;
  const seats = h("div", { class: "seats" }, seatChoices(game, start, same?.seats));
  const rules = h("div", { class: "rules-part" }, optionsPart(game, start, same?.options || {}));
  const remember = () => sessionStorage.setItem(FORM_KEY, JSON.stringify(currentChoices(form, game, count())));
  players.addEventListener("change", () => {
    const before = currentChoices(form, game, seats.querySelectorAll("select").length);
    seats.replaceChildren(...seatChoices(game, count(), before.seats));
    rules.replaceChildren(...optionsPart(game, count(), before.options));
    remember();
  });
  // Hot-seat: the creator takes every seat that is not a computer's, to play them on one device.
  const hotSeat = h("button", { type: "button", class: "small", id: "hot-seat", onclick: () => {
    for (const select of seats.querySelectorAll("select")) {
      if (!select.value.startsWith("computer")) select.value = "me";
    }
    remember();
  } }, t("common.hotSeatButton"));
  const gameSelect = h("select", { name: "game", id: "game" },
    games.map((g) => h("option", { value: g.name, selected: g.name === game.name }, gameTitle(g))));
  gameSelect.addEventListener("change", () => {
    renderForm(form, gameSelect.value);
    sessionStorage.setItem(FORM_KEY, JSON.stringify(currentChoices(form, gameByName(gameSelect.value) || game,
      Number(/** @type {HTMLSelectElement | null} */ (form.elements.namedItem("players"))?.value) || 0)));
  });
  const parts = [
    h("div", { class: "row" }, h("label", { for: "game" }, t("common.game")), gameSelect),
    h("p", { class: "muted summary" }, gameText(game.name, "summary", game.summary), " ",
      rulesLink(game, "lobby-rules-link"), " ", tutorialLink(game, "lobby-tutorial-link")),
    counts.length > 1 ? h("div", { class: "row" }, h("label", { for: "players" }, t("common.players")), players) : null,
    h("h3", {}, t("common.seats")), seats,
    h("p", { class: "hint hot-seat-hint" }, t("common.hotSeatHint"), " ", hotSeat),
    rules,
    h("button", { class: "primary big", type: "submit", id: "create-table" }, t("common.openTheTable"))];
  form.replaceChildren(...parts.filter((part) => part !== null));
  form.onchange = (event) => {
    if (event.target !== gameSelect && event.target !== players) remember();
  };
  form.onsubmit = async (event) => {
    event.preventDefault();
    const seatList = Array.from({ length: count() }, (_, seat) => {
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
 * A finished table: every player (the winners first marked), the scores when the game counts
 * points, when it ended, the result line, the replay and the record.
 *
 * @param {Table} table
 * @returns {HTMLElement}
 */
function finishedRow(table) {
  const game = gameByName(table.game);
  /** @param {number} seat */
  const label = (seat) => seatPlayerText(game, seat, table.seats[seat]);
  const title = gameTitle(game || { name: table.game, title: table.title });
  const returns = table.returns || [];
  const best = returns.length ? Math.max(...returns) : null;
  const scores = game?.game_type?.result === "scores";
  const players = table.seats.map((info, seat) => {
    const won = best !== null && returns[seat] === best && returns.some((r) => r !== best);
    const score = scores && returns[seat] !== undefined ? h("span", { class: "score" }, t("common.points", { n: returns[seat] })) : null;
    return h("span", { class: `seat-pill${won ? " won" : ""}` },
      h("span", { class: `swatch ${seatClass(game, seat)}`, "aria-hidden": "true" }), label(seat), score);
  });
  const when = relativeTime(table.finished_at);
  const ended = table.finished_at ? new Date(table.finished_at).toLocaleString(currentLanguage()) : "";
  return h("li", { class: "table-row finished", dataset: { table: table.id } },
    h("div", { class: "what" }, h("span", { class: "game" }, title), h("span", { class: "id" }, `#${table.id}`),
      when ? h("time", { class: "when muted", datetime: table.finished_at || "", title: ended }, when) : null),
    h("div", { class: "who" }, h("span", { class: "result" }, resultText(table.returns, label, game)), ...players),
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
    document.dispatchEvent(new CustomEvent("lobby-message", { detail: message })); // seeks.js
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

/** What the table page left for the lobby to say (table.js: the table closed when you left). */
const LEFT_NOTICE = "connect-arena-notice";

/** Show (once) the notice a table page left, e.g. "You left table 3 … closed". */
function showNotice() {
  const text = sessionStorage.getItem(LEFT_NOTICE);
  sessionStorage.removeItem(LEFT_NOTICE);
  $("lobby-notice").textContent = text || "";
  $("lobby-notice").hidden = !text;
}

async function main() {
  await loadNamespaces("common");
  await setUpHeader();
  showNotice();
  const [catalogue, lobby] = await Promise.all([api.get("/api/games"), api.get("/api/lobby")]);
  games = catalogue.games;
  agents = catalogue.agents;
  // The games' namespaces translate their titles, summaries, seats and options (gameText).
  await loadNamespaces(...games.map((g) => g.name));
  document.title = `Connect Arena — ${t("common.lobby")}`;
  setUpLanding(catalogue); // a signed-out visitor sees the landing page (landing.js)
  const form = /** @type {HTMLFormElement} */ ($("create-form"));
  const kept = keptChoices();
  const first = kept && gameByName(kept.game) ? kept.game : games.some((g) => g.name === "quinque") ? "quinque" : games[0]?.name;
  if (first) renderForm(form, first, kept);
  lastTables = lobby.tables;
  showTables(lastTables);
  showFinished(lobby.finished);
  showCreate(currentUser());
  onUserChange(showCreate);
  watchLobby();
}

main().catch((problem) => toast(messageOf(problem)));
