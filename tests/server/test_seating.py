"""Tables and seats under crashes and races (issue 13, defects 1 and 10).

A crash is simulated by a storage whose write succeeds and then raises (the process died right
after that commit); the service is then restarted from the same SQLite database. Whatever the
crash point, the table must be consistent: open with a free seat (the join did not happen, and
can be done again), or running with every seat filled.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

import pytest

from connect_arena.server.db import SqlStorage, make_engine, run_migrations
from connect_arena.service import (
    ErrorCode,
    MatchService,
    SeatRequest,
    ServiceConfig,
    ServiceError,
    TableInfo,
    TableStatus,
    User,
)

QUICK = {"parachutes": 2, "tiles": 1, "first_player": "0"}
WRITES = ("create_table", "update_table", "append_action", "join_table", "set_table")


class CrashError(Exception):
    """The process 'dies' right after a committed write."""


class CrashingStorage(SqlStorage):
    """A :class:`SqlStorage` that raises :class:`CrashError` right after its ``crash_at``-th write
    (counting from 1) has committed."""

    def __init__(self, *args: Any, crash_at: int) -> None:
        super().__init__(*args)
        self.crash_at = crash_at
        self.writes = 0

    def __getattribute__(self, name: str) -> Any:
        attribute = super().__getattribute__(name)
        if name not in WRITES:
            return attribute

        async def write(*args: Any, **kwargs: Any) -> Any:
            result = await attribute(*args, **kwargs)
            self.writes += 1
            if self.writes == self.crash_at:
                raise CrashError(name)
            return result

        return write


def _engine(path: Path) -> Any:
    engine = make_engine(f"sqlite:///{path / 'arena.sqlite3'}")
    run_migrations(engine)
    return engine


def consistent(info: TableInfo) -> bool:
    """Open with a free seat, or started with every seat filled."""
    filled = all(seat.filled for seat in info.seats)
    if info.status is TableStatus.OPEN:
        return not filled
    return filled and info.status in (TableStatus.RUNNING, TableStatus.FINISHED)


async def _users(storage: SqlStorage) -> tuple[User, User]:
    alice = await storage.create_user("alice", None)
    bob = await storage.create_user("bob", None)
    return User(alice.id, alice.name), User(bob.id, bob.name)


@pytest.mark.parametrize("crash_at", [1, 2, 3])
def test_a_crash_during_a_join_leaves_a_consistent_table(tmp_path: Path, crash_at: int) -> None:
    """Killing the server between the writes of a join used to leave the table open with every
    seat filled: it never started and every join got ``seat_taken``."""

    async def body() -> None:
        setup = SqlStorage(_engine(tmp_path))
        alice, bob = await _users(setup)
        service = MatchService(setup, ServiceConfig(0, 0.0))
        await service.start()
        seats = [SeatRequest("me"), SeatRequest("open")]
        table_id = (await service.create_table(alice, "quinque", seats, QUICK)).id
        await service.close()
        setup.close()

        crashing = CrashingStorage(_engine(tmp_path), crash_at=crash_at)
        service = MatchService(crashing, ServiceConfig(0, 0.0))
        await service.start()
        with contextlib.suppress(CrashError):
            await service.join(table_id, bob, 1)
        await service.close()
        crashing.close()

        storage = SqlStorage(_engine(tmp_path))  # the restart
        service = MatchService(storage, ServiceConfig(0, 0.0))
        await service.start()
        try:
            info = await storage.get_table(table_id)
            assert info is not None and consistent(info), info
            if info.status is TableStatus.OPEN:
                await service.join(table_id, bob, 1)  # the join can be done again
            table = await service.get_table(table_id)
            assert table.info.status is TableStatus.RUNNING and table.state is not None
            await service.submit(table_id, alice.id, table.seq + 1, "add T0,0 0,0")
        finally:
            await service.close()
            storage.close()

    asyncio.run(body())


@pytest.mark.parametrize("crash_at", [1, 2, 3])
def test_a_crash_at_the_start_of_a_game_with_chance_draws_it_after_the_restart(
    tmp_path: Path, crash_at: int
) -> None:
    """Connect 5 starts with a chance outcome (who starts), stored after the join: a crash
    between the two leaves a started table whose outcome is drawn at the restart (the same
    one: it is seeded by the table's seed and the seq)."""

    async def body() -> None:
        setup = SqlStorage(_engine(tmp_path))
        alice, bob = await _users(setup)
        service = MatchService(setup, ServiceConfig(0, 0.0))
        seats = [SeatRequest("me"), SeatRequest("open")]
        table_id = (await service.create_table(alice, "connect5", seats, {})).id
        await service.close()
        setup.close()

        crashing = CrashingStorage(_engine(tmp_path), crash_at=crash_at)
        service = MatchService(crashing, ServiceConfig(0, 0.0))
        await service.start()
        with contextlib.suppress(CrashError):
            await service.join(table_id, bob, 1)
        await service.close()
        crashing.close()

        storage = SqlStorage(_engine(tmp_path))
        service = MatchService(storage, ServiceConfig(0, 0.0))
        await service.start()
        try:
            info = await storage.get_table(table_id)
            assert info is not None and consistent(info), info
            if info.status is TableStatus.OPEN:
                await service.join(table_id, bob, 1)
            table = await service.get_table(table_id)
            assert table.state is not None and not table.state.is_chance_node()
            assert [entry.seat for entry in await storage.load_actions(table_id)] == [-1]
        finally:
            await service.close()
            storage.close()

    asyncio.run(body())


@pytest.mark.parametrize("crash_at", [1, 2])
def test_a_crash_while_creating_a_full_table_leaves_a_consistent_table(
    tmp_path: Path, crash_at: int
) -> None:
    """A table whose seats are all taken at creation (hot-seat, computers) starts at once: the
    creation and the start are one write."""

    async def body() -> None:
        crashing = CrashingStorage(_engine(tmp_path), crash_at=crash_at)
        alice, _bob = await _users(crashing)
        crashing.writes = 0
        service = MatchService(crashing, ServiceConfig(0, 0.0))
        await service.start()
        seats = [SeatRequest("me"), SeatRequest("me")]
        with contextlib.suppress(CrashError):
            await service.create_table(alice, "quinque", seats, QUICK)
        await service.close()
        crashing.close()

        storage = SqlStorage(_engine(tmp_path))
        service = MatchService(storage, ServiceConfig(0, 0.0))
        await service.start()
        try:
            for info in await storage.active_tables():
                assert consistent(info), info
                table = await service.get_table(info.id)
                assert table.state is not None
                await service.submit(info.id, alice.id, table.seq + 1, "add T0,0 0,0", 0)
        finally:
            await service.close()
            storage.close()

    asyncio.run(body())


def test_the_losers_of_a_race_for_the_last_seat_get_seat_taken(tmp_path: Path) -> None:
    async def body() -> None:
        storage = SqlStorage(_engine(tmp_path))
        alice, bob = await _users(storage)
        others = [await storage.create_user(f"user{n}", None) for n in range(4)]
        service = MatchService(storage, ServiceConfig(0, 0.0))
        await service.start()
        try:
            seats = [SeatRequest("me"), SeatRequest("open")]
            table_id = (await service.create_table(alice, "quinque", seats, QUICK)).id
            racers = [bob, *(User(u.id, u.name) for u in others)]
            results = await asyncio.gather(
                *(service.join(table_id, user, 1) for user in racers), return_exceptions=True
            )
            won = [r for r in results if isinstance(r, TableInfo)]
            lost = [r for r in results if not isinstance(r, TableInfo)]
            assert len(won) == 1
            assert all(isinstance(r, ServiceError) for r in lost), lost
            assert {r.code for r in lost if isinstance(r, ServiceError)} == {ErrorCode.SEAT_TAKEN}
        finally:
            await service.close()
            storage.close()

    asyncio.run(body())
