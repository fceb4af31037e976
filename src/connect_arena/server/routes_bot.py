"""The bot API (modelled on Lichess's): personal API tokens, bot accounts, challenges, and
NDJSON streams of a user's events and of a game, with moves, resignations and draw offers
over HTTP. See ``docs/bot-api.md``.

Tokens are sent as ``Authorization: Bearer <token>``; only their SHA-256 is stored; each has
scopes (``bot:play``: stream events, answer challenges and play as a bot; ``challenge:write``:
challenge users and cancel one's challenges) and a request allowance
(``CONNECT_ARENA_TOKEN_LIMIT``). Challenges also work for people signed in on the site (their
session and CSRF token instead of a bearer token).
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Request
from fastapi.responses import StreamingResponse
from pydantic import Field, model_validator

from connect_arena.server.db import StoredUser
from connect_arena.server.db.bots import StoredToken
from connect_arena.server.db.relations import SqlRelations
from connect_arena.server.dependencies import (
    Arena,
    ArenaDep,
    CsrfDep,
    RowId,
    TableId,
    UserDep,
    check_csrf,
    get_arena,
    require_user,
    service_user,
    user_json,
)
from connect_arena.server.errors import ApiError
from connect_arena.server.protocol import (
    BotToken,
    BotTokens,
    ChallengeAccepted,
    ChallengeBody,
    ChallengeList,
    Ok,
    UserInfo,
)
from connect_arena.server.schemas import OfferOp, SeatChoice, SettingsChoice, Strict
from connect_arena.service import ErrorCode, SeatRequest, ServiceError, Subscription, TableStatus
from connect_arena.service.protocol import ChallengeEvent, GameEventOfUser
from connect_arena.service.settings import TableSettings

router = APIRouter(prefix="/api")

SCOPES = ("bot:play", "challenge:write")
"""What a token may be allowed to do."""

TOKEN_PREFIX = "ca_"
KEEP_ALIVE = 6.0
"""Seconds between the empty lines that keep an idle stream open (and check its token)."""

MAX_TOKENS = 20
"""Tokens one account may hold."""


def digest(token: str) -> str:
    """The SHA-256 (hex) under which a token is stored."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Caller:
    """Who calls the bot API: the account and, with a bearer token, the token."""

    user: StoredUser
    token: StoredToken | None


async def _bearer(request: Request, arena: Arena) -> tuple[StoredUser, StoredToken] | None:
    """The account and token of an ``Authorization: Bearer`` header (``None`` without
    one); a request within the token's allowance.

    Raises:
        ApiError: 401 ``bad_token`` (unknown or revoked), 429 ``rate_limited``.
    """
    header = request.headers.get("authorization", "")
    scheme, _, secret = header.partition(" ")
    if not header:
        return None
    if scheme.lower() != "bearer" or not secret.strip():
        raise ApiError(401, "bad_token", "use 'Authorization: Bearer <token>'")
    token = await arena.bots.token_by_hash(digest(secret.strip()))
    if token is None:
        raise ApiError(401, "bad_token", "this token is unknown or was revoked")
    key = f"token:{token.id}"
    wait = await arena.token_limiter.take(key)  # checked and counted in one step
    if wait > 0:
        raise ApiError(
            429,
            "rate_limited",
            "too many requests with this token: slow down",
            {"Retry-After": str(int(wait) + 1)},
        )
    user = await arena.user(token.user_id)
    if user is None:
        raise ApiError(401, "bad_token", "this token's account is gone")
    return user, token


def needs(scope: str, bot: bool = False, session: bool = False) -> Any:
    """A dependency giving the :class:`Caller`: a bearer token with ``scope`` (and a bot
    account when ``bot``), or, when ``session``, a signed-in person with the CSRF token."""

    async def dependency(request: Request) -> Caller:
        arena = get_arena(request)
        found = await _bearer(request, arena)
        if found is None:
            if not session:
                raise ApiError(401, "bad_token", "this call needs a bearer token")
            user = await require_user(request)
            if request.method != "GET":
                check_csrf(request)
            return Caller(user, None)
        user, token = found
        if scope and scope not in token.scopes:
            raise ApiError(403, "scope", f"this token lacks the {scope!r} scope")
        if bot and not user.bot:
            raise ApiError(
                403, "not_a_bot", "only bot accounts play here: POST /api/bot/account/upgrade"
            )
        return Caller(user, token)

    return Depends(dependency)


BotPlay = Annotated[Caller, needs("bot:play", bot=True)]
BotAccount = Annotated[Caller, needs("bot:play")]
ChallengeWrite = Annotated[Caller, needs("challenge:write", session=True)]
ChallengeAnswer = Annotated[Caller, needs("bot:play", session=True)]


# ----- tokens ----------------------------------------------------------------------------------
class NewToken(Strict):
    """A token to create: a name and its scopes."""

    name: str = Field(min_length=1, max_length=64)
    scopes: list[Literal["bot:play", "challenge:write"]] = Field(min_length=1, max_length=2)


@router.post("/tokens", dependencies=[CsrfDep], status_code=201, response_model=None)
async def create_token(body: NewToken, user: UserDep, arena: ArenaDep) -> BotToken:
    """Create a personal API token; its secret is shown this once (only its hash is kept).
    Guests cannot have tokens."""
    if user.guest:
        raise ApiError(403, "guest", "create an account (with a password) to get API tokens")
    if len(await arena.bots.tokens_of(user.id)) >= MAX_TOKENS:
        raise ApiError(409, "conflict", f"at most {MAX_TOKENS} tokens: revoke one first")
    secret = TOKEN_PREFIX + secrets.token_urlsafe(32)
    stored = await arena.bots.create_token(
        user.id, body.name, digest(secret), sorted(set(body.scopes))
    )
    return {"token": secret, **stored.to_json()}


@router.get("/tokens", response_model=None)
async def list_tokens(user: UserDep, arena: ArenaDep) -> BotTokens:
    """The signed-in user's tokens (without their secrets)."""
    return {"tokens": [token.to_json() for token in await arena.bots.tokens_of(user.id)]}


@router.delete("/tokens/{token_id}", dependencies=[CsrfDep], response_model=None)
async def revoke_token(token_id: RowId, user: UserDep, arena: ArenaDep) -> Ok:
    """Revoke a token: it stops working at once (open streams end at their next check)."""
    if not await arena.bots.delete_token(user.id, token_id):
        raise ApiError(404, "not_found", f"you have no token {token_id}")
    return {"ok": True}


AnyToken = Annotated[Caller, needs("", session=True)]


@router.get("/account", response_model=None)
async def account(caller: AnyToken) -> UserInfo:
    """The caller's account (``{"id", "name", "guest", "bot"}``): a bearer token's, or the
    signed-in person's."""
    body = user_json(caller.user)
    assert body is not None
    return body


# ----- bot accounts ----------------------------------------------------------------------------
@router.post("/bot/account/upgrade", response_model=None)
async def upgrade(caller: BotAccount, arena: ArenaDep) -> Ok:
    """Turn the token's account into a bot account (for good), if it never sat at a table."""
    if not await arena.bots.make_bot(caller.user.id):
        raise ApiError(409, "conflict", "only an account that has never played can become a bot")
    arena.forget_user(caller.user.id)
    return {"ok": True, "bot": True}


# ----- streams ---------------------------------------------------------------------------------
async def _ndjson(
    subscription: Subscription,
    arena: Arena,
    caller: Caller,
    done: Any = None,
) -> AsyncIterator[bytes]:
    """The subscription's messages, one JSON object per line, with an empty line every
    :data:`KEEP_ALIVE` seconds; ends when it closes, when ``done(message)`` says so, or when
    the token is revoked."""
    while True:
        try:
            # asyncio.timeout: a cancel (the client left) is never swallowed, as wait_for's
            # can be on Python 3.11 when a message arrives at the same moment
            async with asyncio.timeout(KEEP_ALIVE):
                text = await subscription.get()
        except TimeoutError:
            if caller.token is not None and not await arena.bots.token_exists(caller.token.id):
                return
            yield b"\n"
            continue
        if text is None:
            return
        yield text.encode() + b"\n"
        if done is not None and done(text):
            return


@router.get("/bot/stream/event")
async def stream_events(caller: BotAccount, arena: ArenaDep) -> StreamingResponse:
    """The caller's events as NDJSON: ``challenge`` (received or sent),
    ``challengeDeclined``, ``challengeCanceled``, ``gameStart``, ``gameFinish``. It starts
    with the challenges waiting and a ``gameStart`` per running table of the caller."""
    service = arena.service
    user_id = caller.user.id
    subscription = service.user_events.watch(user_id)
    for challenge in await service.challenges.pending(user_id):
        waiting: ChallengeEvent = {"type": "challenge", "challenge": challenge.to_json()}
        subscription.push_json(waiting)
    for row in await service.my_tables(user_id):
        if row["status"] == TableStatus.RUNNING.value:
            seats = [s["seat"] for s in row["seats"] if s["user_id"] == user_id]
            started: GameEventOfUser = {"type": "gameStart", "game": {**row, "you": seats}}
            subscription.push_json(started)

    async def lines() -> AsyncIterator[bytes]:
        try:
            async for line in _ndjson(subscription, arena, caller):
                yield line
        finally:
            service.user_events.unwatch(subscription)

    return StreamingResponse(lines(), media_type="application/x-ndjson")


def _game_over(text: str) -> bool:
    """Whether a table message says the game is over (the game stream then ends)."""
    return text.startswith('{"type":"table"') and (
        '"status":"finished"' in text or '"status":"abandoned"' in text
    )


@router.get("/bot/game/stream/{table_id}")
async def stream_game(table_id: TableId, caller: BotPlay, arena: ArenaDep) -> StreamingResponse:
    """A table's messages for the caller as NDJSON — exactly the WebSocket protocol's
    (``docs/server.md``): the ``table``, the latest events and the ``state`` (legal actions in
    notation, ``clocks``), then every event with the new state, offers and presence; it ends
    after the ``table`` message of the game's end."""
    service = arena.service
    subscription = await service.watch(table_id, caller.user.id)

    async def lines() -> AsyncIterator[bytes]:
        try:
            async for line in _ndjson(subscription, arena, caller, _game_over):
                yield line
        finally:
            service.unwatch(table_id, subscription)

    return StreamingResponse(lines(), media_type="application/x-ndjson")


# ----- playing ---------------------------------------------------------------------------------
class Move(Strict):
    """An action in the game's notation; ``seq`` (optional) the seq it claims."""

    action: str = Field(min_length=1, max_length=200)
    seq: int | None = Field(default=None, ge=1, le=2**31 - 1)
    seat: int | None = Field(default=None, ge=0, lt=64)


@router.post("/bot/game/{table_id}/move", response_model=None)
async def move(table_id: TableId, body: Move, caller: BotPlay, arena: ArenaDep) -> Ok:
    """Play an action (the next seq when ``seq`` is not given); answers with its seq."""
    service = arena.service
    seq = body.seq
    if seq is None:
        seq = (await service.get_table(table_id)).seq + 1
    with arena.metrics.timed_move():
        entry = await service.submit(table_id, caller.user.id, seq, body.action, body.seat)
    return {"ok": True, "seq": entry.seq}


class SeatOption(Strict):
    """An optional seat."""

    seat: int | None = Field(default=None, ge=0, lt=64)


@router.post("/bot/game/{table_id}/resign", response_model=None)
async def bot_resign(
    table_id: TableId, caller: BotPlay, arena: ArenaDep, body: SeatOption | None = None
) -> Ok:
    """Resign (``docs/lifecycle.md``)."""
    await arena.service.resign(table_id, caller.user.id, None if body is None else body.seat)
    return {"ok": True}


@router.post("/bot/game/{table_id}/abort", response_model=None)
async def bot_abort(table_id: TableId, caller: BotPlay, arena: ArenaDep) -> Ok:
    """Abort before every person's first action."""
    await arena.service.abort(table_id, caller.user.id)
    return {"ok": True}


@router.post("/bot/game/{table_id}/draw", response_model=None)
async def bot_draw(table_id: TableId, body: OfferOp, caller: BotPlay, arena: ArenaDep) -> Ok:
    """Offer, accept or decline a draw (``op``)."""
    if body.op not in ("offer", "accept", "decline"):
        raise ServiceError(ErrorCode.BAD_REQUEST, "op must be offer, accept or decline")
    await arena.service.draw(table_id, caller.user.id, body.op)
    return {"ok": True}


# ----- challenges ------------------------------------------------------------------------------
class NewChallenge(Strict):
    """A challenge: a new table's game, options, seats (one ``me``, at least one ``open``:
    the first is the challenged's) and settings. ``players`` instead of ``seats`` (as
    OpenSpiel and PettingZoo count them): you, then open seats; both given must agree."""

    game: str = Field(max_length=64)
    options: dict[str, bool | int | str] = Field(default_factory=dict, max_length=64)
    seats: list[SeatChoice] | None = Field(default=None, min_length=1, max_length=16)
    players: int | None = Field(default=None, ge=1, le=16)
    settings: SettingsChoice = Field(default_factory=SettingsChoice)
    random_seat: bool = False
    """Draw the challenger's seat (colour) when the challenge is accepted."""

    @model_validator(mode="after")
    def _seats_or_players(self) -> NewChallenge:
        if self.seats is None and self.players is None:
            raise ValueError("give 'seats' (e.g. [{'kind': 'me'}, {'kind': 'open'}]) or 'players'")
        if self.seats is not None and self.players is not None and len(self.seats) != self.players:
            raise ValueError(f"'players' is {self.players} but 'seats' has {len(self.seats)}")
        if self.seats is None:
            count = self.players or 0
            self.seats = [SeatChoice(kind="me"), *(SeatChoice() for _ in range(count - 1))]
        return self


@router.post("/challenge/{username}", status_code=201, response_model=None)
async def challenge(
    username: str, body: NewChallenge, caller: ChallengeWrite, arena: ArenaDep
) -> ChallengeBody:
    """Challenge the user ``username`` (a person or a bot); it waits for an answer (10
    minutes; 3 days for turn-based games)."""
    target = await arena.storage.user_by_name(username[:64])
    if target is None:
        raise ApiError(404, "not_found", f"there is no user {username[:64]!r}")
    if await SqlRelations(arena.storage).blocked(caller.user.id, target.id):
        raise ApiError(403, "blocked", f"you cannot challenge {target.name}")
    try:
        settings = TableSettings.from_json(body.settings.model_dump())
    except ValueError as error:
        raise ServiceError(ErrorCode.BAD_REQUEST, f"settings: {error}") from None
    made = await arena.service.challenges.create(
        service_user(caller.user),
        service_user(target),
        body.game,
        [SeatRequest(seat.kind, seat.agent) for seat in body.seats or ()],
        dict(body.options),
        settings,
        random_seat=body.random_seat,
    )
    return {"challenge": made.to_json()}


@router.get("/challenges", response_model=None)
async def challenges(caller: ChallengeAnswer, arena: ArenaDep) -> ChallengeList:
    """The caller's challenges waiting: ``in`` (received) and ``out`` (sent)."""
    pending = await arena.service.challenges.pending(caller.user.id)
    mine = caller.user.id
    return {
        "in": [c.to_json() for c in pending if c.challenged.id == mine],
        "out": [c.to_json() for c in pending if c.challenger.id == mine],
    }


@router.post("/challenge/{challenge_id}/accept", response_model=None)
async def accept(
    challenge_id: RowId, caller: ChallengeAnswer, arena: ArenaDep
) -> ChallengeAccepted:
    """Accept a challenge: the table is created with both seated (``gameStart`` follows)."""
    info = await arena.service.challenges.accept(challenge_id, service_user(caller.user))
    return {"table_id": info.id}


class Decline(Strict):
    """Why a challenge is declined (free words, at most 32 characters)."""

    reason: str = Field(default="generic", max_length=32)


@router.post("/challenge/{challenge_id}/decline", response_model=None)
async def decline(
    challenge_id: RowId, caller: ChallengeAnswer, arena: ArenaDep, body: Decline | None = None
) -> Ok:
    """Decline a challenge received."""
    reason = "generic" if body is None else body.reason
    await arena.service.challenges.decline(challenge_id, service_user(caller.user), reason)
    return {"ok": True}


@router.post("/challenge/{challenge_id}/cancel", response_model=None)
async def cancel(challenge_id: RowId, caller: ChallengeWrite, arena: ArenaDep) -> Ok:
    """Cancel a challenge sent."""
    await arena.service.challenges.cancel(challenge_id, service_user(caller.user))
    return {"ok": True}
