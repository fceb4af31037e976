// ESLint for the browser code (plain ES modules, no build step) and its node tests.
// Run by `python3 dev.py test` (npx eslint); see README.md.

import js from "@eslint/js";
import globals from "globals";

const STATIC = "src/connect_arena/server/static";

export default [
  { ignores: ["node_modules/", ".venv/", "build/"] },
  js.configs.recommended,
  {
    files: [`${STATIC}/**/*.js`],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
  },
  {
    files: ["tests/js/**/*.mjs", "eslint.config.js", "examples/**/*.mjs", "tools/**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
  },
  {
    rules: {
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
    },
  },
];
