"""Tournaments run by two match services on one PostgreSQL and one Redis (issue 32 item 3,
issue 30 item 9): each tournament has one owner (a Redis lease) that pairs it; any process
answers it from the database; a change asked on another process is stored safely; when the
owner stops, another process takes the tournament over and finishes it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta

import pytest
from sqlalchemy import select

from connect_arena.server.coordination import RedisCoordinator
from connect_arena.server.db import SqlStorage, make_engine, run_migrations
from connect_arena.server.db.models import TableRow
from connect_arena.server.db.tournaments import SqlTournaments
from connect_arena.service import MatchService, ServiceConfig, ServiceError
from connect_arena.service.settings import TableSettings, TimeControl, TimeControlKind
from connect_arena.service.tournaments import Format, StaleTournamentError, TournamentStatus
from tests.scale.test_coordination import run, users

QUICK = {"parachutes": 2, "tiles": 1}
CLOCK = TableSettings(TimeControl(TimeControlKind.REALTIME, 60, 1))
LEASE_MS = 800


@asynccontextmanager
async def two_arenas(database_url: str, redis_url: str) -> AsyncIterator[list[MatchService]]:
    """Two match services sharing tournaments (SQL) and coordination (Redis)."""
    engine = make_engine(database_url)
    await asyncio.to_thread(run_migrations, engine)
    storages = [SqlStorage(make_engine(database_url)) for _ in range(2)]
    config = ServiceConfig(computer_workers=0, computer_delay=0, sweep_every=0)
    services = [
        MatchService(s, config, RedisCoordinator(redis_url), tournaments=SqlTournaments(s))
        for s in storages
    ]
    for service in services:
        service.tournaments.lease_ms = LEASE_MS
        await service.start()
    try:
        yield services
    finally:
        for service, storage in zip(services, storages, strict=True):
            if service not in stopped:
                await service.close()
            storage.close()
        engine.dispose()


stopped: list[MatchService] = []
"""Services a test stopped itself (as killed)."""


async def kill(service: MatchService) -> None:
    """Stop ``service`` as if its process were killed: its tournaments' claims are not let
    go (they expire); its tables' computer seats stop being played here."""
    await service.tournaments.stop_running(release=False)
    await service.close()
    stopped.append(service)


async def tournament_tables(storage: SqlStorage, tournament_id: int) -> int:
    """The tables of tournament ``tournament_id`` in the database."""

    def count(session: object) -> int:
        rows = session.scalars(select(TableRow.settings))  # type: ignore[attr-defined]
        return sum(1 for s in rows if (s or {}).get("tournament") == tournament_id)

    return await storage._run(count)  # type: ignore[arg-type]


async def finished(service: MatchService, tournament_id: int, seconds: float = 90) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while True:
        made = await service.tournaments.find(tournament_id)
        if made.status is TournamentStatus.FINISHED:
            return
        assert asyncio.get_running_loop().time() < deadline, made.state_json()
        await asyncio.sleep(0.1)


def test_a_tournament_made_on_one_process_is_listed_and_joinable_on_the_other(
    database_url: str, redis_url: str
) -> None:
    async def scenario() -> None:
        async with two_arenas(database_url, redis_url) as (one, two):
            people = await users(one.storage, *(f"p{i}" for i in range(13)))
            organisers = await users(one.storage, *(f"o{i}" for i in range(4)))
            found = 0
            for i in range(12):
                made = await one.tournaments.create(
                    organisers[i % 4],
                    f"Night {i}",
                    "quinque",
                    CLOCK,
                    Format.SWISS,
                    one.tournaments.now() + timedelta(hours=1),
                    options=QUICK,
                )
                listed = await two.tournaments.fresh_listing()
                assert made.id in [t["id"] for t in listed["upcoming"]]
                joined = await two.tournaments.register(made.id, people[i])
                assert [e.user_id for e in joined.entrants] == [people[i].id]
                again = await one.tournaments.find(made.id)  # the owner sees B's change
                assert [e.user_id for e in again.entrants] == [people[i].id]
                found += 1
            assert found == 12
            with pytest.raises(ServiceError, match="no tournament"):
                await two.tournaments.find(10_000)

    run(scenario)


def test_two_processes_join_one_tournament_at_once_and_lose_nobody(
    database_url: str, redis_url: str
) -> None:
    async def scenario() -> None:
        async with two_arenas(database_url, redis_url) as services:
            people = await users(services[0].storage, *(f"q{i}" for i in range(16)))
            made = await services[0].tournaments.create(
                people[0],
                "Crowd",
                "quinque",
                CLOCK,
                Format.SWISS,
                services[0].tournaments.now() + timedelta(hours=1),
                options=QUICK,
            )
            await asyncio.gather(
                *(services[i % 2].tournaments.register(made.id, p) for i, p in enumerate(people))
            )
            stored = await services[1].tournaments.find(made.id)
            assert sorted(e.user_id for e in stored.entrants) == sorted(p.id for p in people)
            assert sorted(e.index for e in stored.entrants) == list(range(16))

    run(scenario)


def test_a_swiss_run_by_two_processes_is_paired_once(database_url: str, redis_url: str) -> None:
    async def scenario() -> None:
        async with two_arenas(database_url, redis_url) as (one, two):
            (ann,) = await users(one.storage, "ann")
            made = await one.tournaments.create(
                ann,
                "Once",
                "quinque",
                CLOCK,
                Format.SWISS,
                one.tournaments.now() + timedelta(seconds=1),
                options=QUICK,
                rounds=2,
                pause=0,
            )
            await two.tournaments.add_computers(made.id, ann, "random", 4)
            await finished(two, made.id)
            done = await one.tournaments.find(made.id)
            assert [g.round for g in done.games] == [1, 1, 2, 2]
            assert await tournament_tables(one.storage, made.id) == 4  # no table twice

    run(scenario)


def test_when_the_owner_stops_the_other_process_finishes_the_tournament(
    database_url: str, redis_url: str
) -> None:
    async def scenario() -> None:
        async with two_arenas(database_url, redis_url) as (one, two):
            (ann,) = await users(one.storage, "ann")
            made = await one.tournaments.create(
                ann,
                "Handover",
                "quinque",
                CLOCK,
                Format.SWISS,
                one.tournaments.now() + timedelta(seconds=0.5),
                options=QUICK,
                rounds=3,
                pause=1,
            )
            await one.tournaments.add_computers(made.id, ann, "random", 4)
            owner = one if made.id in one.tournaments.owned else two
            other = two if owner is one else one
            deadline = asyncio.get_running_loop().time() + 60
            while (await other.tournaments.find(made.id)).round < 1:
                assert asyncio.get_running_loop().time() < deadline
                await asyncio.sleep(0.1)
            await kill(owner)
            await finished(other, made.id)
            done = await other.tournaments.find(made.id)
            assert [g.round for g in done.games] == [1, 1, 2, 2, 3, 3]
            assert await tournament_tables(other.storage, made.id) == 6

    run(scenario)


def test_a_save_from_an_older_read_is_refused_and_changes_nothing(database_url: str) -> None:
    async def scenario() -> None:
        engine = make_engine(database_url)
        await asyncio.to_thread(run_migrations, engine)
        storage = SqlStorage(engine)
        try:
            store = SqlTournaments(storage)
            state = {"status": "upcoming", "round": 0, "entrants": []}
            made = await store.add_tournament({"name": "x"}, state)
            assert await store.save_tournament(made, {**state, "round": 1}, 0) == 1
            with pytest.raises(StaleTournamentError):
                await store.save_tournament(made, {**state, "round": 2}, 0)
            stored = await store.get_tournament(made)
            assert stored is not None and stored.version == 1 and stored.state["round"] == 1
            assert await store.open_tournaments() == [made]
        finally:
            storage.close()

    run(scenario)
