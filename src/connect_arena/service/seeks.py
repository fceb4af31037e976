"""Quick pairing: a *seek* says "I want a game of X for N players with this time control, rated
or casual, against players rated within R of me"; seeks that fit each other are matched at
once into a new table with every seeker seated (seats drawn at random), and removed.

Placing a seek and matching it is one atomic step of the *seek book*, so every seek ends in
exactly one table or is cancelled: :class:`MemorySeekBook` for one process, a Redis book shared
by every process when there are several (``connect_arena.server.shared_seeks``: a seek placed
through one process is matched by a seeker on another). As on Lichess, seeks are not kept in
the database: a seek belongs to its seeker's visit (the lobby lists them), is cancelled with
it, and a restart of a lone process clears them (nothing was acknowledged but "waiting").
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from connect_arena.core import game_class
from connect_arena.service import protocol
from connect_arena.service.cluster import Relay
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
        avoid: users this seeker is never matched with (a block, either way).
    """

    id: int
    user: User
    game: str
    players: int
    settings: TableSettings
    rating: float
    range: int | None
    created_at: datetime = field(default_factory=utcnow)
    avoid: frozenset[int] = frozenset()

    def key(self) -> tuple[str, int, TableSettings]:
        """What seeks must share to be matched: the game, the seats and every setting of the
        table (clock, rated, hints, take-over level, claim grace) — the table is made from
        them, so no seeker gets settings another chose."""
        return (self.game, self.players, self.settings)

    def key_text(self) -> str:
        """:meth:`key` as canonical text (the Redis book matches on it)."""
        settings = json.dumps(self.settings.to_json(), sort_keys=True, separators=(",", ":"))
        return f"{self.game}|{self.players}|{settings}"

    def stored(self) -> dict[str, Any]:
        """The seek as JSON for a shared book: :meth:`to_json` with the exact rating, the
        user's id at top level and :meth:`key_text`."""
        return {**self.to_json(), "rating": self.rating, "user_id": self.user.id,
                "key": self.key_text(), "avoid": sorted(self.avoid)}  # fmt: skip

    @classmethod
    def from_stored(cls, data: dict[str, Any]) -> Seek:
        """The inverse of :meth:`stored`."""
        user = data["user"]
        return cls(
            int(data["id"]),
            User(int(user["id"]), str(user["name"]), bool(user.get("bot", False))),
            str(data["game"]),
            int(data["players"]),
            TableSettings.from_json(data["settings"]),
            float(data["rating"]),
            None if data["range"] is None else int(data["range"]),
            datetime.fromisoformat(data["created_at"]),
            frozenset(int(i) for i in data.get("avoid", ())),
        )

    def accepts(self, other: Seek) -> bool:
        """Whether ``other``'s seeker is within this seek's rating range and neither seeker
        avoids the other (a block)."""
        if other.user.id in self.avoid or self.user.id in other.avoid:
            return False
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


def fitting(seek: Seek, waiting: list[Seek]) -> list[Seek] | None:
    """The group ``seek`` makes with the oldest fitting seeks of ``waiting`` (oldest first):
    ``players - 1`` seeks of other users with its key, each within every other's range;
    ``None`` when there are not enough yet."""
    group = [seek]
    for other in waiting:
        if len(group) == seek.players:
            break
        if other.key() != seek.key() or any(o.user.id == other.user.id for o in group):
            continue
        if all(o.accepts(other) and other.accepts(o) for o in group):
            group.append(other)
    return group if len(group) == seek.players else None


class SeekBook(Protocol):
    """Where waiting seeks are kept, and the one atomic step that matches them."""

    async def new_id(self) -> int:
        """A seek id never given before (by any process sharing the book)."""
        ...

    async def place(self, seek: Seek) -> list[Seek] | None:
        """Match ``seek`` with waiting seeks (:func:`fitting`) and remove them, or add it:
        one step, so no seek joins two groups.

        Returns:
            The group (``seek`` first) when matched, else ``None`` (``seek`` waits).

        Raises:
            ServiceError: ``conflict``: the user has :data:`MAX_SEEKS_PER_USER` waiting.
        """
        ...

    async def cancel(self, seek_id: int, user_id: int) -> bool:
        """Remove ``user_id``'s seek ``seek_id``; whether it was waiting."""
        ...

    async def cancel_user(self, user_id: int) -> int:
        """Remove every seek of ``user_id``; how many."""
        ...

    async def waiting(self) -> list[Seek]:
        """Every waiting seek, oldest first."""
        ...

    async def close(self) -> None:
        """Release what the book holds (connections)."""
        ...


def too_many() -> ServiceError:
    """The refusal of a seek beyond :data:`MAX_SEEKS_PER_USER`."""
    return ServiceError(ErrorCode.CONFLICT, f"you have {MAX_SEEKS_PER_USER} seeks waiting already")


class MemorySeekBook:
    """The seek book of a lone process (a dict; each method runs without awaiting)."""

    def __init__(self) -> None:
        self.seeks: dict[int, Seek] = {}
        self._ids = itertools.count(1)

    async def new_id(self) -> int:
        """See :meth:`SeekBook.new_id`."""
        return next(self._ids)

    async def place(self, seek: Seek) -> list[Seek] | None:
        """See :meth:`SeekBook.place`."""
        if sum(s.user.id == seek.user.id for s in self.seeks.values()) >= MAX_SEEKS_PER_USER:
            raise too_many()
        group = fitting(seek, list(self.seeks.values()))
        if group is None:
            self.seeks[seek.id] = seek
            return None
        for matched in group[1:]:
            del self.seeks[matched.id]
        return group

    async def cancel(self, seek_id: int, user_id: int) -> bool:
        """See :meth:`SeekBook.cancel`."""
        seek = self.seeks.get(seek_id)
        if seek is None or seek.user.id != user_id:
            return False
        del self.seeks[seek_id]
        return True

    async def cancel_user(self, user_id: int) -> int:
        """See :meth:`SeekBook.cancel_user`."""
        gone = [i for i, s in self.seeks.items() if s.user.id == user_id]
        for seek_id in gone:
            del self.seeks[seek_id]
        return len(gone)

    async def waiting(self) -> list[Seek]:
        """See :meth:`SeekBook.waiting`."""
        return list(self.seeks.values())

    async def close(self) -> None:
        """See :meth:`SeekBook.close` (nothing to release)."""


class Seeks:
    """Waiting seeks and the matcher.

    Args:
        seating: creates the matched tables.
        events: tells each seeker its table (``gameStart`` comes from the table itself;
            ``seekMatched`` says which seek it answered).
        hub: where :class:`SeeksChanged` is published after every change (the lobby lists
            the seeks).
        rating_of: the seekers' ratings.
        book: where seeks wait (default: in this process).
        relay: the other processes (several only): told of every change, so that each
            process's lobby lists the seeks of all.
    """

    def __init__(
        self,
        seating: Seating,
        events: UserEvents,
        hub: TableEvents,
        rating_of: RatingOf = _no_ratings,
        book: SeekBook | None = None,
        relay: Relay | None = None,
    ) -> None:
        self.seating = seating
        self.events = events
        self.hub = hub
        self.rating_of = rating_of
        self.book: SeekBook = book or MemorySeekBook()
        self.relay = relay
        self.waiting: dict[int, Seek] = {}
        """The book's seeks as this process last read them (what the lobby lists)."""
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
        avoid: frozenset[int] = frozenset(),
    ) -> tuple[Seek, TableInfo | None]:
        """Add a seek and match it if it can be; never with a user in ``avoid`` (the people
        the seeker blocks or is blocked by).

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
            seek_id = await self.book.new_id()
            seek = Seek(seek_id, user, cls.name, count, settings, rating, rating_range, avoid=avoid)
            group = await self.book.place(seek)
            table = None if group is None else await self._start(group)
        await self.changed()
        return seek, table

    async def cancel(self, seek_id: int, user_id: int) -> None:
        """Withdraw a seek.

        Raises:
            ServiceError: ``not_found`` (no such seek of this user: matched or gone).
        """
        async with self._lock:
            if not await self.book.cancel(seek_id, user_id):
                raise ServiceError(ErrorCode.NOT_FOUND, f"you have no seek {seek_id} waiting")
        await self.changed()

    async def cancel_all(self, user_id: int) -> int:
        """Withdraw every seek of ``user_id`` (they left the lobby); how many."""
        async with self._lock:
            gone = await self.book.cancel_user(user_id)
        if gone:
            await self.changed()
        return gone

    async def changed(self) -> None:
        """Re-read the book and publish :class:`SeeksChanged`; tell the other processes."""
        await self.refresh()
        if self.relay is not None:
            self.relay.send("seeks", {})

    async def refresh(self, _body: dict[str, Any] | None = None) -> None:
        """Re-read the book (another process changed it) and publish :class:`SeeksChanged`."""
        self.waiting = {seek.id: seek for seek in await self.book.waiting()}
        self.hub.publish(SeeksChanged())

    async def _start(self, group: list[Seek]) -> TableInfo:
        """Seat a matched group at a new table; tell each seeker (``seekMatched``)."""
        seek = group[0]
        order = list(group)
        random.SystemRandom().shuffle(order)  # who sits where (and so moves first) is drawn
        seats = [
            Seat(index, SeatKind.HUMAN, s.user.id, s.user.name, bot=s.user.bot)
            for index, s in enumerate(order)
        ]
        name, options = self.seating.prepare(seek.game, seek.players, {}, seek.settings)
        info = await self.seating.create_seated(order[0].user, name, options, seats, seek.settings)
        for matched in group:
            event: protocol.SeekMatchedEvent = {
                "type": "seekMatched",
                "seek": matched.id,
                "table_id": info.id,
            }
            self.events.publish(matched.user.id, event)
        return info
