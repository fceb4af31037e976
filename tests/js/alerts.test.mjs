// Turn alerts (static/js/alerts.js): the tab's title, when a notification is shown, the
// remembered choice.
import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";

import { alertsWanted, setAlertsWanted, shouldNotify, turnTitle } from "../../src/connect_arena/server/static/js/alerts.js";
import { addStrings, clearStrings, useLanguage } from "../../src/connect_arena/server/static/js/translate.js";

beforeEach(() => {
  clearStrings();
  addStrings("common", "en", { yourTurnTitle: "Your turn" });
  addStrings("common", "it", { yourTurnTitle: "Tocca a te" });
  useLanguage("en");
});

describe("turnTitle", () => {
  test("says it is your turn, else names the table", () => {
    assert.equal(turnTitle(true, "Quinque #12"), "● Your turn — Quinque #12");
    assert.equal(turnTitle(false, "Quinque #12"), "Connect Arena — Quinque #12");
    useLanguage("it");
    assert.equal(turnTitle(true, "Quinque #12"), "● Tocca a te — Quinque #12");
  });
});

describe("shouldNotify", () => {
  const base = { before: false, now: true, hidden: true, wanted: true, permission: "granted" };
  test("when the turn comes to a hidden page whose player wants alerts", () => {
    assert.equal(shouldNotify(base), true);
  });
  test("never while the page is visible", () => {
    assert.equal(shouldNotify({ ...base, hidden: false }), false);
  });
  test("not when it was already the player's turn, nor on the page's first state", () => {
    assert.equal(shouldNotify({ ...base, before: true }), false);
    assert.equal(shouldNotify({ ...base, before: null }), false);
    assert.equal(shouldNotify({ ...base, now: false }), false);
  });
  test("not unless wanted and allowed", () => {
    assert.equal(shouldNotify({ ...base, wanted: false }), false);
    assert.equal(shouldNotify({ ...base, permission: "default" }), false);
    assert.equal(shouldNotify({ ...base, permission: "denied" }), false);
  });
});

describe("the choice", () => {
  test("is off by default and remembered", () => {
    const items = new Map();
    const storage = { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => items.set(k, String(v)) };
    assert.equal(alertsWanted(storage), false);
    setAlertsWanted(true, storage);
    assert.equal(alertsWanted(storage), true);
    setAlertsWanted(false, storage);
    assert.equal(alertsWanted(storage), false);
  });
  test("a storage that refuses keeps alerts off", () => {
    const refusing = { getItem: () => { throw new Error("no"); }, setItem: () => { throw new Error("no"); } };
    assert.doesNotThrow(() => setAlertsWanted(true, refusing));
    assert.equal(alertsWanted(refusing), false);
  });
});
