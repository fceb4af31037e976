// A live table: seats, the board of the game's UI module, the move list; one WebSocket.
//
// The server is authoritative: the page sends actions in the game's notation with the seq
// they claim, and draws only what the server broadcasts. After a disconnection it reconnects
// with the last seq it has seen and receives what it missed.

import { api, currentUser, h, onUserChange, resultText, seatName, socketUrl, toast } from "./api.js";
import { setUpHeader } from "./header.js";
import { loadGameUi } from "./games.js";

const tableId = Number(location.pathname.split("/")[2]);
const page = {
  table: null, you: [], seq: 0, state: null, moves: [], socket: null, board: null,
  game: null, retry: 500, closed: false,
};

const $ = (id) => document.getElementById(id);
const seatLabel = (seat) => {
  const info = page.table?.seats[seat];
  const name = seatName(page.game, seat);
  return info && info.name ? `${name} (${info.name})` : name;
};

function send(message) {
  if (page.socket?.readyState === WebSocket.OPEN) page.socket.send(JSON.stringify(message));
  else toast("not connected: wait a moment");
}

/** Send an action of the player's seat, claiming the next seq. */
function act(text) {
  send({ type: "action", seq: page.seq + 1, action: text });
}

function mySeatToAct() {
  const state = page.state;
  if (!state) return null;
  const seats = Object.keys(state.legal_actions).map(Number);
  return seats.length ? seats[0] : null;
}

function renderSeats() {
  const user = currentUser();
  const table = page.table;
  const toMove = page.state && !page.state.terminal ? page.state.to_move : [];
  const items = table.seats.map((seat) => {
    const mine = user && seat.user_id === user.id;
    const buttons = [];
    if (table.status === "open" && seat.kind === "open" && user && page.you.length === 0) {
      buttons.push(h("button", { class: "primary small", id: `join-${seat.seat}`,
        onclick: () => api.post(`/api/tables/${tableId}/join`, { seat: seat.seat }).catch((e) => toast(e.message)) }, "Sit here"));
    }
    if (table.status === "open" && mine) {
      buttons.push(h("button", { class: "small", id: `leave-${seat.seat}`,
        onclick: () => api.post(`/api/tables/${tableId}/leave`, { seat: seat.seat }).catch((e) => toast(e.message)) }, "Leave"));
    }
    const detail = page.board?.seatDetail?.(seat.seat);
    const who = seat.kind === "open" ? h("i", {}, "open seat") : seat.name;
    return h("li", { class: `seat ${toMove.includes(seat.seat) ? "to-move" : ""} ${mine ? "mine" : ""}` },
      h("span", { class: `swatch big seat-${seat.seat}` }),
      h("div", { class: "seat-text" },
        h("div", {}, h("b", {}, seatName(page.game, seat.seat)), " · ", who, mine ? h("span", { class: "tag" }, "you") : null),
        detail ? h("div", { class: "muted" }, detail) : null),
      toMove.includes(seat.seat) ? h("span", { class: "turn-dot", title: "to move" }) : null,
      buttons);
  });
  $("seats").replaceChildren(...items);
}

function statusText() {
  const table = page.table;
  const state = page.state;
  if (table.status === "open") {
    const open = table.seats.filter((s) => s.kind === "open").length;
    return [`Waiting for ${open} more player${open > 1 ? "s" : ""}. Share this page's address with a friend.`, "waiting"];
  }
  if (!state) return ["", ""];
  if (state.terminal) {
    const detail = page.board?.resultDetail?.(state.observation) || "";
    return [`${resultText(state.returns, seatLabel)}${detail ? ` — ${detail}` : ""}`, "over"];
  }
  const mine = mySeatToAct();
  if (mine !== null) {
    const hint = page.board?.turnHint?.(state.observation, state.legal_actions[mine]) || "choose an action";
    return [`Your turn (${seatName(page.game, mine)}): ${hint}`, "yours"];
  }
  const others = state.to_move.map(seatLabel).join(" and ");
  const computer = state.to_move.some((s) => table.seats[s]?.kind === "computer");
  return [`${others} to move${computer ? " — the computer is thinking…" : "…"}`, "theirs"];
}

function renderStatus() {
  const [text, kind] = statusText();
  const status = $("status");
  status.textContent = text;
  status.className = `status ${kind}`;
  const controls = [];
  const seat = mySeatToAct();
  if (seat !== null && page.state.legal_actions[seat].includes("pass")) {
    const label = page.board?.passLabel?.(page.state.observation) || "Pass";
    controls.push(h("button", { class: "primary", id: "end-turn", onclick: () => act("pass") }, label));
  }
  $("controls").replaceChildren(...controls);
}

function renderMoves() {
  const list = $("moves");
  list.replaceChildren(...page.moves.map((move) => {
    const who = move.seat < 0 ? "chance" : seatName(page.game, move.seat);
    const text = page.board?.describe?.(move.action, move.seat) || move.action || "(hidden)";
    return h("li", { value: move.seq, class: move.seat < 0 ? "chance" : `seat-${move.seat}` },
      h("span", { class: "mover" }, who), " ", text);
  }));
  list.scrollTop = list.scrollHeight;
  const links = [];
  if (page.table?.status !== "open") {
    links.push(h("a", { class: "button link", href: `/api/tables/${tableId}/record`, id: "download-record" }, "Download the record"));
  }
  if (page.table?.status === "finished") {
    links.push(h("a", { class: "button", href: `/tables/${tableId}/replay`, id: "replay-link" }, "Replay this game"));
  }
  $("links").replaceChildren(...links);
}

function optionSummary() {
  const changed = Object.entries(page.table.options).filter(([name, value]) => {
    const spec = page.game?.options?.find((o) => o.name === name);
    return spec && spec.default !== value;
  });
  if (!changed.length) return "Standard rules";
  return `Rules: ${changed.map(([name, value]) => `${name} = ${value}`).join(", ")}`;
}

function renderWaitingRoom() {
  const copy = h("button", { id: "copy-link", onclick: async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      toast("Link copied: send it to a friend", "info");
    } catch {
      toast(`Send this address to a friend: ${location.href}`, "info");
    }
  } }, "Copy the invitation link");
  $("board").replaceChildren(h("div", { class: "waiting-room" },
    h("h2", {}, page.table.title), h("p", { class: "muted" }, page.game?.summary || ""),
    h("p", { class: "rules" }, optionSummary()),
    h("p", {}, "The game starts as soon as every seat is taken."), copy));
}

function renderAll() {
  if (!page.table) return;
  if (page.table.status === "open") renderWaitingRoom();
  else if (!$("board").querySelector("svg, pre") && page.boardRoot) $("board").replaceChildren(...page.boardRoot);
  if (page.board && page.state) {
    const seat = mySeatToAct();
    page.board.update({
      observation: page.state.observation,
      legal: seat === null ? [] : page.state.legal_actions[seat],
      seat, you: page.you, toMove: page.state.to_move, terminal: page.state.terminal,
      returns: page.state.returns, last: page.moves.at(-1) || null,
    });
  }
  renderSeats();
  renderStatus();
  renderMoves();
}

async function onTable(message) {
  const first = page.table === null;
  page.table = message.table;
  page.you = message.you;
  if (first) {
    const catalogue = await api.get("/api/games");
    page.game = catalogue.games.find((g) => g.name === page.table.game) || { seat_names: [] };
    $("table-title").textContent = `${page.table.title} · table #${tableId}`;
    document.title = `Connect Arena — ${page.table.title} #${tableId}`;
    page.board = await loadGameUi(page.table.game, $("board"), {
      options: page.table.options, seatNames: page.game.seat_names, interactive: true,
      panel: $("game-panel"), onAction: act,
    });
    page.boardRoot = [...$("board").childNodes];
  }
  renderAll();
}

function onEvent(message) {
  if (message.seq > page.seq || !page.moves.some((m) => m.seq === message.seq)) {
    page.moves = page.moves.filter((m) => m.seq < message.seq);
    page.moves.push({ seq: message.seq, seat: message.seat, action: message.action });
  }
  if (message.state) onState(message.state);
}

function onState(state) {
  page.state = state;
  page.seq = state.seq;
  renderAll();
}

const handlers = {
  table: onTable,
  event: onEvent,
  state: onState,
  error: (message) => toast(message.message),
  pong: () => {},
};

// Messages are handled one at a time, in order (the table message loads the game UI first).
let queue = Promise.resolve();
function connect() {
  const connection = $("connection");
  const socket = new WebSocket(socketUrl(`/ws/tables/${tableId}?since=${page.seq}`));
  page.socket = socket;
  socket.onopen = () => {
    connection.textContent = "live";
    connection.className = "connection live";
    page.retry = 500;
  };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    queue = queue.then(() => handlers[message.type]?.(message)).catch((e) => console.error(e));
    if (message.type === "error" && message.code === "not_found") page.closed = true;
  };
  socket.onclose = () => {
    connection.textContent = page.closed ? "no such table" : "reconnecting…";
    connection.className = "connection off";
    if (page.closed) {
      $("status").textContent = `There is no table ${tableId}.`;
      return;
    }
    setTimeout(connect, page.retry);
    page.retry = Math.min(page.retry * 2, 8000);
  };
}

async function main() {
  await setUpHeader();
  onUserChange(() => {
    // Seats depend on who is signed in: reconnect as the new user.
    page.seq = 0;
    page.moves = [];
    page.socket?.close();
  });
  connect();
}

main().catch((problem) => toast(problem.message));
