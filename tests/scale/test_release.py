"""A game let go: a process that has had no interest in a running table for a while keeps its
description only (the lobby's line, who is connected), not its state, log or events, and reads
the game back from the database when it next needs it (two match services on one PostgreSQL
and Redis; ``docs/scaling.md``)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

from connect_arena.service import MatchService, SeatRequest, ServiceError, TableInfo, User
from connect_arena.service.model import ErrorCode
from connect_arena.service.settings import TableSettings, TimeControl, TimeControlKind
from tests.scale.test_coordination import OPTIONS, drain, run, two_services, until, users
from tests.scale.test_interest import cluster_of, online_elsewhere, own_table, play, play_resign


async def let_go(service: MatchService, table_id: int) -> None:
    """Wait until ``service`` holds ``table_id`` running, then review its interest (the
    service's ``release_after`` is 0: the game is let go at once)."""
    await until(lambda: table_id in service.tables)
    await until(lambda: service.tables[table_id].info.status.value == "running")
    await cluster_of(service).review()


@asynccontextmanager
async def table_let_go(
    database_url: str, redis_url: str, moves: int
) -> AsyncIterator[tuple[MatchService, MatchService, User, TableInfo]]:
    """Two services that let a game go at once; alice's table on the first (she holds both
    seats and watches it there), ``moves`` played, its game let go on the second."""
    async with two_services(database_url, redis_url, release_after=0.0) as (one, two):
        (alice,) = await users(one.storage, "alice")
        info = await own_table(one, alice)
        await play(one, info.id, alice.id, moves)
        await let_go(two, info.id)
        assert two.tables[info.id].released is not None
        yield one, two, alice, info


def same_game(one: MatchService, two: MatchService, table_id: int) -> None:
    """The two processes hold the same game of ``table_id``: log, events, state."""
    mine, theirs = one.tables[table_id], two.tables[table_id]
    assert theirs.released is None and theirs.state is not None and mine.state is not None
    assert [(e.seq, e.seat, e.action) for e in theirs.log] == [
        (e.seq, e.seat, e.action) for e in mine.log
    ]
    assert theirs.described == mine.described
    assert theirs.state.active_players() == mine.state.active_players()
    seat = min(mine.state.active_players())
    assert [str(a) for a in theirs.state.legal_actions(seat)] == [
        str(a) for a in mine.state.legal_actions(seat)
    ]


def test_a_table_without_interest_is_held_as_its_description_only(
    database_url: str, redis_url: str
) -> None:
    async def scenario() -> None:
        async with two_services(database_url, redis_url, release_after=0.0) as (one, two):
            alice, bob = await users(one.storage, "alice", "bob")
            info = await own_table(one, alice)
            await until(lambda: alice.id in online_elsewhere(two, info.id))
            await play(one, info.id, alice.id, 4)
            await let_go(two, info.id)
            table = two.tables[info.id]
            assert table.state is None and table.log == [] and table.described == []
            assert table.released is not None
            held = cluster_of(two).replicas()
            assert info.id in held["described"]
            assert info.id not in held["followed"] + held["dormant"]
            # What is read without the game is still there: the lobby's line, presence.
            listed = [t for t in two.lobby.snapshot()["tables"] if t["id"] == info.id]
            assert [t["status"] for t in listed] == ["running"]
            assert table.online(alice.id)
            # The first process, which has a viewer, keeps the game.
            assert info.id in cluster_of(one).replicas()["followed"]

            # A spectator on the second process: the game is read back, whole, and followed.
            watcher = await two.watch(info.id, bob.id)
            assert table.released is None
            same_game(one, two, info.id)
            await play(one, info.id, alice.id, 2)
            await until(lambda: two.tables[info.id].seq == 6)
            events = [m["seq"] for m in drain(watcher) if m["type"] == "event"]
            assert events == list(range(1, 7))  # each once, in order
            same_game(one, two, info.id)
            assert info.id in cluster_of(two).replicas()["followed"]

    run(scenario)


def test_a_move_through_a_process_that_let_the_game_go_reads_it_back_first(
    database_url: str, redis_url: str
) -> None:
    async def scenario() -> None:
        async with table_let_go(database_url, redis_url, 3) as (one, two, alice, info):
            watcher = await one.watch(info.id, alice.id)
            drain(watcher)
            # A move that claims an old seq is refused, and changes nothing anywhere.
            state = one.tables[info.id].state
            assert state is not None
            seat = min(state.active_players())
            action = str(state.legal_actions(seat)[0])
            with pytest.raises(ServiceError) as refused:
                await two.submit(info.id, alice.id, 3, action, seat)
            assert refused.value.code is ErrorCode.STALE_SEQ
            assert one.tables[info.id].seq == 3
            same_game(one, two, info.id)  # read back under the lease, before the check
            # The next move, through the second process, reaches the first one's viewer.
            await two.submit(info.id, alice.id, 4, action, seat)
            await until(lambda: one.tables[info.id].seq == 4)
            events = [m["seq"] for m in drain(watcher) if m["type"] == "event"]
            assert events == [4]
            same_game(one, two, info.id)

    run(scenario)


def test_a_game_that_ends_elsewhere_leaves_the_description_and_reads_back_whole(
    database_url: str, redis_url: str
) -> None:
    async def scenario() -> None:
        async with table_let_go(database_url, redis_url, 2) as (one, two, alice, info):
            await play_resign(one, info.id, alice.id)
            await until(lambda: info.id not in two.tables)  # the end needs no game here
            assert two.lobby.snapshot()["total"] == 0
            table = await two.registry.get(info.id)  # the finished table, from storage
            assert table.info.status.value == "finished" and table.info.reason is not None
            assert table.released is None and table.state is not None
            assert [e.action for e in table.log] == [e.action for e in one.finished[info.id].log]

    run(scenario)


def test_clocks_read_back_run_from_the_last_action(database_url: str, redis_url: str) -> None:
    async def scenario() -> None:
        async with two_services(database_url, redis_url, release_after=0.0) as (one, two):
            alice, bob = await users(one.storage, "alice", "bob")
            blitz = TableSettings(TimeControl(TimeControlKind.REALTIME, 300, 2))
            seats = [SeatRequest("me"), SeatRequest("me")]
            info = await one.create_table(alice, "quinque", seats, OPTIONS, blitz)
            await one.watch(info.id, alice.id)
            await play(one, info.id, alice.id, 3)
            await let_go(two, info.id)
            table = two.tables[info.id]
            assert table.released is not None and table.state is None
            await asyncio.sleep(0.2)  # the mover's clock runs meanwhile, in both processes
            await two.watch(info.id, bob.id)
            mine, theirs = one.tables[info.id].clocks, two.tables[info.id].clocks
            assert mine is not None and theirs is not None
            assert theirs.remaining == mine.remaining
            assert theirs.running == mine.running  # the seat to move, since the last action
            assert list(theirs.running.values()) == [one.tables[info.id].log[-1].created_at]

    run(scenario)


def test_a_log_that_no_longer_replays_leaves_the_game_let_go(
    database_url: str, redis_url: str
) -> None:
    """A stored log that cannot be replayed (a corrupt row) is a clear error (``conflict``)
    for the operation that needed the game; the description stays as it was, and the next
    use tries again."""

    async def scenario() -> None:
        async with table_let_go(database_url, redis_url, 2) as (one, two, _alice, info):
            table = two.tables[info.id]
            released = table.released
            load_actions = two.storage.load_actions

            async def corrupt(table_id: int, after: int = 0) -> list:  # type: ignore[type-arg]
                entries = await load_actions(table_id, after=after)
                return [entries[0], entries[0]]  # the first action twice: not legal

            two.storage.load_actions = corrupt  # type: ignore[method-assign]
            with pytest.raises(ServiceError, match="does not replay") as refused:
                await two.registry.get(info.id)
            assert refused.value.code is ErrorCode.CONFLICT
            assert table.released is released and table.state is None and table.log == []
            two.storage.load_actions = load_actions  # type: ignore[method-assign]
            await two.registry.get(info.id)
            same_game(one, two, info.id)

    run(scenario)


def test_a_game_read_back_that_ended_unheard_is_finished(database_url: str, redis_url: str) -> None:
    """The end of a game let go reaches the process with the table's description; if it was
    not heard (a lost message), reading the game back finds it over and records the end."""

    async def scenario() -> None:
        async with table_let_go(database_url, redis_url, 2) as (one, two, alice, info):
            cluster = cluster_of(two)
            cluster._own = ""  # deaf from now on: every message is taken for its own
            while info.id in one.tables:  # played to the end by the rules
                await play(one, info.id, alice.id, 1)
            ended = one.finished[info.id]
            assert ended.info.returns is not None
            await asyncio.sleep(0.2)
            assert two.tables[info.id].released is not None  # it heard nothing
            table = await two.registry.get(info.id)
            assert info.id not in two.tables and two.finished[info.id] is table
            assert table.info.status.value == "finished"
            assert table.info.returns == ended.info.returns
            assert table.seq == ended.seq

    run(scenario)
