// The replay viewer: a finished table's game or an uploaded record, position by position.

import { api, gameTitle, h, listText, playerName, resultText, rulesHref, seatClass, seatName, toast } from "./api.js";
import { setUpHeader } from "./header.js";
import { loadGameUi } from "./games.js";
import { currentLanguage, eventText, loadNamespaces, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/");
const tableId = parts[1] === "tables" ? Number(parts[2]) : null;
const view = { frames: [], record: null, index: 0, board: null, game: null };

/** A record's player name: the server writes computer seats as "computer (<agent>)". */
function playerText(name) {
  const computer = /^computer \((.+)\)$/.exec(String(name));
  return computer ? playerName({ kind: "computer", agent: computer[1] }) : String(name);
}

function label(seat) {
  return `${seatName(view.game, seat)} (${playerText(view.record.players[seat])})`;
}

function show(index) {
  view.index = Math.max(0, Math.min(index, view.frames.length - 1));
  const frame = view.frames[view.index];
  view.board.update({
    observation: frame.observation, legal: [], seat: null, you: [], toMove: frame.to_move,
    terminal: frame.terminal, returns: frame.returns,
    last: frame.action ? { seq: frame.seq, seat: frame.seat, action: frame.action } : null,
  });
  $("slider").value = String(view.index);
  $("position").textContent = `${view.index} / ${view.frames.length - 1}`;
  $("slider").setAttribute("aria-valuetext", t("common.positionOf", { index: view.index, count: view.frames.length - 1 }));
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

async function open(data) {
  view.frames = data.frames;
  view.record = data.record;
  const catalogue = await api.get("/api/games");
  view.game = catalogue.games.find((g) => g.name === data.record.game) || { name: data.record.game, seat_names: [], title: data.record.game };
  // The game's strings load before its module, so the module can call t() synchronously.
  await loadNamespaces("common", data.record.game);
  const title = gameTitle(view.game);
  $("replay-title").textContent = t("common.replayTitle", { game: title, players: data.record.players.map(playerText).join(" – ") });
  document.title = `Connect Arena — ${t("common.replay")} · ${title}`;
  const rules = rulesHref(view.game, currentLanguage());
  $("rules").replaceChildren(rules ? h("a", { class: "rules-link", href: rules, target: "_blank", rel: "noopener" }, t("common.rulesLink")) : "");
  view.board = await loadGameUi(data.record.game, $("board"), {
    options: data.record.options, geometry: data.game?.geometry, seatNames: view.game.seat_names.map((_, seat) => seatName(view.game, seat)),
    interactive: false, panel: $("game-panel"), onAction: () => {},
  });
  $("moves").replaceChildren(...view.frames.slice(1).map((frame) => {
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
  $("slider").max = String(view.frames.length - 1);
  $("controls").hidden = false;
  show(tableId ? view.frames.length - 1 : 0);
}

function wireControls() {
  $("first").onclick = () => show(0);
  $("previous").onclick = () => show(view.index - 1);
  $("next").onclick = () => show(view.index + 1);
  $("last").onclick = () => show(view.frames.length - 1);
  $("slider").oninput = (event) => show(Number(event.target.value));
  document.addEventListener("keydown", (event) => {
    if (!view.frames.length || event.target.tagName === "INPUT" && event.target.type !== "range") return;
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in moves) show(view.index + moves[event.key]);
    else if (event.key === "Home") show(0);
    else if (event.key === "End") show(view.frames.length - 1);
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
      await open(await api.post("/api/replay", { record }));
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
    await open(await api.get(`/api/tables/${tableId}/replay`));
  } else {
    $("status").textContent = t("common.chooseRecordToReplay");
  }
}

main().catch((problem) => toast(problem.message));
