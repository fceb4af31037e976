// Which ways to end a game the table page offers to whom (static/js/lifecycle.js), and the
// texts of why a game ended and what happened on the way.
import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";

import {
  choices, endReasonText, everyPersonActed, NO_OFFERS, noteTexts, settingsTexts, sidesOf,
} from "../../src/connect_arena/server/static/js/lifecycle.js";
import { addStrings, clearStrings, useLanguage } from "../../src/connect_arena/server/static/js/translate.js";

const NAMES = ["Red", "Blue", "Green"];
const label = (seat) => NAMES[seat];

/** A table: "h" a person's seat, "c" a computer's. */
function table(kinds = "hh", extra = {}) {
  return {
    id: 7, game: "quinque", title: "Quinque", options: {}, num_players: kinds.length, status: "running",
    returns: null, seq: 0, notes: [], reason: null,
    settings: { time_control: { kind: "realtime", base: 300, increment: 3, label: "5+3" }, hints: "auto", takeover: "mcts:normal", rated: false },
    seats: [...kinds].map((kind, seat) => ({
      seat, kind: kind === "h" ? "human" : "computer", user_id: kind === "h" ? seat + 1 : null, takeover: null,
    })),
    ...extra,
  };
}
const move = (seq, seat) => ({ seq, seat, action: "x" });
const state = (seq, extra = {}) => ({ seq, to_move: [0], chance: false, terminal: false, returns: null, you: [0], legal_actions: {}, observation: null, ...extra });

/** The situation of seat 0's person at `t` (a table), after `moves`. */
function situation(t, moves = [], extra = {}) {
  const seq = moves.at(-1)?.seq ?? 0;
  return {
    table: t, state: state(seq), you: [0], playing: 0, offers: NO_OFFERS, presence: {}, drawPossible: true,
    moves, signedIn: true, ...extra,
  };
}

beforeEach(() => {
  clearStrings();
  addStrings("common", "en", {
    reasonResigned: "{seat} resigned", reasonResignation: "A player resigned", reasonTimeout: "{seat} ran out of time",
    reasonTimeoutAny: "A clock ran out", reasonLeaver: "{seat} left", reasonLeaverAny: "A player left",
    reasonDrawAgreed: "Draw agreed", reasonAborted: "Aborted", reasonAbortedBy: "{seat} aborted", reasonAbortedEarly: "{reason}, before every first move: aborted", reasonAbortedDraw: "Draw before every first move: aborted", reasonAbandoned: "Abandoned",
    noteTakeover: "The computer ({agent}) plays for {seat} since move {move}", noteReturn: "{seat} came back at move {move}",
    noteHint: "{seat} asked for a hint at move {move}", rated: "Rated", casual: "Casual",
    hintsAllowedTag: "hints allowed", hintsOffTag: "no hints",
  });
  useLanguage("en");
});

describe("abort", () => {
  test("until every person has made a first action", () => {
    assert.equal(choices(situation(table())).abort, true);
    assert.equal(choices(situation(table(), [move(1, 0)])).abort, true);
    assert.equal(choices(situation(table(), [move(1, 0), move(2, 1)])).abort, false);
  });
  test("computer seats do not count; chance outcomes neither", () => {
    assert.equal(choices(situation(table("hc"), [move(1, -1), move(2, 1)])).abort, true);
    assert.equal(choices(situation(table("hc"), [move(1, -1), move(2, 1), move(3, 0)])).abort, false);
  });
  test("a long game whose first moves the page does not hold cannot be aborted", () => {
    assert.equal(everyPersonActed(table(), [move(201, 0)], 201), true);
  });
  test("spectators and finished tables: no abort", () => {
    assert.equal(choices(situation(table(), [], { you: [] })).abort, false);
    assert.equal(choices(situation(table("hh", { status: "finished" }))).abort, false);
  });
});

describe("resign", () => {
  test("the playing seat of a seated person while the game runs", () => {
    assert.equal(choices(situation(table())).resign, 0);
    assert.equal(choices(situation(table(), [], { you: [0, 1], playing: 1 })).resign, 1);
    assert.equal(choices(situation(table(), [], { you: [] })).resign, null);
    assert.equal(choices(situation(table(), [], { state: state(3, { terminal: true }) })).resign, null);
  });
  test("not for a seat a computer plays already", () => {
    const t = table("hhh");
    t.seats[0].takeover = "mcts:normal";
    assert.equal(choices(situation(t)).resign, null);
  });
});

describe("draw", () => {
  test("offer, offered, incoming", () => {
    assert.equal(choices(situation(table())).draw, "offer");
    assert.equal(choices(situation(table(), [], { offers: { ...NO_OFFERS, draw: [0] } })).draw, "offered");
    assert.equal(choices(situation(table(), [], { offers: { ...NO_OFFERS, draw: [1] } })).draw, "incoming");
  });
  test("not with a seat a computer plays for its person, nor from one", () => {
    const t = table("hhh");
    t.seats[1].takeover = "mcts:easy";
    t.seats[2].kind = "computer";
    assert.equal(choices(situation(t, [move(1, 0)])).draw, null);
    assert.equal(choices(situation(t, [move(1, 0)])).alone, true);
    const resigned = table("hhh");
    resigned.seats[0].takeover = "mcts:easy";
    assert.equal(choices(situation(resigned, [move(1, 0)])).draw, null);
    assert.equal(choices(situation(resigned, [move(1, 0)])).takeback, null);
  });
  test("only between people, in games with draws", () => {
    assert.equal(choices(situation(table("hc"))).draw, null);
    assert.equal(choices(situation(table(), [], { drawPossible: false })).draw, null);
  });
});

describe("takeback", () => {
  test("after one's own move, at casual tables", () => {
    assert.equal(choices(situation(table())).takeback, null);
    assert.equal(choices(situation(table(), [move(1, 0)])).takeback, "request");
    assert.equal(choices(situation(table(), [move(1, 0)])).alone, false);
    const rated = table();
    rated.settings.rated = true;
    assert.equal(choices(situation(rated, [move(1, 0)])).takeback, null);
  });
  test("against computers alone, nobody needs to agree", () => {
    const vsComputer = choices(situation(table("hc"), [move(1, 0), move(2, 1)]));
    assert.equal(vsComputer.takeback, "request");
    assert.equal(vsComputer.alone, true);
  });
  test("asked by me or by the other", () => {
    const mine = { ...NO_OFFERS, takeback: { seat: 0, to: 1 } };
    const theirs = { ...NO_OFFERS, takeback: { seat: 1, to: 2 } };
    assert.equal(choices(situation(table(), [move(1, 0)], { offers: mine })).takeback, "requested");
    assert.equal(choices(situation(table(), [move(1, 0), move(2, 1)], { offers: theirs })).takeback, "incoming");
  });
});

describe("claim and come back", () => {
  test("another person's seat that is offline and must act", () => {
    const presence = { 0: { online: true }, 1: { online: false, away: 70, claimable_in: 0 } };
    assert.deepEqual(choices(situation(table(), [], { presence })).claims, [{ seat: 1, claimableIn: 0 }]);
    const waiting = { 1: { online: false, away: 10, claimable_in: 50 } };
    assert.deepEqual(choices(situation(table(), [], { presence: waiting })).claims, [{ seat: 1, claimableIn: 50 }]);
  });
  test("not one's own seat, not a seat that need not act, not for spectators", () => {
    const presence = { 0: { online: false, claimable_in: 0 }, 1: { online: false, away: 70, claimable_in: null } };
    assert.deepEqual(choices(situation(table(), [], { presence })).claims, []);
    const other = { 1: { online: false, claimable_in: 0 } };
    assert.deepEqual(choices(situation(table(), [], { presence: other, you: [] })).claims, []);
  });
  test("a person whose seat was taken over after a claim may come back; after resigning not", () => {
    const t = table("hhh");
    t.seats[0].takeover = "mcts:normal";
    t.notes = [{ kind: "claim", seq: 4, seat: 0, by: 1 }, { kind: "takeover", seq: 4, seat: 0, agent: "mcts:normal" }];
    assert.equal(choices(situation(t)).comeBack, 0);
    t.notes.push({ kind: "resign", seq: 6, seat: 0 });
    assert.equal(choices(situation(t)).comeBack, null);
  });
});

describe("rematch and new game", () => {
  const finished = () => table("hh", { status: "finished", returns: [1, -1], reason: "resignation" });
  test("offer, accept the others', wait for them", () => {
    assert.equal(choices(situation(finished())).rematch, "offer");
    assert.equal(choices(situation(finished(), [], { offers: { ...NO_OFFERS, rematch: [1] } })).rematch, "accept");
    assert.equal(choices(situation(finished(), [], { offers: { ...NO_OFFERS, rematch: [0] } })).rematch, "accepted");
  });
  test("no rematch after an aborted or abandoned game; a new game still", () => {
    for (const reason of ["aborted", "abandoned"]) {
      const ended = choices(situation(table("hh", { status: "finished", returns: null, reason })));
      assert.equal(ended.rematch, null);
      assert.equal(ended.newGame, true);
    }
  });
  test("spectators get no rematch but may open a new game; nobody while it runs", () => {
    const spectator = choices(situation(finished(), [], { you: [] }));
    assert.equal(spectator.rematch, null);
    assert.equal(spectator.newGame, true);
    assert.equal(choices(situation(finished(), [], { signedIn: false, you: [] })).newGame, false);
    assert.equal(choices(situation(table())).rematch, null);
    assert.equal(choices(situation(table())).newGame, false);
  });
  test("a tournament's game offers neither: the way on is back to the tournament", () => {
    const settings = { ...table().settings, tournament: 3 };
    const over = choices(situation(table("hh", { status: "finished", returns: [1, -1], reason: "normal", settings })));
    assert.equal(over.rematch, null);
    assert.equal(over.newGame, false);
  });
});

describe("texts", () => {
  test("why the game ended, naming the seat from the notes", () => {
    const notes = [{ kind: "resign", seq: 5, seat: 1 }];
    assert.equal(endReasonText({ reason: "resignation", notes }, label), "Blue resigned");
    assert.equal(endReasonText({ reason: "timeout", notes: [{ kind: "timeout", seq: 9, seat: 0 }] }, label), "Red ran out of time");
    assert.equal(endReasonText({ reason: "leaver", notes: [{ kind: "claim", seq: 9, seat: 1, by: 0 }] }, label), "Blue left");
    assert.equal(endReasonText({ reason: "timeout", notes: [] }, label), "A clock ran out");
    assert.equal(endReasonText({ reason: "draw_agreed", notes: [] }, label), "Draw agreed");
    assert.equal(endReasonText({ reason: "aborted" }, label), "Aborted");
    // issue 27.4: who aborted, or whose resignation, flag or claim ended an unplayed game
    const aborted = (kind) => endReasonText({ reason: "aborted", notes: [{ kind, seq: 1, seat: 1 }] }, label);
    assert.equal(aborted("abort"), "Blue aborted");
    assert.equal(aborted("resign"), "Blue resigned, before every first move: aborted");
    assert.equal(aborted("timeout"), "Blue ran out of time, before every first move: aborted");
    assert.equal(aborted("claim"), "Blue left, before every first move: aborted");
    const drawn = { reason: "aborted", notes: [{ kind: "draw", seq: 1, seat: null }] };
    assert.equal(endReasonText(drawn, label), "Draw before every first move: aborted");
    assert.equal(endReasonText({ reason: "abandoned" }, label), "Abandoned");
    assert.equal(endReasonText({ reason: "normal", notes: [] }, label), "");
    assert.equal(endReasonText({ reason: null }, label), "");
  });
  test("take-overs, returns and hints, from the action after the note's seq", () => {
    const notes = [
      { kind: "resign", seq: 11, seat: 1 },
      { kind: "takeover", seq: 11, seat: 1, agent: "mcts:hard" },
      { kind: "return", seq: 20, seat: 2 },
      { kind: "hint", seq: 3, seat: 0 },
      { kind: "draw", seq: 4, seat: null },
    ];
    assert.deepEqual(noteTexts(notes, label, (agent) => agent.toUpperCase()), [
      "The computer (MCTS:HARD) plays for Blue since move 12", "Green came back at move 21", "Red asked for a hint at move 4",
    ]);
  });
  test("one line per take-over, none beside the viewer's own come-back alert (issue 27 polish)", () => {
    const notes = [
      { kind: "takeover", seq: 11, seat: 1, agent: "mcts:hard" },
      { kind: "takeover", seq: 14, seat: 1, agent: "mcts:hard" }, // the same take-over, noted again
      { kind: "return", seq: 20, seat: 1 },
      { kind: "takeover", seq: 30, seat: 1, agent: "mcts:hard" },
    ];
    const agent = (/** @type {string} */ a) => a.toUpperCase();
    assert.deepEqual(noteTexts(notes, label, agent), [
      "The computer (MCTS:HARD) plays for Blue since move 12", "Blue came back at move 21",
      "The computer (MCTS:HARD) plays for Blue since move 31",
    ]);
    assert.deepEqual(noteTexts(notes, label, agent, 1), [
      "The computer (MCTS:HARD) plays for Blue since move 12", "Blue came back at move 21",
    ]);
  });
  test("settings in a few words", () => {
    const settings = table().settings;
    assert.deepEqual(settingsTexts(settings, (tc) => tc.label), ["5+3", "Casual"]);
    assert.deepEqual(settingsTexts({ ...settings, rated: true, hints: "off" }, (tc) => tc.label), ["5+3", "Rated", "no hints"]);
    assert.deepEqual(settingsTexts({ ...settings, hints: "allowed" }, (tc) => tc.label), ["5+3", "Casual", "hints allowed"]);
    assert.deepEqual(settingsTexts(undefined, () => ""), []);
  });
  test("sides: teams, else seats", () => {
    assert.equal(sidesOf(table("hhhh"), { teams: { 4: [[0, 2], [1, 3]] } }), 2);
    assert.equal(sidesOf(table("hhh"), null), 3);
  });
});
