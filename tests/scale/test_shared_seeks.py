"""Seeks shared by two match services on one PostgreSQL and one Redis (``RedisSeekBook``):
each seek ends in exactly one table, whichever process its seeker used."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from connect_arena.server.coordination import RedisCoordinator
from connect_arena.server.db import SqlStorage, make_engine, run_migrations
from connect_arena.server.shared_seeks import RedisSeekBook
from connect_arena.service import MatchService, ServiceConfig, ServiceError
from connect_arena.service.live_table import LiveTable, Subscription
from connect_arena.service.model import SeatRequest, TableStatus
from tests.scale.test_coordination import drain, run, until, users


def heard(subscription: Subscription, message: dict[str, Any]) -> bool:
    """Whether ``message`` is among what ``subscription`` received so far (read once)."""
    seen = heard_before.setdefault(id(subscription), [])
    seen.extend(drain(subscription))
    return message in seen


heard_before: dict[int, list[dict[str, Any]]] = {}


@asynccontextmanager
async def two_services(database_url: str, redis_url: str) -> AsyncIterator[list[MatchService]]:
    engine = make_engine(database_url)
    await asyncio.to_thread(run_migrations, engine)
    storages = [SqlStorage(make_engine(database_url)) for _ in range(2)]
    config = ServiceConfig(computer_workers=0, computer_delay=0)
    services = [
        MatchService(s, config, RedisCoordinator(redis_url), seeks=RedisSeekBook(redis_url))
        for s in storages
    ]
    for service in services:
        await service.start()
    try:
        yield services
    finally:
        for service, storage in zip(services, storages, strict=True):
            await service.close()
            storage.close()
        engine.dispose()


def test_a_seek_on_one_process_is_matched_by_a_seeker_on_the_other(
    database_url: str, redis_url: str
) -> None:
    async def scenario() -> None:
        async with two_services(database_url, redis_url) as (one, two):
            for pair in range(12):
                alice, bob = await users(one.storage, f"a{pair}", f"b{pair}")
                events = one.user_events.watch(alice.id)
                waiting, table = await one.seeks.seek(alice, "quinque")
                assert table is None
                await until(lambda s=waiting: s.id in two.seeks.waiting)  # both lobbies list it
                _, table = await two.seeks.seek(bob, "quinque")
                assert table is not None
                assert {s.user_id for s in table.seats} == {alice.id, bob.id}
                told = {"type": "seekMatched", "seek": waiting.id, "table_id": table.id}
                await until(lambda e=events, t=told: heard(e, t))
                await until(lambda: not one.seeks.waiting and not two.seeks.waiting)

    run(scenario)


def test_seekers_at_once_on_two_processes_each_end_in_one_table(
    database_url: str, redis_url: str
) -> None:
    async def scenario() -> None:
        async with two_services(database_url, redis_url) as services:
            seekers = await users(services[0].storage, *(f"s{i}" for i in range(24)))
            seeks = [
                services[i % 2].seeks.seek(user, "quinque", rating_range=None)
                for i, user in enumerate(seekers)
            ]
            results = await asyncio.gather(*seeks)
            tables = {table.id: table for _, table in results if table is not None}
            seated = [s.user_id for table in tables.values() for s in table.seats]
            assert len(tables) == 12
            assert sorted(seated) == sorted(user.id for user in seekers)  # each exactly once
            assert await services[1].seeks.book.waiting() == []

    run(scenario)


def test_the_per_user_limit_holds_across_processes(database_url: str, redis_url: str) -> None:
    async def scenario() -> None:
        async with two_services(database_url, redis_url) as (one, two):
            (alice,) = await users(one.storage, "alice")
            for game in ("quinque", "connect5", "pairs"):
                await (one if game != "connect5" else two).seeks.seek(alice, game)
            with pytest.raises(ServiceError, match="3 seeks waiting"):
                await two.seeks.seek(alice, "connnect")
            await two.seeks.cancel_all(alice.id)
            await until(lambda: not one.seeks.waiting)

    run(scenario)


def test_a_seek_is_withdrawn_through_either_process(database_url: str, redis_url: str) -> None:
    async def scenario() -> None:
        async with two_services(database_url, redis_url) as (one, two):
            alice, bob = await users(one.storage, "alice", "bob")
            seek, _ = await one.seeks.seek(alice, "quinque")
            with pytest.raises(ServiceError):
                await two.seeks.cancel(seek.id, bob.id)  # not bob's
            await two.seeks.cancel(seek.id, alice.id)
            await until(lambda: not one.seeks.waiting)
            _, table = await one.seeks.seek(bob, "quinque")
            assert table is None  # alice's seek was gone

    run(scenario)


def test_a_replica_read_while_its_game_started_follows_its_log(
    database_url: str, redis_url: str
) -> None:
    """Another process reads the table's description (open) and then its actions (the game
    has started meanwhile: chance draws logged): when the start reaches it, its state is the
    log's, not a fresh game under a longer log (a dormant replica then failed to catch up)."""

    async def scenario() -> None:
        async with two_services(database_url, redis_url) as (one, two):
            alice, bob = await users(one.storage, "alice", "bob")
            seats = [SeatRequest("me"), SeatRequest("open")]
            info = await one.create_table(alice, "quinque", seats, {})  # a chance draw first
            opened = await one.storage.get_table(info.id)
            assert opened is not None
            await one.join(info.id, bob, 1)
            running = await one.storage.get_table(info.id)
            assert running is not None and running.status is TableStatus.RUNNING
            actions = await one.storage.load_actions(info.id)
            assert actions  # the first chance draw
            cluster = two.cluster
            assert cluster is not None
            two.tables.pop(info.id, None)
            stale = LiveTable(opened, list(actions))  # what a read between the two gets
            two.tables[info.id] = stale
            cluster._apply_info(stale, running)
            assert stale.state is not None
            assert len(stale.state.history) == stale.seq == len(actions)

    run(scenario)


def test_two_seekers_who_block_each_other_are_never_matched(
    database_url: str, redis_url: str
) -> None:
    async def scenario() -> None:
        async with two_services(database_url, redis_url) as (one, two):
            alice, bob, carol = await users(one.storage, "ba", "bb", "bc")
            _, table = await one.seeks.seek(alice, "quinque", avoid=frozenset({bob.id}))
            assert table is None
            _, table = await two.seeks.seek(bob, "quinque")  # alice blocks bob: no match
            assert table is None
            _, table = await two.seeks.seek(carol, "quinque")  # carol meets alice (oldest)
            assert table is not None
            assert {s.user_id for s in table.seats} == {alice.id, carol.id}

    run(scenario)
