// The lobby: create a table, join or watch open and running tables, replay finished games.
//
// The new-table form also chooses the table's settings (docs/lifecycle.md): the clock (none,
// real time with presets from /api/games or custom, turn-based days per move), hints, the
// computer that takes over a leaver's seat, rated or casual. "My tables" lists the user's
// open and running tables, those where it is their turn first. `/?like=<table id>` (a
// finished table's "New game") opens the form filled in like that table.

import { api, currentUser, loadCatalogue, onUserChange } from "./api.js";
import { byId as $, h, messageOf, playerLink, rulesLink, toast } from "./dom.js";
import {
  agentLabel, computerTimesText, gameText, gameTitle, relativeTime, resultText, scoreLine, seatClass,
  seatName, seatPlayerText,
} from "./format.js";
import { LiveSocket } from "./socket.js";
import { setUpHeader } from "./header.js";
import { tutorialLink } from "./tutorial-link.js";
import { currentLanguage, hasKey, loadNamespaces, t, tn } from "./i18n.js";
import { landingTables, setUpLanding } from "./landing.js";
import { optionInput, optionValues } from "./option-fields.js";
import { timeControlText } from "./clock.js";
import { endReasonText, settingsTexts } from "./lifecycle.js";

/** @typedef {import("./types.js").CatalogueGame} Game */
/** @typedef {import("./types.js").OptionSpec} OptionSpec */
/** @typedef {import("./types.js").OptionValue} OptionValue */
/** @typedef {import("./types.js").Table} Table */
/** @typedef {import("./types.js").TableSettings} TableSettings */
/** @typedef {import("./types.js").GameSettingsInfo} GameSettingsInfo */
/** @typedef {import("./types.js").User} User */

/** @type {Game[]} the catalogue (/api/games) */
let games = [];
/** @type {string[]} the computer players, e.g. "mcts:hard" */
let agents = [];
/** @type {GameSettingsInfo} the settings' choices (/api/games `settings`) */
let settingChoices = {};
/** @param {string} name @returns {Game | undefined} */
const gameByName = (name) => games.find((g) => g.name === name);
const VISIBLE_OPTIONS = 3;
/** Where the form keeps its choices for the session (a language change reloads the page). */
const FORM_KEY = "connect-arena-new-table";

/**
 * The form's choices: the game, the player count, each seat, the options that were set and
 * the table's settings.
 * @typedef {{game: string, players: number, seats: string[], options: Record<string, OptionValue>,
 *   settings?: FormSettings}} FormChoices
 */

/**
 * The settings part of the form, as chosen: the clock's kind, the real-time preset ("5+3" or
 * "custom") and custom minutes and seconds, the days per move, hints, take-over level, rated.
 * @typedef {object} FormSettings
 * @property {"unlimited" | "realtime" | "turn"} kind
 * @property {string} preset
 * @property {number} minutes
 * @property {number} increment
 * @property {number} days
 * @property {"auto" | "allowed" | "off"} hints
 * @property {string} takeover
 * @property {boolean} rated
 */

/** @type {FormSettings} a new table's settings until the player changes them */
const DEFAULT_SETTINGS = {
  kind: "unlimited", preset: "5+3", minutes: 5, increment: 3, days: 1, hints: "auto", takeover: "mcts:normal", rated: false,
};
const PRESETS = [[3, 2], [5, 3], [10, 5], [15, 10]];
const TURN_DAYS = [1, 2, 3, 5, 7];
const TAKEOVER_LEVELS = ["mcts:easy", "mcts:normal", "mcts:hard"];

/** @returns {string[]} the real-time presets as "minutes+seconds". */
const presets = () => (settingChoices.realtime_presets || PRESETS).map(([m, i]) => `${m}+${i}`);

/**
 * The form's settings of an existing table ("New game" after it).
 *
 * @param {TableSettings | undefined} settings
 * @returns {FormSettings}
 */
function formSettingsOf(settings) {
  if (!settings) return { ...DEFAULT_SETTINGS };
  const control = settings.time_control || { kind: "unlimited" };
  const chosen = { ...DEFAULT_SETTINGS, hints: settings.hints, takeover: settings.takeover, rated: settings.rated, kind: control.kind };
  if (control.kind === "realtime") {
    const minutes = (control.base || 0) / 60;
    const preset = `${minutes}+${control.increment || 0}`;
    Object.assign(chosen, presets().includes(preset)
      ? { preset }
      : { preset: "custom", minutes, increment: control.increment || 0 });
  }
  if (control.kind === "turn") chosen.days = control.days || 1;
  return chosen;
}

/**
 * The input of a settings' field by its name.
 *
 * @param {HTMLFormElement} form
 * @param {string} name
 * @returns {HTMLInputElement | HTMLSelectElement | null}
 */
const field = (form, name) => /** @type {HTMLInputElement | HTMLSelectElement | null} */ (form.elements.namedItem(name));

/**
 * The settings as the form shows them now (the fields not shown keep `kept`'s values).
 *
 * @param {HTMLFormElement} form
 * @param {FormSettings} kept
 * @returns {FormSettings}
 */
function formSettings(form, kept) {
  const value = (/** @type {string} */ name, /** @type {string} */ otherwise) => field(form, name)?.value ?? otherwise;
  const rated = field(form, "rated");
  return {
    kind: /** @type {FormSettings["kind"]} */ (value("time-kind", kept.kind)),
    preset: value("time-preset", kept.preset),
    minutes: Number(value("time-minutes", String(kept.minutes))),
    increment: Number(value("time-increment", String(kept.increment))),
    days: Number(value("time-days", String(kept.days))),
    hints: /** @type {FormSettings["hints"]} */ (value("hints", kept.hints)),
    takeover: value("takeover", kept.takeover),
    rated: rated instanceof HTMLInputElement ? rated.checked : kept.rated,
  };
}

/**
 * The `settings` of POST /api/tables from the form's settings.
 *
 * @param {FormSettings} chosen
 * @returns {import("./types.js").SettingsChoice}
 */
function tableSettings(chosen) {
  /** @type {import("./types.js").TimeControlChoice} */
  let control = { kind: "unlimited" };
  if (chosen.kind === "realtime") {
    const [minutes, increment] = chosen.preset === "custom"
      ? [chosen.minutes, chosen.increment]
      : chosen.preset.split("+").map(Number);
    control = { kind: "realtime", base: Math.round(minutes * 60), increment };
  } else if (chosen.kind === "turn") {
    control = { kind: "turn", days: chosen.days };
  }
  return {
    time_control: control, hints: chosen.rated && chosen.hints === "allowed" ? "auto" : chosen.hints,
    takeover: chosen.takeover, rated: chosen.rated,
  };
}

/**
 * A labelled list of the settings part.
 *
 * @param {string} id
 * @param {string} text
 * @param {[string, string][]} values - [value, label].
 * @param {string} current
 * @param {string[]} [disabled]
 * @returns {HTMLElement}
 */
function settingChoice(id, text, values, current, disabled = []) {
  return h("div", { class: "option choice" }, h("label", { for: id }, text),
    h("select", { id, name: id }, values.map(([value, label]) =>
      h("option", { value, selected: value === current, disabled: disabled.includes(value) }, label))));
}

/**
 * A labelled number of the settings part.
 *
 * @param {string} id
 * @param {string} text
 * @param {number} value
 * @returns {HTMLElement}
 */
function settingNumber(id, text, value) {
  return h("div", { class: "option number" }, h("label", { for: id }, text),
    h("input", { type: "number", id, name: id, value, min: 0, max: 180, step: 1, required: true }));
}

/**
 * The settings part of the form: the clock's fields for its kind, hints, the take-over level
 * (with more than two players: it plays a leaver's seat on), rated, and without a clock what
 * bounds the game.
 *
 * @param {FormSettings} chosen
 * @param {number} players
 * @param {Game} game
 * @returns {(HTMLElement | null)[]}
 */
function settingsPart(chosen, players, game) {
  const clock = [settingChoice("time-kind", t("common.clock"), [
    ["unlimited", t("common.noClock")], ["realtime", t("common.clockRealtime")], ["turn", t("common.clockTurn")],
  ], chosen.kind)];
  if (chosen.kind === "realtime") {
    clock.push(settingChoice("time-preset", t("common.clockPreset"),
      [...presets().map((preset) => /** @type {[string, string]} */ ([preset, preset])), ["custom", t("common.clockCustom")]],
      presets().includes(chosen.preset) ? chosen.preset : "custom"));
    if (!presets().includes(chosen.preset)) {
      clock.push(settingNumber("time-minutes", t("common.clockMinutes"), chosen.minutes),
        settingNumber("time-increment", t("common.clockIncrement"), chosen.increment));
    }
  } else if (chosen.kind === "turn") {
    const days = settingChoices.turn_days || TURN_DAYS;
    clock.push(settingChoice("time-days", t("common.clockDays"),
      days.map((n) => [String(n), tn("common.daysPerMove", n)]), String(chosen.days)));
  }
  const levels = settingChoices.takeover_levels || TAKEOVER_LEVELS;
  const rated = h("input", { type: "checkbox", id: "rated", name: "rated", checked: chosen.rated });
  return [
    h("h3", {}, t("common.clockAndFairPlay")),
    h("div", { class: "options" },
      clock,
      settingChoice("hints", t("common.hintsSetting"), [
        ["auto", t("common.hintsAuto")], ["allowed", t("common.hintsAllowed")], ["off", t("common.hintsOff")],
      ], chosen.rated && chosen.hints === "allowed" ? "auto" : chosen.hints, chosen.rated ? ["allowed"] : []),
      players > 2
        ? settingChoice("takeover", t("common.takeoverSetting"),
          levels.map((level) => [level, t("common.seatComputer", { agent: agentLabel(level) })]), chosen.takeover)
        : null,
      h("div", { class: "option bool" }, rated, h("label", { for: "rated" }, t("common.ratedSetting")))),
    chosen.kind === "unlimited" ? antiEndlessNote(game) : null];
}

/**
 * What bounds a game without a clock (Connect 5's ``idle_limit``, an option the form does not
 * offer): "Without a clock, a round ends after 200 turns…", from the game's texts; null for
 * games whose rules end every game.
 *
 * @param {Game} game
 * @returns {HTMLElement | null}
 */
function antiEndlessNote(game) {
  const option = game.game_type?.anti_endless_option;
  const limit = game.game_type?.anti_endless_default;
  const key = `${game.name}.antiEndlessNote`;
  if (typeof option !== "string" || typeof limit !== "number" || !hasKey(key)) return null;
  return h("p", { class: "hint anti-endless", id: "anti-endless-note" }, t(key, { n: limit }));
}

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
  return { game: game.name, players, seats, options: optionValues(form, game), settings: formSettings(form, keptSettings) };
}

/** @type {FormSettings} the settings chosen last (the fields not shown keep theirs) */
let keptSettings = { ...DEFAULT_SETTINGS };

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
  keptSettings = { ...DEFAULT_SETTINGS, ...(kept?.settings || keptSettings) };
  const settings = h("div", { class: "settings-part" }, settingsPart(keptSettings, start, game));
  const remember = () => sessionStorage.setItem(FORM_KEY, JSON.stringify(currentChoices(form, game, count())));
  /** Show the fields of the chosen clock (and hints allowed only at casual tables). */
  const redrawSettings = () => {
    keptSettings = formSettings(form, keptSettings);
    settings.replaceChildren(...settingsPart(keptSettings, count(), game).filter((part) => part !== null));
  };
  players.addEventListener("change", () => {
    const before = currentChoices(form, game, seats.querySelectorAll("select").length);
    seats.replaceChildren(...seatChoices(game, count(), before.seats));
    rules.replaceChildren(...optionsPart(game, count(), before.options));
    redrawSettings();
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
    keptSettings = formSettings(form, keptSettings);
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
    computerTimesText(game) ? h("p", { class: "hint computer-times" }, computerTimesText(game)) : null,
    rules,
    settings,
    h("button", { class: "primary big", type: "submit", id: "create-table" }, t("common.openTheTable"))];
  form.replaceChildren(...parts.filter((part) => part !== null));
  form.onchange = (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    if (["time-kind", "time-preset", "rated"].includes(target.id)) {
      redrawSettings();
      document.getElementById(target.id)?.focus();
    }
    if (event.target !== gameSelect && event.target !== players) remember();
  };
  form.onsubmit = async (event) => {
    event.preventDefault();
    const seatList = Array.from({ length: count() }, (_, seat) => {
      const value = /** @type {HTMLSelectElement} */ (form.elements.namedItem(`seat-${seat}`)).value;
      const cut = value.indexOf(":");
      return cut < 0 ? { kind: value } : { kind: value.slice(0, cut), agent: value.slice(cut + 1) };
    });
    keptSettings = formSettings(form, keptSettings);
    const chosen = tableSettings(keptSettings);
    const control = chosen.time_control;
    if (control.kind === "realtime" && !control.base && !control.increment) {
      toast(t("common.clockNeedsTime"));
      return;
    }
    try {
      // Like the options, the settings go only when they differ from the defaults.
      const changed = JSON.stringify(chosen) !== JSON.stringify(tableSettings(DEFAULT_SETTINGS));
      const { table } = await api.post("/api/tables", {
        game: game.name, options: optionValues(form, game), seats: seatList, ...(changed ? { settings: chosen } : {}),
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
  const who = info.kind === "open" ? t("common.openSeat") : playerLink(info);
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
      rules ? h("span", { class: "tag" }, rules) : null,
      settingTags(table)),
    h("div", { class: "who" }, table.seats.map((_, seat) => seatLabel(table, seat))),
    h("div", { class: "actions" }, actions));
}

/**
 * A table's settings as tags: the clock, rated or casual, hints allowed or off.
 *
 * @param {Table} table
 * @returns {HTMLElement[]}
 */
function settingTags(table) {
  return settingsTexts(table.settings, timeControlText).map((text, i) =>
    h("span", { class: `tag setting${i === 0 ? " clock-tag" : ""}` }, text));
}

/**
 * A table of "My tables": the game, whether it is the user's turn, the settings, the players
 * and the way to it.
 *
 * @param {Table} table
 * @returns {HTMLElement}
 */
function myTableRow(table) {
  const title = gameTitle(gameByName(table.game) || { name: table.game, title: table.title });
  const state = table.status === "open" ? ["open", t("common.waitingForPlayers")]
    : table.your_turn ? ["your-turn", t("common.yourTurnTitle")] : ["running", t("common.othersTurn")];
  return h("li", { class: `table-row mine ${table.your_turn ? "your-turn" : ""}`, dataset: { mine: table.id } },
    h("div", { class: "what" },
      h("span", { class: "game" }, title), h("span", { class: "id" }, `#${table.id}`),
      h("span", { class: `pill ${state[0]}` }, state[1]), settingTags(table)),
    h("div", { class: "who" }, table.seats.map((_, seat) => seatLabel(table, seat))),
    h("div", { class: "actions" },
      h("a", { class: `button${table.your_turn ? " primary" : ""}`, href: `/tables/${table.id}` }, t("common.play"))));
}

/** @type {number} the last "My tables" request (answers to older ones are dropped) */
let mineAsked = 0;

/** Ask for "My tables" again (signed-in users; on every lobby change). */
async function refreshMine() {
  const asked = ++mineAsked;
  if (!currentUser()) {
    showMine([]);
    return;
  }
  try {
    /** @type {{tables: Table[]}} */
    const answer = await api.get("/api/tables/mine");
    if (asked === mineAsked) showMine(answer.tables || []);
  } catch {
    if (asked === mineAsked) showMine([]); // a server without the list: no section
  }
}

/** @param {Table[]} tables - the user's open and running tables, their turn first. */
function showMine(tables) {
  const sorted = [...tables].sort((a, b) => Number(Boolean(b.your_turn)) - Number(Boolean(a.your_turn)));
  $("my-tables").replaceChildren(...sorted.map(myTableRow));
  $("mine-card").hidden = sorted.length === 0;
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
  const scores = table.scores || [];
  const players = table.seats.map((info, seat) => {
    const won = best !== null && returns[seat] === best && returns.some((r) => r !== best);
    const score = scores[seat] !== undefined ? h("span", { class: "score" }, tn("common.points", scores[seat])) : null;
    const sitter = table.seats[seat];
    const who = sitter?.kind === "human" && sitter.name ? [`${seatName(game, seat)} · `, playerLink(sitter)] : [label(seat)];
    return h("span", { class: `seat-pill${won ? " won" : ""}` },
      h("span", { class: `swatch ${seatClass(game, seat)}`, "aria-hidden": "true" }), ...who, score);
  });
  const when = relativeTime(table.finished_at);
  const ended = table.finished_at ? new Date(table.finished_at).toLocaleString(currentLanguage()) : "";
  return h("li", { class: "table-row finished", dataset: { table: table.id } },
    h("div", { class: "what" }, h("span", { class: "game" }, title), h("span", { class: "id" }, `#${table.id}`),
      when ? h("time", { class: "when muted", datetime: table.finished_at || "", title: ended }, when) : null),
    h("div", { class: "who" }, h("span", { class: "result" },
      [resultText(table.returns, label, game), scoreLine(table.scores, game), endReasonText(table, label)]
        .filter(Boolean).join(" — ")), ...players),
    h("div", { class: "actions" },
      h("a", { class: "button", href: `/tables/${table.id}/replay` }, t("common.replay")),
      h("a", { class: "button link", href: `/api/tables/${table.id}/record`, download: "" }, t("common.record"))));
}

/** @param {Table[]} tables - the open and running tables shown (the live page and more). */
function showTables(tables) {
  landingTables(tables);
  $("tables").replaceChildren(...tables.map(tableRow));
  $("no-tables").hidden = tables.length > 0;
  const more = $("more-tables");
  more.textContent = t("common.moreTables", { shown: tables.length, total: lobbyTotal });
  $("more-tables-row").hidden = tables.length >= lobbyTotal;
}

/** The live page's tables followed by those of the further pages fetched, each table once. */
function shownTables() {
  const seen = new Set(lastTables.map((table) => table.id));
  return [...lastTables, ...morePages.flat().filter((table) => !seen.has(table.id))];
}

/**
 * Further lobby pages (2, 3, …), fetched again so their rows stay current.
 *
 * @param {number} pages - how many pages after the live one.
 * @returns {Promise<Table[][]>}
 */
async function fetchPages(pages) {
  const numbers = Array.from({ length: pages }, (_, i) => i + 2);
  /** @type {{tables: Table[]}[]} */
  const bodies = await Promise.all(numbers.map((page) => api.get(`/api/lobby?page=${page}&per_page=${perPage}`)));
  return bodies.map((body) => body.tables);
}

/** The "more" button: one more page of tables under the live one. */
async function showMore() {
  try {
    morePages = await fetchPages(morePages.length + 1);
    showTables(shownTables());
  } catch (problem) {
    toast(messageOf(problem));
  }
}

/** @param {Table[]} tables - the latest finished tables. */
function showFinished(tables) {
  $("finished").replaceChildren(...tables.map(finishedRow));
  $("no-finished").hidden = tables.length > 0;
}

/** @type {Table[]} the live page (page 1) of open and running tables. */
let lastTables = [];
/** @type {Table[][]} the further pages the "more" button fetched. */
let morePages = [];
/** Open and running tables in all, and the tables on a page (the server's). */
let lobbyTotal = 0;
let perPage = 20;
/**
 * A "lobby" message: the live page of tables; further pages shown are fetched again, and the
 * finished ones when the number of tables changed. Every message also goes to seeks.js (a
 * "lobby-message" DOM event).
 *
 * @param {{type: string, tables?: Table[], total?: number, per_page?: number}} message
 */
async function onLobbyMessage(message) {
  document.dispatchEvent(new CustomEvent("lobby-message", { detail: message })); // seeks.js
  if (message.type !== "lobby" || !message.tables) return;
  const totalBefore = lobbyTotal;
  lastTables = message.tables;
  lobbyTotal = message.total ?? message.tables.length;
  perPage = message.per_page ?? perPage;
  if (morePages.length) {
    try {
      morePages = await fetchPages(morePages.length);
    } catch {
      morePages = []; // shown again with the "more" button
    }
  }
  showTables(shownTables());
  refreshMine();
  if (totalBefore !== lobbyTotal) {
    try {
      showFinished((await api.get("/api/lobby")).finished);
    } catch (problem) {
      toast(messageOf(problem));
    }
  }
}

/** Follow /ws/lobby (socket.js reconnects), the "live" mark saying whether it is connected. */
function watchLobby() {
  const live = $("lobby-live");
  new LiveSocket("/ws/lobby", {
    onMessage: onLobbyMessage,
    onOpen: () => live.classList.remove("off"),
    onClose: () => live.classList.add("off"),
  }).start();
}

/** @param {User | null} user - only a signed-in user may open a table. */
function showCreate(user) {
  $("create-form").hidden = !user;
  $("create-hint").hidden = Boolean(user);
  showTables(shownTables());
  refreshMine();
}

/**
 * The form's choices like a table's ("New game" after it): its game, player count, options and
 * settings; the user's seats are theirs again, computers stay, other people's seats are open.
 *
 * @param {number} id
 * @returns {Promise<FormChoices | null>} null when there is no such table.
 */
async function choicesLike(id) {
  try {
    /** @type {{table: Table}} */
    const { table } = await api.get(`/api/tables/${id}`);
    const game = gameByName(table.game);
    if (!game) return null;
    const user = currentUser();
    const seats = table.seats.map((seat) => {
      if (seat.kind === "computer") return `computer:${seat.agent}`;
      return user && seat.user_id === user.id ? "me" : "open";
    });
    /** @type {Record<string, OptionValue>} */
    const options = {};
    for (const option of game.options) {
      const value = table.options[option.name];
      if (value !== undefined && value !== option.default) options[option.name] = value;
    }
    return { game: table.game, players: table.seats.length, seats, options, settings: formSettingsOf(table.settings) };
  } catch {
    return null;
  }
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
  const [catalogue, lobby] = await Promise.all([loadCatalogue(), api.get("/api/lobby")]);
  games = catalogue.games;
  agents = catalogue.agents;
  // The games' namespaces translate their titles, summaries, seats and options (gameText).
  await loadNamespaces(...games.map((g) => g.name));
  document.title = `Connect Arena — ${t("common.lobby")}`;
  setUpLanding(catalogue); // a signed-out visitor sees the landing page (landing.js)
  settingChoices = catalogue.settings || {};
  const form = /** @type {HTMLFormElement} */ ($("create-form"));
  const like = Number(new URLSearchParams(location.search).get("like"));
  const kept = (like > 0 ? await choicesLike(like) : null) || keptChoices();
  const first = kept && gameByName(kept.game) ? kept.game : games.some((g) => g.name === "quinque") ? "quinque" : games[0]?.name;
  if (first) renderForm(form, first, kept);
  if (like > 0) {
    // The form is filled in like that table: show it, and forget the address (a reload or a
    // language change keeps the choices in the session, not the table's).
    history.replaceState(null, "", "/");
    if (kept) sessionStorage.setItem(FORM_KEY, JSON.stringify(kept));
    $("create").scrollIntoView({ block: "start" });
    document.getElementById("create-table")?.focus({ preventScroll: true });
  }
  lastTables = lobby.tables;
  lobbyTotal = lobby.total;
  perPage = lobby.per_page;
  showTables(lastTables);
  showFinished(lobby.finished);
  showCreate(currentUser());
  onUserChange(showCreate);
  $("more-tables").addEventListener("click", showMore);
  watchLobby();
  // Turns change without lobby messages (moves are not announced there): look again now and then.
  setInterval(refreshMine, 30_000);
}

main().catch((problem) => toast(messageOf(problem)));
