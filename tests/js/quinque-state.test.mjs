// Quinque's board state (static/games/quinque/state.js): the legal actions indexed from their
// parts (the server's data, never notation), the lattice layout and the part drawn.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  CELL, GAP, MIN_TILES, actionOf, bounds, darker, layout, legalIndex, offeredKinds,
} from "../../src/connect_arena/server/static/games/quinque/state.js";

// The parts are Action.parts() of games/quinque/notation.py; the notations are only carried.
const actions = [
  { notation: "mark 1,0", parts: { kind: "mark", skydiver: [1, 0] } },
  { notation: "add T1,0 2,1", parts: { kind: "add", tile: [1, 0], skydiver: [2, 1] } },
  { notation: "add T1,0 3,0", parts: { kind: "add", tile: [1, 0], skydiver: [3, 0] } },
  { notation: "add T-1,0 -1,1", parts: { kind: "add", tile: [-1, 0], skydiver: [-1, 1] } },
  { notation: "move T0,1 T1,1", parts: { kind: "move", tile: [0, 1], to: [1, 1] } },
  { notation: "pass", parts: { kind: "pass" } },
];

describe("legalIndex", () => {
  test("indexes each action by what is clicked, to the notation the page sends", () => {
    const legal = legalIndex(actions);
    assert.deepEqual([...legal.marks], [["1,0", "mark 1,0"]]);
    assert.deepEqual([...legal.adds.keys()], ["1,0", "-1,0"]);
    assert.deepEqual([...(legal.adds.get("1,0") ?? [])], [["2,1", "add T1,0 2,1"], ["3,0", "add T1,0 3,0"]]);
    assert.equal(legal.moves.get("0,1")?.get("1,1"), "move T0,1 T1,1");
    assert.equal(legal.pass, "pass");
  });
  test("reads the parts, not the notation (any notation is carried as it is)", () => {
    const legal = legalIndex([{ notation: "whatever the grammar", parts: { kind: "mark", skydiver: [4, -2] } }]);
    assert.equal(legal.marks.get("4,-2"), "whatever the grammar");
    assert.equal(legal.pass, null);
  });
  test("an empty turn offers nothing", () => {
    const legal = legalIndex([]);
    assert.deepEqual(offeredKinds(legal), []);
    assert.equal(legal.marks.size + legal.adds.size + legal.moves.size, 0);
  });
});

test("offeredKinds names what the turn offers, in order", () => {
  assert.deepEqual(offeredKinds(legalIndex(actions)), ["mark", "add", "move"]);
  assert.deepEqual(offeredKinds(legalIndex(actions.slice(4))), ["move"]);
});

test("actionOf finds the legal action a suggestion names", () => {
  assert.equal(actionOf(actions, "move T0,1 T1,1")?.parts.kind, "move");
  assert.equal(actionOf(actions, "mark 9,9"), null);
  assert.equal(actionOf(actions, null), null);
});

describe("layout", () => {
  const lattice = layout(2);
  test("places tiles and skydivers on the lattice", () => {
    assert.equal(lattice.pitch, 2 * CELL + GAP);
    assert.deepEqual(lattice.tileOrigin(1, -1), [lattice.pitch, -lattice.pitch]);
    assert.deepEqual(lattice.diverCenter(0, 0), [CELL / 2, CELL / 2]);
    assert.deepEqual(lattice.diverCenter(3, -1), [lattice.pitch + 1.5 * CELL, -lattice.pitch + 1.5 * CELL]);
  });
  test("finds the tile cell under a point", () => {
    const [x, y] = lattice.diverCenter(3, -1);
    assert.equal(lattice.cellAt({ x, y }), "1,-1");
    assert.equal(lattice.cellAt({ x: -1, y: 1 }), "0,0"); // half the gap belongs to the tile
  });
});

describe("bounds", () => {
  test("shows MIN_TILES × MIN_TILES around the first tile at the start", () => {
    const box = bounds({ tiles: [], firstTile: [0, 0], legal: legalIndex([]) });
    assert.deepEqual(box, { minX: -1, minY: -1, maxX: 1, maxY: 1 });
    assert.equal(box.maxX - box.minX + 1, MIN_TILES);
  });
  test("takes in the cells of adds, the selected tile's moves and the last move", () => {
    const legal = legalIndex(actions);
    const plain = bounds({ tiles: [[0, 0], [0, 1]], firstTile: [0, 0], legal });
    assert.equal(plain.minX, -1);
    const last = { kind: "move", tile: [5, 0], to: [0, 1] };
    const wide = bounds({ tiles: [[0, 0], [0, 1]], firstTile: [0, 0], legal, last, selected: "0,1" });
    assert.deepEqual(wide, { minX: -1, minY: -0.5, maxX: 5, maxY: 1.5 }); // y: 0..1, widened to 3 tiles
  });
});

test("darker shades a colour, else gives the fallback", () => {
  assert.equal(darker("#ffffff", "ink"), "#9e9e9e");
  assert.equal(darker("red", "ink"), "ink");
});
