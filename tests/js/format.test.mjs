// The texts the pages build from the server's data (static/js/format.js), on tables made here
// (the real texts are checked by tests/server/test_i18n.py).
import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";

import {
  agentLabel, computerTimesText, errorText, gameText, gameTitle, hintValueText, listText, optionLabel, optionValueText, playerName,
  recordPlayerName, resultText, seatClass, seatName,
} from "../../src/connect_arena/server/static/js/format.js";
import { addStrings, clearStrings, useLanguage } from "../../src/connect_arena/server/static/js/translate.js";

const COMMON_EN = {
  draw: "DRAW", wonOne: "{names} WON", wonMany: "{names} WON TOGETHER", gameOver: "OVER",
  agentRandom: "random moves", agentHard: "strong", computerPlayer: "Computer, {agent}",
  agentEasy: "easy", computerThinksUpTo: "Thinks up to {levels}.", levelSeconds: "{seconds} s ({agent})",
  playerN: "Player {n}", yes: "yes", no: "no", atRandom: "at random",
  errorNotYourTurn: "Not your turn.", errorRateLimited: "Wait {seconds} s.", errorSlowDown: "Slow down.",
  hintScore: "wins {percent}%", hintPoints: "result {value}", hintWinsByForce: "wins by force",
  hintLosesByForce: "loses by force",
};
const COMMON_IT = {
  draw: "PAREGGIO", agentHard: "forte", computerPlayer: "Computer, {agent}",
  computerThinksUpTo: "Pensa fino a {levels}.", levelSeconds: "{seconds} s ({agent})", errorNotYourTurn: "Non tocca a te." };
const DEMO_IT = { title: "Dimostrazione", seat0: "Rosso", option_first_player: "Primo giocatore", option_board_big: "grande" };

/** A game as /api/games describes it. */
const DEMO = {
  name: "demo", title: "Demo", seat_names: ["Red", "Blue", "Green"],
  options: [
    { name: "first_player", type: "choice", description: "First player", default: "random", choices: ["random", "0", "1"] },
    { name: "board", type: "choice", description: "Board", default: "small", choices: ["small", "big"] },
    { name: "advanced", type: "bool", description: "Advanced", default: false },
    { name: "limit", type: "int", description: "Limit", default: 3 },
  ],
};
const option = (name) => DEMO.options.find((o) => o.name === name);
const letter = (seat) => "ABCD"[seat];

beforeEach(() => {
  clearStrings();
  addStrings("common", "en", COMMON_EN);
  addStrings("common", "it", COMMON_IT);
  addStrings("demo", "it", DEMO_IT);
  useLanguage("en");
});

describe("listText", () => {
  test("joins in the active language", () => {
    assert.equal(listText(["A", "B", "C"]), "A, B, and C");
    useLanguage("it");
    assert.equal(listText(["A", "B", "C"]), "A, B e C");
    useLanguage("de");
    assert.equal(listText(["A", "B"]), "A und B");
  });
  test("one item is itself; non-strings are converted", () => {
    assert.equal(listText(["A"]), "A");
    assert.equal(listText([1, 2]), "1 and 2");
    assert.equal(listText([]), "");
  });
});

describe("resultText", () => {
  test("no returns, no line", () => {
    assert.equal(resultText(null, letter), "");
  });
  test("one winner, a draw, several winners", () => {
    assert.equal(resultText([1, -1], letter), "A WON");
    assert.equal(resultText([-1, 1], letter), "B WON");
    assert.equal(resultText([0, 0], letter), "DRAW");
    assert.equal(resultText([2, 2, 0], letter), "A and B WON TOGETHER");
  });
  test("partners share one result", () => {
    const pairs = { ...DEMO, teams: { 4: [[0, 1], [2, 3]] } };
    assert.equal(resultText([5, 5, 1, 1], letter, pairs), "A & B WON TOGETHER");
    assert.equal(resultText([1, 1, 5, 5], letter, pairs), "C & D WON TOGETHER");
    assert.equal(resultText([3, 3, 3, 3], letter, pairs), "DRAW");
  });
  test("one team or one player has no winner to name", () => {
    const pair = { ...DEMO, teams: { 2: [[0, 1]] } };
    assert.equal(resultText([4, 4], letter, pair), "OVER");
    assert.equal(resultText([42], letter), "OVER"); // CO'NNN'ECT's solo score attack: not a draw
  });
  test("in the active language", () => {
    useLanguage("it");
    assert.equal(resultText([0, 0], letter), "PAREGGIO");
  });
});

describe("players and agents", () => {
  test("agentLabel translates the known agents and keeps the others", () => {
    assert.equal(agentLabel("mcts:hard"), "strong");
    assert.equal(agentLabel("alphabeta:9"), "alphabeta:9");
    assert.equal(agentLabel("constructor"), "constructor"); // not Object.prototype's
    useLanguage("it");
    assert.equal(agentLabel("mcts:hard"), "forte");
  });
  test("playerName: a person's name, a computer's agent, nobody", () => {
    assert.equal(playerName({ kind: "human", name: "Ann" }), "Ann");
    assert.equal(playerName({ kind: "computer", name: "computer", agent: "mcts:hard" }), "Computer, strong");
    assert.equal(playerName({ kind: "computer", agent: null }), "Computer, random moves");
    assert.equal(playerName({ kind: "open", name: null }), "");
    assert.equal(playerName(null), "");
  });
  test("computerTimesText: each level's time cap when the game gives them", () => {
    const game = { agent_time_caps: { "mcts:easy": 0.25, "mcts:hard": 2 } };
    assert.equal(computerTimesText(game), "Thinks up to 0.25 s (easy) and 2 s (strong).");
    assert.equal(computerTimesText({ agent_time_caps: {} }), "");
    assert.equal(computerTimesText(null), "");
    useLanguage("it");
    assert.equal(computerTimesText({ agent_time_caps: { "mcts:hard": 0.5 } }), "Pensa fino a 0,5 s (forte).");
  });
  test("recordPlayerName reads a record's computer seats", () => {
    assert.equal(recordPlayerName("computer (mcts:hard)"), "Computer, strong");
    assert.equal(recordPlayerName("Ann"), "Ann");
    assert.equal(recordPlayerName("computer"), "computer");
    assert.equal(recordPlayerName(undefined), "");
  });
});

describe("seats and games", () => {
  test("seatName: the game's translation, its English name, or Player N", () => {
    assert.equal(seatName(DEMO, 0), "Red");
    useLanguage("it");
    assert.equal(seatName(DEMO, 0), "Rosso");
    assert.equal(seatName(DEMO, 1), "Blue");
    assert.equal(seatName(DEMO, 4), "Player 5");
    assert.equal(seatName(null, 0), "Player 1");
  });
  test("seatClass adds the colour of colour-named seats", () => {
    assert.equal(seatClass(DEMO, 1), "seat-1 colour-blue");
    assert.equal(seatClass({ name: "pairs", seat_names: ["X1"] }, 0), "seat-0");
    assert.equal(seatClass(null, 2), "seat-2");
  });
  test("gameTitle and gameText fall back to the catalogue's English", () => {
    assert.equal(gameTitle(DEMO), "Demo");
    assert.equal(gameTitle({ name: "bare" }), "bare");
    assert.equal(gameTitle(null), "");
    useLanguage("it");
    assert.equal(gameTitle(DEMO), "Dimostrazione");
    assert.equal(gameText("demo", "summary", "A summary"), "A summary");
  });
  test("options: labels and values in the page's language", () => {
    useLanguage("it");
    assert.equal(optionLabel(DEMO, option("first_player")), "Primo giocatore");
    assert.equal(optionLabel(DEMO, option("board")), "Board");
    // Labels start with a capital, whatever the game's description (issue 27 polish).
    assert.equal(optionLabel(DEMO, { ...option("board"), name: "lower", description: "tokens per player" }),
      "Tokens per player");
    assert.equal(optionValueText(DEMO, option("first_player"), "0"), "Rosso");
    assert.equal(optionValueText(DEMO, option("first_player"), "random"), "at random");
    assert.equal(optionValueText(DEMO, option("board"), "big"), "grande");
    assert.equal(optionValueText(DEMO, option("board"), "small"), "small");
    assert.equal(optionValueText(DEMO, option("advanced"), true), "yes");
    assert.equal(optionValueText(DEMO, option("advanced"), false), "no");
    assert.equal(optionValueText(DEMO, option("limit"), 7), "7");
  });
});

describe("errors and hints", () => {
  test("errorText translates the codes that say it all", () => {
    assert.equal(errorText("not_your_turn", "not your turn"), "Not your turn.");
    useLanguage("it");
    assert.equal(errorText("not_your_turn", "not your turn"), "Non tocca a te.");
  });
  test("errorText says why a password is refused, in the page's language", () => {
    addStrings("common", "en", { errorPasswordCommon: "Too easy to guess." });
    addStrings("common", "it", { errorPasswordCommon: "Troppo facile da indovinare." });
    assert.equal(errorText("password_common", "this password is too easy"), "Too easy to guess.");
    useLanguage("it");
    assert.equal(errorText("password_common", "this password is too easy"), "Troppo facile da indovinare.");
  });
  test("errorText keeps the server's message for the others", () => {
    assert.equal(errorText("illegal_action", "tile T0,0 cannot move there"), "tile T0,0 cannot move there");
    assert.equal(errorText("toString", "odd code"), "odd code");
  });
  test("rate_limited says how long to wait (Retry-After), else to slow down (WebSocket frames)", () => {
    assert.equal(errorText("rate_limited", "slow down", { retryAfter: "17" }), "Wait 17 s.");
    assert.equal(errorText("rate_limited", "slow down"), "Slow down.");
  });
  test("hintValueText: the server's 0..1 score as a percentage, proofs in words, else points", () => {
    assert.equal(hintValueText({ value: 0, score: 0.5, solved: false }), "wins 50%");
    assert.equal(hintValueText({ value: 0.26, score: 0.63, solved: false }), "wins 63%");
    assert.equal(hintValueText({ value: 1, score: 1, solved: true }), "wins by force");
    assert.equal(hintValueText({ value: -1, score: 0, solved: true }), "loses by force");
    assert.equal(hintValueText({ value: -1, score: 0, solved: false }), "wins 0%");
    // Points games (score null): the expected points, never a percentage.
    assert.equal(hintValueText({ value: 12.345, score: null, solved: false }), "result 12.3");
    assert.equal(hintValueText({ value: 0.5, score: null, solved: false }), "result 0.5");
  });
});

describe("scoreLine (issue 27.8: the final points, not the returns)", () => {
  test("each seat's points in seat order, an en dash between", async () => {
    const { scoreLine } = await import("../../src/connect_arena/server/static/js/format.js");
    assert.equal(scoreLine([36, 5]), "36\u20135");
    assert.equal(scoreLine([3, 12, 7]), "3\u201312\u20137");
    assert.equal(scoreLine(null), "");
  });
  test("partners count once, and a profile's own side comes first", async () => {
    const { scoreLine } = await import("../../src/connect_arena/server/static/js/format.js");
    const pairs = { name: "pairs", teams: { 4: [[0, 2], [1, 3]] } };
    assert.equal(scoreLine([20, 31, 20, 31], /** @type {any} */ (pairs)), "20\u201331");
    assert.equal(scoreLine([20, 31, 20, 31], /** @type {any} */ (pairs), 3), "31\u201320");
    assert.equal(scoreLine([36, 5], null, 1), "5\u201336");
  });
});
