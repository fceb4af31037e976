// Issue 15, defect 8: one readable form for a seat and who sits there, with the real texts of
// the five languages ("Blue · Computer, hard", never "Blue (computer (hard (MCTS)))").
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { beforeEach, describe, test } from "node:test";

import {
  agentLabel, playerName, recordPlayerName, relativeTime, resultText, seatPlayerText,
} from "../../src/connect_arena/server/static/js/format.js";
import { addStrings, clearStrings, useLanguage } from "../../src/connect_arena/server/static/js/translate.js";

const LANGUAGES = ["en", "it", "de", "fr", "es"];
const AGENTS = ["random", "greedy", "mcts:easy", "mcts:normal", "mcts:hard"];
const I18N = new URL("../../src/connect_arena/server/static/i18n/", import.meta.url);
const GAME = { name: "connnect", title: "CO'NNN'ECT", seat_names: ["Blue", "Red"] };

beforeEach(() => {
  clearStrings();
  for (const lang of LANGUAGES) {
    for (const namespace of ["common", "connnect"]) {
      addStrings(namespace, lang, JSON.parse(readFileSync(new URL(`${namespace}.${lang}.json`, I18N), "utf8")));
    }
  }
  useLanguage("en");
});

describe("seat and player names", () => {
  test("a computer seat reads 'Blue · Computer, hard'", () => {
    const seat = { kind: "computer", agent: "mcts:hard" };
    assert.equal(seatPlayerText(GAME, 0, seat), "Blue · Computer, hard");
    assert.equal(playerName(seat), "Computer, hard");
    assert.equal(agentLabel("mcts:hard"), "hard");
    assert.equal(seatPlayerText(GAME, 1, { kind: "human", name: "Ann" }), "Red · Ann");
    assert.equal(seatPlayerText(GAME, 1, { kind: "open", name: null }), "Red");
    assert.equal(recordPlayerName("computer (mcts:easy)"), "Computer, easy");
  });
  test("the result line names the winner the same way", () => {
    const seats = [{ kind: "computer", agent: "mcts:hard" }, { kind: "human", name: "Ann" }];
    const line = resultText([1, -1], (seat) => seatPlayerText(GAME, seat, seats[seat]), GAME);
    assert.equal(line, "Blue · Computer, hard won");
  });
  test("no language nests brackets in a computer's name", () => {
    for (const lang of LANGUAGES) {
      useLanguage(lang);
      for (const agent of AGENTS) {
        const text = seatPlayerText(GAME, 0, { kind: "computer", agent });
        assert.doesNotMatch(text, /[()]/, `${lang} ${agent}: ${text}`);
        assert.match(text, / · \S/, `${lang} ${agent}: ${text}`);
      }
    }
  });
});

describe("relativeTime", () => {
  const now = Date.parse("2026-11-25T18:00:00Z");
  test("says when, in the page's language", () => {
    assert.equal(relativeTime("2026-11-25T17:59:30Z", now), "now");
    assert.equal(relativeTime("2026-11-25T17:55:00Z", now), "5 minutes ago");
    assert.equal(relativeTime("2026-11-25T15:00:00Z", now), "3 hours ago");
    assert.equal(relativeTime("2026-11-24T12:00:00Z", now), "yesterday");
    assert.equal(relativeTime("2026-11-01T12:00:00Z", now), "3 weeks ago");
    useLanguage("de");
    assert.equal(relativeTime("2026-11-25T17:55:00Z", now), "vor 5 Minuten");
    useLanguage("it");
    assert.equal(relativeTime("2026-11-25T15:00:00Z", now), "3 ore fa");
  });
  test("no date, no text", () => {
    assert.equal(relativeTime(null, now), "");
    assert.equal(relativeTime("not a date", now), "");
  });
});
