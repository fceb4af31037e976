// t(), tn() and their fallbacks (static/js/translate.js), on small tables made here.
import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";

import {
  addStrings, clearStrings, hasKey, hasStrings, interpolate, language, pluralForm, t, tn, useLanguage,
} from "../../src/connect_arena/server/static/js/translate.js";

beforeEach(() => {
  clearStrings();
  addStrings("common", "en", {
    hello: "Hello {name}", only: "English only", apples_one: "{count} apple", apples_other: "{count} apples",
    seats: "{a} and {b} and {a}",
  });
  addStrings("common", "fr", { hello: "Bonjour {name}", apples_one: "{count} pomme", apples_other: "{count} pommes" });
  addStrings("quinque", "en", { hello: "Quinque says hi" });
  useLanguage("en");
});

describe("interpolate", () => {
  test("fills every placeholder with String(value), repeated ones too", () => {
    assert.equal(interpolate("{a} and {b} and {a}", { a: 1, b: false }), "1 and false and 1");
  });
  test("leaves unknown placeholders as they are", () => {
    assert.equal(interpolate("{known} {unknown}", { known: "x" }), "x {unknown}");
  });
  test("text without placeholders is unchanged", () => {
    assert.equal(interpolate("no {braces here", { braces: 1 }), "no {braces here");
  });
});

describe("t", () => {
  test("reads the active language and fills the parameters", () => {
    useLanguage("fr");
    assert.equal(language(), "fr");
    assert.equal(t("common.hello", { name: "Ann" }), "Bonjour Ann");
  });
  test("falls back to English, then to the key itself", () => {
    useLanguage("fr");
    assert.equal(t("common.only"), "English only");
    assert.equal(t("common.missing"), "common.missing");
    assert.equal(t("nowhere.hello"), "nowhere.hello");
  });
  test("keeps namespaces apart", () => {
    assert.equal(t("quinque.hello"), "Quinque says hi");
    assert.equal(t("common.hello", { name: "Bo" }), "Hello Bo");
  });
  test("a language without tables reads English", () => {
    useLanguage("de");
    assert.equal(t("common.hello", { name: "Cy" }), "Hello Cy");
  });
  test("hasKey and hasStrings say what exists", () => {
    useLanguage("fr");
    assert.equal(hasKey("common.only"), true); // through English
    assert.equal(hasKey("common.missing"), false);
    assert.equal(hasStrings("common", "fr"), true);
    assert.equal(hasStrings("common", "de"), false);
  });
});

describe("plurals", () => {
  test("English: one for 1 only", () => {
    assert.equal(tn("common.apples", 1), "1 apple");
    assert.equal(tn("common.apples", 0), "0 apples");
    assert.equal(tn("common.apples", 2), "2 apples");
  });
  test("French counts 0 and 1 as one", () => {
    useLanguage("fr");
    assert.equal(tn("common.apples", 0), "0 pomme");
    assert.equal(tn("common.apples", 1), "1 pomme");
    assert.equal(tn("common.apples", 3), "3 pommes");
  });
  test("passes extra parameters beside the count", () => {
    addStrings("common", "en", { left_one: "{who}: {count} left", left_other: "{who}: {count} left" });
    assert.equal(tn("common.left", 4, { who: "Red" }), "Red: 4 left");
  });
  test("pluralForm falls back to 1 = one for a tag Intl refuses", () => {
    assert.equal(pluralForm(1, "not a language tag!"), "one");
    assert.equal(pluralForm(0, "not a language tag!"), "other");
    assert.equal(pluralForm(1, "de"), "one");
    assert.equal(pluralForm(1.5, "en"), "other");
  });
});
