// A guided first game (/tutorial/<game>): the real board of the game's UI module and a coach
// panel that says what to do and why, step by step.
//
// The server holds the script and checks every action with the engine
// (GET /api/tutorials/<game>/steps?played=…&attempt=…, service/tutorials.py): the page sends
// the actions accepted so far and the new one; a refused action changes nothing and the coach
// explains it (the step's explanation for a legal but unexpected action, the engine's own
// reason for an illegal one). Nothing is stored: reloading starts again.

import { api } from "./api.js";
import { byId as $, h, messageOf, rulesLink, toast } from "./dom.js";
import { gameTitle, listText, seatClass, seatName } from "./format.js";
import { setUpHeader } from "./header.js";
import { loadGameUi } from "./games.js";
import { eventText, loadNamespaces, t } from "./i18n.js";
import { boardShortcuts, rovingBoard } from "./board-keys.js";
import { renderShell } from "./board-shell.js";

/** @typedef {import("./types.js").Board} Board */
/** @typedef {import("./types.js").GameEvent} GameEvent */
/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./types.js").TableState} TableState */

/**
 * Why an action was refused (service/tutorials.py Refusal).
 * @typedef {object} Refusal
 * @property {"illegal" | "unexpected"} kind
 * @property {string} action
 * @property {string} explanation - a key of the tutorial namespace (unexpected).
 * @property {string} message - the engine's English reason (illegal).
 * @property {GameEvent | null} event - the engine's reason as an event (illegal).
 */

/**
 * The tutorial's game: its options and geometry (service.messages.game_info).
 * @typedef {{num_players: number, options: Record<string, any>, geometry: any}} TutorialInfo
 */

/**
 * Where the player stands (service/tutorials.py Progress.to_json).
 * @typedef {object} Progress
 * @property {number} seat
 * @property {number} step
 * @property {number} steps
 * @property {string} message
 * @property {string[]} expect
 * @property {boolean} finished
 * @property {string | null} accepted
 * @property {Refusal | null} refusal
 * @property {TableState} state
 * @property {{seq: number, seat: number, action: string, event: GameEvent}[]} moves
 */

const gameName = decodeURIComponent(location.pathname.split("/")[2] || "");
const page = {
  /** @type {GameInfo | null} */ game: null,
  /** @type {Board | null} */ board: null,
  /** @type {Progress | null} */ progress: null,
  /** @type {string[]} the actions accepted so far */ played: [],
  /** @type {Refusal | null} */ refusal: null,
  /** @type {TutorialInfo | null} the game's options and geometry */ info: null,
  /** the key of the text shown before the first step */ intro: "",
  busy: false,
};

/** @param {number} seat @returns {string} */
const seatText = (seat) => seatName(page.game, seat);

/**
 * A step's text, with the line that says why when the last try was refused.
 *
 * @param {Refusal} refusal
 * @returns {HTMLElement[]}
 */
function whyText(refusal) {
  if (refusal.kind === "unexpected") {
    return [h("b", {}, t("tutorial.notThisOne")), h("span", {}, t(`tutorial.${refusal.explanation}`))];
  }
  const reason = eventText(refusal.event, seatText, listText) || refusal.message;
  return [h("b", {}, t("tutorial.notAllowed")), h("span", {}, reason), h("span", {}, " ", t("tutorial.tryAgain"))];
}

/** The coach panel: step n of m, what to do and why, and the explanation of a refusal. */
function renderCoach() {
  const progress = page.progress;
  if (!progress) return;
  const coach = $("coach");
  coach.classList.toggle("finished", progress.finished);
  coach.dataset.step = String(progress.step); // for tests: the step shown
  $("coach-step").textContent = progress.finished
    ? t("tutorial.finished")
    : t("tutorial.stepOf", { n: progress.step + 1, total: progress.steps });
  $("coach-progress").replaceChildren(...Array.from({ length: progress.steps }, (_, i) =>
    h("span", { class: i < progress.step ? "done" : i === progress.step ? "now" : "" })));
  const intro = $("coach-intro");
  intro.hidden = !(progress.step === 0 && page.intro);
  intro.textContent = intro.hidden ? "" : t(`tutorial.${page.intro}`);
  $("coach-text").textContent = t(`tutorial.${progress.message}`);
  const why = $("coach-why");
  why.hidden = page.refusal === null;
  why.replaceChildren(...(page.refusal ? whyText(page.refusal) : []));
  /** @type {HTMLElement[]} */
  const actions = [h("button", { class: "small", id: "tutorial-restart", onclick: restart }, t("tutorial.restart"))];
  if (progress.finished) {
    actions.unshift(h("a", { class: "button primary", id: "tutorial-play", href: "/" }, t("tutorial.playNow")));
  }
  $("coach-actions").replaceChildren(...actions);
}

/** The seats: the player and the computer (or the partner). */
function renderSeats() {
  const progress = page.progress;
  if (!progress || !page.game) return;
  const count = countSeats();
  const toMove = progress.state.terminal ? [] : progress.state.to_move;
  $("seats").replaceChildren(...Array.from({ length: count }, (_, seat) => h("li",
    { class: `seat ${toMove.includes(seat) ? "to-move" : ""} ${seat === progress.seat ? "mine" : ""}` },
    h("span", { class: `swatch big ${seatClass(page.game, seat)}`, "aria-hidden": "true" }),
    h("div", { class: "seat-text" }, h("b", {}, seatText(seat)), " · ",
      seat === progress.seat ? t("tutorial.you") : t("tutorial.computer")))));
}

/** @returns {number} the number of seats of the tutorial's game. */
function countSeats() {
  return page.info?.num_players ?? 1;
}

/** The moves so far, in words. */
function renderMoves() {
  const moves = page.progress?.moves ?? [];
  const list = $("moves");
  list.replaceChildren(...moves.map((move) => h("li",
    { value: move.seq, class: move.seat < 0 ? "chance" : seatClass(page.game, move.seat) },
    h("span", { class: "move-text" }, eventText(move.event, seatText, listText) || move.action))));
  list.scrollTop = list.scrollHeight;
}

/** The board, the status line and the pass button. */
function renderBoard() {
  const progress = page.progress;
  if (!progress || !page.board) return;
  renderShell({
    board: page.board, state: progress.state, you: [progress.seat], seat: progress.seat,
    over: progress.finished, last: progress.moves.at(-1), seatText, onPass: (pass) => attempt(pass),
    hint: progress.expect[0] ?? null, expected: progress.expect, shortcut: "E",
  });
}

/**
 * Mark the controls that play the expected action (class "tutorial-expected"): those a board
 * names by the action's notation (`data-action`, `data-claim`) and what it draws for the
 * suggestion it is given (board.update's `hint`: `data-hint`, e.g. Quinque's ring, the dot a
 * Connect 5 move starts from). The page compares notations whole and never parses them.
 */
function markExpected() {
  for (const node of document.querySelectorAll(".tutorial-expected")) node.classList.remove("tutorial-expected");
  const action = page.progress?.expect[0];
  if (!action || page.progress?.finished) return;
  const quoted = JSON.stringify(action);
  const selectors = [`[data-action=${quoted}]`, `[data-claim=${quoted}]`, `[data-hint=${quoted}]`];
  for (const node of $("main").querySelectorAll(selectors.join(", "))) node.classList.add("tutorial-expected");
}

/** Mark the expected action again whenever the board redraws a part of itself (a Connect 5
 * bar showing "Stack…" once a token is chosen). */
function watchBoard() {
  const observer = new MutationObserver((changes) => {
    if (changes.some((change) => change.type === "childList")) markExpected();
  });
  for (const id of ["board", "controls"]) observer.observe($(id), { childList: true, subtree: true });
}

function renderAll() {
  renderBoard();
  markExpected();
  renderCoach();
  renderSeats();
  renderMoves();
}

/**
 * Ask the server about the actions so far and, optionally, a new one.
 *
 * @param {string | null} action
 * @returns {Promise<Progress>}
 */
function ask(action) {
  const query = new URLSearchParams();
  for (const text of page.played) query.append("played", text);
  if (action !== null) query.append("attempt", action);
  return api.get(`/api/tutorials/${encodeURIComponent(gameName)}/steps?${query}`);
}

/**
 * The player chose `action` on the board: check it with the engine through the server.
 *
 * @param {string} action
 */
async function attempt(action) {
  if (page.busy || !page.progress || page.progress.finished) return;
  page.busy = true;
  try {
    const progress = await ask(action);
    page.refusal = progress.refusal;
    if (progress.accepted) {
      page.played.push(progress.accepted);
      remember();
    }
    page.progress = progress;
  } catch (problem) {
    toast(messageOf(problem));
  } finally {
    page.busy = false;
  }
  renderAll();
  if (page.refusal) $("coach-why").scrollIntoView({ block: "nearest" });
}

/** Start again from the first step. */
async function restart() {
  page.played = [];
  remember();
  page.refusal = null;
  page.progress = await ask(null);
  renderAll();
}

/** Keep the accepted actions in the address (#…), so that a reload or a change of language
 * (which reloads the page) goes on where the player was. */
function remember() {
  const hash = page.played.length ? `#${encodeURIComponent(JSON.stringify(page.played))}` : "";
  history.replaceState(null, "", `${location.pathname}${location.search}${hash}`);
}

/** @returns {string[]} the accepted actions the address remembers (none if it holds nothing valid). */
function remembered() {
  try {
    const value = JSON.parse(decodeURIComponent(location.hash.slice(1)) || "[]");
    return Array.isArray(value) && value.every((item) => typeof item === "string") ? value : [];
  } catch {
    return [];
  }
}

async function main() {
  await loadNamespaces("common", "tutorial");
  boardShortcuts(rovingBoard($("board")));
  await setUpHeader();
  /** @type {{games: GameInfo[]}} */
  const catalogue = await api.get("/api/games");
  const game = catalogue.games.find((g) => g.name === gameName);
  /** @type {{intro: string, info: TutorialInfo, progress: Progress}} */
  let tutorial;
  try {
    tutorial = await api.get(`/api/tutorials/${encodeURIComponent(gameName)}`);
  } catch {
    $("coach-text").textContent = t("tutorial.none"); // no such game, or no tutorial for it
    $("coach-step").textContent = "";
    return;
  }
  if (!game) return;
  page.game = game;
  page.info = tutorial.info;
  page.intro = tutorial.intro;
  await loadNamespaces("common", "tutorial", game.name);
  const title = gameTitle(game);
  $("tutorial-title").textContent = t("tutorial.titleFor", { game: title });
  document.title = `Connect Arena — ${t("tutorial.titleFor", { game: title })}`;
  $("head-links").replaceChildren(rulesLink(game) || "");
  page.board = await loadGameUi(game.name, $("board"), {
    options: tutorial.info.options, geometry: tutorial.info.geometry,
    seatNames: game.seat_names.map((_, seat) => seatText(seat)),
    interactive: true, panel: $("game-panel"), onAction: (action) => { attempt(action); },
  });
  page.progress = tutorial.progress;
  page.played = remembered();
  if (page.played.length) {
    try {
      page.progress = await ask(null);
    } catch {
      page.played = []; // not this tutorial's actions (an old or edited address): start afresh
      remember();
    }
  }
  renderAll();
  watchBoard();
}

main().catch((problem) => toast(messageOf(problem)));
