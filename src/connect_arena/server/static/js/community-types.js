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

/**
 * A player of a history item.
 * @typedef {object} HistoryPlayer
 * @property {number} seat
 * @property {string} kind
 * @property {number | null} [user_id]
 * @property {string | null} [name]
 * @property {string | null} [agent]
 * @property {number | null} [rank]
 * @property {number | null} [change]
 */

/**
 * One game of a user's history (also a profile's `recent`).
 * @typedef {object} HistoryItem
 * @property {number} table_id
 * @property {string} game
 * @property {string} [title]
 * @property {string | null} finished_at
 * @property {string | null} [reason]
 * @property {boolean} rated
 * @property {number} seat
 * @property {number} [sides]
 * @property {number | null} [rank]
 * @property {"win" | "loss" | "draw" | null} result
 * @property {number | null} [rating]
 * @property {number | null} [change]
 * @property {HistoryPlayer[]} players
 * @property {string} [replay]
 */

/**
 * @typedef {object} GameStats
 * @property {string} [title]
 * @property {number} played
 * @property {number} wins
 * @property {number} losses
 * @property {number} draws
 * @property {number | null} [mean_rank]
 * @property {number | null} [mean_sides]
 */

/**
 * @typedef {object} Rating
 * @property {number} rating
 * @property {number} [mu]
 * @property {number} [sigma]
 * @property {number} games
 * @property {boolean} provisional
 * @property {string | null} [last_game_at]
 */

/**
 * @typedef {object} RatingPoint
 * @property {string} at
 * @property {number} rating
 * @property {number | null} [change]
 * @property {number} [table_id]
 */

/**
 * A running table of a profile.
 * @typedef {object} RunningTable
 * @property {number} id
 * @property {string} game
 * @property {string} [title]
 * @property {string} [created_at]
 * @property {import("./types.js").SeatInfo[]} [seats]
 * @property {string} [url]
 */

/**
 * GET /api/users/{name}.
 * @typedef {object} Profile
 * @property {{id: number, name: string, joined: string, guest?: boolean, bot?: boolean, computer?: boolean}} user
 * @property {Record<string, GameStats>} games
 * @property {Record<string, Rating>} ratings
 * @property {Record<string, RatingPoint[]>} rating_history
 * @property {HistoryItem[]} recent
 * @property {RunningTable[]} running
 */

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

/**
 * GET /api/users/{name}/games.
 * @typedef {object} HistoryPage
 * @property {HistoryItem[]} games
 * @property {number} page
 * @property {number} per_page
 * @property {number} [total]
 * @property {boolean} has_more
 */

/**
 * GET /api/leaderboard/{game}.
 * @typedef {object} Leaderboard
 * @property {string} game
 * @property {string} [title]
 * @property {number} page
 * @property {number} per_page
 * @property {boolean} has_more
 * @property {number} [active_days]
 * @property {number} [provisional_games]
 * @property {{rank: number, user: UserRef, rating: number, games: number, last_game_at?: string | null}[]} players
 */

export {};
