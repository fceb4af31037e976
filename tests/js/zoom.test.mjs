// The zoom levels of a board on a phone (static/games/zoom.js): which scales the buttons step
// through, and where the frame scrolls to keep a board point in its middle.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { TARGET_PX, scrollFor, stepLevel, zoomLevels } from "../../src/connect_arena/server/static/games/zoom.js";

describe("zoomLevels", () => {
  test("a board whose fitted targets are big enough needs no zoom", () => {
    assert.deepEqual(zoomLevels(1.2, 1.1), [1.2]);
    assert.deepEqual(zoomLevels(1.1, 1.1), [1.1]);
  });
  test("a board too small to touch: fit, the touch size, 1.5 and 2 times it", () => {
    assert.deepEqual(zoomLevels(0.5, 1), [0.5, 1, 1.5, 2]);
  });
  test("a board without a size (hidden, not drawn yet) has no levels", () => {
    assert.deepEqual(zoomLevels(0, 1), []);
    assert.deepEqual(zoomLevels(Number.NaN, 1), []);
    assert.deepEqual(zoomLevels(Infinity, 1), []);
  });
  test("the touch size makes the smallest target 44 px", () => {
    assert.ok(TARGET_PX >= 44 && TARGET_PX < 45);
  });
});

describe("stepLevel", () => {
  const levels = [0.5, 1, 1.5, 2];
  test("in and out go to the next level", () => {
    assert.equal(stepLevel(levels, 1, 1), 1.5);
    assert.equal(stepLevel(levels, 1, -1), 0.5);
  });
  test("from between two levels, to the nearer one in that direction", () => {
    assert.equal(stepLevel(levels, 0.7, 1), 1);
    assert.equal(stepLevel(levels, 0.7, -1), 0.5);
  });
  test("the ends stay where they are", () => {
    assert.equal(stepLevel(levels, 2, 1), 2);
    assert.equal(stepLevel(levels, 0.5, -1), 0.5);
  });
  test("a scale a rounding error from a level counts as that level", () => {
    assert.equal(stepLevel(levels, 1.0000001, 1), 1.5);
    assert.equal(stepLevel(levels, 0.9999999, -1), 0.5);
  });
});

describe("scrollFor", () => {
  test("puts the board point in the middle of the frame", () => {
    // A 1000 px drawing of units 100..600 at 2 px per unit in a 300 px frame: unit 350 is at
    // 500 px, so the frame starts at 350 px.
    assert.equal(scrollFor(350, 100, 2, 300, 1000), 350);
  });
  test("stays within the drawing", () => {
    assert.equal(scrollFor(100, 100, 2, 300, 1000), 0);
    assert.equal(scrollFor(600, 100, 2, 300, 1000), 700);
  });
  test("a drawing smaller than its frame does not scroll", () => {
    assert.equal(scrollFor(350, 100, 0.5, 300, 250), 0);
  });
});
