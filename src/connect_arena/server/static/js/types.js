// The shapes of the server's JSON that the pages read, for the type checker (tsconfig.json).
// Nothing runs here: import a type with /** @typedef {import("./types.js").Table} Table */.
// The server's messages are aliases of the types generated from the protocol's JSON Schema
// (protocol.d.ts, from protocol.schema.json: docs/server.md); the rest are the pages' own.

/** @typedef {import("./protocol").UserInfo} User */

/**
 * A game option as /api/games describes it.
 * @typedef {object} OptionSpec
 * @property {string} name
 * @property {string} type - "bool", "int", "str" or "choice".
 * @property {string} description - in English.
 * @property {OptionValue} default
 * @property {string[] | null} [choices]
 * @property {number | null} [minimum]
 * @property {number | null} [maximum]
 * @property {boolean} [form] - offered by the new-table form (false: for programs' games).
 * @property {Record<string, OptionValue[]> | null} [valid] - per player count, the values the
 *   engine accepts (the other options at their defaults); null: any number in the range.
 */

/** @typedef {boolean | number | string} OptionValue */

/**
 * A game of the catalogue (/api/games), in English.
 * @typedef {object} GameInfo
 * @property {string} name
 * @property {string} [title]
 * @property {string} [summary]
 * @property {number[]} [player_counts]
 * @property {number} [default_players]
 * @property {string[]} seat_names
 * @property {boolean} [private_information]
 * @property {OptionSpec[]} [options]
 * @property {Record<string, number[][]>} [teams] - player count -> the partners' seat lists.
 * @property {string[]} [rules_languages] - the languages of its rules pages (none: no link).
 * @property {boolean} [tutorial] - it has a guided first game (/tutorial/<name>).
 * @property {Record<string, unknown>} [game_type] - the game's declaration (core GameType).
 */

/**
 * A complete catalogue entry, as /api/games sends it (the pages fall back to a partial
 * GameInfo for a game the catalogue does not list).
 * @typedef {GameInfo & {title: string, summary: string, player_counts: number[],
 *   default_players: number, options: OptionSpec[]}} CatalogueGame
 */

/** @typedef {import("./protocol").SeatInfo} SeatInfo */

/** @typedef {import("./protocol").TimeControl} TimeControl */

/** @typedef {import("./protocol").TableSettings} TableSettings */

/**
 * A time control as a request sends it (server/schemas.py TimeControlChoice; missing numbers
 * are 0).
 * @typedef {Pick<TimeControl, "kind"> & Partial<Pick<TimeControl, "base" | "increment" | "days">>} TimeControlChoice
 */

/**
 * A new table's settings as POST /api/tables sends them (server/schemas.py SettingsChoice).
 * @typedef {object} SettingsChoice
 * @property {TimeControlChoice} time_control
 * @property {TableSettings["hints"]} hints
 * @property {string} takeover
 * @property {boolean} rated
 */

/** @typedef {import("./protocol").TableNote} TableNote */

/** @typedef {import("./protocol").StandingOffers} Offers */

/** @typedef {import("./protocol").SeatPresence} SeatPresence */

/**
 * The choices of table settings that GET /api/games offers (`settings`).
 * @typedef {object} GameSettingsInfo
 * @property {number[][]} [realtime_presets] - [minutes, seconds] pairs.
 * @property {number[]} [turn_days]
 * @property {string[]} [takeover_levels]
 */

/** @typedef {import("./protocol").Table} Table */

/**
 * A viewer's state of a running table (the socket's `state` message), as the page keeps it.
 * @typedef {import("./protocol").StateMessage & {receivedAt?: number}} TableState
 *   receivedAt: when the page received it (performance.now(), ms).
 */

/** @typedef {import("./protocol").HintLine} HintLine */

/** @typedef {import("./protocol").Hint} Hint */

/**
 * A move as the pages list it.
 * @typedef {object} Move
 * @property {number} seq
 * @property {number} seat - -1 for chance.
 * @property {string | null} action - null: hidden from this viewer.
 * @property {GameEvent | null} [event] - the action in words; null when hidden.
 * @property {boolean} [simultaneous]
 */

/**
 * What a board shows (games.js): the table page and the replay viewer pass this to update().
 * @typedef {object} BoardUpdate
 * @property {any} observation - the game's own shape (its module knows it).
 * @property {string[]} legal
 * @property {number | null} seat
 * @property {number[]} you
 * @property {number[]} toMove
 * @property {boolean} terminal
 * @property {number[] | null} returns
 * @property {Move | null} last
 * @property {string | null} [hint]
 */

/**
 * What a game's UI module is given (games.js).
 * @typedef {object} BoardContext
 * @property {Record<string, OptionValue>} options
 * @property {Record<string, unknown>} [geometry] - the game's static geometry (Game.geometry()).
 * @property {string[]} seatNames
 * @property {boolean} interactive
 * @property {HTMLElement | null} panel
 * @property {(action: string) => void} onAction
 */

/**
 * A game's board, as its UI module's create(root, context) returns it (games.js).
 * @typedef {object} Board
 * @property {(update: BoardUpdate) => void} update
 * @property {(seat: number) => string} [seatDetail]
 * @property {(observation: any, legal: string[]) => string} [turnHint]
 * @property {(observation: any) => string} [passLabel]
 * @property {(observation: any) => string} [resultDetail]
 * @property {(action: string, seat: number) => string} [describe]
 * @property {() => string[]} [offered]
 */

/**
 * A game record (connect-arena/record@1, docs/records.md): the parts the pages read.
 * @typedef {object} GameRecord
 * @property {string} game
 * @property {Record<string, OptionValue>} options
 * @property {string[]} players - the players' names, per seat.
 * @property {(string | {seat: number, action: string})[]} actions - the actions in notation.
 */

/**
 * Frame i of a replay: the position after i actions.
 * @typedef {object} ReplayFrame
 * @property {number} seq
 * @property {number | null} seat - the seat that acted (-1 or null: chance; null in frame 0).
 * @property {string | null} action
 * @property {GameEvent | null} [event] - the action in words.
 * @property {boolean} chance
 * @property {number[]} to_move
 * @property {boolean} terminal
 * @property {number[] | null} returns
 * @property {unknown} observation
 */

/**
 * A replay's summary (GET /api/tables/{id}/replay, POST /api/replay): the record, the number of
 * positions, each action's seat and description (events), and the first and last frames.
 * @typedef {object} Replay
 * @property {GameRecord} record
 * @property {TableGameInfo} [game]
 * @property {number} positions
 * @property {(number | null)[]} seats
 * @property {(GameEvent | null)[]} events
 * @property {ReplayFrame[]} frames
 */

/** @typedef {import("./protocol").GameEvent} GameEvent */

/** @typedef {import("./protocol").TableGameInfo} TableGameInfo */

/**
 * A table's time control as the tournaments send it (docs/lifecycle.md): seconds, days.
 * @typedef {object} TournamentTimeControl
 * @property {"unlimited" | "realtime" | "turn" | string} kind
 * @property {number} base - real time: each seat's starting time, in seconds.
 * @property {number} increment - real time: seconds added after each action.
 * @property {number} days - turn-based: days per move.
 * @property {string} [label] - "5+3", "2d" or "-".
 */

/**
 * The settings of a tournament's tables.
 * @typedef {object} TournamentSettings
 * @property {TournamentTimeControl} time_control
 * @property {boolean} rated
 * @property {string} [hints]
 * @property {string} [takeover]
 */

/**
 * A tournament of GET /api/tournaments (a list entry, without entrants and games).
 * @typedef {object} TournamentSummary
 * @property {number} id
 * @property {string} name
 * @property {string} game
 * @property {number} players - seats per table.
 * @property {"swiss" | "arena" | "round_robin" | string} format
 * @property {"upcoming" | "running" | "finished" | "cancelled" | string} status
 * @property {TournamentSettings} settings
 * @property {string} starts_at - ISO 8601 with a time zone.
 * @property {number} entrants - how many (withdrawn ones not counted).
 * @property {number} rounds
 * @property {number} minutes
 */

/**
 * An entrant of a tournament: a person, a bot or a computer ("<agent> #<n>").
 * @typedef {object} TournamentEntrant
 * @property {number} index
 * @property {string} name
 * @property {number | null} user_id
 * @property {string | null} agent
 * @property {boolean} bot
 * @property {boolean} withdrawn
 * @property {number} no_shows
 * @property {number} rating
 */

/**
 * A game (a table) of a tournament.
 * @typedef {object} TournamentGame
 * @property {number} round - 1-based (arena: the order of pairing).
 * @property {number} table_id
 * @property {number[]} entrants - the entrant at each seat.
 * @property {number[] | null} returns - once finished with a result.
 * @property {string | null} reason - why it ended (null while it runs).
 * @property {number[]} no_shows
 */

/**
 * A row of a tournament's standings, best first.
 * @typedef {object} StandingRow
 * @property {number} place
 * @property {number} entrant
 * @property {string} name
 * @property {number | null} user_id
 * @property {string | null} agent
 * @property {number} score
 * @property {number} games
 * @property {number} wins
 * @property {number} draws
 * @property {number} losses
 * @property {number} byes
 * @property {Record<string, number>} tiebreaks - in the system's order, by key ("buchholz"...).
 * @property {boolean} withdrawn
 */

/**
 * A tournament (GET /api/tournaments/{id}, and the `tournament` message of
 * /ws/tournaments/{id}).
 * @typedef {object} Tournament
 * @property {number} id
 * @property {string} name
 * @property {string} game
 * @property {Record<string, OptionValue>} options
 * @property {number} players
 * @property {TournamentSettings} settings
 * @property {"swiss" | "arena" | "round_robin" | string} format
 * @property {number} rounds
 * @property {number} minutes
 * @property {string} starts_at
 * @property {number} min_rated_games
 * @property {number} pause - seconds between rounds.
 * @property {number} created_by
 * @property {"upcoming" | "running" | "finished" | "cancelled" | string} status
 * @property {number} round
 * @property {TournamentEntrant[]} entrants
 * @property {TournamentGame[]} games
 * @property {number[][]} byes - [round, entrant] pairs.
 * @property {string | null} started_at
 * @property {string | null} finished_at
 * @property {string | null} ends_at - an arena's end once started.
 * @property {StandingRow[]} standings
 */

export {};
