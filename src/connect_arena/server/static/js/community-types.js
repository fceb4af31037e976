// The shapes of the community API's JSON (docs/community.md, docs/bot-api.md) that the
// community pages read, for the type checker. Nothing runs here: import a type with
// /** @typedef {import("./community-types.js").Profile} Profile */.

/**
 * A time control (docs/lifecycle.md): seconds for real time, days for turn-based games.
 * @typedef {object} TimeControl
 * @property {"unlimited" | "realtime" | "turn"} kind
 * @property {number} base
 * @property {number} increment
 * @property {number} days
 * @property {string} [label]
 */

/**
 * A table's settings as the server sends them.
 * @typedef {object} TableSettings
 * @property {TimeControl} time_control
 * @property {boolean} rated
 * @property {string} [hints]
 * @property {string} [takeover]
 * @property {number | null} [grace]
 */

/**
 * @typedef {object} UserRef
 * @property {number} id
 * @property {string} name
 * @property {boolean} [bot]
 */

/**
 * A waiting seek (GET /api/seeks, the lobby message's `seeks`).
 * @typedef {object} Seek
 * @property {number} id
 * @property {UserRef} user
 * @property {string} game
 * @property {number} players
 * @property {TableSettings} settings
 * @property {number} rating
 * @property {number | null} range
 * @property {string} created_at
 */

/**
 * A challenge (GET /api/challenges, the `challenge*` user events).
 * @typedef {object} Challenge
 * @property {number} id
 * @property {UserRef} challenger
 * @property {UserRef} challenged
 * @property {string} game
 * @property {Record<string, unknown>} options
 * @property {{kind: string, agent?: string}[]} seats
 * @property {TableSettings} settings
 * @property {string} created_at
 * @property {string} expires_at
 */

/**
 * A chat message (GET /api/tables/{id}/chat, the table socket's `chat` message).
 * @typedef {object} ChatMessage
 * @property {number} [id]
 * @property {"players" | "spectators"} room
 * @property {number} user_id
 * @property {string} name
 * @property {string | null} text
 * @property {string | null} preset
 * @property {string} at
 */

/**
 * One position of "Analyse this game" (GET /api/tables/{id}/analysis).
 * @typedef {object} AnalysedPosition
 * @property {number} seq - the action's seq (the position searched is the one before it).
 * @property {number} seat
 * @property {string} played
 * @property {string} best
 * @property {import("./types.js").GameEvent | null} [best_event]
 * @property {number} value - the acting seat's expected return.
 * @property {number | null} rank - the action played among the candidates (1: the engine's).
 */

/**
 * @typedef {object} Analysis
 * @property {AnalysedPosition[]} positions
 * @property {boolean} sampled
 * @property {string} [agent]
 */

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
