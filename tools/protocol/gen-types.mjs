// Generates the pages' protocol types (static/js/protocol.d.ts) from the protocol's JSON
// Schema (static/js/protocol.schema.json, written by tools/protocol/generate.py)
// with json-schema-to-typescript. `--check`: write nothing, exit 1 when the file is stale.
//
// Usage: node tools/protocol/gen-types.mjs [--check] [SCHEMA [OUT]]

import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { compile } from "json-schema-to-typescript";

const STATIC = fileURLToPath(new URL("../../src/connect_arena/server/static/js/", import.meta.url));
const BANNER = `// Generated from protocol.schema.json by tools/protocol/gen-types.mjs: do not edit.
// The schema's source: connect_arena/service/protocol.py and server/protocol.py.`;

const args = process.argv.slice(2);
const check = args.includes("--check");
const [schemaPath = `${STATIC}protocol.schema.json`, outPath = `${STATIC}protocol.d.ts`] =
  args.filter((arg) => arg !== "--check");

const schema = JSON.parse(await readFile(schemaPath, "utf8"));
const text = await compile(schema, "ConnectArenaMessage", {
  bannerComment: BANNER,
  additionalProperties: false,
  unreachableDefinitions: true,
  strictIndexSignatures: false,
  style: { singleQuote: false, printWidth: 100 },
});

if (check) {
  const current = await readFile(outPath, "utf8").catch(() => "");
  if (current !== text) {
    console.error(`${outPath} is out of date: run node tools/protocol/gen-types.mjs`);
    process.exit(1);
  }
} else {
  await writeFile(outPath, text);
}
