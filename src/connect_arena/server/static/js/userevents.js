// The signed-in user's own events over /ws/user (one socket per page, shared by the quick
// pairing and challenge panels): seekMatched, challenge, challengeDeclined, challengeCanceled,
// gameStart, gameFinish (docs/bot-api.md). The server withdraws a user's seeks when their last
// socket closes, so a seek belongs to the page that made it.

import { currentUser, onUserChange, socketUrl } from "./api.js";

/** @typedef {{type: string, [key: string]: any}} UserEvent */

/** @type {Set<(event: UserEvent) => void>} */
const listeners = new Set();
/** @type {WebSocket | null} */
let socket = null;
/** @type {Promise<void> | null} the current socket's opening */
let opened = null;
let retry = 1000;

/** Open the socket when someone is signed in and none is open; reconnect when it drops. */
function connect() {
  if (socket || !currentUser()) return;
  const current = new WebSocket(socketUrl("/ws/user"));
  socket = current;
  opened = new Promise((resolve, reject) => {
    current.addEventListener("open", () => resolve(), { once: true });
    current.addEventListener("close", () => reject(new Error("closed")), { once: true });
  });
  opened.catch(() => {}); // nobody may be waiting for it
  current.onopen = () => {
    retry = 1000;
  };
  current.onmessage = (message) => {
    /** @type {UserEvent} */
    let event;
    try {
      event = JSON.parse(message.data);
    } catch {
      return;
    }
    for (const listener of listeners) listener(event);
  };
  current.onclose = () => {
    if (socket !== current) return; // replaced on purpose
    socket = null;
    opened = null;
    if (!currentUser()) return;
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 16000);
  };
}

onUserChange(() => {
  // Another user: their own stream (the old one's seeks go with its socket).
  const old = socket;
  socket = null;
  opened = null;
  old?.close();
  if (listeners.size) connect();
});

/**
 * Call `listener` with every event of the signed-in user (opens the socket when needed).
 *
 * @param {(event: UserEvent) => void} listener
 */
export function onUserEvent(listener) {
  listeners.add(listener);
  connect();
}

/**
 * Wait until the user's socket is open (a seek made before it would not be withdrawn when
 * the page goes, nor told when it is matched).
 *
 * @returns {Promise<void>}
 * @throws {Error} when nobody is signed in or the socket closed before opening.
 */
export async function userSocketReady() {
  connect();
  if (!opened) throw new Error("not signed in");
  await opened;
}
