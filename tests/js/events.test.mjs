// eventText (static/js/translate.js): structured events from the server, translated by key;
// rulesHref (static/js/format.js): a rules link only where a page exists.
import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";

import { rulesHref } from "../../src/connect_arena/server/static/js/format.js";
import { addStrings, clearStrings, eventText, useLanguage } from "../../src/connect_arena/server/static/js/translate.js";

const names = ["Red", "Blue", "Green"];
const seatName = (/** @type {number} */ seat) => names[seat];

beforeEach(() => {
  clearStrings();
  addStrings("common", "en", { "event.not_your_turn": "it is not {seat}'s turn" });
  addStrings("common", "it", { "event.not_your_turn": "non è il turno di {seat}" });
  addStrings("pairs", "en", { "event.take": "{seat} takes {subject} into zone {zone}", "event.meet": "{seats} meet" });
  useLanguage("en");
});

describe("eventText", () => {
  test("a game's key reads <game>.event.<what>, with seats by name", () => {
    const event = { key: "pairs.take", params: { seat: 1, subject: "F", zone: 2 } };
    assert.equal(eventText(event, seatName), "Blue takes F into zone 2");
  });
  test("core keys read common.event.<what>, in the active language", () => {
    useLanguage("it");
    assert.equal(eventText({ key: "core.not_your_turn", params: { seat: 0 } }, seatName), "non è il turno di Red");
  });
  test("lists of seats are named and joined", () => {
    const joined = eventText({ key: "pairs.meet", params: { seats: [0, 2] } }, seatName, (xs) => xs.join(" & "));
    assert.equal(joined, "Red & Green meet");
  });
  test("an event without a translation, or no event, gives null (the caller falls back)", () => {
    assert.equal(eventText({ key: "pairs.unknown", params: {} }, seatName), null);
    assert.equal(eventText(null, seatName), null);
    assert.equal(eventText({ key: "nodot", params: {} }, seatName), null);
  });
});

describe("rulesHref", () => {
  test("the page's language when the game has it, else English", () => {
    const game = { name: "quinque", rules_languages: ["en", "it"] };
    assert.equal(rulesHref(game, "it"), "/static/rules/quinque.it.html");
    assert.equal(rulesHref(game, "de"), "/static/rules/quinque.en.html");
  });
  test("no page, no link", () => {
    assert.equal(rulesHref({ name: "fivestones", rules_languages: [] }, "en"), null);
    assert.equal(rulesHref({ name: "fivestones" }, "en"), null);
    assert.equal(rulesHref(null, "en"), null);
  });
});

describe("plurals in event texts (issue 27 polish: no '1 points')", () => {
  test("{name|one|other} follows the number", async () => {
    const { addStrings, eventText, clearStrings, useLanguage } = await import("../../src/connect_arena/server/static/js/translate.js");
    clearStrings();
    addStrings("demo", "en", { "event.shared": "{seats} share with {points} {points|point|points}" });
    useLanguage("en");
    const seat = (/** @type {number} */ s) => `S${s}`;
    assert.equal(eventText({ key: "demo.shared", params: { seats: [0, 1], points: 1 } }, seat), "S0, S1 share with 1 point");
    assert.equal(eventText({ key: "demo.shared", params: { seats: [0, 1], points: 7 } }, seat), "S0, S1 share with 7 points");
  });
});

describe("coordinates stay whole (issue 27 polish: no line break at the minus sign)", () => {
  test("a minus inside a coordinate is joined to its neighbours", async () => {
    const { addStrings, eventText, useLanguage } = await import("../../src/connect_arena/server/static/js/translate.js");
    addStrings("demo", "en", { "event.add": "{seat} adds tile {tile}" });
    useLanguage("en");
    const text = eventText({ key: "demo.add", params: { seat: 0, tile: "T1,-1" } }, (s) => `S${s}`);
    assert.equal(text, "S0 adds tile T1,\u2060-\u20601");
  });
});
