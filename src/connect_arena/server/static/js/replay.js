// The replay viewer: a finished table's game or an uploaded record, position by position.
//
// The server answers with the record, the number of positions, each action's seat and
// description, and the first and last frames; other frames are fetched in pages of 100
// (`?from=&to=`) when they are shown.

import { api } from "./api.js";
import { byId as $, h, messageOf, rulesLink, scrollWithin, toast } from "./dom.js";
import { gameTitle, listText, recordPlayerName, resultText, seatClass, seatName } from "./format.js";
import { setUpHeader } from "./header.js";
import { loadGameUi } from "./games.js";
import { eventText, loadNamespaces, t } from "./i18n.js";

/** @typedef {import("./types.js").Board} Board */
/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./types.js").GameRecord} GameRecord */
/** @typedef {import("./types.js").Replay} Replay */
/** @typedef {import("./types.js").ReplayFrame} ReplayFrame */
/** @typedef {(from: number, to: number) => Promise<{frames: ReplayFrame[]}>} FetchPage */

const parts = location.pathname.split("/");
const tableId = parts[1] === "tables" ? Number(parts[2]) : null;
const PAGE = 100;
/**
 * @type {{frames: Map<number, ReplayFrame>, pages: Map<number, Promise<void>>, positions: number,
 *   record: GameRecord | null, index: number, board: Board | null, game: GameInfo | null,
 *   fetchPage: FetchPage | null}}
 */
const view = {
  frames: new Map(), // frame by position index
  pages: new Map(), // page start -> its request (once per page)
  positions: 0, record: null, index: 0, board: null, game: null, fetchPage: null,
};

/**
 * The frame at `index`, fetching its page if needed.
 *
 * @param {number} index
 * @returns {Promise<ReplayFrame | undefined>}
 */
async function frameAt(index) {
  if (view.frames.has(index)) return view.frames.get(index);
  const start = Math.floor(index / PAGE) * PAGE;
  const fetchPage = view.fetchPage;
  if (!view.pages.has(start) && fetchPage) {
    const request = fetchPage(start, Math.min(start + PAGE - 1, view.positions - 1)).then((page) => {
      for (const frame of page.frames) view.frames.set(frame.seq, frame);
    });
    request.catch(() => view.pages.delete(start)); // a failed page may be asked again
    view.pages.set(start, request);
  }
  await view.pages.get(start);
  return view.frames.get(index);
}

/** @returns {HTMLInputElement} the position slider. */
const slider = () => /** @type {HTMLInputElement} */ ($("slider"));

/**
 * A seat in the status line: "Red (Ann)".
 *
 * @param {number} seat
 * @returns {string}
 */
function label(seat) {
  const who = recordPlayerName(view.record?.players[seat]);
  return who ? `${seatName(view.game, seat)} · ${who}` : seatName(view.game, seat);
}

/**
 * Show the position after `index` actions (clamped to the game).
 *
 * @param {number} index
 */
async function show(index) {
  const board = view.board;
  if (!board || !view.positions) return;
  view.index = Math.max(0, Math.min(index, view.positions - 1));
  const wanted = view.index;
  let frame;
  try {
    frame = await frameAt(wanted);
  } catch (problem) {
    toast(messageOf(problem));
    return;
  }
  if (view.index !== wanted || !frame) return; // another position was chosen meanwhile
  board.update({
    observation: frame.observation, legal: [], actions: [], seat: null, you: [], toMove: frame.to_move,
    terminal: frame.terminal, returns: frame.returns,
    last: frame.action ? { seq: frame.seq, seat: frame.seat ?? -1, action: frame.action } : null,
  });
  slider().value = String(view.index);
  $("position").textContent = `${view.index} / ${view.positions - 1}`;
  slider().setAttribute("aria-valuetext", t("common.positionOf", { index: view.index, count: view.positions - 1 }));
  let text;
  if (frame.terminal) {
    const detail = board.resultDetail?.(frame.observation);
    text = `${resultText(frame.returns, label, view.game)}${detail ? ` — ${detail}` : ""}`;
  } else if (view.index === 0) text = t("common.startOfGame");
  else if (!frame.to_move.length) text = t("common.chanceToMove");
  else text = t("common.othersToMove", { seats: listText(frame.to_move.map(label)) });
  $("status").textContent = text;
  $("status").className = `status ${frame.terminal ? "over" : ""}`;
  for (const item of /** @type {HTMLCollectionOf<HTMLLIElement>} */ ($("moves").children)) {
    item.classList.toggle("current", Number(item.value) === view.index);
  }
  scrollWithin($("moves"), $("moves").querySelector(".current"));
}

/**
 * Open a replay: load the game's texts and UI module, list the moves, show a position (the
 * end of a table's game, the start of an uploaded record).
 *
 * @param {Replay} data
 * @param {FetchPage} fetchPage - the frames of positions `from` to `to`.
 */
async function open(data, fetchPage) {
  view.frames = new Map(data.frames.map((frame) => [frame.seq, frame]));
  view.pages = new Map();
  view.positions = data.positions;
  view.fetchPage = fetchPage;
  view.record = data.record;
  const game = data.record.game;
  /** @type {{games: GameInfo[]}} */
  const catalogue = await api.get("/api/games");
  const info = catalogue.games.find((g) => g.name === game) || { name: game, seat_names: [], title: game };
  view.game = info;
  // The game's strings load before its module, so the module can call t() synchronously.
  await loadNamespaces("common", game);
  const title = gameTitle(info);
  $("replay-title").textContent = t("common.replayTitle", { game: title, players: data.record.players.map(recordPlayerName).join(" – ") });
  document.title = `Connect Arena — ${t("common.replay")} · ${title}`;
  $("rules").replaceChildren(rulesLink(info) || "");
  const board = await loadGameUi(game, $("board"), {
    options: data.record.options, geometry: data.game?.geometry, seatNames: info.seat_names.map((_, seat) => seatName(info, seat)),
    interactive: false, panel: $("game-panel"), onAction: () => {},
  });
  view.board = board;
  const moves = data.record.actions.map((entry, i) => ({
    seq: i + 1, seat: data.seats[i] ?? -1, event: data.events[i] ?? null,
    action: typeof entry === "string" ? entry : entry.action,
  }));
  $("moves").replaceChildren(...moves.map((frame) => {
    const seat = frame.seat;
    const action = frame.action;
    const who = seat < 0 ? t("common.chance") : seatName(info, seat);
    // A translated event names its seat itself; other texts get the mover in front.
    const described = eventText(frame.event, (s) => seatName(info, s), listText);
    const text = described || board.describe?.(action, seat) || action;
    return h("li", { value: frame.seq, class: seat < 0 ? "chance" : seatClass(info, seat), tabindex: 0,
      onclick: () => show(frame.seq),
      /** @param {KeyboardEvent} event */
      onkeydown: (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          show(frame.seq);
        }
      } },
    described ? null : h("span", { class: "mover" }, who), described ? null : " ", h("span", { class: "move-text" }, text));
  }));
  slider().max = String(view.positions - 1);
  $("controls").hidden = false;
  await show(tableId ? view.positions - 1 : 0);
}

/**
 * Whether a key press belongs to a form control (typing, choosing), not to the replay.
 *
 * @param {EventTarget | null} target
 * @returns {boolean}
 */
function typingIn(target) {
  if (target instanceof HTMLInputElement) return target.type !== "range";
  return target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement
    || (target instanceof HTMLElement && target.isContentEditable);
}

/** @type {Record<string, number>} */
const ARROWS = { ArrowLeft: -1, ArrowRight: 1 };

function wireControls() {
  $("first").onclick = () => show(0);
  $("previous").onclick = () => show(view.index - 1);
  $("next").onclick = () => show(view.index + 1);
  $("last").onclick = () => show(view.positions - 1);
  slider().oninput = () => show(Number(slider().value));
  document.addEventListener("keydown", (event) => {
    if (!view.positions || typingIn(event.target)) return;
    if (event.key in ARROWS) show(view.index + ARROWS[event.key]);
    else if (event.key === "Home") show(0);
    else if (event.key === "End") show(view.positions - 1);
    else return;
    event.preventDefault();
  });
  const input = /** @type {HTMLInputElement} */ ($("record-file"));
  input.onchange = async () => {
    const file = input.files?.[0];
    $("record-file-name").textContent = file ? file.name : t("common.noFileChosen");
    $("upload-error").textContent = "";
    if (!file) return;
    try {
      const record = JSON.parse(await file.text());
      /** @type {FetchPage} */
      const fetchPage = (from, to) => api.post(`/api/replay?from=${from}&to=${to}`, { record });
      await open(await api.post("/api/replay", { record }), fetchPage);
    } catch (problem) {
      $("upload-error").textContent = problem instanceof SyntaxError ? t("common.notJson") : messageOf(problem);
    }
  };
}

async function main() {
  await loadNamespaces("common");
  await setUpHeader();
  wireControls();
  if (tableId) {
    $("upload").hidden = true;
    $("links").append(
      h("a", { class: "button link", href: `/api/tables/${tableId}/record`, download: "" }, t("common.downloadRecord")),
      h("a", { class: "button link", href: `/tables/${tableId}` }, t("common.backToTable")));
    await open(await api.get(`/api/tables/${tableId}/replay`),
      (from, to) => api.get(`/api/tables/${tableId}/replay?from=${from}&to=${to}`));
  } else {
    $("status").textContent = t("common.chooseRecordToReplay");
  }
}

main().catch((problem) => toast(messageOf(problem)));
