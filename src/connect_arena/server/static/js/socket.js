// The one WebSocket client of the pages: /ws/lobby (lobby.js), /ws/tables/{id} (table.js),
// /ws/tournaments/{id} (tournament.js) and /ws/user (userevents.js) all go through LiveSocket.
//
// One reconnect policy: after a connection drops, wait backoffDelay(failures) (exponential from
// 500 ms, capped at 15 s, with jitter so that the pages of a restarted server do not all come
// back at the same instant), and start again from the shortest wait once a connection opens.
//
// Protocol: the client offers the subprotocol PROTOCOL ("connect-arena.v1"); the server answers
// with it (server/websocket.py), so a later, incompatible protocol can be told apart by its
// name. Messages are JSON objects with a `type`; a page ignores types it does not know, and a
// frame that is not JSON is dropped here. Table messages carry `seq` (docs/server.md): the page
// keeps the last seq it saw (seqAfter) and LiveSocket asks for what it missed when it
// reconnects (`?since=N`, the `since` option).

/** The WebSocket subprotocol (the protocol's version) the pages speak. */
export const PROTOCOL = "connect-arena.v1";

/** The first wait before reconnecting, in ms. */
export const BACKOFF_BASE = 500;
/** The longest wait before reconnecting, in ms. */
export const BACKOFF_CAP = 15_000;

/**
 * How long to wait before reconnecting after `failures` connections in a row that did not open
 * (or dropped): BACKOFF_BASE · 2^failures, at most BACKOFF_CAP, of which the upper half is
 * random ("equal jitter": between half the step and the whole step).
 *
 * @param {number} failures - from 0.
 * @param {() => number} [random] - in [0, 1); Math.random by default.
 * @returns {number} milliseconds.
 */
export function backoffDelay(failures, random = Math.random) {
  const step = Math.min(BACKOFF_CAP, BACKOFF_BASE * 2 ** Math.max(0, Math.min(failures, 20)));
  return step / 2 + (step / 2) * random();
}

/**
 * The last seq a table page has seen, after `message` (docs/server.md, WebSocket protocol): a
 * `state` (alone or in a live `event`) sets it; a `takeback` cuts it back; other messages leave
 * it. A reconnecting page asks for the events after it (`since`), and claims the next one when
 * it acts.
 *
 * @param {number} last
 * @param {{type?: unknown, seq?: unknown, state?: {seq?: unknown} | null}} message
 * @returns {number}
 */
export function seqAfter(last, message) {
  if (message.type === "state" && typeof message.seq === "number") return message.seq;
  if (message.type === "event" && typeof message.state?.seq === "number") return message.state.seq;
  if (message.type === "takeback" && typeof message.seq === "number") return Math.min(last, message.seq);
  return last;
}

/**
 * The address of a socket of this server: "ws://host/ws/lobby".
 *
 * @param {string} path
 * @returns {string}
 */
export function socketUrl(path) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}${path}`;
}

/**
 * What a LiveSocket tells its page, and asks it.
 *
 * @typedef {object} SocketHandlers
 * @property {(message: any, receivedAt: number) => void} onMessage - every JSON message, with
 *   the moment it arrived (performance.now(), ms): clocks count from there.
 * @property {() => void} [onOpen]
 * @property {(retrying: boolean) => void} [onClose] - the connection dropped; `retrying`: a
 *   new one follows after the backoff.
 * @property {() => number} [since] - the last seq seen: asked again at each connection, sent
 *   as `?since=N` (table sockets).
 * @property {() => boolean} [keepGoing] - asked when a connection drops: false stops (no such
 *   table, signed out).
 */

/** A WebSocket that reconnects by the one policy, and catches up by seq when told how. */
export class LiveSocket {
  /**
   * @param {string} path - "/ws/lobby", "/ws/tables/3"...
   * @param {SocketHandlers} handlers
   */
  constructor(path, handlers) {
    this.path = path;
    this.handlers = handlers;
    /** @type {WebSocket | null} */
    this.socket = null;
    this.failures = 0;
    this.stopped = true;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
  }

  /** Connect, unless connected or connecting already. */
  start() {
    this.stopped = false;
    if (this.socket || this.timer !== null) return;
    this.open();
  }

  /** @returns {boolean} whether a connection is open now. */
  get isOpen() {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /**
   * Send a message as JSON.
   *
   * @param {Record<string, unknown>} message
   * @returns {boolean} false when not connected (nothing sent).
   */
  send(message) {
    if (!this.isOpen) return false;
    /** @type {WebSocket} */ (this.socket).send(JSON.stringify(message));
    return true;
  }

  /** Connect again at once, without waiting (the user changed: the server sees another one). */
  restart() {
    this.drop();
    this.stopped = false;
    this.failures = 0;
    this.open();
  }

  /** Close for good: no reconnection. */
  stop() {
    this.stopped = true;
    this.drop();
  }

  /**
   * Wait until the current (or next) connection opens.
   *
   * @returns {Promise<void>}
   * @throws {Error} when it closes before opening, or the socket is stopped.
   */
  whenOpen() {
    if (this.isOpen) return Promise.resolve();
    if (this.stopped) return Promise.reject(new Error("closed"));
    if (!this.socket) this.restart(); // waiting out the backoff: try now, someone needs it
    const socket = /** @type {WebSocket} */ (this.socket);
    return new Promise((resolve, reject) => {
      socket.addEventListener("open", () => resolve(), { once: true });
      socket.addEventListener("close", () => reject(new Error("closed")), { once: true });
    });
  }

  /** Forget the current connection and any planned one, without telling the page. */
  drop() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const old = this.socket;
    this.socket = null;
    old?.close();
  }

  /** Open one connection; its end plans the next. */
  open() {
    this.timer = null;
    const since = this.handlers.since?.();
    const query = since === undefined ? "" : `?since=${since}`;
    const socket = new WebSocket(socketUrl(this.path + query), PROTOCOL);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.failures = 0;
      this.handlers.onOpen?.();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      const receivedAt = performance.now();
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return; // not ours
      }
      if (message && typeof message === "object") this.handlers.onMessage(message, receivedAt);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return; // replaced or dropped on purpose
      this.socket = null;
      const retrying = !this.stopped && (this.handlers.keepGoing?.() ?? true);
      if (retrying) {
        this.timer = setTimeout(() => this.open(), backoffDelay(this.failures));
        this.failures += 1;
      } else {
        this.stopped = true;
      }
      this.handlers.onClose?.(retrying);
    };
  }
}
