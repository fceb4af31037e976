// Playing a puzzle (/puzzles/<game> picks the next one, /puzzles/<game>/<id> a given one): the
// real board of the game's UI module in a puzzle mode and a coach panel (right / wrong with the
// engine's explanation events, the solution, the source game, the next puzzle).
//
// The server checks every action against the proof and plays the opponent's replies
// (POST /api/puzzles/id/<id>/attempt with the mover's accepted actions and the new one,
// service/puzzles.py); the page never parses notation: it shows the state the server sends.

import { api } from "./api.js";
import { byId as $, h, messageOf, rulesLink, toast } from "./dom.js";
import { gameTitle, listText, seatClass, seatName } from "./format.js";
import { setUpHeader } from "./header.js";
import { loadGameUi } from "./games.js";
import { eventText, hasKey, loadNamespaces, t } from "./i18n.js";
import { boardShortcuts, rovingBoard } from "./board-keys.js";
import { renderShell } from "./board-shell.js";
import { taskText } from "./puzzles.js";

/** @typedef {import("./types.js").Board} Board */
/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./types.js").TableState} TableState */
/** @typedef {import("./protocol").PuzzleStart} PuzzleStart */
/** @typedef {import("./protocol").PuzzleProgress} PuzzleProgress */

const parts = location.pathname.split("/");
const gameName = decodeURIComponent(parts[2] || "");
const theme = new URLSearchParams(location.search).get("theme");
const SEEN = "puzzles-seen"; // a guest's passed-over puzzles (this tab)

const page = {
  /** @type {GameInfo | null} */ game: null,
  /** @type {Board | null} */ board: null,
  /** @type {PuzzleProgress | null} */ progress: null,
  /** @type {string[]} the accepted actions (a best roll's partner's too) */ played: [],
  rated: false,
  busy: false,
};

/** @param {number} seat @returns {string} */
const seatText = (seat) => seatName(page.game, seat);

/** @returns {TableState} */
const stateOf = () => /** @type {TableState} */ (/** @type {unknown} */ (page.progress?.state));

/** @returns {string[]} */
function seen() {
  try {
    const value = JSON.parse(sessionStorage.getItem(SEEN) || "[]");
    return Array.isArray(value) ? value.filter((item) => typeof item === "string").slice(-50) : [];
  } catch {
    return [];
  }
}

/** @param {string} id */
function remember(id) {
  const ids = seen().filter((item) => item !== id);
  ids.push(id);
  sessionStorage.setItem(SEEN, JSON.stringify(ids.slice(-50)));
}

/** @param {string} name @returns {string} a theme's name in words. */
const themeText = (name) => (hasKey(`puzzles.theme_${name}`) ? t(`puzzles.theme_${name}`) : name);

/** The theme picker: every theme of the game's puzzles, and "any". */
async function renderThemes() {
  /** @type {import("./protocol").PuzzleOverview} */
  const overview = await api.get("/api/puzzles");
  const entry = overview.games.find((g) => g.game === gameName);
  const link = (/** @type {string | null} */ name) => h("a", {
    class: "button small", href: `/puzzles/${encodeURIComponent(gameName)}${name ? `?theme=${encodeURIComponent(name)}` : ""}`,
    "aria-current": (name ?? null) === theme ? "true" : "false",
  }, name ? themeText(name) : t("puzzles.anyTheme"));
  $("themes").replaceChildren(h("span", { class: "muted" }, t("puzzles.themes"), ": "), link(null), ...(entry?.themes ?? []).map(link),
    h("a", { class: "button small link", href: "/puzzles" }, t("puzzles.back")));
  $("guest-note").hidden = overview.signed_in;
}

/** The coach: the task, right/wrong with the engine's explanation, the rating change, the buttons. */
function renderCoach() {
  const progress = page.progress;
  if (!progress) return;
  const puzzle = progress.puzzle;
  const coach = $("coach");
  coach.dataset.status = progress.status; // for tests
  coach.classList.toggle("finished", progress.status === "solved");
  coach.classList.toggle("failed", progress.status === "failed");
  // A best roll: what "closest to the shared sequence" means, in one sentence.
  $("coach-step").textContent = puzzle.kind === "best-roll" ? `${taskText(puzzle)} ${t("puzzles.bestRollMeasure")}` : taskText(puzzle);
  $("puzzle-meta").textContent = `${t("puzzles.rating", { rating: puzzle.rating })} · ${t("puzzles.difficulty", { n: puzzle.difficulty })}`;
  // one phase or one turn of a pair: nobody replies in between
  const together = puzzle.kind === "best-claim" || puzzle.kind === "best-roll";
  const texts = {
    playing: page.played.length ? t(together ? "puzzles.keepGoingClaim" : "puzzles.keepGoing") : t("puzzles.intro"),
    solved: t("puzzles.solvedText"), failed: t("puzzles.wrong"), solution: t("puzzles.solutionText"),
  };
  const total = progress.total ?? null;
  const measure = progress.measure ?? null;
  const worth = total !== null ? ` ${t("puzzles.bestClaimTotal", { total, next: total - (progress.margin ?? 0) })}`
    : measure !== null ? ` ${t("puzzles.bestRollValue", { answer: measureText(measure), next: measureText(progress.runner_up ?? []) })}` : "";
  $("coach-text").textContent = (texts[/** @type {keyof typeof texts} */ (progress.status)] ?? "") + worth;
  const refusal = progress.refusal;
  const why = $("coach-why");
  why.hidden = !refusal;
  if (refusal) {
    const what = eventText(refusal.event, seatText, listText) || refusal.message || refusal.action;
    why.replaceChildren(h("b", {}, refusal.kind === "illegal" ? t("puzzles.notAllowed") : t("puzzles.wrong")), h("span", {}, what));
  }
  const change = $("puzzle-change");
  change.hidden = progress.status === "playing";
  change.textContent = progress.change
    ? t("puzzles.ratingChange", { before: progress.change.before, after: progress.change.after })
    : t("puzzles.unrated");
  /** @type {HTMLElement[]} */
  const actions = [];
  if (progress.status !== "solution") {
    actions.push(h("button", { class: "small", id: "puzzle-solution", onclick: showSolution }, t("puzzles.viewSolution")));
  }
  if (progress.status === "failed") {
    actions.push(h("button", { class: "small", id: "puzzle-retry", onclick: retry }, t("puzzles.retry")));
  }
  actions.push(h("a", { class: `button ${progress.status === "playing" ? "small" : "primary"}`, id: "puzzle-next", href: `/puzzles/${encodeURIComponent(gameName)}${theme ? `?theme=${encodeURIComponent(theme)}` : ""}` }, t("puzzles.next")));
  $("coach-actions").replaceChildren(...actions);
}

/**
 * A best roll's measure in words: won, matched, placed, pairs (service/puzzles.py).
 *
 * @param {number[]} measure
 * @returns {string}
 */
function measureText(measure) {
  const [won = 0, matched = 0, placed = 0, pairs = 0] = measure;
  const text = t("puzzles.bestRollParts", { matched, placed, pairs });
  return won ? `${t("puzzles.bestRollWon")}, ${text}` : text;
}

/** The source game: a table here (its replay), or the self-play game (its position's record). */
function renderSource() {
  const puzzle = page.progress?.puzzle;
  if (!puzzle) return;
  const source = /** @type {Record<string, any>} */ (puzzle.source);
  const record = `/api/puzzles/id/${encodeURIComponent(puzzle.id)}/record`;
  $("source").replaceChildren(typeof source.table === "number"
    ? h("a", { href: `/tables/${source.table}/replay` }, t("puzzles.sourceTable", { table: source.table }))
    : h("a", { href: record, download: `${puzzle.id}.json`, id: "puzzle-source" }, t("puzzles.sourceSelfPlay", {
      game: source.game ?? "?", seed: source.seed ?? "?", agents: listText((source.agents ?? []).map(String)), ply: source.ply ?? "?",
    })));
}

/** The moves since the position (the opponent's last first). */
function renderMoves() {
  const moves = page.progress?.moves ?? [];
  $("moves").replaceChildren(...moves.map((move) => h("li",
    { value: move.seq, class: seatClass(page.game, move.seat) },
    h("span", { class: "move-text" }, eventText(move.event, seatText, listText) || move.action))));
}

/** The board, the status line and the pass button (the board shell the tutorials use). */
function renderBoard() {
  const progress = page.progress;
  if (!progress || !page.board) return;
  const state = stateOf();
  // The seats the player holds: the mover, and in a best roll the partner too (the pair
  // cooperates: whoever the engine asks acts).
  const you = state.you?.length ? state.you : [progress.puzzle.mover];
  renderShell({
    board: page.board, state, you, seat: state.to_move.find((s) => you.includes(s)) ?? progress.puzzle.mover,
    over: progress.status !== "playing", last: progress.moves.at(-1), seatText, onPass: (pass) => attempt(pass),
  });
}

function renderAll() {
  renderBoard();
  renderCoach();
  renderSource();
  renderMoves();
}

/**
 * Send the chosen action to the server, which checks it against the proof.
 *
 * @param {string} action
 */
async function attempt(action) {
  const progress = page.progress;
  if (page.busy || !progress || progress.status !== "playing") return;
  page.busy = true;
  try {
    /** @type {PuzzleProgress} */
    const next = await api.post(`/api/puzzles/id/${encodeURIComponent(progress.puzzle.id)}/attempt`, { played: page.played, attempt: action });
    if (next.accepted) page.played.push(next.accepted);
    page.progress = next;
    if (next.status !== "playing") remember(next.puzzle.id);
  } catch (problem) {
    toast(messageOf(problem));
  } finally {
    page.busy = false;
  }
  renderAll();
}

/** Show the answer line (for an account that had not finished the puzzle: a failed attempt). */
async function showSolution() {
  const progress = page.progress;
  if (!progress) return;
  page.progress = await api.post(`/api/puzzles/id/${encodeURIComponent(progress.puzzle.id)}/solution`, {});
  remember(progress.puzzle.id);
  renderAll();
}

/** Play the same puzzle again from its position (unrated now). */
async function retry() {
  const progress = page.progress;
  if (!progress) return;
  /** @type {PuzzleStart} */
  const start = await api.get(`/api/puzzles/id/${encodeURIComponent(progress.puzzle.id)}`);
  page.played = [];
  page.progress = start.progress;
  renderAll();
}

/** @returns {Promise<PuzzleStart | null>} the puzzle of the address, or the next one. */
async function load() {
  const id = parts[3] ? decodeURIComponent(parts[3]) : null;
  if (id) return api.get(`/api/puzzles/id/${encodeURIComponent(id)}`);
  const query = new URLSearchParams();
  if (theme) query.set("theme", theme);
  for (const item of seen()) query.append("skip", item);
  try {
    return await api.get(`/api/puzzles/${encodeURIComponent(gameName)}/next?${query}`);
  } catch {
    return null;
  }
}

async function main() {
  await loadNamespaces("common", "puzzles");
  boardShortcuts(rovingBoard($("board")));
  await setUpHeader();
  /** @type {{games: GameInfo[]}} */
  const catalogue = await api.get("/api/games");
  const game = catalogue.games.find((g) => g.name === gameName);
  if (!game) {
    $("coach-text").textContent = t("puzzles.none");
    return;
  }
  page.game = game;
  await loadNamespaces("common", "puzzles", game.name);
  const title = `${t("puzzles.title")} — ${gameTitle(game)}`;
  $("puzzle-title").textContent = title;
  document.title = `Connect Arena — ${title}`;
  $("head-links").replaceChildren(rulesLink(game) || "");
  await renderThemes();
  const start = await load();
  if (!start) {
    $("coach-text").textContent = t("puzzles.noneLeft");
    $("coach-actions").replaceChildren(h("a", { class: "button", href: "/puzzles" }, t("puzzles.back")));
    return;
  }
  page.rated = start.rated;
  page.board = await loadGameUi(game.name, $("board"), {
    options: start.info.options, geometry: start.info.geometry,
    seatNames: game.seat_names.map((_, seat) => seatText(seat)),
    interactive: true, panel: $("game-panel"), onAction: (action) => { attempt(action); },
  });
  page.progress = start.progress;
  renderAll();
}

main().catch((problem) => toast(messageOf(problem)));
