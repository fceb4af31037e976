// The tournament pages' texts and figures (static/js/tournament-format.js), on tables made here
// (the real texts are checked by tests/server/test_i18n.py).
import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";

import {
  countdownText, currentTables, entrantName, formatText, gamesOf, isoWithOffset, localInputValue, numberText, outcomeOf,
  podiumOf, rankOf, registrationOpen, tiebreakName, timeControlText,
} from "../../src/connect_arena/server/static/js/tournament-format.js";
import { addStrings, clearStrings, useLanguage } from "../../src/connect_arena/server/static/js/translate.js";

const TOURNAMENTS_EN = {
  noClock: "no clock", daysPerMove_one: "{count} day per move", daysPerMove_other: "{count} days per move", swiss: "Swiss", arena: "Arena", roundRobin: "Round-robin",
  withRounds_one: "{format}, {count} round", withRounds_other: "{format}, {count} rounds",
  withMinutes_other: "{format}, {count} minutes", tbBuchholz: "Buchholz",
  tbBuchholzCut1: "Buchholz cut 1", tbSonnebornBerger: "Sonneborn-Berger", tbMeanRank: "Mean rank", tbWins: "Wins",
  tbPercentage: "Percentage", daysAnd: "{n} d {time}",
};
const TOURNAMENTS_DE = { swiss: "Schweizer System", withRounds_other: "{format}, {count} Runden", tbMeanRank: "Mittlere Platzierung" };
const COMMON_EN = { computerPlayer: "Computer, {agent}", agentRandom: "random moves", agentHard: "strong" };

/** A game of a tournament. */
const game = (round, entrants, returns = null, reason = returns ? "won" : null) =>
  ({ round, table_id: 10 + round * 10 + entrants[0], entrants, returns, reason, no_shows: [] });

beforeEach(() => {
  clearStrings();
  addStrings("tournaments", "en", TOURNAMENTS_EN);
  addStrings("tournaments", "de", TOURNAMENTS_DE);
  addStrings("common", "en", COMMON_EN);
  useLanguage("en");
});

describe("the event's description", () => {
  test("a time control reads as minutes+seconds, days per move, or no clock", () => {
    assert.equal(timeControlText({ kind: "realtime", base: 300, increment: 3, days: 0, label: "5+3" }), "5+3");
    assert.equal(timeControlText({ kind: "realtime", base: 30, increment: 2, days: 0 }), "0.5+2");
    assert.equal(timeControlText({ kind: "turn", base: 0, increment: 0, days: 2, label: "2d" }), "2 days per move");
    assert.equal(timeControlText({ kind: "turn", base: 0, increment: 0, days: 1, label: "1d" }), "1 day per move");
    assert.equal(timeControlText({ kind: "unlimited", base: 0, increment: 0, days: 0 }), "no clock");
    assert.equal(timeControlText(null), "no clock");
  });

  test("the format names its length, in the page's language", () => {
    assert.equal(formatText({ format: "swiss", rounds: 5, minutes: 30 }), "Swiss, 5 rounds");
    assert.equal(formatText({ format: "arena", rounds: 5, minutes: 45 }), "Arena, 45 minutes");
    assert.equal(formatText({ format: "swiss", rounds: 1, minutes: 30 }), "Swiss, 1 round");
    assert.equal(formatText({ format: "round_robin", rounds: 7, minutes: 30 }), "Round-robin");
    useLanguage("de");
    assert.equal(formatText({ format: "swiss", rounds: 3, minutes: 30 }), "Schweizer System, 3 Runden");
  });

  test("tie-breaks are named by their keys; an unknown key shows itself", () => {
    assert.deepEqual(
      ["buchholz", "buchholz_cut1", "sonneborn_berger", "mean_rank", "wins", "percentage", "koya"].map(tiebreakName),
      ["Buchholz", "Buchholz cut 1", "Sonneborn-Berger", "Mean rank", "Wins", "Percentage", "koya"]);
    useLanguage("de");
    assert.equal(tiebreakName("mean_rank"), "Mittlere Platzierung");
    assert.equal(tiebreakName("buchholz"), "Buchholz"); // English when German lacks it
  });

  test("computers are named by their level and number; people and bots by their names", () => {
    assert.equal(entrantName({ name: "random #2", agent: "random" }), "Computer, random moves #2");
    assert.equal(entrantName({ name: "mcts:hard #1", agent: "mcts:hard" }), "Computer, strong #1");
    assert.equal(entrantName({ name: "ann", agent: null }), "ann");
  });

  test("scores keep halves and at most two decimals", () => {
    assert.equal(numberText(2.5), "2.5");
    assert.equal(numberText(3), "3");
    assert.equal(numberText(1 / 3), "0.33");
    assert.equal(numberText(2.5, "de"), "2,5");
    assert.equal(numberText(null), "—");
  });
});

describe("times", () => {
  test("a datetime-local value gets the viewer's offset", () => {
    assert.equal(isoWithOffset("2026-11-25T20:05", 60), "2026-11-25T20:05:00+01:00");
    assert.equal(isoWithOffset("2026-11-25T20:05:30", -330), "2026-11-25T20:05:30-05:30");
    assert.equal(isoWithOffset("2026-11-25T20:05", 0), "2026-11-25T20:05:00+00:00");
    assert.equal(isoWithOffset("", 60), "");
    assert.equal(isoWithOffset("tomorrow", 60), "");
  });

  test("the offset string and the local value name the same instant", () => {
    const when = new Date(2026, 10, 25, 20, 5, 30);
    const iso = isoWithOffset(localInputValue(when, true), -when.getTimezoneOffset());
    assert.equal(Date.parse(iso), when.getTime());
    assert.equal(localInputValue(when), "2026-11-25T20:05");
  });

  test("countdowns", () => {
    assert.equal(countdownText(65_000), "1:05");
    assert.equal(countdownText(3_723_000), "1:02:03");
    assert.equal(countdownText(2 * 86_400_000 + 3_723_000), "2 d 01:02:03");
    assert.equal(countdownText(-5_000), "0:00");
    assert.equal(countdownText(400), "0:01"); // a part of a second left still shows
  });
});

describe("games and rounds", () => {
  const tournament = {
    format: "swiss", round: 2, status: "running",
    games: [game(1, [0, 1], [1, -1]), game(1, [2, 3], [0, 0]), game(2, [0, 2]), game(2, [1, 3], [-1, 1])],
  };

  test("outcomes of two-player and multi-player games", () => {
    assert.equal(outcomeOf(tournament.games[0], 0), "win");
    assert.equal(outcomeOf(tournament.games[0], 1), "loss");
    assert.equal(outcomeOf(tournament.games[1], 3), "draw");
    assert.equal(outcomeOf(tournament.games[2], 0), null); // still playing
    assert.equal(outcomeOf(tournament.games[0], 5), null); // not at that table
    const three = game(1, [4, 5, 6], [2, 2, 0]);
    assert.equal(outcomeOf(three, 4), "win"); // sharing first place is a win
    assert.equal(outcomeOf(three, 6), "loss");
    assert.deepEqual([0, 1, 2].map((seat) => rankOf([2, 2, 0], seat)), [1, 1, 3]);
  });

  test("a player's games with their opponents and seat", () => {
    assert.deepEqual(gamesOf(tournament, 2).map(({ game: g, seat, opponents }) => [g.round, seat, opponents]),
      [[1, 0, [3]], [2, 1, [0]]]);
  });

  test("the current round's tables (Swiss), the games in progress (arena), none before the start", () => {
    assert.deepEqual(currentTables(tournament).map((g) => g.entrants), [[0, 2], [1, 3]]);
    assert.deepEqual(currentTables({ ...tournament, format: "arena" }).map((g) => g.entrants), [[0, 2]]);
    assert.deepEqual(currentTables({ ...tournament, status: "upcoming" }), []);
  });

  test("registration: until the start, and during an arena", () => {
    assert.equal(registrationOpen({ status: "upcoming", format: "swiss" }), true);
    assert.equal(registrationOpen({ status: "running", format: "swiss" }), false);
    assert.equal(registrationOpen({ status: "running", format: "arena" }), true);
    assert.equal(registrationOpen({ status: "finished", format: "arena" }), false);
  });

  test("an arena past its time takes nobody and lets nobody withdraw", () => {
    const now = Date.parse("2026-01-01T12:00:00Z");
    const arena = (ends_at) => ({ status: "running", format: "arena", ends_at });
    assert.equal(registrationOpen(arena("2026-01-01T12:00:01Z"), now), true);
    assert.equal(registrationOpen(arena("2026-01-01T12:00:00Z"), now), false);
    assert.equal(registrationOpen(arena("2026-01-01T11:59:00Z"), now), false);
  });

  test("the podium: the first three places of a finished event, ties shared", () => {
    const row = (entrant, place) => ({ entrant, place });
    const standings = [row(3, 1), row(1, 2), row(0, 2), row(2, 4), row(4, 5)];
    assert.deepEqual(podiumOf({ status: "finished", standings }).map((r) => r.entrant), [3, 1, 0]);
    assert.deepEqual(podiumOf({ status: "running", standings }), []);
    assert.deepEqual(podiumOf({ status: "finished", standings: [] }), []);
  });
});
