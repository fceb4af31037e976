// Whether a hint still answers for its seat's position (static/js/hints.js).
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { hintStatus, nextSeatView } from "../../src/connect_arena/server/static/js/hints.js";

const writes = ["write 2 a1", "write 2 b1", "switch 3"];

describe("nextSeatView", () => {
  test("keeps its start while the legal actions stay the same, in any order", () => {
    const first = nextSeatView(undefined, writes, 10);
    assert.deepEqual(first, { legal: writes, since: 10 });
    assert.equal(nextSeatView(first, [...writes].reverse(), 11).since, 10);
  });
  test("starts again when they change or the seat stops acting", () => {
    const first = nextSeatView(undefined, writes, 10);
    assert.equal(nextSeatView(first, ["write 5 a2"], 11).since, 11);
    const idle = nextSeatView(first, undefined, 11);
    assert.deepEqual(idle, { legal: undefined, since: 11 });
    assert.equal(nextSeatView(idle, writes, 13).since, 13);
  });
});

describe("hintStatus", () => {
  const hint = { seq: 10, legal: writes };
  test("another seat's hidden choice keeps the hint (the issue's vanishing hints)", () => {
    let view = nextSeatView(undefined, writes, 10);
    view = nextSeatView(view, writes, 11); // a computer wrote its number
    assert.equal(hintStatus(hint, view), "current");
  });
  test("a hint searched after a move the page has not received yet holds if the actions agree", () => {
    assert.equal(hintStatus({ seq: 12, legal: writes }, nextSeatView(undefined, writes, 10)), "current");
  });
  test("the seat's own action makes it stale", () => {
    const view = nextSeatView(nextSeatView(undefined, writes, 10), ["write 5 a2"], 11);
    assert.equal(hintStatus(hint, view), "stale");
  });
  test("the same actions after the seat stopped acting are another position", () => {
    let view = nextSeatView(undefined, writes, 10);
    view = nextSeatView(view, undefined, 11);
    view = nextSeatView(view, writes, 12);
    assert.equal(hintStatus(hint, view), "stale");
  });
  test("gone once the seat may not act; stale without the server's legal actions", () => {
    assert.equal(hintStatus(hint, nextSeatView(undefined, undefined, 11)), "gone");
    assert.equal(hintStatus(hint, undefined), "gone");
    assert.equal(hintStatus({ seq: 10 }, nextSeatView(undefined, writes, 10)), "stale");
  });
});
