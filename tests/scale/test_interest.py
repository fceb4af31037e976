"""Per-table interest: a process receives a table's moves only while it has interest in the
table (a viewer, a computer seat thinking, its lease), on the table's own Redis channel; the
lobby's changes stay on the shared channel (two match services on one PostgreSQL and Redis)."""

from __future__ import annotations

import asyncio

import pytest

from connect_arena.service import MatchService, SeatRequest
from connect_arena.service import cluster as cluster_module
from connect_arena.service.cluster import Cluster
from tests.scale.test_coordination import OPTIONS, drain, run, two_services, until, users


def cluster_of(service: MatchService) -> Cluster:
    cluster = service.cluster
    assert cluster is not None
    return cluster


def online_elsewhere(service: MatchService, table_id: int) -> set[int]:
    """The users other processes said are connected to the table, as ``service`` heard."""
    return set().union(*service.tables[table_id].remote_online.values())


async def play(service: MatchService, table_id: int, user_id: int, moves: int) -> None:
    """``moves`` actions at ``table_id`` by the user who holds every seat, on ``service``."""
    for _ in range(moves):
        table = service.tables[table_id]
        state = table.state
        assert state is not None
        seat = min(state.active_players())
        action = str(state.legal_actions(seat)[0])
        await service.submit(table_id, user_id, table.seq + 1, action, seat)


def test_a_process_without_interest_receives_none_of_a_tables_moves(
    database_url: str, redis_url: str
) -> None:
    async def scenario() -> None:
        async with two_services(database_url, redis_url) as (one, two):
            alice, bob = await users(one.storage, "alice", "bob")
            seats = [SeatRequest("me"), SeatRequest("me")]
            info = await one.create_table(alice, "quinque", seats, OPTIONS)
            await one.watch(info.id, alice.id)
            await until(lambda: info.id in two.tables)  # the lobby's notice reached it
            await until(lambda: two.tables[info.id].info.status.value == "running")
            # The watch's presence notice is published after the table's: wait for it too.
            await until(lambda: alice.id in online_elsewhere(two, info.id))
            before = cluster_of(two).messages[info.id]
            await play(one, info.id, alice.id, 6)
            await asyncio.sleep(0.3)  # time for stray messages to arrive
            assert cluster_of(two).messages[info.id] == before  # none parsed
            assert info.id not in cluster_of(two).following
            assert info.id in cluster_of(two).replicas()["dormant"]

            # A viewer connects on the second process while moves go on on the first.
            mover = asyncio.create_task(play(one, info.id, alice.id, 6))
            await asyncio.sleep(0.01)
            loop = asyncio.get_running_loop()
            started = loop.time()
            watcher = await two.watch(info.id, bob.id)
            assert loop.time() - started < 1.0  # following it is one Redis round trip
            assert info.id in cluster_of(two).following
            await mover
            await play(one, info.id, alice.id, 2)
            await until(lambda: two.tables[info.id].seq == one.tables[info.id].seq)
            assert cluster_of(two).messages[info.id] > before
            events = [m["seq"] for m in drain(watcher) if m["type"] == "event"]
            assert events == list(range(1, 15))  # each once, in order, none lost
            assert info.id in cluster_of(two).replicas()["followed"]

    run(scenario)


def test_a_process_stops_following_a_table_when_its_viewers_leave(
    database_url: str, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cluster_module, "UNFOLLOW_AFTER", 0.0)

    async def scenario() -> None:
        async with two_services(database_url, redis_url) as (one, two):
            alice, bob = await users(one.storage, "alice", "bob")
            seats = [SeatRequest("me"), SeatRequest("me")]
            info = await one.create_table(alice, "quinque", seats, OPTIONS)
            await one.watch(info.id, alice.id)
            await until(lambda: info.id in two.tables)
            watcher = await two.watch(info.id, bob.id)
            await play(one, info.id, alice.id, 2)
            await until(lambda: two.tables[info.id].seq == 2)
            watcher.close()
            cluster = cluster_of(two)
            await cluster.review()
            assert info.id not in cluster.following
            parsed = cluster.messages[info.id]
            await play(one, info.id, alice.id, 3)
            await asyncio.sleep(0.3)
            assert cluster.messages[info.id] == parsed  # its moves no longer reach it
            assert cluster.is_dormant(two.tables[info.id])
            # Read back on use: a request there sees every move.
            assert (await two.registry.get(info.id)).seq == 5
            # The viewers on the first process never stopped receiving.
            assert info.id in cluster_of(one).following

    run(scenario)


def test_the_lobby_hears_of_a_game_end_it_did_not_follow(database_url: str, redis_url: str) -> None:
    async def scenario() -> None:
        async with two_services(database_url, redis_url) as (one, two):
            alice, bob = await users(one.storage, "alice", "bob")
            seats = [SeatRequest("me"), SeatRequest("open")]
            info = await one.create_table(alice, "quinque", seats, OPTIONS)
            await one.watch(info.id, alice.id)
            await one.join(info.id, bob, 1)
            await until(lambda: two.tables.get(info.id) is not None)
            await until(lambda: two.tables[info.id].info.status.value == "running")
            await play_resign(one, info.id, alice.id)
            await until(lambda: info.id in two.registry.finished)
            assert two.registry.finished[info.id].info.status.value == "finished"

    run(scenario)


async def play_resign(service: MatchService, table_id: int, user_id: int) -> None:
    await play(service, table_id, user_id, 1)
    await service.resign(table_id, user_id)
