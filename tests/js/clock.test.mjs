// The clocks of timed tables (static/js/clock.js): the local countdown from the state's values,
// the formats of real-time and turn-based clocks, the low-time threshold.
import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";

import {
  clocksNow, countdown, formatClock, formatDuration, formatRealtime, formatTurn, lowTime, timeControlText,
} from "../../src/connect_arena/server/static/js/clock.js";
import { addStrings, clearStrings, useLanguage } from "../../src/connect_arena/server/static/js/translate.js";

beforeEach(() => {
  clearStrings();
  addStrings("common", "en", {
    clockDaysHours: "{days} d {hours} h", clockHoursMinutes: "{hours} h {minutes} min", noClock: "No clock",
    daysPerMove_one: "{count} day per move", daysPerMove_other: "{count} days per move",
  });
  addStrings("common", "de", { clockDaysHours: "{days} T {hours} Std." });
  useLanguage("en");
});

describe("clocksNow", () => {
  test("running clocks count down from the moment the state arrived; the others stay", () => {
    const left = clocksNow({ 0: 300, 1: 120.5 }, [1], 10_000, 12_500);
    assert.deepEqual(left, { 0: 300, 1: 118 });
  });
  test("several clocks run at once in a simultaneous phase", () => {
    assert.deepEqual(clocksNow({ 0: 10, 1: 20, 2: 30 }, [0, 2], 0, 4000), { 0: 6, 1: 20, 2: 26 });
  });
  test("a clock never shows less than 0 (the server says when a flag fell)", () => {
    assert.deepEqual(clocksNow({ 0: 1.5 }, [0], 0, 60_000), { 0: 0 });
  });
  test("a clock read before its state's time (a clock that went back) is not increased", () => {
    assert.deepEqual(clocksNow({ 0: 5 }, [0], 1000, 900), { 0: 5 });
  });
  test("an untimed table has no clocks", () => {
    assert.deepEqual(clocksNow(null, [], 0, 1000), {});
    assert.deepEqual(clocksNow(undefined, undefined, 0, 1000), {});
  });
});

describe("formatRealtime", () => {
  test("minutes and seconds, rounded down", () => {
    assert.equal(formatRealtime(300), "5:00");
    assert.equal(formatRealtime(299.99), "4:59");
    assert.equal(formatRealtime(61), "1:01");
    assert.equal(formatRealtime(10), "0:10");
  });
  test("tenths under 10 seconds", () => {
    assert.equal(formatRealtime(9.99), "0:09.9");
    assert.equal(formatRealtime(9.4), "0:09.4");
    assert.equal(formatRealtime(0.05), "0:00.0");
    assert.equal(formatRealtime(0), "0:00.0");
    assert.equal(formatRealtime(-3), "0:00.0");
  });
  test("hours from an hour", () => {
    assert.equal(formatRealtime(3600), "1:00:00");
    assert.equal(formatRealtime(3 * 3600 + 5 * 60 + 7), "3:05:07");
  });
});

describe("formatTurn", () => {
  test("days and hours, hours and minutes, then minutes and seconds", () => {
    assert.equal(formatTurn(2 * 86400 + 5 * 3600 + 59), "2 d 5 h");
    assert.equal(formatTurn(86400), "1 d 0 h");
    assert.equal(formatTurn(5 * 3600 + 12 * 60 + 30), "5 h 12 min");
    assert.equal(formatTurn(754), "12:34");
    assert.equal(formatTurn(8.5), "0:08.0");
  });
  test("in the page's language", () => {
    useLanguage("de");
    assert.equal(formatTurn(3 * 86400 + 7200), "3 T 2 Std.");
  });
  test("formatClock picks the format of the time control", () => {
    assert.equal(formatClock(90000, { kind: "turn", days: 2 }), "1 d 1 h");
    assert.equal(formatClock(90, { kind: "realtime", base: 300, increment: 3 }), "1:30");
    assert.equal(formatClock(90, null), "1:30");
  });
});

describe("formatDuration", () => {
  test("whole seconds, then hours and days", () => {
    assert.equal(formatDuration(5.7), "0:05");
    assert.equal(formatDuration(754), "12:34");
    assert.equal(formatDuration(2 * 3600 + 60), "2 h 1 min");
    assert.equal(formatDuration(3 * 86400), "3 d 0 h");
    assert.equal(formatDuration(-1), "0:00");
  });
});

describe("lowTime", () => {
  test("real time: 10 s, up to 30 s for longer controls", () => {
    assert.equal(lowTime({ kind: "realtime", base: 0, increment: 2 }), 10);
    assert.equal(lowTime({ kind: "realtime", base: 180, increment: 2 }), 18);
    assert.equal(lowTime({ kind: "realtime", base: 900, increment: 10 }), 30);
  });
  test("turn-based: a fifth of a move's budget; untimed: never", () => {
    assert.equal(lowTime({ kind: "turn", days: 1 }), 17280);
    assert.equal(lowTime({ kind: "unlimited" }), 0);
    assert.equal(lowTime(null), 0);
  });
});

describe("timeControlText", () => {
  test("the server's label, days per move, or no clock", () => {
    assert.equal(timeControlText({ kind: "realtime", base: 300, increment: 3, label: "5+3" }), "5+3");
    assert.equal(timeControlText({ kind: "realtime", base: 0, increment: 2 }), "0+2");
    assert.equal(timeControlText({ kind: "turn", days: 1, label: "1d" }), "1 day per move");
    assert.equal(timeControlText({ kind: "turn", days: 3, label: "3d" }), "3 days per move");
    assert.equal(timeControlText({ kind: "unlimited", label: "-" }), "No clock");
    assert.equal(timeControlText(undefined), "No clock");
  });
});

describe("countdown", () => {
  test("counts down from its receipt, stops at 0, and none stays none", () => {
    assert.equal(countdown(45, 1000, 11_000), 35);
    assert.equal(countdown(5, 0, 9000), 0);
    assert.equal(countdown(null, 0, 9000), null);
  });
});
