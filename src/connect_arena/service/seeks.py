"""Quick pairing: a *seek* says "I want a game of X for N players with this time control, rated
or casual, against players rated within R of me"; seeks that fit each other are matched at
once into a new table with every seeker seated (seats drawn at random), and removed.

Matching runs under one lock, so every seek ends in exactly one table or is cancelled. As on
Lichess, seeks live in memory: a seek belongs to its seeker's visit (the lobby lists them), is
cancelled with it, and a restart clears them (nothing was acknowledged but "waiting").
"""

from __future__ import annotations

import asyncio
import itertools
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime

from connect_arena.core import game_class
from connect_arena.service import protocol
from connect_arena.service.model import (
    ErrorCode,
    Seat,
    SeatKind,
    ServiceError,
    TableInfo,
    User,
    utcnow,
)
from connect_arena.service.seating import Seating, check_client_settings
from connect_arena.service.settings import TableSettings
from connect_arena.service.table_events import SeeksChanged, TableEvents
from connect_arena.service.userevents import UserEvents

DEFAULT_RANGE = 300
"""Rating points either side of the seeker's rating a seek accepts by default."""

MAX_SEEKS_PER_USER = 3
"""Seeks one user may have waiting at once."""

RatingOf = Callable[[int, str], Awaitable[float]]
"""The displayed rating of a user in a game (the rating store's; 1500 without one)."""


async def _no_ratings(user_id: int, game: str) -> float:
    return 1500.0


@dataclass(slots=True)
class Seek:
    """A seek waiting for opponents.

    Attributes:
        id: its id (per process).
        user: the seeker.
        game: the game's name; ``players`` the table's number of seats.
        settings: the table's settings (time control, rated).
        rating: the seeker's displayed rating in the game when the seek was made.
        range: the rating distance accepted either side (``None``: anyone).
        created_at: when it was made.
    """

    id: int
    user: User
    game: str
    players: int
    settings: TableSettings
    rating: float
    range: int | None
    created_at: datetime = field(default_factory=utcnow)

    def key(self) -> tuple[str, int, TableSettings]:
        """What seeks must share to be matched: the game, the seats and every setting of the
        table (clock, rated, hints, take-over level, claim grace) — the table is made from
        them, so no seeker gets settings another chose."""
        return (self.game, self.players, self.settings)

    def accepts(self, other: Seek) -> bool:
        """Whether ``other``'s seeker is within this seek's rating range."""
        return self.range is None or abs(other.rating - self.rating) <= self.range

    def to_json(self) -> protocol.Seek:
        """``{"id", "user": {"id", "name", "bot"}, "game", "players", "settings", "rating",
        "range", "created_at"}``."""
        return {
            "id": self.id,
            "user": {"id": self.user.id, "name": self.user.name, "bot": self.user.bot},
            "game": self.game,
            "players": self.players,
            "settings": self.settings.to_json(),
            "rating": round(self.rating),
            "range": self.range,
            "created_at": self.created_at.isoformat(),
        }


class Seeks:
    """Waiting seeks and the matcher.

    Args:
        seating: creates the matched tables.
        events: tells each seeker its table (``gameStart`` comes from the table itself;
            ``seekMatched`` says which seek it answered).
        hub: where :class:`SeeksChanged` is published after every change (the lobby lists
            the seeks).
        rating_of: the seekers' ratings.
    """

    def __init__(
        self,
        seating: Seating,
        events: UserEvents,
        hub: TableEvents,
        rating_of: RatingOf = _no_ratings,
    ) -> None:
        self.seating = seating
        self.events = events
        self.hub = hub
        self.rating_of = rating_of
        self.waiting: dict[int, Seek] = {}
        self._ids = itertools.count(1)
        self._lock = asyncio.Lock()

    def listing(self) -> list[protocol.Seek]:
        """The waiting seeks, oldest first."""
        return [seek.to_json() for seek in self.waiting.values()]

    async def seek(
        self,
        user: User,
        game: str,
        players: int | None = None,
        settings: TableSettings | None = None,
        rating_range: int | None = DEFAULT_RANGE,
    ) -> tuple[Seek, TableInfo | None]:
        """Add a seek and match it if it can be.

        Returns:
            The seek and, when it was matched at once, the new table.

        Raises:
            ServiceError: ``bad_request`` (unknown game, player count, a rated seek from a
                guest is the server's concern), ``conflict`` (too many seeks waiting).
        """
        settings = settings or TableSettings()
        try:
            cls = game_class(game)
        except ValueError as error:
            raise ServiceError(ErrorCode.BAD_REQUEST, str(error)) from None
        count = players or cls.default_players
        if count not in cls.player_counts or count < 2:
            counts = ", ".join(str(n) for n in cls.player_counts if n >= 2)
            raise ServiceError(ErrorCode.BAD_REQUEST, f"{cls.title} is sought for {counts} players")
        if rating_range is not None and not 0 <= rating_range <= 3000:
            raise ServiceError(ErrorCode.BAD_REQUEST, "the rating range is 0 to 3000 points")
        check_client_settings(settings)
        rating = await self.rating_of(user.id, cls.name)
        async with self._lock:
            mine = [s for s in self.waiting.values() if s.user.id == user.id]
            if len(mine) >= MAX_SEEKS_PER_USER:
                raise ServiceError(
                    ErrorCode.CONFLICT, f"you have {MAX_SEEKS_PER_USER} seeks waiting already"
                )
            seek = Seek(next(self._ids), user, cls.name, count, settings, rating, rating_range)
            self.waiting[seek.id] = seek
            table = await self._match(seek)
        self.hub.publish(SeeksChanged())
        return seek, table

    async def cancel(self, seek_id: int, user_id: int) -> None:
        """Withdraw a seek.

        Raises:
            ServiceError: ``not_found`` (no such seek of this user: matched or gone).
        """
        async with self._lock:
            seek = self.waiting.get(seek_id)
            if seek is None or seek.user.id != user_id:
                raise ServiceError(ErrorCode.NOT_FOUND, f"you have no seek {seek_id} waiting")
            del self.waiting[seek_id]
        self.hub.publish(SeeksChanged())

    async def cancel_all(self, user_id: int) -> int:
        """Withdraw every seek of ``user_id`` (they left the lobby); how many."""
        async with self._lock:
            gone = [i for i, s in self.waiting.items() if s.user.id == user_id]
            for seek_id in gone:
                del self.waiting[seek_id]
        if gone:
            self.hub.publish(SeeksChanged())
        return len(gone)

    async def _match(self, seek: Seek) -> TableInfo | None:
        """Match ``seek`` with the oldest fitting seeks of other users (under the lock):
        when ``players - 1`` of them fit it and each other, they make a table."""
        group = [seek]
        for other in self.waiting.values():
            if len(group) == seek.players:
                break
            if other.key() != seek.key() or any(o.user.id == other.user.id for o in group):
                continue
            if all(o.accepts(other) and other.accepts(o) for o in group):
                group.append(other)
        if len(group) < seek.players:
            return None
        order = list(group)
        random.SystemRandom().shuffle(order)  # who sits where (and so moves first) is drawn
        seats = [
            Seat(index, SeatKind.HUMAN, s.user.id, s.user.name, bot=s.user.bot)
            for index, s in enumerate(order)
        ]
        name, options = self.seating.prepare(seek.game, seek.players, {}, seek.settings)
        info = await self.seating.create_seated(order[0].user, name, options, seats, seek.settings)
        for matched in group:
            del self.waiting[matched.id]
            event: protocol.SeekMatchedEvent = {
                "type": "seekMatched",
                "seek": matched.id,
                "table_id": info.id,
            }
            self.events.publish(matched.user.id, event)
        return info
