"""The wire protocol's outgoing messages: one typed source for the service's JSON.

Every message the service builds for a page, a bot or another process is one of these
``TypedDict``s, so ``mypy --strict`` checks each dict literal against its shape. The server adds
its own bodies (``connect_arena.server.protocol``) and serves the JSON Schema of all of them at
``GET /api/protocol.schema.json``; the pages' JS types are generated from that schema
(``docs/server.md``, "The protocol").

Conventions: seats are 0-based; ``seq`` counts a table's actions from 1; times are ISO 8601
strings in UTC; durations are seconds. Enumerated strings (a seat's ``kind``, a table's
``status``...) are ``str`` here, their values listed in the field's docstring. Each class forbids
keys it does not list (``additionalProperties: false`` in the schema), and a field's docstring
becomes its description there.

This module imports nothing from the service (only ``core``'s :class:`GameEvent`), so every
other service module may use it. ``TypedDict`` comes from ``typing_extensions``: pydantic reads
the standard one only from Python 3.12.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired

from pydantic import ConfigDict, WithJsonSchema, with_config
from typing_extensions import TypeAliasType, TypedDict

from connect_arena.core.events import GameEvent

CONFIG = ConfigDict(extra="forbid", use_attribute_docstrings=True)
"""The schema of every message: no key it does not list; attribute docstrings describe keys."""

TimeControlKind = Literal["unlimited", "realtime", "turn"]
"""The values of ``settings.TimeControlKind``."""

HintPolicy = Literal["auto", "allowed", "off"]
"""The values of ``settings.HintPolicy``."""

OptionValue = bool | int | str
"""A game option's value (``core.OptionValue``)."""

Options = dict[str, OptionValue]
"""A table's game options, every one (defaults included)."""

JsonObject = dict[str, Any]

ACTION_PARTS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"kind": {"type": "string"}},
    "required": ["kind"],
    "additionalProperties": True,
    "description": "An action's kind and fields (Action.parts()); the fields depend on the kind.",
}
"""The schema of ``Action.parts()``: always a ``kind``, then that kind's fields."""
"""A JSON object whose keys the message does not fix (a game's observation or geometry)."""


# ----- shared parts ---------------------------------------------------------------------------
@with_config(CONFIG)
class LegalAction(TypedDict):
    """A legal action as notation and as data (``Action.parts()``): pages read the parts and
    send the notation back."""

    notation: str
    parts: Annotated[JsonObject, WithJsonSchema(ACTION_PARTS_SCHEMA)]
    """``{"kind": <the action class in snake_case>, <field>: <value>...}``: tuples as lists,
    enums as their values."""


@with_config(CONFIG)
class SeatInfo(TypedDict):
    """A seat of a table."""

    seat: int
    kind: str
    """``open``, ``human`` or ``computer``."""
    user_id: int | None
    name: str | None
    agent: str | None
    """A computer seat's agent spec."""
    takeover: str | None
    """The computer playing a person's seat for them (after a resignation, a timeout or a
    leaver claim); ``null`` while the person plays."""
    bot: bool
    """The account sitting here is a bot (plays through the bot API)."""


@with_config(CONFIG)
class TimeControl(TypedDict):
    """A table's clock (``docs/lifecycle.md``)."""

    kind: TimeControlKind
    base: float
    """Real time: seconds at the start."""
    increment: float
    """Real time: seconds added after each action (Fischer)."""
    days: int
    """Turn-based: days per move."""
    label: str
    """``5+3``, ``2d`` or ``-``."""


@with_config(CONFIG)
class TableSettings(TypedDict):
    """What a table's creator chose besides the game's options (``docs/lifecycle.md``)."""

    time_control: TimeControl
    hints: HintPolicy
    takeover: str
    """The take-over agent: ``mcts:easy``, ``mcts:normal`` or ``mcts:hard``."""
    rated: bool
    grace: float
    """Seconds offline before a seat that must act may be claimed."""
    tournament: NotRequired[int]
    """The tournament whose game the table is."""


@with_config(CONFIG)
class TableNote(TypedDict):
    """A lifecycle fact of a table (``docs/lifecycle.md``)."""

    kind: str
    """``resign``, ``timeout``, ``claim``, ``takeover``, ``return``, ``hint``, ``draw``,
    ``takeback``, ``abort``, ``abandon`` or ``rematch``."""
    seq: int
    """The table's seq when it happened (a take-over at seq 12 plays from action 13)."""
    seat: int | None
    at: str
    agent: NotRequired[str]
    """A take-over's computer."""
    by: NotRequired[int]
    """A claim's claiming seat."""
    to: NotRequired[int]
    """A takeback's kept seq."""
    table: NotRequired[int]
    """A rematch's new table."""


@with_config(CONFIG)
class TakebackOffer(TypedDict):
    """A takeback asked by ``seat``, back to seq ``to``."""

    seat: int
    to: int
    accepted: list[int]


@with_config(CONFIG)
class DeclinedOffer(TypedDict):
    """The offer just declined, and by whom."""

    kind: str
    seat: int


@with_config(CONFIG)
class StandingOffers(TypedDict):
    """The offers standing at a table."""

    draw: list[int]
    """The seats offering a draw."""
    takeback: TakebackOffer | None
    rematch: list[int]
    """The seats that accepted a rematch."""
    rematch_table: int | None
    declined: DeclinedOffer | None


@with_config(CONFIG)
class SeatPresence(TypedDict):
    """A seated person's connection."""

    online: bool
    away: float | None
    """Seconds offline."""
    claimable_in: float | None
    """Seconds until the others may claim the seat (it must act and is offline)."""


@with_config(CONFIG)
class Table(TypedDict):
    """A table's public description (lobby rows, the ``table`` message, the event stream)."""

    id: int
    game: str
    title: str
    options: Options
    num_players: int
    seats: list[SeatInfo]
    status: str
    """``open``, ``running``, ``finished`` or ``abandoned``."""
    created_by: int
    created_at: str
    finished_at: str | None
    returns: list[float] | None
    scores: list[float] | None
    """Each seat's points once the game reached its end by the rules, for games that count
    points (Connect 5 ``[36, 5]``); ``null`` otherwise (Quinque, a resignation, an abort)."""
    seq: int | None
    settings: TableSettings
    hints_allowed: bool
    """Whether a person here may ask for hints now."""
    reason: str | None
    """Why the game ended: ``normal``, ``resignation``, ``timeout``, ``leaver``,
    ``draw_agreed``, ``aborted`` or ``abandoned``."""
    notes: list[TableNote]
    rating_changes: list[int | None] | None
    """Each seat's rating change once a rated game was scored."""
    ratings_after: list[int | None] | None
    """With ``rating_changes``: each seat's rating after the game (the result card shows it
    beside the change)."""
    offers: NotRequired[StandingOffers]
    """The ``table`` message: the offers standing."""
    presence: NotRequired[dict[str, SeatPresence]]
    """The ``table`` message: who is online (seat -> presence)."""
    your_turn: NotRequired[bool]
    """``GET /api/tables/mine``: a seat of the user may act."""


# ----- the table socket (/ws/tables/{id}) ------------------------------------------------------
@with_config(CONFIG)
class StateMessage(TypedDict):
    """A viewer's state of a running table."""

    type: Literal["state"]
    table_id: int
    seq: int
    to_move: list[int]
    """The active seats."""
    chance: bool
    terminal: bool
    returns: list[float] | None
    you: list[int]
    """The viewer's seats."""
    legal_actions: dict[str, list[str]]
    """Seat -> its legal actions in notation (the viewer's active seats)."""
    legal: dict[str, list[LegalAction]]
    """Seat -> its legal actions as notation and parts."""
    observation: JsonObject
    """The game's own shape (its UI module knows it)."""
    observations: NotRequired[dict[str, JsonObject]]
    """Hot-seat: seat -> its observation."""
    presence: NotRequired[dict[str, SeatPresence]]
    clocks: NotRequired[dict[str, float] | None]
    """Seat -> seconds left (timed tables)."""
    running: NotRequired[list[int]]
    """The seats whose clocks run now."""


@with_config(CONFIG)
class EventMessage(TypedDict):
    """One action of the log, shown to a viewer; live ones carry the new ``state``."""

    type: Literal["event"]
    table_id: int
    seq: int
    seat: int
    """The acting seat (-1: chance)."""
    action: str | None
    """Its notation; ``null`` when hidden from this viewer."""
    event: GameEvent | None
    """The action in words; hidden like the action."""
    simultaneous: bool
    state: NotRequired[StateMessage | None]


@with_config(CONFIG)
class TableMessage(TypedDict):
    """The table's description and the viewer's seats (seats changed, the game started)."""

    type: Literal["table"]
    table: Table
    you: list[int]


@with_config(CONFIG)
class OffersMessage(StandingOffers):
    """The offers standing changed."""

    type: Literal["offers"]
    table_id: int


@with_config(CONFIG)
class PresenceMessage(TypedDict):
    """Who is online changed."""

    type: Literal["presence"]
    table_id: int
    seats: dict[str, SeatPresence]


@with_config(CONFIG)
class HistoryMessage(TypedDict):
    """A page of older events (the answer to a ``history`` request)."""

    type: Literal["history"]
    table_id: int
    before: int
    events: list[EventMessage]


@with_config(CONFIG)
class TakebackMessage(TypedDict):
    """A takeback was granted: the table went back to ``seq``."""

    type: Literal["takeback"]
    table_id: int
    seq: int


@with_config(CONFIG)
class RematchMessage(TypedDict):
    """The rematch's table is open."""

    type: Literal["rematch"]
    table_id: int
    rematch_table: int


@with_config(CONFIG)
class PongMessage(TypedDict):
    """The answer to a ``ping``."""

    type: Literal["pong"]
    id: str | int | None


@with_config(CONFIG)
class ErrorMessage(TypedDict):
    """A refusal (a socket frame's, or a bot request's)."""

    type: Literal["error"]
    code: str
    """A stable code: ``bad_message``, ``not_found``, ``not_your_turn``, ``illegal_action``..."""
    message: str
    """In English, for people."""
    id: NotRequired[str | int]
    """The client's ``id``, echoed."""
    seq: NotRequired[int]
    """The table's seq."""
    event: NotRequired[GameEvent]
    """A refusal's structured event."""


@with_config(CONFIG)
class ChatMessage(TypedDict):
    """A chat message (also the table socket's ``chat`` message)."""

    type: Literal["chat"]
    id: int
    table_id: int
    room: str
    """``players`` or ``spectators``."""
    user_id: int
    name: str
    text: str | None
    preset: str | None
    at: str


TableSocketMessage = TypeAliasType(
    "TableSocketMessage",
    StateMessage
    | EventMessage
    | TableMessage
    | OffersMessage
    | PresenceMessage
    | HistoryMessage
    | TakebackMessage
    | RematchMessage
    | ChatMessage
    | PongMessage
    | ErrorMessage,
)
"""A message of a table's socket (and of the bot API's game stream); a named type of the
schema, so the pages may switch on its ``type``."""


# ----- the lobby (/ws/lobby, GET /api/lobby) ---------------------------------------------------
@with_config(CONFIG)
class UserRef(TypedDict):
    """A user as seeks and challenges name them."""

    id: int
    name: str
    bot: bool


@with_config(CONFIG)
class Seek(TypedDict):
    """A waiting seek."""

    id: int
    user: UserRef
    game: str
    players: int
    settings: TableSettings
    rating: int
    range: int | None
    """The rating range accepted (``null``: any)."""
    created_at: str


@with_config(CONFIG)
class LobbyMessage(TypedDict):
    """A page of open and running tables (open first, newest first in each) and the seeks
    waiting, oldest first."""

    type: Literal["lobby"]
    tables: list[Table]
    seeks: list[Seek]
    page: int
    """The page shown, from 1 (``/ws/lobby`` always sends page 1)."""
    per_page: int
    """Tables on a full page."""
    total: int
    """Open and running tables in all (more pages when ``page * per_page < total``)."""
    finished: NotRequired[list[Table]]
    """``GET /api/lobby``: the latest finished tables."""


# ----- a user's events (/ws/user, the bot API's event stream) ----------------------------------
@with_config(CONFIG)
class ChallengeSeat(TypedDict):
    """A seat a challenge asks for."""

    kind: str
    agent: NotRequired[str]


@with_config(CONFIG)
class Challenge(TypedDict):
    """A challenge between two users."""

    id: int
    challenger: UserRef
    challenged: UserRef
    game: str
    options: Options
    seats: list[ChallengeSeat]
    settings: TableSettings
    random_seat: bool
    """The challenger's seat is drawn when the challenge is accepted (the "me" seat then
    says nothing)."""
    created_at: str
    expires_at: str


@with_config(CONFIG)
class ChallengeEvent(TypedDict):
    """A challenge received (``challenge``), declined or cancelled."""

    type: Literal["challenge", "challengeDeclined", "challengeCanceled"]
    challenge: Challenge
    reason: NotRequired[str]
    """Why it was declined or cancelled."""


@with_config(CONFIG)
class GameOfUser(Table):
    """A table of the event stream, with the user's seats there."""

    you: list[int]


@with_config(CONFIG)
class GameEventOfUser(TypedDict):
    """A game where the user sits started (``gameStart``) or ended (``gameFinish``)."""

    type: Literal["gameStart", "gameFinish"]
    game: GameOfUser


@with_config(CONFIG)
class SeekMatchedEvent(TypedDict):
    """A seek of the user found its table."""

    type: Literal["seekMatched"]
    seek: int
    table_id: int


@with_config(CONFIG)
class ReportHandledEvent(TypedDict):
    """A moderator handled a report the user made (what was done stays between the
    moderators and the reported player)."""

    type: Literal["reportHandled"]
    report_id: int


@with_config(CONFIG)
class ModerationNoticeEvent(TypedDict):
    """A moderator acted on the user's account: ``warn`` (with the moderator's words) or
    ``mute`` (no chat until ``until``, ISO 8601 UTC)."""

    type: Literal["moderation"]
    action: Literal["warn", "mute"]
    reason: str
    until: str | None


UserEvent = TypeAliasType(
    "UserEvent",
    ChallengeEvent
    | GameEventOfUser
    | SeekMatchedEvent
    | ReportHandledEvent
    | ModerationNoticeEvent,
)
"""A message of a user's event stream (``/ws/user``, the bot API's event stream)."""


# ----- hints, analysis, the static game information -------------------------------------------
@with_config(CONFIG)
class HintLine(TypedDict):
    """One candidate of a hint: an action, its value for the seat and the expected line."""

    action: str
    event: GameEvent
    value: float
    """The seat's expected return."""
    score: float | None
    """The same on the one scale of hints and analyses: the share of the best result, 0..1
    (a win 1, a two-sided draw 0.5); ``null`` when returns are points (then ``value``)."""
    visits: int
    solved: bool
    principal: list[str]
    """The expected line, up to the next chance outcome (never sampled dice)."""
    principal_events: list[GameEvent]
    then_chance: bool
    """Chance (the dice) acts after the line: what follows is not known."""


@with_config(CONFIG)
class Hint(TypedDict):
    """``POST /api/tables/{id}/hint``: the best actions for a seat, best first."""

    table_id: int
    seq: int
    seat: int
    agent: str
    legal: list[str]
    """The seat's legal actions at the position searched."""
    lines: list[HintLine]


@with_config(CONFIG)
class AnalysedPosition(TypedDict):
    """One position of "Analyse this game"."""

    seq: int
    """The action's seq (the position searched is the one before it)."""
    seat: int
    played: str
    best: str
    best_event: GameEvent
    value: float
    """The acting seat's expected return (the best line's)."""
    score: float | None
    """The same on the scale of hints: the share of the best result, 0..1 (``null``: points)."""
    rank: int | None
    """The action played among the candidates (1: the engine's; ``null``: not among them)."""
    simulations: int
    """The simulations searched (fewer where the position was decided early)."""


@with_config(CONFIG)
class GameAnalysis(TypedDict):
    """``GET /api/tables/{id}/analysis``: the evaluation of a finished game."""

    table_id: int
    agent: str
    sampled: bool
    """Only some positions were searched (a long game)."""
    positions: list[AnalysedPosition]
    """By seq."""


@with_config(CONFIG)
class BranchChoice(TypedDict):
    """A choice at a position of "analyse from here": a legal action of the seat to act, or a
    chance outcome with its probability."""

    notation: str
    parts: Annotated[JsonObject, WithJsonSchema(ACTION_PARTS_SCHEMA)]
    event: GameEvent
    """The choice in words."""
    probability: float | None
    """A chance outcome's probability (``null`` for a seat's action)."""


@with_config(CONFIG)
class AnalysisBranch(TypedDict):
    """``GET /api/tables/{id}/analysis/explore?seq=&branch=``: "analyse from here" — the
    position after the game's first ``seq`` actions and then the ``branch`` actions (notation,
    chance outcomes included), the choices there and the engine's evaluation for the seat to
    act."""

    table_id: int
    seq: int
    branch: list[str]
    frame: ReplayFrame
    """The position (``frame.seq``: actions applied in all)."""
    seat: int | None
    """The seat to act (the lowest active one); ``null`` when chance acts or the game ended."""
    choices: list[BranchChoice]
    """The seat's legal actions, or the chance outcomes."""
    lines: list[HintLine]
    """The engine's best actions for ``seat``, best first (empty without a seat)."""
    simulations: int


@with_config(CONFIG)
class AnalysisProgress(TypedDict):
    """``GET /api/tables/{id}/analysis/stream`` (server-sent events): one ``position`` event
    per position as its search ends (in no particular order), then one ``done`` event whose
    data is the whole :class:`GameAnalysis`."""

    table_id: int
    total: int
    """The positions the analysis searches."""
    position: AnalysedPosition


@with_config(CONFIG)
class TableGameInfo(TypedDict):
    """A table's static game information, fixed for its life."""

    game: str
    num_players: int
    options: Options
    game_type: JsonObject
    """The game's declaration (core ``GameType``)."""
    geometry: JsonObject
    """The board or sheet to draw (the game's own shape)."""


# ----- replays (GET /api/tables/{id}/replay, POST /api/replay) --------------------------------
@with_config(CONFIG)
class SeatActionJson(TypedDict):
    """An action tagged with the seat that took it (a simultaneous phase's)."""

    seat: int
    action: str


@with_config(CONFIG)
class GameRecord(TypedDict):
    """A game record (``connect-arena/record@1``, ``docs/records.md``)."""

    format: Literal["connect-arena/record@1"]
    game: str
    options: Options
    players: list[str]
    """The players' names, per seat."""
    actions: list[str | SeatActionJson]
    """The actions in notation, chance outcomes included."""
    meta: JsonObject


@with_config(CONFIG)
class ReplayFrame(TypedDict):
    """Frame ``i`` of a replay: the position after ``i`` actions."""

    seq: int
    seat: int | None
    """The seat that acted (-1: chance; ``null`` in frame 0)."""
    action: str | None
    event: GameEvent | None
    """The action in words."""
    chance: bool
    to_move: list[int]
    terminal: bool
    returns: list[float] | None
    observation: JsonObject
    """Everything the record shows (``State.revealed_observation``)."""


@with_config(CONFIG)
class Replay(TypedDict):
    """A replay's summary: the record, the number of positions, each action's seat and
    description, the first and last frames."""

    record: GameRecord
    game: TableGameInfo
    positions: int
    seats: list[int]
    events: list[GameEvent | None]
    frames: list[ReplayFrame]


ReplayFrames = TypedDict(
    "ReplayFrames", {"positions": int, "from": int, "to": int, "frames": list[ReplayFrame]}
)
"""A replay's frames ``from`` to ``to`` (the viewer asks for them by range)."""


# ----- tutorials (/api/tutorials) ----------------------------------------------------------------
@with_config(CONFIG)
class TutorialMove(TypedDict):
    """An action applied in a tutorial."""

    seq: int
    seat: int
    action: str
    event: GameEvent


@with_config(CONFIG)
class TutorialRefusal(TypedDict):
    """Why an attempt was not accepted (nothing changed)."""

    kind: str
    """``illegal`` (``event`` and ``message`` say why) or ``unexpected`` (legal, but not
    this step's lesson: ``explanation`` is the step's key)."""
    action: str
    explanation: str
    message: str
    event: GameEvent | None


@with_config(CONFIG)
class TutorialProgress(TypedDict):
    """``GET /api/tutorials/{game}/steps``: where the player stands."""

    game: str
    seat: int
    step: int
    """0-based; ``steps`` once finished."""
    steps: int
    message: str
    """The step's message key (the finish key once finished)."""
    expect: list[str]
    """The actions to highlight."""
    finished: bool
    accepted: str | None
    refusal: TutorialRefusal | None
    state: JsonObject
    """A ``StateMessage`` for the player's seat, without ``table_id`` (a tutorial is no
    table)."""
    moves: list[TutorialMove]


@with_config(CONFIG)
class TutorialInfo(TypedDict):
    """``GET /api/tutorials/{game}``: the game's static information, the intro key and the
    starting progress."""

    game: str
    intro: str
    info: TableGameInfo
    progress: TutorialProgress


# ----- puzzles (/api/puzzles) ------------------------------------------------------------------
@with_config(CONFIG)
class PuzzleRefusal(TypedDict):
    """Why an attempt was not accepted."""

    kind: str
    """``illegal`` (nothing changed: ``event`` and ``message`` say why) or ``wrong`` (legal
    but not the answer: the puzzle is failed; ``event`` describes the action)."""
    action: str
    message: str
    event: GameEvent | None


@with_config(CONFIG)
class PuzzleSummary(TypedDict):
    """A puzzle as the page shows it (never its answer)."""

    id: str
    game: str
    kind: str
    """``win`` (win in ``turns`` turns), ``defence`` (stop the opponent's win) or
    ``best-claim`` (CO'NNN'ECT: the one best set of claims with these dice, any order)."""
    turns: int
    mover: int
    """The player's seat, 0-based."""
    themes: list[str]
    difficulty: int
    """1 (easy) to 5."""
    rating: int
    """The puzzle's rating (a mean, ``1500 + 20 (mu - 25)``)."""
    attempts: int
    """Rated attempts so far."""
    source: JsonObject
    """Where the position came from: ``seed``, ``game``, ``agents``, ``ply`` (self-play), or
    ``table`` (a table's id)."""


@with_config(CONFIG)
class PuzzleRatingChange(TypedDict):
    """A first attempt's rating change: the player's and the puzzle's, displayed."""

    before: int
    after: int
    puzzle_before: int
    puzzle_after: int


@with_config(CONFIG)
class PuzzleProgress(TypedDict):
    """``POST /api/puzzles/{id}/attempt`` and ``/solution``: where the player stands."""

    puzzle: PuzzleSummary
    status: str
    """``playing``, ``solved``, ``failed`` or ``solution``."""
    accepted: str | None
    refusal: PuzzleRefusal | None
    state: JsonObject
    """A ``StateMessage`` for the mover's seat, without ``table_id``; no legal actions once
    the puzzle is over."""
    moves: list[TutorialMove]
    """The position's last action, then every action since."""
    change: PuzzleRatingChange | None
    """Set on an account's first attempt once solved or failed."""
    total: int | None
    """A best-claim puzzle once over: the mover's total at the end of the round after the
    answer (``null`` otherwise)."""
    margin: int | None
    """A best-claim puzzle once over: ``total`` minus the best other line's (>= 1)."""
    measure: list[int] | None
    """A best-roll puzzle (Connect Pairs) once over: the answer's measure, ``[won, matched,
    placed, pairs]`` (``docs/puzzles.md``; ``null`` otherwise)."""
    runner_up: list[int] | None
    """A best-roll puzzle once over: the best measure of any other resulting state."""


@with_config(CONFIG)
class PuzzleStart(TypedDict):
    """``GET /api/puzzles/{game}/next`` and ``/api/puzzles/id/{id}``: a puzzle to play."""

    info: TableGameInfo
    progress: PuzzleProgress
    rated: bool
    """The attempt will be rated (a signed-in account's first at this puzzle)."""


@with_config(CONFIG)
class PuzzleGame(TypedDict):
    """One game on ``/puzzles``."""

    game: str
    count: int
    """Shipped puzzles (0: none yet)."""
    themes: list[str]
    rating: int | None
    """The viewer's puzzle rating there (``None``: a guest, or not tried yet)."""
    attempts: int


@with_config(CONFIG)
class PuzzleAttempt(TypedDict):
    """One attempt in a history."""

    puzzle: str
    game: str
    solved: bool
    at: str
    """ISO 8601, UTC."""
    rating: int | None
    """The player's puzzle rating after it (first attempts only)."""


@with_config(CONFIG)
class PuzzleOverview(TypedDict):
    """``GET /api/puzzles``: the games, the daily puzzle, the viewer's streak and history."""

    games: list[PuzzleGame]
    daily: PuzzleSummary | None
    day: str
    """The UTC day of the daily puzzle (ISO date)."""
    signed_in: bool
    """``False`` for guests: nothing is stored, no rating."""
    streak: int
    history: list[PuzzleAttempt]


@with_config(CONFIG)
class PuzzleHistory(TypedDict):
    """``GET /api/users/{name}/puzzles``: a profile's puzzle ratings and latest attempts."""

    ratings: dict[str, int]
    """Per game."""
    streak: int
    history: list[PuzzleAttempt]


# ----- tournaments (/api/tournaments, /ws/tournaments/{id}) ------------------------------------
@with_config(CONFIG)
class TournamentEntrant(TypedDict):
    """An entrant: a person, a bot or a computer (``<agent> #<n>``)."""

    index: int
    name: str
    user_id: int | None
    agent: str | None
    bot: bool
    withdrawn: bool
    no_shows: int
    rating: float


@with_config(CONFIG)
class TournamentGame(TypedDict):
    """A game (a table) of a tournament."""

    round: int
    """1-based (arena: the order of pairing)."""
    table_id: int
    entrants: list[int]
    """The entrant at each seat."""
    returns: list[float] | None
    scores: list[float] | None
    """Each seat's points when the game reached its end by the rules in a game scored by
    points (``null`` otherwise, as the table's ``scores``)."""
    reason: str | None
    """Why it ended (``null`` while it runs)."""
    no_shows: list[int]


@with_config(CONFIG)
class StandingRow(TypedDict):
    """A row of the standings, best first."""

    place: int
    entrant: int
    name: str
    user_id: int | None
    agent: str | None
    bot: bool
    score: float
    games: int
    wins: int
    draws: int
    losses: int
    byes: int
    tiebreaks: dict[str, float]
    """In the system's order, by key (``buchholz``...)."""
    withdrawn: bool


@with_config(CONFIG)
class Tournament(TypedDict):
    """A tournament: its choices, state, standings and games."""

    id: int
    name: str
    game: str
    options: Options
    players: int
    """Seats per table."""
    settings: TableSettings
    format: str
    """``swiss``, ``arena`` or ``round_robin``."""
    minutes: float
    starts_at: str
    min_rated_games: int
    pause: float
    """Seconds between rounds."""
    created_by: int
    status: str
    """``upcoming``, ``running``, ``finished`` or ``cancelled``."""
    round: int
    entrants: list[TournamentEntrant]
    games: list[TournamentGame]
    rounds: int
    byes: list[list[int]]
    """``[round, entrant]`` pairs."""
    started_at: str | None
    finished_at: str | None
    ends_at: str | None
    """An arena's end once started."""
    next_round_at: str | None
    """During the pause between rounds: when the next round is paired."""
    standings: list[StandingRow]


@with_config(CONFIG)
class TournamentSummary(TypedDict):
    """A tournament of the list (without entrants and games)."""

    id: int
    name: str
    game: str
    players: int
    format: str
    status: str
    settings: TableSettings
    starts_at: str
    entrants: int
    """How many (withdrawn ones not counted)."""
    rounds: int
    minutes: float


@with_config(CONFIG)
class TournamentListing(TypedDict):
    """``GET /api/tournaments``: newest first."""

    upcoming: list[TournamentSummary]
    running: list[TournamentSummary]
    finished: list[TournamentSummary]


@with_config(CONFIG)
class TournamentMessage(TypedDict):
    """The tournament now and after every change (``/ws/tournaments/{id}``)."""

    type: Literal["tournament"]
    tournament: Tournament


__all__ = [
    "CONFIG",
    "AnalysedPosition",
    "AnalysisBranch",
    "AnalysisProgress",
    "BranchChoice",
    "Challenge",
    "ChallengeEvent",
    "ChallengeSeat",
    "ChatMessage",
    "DeclinedOffer",
    "ErrorMessage",
    "EventMessage",
    "GameAnalysis",
    "GameEvent",
    "GameEventOfUser",
    "GameOfUser",
    "GameRecord",
    "Hint",
    "HintLine",
    "HintPolicy",
    "HistoryMessage",
    "JsonObject",
    "LegalAction",
    "LobbyMessage",
    "ModerationNoticeEvent",
    "OffersMessage",
    "OptionValue",
    "Options",
    "PongMessage",
    "PresenceMessage",
    "PuzzleAttempt",
    "PuzzleGame",
    "PuzzleHistory",
    "PuzzleOverview",
    "PuzzleProgress",
    "PuzzleRatingChange",
    "PuzzleRefusal",
    "PuzzleStart",
    "PuzzleSummary",
    "RematchMessage",
    "Replay",
    "ReplayFrame",
    "ReplayFrames",
    "ReportHandledEvent",
    "SeatActionJson",
    "SeatInfo",
    "SeatPresence",
    "Seek",
    "SeekMatchedEvent",
    "StandingOffers",
    "StandingRow",
    "StateMessage",
    "Table",
    "TableGameInfo",
    "TableMessage",
    "TableNote",
    "TableSettings",
    "TableSocketMessage",
    "TakebackMessage",
    "TakebackOffer",
    "TimeControl",
    "TimeControlKind",
    "Tournament",
    "TournamentEntrant",
    "TournamentGame",
    "TournamentListing",
    "TournamentMessage",
    "TournamentSummary",
    "TutorialInfo",
    "TutorialMove",
    "TutorialProgress",
    "TutorialRefusal",
    "UserEvent",
    "UserRef",
]
