"""Direct challenges: one user invites a named user (a person or a bot) to a new table; the
challenged accepts (the table starts with both seated), declines, or lets it expire; the
challenger may cancel. Challenges are stored (a :class:`ChallengeStore`), so an acknowledged
challenge survives a restart; accepting one is exactly-once (the store deletes it once).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal, Protocol

from connect_arena.service import protocol
from connect_arena.service.model import (
    ErrorCode,
    Seat,
    SeatKind,
    SeatRequest,
    ServiceError,
    TableInfo,
    User,
    utcnow,
)
from connect_arena.service.seating import Seating, make_seat
from connect_arena.service.settings import DAY, TableSettings, TimeControlKind
from connect_arena.service.userevents import UserEvents

EXPIRY = 600.0
"""Seconds a challenge waits for an answer (real-time and untimed games)."""

TURN_EXPIRY = 3 * DAY
"""Seconds a challenge to a turn-based game waits."""

MAX_PENDING = 20
"""Challenges one user may have waiting at once."""


@dataclass(frozen=True, slots=True)
class StoredChallenge:
    """A challenge as stored: ids, the body (:meth:`Challenge.body`) and times."""

    id: int
    challenger_id: int
    challenged_id: int
    body: dict[str, Any]
    created_at: datetime
    expires_at: datetime


class ChallengeStore(Protocol):
    """Where challenges are kept (each method one transaction)."""

    async def add_challenge(
        self,
        challenger_id: int,
        challenged_id: int,
        body: dict[str, Any],
        created_at: datetime,
        expires_at: datetime,
        limit: int | None = None,
    ) -> int | None:
        """Store a challenge; its id, or ``None`` (nothing stored) when the challenger has
        ``limit`` challenges not yet expired (counted in the same step as the insert, so
        challenges sent at once cannot pass the limit together)."""
        ...

    async def delete_challenge(self, challenge_id: int) -> bool:
        """Delete a challenge; whether it was there (of two deletions, one gets ``True``)."""
        ...

    async def list_challenges(self) -> list[StoredChallenge]:
        """Every stored challenge, oldest first."""
        ...


class MemoryChallengeStore:
    """A :class:`ChallengeStore` in a dictionary (tests, tools)."""

    def __init__(self) -> None:
        self.rows: dict[int, StoredChallenge] = {}
        self._next = 1

    async def add_challenge(
        self,
        challenger_id: int,
        challenged_id: int,
        body: dict[str, Any],
        created_at: datetime,
        expires_at: datetime,
        limit: int | None = None,
    ) -> int | None:
        """See :meth:`ChallengeStore.add_challenge`."""
        mine = [r for r in self.rows.values() if r.challenger_id == challenger_id]
        if limit is not None and sum(r.expires_at > created_at for r in mine) >= limit:
            return None
        challenge_id, self._next = self._next, self._next + 1
        self.rows[challenge_id] = StoredChallenge(
            challenge_id, challenger_id, challenged_id, dict(body), created_at, expires_at
        )
        return challenge_id

    async def delete_challenge(self, challenge_id: int) -> bool:
        """See :meth:`ChallengeStore.delete_challenge`."""
        return self.rows.pop(challenge_id, None) is not None

    async def list_challenges(self) -> list[StoredChallenge]:
        """See :meth:`ChallengeStore.list_challenges`."""
        return sorted(self.rows.values(), key=lambda row: row.id)


def _user_json(user: User) -> protocol.UserRef:
    return {"id": user.id, "name": user.name, "bot": user.bot}


def _user(data: dict[str, Any]) -> User:
    return User(int(data["id"]), str(data["name"]), bool(data.get("bot", False)))


@dataclass(frozen=True, slots=True)
class Challenge:
    """A challenge.

    Attributes:
        id: its id.
        challenger: who invites (sits where a seat asks for ``me``).
        challenged: who is invited (takes the first ``open`` seat).
        game: the game's name; ``options`` its options; ``seats`` the seats as asked;
            ``settings`` the table's settings.
        created_at, expires_at: when it was made and until when it may be accepted (UTC).
        random_seat: the challenger's seat is drawn when the challenge is accepted, among
            the seats of people (``me`` and ``open``); the challenged takes the first open
            seat left. Otherwise the challenger sits where ``me`` is asked.
    """

    id: int
    challenger: User
    challenged: User
    game: str
    options: dict[str, Any]
    seats: tuple[SeatRequest, ...]
    settings: TableSettings
    created_at: datetime
    expires_at: datetime
    random_seat: bool = False

    def body(self) -> dict[str, Any]:
        """What is stored of it (everything but the id and times)."""
        return {
            "challenger": _user_json(self.challenger),
            "challenged": _user_json(self.challenged),
            "game": self.game,
            "options": dict(self.options),
            "seats": [{"kind": s.kind, "agent": s.agent} for s in self.seats],
            "settings": self.settings.to_json(),
            "random_seat": self.random_seat,
        }

    def to_json(self) -> protocol.Challenge:
        """``{"id", "challenger", "challenged", "game", "options", "seats", "settings",
        "created_at", "expires_at"}`` (users as ``{"id", "name", "bot"}``)."""
        return {
            "id": self.id,
            "challenger": _user_json(self.challenger),
            "challenged": _user_json(self.challenged),
            "game": self.game,
            "options": dict(self.options),
            "seats": [{"kind": s.kind, "agent": s.agent} for s in self.seats],
            "settings": self.settings.to_json(),
            "random_seat": self.random_seat,
            "created_at": self.created_at.isoformat(),
            "expires_at": self.expires_at.isoformat(),
        }

    @classmethod
    def from_stored(cls, row: StoredChallenge) -> Challenge:
        """The challenge of a stored row."""
        body = row.body
        return cls(
            row.id,
            _user(body["challenger"]),
            _user(body["challenged"]),
            str(body["game"]),
            dict(body["options"]),
            tuple(SeatRequest(s["kind"], s.get("agent", "random")) for s in body["seats"]),
            TableSettings.from_json(body["settings"]),
            row.created_at,
            row.expires_at,
            bool(body.get("random_seat", False)),
        )


class Challenges:
    """Challenges between users.

    Args:
        store: where they are kept.
        seating: checks options and creates the table on acceptance.
        events: the users' event streams (``challenge``, ``challengeDeclined``,
            ``challengeCanceled``).
    """

    def __init__(
        self,
        store: ChallengeStore,
        seating: Seating,
        events: UserEvents,
        rng: random.Random | None = None,
    ) -> None:
        self.store = store
        self.seating = seating
        self.events = events
        self.now = utcnow
        self.rng = rng or random.SystemRandom()
        """Draws the challenger's seat of a ``random_seat`` challenge."""

    async def pending(self, user_id: int | None = None) -> list[Challenge]:
        """The challenges not yet expired (those that involve ``user_id`` when given);
        expired ones are deleted and their challenger told."""
        now = self.now()
        out = []
        for row in await self.store.list_challenges():
            challenge = Challenge.from_stored(row)
            if challenge.expires_at <= now:
                if await self.store.delete_challenge(row.id):
                    self._tell("challengeCanceled", challenge, reason="expired")
                continue
            if user_id is None or user_id in (challenge.challenger.id, challenge.challenged.id):
                out.append(challenge)
        return out

    async def create(
        self,
        challenger: User,
        challenged: User,
        game: str,
        seats: Sequence[SeatRequest],
        options: dict[str, Any] | None = None,
        settings: TableSettings | None = None,
        random_seat: bool = False,
    ) -> Challenge:
        """Challenge ``challenged``: ``seats`` hold one ``me`` (the challenger) and at least
        one ``open`` (the first is the challenged's); with ``random_seat``, the challenger's
        seat is drawn on acceptance instead (:attr:`Challenge.random_seat`).

        Raises:
            ServiceError: ``bad_request`` (oneself, seats, options, game),
                ``rate_limited`` (too many challenges waiting).
        """
        settings = settings or TableSettings()
        if challenged.id == challenger.id:
            raise ServiceError(ErrorCode.BAD_REQUEST, "you cannot challenge yourself")
        kinds = [seat.kind for seat in seats]
        if kinds.count("me") != 1 or "open" not in kinds:
            raise ServiceError(
                ErrorCode.BAD_REQUEST,
                "a challenge needs one seat for you (me) and an open seat for the challenged",
            )
        name, checked = self.seating.prepare(game, len(seats), options or {}, settings)
        for index, request in enumerate(seats):
            make_seat(index, request, challenger)  # refuses an unknown computer player
        mine = [c for c in await self.pending(challenger.id) if c.challenger.id == challenger.id]
        if len(mine) >= MAX_PENDING:
            raise ServiceError(
                ErrorCode.RATE_LIMITED,
                f"you have {MAX_PENDING} challenges waiting: cancel some first",
            )
        now = self.now()
        wait = TURN_EXPIRY if settings.time_control.kind is TimeControlKind.TURN else EXPIRY
        draft = Challenge(
            0,
            challenger,
            challenged,
            name,
            checked,
            tuple(seats),
            settings,
            now,
            now + timedelta(seconds=wait),
            random_seat,
        )
        challenge_id = await self.store.add_challenge(
            challenger.id,
            challenged.id,
            draft.body(),
            draft.created_at,
            draft.expires_at,
            MAX_PENDING,
        )
        if challenge_id is None:  # others sent at the same moment reached the limit first
            raise ServiceError(
                ErrorCode.RATE_LIMITED,
                f"you have {MAX_PENDING} challenges waiting: cancel some first",
            )
        challenge = Challenge(**{**_fields(draft), "id": challenge_id})
        self._tell("challenge", challenge)
        return challenge

    async def _find(self, challenge_id: int) -> Challenge:
        for challenge in await self.pending():
            if challenge.id == challenge_id:
                return challenge
        raise ServiceError(
            ErrorCode.NOT_FOUND, f"there is no challenge {challenge_id} (answered or expired)"
        )

    async def accept(self, challenge_id: int, user: User) -> TableInfo:
        """The challenged accepts: the table is created with both seated and starts when
        every seat is filled (other open seats stay open for others).

        Raises:
            ServiceError: ``not_found`` (no such challenge, answered or expired),
                ``not_seated`` (not the challenged).
        """
        challenge = await self._find(challenge_id)
        if challenge.challenged.id != user.id:
            raise ServiceError(ErrorCode.NOT_SEATED, "only the challenged may accept")
        if not await self.store.delete_challenge(challenge_id):  # answered meanwhile
            raise ServiceError(ErrorCode.NOT_FOUND, f"challenge {challenge_id} was answered")
        requests = list(challenge.seats)
        if challenge.random_seat:  # the challenger's seat is drawn now, among the people's
            mine = next(i for i, r in enumerate(requests) if r.kind == "me")
            drawn = self.rng.choice([i for i, r in enumerate(requests) if r.kind in ("me", "open")])
            requests[mine], requests[drawn] = requests[drawn], requests[mine]
        made: list[Seat] = []
        taken = False
        for index, request in enumerate(requests):
            if request.kind == "open" and not taken:
                taken = True
                made.append(Seat(index, SeatKind.HUMAN, user.id, user.name, bot=user.bot))
            else:
                made.append(make_seat(index, request, challenge.challenger))
        return await self.seating.create_seated(
            challenge.challenger, challenge.game, challenge.options, made, challenge.settings
        )

    async def decline(self, challenge_id: int, user: User, reason: str = "generic") -> None:
        """The challenged declines (``challengeDeclined`` with ``reason``).

        Raises:
            ServiceError: ``not_found``, ``not_seated`` (not the challenged).
        """
        challenge = await self._find(challenge_id)
        if user.id != challenge.challenged.id:
            raise ServiceError(ErrorCode.NOT_SEATED, "only the challenged may decline")
        if await self.store.delete_challenge(challenge_id):
            self._tell("challengeDeclined", challenge, reason=reason[:32])

    async def cancel(self, challenge_id: int, user: User) -> None:
        """The challenger takes the challenge back (``challengeCanceled``).

        Raises:
            ServiceError: ``not_found``, ``not_seated`` (not the challenger).
        """
        challenge = await self._find(challenge_id)
        if user.id != challenge.challenger.id:
            raise ServiceError(ErrorCode.NOT_SEATED, "only the challenger may cancel")
        if await self.store.delete_challenge(challenge_id):
            self._tell("challengeCanceled", challenge, reason="cancelled")

    def _tell(
        self,
        kind: Literal["challenge", "challengeDeclined", "challengeCanceled"],
        challenge: Challenge,
        reason: str | None = None,
    ) -> None:
        message: protocol.ChallengeEvent = {"type": kind, "challenge": challenge.to_json()}
        if reason is not None:
            message["reason"] = reason
        for user_id in {challenge.challenger.id, challenge.challenged.id}:
            self.events.publish(user_id, message)


def _fields(challenge: Challenge) -> dict[str, Any]:
    return {name: getattr(challenge, name) for name in Challenge.__slots__}
