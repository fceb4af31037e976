// Which seat a hot-seat table page plays, and which moves it hides (static/js/seats.js).
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { shellActions } from "../../src/connect_arena/server/static/js/games.js";
import { choosePlayingSeat, hiddenMove } from "../../src/connect_arena/server/static/js/seats.js";

const none = { playing: null, handover: null };
/** A running game's situation; `screen`: hot-seat at a game with private information. */
const at = (active, extra = {}) => ({ active, you: [0, 1, 2], started: true, terminal: false, screen: false, ...extra });

describe("choosePlayingSeat", () => {
  test("a spectator plays no seat", () => {
    assert.deepEqual(choosePlayingSeat({ playing: 1, handover: null }, at([], { you: [] })), none);
  });
  test("waits for the first state", () => {
    assert.deepEqual(choosePlayingSeat(none, at([0], { started: false })), none);
  });
  test("takes the first seat to act, and keeps it while it may act", () => {
    assert.deepEqual(choosePlayingSeat(none, at([1, 2])), { playing: 1, handover: null });
    assert.deepEqual(choosePlayingSeat({ playing: 2, handover: null }, at([0, 2])), { playing: 2, handover: null });
  });
  test("moves on to the next seat after the current one, wrapping round", () => {
    assert.deepEqual(choosePlayingSeat({ playing: 0, handover: null }, at([1, 2])), { playing: 1, handover: null });
    assert.deepEqual(choosePlayingSeat({ playing: 2, handover: null }, at([0, 1])), { playing: 0, handover: null });
  });
  test("with no seat to act, keeps its seat (or takes the user's first)", () => {
    assert.deepEqual(choosePlayingSeat({ playing: 2, handover: null }, at([])), { playing: 2, handover: null });
    assert.deepEqual(choosePlayingSeat(none, at([], { you: [1, 2] })), { playing: 1, handover: null });
  });
  test("private information: a change of seat passes the device first", () => {
    const chosen = choosePlayingSeat({ playing: 0, handover: null }, at([1], { screen: true }));
    assert.deepEqual(chosen, { playing: 0, handover: 1 });
    // The screen stays while its seat may act ...
    assert.deepEqual(choosePlayingSeat(chosen, at([1, 2], { screen: true })), chosen);
    // ... and goes when it no longer may.
    assert.deepEqual(choosePlayingSeat(chosen, at([2], { screen: true })), { playing: 0, handover: 2 });
    assert.deepEqual(choosePlayingSeat(chosen, at([0], { screen: true })), { playing: 0, handover: null });
  });
  test("the first seat of a private game is handed over too, but not at the end", () => {
    assert.deepEqual(choosePlayingSeat(none, at([0], { screen: true })), { playing: null, handover: 0 });
    assert.deepEqual(choosePlayingSeat(none, at([], { screen: true, terminal: true, you: [1] })), { playing: 1, handover: null });
  });
});

describe("hiddenMove", () => {
  const move = (seat, simultaneous = true) => ({ seq: 5, seat, action: "write 3", simultaneous });
  const page = { playing: 0, handover: null, screen: true, running: true };
  test("hides another seat's simultaneous action on a hot-seat private game", () => {
    assert.equal(hiddenMove(move(1), page), true);
    assert.equal(hiddenMove(move(0), page), false);
    assert.equal(hiddenMove(move(0), { ...page, handover: 1 }), true); // the device is being passed
  });
  test("shows it otherwise", () => {
    assert.equal(hiddenMove(move(1, false), page), false);
    assert.equal(hiddenMove(move(1), { ...page, running: false }), false);
    assert.equal(hiddenMove(move(1), { ...page, screen: false }), false);
  });
});

describe("shellActions", () => {
  // The legal actions come as {notation, parts} (the state message's `legal`): the pass is
  // found by its kind, never by reading notation.
  const mark = { notation: "mark 1,1", parts: { kind: "mark", skydiver: [1, 1] } };
  const pass = { notation: "pass", parts: { kind: "pass" } };
  test("the page's own pass button, only when pass is legal", () => {
    assert.deepEqual(shellActions([mark, pass]), ["pass"]);
    assert.deepEqual(shellActions([mark]), []);
    assert.deepEqual(shellActions([]), []);
  });
  test("the button sends the pass's own notation, whatever it is", () => {
    assert.deepEqual(shellActions([{ notation: "end turn", parts: { kind: "pass" } }]), ["end turn"]);
    assert.deepEqual(shellActions([{ notation: "pass", parts: { kind: "first_player", seat: 0 } }]), []);
  });
});

describe("the hidden moves of a finished game are revealed (issue 27 polish: 'Red (hidden)')", () => {
  const shown = (/** @type {number} */ seq, /** @type {string | null} */ action) => ({ seq, seat: seq % 2, action, event: null, simultaneous: true });
  test("the moves shown without an action ask for the events from the first of them", async () => {
    const { revealRequest } = await import("../../src/connect_arena/server/static/js/seats.js");
    assert.deepEqual(revealRequest([shown(5, "a"), shown(6, null), shown(7, "c")]), { type: "history", before: 8, limit: 2 });
    assert.equal(revealRequest([shown(5, "a"), shown(6, "b")]), null);
  });
  test("a page of events fills them in and adds the older moves first", async () => {
    const { mergeMoves } = await import("../../src/connect_arena/server/static/js/seats.js");
    const merged = mergeMoves([shown(5, "a"), shown(6, null)], [shown(4, "z"), shown(5, "a"), shown(6, "write 3 b2")]);
    assert.deepEqual(merged.map((m) => [m.seq, m.action]), [[4, "z"], [5, "a"], [6, "write 3 b2"]]);
  });
});
