// No page parses game notation (issue 23): the server sends each legal action with its parts
// (the state message's `legal`, an observation's `last`), and a board reads those; the page
// sends the notation of the chosen action back as it came. This test looks for the old
// grammars' entry points and for notation split into words in every browser module.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";

const STATIC = new URL("../../src/connect_arena/server/static/", import.meta.url).pathname;
/** @param {string} dir @returns {string[]} */
function modules(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "i18n" ? [] : modules(path);
    return entry.name.endsWith(".js") ? [path] : [];
  });
}

const GRAMMAR = [
  /\bparseAction\b/, /\bparseLegal\b/, /\bchainAction\b/, // the old grammars' entry points
  /\.split\(" "\)/, // notation cut into words
  /\/\^(mark|add|move|place|stack|step|split|jump|sandwich|pass|zone|write|change|skip|switch|adjust|claim|take|done|key|swap|give|top|keep|connect)\b/, // a regex over notation
];

test("no browser module parses notation", () => {
  const files = modules(STATIC);
  for (const board of ["connect5", "quinque", "connnect", "pairs"]) {
    assert.ok(files.some((path) => path.endsWith(`games/${board}/state.js`)), `the ${board} board's modules are looked at`);
  }
  const found = [];
  for (const path of files) {
    const text = readFileSync(path, "utf-8");
    for (const pattern of GRAMMAR) if (pattern.test(text)) found.push(`${relative(STATIC, path)}: ${pattern}`);
  }
  assert.deepEqual(found, []);
});
