// Which change of a table makes which sound, and the remembered mute state (static/js/sounds.js).
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { isMuted, NOTES, setMuted, soundFor } from "../../src/connect_arena/server/static/js/sounds.js";

/** A moment of a running game at `seq`. */
const at = (seq, extra = {}) => ({ seq, terminal: false, myTurn: false, seat: 1, event: null, ...extra });

/** A localStorage of one page. */
function memoryStorage() {
  const items = new Map();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => items.set(key, String(value)) };
}

describe("soundFor", () => {
  test("the first state of the page, and a state without a new move, make no sound", () => {
    assert.equal(soundFor(null, at(5, { myTurn: true })), null);
    assert.equal(soundFor(at(5), at(5, { myTurn: true })), null);
  });
  test("a move by someone", () => {
    assert.equal(soundFor(at(4), at(5, { event: { key: "quinque.mark", params: {} } })), "move");
    assert.equal(soundFor(at(4), at(5, { seat: 0 })), "move");
  });
  test("a chance outcome (dice) makes no sound", () => {
    assert.equal(soundFor(at(4), at(5, { seat: -1, event: { key: "pairs.rolls", params: {} } })), null);
  });
  test("a capture, as its event key says", () => {
    assert.equal(soundFor(at(4), at(5, { event: { key: "connect5.jump", params: {} } })), "capture");
    assert.equal(soundFor(at(4), at(5, { event: { key: "connect5.sandwich", params: {} } })), "capture");
    assert.equal(soundFor(at(4), at(5, { event: { key: "connect5.step", params: {} } })), "move");
  });
  test("your turn comes after the other player's move", () => {
    assert.equal(soundFor(at(4), at(5, { myTurn: true })), "turn");
    // Still your turn (a second action of the same turn): an ordinary move sound.
    assert.equal(soundFor(at(4, { myTurn: true }), at(5, { myTurn: true, seat: 0 })), "move");
  });
  test("the end of the game wins over everything, once", () => {
    const capture = { key: "connect5.jump", params: {} };
    assert.equal(soundFor(at(4), at(5, { terminal: true, myTurn: true, event: capture })), "end");
    assert.equal(soundFor(at(5, { terminal: true }), at(6, { terminal: true })), null);
  });
});

describe("mute", () => {
  test("sounds are off by default and the choice is remembered", () => {
    const storage = memoryStorage();
    assert.equal(isMuted(storage), true);
    setMuted(false, storage);
    assert.equal(isMuted(storage), false);
    setMuted(true, storage);
    assert.equal(isMuted(storage), true);
  });
  test("a storage that refuses keeps sounds off", () => {
    const refusing = { getItem: () => { throw new Error("denied"); }, setItem: () => { throw new Error("denied"); } };
    assert.doesNotThrow(() => setMuted(false, refusing));
    assert.equal(isMuted(refusing), true);
  });
  test("every sound has notes", () => {
    for (const sound of ["move", "capture", "end", "turn"]) assert.ok(NOTES[sound].length > 0);
  });
});
