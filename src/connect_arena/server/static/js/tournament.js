// A tournament's page (/tournaments/{id}): its settings, joining and withdrawing, the creator's
// computers, the current round's tables, the live standings with each player's games, a
// countdown, and the download of every record. Live over /ws/tournaments/{id}
// (docs/tournaments.md, "On the site").

import { api, currentUser, onUserChange } from "./api.js";
import { byId as $, h, messageOf, toast } from "./dom.js";
import { agentLabel, gameTitle, optionLabel, optionValueText, relativeTime, scoreLine, seatClass, seatName } from "./format.js";
import { LiveSocket } from "./socket.js";
import { setUpHeader } from "./header.js";
import { currentLanguage, loadNamespaces, t, tn } from "./i18n.js";
import {
  countdownText, currentTables, entrantName, formatText, gamesOf, numberText, outcomeOf, podiumOf, rankOf,
  registrationOpen, tiebreakHint, tiebreakName, timeControlText,
} from "./tournament-format.js";

/** @typedef {import("./types.js").CatalogueGame} Game */
/** @typedef {import("./types.js").Tournament} Tournament */
/** @typedef {import("./types.js").TournamentEntrant} TournamentEntrant */
/** @typedef {import("./types.js").TournamentGame} TournamentGame */
/** @typedef {import("./types.js").StandingRow} StandingRow */

const tournamentId = Number(location.pathname.split("/")[2]);
/** @type {Tournament | null} */
let current = null;
/** @type {Game[]} */
let games = [];
/** @type {string[]} the computer levels */
let agents = [];
/** @type {Set<number>} the entrants whose games are shown (kept across updates) */
const expanded = new Set();
/** @type {Set<number>} the entrants whose every game is listed (else the last few) */
const listedInFull = new Set();
/** How many of a player's games are listed before "show all" (an arena plays many). */
const LAST_GAMES = 20;
/** The shortest time between two drawings of the page (an arena of computers changes often). */
const REDRAW_MS = 250;

/** @returns {Game | undefined} the tournament's game in the catalogue */
const theGame = () => games.find((g) => g.name === current?.game);

/**
 * An entrant by index.
 *
 * @param {number} index
 * @returns {TournamentEntrant | undefined}
 */
const entrant = (index) => current?.entrants.find((e) => e.index === index);

/** @param {string} name @returns {string} the profile page of a user */
const profileHref = (name) => `/users/${encodeURIComponent(name)}`;

/**
 * An entrant's name with its mark: a computer or a bot; a person's (or a bot's) name links to
 * the profile unless the label sits inside a button (`linked` false).
 *
 * @param {number} index
 * @param {boolean} [linked]
 * @returns {HTMLElement}
 */
function entrantLabel(index, linked = true) {
  const who = entrant(index);
  if (!who) return h("span", {}, `#${index}`);
  const mine = currentUser() && who.user_id === currentUser()?.id;
  const mark = who.agent
    ? h("span", { class: "mark computer", role: "img", title: t("tournaments.computer"), "aria-label": t("tournaments.computer") }, "⚙")
    : who.bot ? h("span", { class: "tag bot" }, t("tournaments.bot")) : null;
  // Issue 27, item 13: names link to profiles.
  const name = who.agent || !linked ? entrantName(who) : h("a", { class: "player-link", href: profileHref(who.name) }, who.name);
  return h("span", { class: `entrant${mine ? " me" : ""}${who.withdrawn ? " withdrawn" : ""}` }, mark, name);
}

/** @returns {string} "Upcoming", "Round 2 of 5", "Finished"... */
function statusText() {
  if (!current) return "";
  if (current.status === "upcoming") return t("tournaments.statusUpcoming");
  if (current.status === "finished") return t("tournaments.statusFinished");
  if (current.status === "cancelled") return t("tournaments.statusCancelled");
  if (current.format === "arena") return t("tournaments.statusRunning");
  return current.round ? t("tournaments.roundOf", { n: current.round, of: current.rounds }) : t("tournaments.statusRunning");
}

/**
 * A `<dt>`/`<dd>` pair of the settings.
 *
 * @param {string} term
 * @param {string | Node} value
 * @returns {HTMLElement[]}
 */
const fact = (term, value) => [h("dt", {}, term), h("dd", {}, value)];

function showSettings() {
  if (!current) return;
  const game = theGame();
  const starts = new Date(current.starts_at);
  const exact = starts.toLocaleString(currentLanguage(), { dateStyle: "medium", timeStyle: "short" });
  // The server keeps every option; the rules that differ from the game's defaults say it all.
  const options = Object.entries(current.options).flatMap(([name, value]) => {
    const spec = game?.options.find((o) => o.name === name);
    if (!game || !spec) return [`${name}: ${value}`];
    return value === spec.default ? [] : [`${optionLabel(game, spec)}: ${optionValueText(game, spec, value)}`];
  });
  $("t-settings").replaceChildren(
    ...fact(t("common.game"), gameTitle(game || { name: current.game, title: current.game })),
    ...fact(t("tournaments.playersPerTable"), String(current.players)),
    ...(options.length ? fact(t("tournaments.gameOptions"), options.join(" · ")) : []),
    ...fact(t("tournaments.timeControl"), timeControlText(current.settings.time_control)),
    ...fact(t("tournaments.format"), formatText(current)),
    ...fact(t("tournaments.startsAt"), h("time", { datetime: current.starts_at }, `${exact} (${relativeTime(current.starts_at)})`)),
    ...fact(t("tournaments.ratedGames"), current.settings.rated ? t("common.yes") : t("common.no")),
    ...(current.min_rated_games ? fact(t("tournaments.minRatedGames"), String(current.min_rated_games)) : []),
    ...(current.format !== "arena" ? fact(t("tournaments.pauseSeconds"), String(current.pause)) : []),
    ...fact(t("tournaments.entrants"), String(current.entrants.filter((e) => !e.withdrawn).length)));
}

/**
 * Join or withdraw, then show the answer.
 *
 * @param {"join" | "withdraw"} what
 */
async function enter(what) {
  try {
    const { tournament } = await api.post(`/api/tournaments/${tournamentId}/${what}`);
    show(tournament);
  } catch (problem) {
    toast(messageOf(problem));
  }
}

function showActions() {
  if (!current) return;
  const user = currentUser();
  const me = user ? current.entrants.find((e) => e.user_id === user.id) : undefined;
  const registered = Boolean(me && !me.withdrawn);
  const parts = [];
  if (registrationOpen(current)) {
    if (!user) parts.push(h("p", { class: "hint", id: "t-sign-in-hint" }, t("tournaments.signInToJoin")));
    else if (user.guest && current.settings.rated) parts.push(h("p", { class: "hint", id: "t-guest-hint" }, t("tournaments.guestsSignUp")));
    else if (registered) {
      parts.push(h("span", { class: "registered", id: "t-registered" }, t("tournaments.youAreIn")),
        h("button", { id: "t-withdraw", type: "button", onclick: () => enter("withdraw") }, t("tournaments.withdraw")));
    } else {
      parts.push(h("button", { class: "primary", id: "t-join", type: "button", onclick: () => enter("join") }, t("tournaments.join")));
    }
  }
  const mine = me ? currentTables(current).find((g) => g.entrants.includes(me.index) && !g.reason) : undefined;
  if (mine) parts.push(h("a", { class: "button primary", id: "t-my-table", href: `/tables/${mine.table_id}` }, t("tournaments.playYourGame")));
  parts.push(h("a", { class: "button link", id: "t-records", href: `/api/tournaments/${tournamentId}/records`, download: "" }, t("tournaments.downloadRecords")));
  $("t-actions").replaceChildren(...parts);
  showComputers(Boolean(user && user.id === current.created_by && current.status === "upcoming"));
}

/** @param {boolean} allowed - the creator, before the start. */
function showComputers(allowed) {
  const form = /** @type {HTMLFormElement} */ ($("t-computers"));
  form.hidden = !allowed;
  if (!allowed || form.childElementCount) return;
  const level = h("select", { id: "t-agent", name: "agent" }, agents.map((a) => h("option", { value: a }, agentLabel(a))));
  const count = h("input", { type: "number", id: "t-count", name: "count", min: 1, max: 64, value: 1 });
  form.replaceChildren(
    h("h3", {}, t("tournaments.addComputers")),
    h("div", { class: "computer-row" },
      h("label", { for: "t-agent" }, t("tournaments.level")), level,
      h("label", { for: "t-count" }, t("tournaments.howMany")), count,
      h("button", { type: "submit", id: "t-add-computers" }, t("tournaments.add"))));
  form.onsubmit = async (event) => {
    event.preventDefault();
    try {
      const { tournament } = await api.post(`/api/tournaments/${tournamentId}/computers`, { agent: level.value, count: Number(count.value) || 1 });
      show(tournament);
    } catch (problem) {
      toast(messageOf(problem));
    }
  };
}

/**
 * A game's result for one entrant: "won", "drew", "lost", "2nd" (several players), "playing".
 *
 * @param {TournamentGame} game
 * @param {number} index
 * @returns {string}
 */
function outcomeText(game, index) {
  if (!game.reason) return t("tournaments.playing");
  if (game.reason === "after_end") return t("tournaments.afterEnd"); // an arena's overtime
  const outcome = outcomeOf(game, index);
  if (outcome === null) return t("tournaments.noResult");
  if (game.no_shows.includes(index)) return t("tournaments.noShow");
  if (game.entrants.length > 2 && outcome !== "draw" && game.returns) {
    return t("tournaments.placeOf", { n: rankOf(game.returns, game.entrants.indexOf(index)), of: game.entrants.length });
  }
  return { win: t("tournaments.won"), draw: t("tournaments.drew"), loss: t("tournaments.lost") }[outcome];
}

/**
 * A table of the current round: its players by seat, its state and the way to watch it.
 *
 * @param {TournamentGame} game
 * @returns {HTMLElement}
 */
function tableItem(game) {
  const info = theGame();
  const user = currentUser();
  const mine = user && game.entrants.some((index) => entrant(index)?.user_id === user.id);
  const verb = game.reason ? t("tournaments.replay") : mine ? t("common.play") : t("common.watch");
  const href = game.reason ? `/tables/${game.table_id}/replay` : `/tables/${game.table_id}`;
  return h("li", { class: `round-table${game.reason ? " over" : ""}${mine ? " mine" : ""}`, dataset: { table: game.table_id } },
    h("a", { class: "table-link", href }, h("span", { class: "id" }, `#${game.table_id}`), h("span", { class: "verb" }, verb)),
    h("ul", { class: "seats-of" }, game.entrants.map((index, seat) => h("li", {},
      h("span", { class: `swatch ${seatClass(info, seat)}`, "aria-hidden": "true", title: seatName(info, seat) }),
      entrantLabel(index),
      game.reason ? h("span", { class: "outcome" }, outcomeText(game, index)) : null))));
}

function showTables() {
  if (!current) return;
  const tables = currentTables(current);
  const heading = current.status !== "running" ? t("tournaments.currentRound")
    : current.format === "arena" ? t("tournaments.gamesInProgress")
      : t("tournaments.roundN", { n: current.round });
  $("round-heading").textContent = heading;
  $("t-tables").replaceChildren(...tables.map(tableItem));
  $("no-tables").hidden = tables.length > 0;
  $("no-tables").textContent = current.status === "upcoming" ? t("tournaments.notStarted")
    : current.status === "running" ? t("tournaments.noTables") : t("tournaments.over");
}

/**
 * An entrant's games and byes, as the expanded part of its standings row.
 *
 * @param {number} index
 * @param {number} columns - the table's width.
 * @returns {HTMLElement}
 */
function gamesRow(index, columns) {
  if (!current) return h("tr");
  const info = theGame();
  const arena = current.format === "arena";
  const all = gamesOf(current, index);
  const shown = listedInFull.has(index) ? all : all.slice(-LAST_GAMES);
  const played = shown.map(({ game, seat, opponents }) => h("li", { dataset: { table: game.table_id } },
    h("span", { class: "round-no" }, arena ? `#${game.table_id}` : t("tournaments.roundShort", { n: game.round })),
    h("span", { class: `swatch ${seatClass(info, seat)}`, title: seatName(info, seat), "aria-hidden": "true" }),
    h("span", { class: "versus" }, t("tournaments.versus"), " ", ...opponents.flatMap((o, i) => [i ? ", " : "", entrantLabel(o)])),
    h("span", { class: "outcome" }, outcomeText(game, index)),
    game.scores ? h("span", { class: "score" }, scoreLine(game.scores, info, seat)) : null,
    h("a", { href: game.reason ? `/tables/${game.table_id}/replay` : `/tables/${game.table_id}` },
      game.reason ? t("tournaments.replay") : t("common.watch"))));
  const byes = current.byes.filter(([, who]) => who === index).map(([round]) => h("li", {},
    h("span", { class: "round-no" }, t("tournaments.roundShort", { n: round })), h("span", {}, t("tournaments.byeGame"))));
  const items = [...played, ...byes];
  const more = all.length > shown.length ? h("button", {
    class: "link small show-all", type: "button", onclick: () => { listedInFull.add(index); showStandings(); },
  }, t("tournaments.showAllGames", { n: all.length })) : null;
  return h("tr", { class: "games-row", dataset: { gamesOf: index } },
    h("td", { colspan: columns }, more,
      items.length ? h("ul", { class: "player-games" }, items) : h("p", { class: "muted" }, t("tournaments.noGamesYet"))));
}

function showStandings() {
  if (!current) return;
  const rows = current.standings;
  const keys = rows.length ? Object.keys(rows[0].tiebreaks) : [];
  const lang = currentLanguage();
  const headings = [
    [t("tournaments.place"), "place"], [t("tournaments.player"), "name"], [t("tournaments.score"), "score"],
    [t("tournaments.winsShort"), "wdl", t("tournaments.winsDrawsLosses")], [t("tournaments.byes"), "byes"],
    ...keys.map((key, i) => [tiebreakName(key), `tb tb-${key}${i ? "" : " tb-first"}`, tiebreakHint(key)]),
  ];
  const columns = headings.length;
  const user = currentUser();
  const body = rows.flatMap((row) => {
    const open = expanded.has(row.entrant);
    const toggle = h("button", {
      class: "link expand", type: "button", "aria-expanded": String(open), dataset: { entrant: row.entrant },
      title: t("tournaments.showGames"), onclick: () => {
        if (expanded.has(row.entrant)) expanded.delete(row.entrant);
        else expanded.add(row.entrant);
        showStandings();
      },
    }, h("span", { class: "caret", "aria-hidden": "true" }, open ? "▾" : "▸"), entrantLabel(row.entrant, false));
    const who = entrant(row.entrant);
    // The name is the button's (it shows the games): the profile is a link beside it.
    const profile = who && !who.agent
      ? h("a", { class: "profile-link", href: profileHref(who.name), title: t("common.profileOf", { name: who.name }) },
        h("span", { "aria-hidden": "true" }, " ↗"), h("span", { class: "visually-hidden" }, t("common.profileOf", { name: who.name })))
      : null;
    const mine = user && row.user_id === user.id;
    const line = h("tr", { class: `standing${mine ? " me" : ""}${row.withdrawn ? " withdrawn" : ""}`, dataset: { entrant: row.entrant } },
      h("td", { class: "place" }, String(row.place)),
      h("td", { class: "name" }, toggle, profile),
      h("td", { class: "score" }, numberText(row.score, lang)),
      h("td", { class: "wdl" }, `${row.wins}/${row.draws}/${row.losses}`),
      h("td", { class: "byes" }, String(row.byes)),
      keys.map((key, i) => h("td", { class: `tb tb-${key}${i ? "" : " tb-first"}` }, numberText(row.tiebreaks[key], lang))));
    return open ? [line, gamesRow(row.entrant, columns)] : [line];
  });
  // What the tie-break columns count, in their order (the headings' titles say it too).
  const note = $("t-tiebreaks-note");
  note.hidden = keys.length === 0;
  note.replaceChildren(t("tournaments.tiebreaksNote"), h("ul", {},
    keys.map((key) => h("li", {}, h("strong", {}, tiebreakName(key)), ` — ${tiebreakHint(key)}`))));
  $("t-standings").replaceChildren(
    h("caption", { class: "visually-hidden" }, t("tournaments.standings")),
    h("thead", {}, h("tr", {}, headings.map(([text, cls, title]) => h("th", { scope: "col", class: cls, title }, text)))),
    h("tbody", {}, body));
}

/** The winner line and the podium of a finished tournament (hidden before). */
function showPodium() {
  if (!current) return;
  const rows = podiumOf(current);
  const box = $("t-podium");
  box.hidden = rows.length === 0;
  if (!rows.length) return box.replaceChildren();
  const lang = currentLanguage();
  const first = rows.filter((row) => row.place === 1).map((row) => entrantName(entrant(row.entrant) || { name: row.name, agent: row.agent }));
  box.replaceChildren(
    h("p", { class: "winner", id: "t-winner" }, tn("tournaments.winner", first.length, { names: first.join(", ") })),
    h("h3", { class: "visually-hidden" }, t("tournaments.podium")),
    h("ol", { class: "podium-list", "aria-label": t("tournaments.podium") }, rows.map((row) => h("li", { class: `place-${row.place}` },
      h("span", { class: "medal" }, String(row.place)), entrantLabel(row.entrant),
      h("span", { class: "score" }, numberText(row.score, lang))))));
}

/** @type {boolean} whether the actions were drawn again at an arena's end */
let endSeen = false;

/** The countdown to the start, or to an arena's end. */
function tick() {
  const box = $("t-countdown");
  if (!current) return;
  const now = Date.now();
  if (current.status === "upcoming") {
    const left = Date.parse(current.starts_at) - now;
    box.textContent = left > 0 ? t("tournaments.startsIn", { time: countdownText(left) }) : t("tournaments.starting");
  } else if (current.status === "running" && current.ends_at) {
    const left = Date.parse(current.ends_at) - now;
    box.textContent = left > 0 ? t("tournaments.endsIn", { time: countdownText(left) }) : "";
    if (left <= 0 && !endSeen) { // no joining or withdrawing after the arena's time
      endSeen = true;
      showActions();
    }
  } else {
    box.textContent = "";
  }
}

/** @param {Tournament} tournament */
function show(tournament) {
  current = tournament;
  document.title = `${tournament.name} — Connect Arena`;
  $("t-title").textContent = tournament.name;
  const status = $("t-status");
  status.textContent = statusText();
  status.className = `pill ${tournament.status}`;
  showSettings();
  showActions();
  showTables();
  showStandings();
  showPodium();
  // The live mark only while something can change.
  $("t-live").hidden = tournament.status === "finished" || tournament.status === "cancelled";
  tick();
}

/** @type {Tournament | null} the latest message not drawn yet */
let pending = null;

/**
 * Draw a tournament from the live feed: at once, or with the next ones at most every
 * REDRAW_MS (the last one wins).
 *
 * @param {Tournament} tournament
 */
function showSoon(tournament) {
  const waiting = pending !== null;
  pending = tournament;
  if (waiting) return;
  setTimeout(() => {
    if (pending) show(pending);
    pending = null;
  }, current ? REDRAW_MS : 0);
}

/** Follow /ws/tournaments/{id} (socket.js reconnects) until the server says there is no such
 * tournament; the "live" mark says whether it is connected. */
function watch() {
  const live = $("t-live");
  let gone = false;
  new LiveSocket(`/ws/tournaments/${tournamentId}`, {
    onMessage: (message) => {
      if (message.type === "tournament") {
        live.classList.remove("off");
        showSoon(message.tournament);
      } else if (message.error?.code === "not_found" || message.code === "not_found") {
        gone = true;
      }
    },
    onClose: () => live.classList.add("off"),
    keepGoing: () => !gone,
  }).start();
}

async function main() {
  await loadNamespaces("common", "tournaments");
  await setUpHeader();
  const [catalogue, answer] = await Promise.all([api.get("/api/games"), api.get(`/api/tournaments/${tournamentId}`)]);
  games = catalogue.games;
  agents = catalogue.agents;
  await loadNamespaces(answer.tournament.game);
  show(answer.tournament);
  onUserChange(() => { if (current) show(current); });
  setInterval(tick, 1000);
  watch();
}

main().catch((problem) => {
  toast(messageOf(problem));
  $("t-title").textContent = messageOf(problem);
});
