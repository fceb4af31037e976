// Connect Pairs' board state (static/games/pairs/state.js): the legal actions read from their
// parts (subjects as the geometry's letters, never parsed from notation), which decision they
// make, the slots an event offers, and the log's new events.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  actionOf, decisionKind, hintKey, keyActions, letters, newEvents, readActions, slotChoices,
} from "../../src/connect_arena/server/static/games/pairs/state.js";

const SUBJECTS = ["A", "B", "C", "D", "E", "F"];
/** A legal action as the server sends it; the notations are made up on purpose: the module
 * must only carry them. */
const entry = (notation, parts) => ({ notation, parts });

describe("readActions", () => {
  test("every kind, subjects as letters, the notation kept as it came", () => {
    const choices = readActions([
      entry("K1", { kind: "key_choice", subjects: [2, 0, 5, 1, 4, 3] }),
      entry("M1", { kind: "move", subject: 1, source: 3, target: 5 }),
      entry("T1", { kind: "take", subject: 0, zones: [4, 5] }),
      entry("S1", { kind: "swap", first_zone: 4, first_subject: 1, second_zone: 5, second_subject: 0 }),
      entry("G1", { kind: "give", zone: 2, subject: 4, receive: null }),
      entry("G2", { kind: "give", zone: 2, subject: 4, receive: 0 }),
      entry("P1", { kind: "top", zone: 2, slot: 1 }),
      entry("P2", { kind: "keep", zone: 4 }),
      entry("C", { kind: "connect" }), entry("D", { kind: "done" }), entry("X", { kind: "pass" }),
      entry("?", { kind: "unheard_of" }),
    ], SUBJECTS);
    assert.deepEqual(choices.map((c) => c.text), ["K1", "M1", "T1", "S1", "G1", "G2", "P1", "P2", "C", "D", "X", "?"]);
    assert.equal(choices[0].key, "CAFBED");
    assert.deepEqual([choices[1].subject, choices[1].from, choices[1].to], ["B", 3, 5]);
    assert.deepEqual([choices[2].subject, choices[2].zones], ["A", [4, 5]]);
    assert.deepEqual([choices[3].zoneA, choices[3].subjectA, choices[3].zoneB, choices[3].subjectB], [4, "B", 5, "A"]);
    assert.deepEqual([choices[4].zone, choices[4].subject, choices[4].receive], [2, "E", null]);
    assert.equal(choices[5].receive, "A");
    assert.deepEqual([choices[6].zone, choices[6].slot], [2, 1]);
    assert.equal(choices[7].zone, 4);
    assert.deepEqual(choices.slice(8).map((c) => c.type), ["connect", "done", "pass", "other"]);
  });
  test("another geometry's letters", () => {
    const [take] = readActions([entry("t", { kind: "take", subject: 1, zones: [2] })], ["P", "Q"]);
    assert.equal(take.subject, "Q");
  });
  test("lookups: the first of a type, the keys by letters", () => {
    const choices = readActions([
      entry("K1", { kind: "key_choice", subjects: [0, 1, 2, 3, 4, 5] }),
      entry("K2", { kind: "key_choice", subjects: [1, 0, 2, 3, 4, 5] }),
      entry("D", { kind: "done" }),
    ], SUBJECTS);
    assert.equal(actionOf(choices, "done"), "D");
    assert.equal(actionOf(choices, "connect"), undefined);
    assert.deepEqual([...keyActions(choices)], [["ABCDEF", "K1"], ["BACDEF", "K2"]]);
  });
});

describe("slotChoices", () => {
  test("slots of one zone are clickable on the board", () => {
    const choices = readActions([entry("a", { kind: "top", zone: 3, slot: 1 }), entry("b", { kind: "top", zone: 3, slot: 4 })], SUBJECTS);
    assert.deepEqual(slotChoices(choices), { zone: 3, slots: new Map([[1, "a"], [4, "b"]]) });
  });
  test("two zones pending: none (the buttons say which zone)", () => {
    const choices = readActions([entry("a", { kind: "top", zone: 3, slot: 1 }), entry("b", { kind: "top", zone: 5, slot: 1 })], SUBJECTS);
    assert.deepEqual(slotChoices(choices), { zone: null, slots: new Map() });
  });
});

describe("decisions", () => {
  const obs = (stage, kind = null) => ({ stage, dice: kind ? [1, 2, 3] : null, roll: kind ? { kind } : null });
  const of = (...kinds) => readActions(kinds.map((kind) => entry(kind, { kind, zone: 1, slot: 1, subjects: [0] })), SUBJECTS);
  test("which view a position needs", () => {
    assert.equal(decisionKind(of("key_choice"), obs("key")), "key");
    assert.equal(decisionKind(of("top", "keep"), obs("turn", "different")), "event");
    assert.equal(decisionKind(of("give"), obs("reply")), "reply");
    assert.equal(decisionKind(of("give", "done"), obs("connect")), "connect");
    assert.equal(decisionKind(of("swap"), obs("turn", "double")), "double");
    assert.equal(decisionKind(of("move", "connect"), obs("turn", "different")), "choose");
    assert.equal(decisionKind([], obs("turn")), "other");
  });
  test("the status line's hint", () => {
    assert.equal(hintKey(of("key_choice"), obs("key")), "pairs.hint.key");
    assert.equal(hintKey(of("swap"), obs("turn", "double")), "pairs.hint.swap");
    assert.equal(hintKey(of("move"), obs("turn", "double")), "pairs.hint.doubleMove");
    assert.equal(hintKey(of("move"), obs("turn", "different")), "pairs.hint.choose");
  });
});

describe("the log", () => {
  const e = (key) => ({ key, params: {} });
  test("events after the overlap with the previous log", () => {
    assert.deepEqual(newEvents([e("a"), e("b")], [e("b"), e("c")]), [e("c")]);
    assert.deepEqual(newEvents(undefined, [e("a")]), []);
    assert.deepEqual(newEvents([e("x")], [e("a")]), [e("a")]);
  });
  test("a zone's letters", () => {
    assert.deepEqual(letters("ACC"), ["A", "C", "C"]);
    assert.deepEqual(letters(null), []);
  });
});
