// The replay viewer: a finished table's game or an uploaded record, position by position.
//
// The server answers with the record, the number of positions, each action's seat and
// description, and the first and last frames; other frames are fetched in pages of 100
// (`?from=&to=`) when they are shown.

import { api, gameTitle, h, listText, playerName, resultText, seatClass, seatName, toast } from "./api.js";
import { setUpHeader } from "./header.js";
import { loadGameUi } from "./games.js";
import { currentLanguage, eventText, loadNamespaces, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/");
const tableId = parts[1] === "tables" ? Number(parts[2]) : null;
const PAGE = 100;
const view = {
  frames: new Map(), // frame by position index
  pages: new Map(), // page start -> its request (once per page)
  positions: 0, record: null, index: 0, board: null, game: null,
  fetchPage: null, // (from, to) => Promise of {frames}
};

/** The frame at ``index``, fetching its page if needed. */
async function frameAt(index) {
  if (view.frames.has(index)) return view.frames.get(index);
  const start = Math.floor(index / PAGE) * PAGE;
  if (!view.pages.has(start)) {
    const request = view.fetchPage(start, Math.min(start + PAGE - 1, view.positions - 1)).then((page) => {
      for (const frame of page.frames) view.frames.set(frame.seq, frame);
    });
    request.catch(() => view.pages.delete(start)); // a failed page may be asked again
    view.pages.set(start, request);
  }
  await view.pages.get(start);
  return view.frames.get(index);
}

/** A record's player name: the server writes computer seats as "computer (<agent>)". */
function playerText(name) {
  const computer = /^computer \((.+)\)$/.exec(String(name));
  return computer ? playerName({ kind: "computer", agent: computer[1] }) : String(name);
}

function label(seat) {
  return `${seatName(view.game, seat)} (${playerText(view.record.players[seat])})`;
}

async function show(index) {
  view.index = Math.max(0, Math.min(index, view.positions - 1));
  const wanted = view.index;
  let frame;
  try {
    frame = await frameAt(wanted);
  } catch (problem) {
    toast(problem.message);
    return;
  }
  if (view.index !== wanted || !frame) return; // another position was chosen meanwhile
  view.board.update({
    observation: frame.observation, legal: [], seat: null, you: [], toMove: frame.to_move,
    terminal: frame.terminal, returns: frame.returns,
    last: frame.action ? { seq: frame.seq, seat: frame.seat, action: frame.action } : null,
  });
  $("slider").value = String(view.index);
  $("position").textContent = `${view.index} / ${view.positions - 1}`;
  $("slider").setAttribute("aria-valuetext", t("common.positionOf", { index: view.index, count: view.positions - 1 }));
  let text;
  if (frame.terminal) {
    const detail = view.board.resultDetail?.(frame.observation);
    text = `${resultText(frame.returns, label, view.game)}${detail ? ` — ${detail}` : ""}`;
  } else if (view.index === 0) text = t("common.startOfGame");
  else if (!frame.to_move.length) text = t("common.chanceToMove");
  else text = t("common.othersToMove", { seats: listText(frame.to_move.map(label)) });
  $("status").textContent = text;
  $("status").className = `status ${frame.terminal ? "over" : ""}`;
  for (const item of $("moves").children) {
    item.classList.toggle("current", Number(item.value) === view.index);
  }
  $("moves").querySelector(".current")?.scrollIntoView({ block: "nearest" });
}

async function open(data, fetchPage) {
  view.frames = new Map(data.frames.map((frame) => [frame.seq, frame]));
  view.pages = new Map();
  view.positions = data.positions;
  view.fetchPage = fetchPage;
  view.record = data.record;
  const catalogue = await api.get("/api/games");
  view.game = catalogue.games.find((g) => g.name === data.record.game) || { name: data.record.game, seat_names: [], title: data.record.game };
  // The game's strings load before its module, so the module can call t() synchronously.
  await loadNamespaces("common", data.record.game);
  const title = gameTitle(view.game);
  $("replay-title").textContent = t("common.replayTitle", { game: title, players: data.record.players.map(playerText).join(" – ") });
  document.title = `Connect Arena — ${t("common.replay")} · ${title}`;
  $("rules").replaceChildren(h("a", {
    class: "rules-link", href: `/static/rules/${encodeURIComponent(data.record.game)}.${currentLanguage()}.html`,
    target: "_blank", rel: "noopener",
  }, t("common.rulesLink")));
  view.board = await loadGameUi(data.record.game, $("board"), {
    options: data.record.options, geometry: data.game?.geometry, seatNames: view.game.seat_names.map((_, seat) => seatName(view.game, seat)),
    interactive: false, panel: $("game-panel"), onAction: () => {},
  });
  const moves = data.record.actions.map((entry, i) => ({
    seq: i + 1, seat: data.seats[i], event: data.events[i], action: typeof entry === "string" ? entry : entry.action,
  }));
  $("moves").replaceChildren(...moves.map((frame) => {
    const who = frame.seat === null || frame.seat < 0 ? t("common.chance") : seatName(view.game, frame.seat);
    const text = eventText(frame.event, (s) => seatName(view.game, s), listText) || view.board.describe?.(frame.action, frame.seat) || frame.action;
    const item = h("li", { value: frame.seq, class: frame.seat === null || frame.seat < 0 ? "chance" : seatClass(view.game, frame.seat), tabindex: 0,
      onclick: () => show(frame.seq),
      onkeydown: (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          show(frame.seq);
        }
      } },
    h("span", { class: "mover" }, who), " ", h("span", { class: "move-text" }, text));
    return item;
  }));
  $("slider").max = String(view.positions - 1);
  $("controls").hidden = false;
  await show(tableId ? view.positions - 1 : 0);
}

function wireControls() {
  $("first").onclick = () => show(0);
  $("previous").onclick = () => show(view.index - 1);
  $("next").onclick = () => show(view.index + 1);
  $("last").onclick = () => show(view.positions - 1);
  $("slider").oninput = (event) => show(Number(event.target.value));
  document.addEventListener("keydown", (event) => {
    if (!view.positions || event.target.tagName === "INPUT" && event.target.type !== "range") return;
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in moves) show(view.index + moves[event.key]);
    else if (event.key === "Home") show(0);
    else if (event.key === "End") show(view.positions - 1);
    else return;
    event.preventDefault();
  });
  $("record-file").onchange = async (event) => {
    const file = event.target.files[0];
    $("record-file-name").textContent = file ? file.name : t("common.noFileChosen");
    $("upload-error").textContent = "";
    if (!file) return;
    try {
      const record = JSON.parse(await file.text());
      const fetchPage = (from, to) => api.post(`/api/replay?from=${from}&to=${to}`, { record });
      await open(await api.post("/api/replay", { record }), fetchPage);
    } catch (problem) {
      $("upload-error").textContent = problem instanceof SyntaxError ? t("common.notJson") : problem.message;
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

main().catch((problem) => toast(problem.message));
