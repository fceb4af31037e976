// The arrow keys' choice on a board (static/js/board-keys.js nearest): the nearest target in
// the direction pressed, ahead by more than a pixel, one straight ahead before one aside.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { nearest } from "../../src/connect_arena/server/static/js/board-keys.js";

// A 3×3 grid of targets 10 px apart, read row by row: index = 3·row + column.
const grid = [0, 1, 2].flatMap((row) => [0, 1, 2].map((column) => ({ x: column * 10, y: row * 10 })));

describe("nearest", () => {
  test("each arrow goes to the neighbour on that side", () => {
    const middle = grid[4];
    assert.equal(nearest(middle, grid, 1, 0), 5);
    assert.equal(nearest(middle, grid, -1, 0), 3);
    assert.equal(nearest(middle, grid, 0, 1), 7);
    assert.equal(nearest(middle, grid, 0, -1), 1);
  });
  test("nothing that way: -1", () => {
    assert.equal(nearest(grid[2], grid, 1, 0), -1);
    assert.equal(nearest(grid[0], grid, 0, -1), -1);
  });
  test("a target straight ahead wins over a nearer one far aside", () => {
    const targets = [{ x: 0, y: 0 }, { x: 4, y: 9 }, { x: 12, y: 0 }];
    assert.equal(nearest(targets[0], targets, 1, 0), 2);
  });
  test("a target level with the focus (less than a pixel ahead) is not ahead", () => {
    const targets = [{ x: 0, y: 0 }, { x: 0.5, y: 30 }];
    assert.equal(nearest(targets[0], targets, 1, 0), -1);
  });
});
