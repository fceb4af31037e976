"""The tournament tests' shared set-up: a match service with in-memory tournaments (started,
closed after), people who play random legal actions, entrants, and waiting for the end."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Iterable

from connect_arena.service import (
    MatchService,
    MemoryStorage,
    SeatKind,
    ServiceConfig,
    ServiceError,
    TableStatus,
    User,
)
from connect_arena.service.settings import TableSettings, TimeControl, TimeControlKind
from connect_arena.service.tournaments import MemoryTournamentStore, Tournament, TournamentStatus

QUICK = {"parachutes": 2, "tiles": 1}
"""Quinque options for short games."""
CLOCK = TableSettings(TimeControl(TimeControlKind.REALTIME, 60, 1))
PEOPLE = [User(1, "ann"), User(2, "bob"), User(3, "cy")]


def service(storage: MemoryStorage, store: MemoryTournamentStore) -> MatchService:
    """A match service (not started) on ``storage`` and the tournament ``store``."""
    config = ServiceConfig(0, 0.0, sweep_every=0)
    return MatchService(storage, config, tournaments=store)


@contextlib.asynccontextmanager
async def running(
    players: Iterable[User] = (), storage: MemoryStorage | None = None
) -> AsyncIterator[MatchService]:
    """A started match service with in-memory tournaments (on ``storage``, else a new one),
    where ``players`` play random legal actions wherever it is their turn (:func:`autoplay`);
    they stop and the service closes when the block ends."""
    arena = service(storage or MemoryStorage(), MemoryTournamentStore())
    await arena.start()
    stop = asyncio.Event()
    people = {user.id for user in players}
    playing = asyncio.create_task(autoplay(arena, people, stop)) if people else None
    try:
        yield arena
    finally:
        stop.set()
        if playing is not None:
            await playing
        await arena.close()


async def enter(
    arena: MatchService, tournament_id: int, people: Iterable[User], computers: int = 0
) -> None:
    """Register ``people`` and have the creator (``PEOPLE[0]``) add ``computers`` random ones."""
    for person in people:
        await arena.tournaments.register(tournament_id, person)
    if computers:
        await arena.tournaments.add_computers(tournament_id, PEOPLE[0], "random", computers)


async def autoplay(arena: MatchService, people: set[int], stop: asyncio.Event) -> None:
    """The people play random legal actions wherever it is their turn."""
    rng = random.Random(7)
    while not stop.is_set():
        for table in list(arena.registry.tables.values()):
            state = table.state
            if state is None or table.info.status is not TableStatus.RUNNING:
                continue
            for seat in state.active_players():
                sitting = table.info.seats[seat]
                if sitting.kind is SeatKind.HUMAN and sitting.user_id in people:
                    action = rng.choice(state.legal_actions(seat))
                    with contextlib.suppress(ServiceError):  # the position moved on meanwhile
                        await arena.submit(
                            table.id, sitting.user_id, table.seq + 1, str(action), seat
                        )
                    break
        await asyncio.sleep(0.005)


async def until(arena: MatchService, tournament_id: int, seconds: float = 90) -> Tournament:
    """The tournament once it is over (finished or cancelled); fails after ``seconds``."""
    deadline = asyncio.get_running_loop().time() + seconds
    tournament = arena.tournaments.get(tournament_id)
    while tournament.status in (TournamentStatus.UPCOMING, TournamentStatus.RUNNING):
        assert asyncio.get_running_loop().time() < deadline, tournament.state_json()
        await asyncio.sleep(0.05)
    return tournament
