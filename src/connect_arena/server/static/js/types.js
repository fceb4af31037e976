// The shapes of the server's JSON that the pages read, for the type checker (tsconfig.json).
// Nothing runs here: import a type with /** @typedef {import("./types.js").Table} Table */.
// The server's messages are aliases of the types generated from the protocol's JSON Schema
// (protocol.d.ts, from protocol.schema.json: docs/server.md); the rest are the pages' own.

/** @typedef {import("./protocol").UserInfo} User */

/** @typedef {import("./protocol").OptionInfo} OptionSpec */

/** @typedef {boolean | number | string} OptionValue */

/**
 * A game as the pages know it: a complete catalogue entry (CatalogueGame), or the partial one
 * the pages fall back to for a game the catalogue does not list.
 * @typedef {Pick<CatalogueGame, "name" | "seat_names"> & Partial<CatalogueGame>} GameInfo
 */

/** @typedef {import("./protocol").GameInfo} CatalogueGame */

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
 * The settings' choices of GET /api/games (empty on a page until the catalogue has come).
 * @typedef {Partial<import("./protocol").GameSettingsInfo>} GameSettingsInfo
 */

/** @typedef {import("./protocol").Table} Table */

// The sockets' messages: switch on `type` (a table's socket, a user's event stream, the lobby's,
// a tournament's).
/** @typedef {import("./protocol").TableSocketMessage} TableSocketMessage */
/** @typedef {import("./protocol").UserEvent} UserEvent */
/** @typedef {import("./protocol").LobbyMessage} LobbyMessage */
/** @typedef {import("./protocol").TournamentMessage} TournamentMessage */

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

/** @typedef {import("./protocol").GameRecord} GameRecord */

/** @typedef {import("./protocol").ReplayFrame} ReplayFrame */

/** @typedef {import("./protocol").Replay} Replay */

/** @typedef {import("./protocol").GameEvent} GameEvent */

/** @typedef {import("./protocol").TableGameInfo} TableGameInfo */

/** @typedef {import("./protocol").TimeControl} TournamentTimeControl */

/** @typedef {import("./protocol").TableSettings} TournamentSettings */

/** @typedef {import("./protocol").TournamentSummary} TournamentSummary */

/** @typedef {import("./protocol").TournamentEntrant} TournamentEntrant */

/** @typedef {import("./protocol").TournamentGame} TournamentGame */

/** @typedef {import("./protocol").StandingRow} StandingRow */

/** @typedef {import("./protocol").Tournament} Tournament */

export {};
