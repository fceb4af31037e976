// The shapes of the community API's JSON (docs/community.md, docs/bot-api.md) that the
// community pages read, for the type checker. The server's messages are aliases of the types
// generated from the protocol's JSON Schema (protocol.d.ts: docs/server.md). Nothing runs
// here: import a type with /** @typedef {import("./community-types.js").Profile} Profile */.

/**
 * A time control as seeks and challenges send it (docs/lifecycle.md): seconds for real time,
 * days for turn-based games.
 * @typedef {object} TimeControl
 * @property {import("./protocol").TimeControl["kind"]} kind
 * @property {number} base
 * @property {number} increment
 * @property {number} days
 */

/** @typedef {import("./protocol").TableSettings} TableSettings */

/** @typedef {import("./protocol").UserRef} UserRef */

/** @typedef {import("./protocol").Seek} Seek */

/** @typedef {import("./protocol").Challenge} Challenge */

/** @typedef {import("./protocol").ChatMessage} ChatMessage */

/** @typedef {import("./protocol").AnalysedPosition} AnalysedPosition */

/** @typedef {import("./protocol").GameAnalysis} Analysis */
/** @typedef {import("./protocol").AnalysisProgress} AnalysisProgress */

/** @typedef {import("./protocol").HistoryPlayer} HistoryPlayer */

/** @typedef {import("./protocol").HistoryItem} HistoryItem */

/** @typedef {import("./protocol").GameStats} GameStats */

/** @typedef {import("./protocol").RatingInfo} Rating */

/** @typedef {import("./protocol").RatingPoint} RatingPoint */

/** @typedef {import("./protocol").RunningTable} RunningTable */

/** @typedef {import("./protocol").Profile} Profile */

/**
 * The filters and page of a history request.
 * @typedef {object} HistoryFilters
 * @property {string} [game]
 * @property {string} [opponent]
 * @property {string} [result]
 * @property {string} [since]
 * @property {string} [until]
 * @property {number} [page]
 * @property {number} [per_page]
 */

/** @typedef {import("./protocol").HistoryPage} HistoryPage */

/** @typedef {import("./protocol").Leaderboard} Leaderboard */

export {};
