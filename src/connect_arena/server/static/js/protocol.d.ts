// Generated from protocol.schema.json by tools/protocol/gen-types.mjs: do not edit.
// The schema's source: connect_arena/service/protocol.py and server/protocol.py.

/**
 * Any message or body the Connect Arena server sends (docs/server.md).
 */
export type ConnectArenaMessage =
  | TableSocketMessage
  | UserEvent
  | StateMessage
  | EventMessage
  | TableMessage
  | OffersMessage
  | PresenceMessage
  | HistoryMessage
  | TakebackMessage
  | RematchMessage
  | ChatMessage
  | PongMessage
  | ErrorMessage
  | LobbyMessage
  | ChallengeEvent
  | GameEventOfUser
  | SeekMatchedEvent
  | ReportHandledEvent
  | ModerationNoticeEvent
  | TournamentMessage
  | TournamentListing
  | Catalogue
  | TableBody
  | MyTables
  | TournamentBody
  | BotToken
  | BotTokens
  | ChallengeBody
  | ChallengeList
  | ChallengeAccepted
  | UserInfo
  | Profile
  | HistoryPage
  | Leaderboard
  | Table
  | Seek
  | Challenge
  | Hint
  | GameAnalysis
  | AnalysisProgress
  | AnalysisBranch
  | Replay
  | TutorialInfo
  | PuzzleStart
  | PuzzleProgress
  | PuzzleOverview
  | PuzzleHistory
  | TutorialProgress
  | ReplayFrames
  | TableGameInfo
  | ChatHistory
  | ChatPosted
  | SeekList
  | SeekMade
  | ClusterReplicas
  | Session
  | Ok
  | RematchAnswer
  | HttpError;
export type TableSocketMessage =
  | StateMessage
  | EventMessage
  | TableMessage
  | OffersMessage
  | PresenceMessage
  | HistoryMessage
  | TakebackMessage
  | RematchMessage
  | ChatMessage
  | PongMessage
  | ErrorMessage;
export type UserEvent =
  ChallengeEvent | GameEventOfUser | SeekMatchedEvent | ReportHandledEvent | ModerationNoticeEvent;

/**
 * A viewer's state of a running table.
 */
export interface StateMessage {
  type: "state";
  table_id: number;
  seq: number;
  /**
   * The active seats.
   */
  to_move: number[];
  chance: boolean;
  terminal: boolean;
  returns: number[] | null;
  /**
   * The viewer's seats.
   */
  you: number[];
  /**
   * Seat -> its legal actions in notation (the viewer's active seats).
   */
  legal_actions: {
    [k: string]: string[];
  };
  /**
   * Seat -> its legal actions as notation and parts.
   */
  legal: {
    [k: string]: LegalAction[];
  };
  /**
   * The game's own shape (its UI module knows it).
   */
  observation: {
    [k: string]: unknown;
  };
  /**
   * Hot-seat: seat -> its observation.
   */
  observations?: {
    [k: string]: {
      [k: string]: unknown;
    };
  };
  presence?: {
    [k: string]: SeatPresence;
  };
  /**
   * Seat -> seconds left (timed tables).
   */
  clocks?: {
    [k: string]: number;
  } | null;
  /**
   * The seats whose clocks run now.
   */
  running?: number[];
}
/**
 * A legal action as notation and as data (``Action.parts()``): pages read the parts and
 * send the notation back.
 */
export interface LegalAction {
  notation: string;
  /**
   * ``{"kind": <the action class in snake_case>, <field>: <value>...}``: tuples as lists,
   * enums as their values.
   */
  parts: {
    kind: string;
    [k: string]: unknown;
  };
}
/**
 * A seated person's connection.
 */
export interface SeatPresence {
  online: boolean;
  /**
   * Seconds offline.
   */
  away: number | null;
  /**
   * Seconds until the others may claim the seat (it must act and is offline).
   */
  claimable_in: number | null;
}
/**
 * One action of the log, shown to a viewer; live ones carry the new ``state``.
 */
export interface EventMessage {
  type: "event";
  table_id: number;
  seq: number;
  /**
   * The acting seat (-1: chance).
   */
  seat: number;
  /**
   * Its notation; ``null`` when hidden from this viewer.
   */
  action: string | null;
  /**
   * The action in words; hidden like the action.
   */
  event: GameEvent | null;
  simultaneous: boolean;
  state?: StateMessage | null;
}
/**
 * A structured event as JSON (:meth:`Event.to_json`): what an action does, or why it was
 * refused; pages translate it by ``key``. Part of the wire protocol
 * (``connect_arena.service.protocol``).
 */
export interface GameEvent {
  /**
   * ``<game>.<what>`` or ``core.<what>``.
   */
  key: string;
  /**
   * The template's parameters.
   */
  params: {
    [k: string]: unknown;
  };
}
/**
 * The table's description and the viewer's seats (seats changed, the game started).
 */
export interface TableMessage {
  type: "table";
  table: Table;
  you: number[];
}
/**
 * A table's public description (lobby rows, the ``table`` message, the event stream).
 */
export interface Table {
  id: number;
  game: string;
  title: string;
  options: {
    [k: string]: boolean | number | string;
  };
  num_players: number;
  seats: SeatInfo[];
  /**
   * ``open``, ``running``, ``finished`` or ``abandoned``.
   */
  status: string;
  created_by: number;
  created_at: string;
  finished_at: string | null;
  returns: number[] | null;
  /**
   * Each seat's points once the game reached its end by the rules, for games that count
   * points (Connect 5 ``[36, 5]``); ``null`` otherwise (Quinque, a resignation, an abort).
   */
  scores: number[] | null;
  seq: number | null;
  settings: TableSettings;
  /**
   * Whether a person here may ask for hints now.
   */
  hints_allowed: boolean;
  /**
   * Why the game ended: ``normal``, ``resignation``, ``timeout``, ``leaver``,
   * ``draw_agreed``, ``aborted`` or ``abandoned``.
   */
  reason: string | null;
  notes: TableNote[];
  /**
   * Each seat's rating change once a rated game was scored.
   */
  rating_changes: (number | null)[] | null;
  /**
   * With ``rating_changes``: each seat's rating after the game (the result card shows it
   * beside the change).
   */
  ratings_after: (number | null)[] | null;
  offers?: StandingOffers;
  /**
   * The ``table`` message: who is online (seat -> presence).
   */
  presence?: {
    [k: string]: SeatPresence;
  };
  /**
   * ``GET /api/tables/mine``: a seat of the user may act.
   */
  your_turn?: boolean;
}
/**
 * A seat of a table.
 */
export interface SeatInfo {
  seat: number;
  /**
   * ``open``, ``human`` or ``computer``.
   */
  kind: string;
  user_id: number | null;
  name: string | null;
  /**
   * A computer seat's agent spec.
   */
  agent: string | null;
  /**
   * The computer playing a person's seat for them (after a resignation, a timeout or a
   * leaver claim); ``null`` while the person plays.
   */
  takeover: string | null;
  /**
   * The account sitting here is a bot (plays through the bot API).
   */
  bot: boolean;
}
/**
 * What a table's creator chose besides the game's options (``docs/lifecycle.md``).
 */
export interface TableSettings {
  time_control: TimeControl;
  hints: "auto" | "allowed" | "off";
  /**
   * The take-over agent: ``mcts:easy``, ``mcts:normal`` or ``mcts:hard``.
   */
  takeover: string;
  rated: boolean;
  /**
   * Seconds offline before a seat that must act may be claimed.
   */
  grace: number;
  /**
   * The tournament whose game the table is.
   */
  tournament?: number;
}
/**
 * A table's clock (``docs/lifecycle.md``).
 */
export interface TimeControl {
  kind: "unlimited" | "realtime" | "turn";
  /**
   * Real time: seconds at the start.
   */
  base: number;
  /**
   * Real time: seconds added after each action (Fischer).
   */
  increment: number;
  /**
   * Turn-based: days per move.
   */
  days: number;
  /**
   * ``5+3``, ``2d`` or ``-``.
   */
  label: string;
}
/**
 * A lifecycle fact of a table (``docs/lifecycle.md``).
 */
export interface TableNote {
  /**
   * ``resign``, ``timeout``, ``claim``, ``takeover``, ``return``, ``hint``, ``draw``,
   * ``takeback``, ``abort``, ``abandon`` or ``rematch``.
   */
  kind: string;
  /**
   * The table's seq when it happened (a take-over at seq 12 plays from action 13).
   */
  seq: number;
  seat: number | null;
  at: string;
  /**
   * A take-over's computer.
   */
  agent?: string;
  /**
   * A claim's claiming seat.
   */
  by?: number;
  /**
   * A takeback's kept seq.
   */
  to?: number;
  /**
   * A rematch's new table.
   */
  table?: number;
}
/**
 * The ``table`` message: the offers standing.
 */
export interface StandingOffers {
  /**
   * The seats offering a draw.
   */
  draw: number[];
  takeback: TakebackOffer | null;
  /**
   * The seats that accepted a rematch.
   */
  rematch: number[];
  rematch_table: number | null;
  declined: DeclinedOffer | null;
}
/**
 * A takeback asked by ``seat``, back to seq ``to``.
 */
export interface TakebackOffer {
  seat: number;
  to: number;
  accepted: number[];
}
/**
 * The offer just declined, and by whom.
 */
export interface DeclinedOffer {
  kind: string;
  seat: number;
}
/**
 * The offers standing changed.
 */
export interface OffersMessage {
  draw: number[];
  takeback: TakebackOffer | null;
  rematch: number[];
  rematch_table: number | null;
  declined: DeclinedOffer | null;
  type: "offers";
  table_id: number;
}
/**
 * Who is online changed.
 */
export interface PresenceMessage {
  type: "presence";
  table_id: number;
  seats: {
    [k: string]: SeatPresence;
  };
}
/**
 * A page of older events (the answer to a ``history`` request).
 */
export interface HistoryMessage {
  type: "history";
  table_id: number;
  before: number;
  events: EventMessage[];
}
/**
 * A takeback was granted: the table went back to ``seq``.
 */
export interface TakebackMessage {
  type: "takeback";
  table_id: number;
  seq: number;
}
/**
 * The rematch's table is open.
 */
export interface RematchMessage {
  type: "rematch";
  table_id: number;
  rematch_table: number;
}
/**
 * A chat message (also the table socket's ``chat`` message).
 */
export interface ChatMessage {
  type: "chat";
  id: number;
  table_id: number;
  /**
   * ``players`` or ``spectators``.
   */
  room: string;
  user_id: number;
  name: string;
  text: string | null;
  preset: string | null;
  at: string;
}
/**
 * The answer to a ``ping``.
 */
export interface PongMessage {
  type: "pong";
  id: string | number | null;
}
/**
 * A refusal (a socket frame's, or a bot request's).
 */
export interface ErrorMessage {
  type: "error";
  /**
   * A stable code: ``bad_message``, ``not_found``, ``not_your_turn``, ``illegal_action``...
   */
  code: string;
  /**
   * In English, for people.
   */
  message: string;
  /**
   * The client's ``id``, echoed.
   */
  id?: string | number;
  /**
   * The table's seq.
   */
  seq?: number;
  event?: GameEvent1;
}
/**
 * A structured event as JSON (:meth:`Event.to_json`): what an action does, or why it was
 * refused; pages translate it by ``key``. Part of the wire protocol
 * (``connect_arena.service.protocol``).
 */
export interface GameEvent1 {
  /**
   * ``<game>.<what>`` or ``core.<what>``.
   */
  key: string;
  /**
   * The template's parameters.
   */
  params: {
    [k: string]: unknown;
  };
}
/**
 * A challenge received (``challenge``), declined or cancelled.
 */
export interface ChallengeEvent {
  type: "challenge" | "challengeDeclined" | "challengeCanceled";
  challenge: Challenge;
  /**
   * Why it was declined or cancelled.
   */
  reason?: string;
}
/**
 * A challenge between two users.
 */
export interface Challenge {
  id: number;
  challenger: UserRef;
  challenged: UserRef;
  game: string;
  options: {
    [k: string]: boolean | number | string;
  };
  seats: ChallengeSeat[];
  settings: TableSettings;
  /**
   * The challenger's seat is drawn when the challenge is accepted (the "me" seat then
   * says nothing).
   */
  random_seat: boolean;
  created_at: string;
  expires_at: string;
}
/**
 * A user as seeks and challenges name them.
 */
export interface UserRef {
  id: number;
  name: string;
  bot: boolean;
}
/**
 * A seat a challenge asks for.
 */
export interface ChallengeSeat {
  kind: string;
  agent?: string;
}
/**
 * A game where the user sits started (``gameStart``) or ended (``gameFinish``).
 */
export interface GameEventOfUser {
  type: "gameStart" | "gameFinish";
  game: GameOfUser;
}
/**
 * A table of the event stream, with the user's seats there.
 */
export interface GameOfUser {
  id: number;
  game: string;
  title: string;
  options: {
    [k: string]: boolean | number | string;
  };
  num_players: number;
  seats: SeatInfo[];
  status: string;
  created_by: number;
  created_at: string;
  finished_at: string | null;
  returns: number[] | null;
  scores: number[] | null;
  seq: number | null;
  settings: TableSettings;
  hints_allowed: boolean;
  reason: string | null;
  notes: TableNote[];
  rating_changes: (number | null)[] | null;
  ratings_after: (number | null)[] | null;
  offers?: StandingOffers1;
  presence?: {
    [k: string]: SeatPresence;
  };
  your_turn?: boolean;
  you: number[];
}
/**
 * The offers standing at a table.
 */
export interface StandingOffers1 {
  /**
   * The seats offering a draw.
   */
  draw: number[];
  takeback: TakebackOffer | null;
  /**
   * The seats that accepted a rematch.
   */
  rematch: number[];
  rematch_table: number | null;
  declined: DeclinedOffer | null;
}
/**
 * A seek of the user found its table.
 */
export interface SeekMatchedEvent {
  type: "seekMatched";
  seek: number;
  table_id: number;
}
/**
 * A moderator handled a report the user made (what was done stays between the
 * moderators and the reported player).
 */
export interface ReportHandledEvent {
  type: "reportHandled";
  report_id: number;
}
/**
 * A moderator acted on the user's account: ``warn`` (with the moderator's words) or
 * ``mute`` (no chat until ``until``, ISO 8601 UTC).
 */
export interface ModerationNoticeEvent {
  type: "moderation";
  action: "warn" | "mute";
  reason: string;
  until: string | null;
}
/**
 * A page of open and running tables (open first, newest first in each) and the seeks
 * waiting, oldest first.
 */
export interface LobbyMessage {
  type: "lobby";
  tables: Table[];
  seeks: Seek[];
  /**
   * The page shown, from 1 (``/ws/lobby`` always sends page 1).
   */
  page: number;
  /**
   * Tables on a full page.
   */
  per_page: number;
  /**
   * Open and running tables in all (more pages when ``page * per_page < total``).
   */
  total: number;
  /**
   * ``GET /api/lobby``: the latest finished tables.
   */
  finished?: Table[];
}
/**
 * A waiting seek.
 */
export interface Seek {
  id: number;
  user: UserRef;
  game: string;
  players: number;
  settings: TableSettings;
  rating: number;
  /**
   * The rating range accepted (``null``: any).
   */
  range: number | null;
  created_at: string;
}
/**
 * The tournament now and after every change (``/ws/tournaments/{id}``).
 */
export interface TournamentMessage {
  type: "tournament";
  tournament: Tournament;
}
/**
 * A tournament: its choices, state, standings and games.
 */
export interface Tournament {
  id: number;
  name: string;
  game: string;
  options: {
    [k: string]: boolean | number | string;
  };
  /**
   * Seats per table.
   */
  players: number;
  settings: TableSettings;
  /**
   * ``swiss``, ``arena`` or ``round_robin``.
   */
  format: string;
  minutes: number;
  starts_at: string;
  min_rated_games: number;
  /**
   * Seconds between rounds.
   */
  pause: number;
  created_by: number;
  /**
   * ``upcoming``, ``running``, ``finished`` or ``cancelled``.
   */
  status: string;
  round: number;
  entrants: TournamentEntrant[];
  games: TournamentGame[];
  rounds: number;
  /**
   * ``[round, entrant]`` pairs.
   */
  byes: number[][];
  started_at: string | null;
  finished_at: string | null;
  /**
   * An arena's end once started.
   */
  ends_at: string | null;
  /**
   * During the pause between rounds: when the next round is paired.
   */
  next_round_at: string | null;
  standings: StandingRow[];
}
/**
 * An entrant: a person, a bot or a computer (``<agent> #<n>``).
 */
export interface TournamentEntrant {
  index: number;
  name: string;
  user_id: number | null;
  agent: string | null;
  bot: boolean;
  withdrawn: boolean;
  no_shows: number;
  rating: number;
}
/**
 * A game (a table) of a tournament.
 */
export interface TournamentGame {
  /**
   * 1-based (arena: the order of pairing).
   */
  round: number;
  table_id: number;
  /**
   * The entrant at each seat.
   */
  entrants: number[];
  returns: number[] | null;
  /**
   * Each seat's points when the game reached its end by the rules in a game scored by
   * points (``null`` otherwise, as the table's ``scores``).
   */
  scores: number[] | null;
  /**
   * Why it ended (``null`` while it runs).
   */
  reason: string | null;
  no_shows: number[];
}
/**
 * A row of the standings, best first.
 */
export interface StandingRow {
  place: number;
  entrant: number;
  name: string;
  user_id: number | null;
  agent: string | null;
  bot: boolean;
  score: number;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  byes: number;
  /**
   * In the system's order, by key (``buchholz``...).
   */
  tiebreaks: {
    [k: string]: number;
  };
  withdrawn: boolean;
}
/**
 * ``GET /api/tournaments``: newest first.
 */
export interface TournamentListing {
  upcoming: TournamentSummary[];
  running: TournamentSummary[];
  finished: TournamentSummary[];
}
/**
 * A tournament of the list (without entrants and games).
 */
export interface TournamentSummary {
  id: number;
  name: string;
  game: string;
  players: number;
  format: string;
  status: string;
  settings: TableSettings;
  starts_at: string;
  /**
   * How many (withdrawn ones not counted).
   */
  entrants: number;
  rounds: number;
  minutes: number;
}
/**
 * ``GET /api/games``: the registered games, the computer players' kinds, the settings.
 */
export interface Catalogue {
  games: GameInfo[];
  agents: string[];
  settings: GameSettingsInfo;
}
/**
 * A game of the catalogue, in English.
 */
export interface GameInfo {
  name: string;
  title: string;
  summary: string;
  player_counts: number[];
  default_players: number;
  seat_names: string[];
  private_information: boolean;
  /**
   * Player count -> the partners' seat lists.
   */
  teams: {
    [k: string]: number[][];
  };
  /**
   * The game's declaration (core ``GameType``).
   */
  game_type: {
    [k: string]: unknown;
  };
  /**
   * The languages of its rules pages (none: no link).
   */
  rules_languages: string[];
  /**
   * It has a guided first game (``/tutorial/<name>``).
   */
  tutorial: boolean;
  options: OptionInfo[];
  /**
   * Computer player (``mcts:hard``) -> its cap on the thinking time per decision, in
   * seconds (only the agents with one; shown as "thinks up to 1 s").
   */
  agent_time_caps: {
    [k: string]: number;
  };
}
/**
 * A game option for the pages (``GET /api/games``).
 */
export interface OptionInfo {
  name: string;
  /**
   * ``bool``, ``int``, ``str`` or ``choice``.
   */
  type: string;
  default: boolean | number | string;
  /**
   * In English.
   */
  description: string;
  choices: string[] | null;
  minimum: number | null;
  maximum: number | null;
  /**
   * The ambiguity-register entries the option settles (``Q-3``...).
   */
  register: string;
  /**
   * Offered by the new-table form (false: only for programs' games).
   */
  form: boolean;
  /**
   * Per player count, the values the engine accepts (the other options at their
   * defaults); ``null``: any number in the range.
   */
  valid: {
    [k: string]: (boolean | number | string)[];
  } | null;
}
/**
 * The choices of table settings the new-table form offers.
 */
export interface GameSettingsInfo {
  /**
   * ``[minutes, seconds]`` pairs.
   */
  realtime_presets: number[][];
  turn_days: number[];
  takeover_levels: string[];
  default: TableSettings;
}
/**
 * ``POST /api/tables`` (the new table), ``.../join`` and ``.../leave``: the table.
 */
export interface TableBody {
  table: Table;
}
/**
 * ``GET /api/tables/mine``: the caller's open and running tables (with ``your_turn``),
 * those where it is their turn first.
 */
export interface MyTables {
  tables: Table[];
}
/**
 * ``GET /api/tournaments/{id}``, creating, joining, withdrawing: the tournament.
 */
export interface TournamentBody {
  tournament: Tournament;
}
/**
 * A bot API token (without its secret, except once, when created).
 */
export interface BotToken {
  id: number;
  name: string;
  scopes: string[];
  created_at: string;
  last_used_at: string | null;
  /**
   * The secret: only in the answer that creates the token.
   */
  token?: string;
}
/**
 * ``GET /api/tokens``: the signed-in user's tokens.
 */
export interface BotTokens {
  tokens: BotToken[];
}
/**
 * ``POST /api/challenge/{name}``: the challenge made.
 */
export interface ChallengeBody {
  challenge: Challenge;
}
export interface ChallengeList {
  in: Challenge[];
  out: Challenge[];
}
/**
 * ``POST /api/challenge/{id}/accept``: the table it opened.
 */
export interface ChallengeAccepted {
  table_id: number;
}
/**
 * An account's public description.
 */
export interface UserInfo {
  id: number;
  name: string;
  guest: boolean;
  bot: boolean;
  /**
   * May open the moderation page (``/moderation``).
   */
  moderator: boolean;
}
/**
 * ``GET /api/users/{name}``.
 */
export interface Profile {
  user: ProfileUser;
  games: {
    [k: string]: GameStats;
  };
  ratings: {
    [k: string]: RatingInfo;
  };
  rating_history: {
    [k: string]: RatingPoint[];
  };
  recent: HistoryItem[];
  running: RunningTable[];
}
/**
 * The account a profile describes.
 */
export interface ProfileUser {
  id: number;
  name: string;
  joined: string;
  guest: boolean;
  bot: boolean;
  computer: boolean;
}
/**
 * A user's games of one game.
 */
export interface GameStats {
  title: string;
  played: number;
  wins: number;
  losses: number;
  draws: number;
  mean_rank: number | null;
  mean_sides: number | null;
  /**
   * ``{"<sides>": {"<place>": games}}``: how often the user finished at each place, by
   * the number of sides (places from 1).
   */
  places: {
    [k: string]: {
      [k: string]: number;
    };
  };
}
/**
 * A user's rating in one game.
 */
export interface RatingInfo {
  rating: number;
  mu: number;
  sigma: number;
  games: number;
  provisional: boolean;
  last_game_at: string;
}
/**
 * A point of a rating chart: the rating after a rated game.
 */
export interface RatingPoint {
  at: string;
  /**
   * After the game (a rated game always has one).
   */
  rating: number;
  change: number | null;
  table_id: number;
}
/**
 * One finished game of a user (the user's seat at a scored table).
 */
export interface HistoryItem {
  table_id: number;
  game: string;
  title: string;
  finished_at: string;
  reason: string | null;
  rated: boolean;
  seat: number;
  sides: number | null;
  rank: number | null;
  /**
   * ``win``, ``loss``, ``draw`` or ``null``.
   */
  result: string | null;
  /**
   * Each seat's final points (games that count points, ended by the rules), else
   * ``null``.
   */
  scores: number[] | null;
  rating: number | null;
  change: number | null;
  players: HistoryPlayer[];
  /**
   * The replay page's path.
   */
  replay: string;
}
/**
 * A seat of a history item, with its scoring.
 */
export interface HistoryPlayer {
  seat: number;
  kind: string;
  user_id: number | null;
  name: string | null;
  agent: string | null;
  bot: boolean;
  account: number | null;
  rank: number | null;
  change: number | null;
}
/**
 * A running table of a profile.
 */
export interface RunningTable {
  id: number;
  game: string;
  title: string;
  created_at: string;
  seats: PlayerSeat[];
  url: string;
}
/**
 * A seat of a stored table.
 */
export interface PlayerSeat {
  seat: number;
  kind: string;
  user_id: number | null;
  name: string | null;
  agent: string | null;
  bot: boolean;
}
/**
 * ``GET /api/users/{name}/games``: a page of finished games, newest first.
 */
export interface HistoryPage {
  games: HistoryItem[];
  page: number;
  per_page: number;
  total: number;
  has_more: boolean;
}
/**
 * ``GET /api/leaderboard/{game}``: the top rated active players.
 */
export interface Leaderboard {
  game: string;
  title: string;
  page: number;
  per_page: number;
  has_more: boolean;
  active_days: number;
  provisional_games: number;
  players: LeaderboardRow[];
  /**
   * The active people with fewer rated games than ``provisional_games``, best first
   * (first page only; their ``rank`` counts within this list).
   */
  provisional: LeaderboardRow[];
}
/**
 * A row of a leaderboard.
 */
export interface LeaderboardRow {
  rank: number;
  user: LeaderboardUser;
  rating: number;
  games: number;
  last_game_at: string;
}
/**
 * A ranked account.
 */
export interface LeaderboardUser {
  id: number;
  name: string;
}
/**
 * ``POST /api/tables/{id}/hint``: the best actions for a seat, best first.
 */
export interface Hint {
  table_id: number;
  seq: number;
  seat: number;
  agent: string;
  /**
   * The seat's legal actions at the position searched.
   */
  legal: string[];
  lines: HintLine[];
}
/**
 * One candidate of a hint: an action, its value for the seat and the expected line.
 */
export interface HintLine {
  action: string;
  event: GameEvent;
  /**
   * The seat's expected return.
   */
  value: number;
  /**
   * The same on the one scale of hints and analyses: the share of the best result, 0..1
   * (a win 1, a two-sided draw 0.5); ``null`` when returns are points (then ``value``).
   */
  score: number | null;
  visits: number;
  solved: boolean;
  /**
   * The expected line, up to the next chance outcome (never sampled dice).
   */
  principal: string[];
  principal_events: GameEvent[];
  /**
   * Chance (the dice) acts after the line: what follows is not known.
   */
  then_chance: boolean;
}
/**
 * ``GET /api/tables/{id}/analysis``: the evaluation of a finished game.
 */
export interface GameAnalysis {
  table_id: number;
  agent: string;
  /**
   * Only some positions were searched (a long game).
   */
  sampled: boolean;
  /**
   * By seq.
   */
  positions: AnalysedPosition[];
}
/**
 * One position of "Analyse this game".
 */
export interface AnalysedPosition {
  /**
   * The action's seq (the position searched is the one before it).
   */
  seq: number;
  seat: number;
  played: string;
  best: string;
  best_event: GameEvent;
  /**
   * The acting seat's expected return (the best line's).
   */
  value: number;
  /**
   * The same on the scale of hints: the share of the best result, 0..1 (``null``: points).
   */
  score: number | null;
  /**
   * The action played among the candidates (1: the engine's; ``null``: not among them).
   */
  rank: number | null;
  /**
   * The simulations searched (fewer where the position was decided early).
   */
  simulations: number;
}
/**
 * ``GET /api/tables/{id}/analysis/stream`` (server-sent events): one ``position`` event
 * per position as its search ends (in no particular order), then one ``done`` event whose
 * data is the whole :class:`GameAnalysis`.
 */
export interface AnalysisProgress {
  table_id: number;
  /**
   * The positions the analysis searches.
   */
  total: number;
  position: AnalysedPosition;
}
/**
 * ``GET /api/tables/{id}/analysis/explore?seq=&branch=``: "analyse from here" — the
 * position after the game's first ``seq`` actions and then the ``branch`` actions (notation,
 * chance outcomes included), the choices there and the engine's evaluation for the seat to
 * act.
 */
export interface AnalysisBranch {
  table_id: number;
  seq: number;
  branch: string[];
  frame: ReplayFrame;
  /**
   * The seat to act (the lowest active one); ``null`` when chance acts or the game ended.
   */
  seat: number | null;
  /**
   * The seat's legal actions, or the chance outcomes.
   */
  choices: BranchChoice[];
  /**
   * The engine's best actions for ``seat``, best first (empty without a seat).
   */
  lines: HintLine[];
  simulations: number;
}
/**
 * The position (``frame.seq``: actions applied in all).
 */
export interface ReplayFrame {
  seq: number;
  /**
   * The seat that acted (-1: chance; ``null`` in frame 0).
   */
  seat: number | null;
  action: string | null;
  /**
   * The action in words.
   */
  event: GameEvent | null;
  chance: boolean;
  to_move: number[];
  terminal: boolean;
  returns: number[] | null;
  /**
   * Everything the record shows (``State.revealed_observation``).
   */
  observation: {
    [k: string]: unknown;
  };
}
/**
 * A choice at a position of "analyse from here": a legal action of the seat to act, or a
 * chance outcome with its probability.
 */
export interface BranchChoice {
  notation: string;
  /**
   * An action's kind and fields (Action.parts()); the fields depend on the kind.
   */
  parts: {
    kind: string;
    [k: string]: unknown;
  };
  event: GameEvent2;
  /**
   * A chance outcome's probability (``null`` for a seat's action).
   */
  probability: number | null;
}
/**
 * A structured event as JSON (:meth:`Event.to_json`): what an action does, or why it was
 * refused; pages translate it by ``key``. Part of the wire protocol
 * (``connect_arena.service.protocol``).
 */
export interface GameEvent2 {
  /**
   * ``<game>.<what>`` or ``core.<what>``.
   */
  key: string;
  /**
   * The template's parameters.
   */
  params: {
    [k: string]: unknown;
  };
}
/**
 * A replay's summary: the record, the number of positions, each action's seat and
 * description, the first and last frames.
 */
export interface Replay {
  record: GameRecord;
  game: TableGameInfo;
  positions: number;
  seats: number[];
  events: (GameEvent | null)[];
  frames: ReplayFrame1[];
}
/**
 * A game record (``connect-arena/record@1``, ``docs/records.md``).
 */
export interface GameRecord {
  format: "connect-arena/record@1";
  game: string;
  options: {
    [k: string]: boolean | number | string;
  };
  /**
   * The players' names, per seat.
   */
  players: string[];
  /**
   * The actions in notation, chance outcomes included.
   */
  actions: (string | SeatActionJson)[];
  meta: {
    [k: string]: unknown;
  };
}
/**
 * An action tagged with the seat that took it (a simultaneous phase's).
 */
export interface SeatActionJson {
  seat: number;
  action: string;
}
/**
 * A table's static game information, fixed for its life.
 */
export interface TableGameInfo {
  game: string;
  num_players: number;
  options: {
    [k: string]: boolean | number | string;
  };
  /**
   * The game's declaration (core ``GameType``).
   */
  game_type: {
    [k: string]: unknown;
  };
  /**
   * The board or sheet to draw (the game's own shape).
   */
  geometry: {
    [k: string]: unknown;
  };
}
/**
 * Frame ``i`` of a replay: the position after ``i`` actions.
 */
export interface ReplayFrame1 {
  seq: number;
  /**
   * The seat that acted (-1: chance; ``null`` in frame 0).
   */
  seat: number | null;
  action: string | null;
  /**
   * The action in words.
   */
  event: GameEvent | null;
  chance: boolean;
  to_move: number[];
  terminal: boolean;
  returns: number[] | null;
  /**
   * Everything the record shows (``State.revealed_observation``).
   */
  observation: {
    [k: string]: unknown;
  };
}
/**
 * ``GET /api/tutorials/{game}``: the game's static information, the intro key and the
 * starting progress.
 */
export interface TutorialInfo {
  game: string;
  intro: string;
  info: TableGameInfo;
  progress: TutorialProgress;
}
/**
 * ``GET /api/tutorials/{game}/steps``: where the player stands.
 */
export interface TutorialProgress {
  game: string;
  seat: number;
  /**
   * 0-based; ``steps`` once finished.
   */
  step: number;
  steps: number;
  /**
   * The step's message key (the finish key once finished).
   */
  message: string;
  /**
   * The actions to highlight.
   */
  expect: string[];
  finished: boolean;
  accepted: string | null;
  refusal: TutorialRefusal | null;
  /**
   * A ``StateMessage`` for the player's seat, without ``table_id`` (a tutorial is no
   * table).
   */
  state: {
    [k: string]: unknown;
  };
  moves: TutorialMove[];
}
/**
 * Why an attempt was not accepted (nothing changed).
 */
export interface TutorialRefusal {
  /**
   * ``illegal`` (``event`` and ``message`` say why) or ``unexpected`` (legal, but not
   * this step's lesson: ``explanation`` is the step's key).
   */
  kind: string;
  action: string;
  explanation: string;
  message: string;
  event: GameEvent | null;
}
/**
 * An action applied in a tutorial.
 */
export interface TutorialMove {
  seq: number;
  seat: number;
  action: string;
  event: GameEvent;
}
/**
 * ``GET /api/puzzles/{game}/next`` and ``/api/puzzles/id/{id}``: a puzzle to play.
 */
export interface PuzzleStart {
  info: TableGameInfo;
  progress: PuzzleProgress;
  /**
   * The attempt will be rated (a signed-in account's first at this puzzle).
   */
  rated: boolean;
}
/**
 * ``POST /api/puzzles/{id}/attempt`` and ``/solution``: where the player stands.
 */
export interface PuzzleProgress {
  puzzle: PuzzleSummary;
  /**
   * ``playing``, ``solved``, ``failed`` or ``solution``.
   */
  status: string;
  accepted: string | null;
  refusal: PuzzleRefusal | null;
  /**
   * A ``StateMessage`` for the mover's seat, without ``table_id``; no legal actions once
   * the puzzle is over.
   */
  state: {
    [k: string]: unknown;
  };
  /**
   * The position's last action, then every action since.
   */
  moves: TutorialMove[];
  /**
   * Set on an account's first attempt once solved or failed.
   */
  change: PuzzleRatingChange | null;
  /**
   * A best-claim puzzle once over: the mover's total at the end of the round after the
   * answer (``null`` otherwise).
   */
  total: number | null;
  /**
   * A best-claim puzzle once over: ``total`` minus the best other line's (>= 1).
   */
  margin: number | null;
  /**
   * A best-roll puzzle (Connect Pairs) once over: the answer's measure, ``[won, matched,
   * placed, pairs]`` (``docs/puzzles.md``; ``null`` otherwise).
   */
  measure: number[] | null;
  /**
   * A best-roll puzzle once over: the best measure of any other resulting state.
   */
  runner_up: number[] | null;
}
/**
 * A puzzle as the page shows it (never its answer).
 */
export interface PuzzleSummary {
  id: string;
  game: string;
  /**
   * ``win`` (win in ``turns`` turns), ``defence`` (stop the opponent's win) or
   * ``best-claim`` (CO'NNN'ECT: the one best set of claims with these dice, any order).
   */
  kind: string;
  turns: number;
  /**
   * The player's seat, 0-based.
   */
  mover: number;
  themes: string[];
  /**
   * 1 (easy) to 5.
   */
  difficulty: number;
  /**
   * The puzzle's rating (a mean, ``1500 + 20 (mu - 25)``).
   */
  rating: number;
  /**
   * Rated attempts so far.
   */
  attempts: number;
  /**
   * Where the position came from: ``seed``, ``game``, ``agents``, ``ply`` (self-play), or
   * ``table`` (a table's id).
   */
  source: {
    [k: string]: unknown;
  };
}
/**
 * Why an attempt was not accepted.
 */
export interface PuzzleRefusal {
  /**
   * ``illegal`` (nothing changed: ``event`` and ``message`` say why) or ``wrong`` (legal
   * but not the answer: the puzzle is failed; ``event`` describes the action).
   */
  kind: string;
  action: string;
  message: string;
  event: GameEvent | null;
}
/**
 * A first attempt's rating change: the player's and the puzzle's, displayed.
 */
export interface PuzzleRatingChange {
  before: number;
  after: number;
  puzzle_before: number;
  puzzle_after: number;
}
/**
 * ``GET /api/puzzles``: the games, the daily puzzle, the viewer's streak and history.
 */
export interface PuzzleOverview {
  games: PuzzleGame[];
  daily: PuzzleSummary | null;
  /**
   * The UTC day of the daily puzzle (ISO date).
   */
  day: string;
  /**
   * ``False`` for guests: nothing is stored, no rating.
   */
  signed_in: boolean;
  streak: number;
  history: PuzzleAttempt[];
}
/**
 * One game on ``/puzzles``.
 */
export interface PuzzleGame {
  game: string;
  /**
   * Shipped puzzles (0: none yet).
   */
  count: number;
  themes: string[];
  /**
   * The viewer's puzzle rating there (``None``: a guest, or not tried yet).
   */
  rating: number | null;
  attempts: number;
}
/**
 * One attempt in a history.
 */
export interface PuzzleAttempt {
  puzzle: string;
  game: string;
  solved: boolean;
  /**
   * ISO 8601, UTC.
   */
  at: string;
  /**
   * The player's puzzle rating after it (first attempts only).
   */
  rating: number | null;
}
/**
 * ``GET /api/users/{name}/puzzles``: a profile's puzzle ratings and latest attempts.
 */
export interface PuzzleHistory {
  /**
   * Per game.
   */
  ratings: {
    [k: string]: number;
  };
  streak: number;
  history: PuzzleAttempt[];
}
export interface ReplayFrames {
  positions: number;
  from: number;
  to: number;
  frames: ReplayFrame1[];
}
/**
 * ``GET /api/tables/{id}/chat``: the latest messages of the rooms the caller reads.
 */
export interface ChatHistory {
  messages: ChatMessage[];
}
/**
 * ``POST /api/tables/{id}/chat``: the message written.
 */
export interface ChatPosted {
  message: ChatMessage;
}
/**
 * ``GET /api/seeks``: the seeks waiting, oldest first.
 */
export interface SeekList {
  seeks: Seek[];
}
/**
 * ``POST /api/seeks``: the seek, and its table when it was matched at once.
 */
export interface SeekMade {
  seek: Seek;
  table: Table | null;
}
/**
 * ``GET /api/cluster/replicas``: this process's id (``null`` when alone) and the ids of
 * the open and running tables it holds, ascending, in three disjoint lists: those it
 * follows (applies every action), those it holds dormant (their game as it stood when it
 * stopped following them), and those it holds as their description only (their game let
 * go: no state, no log; ``docs/scaling.md``).
 */
export interface ClusterReplicas {
  process: string | null;
  followed: number[];
  dormant: number[];
  described: number[];
}
/**
 * ``GET /api/session``, sign-up, sign-in and sign-out: the user (``null``: anonymous) and
 * the CSRF token for state-changing requests.
 */
export interface Session {
  user: UserInfo | null;
  csrf: string;
}
/**
 * A request that needs no other answer.
 */
export interface Ok {
  ok: true;
  /**
   * A bot's move: the seq it was stored at.
   */
  seq?: number;
  /**
   * An upgrade to a bot account.
   */
  bot?: boolean;
}
/**
 * ``POST /api/tables/{id}/rematch``: the rematch's table once opened.
 */
export interface RematchAnswer {
  rematch_table: number | null;
}
/**
 * Every HTTP error body.
 */
export interface HttpError {
  error: HttpErrorDetail;
}
/**
 * What went wrong.
 */
export interface HttpErrorDetail {
  /**
   * A stable code (``not_found``, ``not_signed_in``, ``rate_limited``...).
   */
  code: string;
  /**
   * In English, for people.
   */
  message: string;
  event?: GameEvent3;
}
/**
 * A structured event as JSON (:meth:`Event.to_json`): what an action does, or why it was
 * refused; pages translate it by ``key``. Part of the wire protocol
 * (``connect_arena.service.protocol``).
 */
export interface GameEvent3 {
  /**
   * ``<game>.<what>`` or ``core.<what>``.
   */
  key: string;
  /**
   * The template's parameters.
   */
  params: {
    [k: string]: unknown;
  };
}
