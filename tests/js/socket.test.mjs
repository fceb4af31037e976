// The pages' one WebSocket client (static/js/socket.js): the backoff schedule, the last seq
// seen, and LiveSocket's reconnections against a fake WebSocket and fake timers.
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, mock, test } from "node:test";

import {
  BACKOFF_BASE, BACKOFF_CAP, LiveSocket, PROTOCOL, backoffDelay, seqAfter,
} from "../../src/connect_arena/server/static/js/socket.js";

describe("backoffDelay", () => {
  test("doubles from 500 ms up to the cap, its upper half random", () => {
    const low = [0, 1, 2, 3, 4, 5, 6, 50].map((n) => backoffDelay(n, () => 0));
    const high = [0, 1, 2, 3, 4, 5, 6, 50].map((n) => backoffDelay(n, () => 0.999_999));
    assert.deepEqual(low, [250, 500, 1000, 2000, 4000, 7500, 7500, 7500]);
    assert.deepEqual(high.map(Math.round), [500, 1000, 2000, 4000, 8000, 15000, 15000, 15000]);
    assert.equal(BACKOFF_BASE, 500);
    assert.equal(BACKOFF_CAP, 15_000);
  });

  test("stays within [step / 2, step) with Math.random", () => {
    for (let failures = 0; failures < 12; failures += 1) {
      const step = Math.min(BACKOFF_CAP, BACKOFF_BASE * 2 ** failures);
      for (let i = 0; i < 50; i += 1) {
        const delay = backoffDelay(failures);
        assert.ok(delay >= step / 2 && delay < step, `${failures}: ${delay}`);
      }
    }
  });

  test("a negative or absurd count of failures is the first or the longest wait", () => {
    assert.equal(backoffDelay(-3, () => 0), 250);
    assert.equal(backoffDelay(1e9, () => 0), BACKOFF_CAP / 2);
  });
});

describe("seqAfter", () => {
  test("a state sets the last seq seen, even back (a takeback's state)", () => {
    assert.equal(seqAfter(4, { type: "state", seq: 7 }), 7);
    assert.equal(seqAfter(9, { type: "state", seq: 7 }), 7);
  });

  test("a live event sets it from its state; a catching-up event (no state) leaves it", () => {
    assert.equal(seqAfter(4, { type: "event", seq: 5, state: { seq: 5 } }), 5);
    assert.equal(seqAfter(4, { type: "event", seq: 5 }), 4);
    assert.equal(seqAfter(4, { type: "event", seq: 5, state: null }), 4);
  });

  test("a takeback cuts it back, never forward", () => {
    assert.equal(seqAfter(9, { type: "takeback", seq: 6 }), 6);
    assert.equal(seqAfter(3, { type: "takeback", seq: 6 }), 3);
  });

  test("other messages, and errors carrying the table's seq, leave it", () => {
    assert.equal(seqAfter(4, { type: "error", seq: 12 }), 4);
    assert.equal(seqAfter(4, { type: "table" }), 4);
    assert.equal(seqAfter(4, { type: "something-new", seq: 99 }), 4);
    assert.equal(seqAfter(4, { type: "state", seq: "7" }), 4);
  });
});

/** A WebSocket that the test opens, feeds and closes. */
class FakeSocket {
  static OPEN = 1;
  /** @type {FakeSocket[]} */
  static made = [];

  constructor(url, protocol) {
    this.url = url;
    this.protocol = protocol;
    this.readyState = 0;
    this.sent = [];
    this.listeners = { open: [], close: [] };
    FakeSocket.made.push(this);
  }

  addEventListener(kind, listener) {
    this.listeners[kind].push(listener);
  }

  send(text) {
    this.sent.push(text);
  }

  close() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.();
    for (const listener of this.listeners.close) listener();
  }

  /** The server accepts. */
  accept() {
    this.readyState = 1;
    this.onopen?.();
    for (const listener of this.listeners.open) listener();
  }

  /** @param {string} text - a frame from the server. */
  receive(text) {
    this.onmessage?.({ data: text });
  }
}

describe("LiveSocket", () => {
  beforeEach(() => {
    FakeSocket.made = [];
    globalThis.WebSocket = /** @type {any} */ (FakeSocket);
    globalThis.location = /** @type {any} */ ({ protocol: "https:", host: "arena.example" });
    mock.timers.enable({ apis: ["setTimeout"] });
    mock.method(Math, "random", () => 0);
  });
  afterEach(() => {
    mock.timers.reset();
    mock.restoreAll();
    delete globalThis.WebSocket;
    delete globalThis.location;
  });

  const last = () => FakeSocket.made.at(-1);

  test("offers the protocol and asks for the events after the last seq seen", () => {
    let seq = 0;
    const live = new LiveSocket("/ws/tables/3", { onMessage: () => {}, since: () => seq });
    live.start();
    assert.equal(last().url, "wss://arena.example/ws/tables/3?since=0");
    assert.equal(last().protocol, PROTOCOL);
    last().accept();
    seq = 17;
    last().close();
    mock.timers.tick(250);
    assert.equal(FakeSocket.made.length, 2);
    assert.equal(last().url, "wss://arena.example/ws/tables/3?since=17");
  });

  test("backs off while connections fail, and starts again from the shortest wait once one opens", () => {
    const live = new LiveSocket("/ws/lobby", { onMessage: () => {} });
    live.start();
    assert.equal(last().url, "wss://arena.example/ws/lobby");
    const waits = [];
    for (let i = 0; i < 4; i += 1) {
      const before = FakeSocket.made.length;
      last().close();
      let waited = 0;
      while (FakeSocket.made.length === before) {
        mock.timers.tick(50);
        waited += 50;
      }
      waits.push(waited);
    }
    assert.deepEqual(waits, [250, 500, 1000, 2000]);
    last().accept();
    last().close();
    mock.timers.tick(249);
    assert.equal(FakeSocket.made.length, 5);
    mock.timers.tick(1);
    assert.equal(FakeSocket.made.length, 6);
  });

  test("hands JSON messages on with the moment they arrived, and drops other frames", () => {
    const got = [];
    const live = new LiveSocket("/ws/lobby", { onMessage: (message, at) => got.push([message, typeof at]) });
    live.start();
    last().accept();
    last().receive('{"type": "lobby", "tables": []}');
    last().receive("not json");
    last().receive("42");
    assert.deepEqual(got, [[{ type: "lobby", tables: [] }, "number"]]);
  });

  test("stops when the page says so, and tells it whether it retries", () => {
    let gone = false;
    const closes = [];
    const live = new LiveSocket("/ws/tournaments/1", {
      onMessage: () => {}, keepGoing: () => !gone, onClose: (retrying) => closes.push(retrying),
    });
    live.start();
    last().close();
    mock.timers.tick(500);
    gone = true;
    last().close();
    mock.timers.tick(60_000);
    assert.deepEqual(closes, [true, false]);
    assert.equal(FakeSocket.made.length, 2);
  });

  test("sends JSON only while open; stop and restart close the old socket without a retry", () => {
    const closes = [];
    const live = new LiveSocket("/ws/tables/3", { onMessage: () => {}, onClose: (r) => closes.push(r) });
    live.start();
    assert.equal(live.send({ type: "ping" }), false);
    last().accept();
    assert.equal(live.send({ type: "ping", id: 1 }), true);
    assert.deepEqual(last().sent, ['{"type":"ping","id":1}']);
    const first = last();
    live.restart();
    assert.equal(first.readyState, 3);
    assert.equal(FakeSocket.made.length, 2); // at once, no backoff
    live.stop();
    mock.timers.tick(60_000);
    assert.equal(FakeSocket.made.length, 2);
    assert.deepEqual(closes, []); // the page closed them on purpose
  });

  test("whenOpen waits for the connection, and fails when it closes first", async () => {
    const live = new LiveSocket("/ws/user", { onMessage: () => {} });
    live.start();
    const opened = live.whenOpen();
    last().accept();
    await opened;
    await live.whenOpen();
    last().close();
    const failing = live.whenOpen(); // waiting out the backoff: it tries at once
    assert.equal(FakeSocket.made.length, 2);
    last().close();
    await assert.rejects(failing, /closed/);
    live.stop();
    await assert.rejects(live.whenOpen(), /closed/);
  });
});
