// The community pages' pure helpers (static/js/community.js): rating changes, time controls,
// chat texts, history queries, records and chart scales (the real texts are checked by
// tests/server/test_i18n.py).
import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";

import {
  bareTimeControl, chartScale, chatText, historyQuery, moveQuality, PRESETS, ratingChangeText, recordText, TIME_CONTROLS,
  timeControlOf, timeControlText,
} from "../../src/connect_arena/server/static/js/community.js";
import { addStrings, clearStrings, useLanguage } from "../../src/connect_arena/server/static/js/translate.js";

const COMMUNITY_EN = {
  noClock: "No clock", daysPerMove_one: "{count} day a move", daysPerMove_other: "{count} days a move",
  preset_hello: "Hello!", preset_good_game: "Good game!",
  winsLossesDraws: "{wins} W · {losses} L · {draws} D", placesOf: "{sides} players: {places}", placeCount: "place {place} ×{count}",
};

beforeEach(() => {
  clearStrings();
  addStrings("community", "en", COMMUNITY_EN);
  addStrings("community", "it", { preset_hello: "Ciao!", noClock: "Senza orologio" });
  useLanguage("en");
});

describe("ratingChangeText", () => {
  test("signs every change, with a real minus sign", () => {
    assert.equal(ratingChangeText(14), "+14");
    assert.equal(ratingChangeText(-9), "\u22129");
    assert.equal(ratingChangeText(0), "\u00b10");
  });
  test("says nothing for an unrated seat", () => {
    assert.equal(ratingChangeText(null), "");
    assert.equal(ratingChangeText(undefined), "");
    assert.equal(ratingChangeText(Number.NaN), "");
  });
});

describe("time controls", () => {
  test("every offered key has the API's shape", () => {
    for (const key of TIME_CONTROLS) {
      const control = timeControlOf(key);
      assert.deepEqual(Object.keys(control).sort(), ["base", "days", "increment", "kind"]);
    }
    assert.deepEqual(timeControlOf("rt:5+3"), { kind: "realtime", base: 300, increment: 3, days: 0 });
    assert.deepEqual(timeControlOf("turn:3"), { kind: "turn", base: 0, increment: 0, days: 3 });
    assert.deepEqual(timeControlOf("unlimited"), { kind: "unlimited", base: 0, increment: 0, days: 0 });
  });
  test("an unknown key is an error", () => {
    assert.throws(() => timeControlOf("blitz"), /unknown time control/);
  });
  test("in words: minutes + seconds, days a move, no clock (translated)", () => {
    assert.equal(timeControlText({ kind: "realtime", base: 300, increment: 3 }), "5+3");
    assert.equal(timeControlText({ kind: "realtime", base: 90, increment: 0 }), "1.5+0");
    assert.equal(timeControlText({ kind: "turn", days: 1 }), "1 day a move");
    assert.equal(timeControlText({ kind: "turn", days: 3 }), "3 days a move");
    assert.equal(timeControlText(null), "No clock");
    useLanguage("it");
    assert.equal(timeControlText({ kind: "unlimited" }), "Senza orologio");
  });
  test("the server's extra fields are dropped (the API refuses unknown fields)", () => {
    assert.deepEqual(bareTimeControl({ kind: "realtime", base: 180, increment: 2, days: 0, label: "3+2" }),
      { kind: "realtime", base: 180, increment: 2, days: 0 });
    assert.deepEqual(bareTimeControl(undefined), { kind: "unlimited", base: 0, increment: 0, days: 0 });
  });
});

describe("chatText", () => {
  test("text as written, markup included (the page sets it as text)", () => {
    assert.equal(chatText({ text: "<b>hi</b>", preset: null }), "<b>hi</b>");
  });
  test("presets in the reader's language, English when missing, the key when unknown", () => {
    assert.equal(chatText({ text: null, preset: "hello" }), "Hello!");
    useLanguage("it");
    assert.equal(chatText({ text: null, preset: "hello" }), "Ciao!");
    assert.equal(chatText({ text: null, preset: "good_game" }), "Good game!");
    assert.equal(chatText({ text: null, preset: "shrug" }), "shrug");
  });
  test("the presets are the server's (service/chat.py)", () => {
    assert.deepEqual(PRESETS, ["hello", "good_luck", "have_fun", "thanks", "well_played", "good_game", "sorry"]);
  });
});

describe("historyQuery", () => {
  test("leaves out empty filters and the first page", () => {
    assert.equal(historyQuery({}), "");
    assert.equal(historyQuery({ game: "", opponent: "  ", page: 1 }), "");
  });
  test("encodes the filters and the page", () => {
    assert.equal(
      historyQuery({ game: "quinque", opponent: " bob & co ", result: "win", since: "2026-01-01", page: 3, per_page: 20 }),
      "?game=quinque&opponent=bob+%26+co&result=win&since=2026-01-01&page=3&per_page=20");
  });
});

describe("recordText", () => {
  test("wins, losses and draws for two sides", () => {
    assert.equal(recordText({ played: 4, wins: 2, losses: 1, draws: 1, mean_rank: 1.5, mean_sides: 2 }), "2 W · 1 L · 1 D");
  });
  test("places by the number of players for more sides, never a mean rank (issue 27.9)", () => {
    const places = { 2: { 2: 1 }, 3: { 3: 1, 1: 2 } };
    assert.equal(recordText({ played: 4, wins: 2, losses: 2, draws: 0, mean_rank: 2.5, mean_sides: 2.5, places }),
      "2 W · 2 L · 0 D · 3 players: place 1 ×2, place 3 ×1");
  });
});

describe("chartScale", () => {
  const box = { width: 100, height: 50, pad: 5 };
  test("spreads the points and puts the extremes at the edges", () => {
    const { points, low, high } = chartScale([1500, 1600, 1550], box);
    assert.equal(low, 1500);
    assert.equal(high, 1600);
    assert.deepEqual(points, [[5, 45], [50, 5], [95, 25]]);
  });
  test("one point sits in the middle; equal values get a band", () => {
    const { points, low, high } = chartScale([7], box);
    assert.deepEqual(points, [[50, 25]]);
    assert.equal(high - low, 2);
  });
  test("fixed bounds: zero in the middle of -1..1", () => {
    const { y } = chartScale([0.5], { ...box, low: -1, high: 1 });
    assert.equal(y(0), 25);
    assert.equal(y(1), 5);
  });
});

describe("analysis helpers", () => {
  test("the move's quality from its rank", () => {
    assert.equal(moveQuality({ rank: 1, played: "a1", best: "a1" }), "best");
    assert.equal(moveQuality({ rank: 2, played: "b2", best: "a1" }), "good");
    assert.equal(moveQuality({ rank: 4, played: "c3", best: "a1" }), "mistake");
    assert.equal(moveQuality({ rank: null, played: "d4", best: "a1" }), "mistake");
  });
});
