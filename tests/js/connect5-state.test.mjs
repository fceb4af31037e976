// Connect 5's board state (static/games/connect5/state.js): the legal actions indexed from
// their parts (never from notation), captures chosen hop by hop, what a person can reach,
// the last move's dots and the drawing model of a geometry.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  actionOfNotation, boardModel, chainEnd, hopsAfter, lastMove, legalIndex, reachable, route,
  routeThrough, sources, startDot, targetsFrom,
} from "../../src/connect_arena/server/static/games/connect5/state.js";

/** A legal action as the server sends it (core/game.py Action.legal_json; Jump.parts adds
 * prefixes). The notations are made up on purpose: the module must only carry them. */
const entry = (notation, parts) => ({ notation, parts });
const actions = [
  entry("P a1", { kind: "place", dot: "a1" }),
  entry("P c1", { kind: "place", dot: "c1" }),
  entry("S b2", { kind: "stack", dot: "b2" }),
  entry("st b2 b3", { kind: "step", src: "b2", dst: "b3" }),
  entry("sp b2 b3", { kind: "split", src: "b2", dst: "b3" }),
  entry("J1", { kind: "jump", path: ["b2", "c2", "d2"], sandwich: false, prefixes: ["J1"] }),
  entry("J2", { kind: "jump", path: ["b2", "c2", "d2", "d3", "d4"], sandwich: false, prefixes: ["J1", "J2"] }),
  entry("J3", { kind: "jump", path: ["b2", "c2", "d2", "e2", "f2"], sandwich: false, prefixes: ["J1", "J3"] }),
  entry("W", { kind: "jump", path: ["e5", "e6", "e7"], sandwich: true, prefixes: ["W"] }),
  entry("WW", { kind: "jump", path: ["e5", "f5", "g5", "g6", "g7"], sandwich: true, prefixes: ["x", "WW"] }),
];

describe("legalIndex", () => {
  const legal = legalIndex(actions);
  test("indexes places, stacks and moves by dot, to their notations", () => {
    assert.deepEqual([...legal.place], [["a1", "P a1"], ["c1", "P c1"]]);
    assert.deepEqual([...legal.stack], [["b2", "S b2"]]);
    assert.deepEqual(legal.moves.get("b2"), [
      { kind: "step", to: "b3", action: "st b2 b3" }, { kind: "split", to: "b3", action: "sp b2 b3" }]);
    assert.equal(legal.all.size, actions.length);
  });
  test("captures keep their paths; a one-hop sandwich is offered from its source, a longer one as a button", () => {
    assert.deepEqual(legal.jumps.map((j) => j.action), ["J1", "J2", "J3"]);
    assert.deepEqual(legal.sandwiches, [{ source: "e5", over: "e6", to: "e7", action: "W" }]);
    assert.deepEqual(legal.other, ["WW"]);
    assert.equal(legal.pass, null);
    assert.equal(legalIndex([entry("pass", { kind: "pass" })]).pass, "pass");
  });
  test("sources are the tokens that move, capture or can be stacked on", () => {
    assert.deepEqual([...sources(legal)].sort(), ["b2", "e5"]);
  });
});

describe("captures hop by hop", () => {
  const legal = legalIndex(actions);
  test("the first hops from a token, named by the server's prefixes", () => {
    const hops = hopsAfter(legal, ["b2"]);
    assert.deepEqual([...hops.keys()], ["d2"]);
    assert.deepEqual(hops.get("d2"), [{ kind: "jump", to: "d2", over: "c2", name: "J1", path: ["b2", "c2", "d2"] }]);
  });
  test("the next hops after the first, and where a capture may end", () => {
    const next = hopsAfter(legal, ["b2", "c2", "d2"]);
    assert.deepEqual([...next.keys()], ["d4", "f2"]);
    assert.equal(next.get("f2")?.[0].name, "J3");
    assert.equal(chainEnd(legal, ["b2", "c2", "d2"]), "J1");
    assert.equal(chainEnd(legal, ["b2", "c2", "d2", "d3", "d4"]), "J2");
    assert.equal(chainEnd(legal, ["b2", "c2"]), null);
    assert.equal(hopsAfter(legal, ["b2", "c2", "d2", "d3", "d4"]).size, 0);
  });
  test("a token's options by the dot they end on", () => {
    const targets = targetsFrom(legal, "b2");
    assert.deepEqual([...targets.keys()], ["b3", "d2"]);
    assert.deepEqual(targets.get("b3")?.map((o) => o.name), ["st b2 b3", "sp b2 b3"]);
    assert.deepEqual(targetsFrom(legal, "e5").get("e7"), [{ kind: "sandwich", to: "e7", over: "e6", name: "W", action: "W" }]);
  });
});

describe("reachable", () => {
  const legal = legalIndex(actions);
  const everywhere = { dots: ["a1", "c1", "b2", "e5"], drawn: () => true, own: () => false };
  test("every legal action can be reached on a drawn board", () => {
    assert.deepEqual(reachable(legal, everywhere), [...legal.all].sort());
  });
  test("nothing is placed on the mover's own token, nothing chosen from an undrawn dot", () => {
    const found = reachable(legal, { ...everywhere, own: (dot) => dot === "a1", drawn: (dot) => dot !== "e5" });
    assert.ok(!found.includes("P a1") && !found.includes("W"));
    assert.ok(found.includes("WW") && found.includes("J2")); // a button of its own; a chain
  });
  test("without a drawing every action is a button", () => {
    assert.deepEqual(reachable(legal, null), [...legal.all].sort());
  });
});

test("lastMove and startDot read the parts", () => {
  assert.deepEqual(lastMove({ kind: "place", dot: "a1" }), { kind: "place", dot: "a1" });
  assert.deepEqual(lastMove({ kind: "split", src: "b2", dst: "b3" }), { kind: "split", from: "b2", to: "b3" });
  assert.deepEqual(lastMove({ kind: "jump", path: ["b2", "c2", "d2", "d3", "d4"], sandwich: false }),
    { kind: "capture", path: ["b2", "c2", "d2", "d3", "d4"], landings: ["b2", "d2", "d4"], victims: ["c2", "d3"] });
  assert.equal(lastMove({ kind: "first_player", seat: 0 }), null);
  assert.equal(lastMove(null), null);
  assert.equal(startDot({ kind: "step", src: "b2", dst: "b3" }), "b2");
  assert.equal(startDot({ kind: "jump", path: ["e5", "e6", "e7"], sandwich: true }), "e5");
  assert.equal(startDot({ kind: "pass" }), null);
  assert.equal(actionOfNotation(actions, "J2")?.parts.path.length, 5);
  assert.equal(actionOfNotation(actions, "nothing"), null);
});

describe("boardModel", () => {
  const model = boardModel({
    board: "tiny", name: "Tiny", origin: "", coordinates: null,
    dots: [{ id: "a", x: 0, y: 0, circled: true }, { id: "b", x: 2, y: 0, circled: false }, { id: "c", x: 2, y: 1, circled: false }],
    junctions: [{ id: "j", x: 1, y: 0 }],
    segments: [[[0, 0], [2, 0]], [[2, 0], [2, 3]]],
    links: [{ a: "a", b: "b", points: [[0, 0], [1, 0], [2, 0]] }],
  });
  test("holds the dots, the junctions and the bounds", () => {
    assert.deepEqual(model.dots.map((d) => d.id), ["a", "b", "c"]);
    assert.equal(model.nodes.get("j")?.dot, false);
    assert.deepEqual(model.bounds, { minX: 0, maxX: 2, minY: 0, maxY: 3 });
  });
  test("routes follow the server's links both ways, else a straight line", () => {
    assert.deepEqual(route(model, "b", "a"), [[2, 0], [1, 0], [0, 0]]);
    assert.deepEqual(route(model, "b", "c"), [[2, 0], [2, 1]]);
    assert.deepEqual(routeThrough(model, ["a", "b", "c"]), [[0, 0], [1, 0], [2, 0], [2, 1]]);
  });
});
