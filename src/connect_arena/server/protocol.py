"""The whole wire protocol in one registry, and its JSON Schema.

:data:`MESSAGES` names every outgoing message and body: the service's
(:mod:`connect_arena.service.protocol`: socket messages, user events, tables...) and the
server's own (sessions, bot tokens, HTTP errors). :func:`protocol_schema` makes one JSON Schema
document of them (``$defs``, one per type), served at ``GET /api/protocol.schema.json`` and kept
in ``static/js/protocol.schema.json``, from which ``tools/protocol/gen-types.mjs`` generates
the pages' types (``static/js/protocol.d.ts``).

``python tools/protocol/generate.py`` rewrites the schema file (``--check``: exit 1 when it is
out of date instead).
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from pathlib import Path
from typing import Any, Literal, NotRequired

from fastapi import APIRouter
from fastapi.responses import Response
from pydantic import TypeAdapter, with_config
from pydantic.json_schema import GenerateJsonSchema
from typing_extensions import TypedDict

from connect_arena.service import protocol as service
from connect_arena.service.protocol import CONFIG

SCHEMA_URL = "/api/protocol.schema.json"
SCHEMA_FILE = Path(__file__).parent / "static" / "js" / "protocol.schema.json"
SCHEMA_ID = "https://connect-arena.invalid/api/protocol.schema.json"


@with_config(CONFIG)
class UserInfo(TypedDict):
    """An account's public description."""

    id: int
    name: str
    guest: bool
    bot: bool
    moderator: bool
    """May open the moderation page (``/moderation``)."""


@with_config(CONFIG)
class Session(TypedDict):
    """``GET /api/session``, sign-up, sign-in and sign-out: the user (``null``: anonymous) and
    the CSRF token for state-changing requests."""

    user: UserInfo | None
    csrf: str


@with_config(CONFIG)
class Ok(TypedDict):
    """A request that needs no other answer."""

    ok: Literal[True]
    seq: NotRequired[int]
    """A bot's move: the seq it was stored at."""
    bot: NotRequired[bool]
    """An upgrade to a bot account."""


@with_config(CONFIG)
class RematchAnswer(TypedDict):
    """``POST /api/tables/{id}/rematch``: the rematch's table once opened."""

    rematch_table: int | None


@with_config(CONFIG)
class HttpErrorDetail(TypedDict):
    """What went wrong."""

    code: str
    """A stable code (``not_found``, ``not_signed_in``, ``rate_limited``...)."""
    message: str
    """In English, for people."""
    event: NotRequired[service.GameEvent]
    """A refused action's structured event."""


@with_config(CONFIG)
class HttpError(TypedDict):
    """Every HTTP error body."""

    error: HttpErrorDetail


@with_config(CONFIG)
class ChatHistory(TypedDict):
    """``GET /api/tables/{id}/chat``: the latest messages of the rooms the caller reads."""

    messages: list[service.ChatMessage]


@with_config(CONFIG)
class ChatPosted(TypedDict):
    """``POST /api/tables/{id}/chat``: the message written."""

    message: service.ChatMessage


@with_config(CONFIG)
class SeekList(TypedDict):
    """``GET /api/seeks``: the seeks waiting, oldest first."""

    seeks: list[service.Seek]


@with_config(CONFIG)
class SeekMade(TypedDict):
    """``POST /api/seeks``: the seek, and its table when it was matched at once."""

    seek: service.Seek
    table: service.Table | None


@with_config(CONFIG)
class ClusterReplicas(TypedDict):
    """``GET /api/cluster/replicas``: this process's id (``null`` when alone) and the ids of
    the open and running tables it holds, ascending, in three disjoint lists: those it
    follows (applies every action), those it holds dormant (their game as it stood when it
    stopped following them), and those it holds as their description only (their game let
    go: no state, no log; ``docs/scaling.md``)."""

    process: str | None
    followed: list[int]
    dormant: list[int]
    described: list[int]


@with_config(CONFIG)
class OptionInfo(TypedDict):
    """A game option for the pages (``GET /api/games``)."""

    name: str
    type: str
    """``bool``, ``int``, ``str`` or ``choice``."""
    default: service.OptionValue
    description: str
    """In English."""
    choices: list[str] | None
    minimum: int | None
    maximum: int | None
    register: str
    """The ambiguity-register entries the option settles (``Q-3``...)."""
    form: bool
    """Offered by the new-table form (false: only for programs' games)."""
    valid: dict[str, list[service.OptionValue]] | None
    """Per player count, the values the engine accepts (the other options at their
    defaults); ``null``: any number in the range."""


@with_config(CONFIG)
class GameInfo(TypedDict):
    """A game of the catalogue, in English."""

    name: str
    title: str
    summary: str
    player_counts: list[int]
    default_players: int
    seat_names: list[str]
    private_information: bool
    teams: dict[str, list[list[int]]]
    """Player count -> the partners' seat lists."""
    game_type: service.JsonObject
    """The game's declaration (core ``GameType``)."""
    rules_languages: list[str]
    """The languages of its rules pages (none: no link)."""
    tutorial: bool
    """It has a guided first game (``/tutorial/<name>``)."""
    options: list[OptionInfo]
    agent_time_caps: dict[str, float]
    """Computer player (``mcts:hard``) -> its cap on the thinking time per decision, in
    seconds (only the agents with one; shown as "thinks up to 1 s")."""


@with_config(CONFIG)
class GameSettingsInfo(TypedDict):
    """The choices of table settings the new-table form offers."""

    realtime_presets: list[list[float]]
    """``[minutes, seconds]`` pairs."""
    turn_days: list[int]
    takeover_levels: list[str]
    default: service.TableSettings


@with_config(CONFIG)
class Catalogue(TypedDict):
    """``GET /api/games``: the registered games, the computer players' kinds, the settings."""

    games: list[GameInfo]
    agents: list[str]
    settings: GameSettingsInfo


@with_config(CONFIG)
class TableBody(TypedDict):
    """``POST /api/tables`` (the new table), ``.../join`` and ``.../leave``: the table."""

    table: service.Table


@with_config(CONFIG)
class MyTables(TypedDict):
    """``GET /api/tables/mine``: the caller's open and running tables (with ``your_turn``),
    those where it is their turn first."""

    tables: list[service.Table]


@with_config(CONFIG)
class TournamentBody(TypedDict):
    """``GET /api/tournaments/{id}``, creating, joining, withdrawing: the tournament."""

    tournament: service.Tournament


@with_config(CONFIG)
class BotToken(TypedDict):
    """A bot API token (without its secret, except once, when created)."""

    id: int
    name: str
    scopes: list[str]
    created_at: str
    last_used_at: str | None
    token: NotRequired[str]
    """The secret: only in the answer that creates the token."""


@with_config(CONFIG)
class BotTokens(TypedDict):
    """``GET /api/tokens``: the signed-in user's tokens."""

    tokens: list[BotToken]


@with_config(CONFIG)
class ChallengeBody(TypedDict):
    """``POST /api/challenge/{name}``: the challenge made."""

    challenge: service.Challenge


ChallengeList = TypedDict(
    "ChallengeList",
    {"in": list[service.Challenge], "out": list[service.Challenge]},
)
"""``GET /api/challenges``: the caller's challenges waiting, received (``in``) and sent
(``out``)."""


@with_config(CONFIG)
class ChallengeAccepted(TypedDict):
    """``POST /api/challenge/{id}/accept``: the table it opened."""

    table_id: int


# ----- the community API (server/db/rating_store.py builds these; docs/community.md) ------------
@with_config(CONFIG)
class ProfileUser(TypedDict):
    """The account a profile describes."""

    id: int
    name: str
    joined: str
    guest: bool
    bot: bool
    computer: bool


@with_config(CONFIG)
class GameStats(TypedDict):
    """A user's games of one game."""

    title: str
    played: int
    wins: int
    losses: int
    draws: int
    mean_rank: float | None
    mean_sides: float | None
    places: dict[str, dict[str, int]]
    """``{"<sides>": {"<place>": games}}``: how often the user finished at each place, by
    the number of sides (places from 1)."""


@with_config(CONFIG)
class RatingInfo(TypedDict):
    """A user's rating in one game."""

    rating: float
    mu: float
    sigma: float
    games: int
    provisional: bool
    last_game_at: str


@with_config(CONFIG)
class RatingPoint(TypedDict):
    """A point of a rating chart: the rating after a rated game."""

    at: str
    rating: float
    """After the game (a rated game always has one)."""
    change: float | None
    table_id: int


@with_config(CONFIG)
class PlayerSeat(TypedDict):
    """A seat of a stored table."""

    seat: int
    kind: str
    user_id: int | None
    name: str | None
    agent: str | None
    bot: bool


@with_config(CONFIG)
class HistoryPlayer(PlayerSeat):
    """A seat of a history item, with its scoring."""

    account: int | None
    rank: int | None
    change: float | None


@with_config(CONFIG)
class HistoryItem(TypedDict):
    """One finished game of a user (the user's seat at a scored table)."""

    table_id: int
    game: str
    title: str
    finished_at: str
    reason: str | None
    rated: bool
    seat: int
    sides: int | None
    rank: int | None
    result: str | None
    """``win``, ``loss``, ``draw`` or ``null``."""
    scores: list[float] | None
    """Each seat's final points (games that count points, ended by the rules), else
    ``null``."""
    rating: float | None
    change: float | None
    players: list[HistoryPlayer]
    replay: str
    """The replay page's path."""


@with_config(CONFIG)
class RunningTable(TypedDict):
    """A running table of a profile."""

    id: int
    game: str
    title: str
    created_at: str
    seats: list[PlayerSeat]
    url: str


@with_config(CONFIG)
class Profile(TypedDict):
    """``GET /api/users/{name}``."""

    user: ProfileUser
    games: dict[str, GameStats]
    ratings: dict[str, RatingInfo]
    rating_history: dict[str, list[RatingPoint]]
    recent: list[HistoryItem]
    running: list[RunningTable]


@with_config(CONFIG)
class HistoryPage(TypedDict):
    """``GET /api/users/{name}/games``: a page of finished games, newest first."""

    games: list[HistoryItem]
    page: int
    per_page: int
    total: int
    has_more: bool


@with_config(CONFIG)
class LeaderboardUser(TypedDict):
    """A ranked account."""

    id: int
    name: str


@with_config(CONFIG)
class LeaderboardRow(TypedDict):
    """A row of a leaderboard."""

    rank: int
    user: LeaderboardUser
    rating: float
    games: int
    last_game_at: str


@with_config(CONFIG)
class Leaderboard(TypedDict):
    """``GET /api/leaderboard/{game}``: the top rated active players."""

    game: str
    title: str
    page: int
    per_page: int
    has_more: bool
    active_days: int
    provisional_games: int
    players: list[LeaderboardRow]
    provisional: list[LeaderboardRow]
    """The active people with fewer rated games than ``provisional_games``, best first
    (first page only; their ``rank`` counts within this list)."""


MESSAGES: dict[str, Any] = {
    # the unions a client switches on by ``type``
    "TableSocketMessage": service.TableSocketMessage,
    "UserEvent": service.UserEvent,
    # the table socket (/ws/tables/{id}) and the bot API's game stream
    "StateMessage": service.StateMessage,
    "EventMessage": service.EventMessage,
    "TableMessage": service.TableMessage,
    "OffersMessage": service.OffersMessage,
    "PresenceMessage": service.PresenceMessage,
    "HistoryMessage": service.HistoryMessage,
    "TakebackMessage": service.TakebackMessage,
    "RematchMessage": service.RematchMessage,
    "ChatMessage": service.ChatMessage,
    "PongMessage": service.PongMessage,
    "ErrorMessage": service.ErrorMessage,
    # the lobby (/ws/lobby, GET /api/lobby)
    "LobbyMessage": service.LobbyMessage,
    # a user's events (/ws/user, the bot API's event stream)
    "ChallengeEvent": service.ChallengeEvent,
    "GameEventOfUser": service.GameEventOfUser,
    "SeekMatchedEvent": service.SeekMatchedEvent,
    "ReportHandledEvent": service.ReportHandledEvent,
    "ModerationNoticeEvent": service.ModerationNoticeEvent,
    # a tournament (/ws/tournaments/{id})
    "TournamentMessage": service.TournamentMessage,
    # HTTP bodies
    "TournamentListing": service.TournamentListing,
    "Catalogue": Catalogue,
    "TableBody": TableBody,
    "MyTables": MyTables,
    "TournamentBody": TournamentBody,
    "BotToken": BotToken,
    "BotTokens": BotTokens,
    "ChallengeBody": ChallengeBody,
    "ChallengeList": ChallengeList,
    "ChallengeAccepted": ChallengeAccepted,
    "UserInfo": UserInfo,
    "Profile": Profile,
    "HistoryPage": HistoryPage,
    "Leaderboard": Leaderboard,
    "Table": service.Table,
    "Seek": service.Seek,
    "Challenge": service.Challenge,
    "Hint": service.Hint,
    "GameAnalysis": service.GameAnalysis,
    "AnalysisProgress": service.AnalysisProgress,
    "AnalysisBranch": service.AnalysisBranch,
    "Replay": service.Replay,
    "TutorialInfo": service.TutorialInfo,
    "PuzzleStart": service.PuzzleStart,
    "PuzzleProgress": service.PuzzleProgress,
    "PuzzleOverview": service.PuzzleOverview,
    "PuzzleHistory": service.PuzzleHistory,
    "TutorialProgress": service.TutorialProgress,
    "ReplayFrames": service.ReplayFrames,
    "TableGameInfo": service.TableGameInfo,
    "ChatHistory": ChatHistory,
    "ChatPosted": ChatPosted,
    "SeekList": SeekList,
    "SeekMade": SeekMade,
    "ClusterReplicas": ClusterReplicas,
    "Session": Session,
    "Ok": Ok,
    "RematchAnswer": RematchAnswer,
    "HttpError": HttpError,
}
"""Every outgoing message and body type, by the name its schema ``$defs`` entry has."""


class _Titles(GenerateJsonSchema):
    """Titles only on the named types (a key's title would become a stray TS type)."""

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False


def protocol_schema() -> dict[str, Any]:
    """The JSON Schema document of :data:`MESSAGES`: ``anyOf`` every message, ``$defs`` with
    one entry per type (the names of :data:`MESSAGES` among them)."""
    inputs = [(name, "serialization", TypeAdapter(kind)) for name, kind in MESSAGES.items()]
    refs, definitions = TypeAdapter.json_schemas(
        inputs,  # type: ignore[arg-type]
        schema_generator=_Titles,
        ref_template="#/$defs/{model}",
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "ConnectArenaMessage",
        "description": "Any message or body the Connect Arena server sends (docs/server.md).",
        "anyOf": [refs[(name, "serialization")] for name in MESSAGES],
        "$defs": dict(sorted(definitions.get("$defs", {}).items())),
    }


@functools.cache
def schema_text() -> str:
    """:func:`protocol_schema` as the checked-in file's text (sorted keys kept in order,
    two-space indents, a final newline)."""
    return json.dumps(protocol_schema(), indent=2, ensure_ascii=False) + "\n"


router = APIRouter()


@router.get(SCHEMA_URL)
def schema() -> Response:
    """The protocol's JSON Schema (the text of the checked-in ``protocol.schema.json``)."""
    return Response(schema_text(), media_type="application/schema+json")


def main(argv: list[str] | None = None) -> int:
    """Write the schema file (``--check``: compare only; exit 1 when it differs)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the file is stale")
    parser.add_argument("path", nargs="?", type=Path, default=SCHEMA_FILE)
    args = parser.parse_args(argv)
    text = schema_text()
    path: Path = args.path
    if args.check:
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            print(f"{path} is out of date: run python tools/protocol/generate.py")
            return 1
        return 0
    path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
