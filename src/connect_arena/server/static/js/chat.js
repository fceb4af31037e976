// The table page's chat and rating changes (#community-table), beside table.js: the table
// socket's messages reach this module as "table-message" DOM events (one line in table.js).
//
// Chat: the server decides the rooms (docs/community.md; service/chat.py): seated people
// write in the players' room and spectators in theirs; during the game each reads only their
// own, afterwards both. Preset quick messages show in the reader's language. Text is always
// set with textContent (never markup). A reader can mute a writer (POST /api/mutes). Guests
// read but do not write at rated tables.
//
// Rating changes ("+14") show once the finished table's `rating_changes` arrive.

import { api, currentUser, onUserChange } from "./api.js";
import { h, messageOf, toast } from "./dom.js";
import { playerName } from "./format.js";
import { chatText, PRESETS, ratingChangeText } from "./community.js";
import { loadNamespaces, t, tn } from "./i18n.js";
import { reportDialog } from "./report.js";

/** @typedef {import("./types.js").Table} Table */
/** @typedef {import("./community-types.js").ChatMessage} ChatMessage */

const tableId = Number(location.pathname.split("/")[2]);
/**
 * @type {{table: (Table & {rating_changes?: (number | null)[] | null, settings?: {rated?: boolean}}) | null,
 *   you: number[], messages: ChatMessage[], muted: Set<number>, status: string}}
 */
const view = { table: null, you: [], messages: [], muted: new Set(), status: "" };
/** Whether the panel is built (chat messages before it are not kept: the history load brings them). */
let built = false;

/** @param {string} id @returns {HTMLElement} */
const el = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @returns {"players" | "spectators"} the room the user writes in. */
const myRoom = () => (view.you.length ? "players" : "spectators");

/**
 * One message's line: the writer, a mute button for others' messages, the words.
 *
 * @param {ChatMessage} message
 * @returns {HTMLLIElement}
 */
function messageLine(message) {
  const me = currentUser();
  const line = h("li", { class: `chat-line room-${message.room}${message.preset ? " preset" : ""}` });
  // The writer's name links to the profile (issue 27, item 13).
  const who = h("a", { class: "chat-who player-link", href: `/users/${encodeURIComponent(message.name)}` });
  who.textContent = message.name;
  const words = h("span", { class: "chat-text" });
  words.textContent = chatText(message);
  line.append(who, " ", words);
  if (view.table?.status === "finished" && message.room === "spectators") {
    line.append(" ", h("span", { class: "chat-room-tag muted" }, t("community.spectatorTag")));
  }
  if (me && message.user_id !== me.id) {
    line.append(h("button", {
      // The name read out starts with the visible label ("Mute" → "Mute alice").
      class: "link chat-mute", type: "button", title: t("community.muteTitle", { name: message.name }),
      "aria-label": t("community.muteName", { name: message.name }), onclick: () => mute(message.user_id, message.name),
    }, t("community.mute")));
    if (!me.guest && !message.preset) {
      line.append(h("button", {
        class: "link chat-report", type: "button", "aria-label": t("community.reportName", { name: message.name }),
        onclick: () => reportDialog({ userId: message.user_id, name: message.name, tableId: message.table_id, chatId: message.id })
          .catch((e) => toast(messageOf(e))),
      }, t("community.report")));
    }
  }
  return line;
}

/** Show the messages (the muted users' left out), scrolled to the newest. */
function renderMessages() {
  const list = el("chat-messages");
  const shown = view.messages.filter((m) => !view.muted.has(m.user_id));
  list.replaceChildren(...shown.map(messageLine));
  list.scrollTop = list.scrollHeight;
  el("chat-empty").hidden = shown.length > 0;
  // A mute leaves a trace that undoes it: "1 player muted — show".
  const note = el("chat-muted");
  note.hidden = view.muted.size === 0;
  note.replaceChildren(...(view.muted.size ? [tn("community.mutedCount", view.muted.size), " — ",
    h("button", { class: "link", type: "button", id: "chat-unmute", onclick: unmuteAll }, t("community.unmute"))] : []));
}

/** Undo every mute of this page: the writers' messages come back (reloaded from the server). */
async function unmuteAll() {
  try {
    for (const userId of [...view.muted]) {
      await api.post("/api/mutes", { user_id: userId, on: false });
      view.muted.delete(userId);
    }
  } catch (problem) {
    toast(messageOf(problem));
  }
  await loadHistory();
}

/**
 * Mute a writer: their messages go, here and in later loads (the server keeps the mute).
 *
 * @param {number} userId
 * @param {string} name
 */
async function mute(userId, name) {
  try {
    await api.post("/api/mutes", { user_id: userId, on: true });
    view.muted.add(userId);
    renderMessages();
    toast(t("community.muted", { name }), "info");
  } catch (problem) {
    toast(messageOf(problem));
  }
}

/** Load the messages the user may read now (the server decides the rooms). */
async function loadHistory() {
  try {
    /** @type {{messages: ChatMessage[]}} */
    const answer = await api.get(`/api/tables/${tableId}/chat`);
    view.messages = answer.messages;
    renderMessages();
  } catch (problem) {
    if (!(problem instanceof Error && "status" in problem && problem.status === 404)) toast(messageOf(problem));
  }
}

/** The room's name, and whether (and why not) the user can write. */
function renderComposer() {
  const user = currentUser();
  const rated = Boolean(view.table?.settings?.rated);
  const finished = view.table?.status === "finished";
  el("chat-room").textContent = finished
    ? t("community.roomEveryone")
    : myRoom() === "players" ? t("community.roomPlayers") : t("community.roomSpectators");
  let why = "";
  if (!user) why = t("community.signInToChat");
  else if (user.guest && rated) why = t("community.guestsReadOnly");
  el("chat-why").textContent = why;
  el("chat-why").hidden = !why;
  // "Good luck!" to computers reaches nobody: no presets where the players' room holds no
  // other person (a table against computers only, or one person on every seat).
  const others = (view.table?.seats || []).some((seat) => seat.kind === "human" && seat.user_id !== user?.id);
  /** @type {HTMLElement} */ (el("chat-compose").querySelector(".chat-presets")).hidden =
    !finished && myRoom() === "players" && !others;
  for (const control of el("chat-compose").querySelectorAll("input, button")) {
    /** @type {HTMLInputElement | HTMLButtonElement} */ (control).disabled = Boolean(why);
  }
}

/**
 * Send a message: words or a preset.
 *
 * @param {{text?: string, preset?: string}} body
 * @returns {Promise<boolean>} whether it was sent.
 */
async function say(body) {
  try {
    /** @type {{message: ChatMessage}} */
    const answer = await api.post(`/api/tables/${tableId}/chat`, body);
    receive(answer.message);
    return true;
  } catch (problem) {
    toast(messageOf(problem));
    return false;
  }
}

/**
 * A new message (sent here, or from the table socket): shown once.
 *
 * @param {ChatMessage} message
 */
function receive(message) {
  if (message.id !== undefined && view.messages.some((m) => m.id === message.id)) return;
  view.messages.push(message);
  renderMessages();
}

/**
 * The "+14" of each seat once a rated game's changes are known.
 *
 * @param {NonNullable<typeof view.table>} table
 */
function renderRatingChanges(table) {
  const card = el("rating-changes");
  const changes = table.rating_changes;
  if (table.status !== "finished" || !Array.isArray(changes) || !changes.some((c) => typeof c === "number")) {
    card.hidden = true;
    return;
  }
  card.hidden = false;
  el("rating-change-list").replaceChildren(...changes.map((change, seat) => {
    if (typeof change !== "number") return null;
    const info = table.seats[seat];
    const name = playerName(info) || String(seat + 1);
    const you = view.you.includes(seat);
    return h("li", { class: `rating-change${you ? " you" : ""}`, dataset: { seat: String(seat) } },
      info?.kind === "human" && info.name
        ? h("a", { href: `/users/${encodeURIComponent(info.name)}` }, name)
        : h("span", {}, name),
      " ",
      // the new rating beside the change: "1569 +69"
      typeof table.ratings_after?.[seat] === "number"
        ? h("span", { class: "rating", title: t("community.newRating") }, String(table.ratings_after[seat]))
        : null,
      " ",
      h("strong", { class: `change ${change > 0 ? "up" : change < 0 ? "down" : "same"}` }, ratingChangeText(change)));
  }).filter((item) => item !== null));
}

/**
 * A message of the table's socket.
 *
 * @param {any} message
 */
function onTableMessage(message) {
  if (message?.type === "chat") {
    if (built) receive(message);
  } else if (message?.type === "table" && message.table) {
    const before = view.status;
    const seatedBefore = view.you.length > 0;
    view.table = message.table;
    view.you = Array.isArray(message.you) ? message.you : [];
    view.status = message.table.status;
    if (!built) return;
    renderComposer();
    renderRatingChanges(message.table);
    // The rooms one reads change when the game ends and when one sits down or leaves.
    if (before && (before !== view.status || seatedBefore !== view.you.length > 0)) loadHistory();
    else if (!before) renderMessages();
  }
}

/** Build the panel. */
async function main() {
  const root = document.getElementById("community-table");
  if (!root || !Number.isInteger(tableId)) return;
  await loadNamespaces("common", "community");
  const input = h("input", {
    id: "chat-input", name: "text", maxlength: 300, autocomplete: "off",
    placeholder: t("community.chatPlaceholder"), "aria-label": t("community.chatPlaceholder"),
  });
  const compose = h("form", { class: "chat-compose", id: "chat-compose" },
    h("div", { class: "chat-presets", role: "group", "aria-label": t("community.quickMessages") },
      PRESETS.map((preset) => h("button", {
        type: "button", class: "small preset", dataset: { preset }, onclick: () => say({ preset }),
      }, t(`community.preset_${preset}`)))),
    h("div", { class: "chat-input-row" }, input, h("button", { type: "submit", id: "chat-send" }, t("community.send"))));
  compose.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (await say({ text })) input.value = "";
  });
  root.replaceChildren(
    h("section", { class: "card rating-changes", id: "rating-changes", hidden: true, "aria-labelledby": "rating-changes-heading" },
      h("h2", { id: "rating-changes-heading" }, t("community.ratingChanges")),
      h("ul", { id: "rating-change-list" })),
    h("section", { class: "card chat-card", id: "chat", "aria-labelledby": "chat-heading" },
      h("div", { class: "card-title" }, h("h2", { id: "chat-heading" }, t("community.chat")),
        h("span", { class: "muted chat-room", id: "chat-room" })),
      h("p", { class: "muted empty", id: "chat-empty" }, t("community.noMessages")),
      h("ul", { class: "chat-messages", id: "chat-messages", "aria-live": "polite" }),
      h("p", { class: "muted chat-muted", id: "chat-muted", hidden: true }),
      h("p", { class: "hint", id: "chat-why", hidden: true }),
      compose));
  built = true;
  renderComposer();
  if (view.table) renderRatingChanges(view.table);
  onUserChange(() => {
    view.muted.clear();
    renderComposer();
    loadHistory();
  });
  await loadHistory();
}

document.addEventListener("table-message", (event) => onTableMessage(/** @type {CustomEvent} */ (event).detail));
main().catch((problem) => toast(messageOf(problem)));
