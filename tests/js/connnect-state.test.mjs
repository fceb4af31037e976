// CO'NNN'ECT's board state (static/games/connnect/state.js): the grid from the geometry, the
// legal actions sorted from their parts (never from notation), shapes and the reasons a
// selection is no claim, and the status line's hint.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  actionModel, availableModes, claimKind, claimMatches, connected, explainSelection, hasPath, makeGrid,
  diceNoteKey, offeredActions, selectionShape, shapeKey, rowsToPoints, stripStep, trayNumbers, turnHintKey,
} from "../../src/connect_arena/server/static/games/connnect/state.js";

const grid = makeGrid({ size: 6, columns: "abcdef" });
/** A legal action as the server sends it; the notations are made up on purpose: the module
 * must only carry them. */
const entry = (notation, parts) => ({ notation, parts });
const actions = [
  entry("Z3", { kind: "choose_zone", die: 3 }),
  entry("W2a1", { kind: "write", value: 2, cell: 0 }),
  entry("W2b2", { kind: "write", value: 2, cell: 7 }),
  entry("C2-5", { kind: "change", old: 2, new: 5 }),
  entry("S4", { kind: "skip", value: 4 }),
  entry("SW6", { kind: "switch", value: 6 }),
  entry("AD4+1", { kind: "adjust_die", value: 4, delta: 1 }),
  entry("AC-2", { kind: "adjust_cell", cell: 35, delta: -2 }),
  entry("M", { kind: "move", cell: 6 }),
  entry("CL", { kind: "claim", shape: "L3", cells: [8, 1, 7], reuse: false }),
  entry("CLR", { kind: "claim", shape: "I4", cells: [0, 1, 2, 3], reuse: true }),
  entry("T1", { kind: "take", slot: 1 }),
  entry("D", { kind: "done" }),
  entry("?", { kind: "unheard_of" }),
];

describe("makeGrid", () => {
  test("names and indices in reading order", () => {
    assert.equal(grid.cellName(0), "a1");
    assert.equal(grid.cellName(7), "b2");
    assert.equal(grid.cellName(35), "f6");
    assert.equal(grid.cellIndex("b2"), 7);
    assert.equal(grid.cellIndex("z9"), -1);
    assert.ok(grid.adjacent(0, 1) && grid.adjacent(0, 6) && !grid.adjacent(5, 6) && !grid.adjacent(0, 7));
  });
  test("a smaller sheet with other letters", () => {
    const small = makeGrid({ size: 3, columns: "xyz" });
    assert.equal(small.cellName(4), "y2");
    assert.equal(small.cellIndex("z3"), 8);
  });
});

describe("actionModel", () => {
  const model = actionModel(actions, grid);
  test("sorts every kind into what the page offers, each leaf the notation to send", () => {
    assert.deepEqual([...model.zones], [[3, "Z3"]]);
    assert.deepEqual([...(model.writes.get(2) ?? [])], [["a1", "W2a1"], ["b2", "W2b2"]]);
    assert.equal(model.changes.get(2)?.get(5), "C2-5");
    assert.equal(model.skips.get(4), "S4");
    assert.equal(model.switches.get(6), "SW6");
    assert.equal(model.adjustDie.get(4)?.get(1), "AD4+1");
    assert.equal(model.adjustCell.get("f6")?.get(-2), "AC-2");
    assert.equal(model.moves.get("a2"), "M");
    assert.equal(model.takes.get(1), "T1");
    assert.equal(model.done, "D");
    assert.deepEqual(model.unknown, ["?"]);
  });
  test("a claim's cells are sorted, with its shape and reuse", () => {
    assert.deepEqual(model.claims[0], { action: "CL", shape: "L3", cells: [1, 7, 8], key: "1,7,8", reuse: false });
    assert.equal(model.claims[1].reuse, true);
  });
  test("offered: every known action once, sorted", () => {
    const known = actions.map((a) => a.notation).filter((n) => n !== "?").sort();
    assert.deepEqual(offeredActions(model), known);
  });
  test("the tray, the modes", () => {
    assert.deepEqual(trayNumbers(model), [2, 4]);
    assert.deepEqual(availableModes(model), ["write", "claim", "adjust", "move"]);
    assert.deepEqual(availableModes(actionModel([actions[0]], grid)), []);
  });
  test("the claims a selection makes or grows into", () => {
    assert.deepEqual(claimMatches(model, [1, 7, 8]).exact.map((c) => c.action), ["CL"]);
    assert.deepEqual(claimMatches(model, [1, 2]).wider.map((c) => c.action), ["CLR"]);
    assert.deepEqual(claimMatches(model, [9]), { exact: [], wider: [] });
  });
});

describe("shapes", () => {
  test("rotations and mirror images share a key", () => {
    const l = shapeKey(rowsToPoints(["X.", "XX"]));
    assert.equal(shapeKey([[0, 0], [0, 1], [1, 0]]), l);
    assert.notEqual(shapeKey(rowsToPoints(["XXX"])), l);
  });
  test("connected pieces and paths", () => {
    assert.ok(connected(grid, [0, 1, 7]));
    assert.ok(!connected(grid, [0, 2]));
    assert.ok(hasPath(grid, [0, 1, 2, 8]));
    assert.ok(!hasPath(grid, [1, 6, 7, 8, 13])); // a plus: no path visits all five
  });
  test("the shape of a selection among the sheet's shapes and the face-up cards", () => {
    const geometry = { connect3: [{ id: "L3", rows: ["X.", "XX"] }, { id: "I3", rows: ["XXX"] }], connect4: [] };
    assert.deepEqual(selectionShape(grid, [0, 1, 2], geometry, []), { size: 3, id: "I3", path: true });
    assert.deepEqual(selectionShape(grid, [1, 7, 8], geometry, [])?.id, "L3");
    assert.equal(selectionShape(grid, [0, 2, 4], geometry, []), null);
    const cards = [{ letter: "P", rows: ["XXXXX"] }];
    assert.deepEqual(selectionShape(grid, [0, 1, 2, 3, 4], geometry, cards)?.id, "P");
  });
  test("claim kinds: equal numbers, numbers in order along a path", () => {
    assert.equal(claimKind(grid, [0, 1, 2], [3, 3, 3], "consecutive", false), "equal");
    assert.equal(claimKind(grid, [0, 1, 2], [1, 2, 3], "consecutive", false), "ordered");
    assert.equal(claimKind(grid, [0, 1, 2], [2, 1, 3], "consecutive", false), null); // 1 and 3 not adjacent
    assert.equal(claimKind(grid, [0, 1, 2], [1, 3, 5], "consecutive", false), null);
    assert.equal(claimKind(grid, [0, 1, 2], [1, 3, 5], "monotone", false), "ordered");
    assert.equal(claimKind(grid, [0, 1, 2], [5, 6, 1], "cyclic", false), "ordered");
  });
});

describe("explainSelection", () => {
  const values = Array(36).fill(0);
  values[0] = 1; values[1] = 2; values[2] = 4; values[6] = 1; values[12] = 1;
  const sheet = { values, crossed: ["g7"], claims: [], bonuses: [[], []], markers: {}, connect5: [] };
  const rules = {
    connect3: [{ id: "I3", rows: ["XXX"], path: true }, { id: "L3", rows: ["X.", "XX"], path: true }],
    connect4: [], connect5_boxes: 3, cards: [], options: {},
  };
  test("an empty space, too few, apart, numbers out of order", () => {
    assert.deepEqual(explainSelection(grid, [0, 3], sheet, rules), ["connnect.whyEmpty", { cell: "d1" }]);
    assert.deepEqual(explainSelection(grid, [0, 1], sheet, rules), ["connnect.whyTooFew", {}]);
    assert.deepEqual(explainSelection(grid, [0, 2, 6], sheet, rules), ["connnect.whyNotAdjacent", {}]);
    assert.deepEqual(explainSelection(grid, [0, 1, 2], sheet, rules), ["connnect.whyOrder", { numbers: "1 2 4" }]);
  });
  test("a space claimed before, with no Reuse bonus", () => {
    const claimed = { ...sheet, claims: [{ cells: ["a1"] }] };
    assert.deepEqual(explainSelection(grid, [0, 6, 12], claimed, rules), ["connnect.whyClaimedOnce", { cell: "a1" }]);
  });
  test("a legal-looking claim not offered now", () => {
    assert.deepEqual(explainSelection(grid, [0, 6, 12], sheet, rules), ["connnect.whyNotNow", {}]);
  });
});

describe("turnHintKey", () => {
  test("reads the kinds of the legal actions, not their notation", () => {
    const fill = { phase: "fill", you: { zone: 3, pending: [2, 5], task: null } };
    assert.deepEqual(turnHintKey(fill, [entry("x", { kind: "skip", value: 2 })], " and "), ["connnect.hintZoneFull", {}]);
    assert.deepEqual(turnHintKey(fill, [entry("x", { kind: "write", value: 2, cell: 0 })], " and "),
      ["connnect.hintFill", { numbers: "2 and 5", zone: 3 }]);
    assert.deepEqual(turnHintKey({ phase: "claim" }, [entry("x", { kind: "claim" })], ""), ["connnect.hintClaim", {}]);
    assert.deepEqual(turnHintKey({ phase: "claim" }, [], ""), ["connnect.hintClaimBonus", {}]);
  });
});

describe("stripStep", () => {
  test("a round in play: its own round and phase", () => {
    assert.deepEqual(stripStep({ round: 3, phase: "claim", dice: [2, 3, 5] }), { round: 3, phase: "claim" });
    assert.deepEqual(stripStep({ round: 3, phase: "roll", dice: [2, 3, 5] }), { round: 3, phase: "roll" });
    assert.deepEqual(stripStep({ round: 0, phase: "setup_roll", dice: [] }), { round: 0, phase: "roll" });
  });
  test("the next round's dice not rolled yet: the round just played, its Claim Phase", () => {
    // A puzzle's last claim ends the round: the page gets this position (chance to roll).
    assert.deepEqual(stripStep({ round: 2, phase: "roll", dice: [] }), { round: 1, phase: "claim" });
    assert.deepEqual(stripStep({ round: 1, phase: "roll", dice: [] }), { round: 1, phase: "roll" });
  });
});

describe("diceNoteKey", () => {
  test("between rounds (a puzzle's last claim): the round just played is over", () => {
    assert.deepEqual(diceNoteKey({ round: 4, phase: "roll", dice: [] }), ["connnect.roundPlayed", { round: 3 }]);
  });
  test("before the first roll: the dice are about to be rolled", () => {
    assert.deepEqual(diceNoteKey({ round: 1, phase: "roll", dice: [] }), ["connnect.diceWaiting", {}]);
    assert.deepEqual(diceNoteKey({ round: 0, phase: "setup_roll", dice: [] }), ["connnect.diceWaiting", {}]);
  });
});
