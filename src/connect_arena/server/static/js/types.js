// The shapes of the server's JSON that the pages read (docs/server.md), for the type checker
// (tsconfig.json). Nothing runs here: import a type with
// /** @typedef {import("./types.js").Table} Table */.

/**
 * @typedef {object} User
 * @property {number} id
 * @property {string} name
 * @property {boolean} guest
 */

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

/**
 * A seat of a table.
 * @typedef {object} SeatInfo
 * @property {number} seat
 * @property {"open" | "human" | "computer" | string} kind
 * @property {number | null} [user_id]
 * @property {string | null} [name]
 * @property {string | null} [agent]
 * @property {string | null} [takeover] - the computer playing a person's seat for them
 *   (after a resignation, a timeout or a leaver claim), null while the person plays.
 */

/**
 * A table's clock (docs/lifecycle.md).
 * @typedef {object} TimeControl
 * @property {"unlimited" | "realtime" | "turn"} kind
 * @property {number} [base] - real time: seconds at the start.
 * @property {number} [increment] - real time: seconds added after each action (Fischer).
 * @property {number} [days] - turn-based: days per move.
 * @property {string} [label] - "5+3", "2d" or "-".
 */

/**
 * What a table's creator chose besides the game's options (docs/lifecycle.md).
 * @typedef {object} TableSettings
 * @property {TimeControl} time_control
 * @property {"auto" | "allowed" | "off"} hints
 * @property {string} takeover - "mcts:easy", "mcts:normal" or "mcts:hard".
 * @property {boolean} rated
 * @property {number} [grace] - seconds offline before a seat that must act may be claimed.
 * @property {number} [tournament] - the tournament whose game the table is (its page: /tournaments/{id}).
 */

/**
 * A lifecycle fact of a table: {kind, seq, seat, at, ...details} (docs/lifecycle.md).
 * @typedef {object} TableNote
 * @property {"resign" | "timeout" | "claim" | "takeover" | "return" | "hint" | "draw" | "takeback" | "abort" | "abandon" | "rematch" | string} kind
 * @property {number} seq - the table's seq when it happened (a take-over at seq 12 plays from action 13).
 * @property {number | null} seat
 * @property {string} [at] - ISO 8601.
 * @property {string} [agent] - a take-over's computer.
 * @property {number} [by] - a claim's claiming seat.
 * @property {number} [table] - a rematch's new table.
 */

/**
 * The offers standing at a table (the WebSocket's "offers" message).
 * @typedef {object} Offers
 * @property {number[]} draw - the seats offering a draw.
 * @property {{seat: number, to: number} | null} takeback - a takeback asked by `seat`, back to seq `to`.
 * @property {number[]} rematch - the seats that accepted a rematch.
 * @property {{kind: string, seat: number} | null} [declined] - the offer just declined, and by whom.
 * @property {number | null} [rematch_table] - the rematch's table, once opened.
 */

/**
 * A seated person's connection (the WebSocket's "presence" message).
 * @typedef {object} SeatPresence
 * @property {boolean} online
 * @property {number | null} [away] - seconds offline.
 * @property {number | null} [claimable_in] - seconds until the others may claim (a seat
 *   that must act and is offline), else null.
 */

/**
 * The choices of table settings that GET /api/games offers (`settings`).
 * @typedef {object} GameSettingsInfo
 * @property {number[][]} [realtime_presets] - [minutes, seconds] pairs.
 * @property {number[]} [turn_days]
 * @property {string[]} [takeover_levels]
 */

/**
 * @typedef {object} Table
 * @property {number} id
 * @property {string} game
 * @property {string} title
 * @property {Record<string, OptionValue>} options
 * @property {number} num_players
 * @property {SeatInfo[]} seats
 * @property {"open" | "running" | "finished" | "abandoned"} status
 * @property {number[] | null} returns
 * @property {number} seq
 * @property {string} [created_at] - ISO 8601.
 * @property {string | null} [finished_at] - ISO 8601, when the game ended.
 * @property {TableSettings} [settings] - the clock, hints, take-over level, rated.
 * @property {boolean} [hints_allowed] - whether a person here may ask for hints now.
 * @property {string | null} [reason] - why the game ended: normal, resignation, timeout,
 *   leaver, draw_agreed, aborted or abandoned.
 * @property {TableNote[]} [notes]
 * @property {boolean} [your_turn] - GET /api/tables/mine: a seat of the user may act.
 * @property {Offers} [offers] - the offers standing (the `table` message).
 * @property {Record<string, SeatPresence>} [presence] - who is online (the `table` message).
 */

/**
 * A viewer's state of a running table (the WebSocket's "state" message).
 * @typedef {object} TableState
 * @property {number} seq
 * @property {number[]} to_move
 * @property {boolean} chance
 * @property {boolean} terminal
 * @property {number[] | null} returns
 * @property {number[]} you
 * @property {Record<string, string[]>} legal_actions - seat -> its legal actions (notation).
 * @property {Record<string, LegalAction[]>} [legal] - seat -> the same actions with their parts.
 * @property {unknown} observation
 * @property {Record<string, unknown>} [observations] - hot-seat: seat -> its observation.
 * @property {Record<string, number> | null} [clocks] - seat -> seconds left (timed tables).
 * @property {number[]} [running] - the seats whose clocks run now.
 * @property {Record<string, SeatPresence>} [presence] - who is online, after each action.
 * @property {number} [receivedAt] - when the page received it (performance.now(), ms).
 */

/**
 * One line of a hint: an action, its value for the seat and the expected continuation.
 * @typedef {object} HintLine
 * @property {string} action
 * @property {GameEvent} [event] - the action in words (a structured event).
 * @property {GameEvent[]} [principal_events] - the principal line's actions in words.
 * @property {number} value
 * @property {number} [visits]
 * @property {boolean} [solved]
 * @property {string[]} principal
 */

/**
 * @typedef {object} Hint
 * @property {number} seq
 * @property {number} seat
 * @property {string} [agent]
 * @property {string[]} [legal] - the seat's legal actions at the position searched.
 * @property {HintLine[]} lines
 */

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
 * An action as data (core/game.py Action.parts): its kind (the engine's class in snake_case)
 * and its fields (cells as [x, y], dots as ids…), so that no page parses notation.
 * @typedef {{kind: string} & Record<string, any>} ActionParts
 */

/**
 * A legal action as the server sends it: the notation the page sends back, and its parts.
 * @typedef {{notation: string, parts: ActionParts}} LegalAction
 */

/**
 * What a board shows (games.js): the table page and the replay viewer pass this to update().
 * @typedef {object} BoardUpdate
 * @property {any} observation - the game's own shape (its module knows it).
 * @property {string[]} legal - the seat's legal actions in notation.
 * @property {LegalAction[]} [actions] - the same actions with their parts (what a board reads).
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
 * @property {(observation: any, legal: string[], actions: LegalAction[]) => string} [turnHint]
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

/**
 * A structured event from the server: what an action does, or why it was refused. Translated by
 * key (translate.js eventText).
 * @typedef {object} GameEvent
 * @property {string} key - "<game>.<what>" or "core.<what>".
 * @property {Record<string, unknown>} params
 */

/**
 * A table's static game information (GET /api/tables/{id}/game): fixed for the table's life.
 * @typedef {object} TableGameInfo
 * @property {string} game
 * @property {number} num_players
 * @property {Record<string, unknown>} options
 * @property {Record<string, unknown>} game_type
 * @property {Record<string, unknown>} geometry - the board or sheet to draw (the game's own shape).
 */

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
