// The signed-in user's own events over /ws/user (one socket per page, shared by the quick
// pairing and challenge panels): seekMatched, challenge, challengeDeclined, challengeCanceled,
// gameStart, gameFinish (docs/bot-api.md). The server withdraws a user's seeks when their last
// socket closes, so a seek belongs to the page that made it. socket.js reconnects.

import { currentUser, onUserChange } from "./api.js";
import { toast } from "./dom.js";
import { loadNamespaces, t } from "./i18n.js";
import { LiveSocket } from "./socket.js";

/** @typedef {{type: string, [key: string]: any}} UserEvent */

/** @type {Set<(event: UserEvent) => void>} */
const listeners = new Set();
/** @type {LiveSocket | null} the signed-in user's socket (none for a visitor) */
let live = null;

/** Open the socket when someone is signed in and none is open; it reconnects while they are. */
function connect() {
  if (live || !currentUser()) return;
  const socket = new LiveSocket("/ws/user", {
    onMessage: (/** @type {UserEvent} */ event) => {
      if (event.type === "moderation" || event.type === "reportHandled") notice(event);
      for (const listener of listeners) listener(event);
    },
    keepGoing: () => currentUser() !== null,
    onClose: (retrying) => {
      if (!retrying && live === socket) live = null;
    },
  });
  live = socket;
  socket.start();
}

/**
 * Tell the user what a moderator did: a warning or a chat mute on their account, or that a
 * report they made was handled.
 *
 * @param {UserEvent} event
 */
async function notice(event) {
  await loadNamespaces("moderation");
  if (event.type === "reportHandled") toast(t("moderation.reportHandled"), "info");
  else if (event.action === "mute") toast(t("moderation.youAreMuted", { until: new Date(event.until).toLocaleString(), reason: event.reason }));
  else toast(t("moderation.youAreWarned", { reason: event.reason }));
}

onUserChange(() => {
  // Another user: their own stream (the old one's seeks go with its socket).
  const old = live;
  live = null;
  old?.stop();
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
  if (!live) throw new Error("not signed in");
  await live.whenOpen();
}
