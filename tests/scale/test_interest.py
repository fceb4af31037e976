"""Per-table interest: a process receives a table's moves only while it has interest in the
table (a viewer, a computer seat thinking, its lease), on the table's own Redis channel; the
lobby's changes stay on the shared channel (two match services on one PostgreSQL and Redis)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from connect_arena.service import MatchService, SeatRequest, Subscription, TableInfo, User
from connect_arena.service import cluster as cluster_module
from connect_arena.service.cluster import Cluster
from connect_arena.service.model import LogEntry
from connect_arena.service.settings import TableSettings
from connect_arena.service.table_events import TableFinished
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


async def own_table(service: MatchService, user: User) -> TableInfo:
    """A Quinque table on ``service`` where ``user`` holds both seats, watched by them there
    (so that process follows it)."""
    seats = [SeatRequest("me"), SeatRequest("me")]
    info = await service.create_table(user, "quinque", seats, OPTIONS)
    await service.watch(info.id, user.id)
    return info


def test_a_process_without_interest_receives_none_of_a_tables_moves(
    database_url: str, redis_url: str
) -> None:
    async def scenario() -> None:
        async with two_services(database_url, redis_url) as (one, two):
            alice, bob = await users(one.storage, "alice", "bob")
            info = await own_table(one, alice)
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
            info = await own_table(one, alice)
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
            # Not followed here: the replica leaves the memory, the lobby with it.
            await until(lambda: info.id not in two.tables)
            assert two.lobby.snapshot()["total"] == 0
            assert (await two.registry.get(info.id)).info.status.value == "finished"

    run(scenario)


def test_a_table_created_elsewhere_is_known_without_reading_the_database(
    database_url: str, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario() -> None:
        async with two_services(database_url, redis_url) as (one, two):
            alice, bob = await users(one.storage, "alice", "bob")
            reads: list[str] = []
            storage = two.storage
            for name in ("get_table", "load_actions"):
                read = getattr(storage, name)

                async def counted(*args: Any, _read: Any = read, _name: str = name) -> Any:
                    reads.append(_name)
                    return await _read(*args)

                monkeypatch.setattr(storage, name, counted)
            seats = [SeatRequest("me"), SeatRequest("open")]
            info = await one.create_table(alice, "quinque", seats, OPTIONS)
            await until(lambda: info.id in two.tables)
            await one.join(info.id, bob, 1)
            await until(lambda: two.tables[info.id].info.status.value == "running")
            # The new table's message holds its description and whole log: nothing to read.
            assert reads == []
            assert two.lobby.snapshot()["total"] == 1

    run(scenario)


QUICK = {"parachutes": 2, "tiles": 1, "first_player": "0"}
"""A Quinque that ends after four marks (both supplies empty: a tie)."""


def test_a_game_end_is_not_replayed_where_the_table_was_not_followed(
    database_url: str, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario() -> None:
        async with two_services(database_url, redis_url, ratings=True) as (one, two):
            alice, bob = await users(one.storage, "alice", "bob")
            seats = [SeatRequest("me"), SeatRequest("open")]
            rated = TableSettings(rated=True)
            info = await one.create_table(alice, "quinque", seats, QUICK, rated)
            await one.join(info.id, bob, 1)
            await one.watch(info.id, alice.id)
            await until(lambda: info.id in two.tables)
            await until(lambda: two.tables[info.id].info.status.value == "running")
            stream = two.user_events.watch(alice.id)  # alice's event stream on the other
            loaded: list[int] = []
            load_actions = two.storage.load_actions

            async def counted(table_id: int, after: int = 0) -> list[LogEntry]:
                loaded.append(table_id)
                return await load_actions(table_id, after=after)

            monkeypatch.setattr(two.storage, "load_actions", counted)
            ended: dict[str, list[TableFinished]] = {"one": [], "two": []}
            one.hub.subscribe(TableFinished, ended["one"].append)
            two.hub.subscribe(TableFinished, ended["two"].append)
            moves = [(alice, "add T0,0 0,0"), (bob, "mark 1,0"), (alice, "mark 0,1")]
            moves.append((bob, "mark 1,1"))
            for seq, (user, text) in enumerate(moves, start=1):
                await one.submit(info.id, user.id, seq, text)
            await until(lambda: len(ended["two"]) == 1)
            await until(lambda: any(m["type"] == "gameFinish" for m in drain_user(stream)))
            await until(lambda: two.lobby.snapshot()["total"] == 0)
            await asyncio.sleep(0.3)  # time for a second end or a late replay
            assert loaded == []  # the end came with its result: no log read, no replay
            assert [(e.table_id, e.remote) for e in ended["one"]] == [(info.id, False)]
            assert [(e.table_id, e.remote) for e in ended["two"]] == [(info.id, True)]
            assert ended["two"][0].returns == [0.0, 0.0]
            drain_user(stream)
            assert stream_finishes == 1  # told by the process where it ended, once
            # Scored once in the cluster: one rated game each.
            assert await one.ratings.rated_games(alice.id, "quinque") == 1
            assert await two.ratings.rated_games(bob.id, "quinque") == 1
            # The finished table is read from the database on use, whole.
            monkeypatch.setattr(two.storage, "load_actions", load_actions)
            table = await two.get_table(info.id)
            assert table.seq == 4 and table.info.returns == [0.0, 0.0]
            assert table.info.rating_changes is not None

    stream_finishes = 0

    def drain_user(subscription: Subscription) -> list[dict[str, object]]:
        nonlocal stream_finishes
        messages = drain(subscription)
        stream_finishes += sum(1 for m in messages if m["type"] == "gameFinish")
        return messages

    run(scenario)


async def play_resign(service: MatchService, table_id: int, user_id: int) -> None:
    await play(service, table_id, user_id, 1)
    await service.resign(table_id, user_id)


def test_a_viewer_elsewhere_follows_a_game_played_quietly_in_one_process(
    database_url: str, redis_url: str
) -> None:
    """A table played and watched in one process ends its moves without any Redis command
    (session 58). A viewer who comes to another process mid-game is sent the table as the
    database has it (its dormant replica's catch-up is broadcast); that process's join tells
    the holder, whose next moves are published, so the viewer gets each move once, in order."""

    async def scenario() -> None:
        async with two_services(database_url, redis_url) as (one, two):
            alice, bob = await users(one.storage, "alice", "bob")
            info = await own_table(one, alice)
            await play(one, info.id, alice.id, 4)
            coordinator = cluster_of(one).coordinator
            held = coordinator._held[info.id]  # type: ignore[attr-defined]
            assert not held.others  # only this process follows it: quiet ends
            watcher = await two.watch(info.id, bob.id)
            assert two.tables[info.id].seq == 4  # caught up from the database
            await until(lambda: held.others or not coordinator.holds(info.id))  # told
            await play(one, info.id, alice.id, 3)
            await until(lambda: two.tables[info.id].seq == 7)
            events = [m["seq"] for m in drain(watcher) if m["type"] == "event"]
            assert events == list(range(1, 8))  # the dormant replica's catch-up, then 5-7

    run(scenario)
