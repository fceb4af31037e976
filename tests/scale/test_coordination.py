"""The Redis coordinator and two match services sharing PostgreSQL and Redis (one event loop,
two "processes": each service has its own coordinator, replicas and storage threads)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from typing import Any, TypeVar, cast

import pytest
import redis

from connect_arena.server import coordination
from connect_arena.server.coordination import RedisCoordinator
from connect_arena.server.db import SqlStorage, make_engine, run_migrations
from connect_arena.server.db.rating_store import SqlRatings
from connect_arena.service import (
    LogEntry,
    MatchService,
    SeatRequest,
    ServiceConfig,
    ServiceError,
    Subscription,
    User,
)

T = TypeVar("T")
OPTIONS = {"parachutes": 6, "tiles": 3, "first_player": "0"}


def run(make: Callable[[], Coroutine[Any, Any, T]]) -> T:
    return asyncio.run(asyncio.wait_for(make(), 60))


# ----- the coordinator alone -------------------------------------------------------------------
def test_a_lease_is_held_by_one_holder_at_a_time(redis_url: str) -> None:
    async def scenario() -> list[str]:
        first, second = RedisCoordinator(redis_url), RedisCoordinator(redis_url)
        order: list[str] = []

        async def hold(coordinator: RedisCoordinator, name: str) -> None:
            async with coordinator.lease(7):
                order.append(f"{name} in")
                await asyncio.sleep(0.05)
                order.append(f"{name} out")

        await asyncio.gather(hold(first, "a"), hold(second, "b"), hold(first, "c"))
        await first.close()
        await second.close()
        return order

    order = run(scenario)
    assert len(order) == 6
    for i in range(0, 6, 2):  # never two holders: each "in" is followed by its own "out"
        assert order[i].split()[0] == order[i + 1].split()[0]
        assert order[i].endswith("in") and order[i + 1].endswith("out")


def test_new_connections_do_not_look_the_library_version_up(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # redis-py looks its own version up in the installed packages' metadata for every new
    # connection of a pool it did not make itself (~0.3 ms, tens of ms on a busy machine:
    # event-loop stalls while a process opens its connections, issue 25 session 52). The
    # coordinator's pool names the version once.
    looked_up: list[str] = []
    original = redis.utils.metadata.version

    def version(name: str) -> str:
        looked_up.append(name)
        return original(name)

    monkeypatch.setattr(redis.utils.metadata, "version", version)

    async def scenario() -> list[object]:
        coordinator = RedisCoordinator(redis_url)
        pool = coordinator.redis.connection_pool
        connections = [await pool.get_connection() for _ in range(3)]
        try:
            return [await coordinator.redis.ping()]
        finally:
            for connection in connections:
                await pool.release(connection)
            await coordinator.close()

    assert run(scenario) == [True]
    assert looked_up == []


def test_a_dead_holders_lease_expires_and_cannot_be_released_by_it(redis_url: str) -> None:
    async def scenario() -> tuple[int | None, int]:
        coordinator = RedisCoordinator(redis_url, lease_ms=300)
        # A process that died holding table 5: its key stays until it expires.
        await coordinator.redis.set("arena:lease:5", "dead-token", px=300)
        loop = asyncio.get_running_loop()
        started = loop.time()
        async with coordinator.lease(5) as grant:
            waited = loop.time() - started
            grant.seq = 12
        async with coordinator.lease(5) as again:
            known = again.known_seq
        # A release with someone else's token leaves the key alone and records nothing.
        await coordinator.redis.set("arena:lease:5", "other", px=5000)
        await coordinator.redis.set("arena:seq:5", 12)
        await coordinator._release(
            keys=["arena:lease:5", "arena:seq:5", "arena:events"], args=["mine", 3, "", 1000]
        )
        holder = await coordinator.redis.get("arena:lease:5")
        seq = await coordinator.redis.get("arena:seq:5")
        await coordinator.close()
        assert waited >= 0.2
        assert holder == b"other"
        assert seq == b"12"  # not overwritten by an older holder
        return known, int(seq)

    known, seq = run(scenario)
    assert known == 12 == seq


def test_a_lease_survives_a_paused_event_loop(redis_url: str) -> None:
    """A holder whose event loop is kept waiting 2.5 s (a long pause, a busy machine) still
    holds its lease after: no other process could take it meanwhile, and its release
    records the seq as the holder's."""

    async def scenario() -> tuple[bool | None, bytes | None]:
        coordinator = RedisCoordinator(redis_url)
        async with coordinator.lease(9) as grant:
            await asyncio.sleep(0.05)
            time.sleep(2.5)  # the event loop is kept waiting: no renewal runs
            await asyncio.sleep(0.05)
            # Another process trying to take it now (SET NX, as _ACQUIRE does):
            taken = await coordinator.redis.set("arena:lease:9", "other", nx=True, px=1000)
            grant.seq = 4
        holder = await coordinator.redis.get("arena:lease:9")  # kept after the operation
        await coordinator.close()
        return taken, holder

    taken, holder = run(scenario)
    assert not taken
    assert holder not in (None, b"other")


async def sender_and_listener(
    redis_url: str,
) -> tuple[RedisCoordinator, RedisCoordinator, list[str]]:
    """Two processes' coordinators: one to publish, one started, collecting what it hears."""
    sender, listener = RedisCoordinator(redis_url), RedisCoordinator(redis_url)
    received: list[str] = []

    async def resync() -> None:
        return None

    await listener.start(received.append, resync)
    return sender, listener, received


async def publish(sender: RedisCoordinator, seq: int, message: str, shared: bool = False) -> None:
    """Release table 3's lease with ``message`` (on every process's channel when ``shared``)."""
    async with sender.lease(3) as grant:
        grant.seq, grant.message, grant.shared = seq, message, shared


async def until_last(received: list[str], *coordinators: RedisCoordinator) -> list[str]:
    """Wait (3 s at most) for the message ``last``, then close ``coordinators``."""
    for _ in range(300):
        if "last" in received:
            break
        await asyncio.sleep(0.01)
    for coordinator in coordinators:
        await coordinator.close()
    return received


def test_released_messages_reach_the_other_processes(redis_url: str) -> None:
    async def scenario() -> list[str]:
        sender, listener, received = await sender_and_listener(redis_url)
        await publish(sender, 1, "unheard")  # a table's own: the listener does not follow it
        await publish(sender, 2, "hello", shared=True)  # for every process (the lobby's)
        await listener.follow(3)
        await publish(sender, 3, "followed")
        await listener.unfollow(3)
        await publish(sender, 4, "unfollowed")
        await publish(sender, 5, "last", shared=True)
        return await until_last(received, sender, listener)

    assert run(scenario) == ["hello", "followed", "last"]


@pytest.mark.parametrize("scripts_lost", [False, True])
def test_the_ends_of_one_turns_operations_go_to_redis_together(
    redis_url: str, scripts_lost: bool
) -> None:
    """A database batch's acknowledgements resume its moves in one turn of the event loop: the
    ends of their operations (each table's seq, its message, its lease kept) go to Redis in
    one pipeline, one connection checkout, and each gets its own outcome. Redis may have lost
    its scripts (a restart): the script is loaded, and the ends run once more together."""
    tables = [11, 12, 13, 14, 15]

    async def scenario() -> tuple[int, list[bytes | None], list[bool], list[str]]:
        sender, listener, received = await sender_and_listener(redis_url)
        for table in tables:
            await listener.follow(table)
        await publish(sender, 1, "unheard")  # the script loaded, as after any first move
        go = asyncio.Event()
        holding: set[int] = set()

        async def operate(table: int) -> None:
            async with sender.lease(table) as grant:
                holding.add(table)
                await go.wait()
                grant.seq, grant.message = table * 10, f"move {table}"

        operations = [asyncio.create_task(operate(table)) for table in tables]
        while len(holding) < len(tables):
            await asyncio.sleep(0.01)
        pool = sender.redis.connection_pool
        checkouts = 0
        checkout = pool.get_connection

        async def counted(*args: Any, **kwargs: Any) -> Any:
            nonlocal checkouts
            checkouts += 1
            return await checkout(*args, **kwargs)

        pool.get_connection = counted  # type: ignore[method-assign]
        if scripts_lost:
            flushing = redis.Redis.from_url(redis_url)
            flushing.script_flush()
            flushing.close()
        go.set()  # every operation ends in this turn
        await asyncio.gather(*operations)
        pool.get_connection = checkout  # type: ignore[method-assign]
        kept = [sender.holds(table) for table in tables]
        await publish(sender, 5, "last", shared=True)
        heard = await until_last(received, sender, listener)
        plain = redis.Redis.from_url(redis_url)  # the close let go: each seq recorded
        seqs = [plain.get(f"arena:seq:{table}") for table in tables]
        plain.close()
        return checkouts, seqs, kept, heard

    checkouts, seqs, kept, heard = run(scenario)
    assert checkouts == (3 if scripts_lost else 1)  # lost: the pipeline, the load, again
    assert seqs == [str(table * 10).encode() for table in tables]
    assert kept == [True] * len(tables)  # nobody else wanted them: kept for the next move
    assert sorted(heard[:-1]) == [f"move {table}" for table in tables] and heard[-1] == "last"


def test_a_table_followed_only_where_it_is_played_publishes_nothing(redis_url: str) -> None:
    """A move's message on the table's own channel is published only when a process other
    than the holder follows the table (its followers set): with sticky routing each process's
    own messages used to come back to it alone, to be read and dropped. A process that starts
    following tells the holder, which publishes its last unpublished message then (the
    follower may have read the database before that move's commit). An unknown set (it
    expired, Redis restarted empty) publishes again from the next take of the lease."""

    async def scenario() -> tuple[list[str], list[str], list[set[bytes]]]:
        one, other, heard_other = await sender_and_listener(redis_url)
        heard_one: list[str] = []

        async def resync() -> None:
            return None

        await one.start(heard_one.append, resync)
        plain = redis.Redis.from_url(redis_url)
        key = one.followers_key(3)
        members: list[set[bytes]] = []
        await one.follow(3)
        members.append(plain.smembers(key))
        await publish(one, 1, "own")  # only this process follows it: not published
        assert one.holds(3)  # kept
        await other.follow(3)  # the holder hears of it: publishes "own" as it lets go
        await until(lambda: not one.holds(3))
        members.append(plain.smembers(key))
        await publish(one, 2, "followed")
        await other.unfollow(3)
        members.append(plain.smembers(key))
        one._closing = True  # let go at this end: the next operation takes the lease anew
        await publish(one, 3, "alone again")
        one._closing = False
        plain.delete(key)  # expired
        await publish(one, 4, "unknown")
        await publish(one, 5, "last", shared=True)
        await until_last(heard_other)
        await until_last(heard_one, one, other)
        members.append(plain.smembers(key))  # closing left it
        plain.close()
        return heard_one, heard_other, members

    heard_one, heard_other, members = run(scenario)
    assert heard_other == ["own", "followed", "last"]
    assert heard_one == ["own", "followed", "unknown", "last"]
    origins = [set(map(bytes.decode, group)) for group in members]
    assert len(origins[0]) == 1 and len(origins[1]) == 2 and origins[2] == origins[0]
    assert origins[3] == set()


async def started(redis_url: str, lease_ms: int = 6000) -> tuple[RedisCoordinator, list[str]]:
    """A started coordinator and the list of what it hears."""
    coordinator = RedisCoordinator(redis_url, lease_ms=lease_ms)
    heard: list[str] = []

    async def resync() -> None:
        return None

    await coordinator.start(heard.append, resync)
    return coordinator, heard


def counting_checkouts(coordinator: RedisCoordinator) -> Callable[[], int]:
    """Count the coordinator's connection checkouts (each command or pipeline takes one)
    from now on; the returned function tells how many so far."""
    pool = coordinator.redis.connection_pool
    checkout = pool.get_connection
    count = 0

    async def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal count
        count += 1
        return await checkout(*args, **kwargs)

    pool.get_connection = counted  # type: ignore[method-assign]
    return lambda: count


def test_moves_of_a_table_no_other_process_follows_send_redis_nothing(redis_url: str) -> None:
    """Sticky routing: a table played and watched in one process. Once its lease is taken,
    its operations end without any Redis command (each cost one script before, ~15 % of the
    server's CPU a move with PostgreSQL + Redis): the lease is renewed with the others kept, and
    the known seq is the holder's own until it lets go, which records it."""

    async def scenario() -> tuple[int, bytes | None, bytes | None, list[str]]:
        coordinator, heard = await started(redis_url)
        await coordinator.follow(21)
        async with coordinator.lease(21) as grant:  # taken: one script
            grant.seq, grant.message = 1, "move 1"
        checkouts = counting_checkouts(coordinator)
        for seq in range(2, 6):
            async with coordinator.lease(21) as grant:
                grant.seq, grant.message = seq, f"move {seq}"
        plain = redis.Redis.from_url(redis_url)
        while_held = plain.get("arena:seq:21")
        commands = checkouts()
        await coordinator.close()  # lets go of the kept lease
        after = plain.get("arena:seq:21")
        plain.close()
        return commands, while_held, after, heard

    commands, while_held, after, heard = run(scenario)
    assert commands == 0
    assert while_held is None  # taking the lease handed the known seq to its holder
    assert after == b"5"
    assert heard == []  # nothing published: nobody else follows


def test_the_kept_leases_are_renewed_together(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process renews all its kept leases in one pipeline a round (each was a round trip
    of its own, from a task of its own: 100 a second at 200 tables): ten leases of 0.6 s,
    kept idle for a second, are still held at its end, renewed in at most one command a
    round (a round every 0.1 s renews those renewed 0.2 s ago or more; one task a lease
    renewed each every 0.2-0.3 s, about 40 commands)."""
    monkeypatch.setattr(coordination, "KEEP_IDLE", 60.0)
    tables = list(range(31, 41))

    async def scenario() -> tuple[int, list[bool], list[int]]:
        coordinator, _ = await started(redis_url, lease_ms=600)
        for table in tables:
            async with coordinator.lease(table) as grant:
                grant.seq = 1
        checkouts = counting_checkouts(coordinator)
        await asyncio.sleep(1.0)  # without renewals every lease would have expired
        commands = checkouts()
        held = [coordinator.holds(table) for table in tables]
        plain = redis.Redis.from_url(redis_url)
        ttls = [int(plain.pttl(f"arena:lease:{table}")) for table in tables]
        plain.close()
        await coordinator.close()
        return commands, held, ttls

    commands, held, ttls = run(scenario)
    assert 1 <= commands <= 12
    assert held == [True] * len(tables)
    assert all(ttl > 0 for ttl in ttls)


def test_a_lease_wanted_during_an_operation_is_let_go_at_its_end(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process asked for the lease (its request, ``want``, in Redis) while an
    operation was under way, and its notice never arrived (a reconnection): the renewal
    finds the request, and the operation's end lets go instead of keeping the lease without
    a word to Redis."""
    monkeypatch.setattr(coordination, "KEEP_IDLE", 60.0)

    async def scenario() -> tuple[bool, bytes | None]:
        coordinator, _ = await started(redis_url, lease_ms=600)
        await coordinator.follow(42)  # only this process follows it: its ends are quiet
        plain = redis.Redis.from_url(redis_url)
        async with coordinator.lease(42) as grant:
            plain.set("arena:want:42", "1", px=5000)  # asked, but not told
            await asyncio.sleep(0.5)  # a renewal round or two meanwhile
            grant.seq = 1
        held = coordinator.holds(42)
        holder = plain.get("arena:lease:42")
        plain.close()
        await coordinator.close()
        return held, holder

    held, holder = run(scenario)
    assert not held
    assert holder is None


def test_a_holder_that_dies_leaves_the_known_seq_unknown(redis_url: str) -> None:
    """A holder whose operations ended without Redis dies (its lease neither renewed nor
    let go): the next holder is told the seq is unknown, so its replica is caught up from
    the database, rather than a stale seq that a replica behind the database would pass."""

    async def scenario() -> tuple[int | None, int | None]:
        plain = redis.Redis.from_url(redis_url)
        plain.set("arena:seq:22", 0)  # recorded by an earlier holder's let-go
        plain.close()
        first = RedisCoordinator(redis_url, lease_ms=300)
        async with first.lease(22) as grant:
            taken_with = grant.known_seq
            grant.seq = 1
        async with first.lease(22) as grant:
            grant.seq = 2
        for held in first._held.values():  # it dies: no renewal, no let-go
            if held.idle is not None:
                held.idle.cancel()
        first._held.clear()
        second = RedisCoordinator(redis_url, lease_ms=300)
        async with second.lease(22) as grant:  # once the dead one's lease expired
            known = grant.known_seq
        await first.close()
        await second.close()
        return taken_with, known

    taken_with, known = run(scenario)
    assert taken_with == 0
    assert known is None


def test_an_operation_under_way_when_another_process_follows_publishes_at_its_end(
    redis_url: str,
) -> None:
    """The notice that another process follows the table reaches the holder during an
    operation: that operation's end publishes; one with no message of its own (nothing
    changed) publishes the last message not published yet, so the new follower learns of
    a move it may have missed (it read the database before that move's commit)."""

    async def scenario() -> tuple[list[str], list[str], bool]:
        holder, _ = await started(redis_url)
        follower, heard = await started(redis_url)
        await holder.follow(23)
        async with holder.lease(23) as grant:
            grant.seq, grant.message = 1, "move 1"  # not published: kept
        async with holder.lease(23) as grant:  # nothing changed: no message
            await follower.follow(23)
            await until(lambda: holder._held[23].others)
            grant.seq = 1
        async with holder.lease(23) as grant:
            grant.seq, grant.message = 2, "move 2"
        await until(lambda: len(heard) >= 2)
        first = list(heard)
        async with holder.lease(23) as grant:  # the follower is gone: quiet again
            await follower.unfollow(23)
            grant.seq, grant.message = 3, "move 3"
        quiet = not holder._held[23].others
        await holder.publish("last")
        await until(lambda: "last" in heard)
        await holder.close()
        await follower.close()
        return first, heard, quiet

    first, heard, quiet = run(scenario)
    assert first == ["move 1", "move 2"]
    assert heard == ["move 1", "move 2", "last"]
    assert quiet


def test_a_followers_place_lost_is_renewed(redis_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A process renews its place in the followers sets of the tables it follows every
    ``FOLLOWERS_REFRESH`` (here 0.05 s): a set that expired, or a join that failed, does not
    leave the holder publishing to nobody while this process still follows."""
    monkeypatch.setattr(coordination, "FOLLOWERS_REFRESH", 0.05)

    async def scenario() -> tuple[set[bytes], set[bytes], str]:
        sender, listener, _ = await sender_and_listener(redis_url)
        await sender.close()  # not needed here
        plain = redis.Redis.from_url(redis_url)
        await listener.follow(3)
        plain.delete(listener.followers_key(3))
        lost = plain.smembers(listener.followers_key(3))
        await asyncio.sleep(0.3)
        renewed = plain.smembers(listener.followers_key(3))
        await listener.close()
        plain.close()
        return lost, renewed, listener.origin

    lost, renewed, origin = run(scenario)
    assert lost == set()
    assert renewed == {origin.encode()}


def test_no_message_published_after_unfollow_returns_arrives(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``unfollow`` returns once Redis confirmed the ``UNSUBSCRIBE``, not once it was sent: a
    message another process publishes after it returned never arrives (the test above failed
    now and then when the other process's ``PUBLISH`` reached Redis first). Here the command
    reaches Redis 0.3 s late, as on a busy connection."""

    async def scenario() -> list[str]:
        sender, listener, received = await sender_and_listener(redis_url)
        await listener.follow(3)
        pubsub = listener._pubsub
        assert pubsub is not None
        unsubscribe = pubsub.unsubscribe
        late: list[asyncio.Task[Any]] = []

        async def slow(*channels: str) -> None:
            async def send() -> None:
                await asyncio.sleep(0.3)
                await unsubscribe(*channels)

            late.append(asyncio.create_task(send()))

        monkeypatch.setattr(pubsub, "unsubscribe", slow)
        await listener.unfollow(3)
        await publish(sender, 4, "after unfollow")
        await publish(sender, 5, "last", shared=True)
        heard = await until_last(received)
        await asyncio.gather(*late)  # the delayed UNSUBSCRIBE, before the listener closes
        await sender.close()
        await listener.close()
        return heard

    assert run(scenario) == ["last"]


def test_a_lease_kept_idle_is_handed_over_when_another_process_asks(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Split routing (a table's players on two processes): the holder keeping a lease idle
    lets go as soon as another process asks (on its own channel), not at its idle timer or
    next renewal (here a minute away: the take below would wait that long); from then on the
    table is contended and each operation lets go at its end, so the other process takes the
    lease at its first try."""
    monkeypatch.setattr("connect_arena.server.coordination.KEEP_IDLE", 60.0)

    async def scenario() -> list[bool]:
        first = RedisCoordinator(redis_url, lease_ms=60_000)
        second = RedisCoordinator(redis_url, lease_ms=60_000)

        async def resync() -> None:
            return None

        for coordinator in (first, second):
            await coordinator.start(lambda _text: None, resync)
        held: list[bool] = []
        async with first.lease(11) as grant:
            grant.seq = 1
        held.append(first.holds(11))  # kept idle for the next operation
        async with second.lease(11) as grant:  # asks; the first lets go at once
            grant.seq = 2
        held += [first.holds(11), second.holds(11)]
        async with first.lease(11) as grant:  # free: the second let go at its end
            grant.seq = 3
        held.append(first.holds(11))
        known = await second.redis.get("arena:seq:11")
        held.append(known == b"3")
        await first.close()
        await second.close()
        return held

    assert asyncio.run(asyncio.wait_for(scenario(), 5)) == [True, False, False, False, True]


def test_operations_waiting_in_one_process_keep_the_lease_there(redis_url: str) -> None:
    """Two operations of one process on one table: the second waits for the first and the
    lease stays kept here after them (one process is not contention: asking itself to let go
    would cost each later operation a script to take the lease again)."""

    async def scenario() -> tuple[list[str], bool]:
        coordinator = RedisCoordinator(redis_url)
        order: list[str] = []

        async def hold(name: str) -> None:
            async with coordinator.lease(13):
                order.append(f"{name} in")
                await asyncio.sleep(0.05)
                order.append(f"{name} out")

        await asyncio.gather(hold("a"), hold("b"))
        kept = coordinator.holds(13)
        await coordinator.close()
        return order, kept

    order, kept = asyncio.run(asyncio.wait_for(scenario(), 20))
    # one after the other, never overlapping; which takes the lease first is Redis's timing
    assert order in (["a in", "a out", "b in", "b out"], ["b in", "b out", "a in", "a out"])
    assert kept


def test_every_lease_taken_has_its_own_token_naming_its_process(redis_url: str) -> None:
    """The token a lease is taken with names the process (the acquire script reads the
    origin to tell an operation of its own from another process's) and is never reused, by
    this process or another: a token let go must not release a later holder's lease."""

    async def scenario() -> tuple[list[bytes], list[str]]:
        first, second = RedisCoordinator(redis_url), RedisCoordinator(redis_url)
        tokens: list[bytes] = []
        for coordinator in (first, second, first, second, first):
            async with coordinator.lease(17):
                tokens.append(await first.redis.get("arena:lease:17") or b"")
            coordinator._closing = True  # let go at the end of the next operation
            async with coordinator.lease(17):
                tokens.append(await first.redis.get("arena:lease:17") or b"")
            coordinator._closing = False
        origins = [first.origin, second.origin, first.origin, second.origin, first.origin]
        await first.close()
        await second.close()
        return tokens, origins

    tokens, origins = run(scenario)
    held = tokens[::2]  # each operation after a let-go took the lease anew
    assert len(set(held)) == len(held) == 5
    assert [t.decode().split("/")[0] for t in held] == origins
    assert tokens[1::2] == held  # the next operation of the same process kept it


# ----- two services -----------------------------------------------------------------------------
@asynccontextmanager
async def two_services(
    database_url: str, redis_url: str, ratings: bool = False, release_after: float = 30.0
) -> AsyncIterator[list[MatchService]]:
    """Two match services on one database and Redis (``ratings``: scored in the database,
    one store for both, as the server does; else each keeps its own in memory;
    ``release_after``: :attr:`ServiceConfig.release_after`)."""
    engine = make_engine(database_url)
    await asyncio.to_thread(run_migrations, engine)
    storages = [SqlStorage(make_engine(database_url)) for _ in range(2)]
    config = ServiceConfig(computer_workers=0, computer_delay=0, release_after=release_after)
    services = [
        MatchService(
            s, config, RedisCoordinator(redis_url), ratings=SqlRatings(s) if ratings else None
        )
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


async def users(storage: Any, *names: str) -> list[User]:
    made = [await storage.create_user(name, None) for name in names]
    return [User(user.id, user.name) for user in made]


def drain(subscription: Subscription) -> list[dict[str, Any]]:
    messages = []
    while subscription.pending():
        text = subscription._queue.popleft()
        if text is not None:
            messages.append(json.loads(text))
    return messages


async def until(check: Callable[[], bool]) -> None:
    for _ in range(1000):  # 10 s: the machine may be busy
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("timed out")


def test_players_on_two_services_play_one_table(database_url: str, redis_url: str) -> None:
    async def scenario() -> None:
        async with two_services(database_url, redis_url) as (one, two):
            alice, bob = await users(one.storage, "alice", "bob")
            seats = [SeatRequest("me"), SeatRequest("open")]
            info = await one.create_table(alice, "quinque", seats, OPTIONS)
            await two.join(info.id, bob, 1)  # created elsewhere a moment ago
            watch_one = await one.watch(info.id, alice.id)
            watch_two = await two.watch(info.id, bob.id)
            await until(lambda: one.tables[info.id].state is not None)
            services = {0: (one, alice), 1: (two, bob)}
            for _ in range(8):
                table = one.tables[info.id]
                state = table.state
                assert state is not None
                seat = min(state.active_players())
                service, user = services[seat]
                mine = service.tables[info.id]
                assert mine.seq == table.seq
                action = str(state.legal_actions(seat)[0])
                entry = await service.submit(info.id, user.id, table.seq + 1, action)
                await until(lambda e=entry: two.tables[info.id].seq == e.seq)
                await until(lambda e=entry: one.tables[info.id].seq == e.seq)
            stored = await one.storage.load_actions(info.id)
            assert [e.seq for e in stored] == list(range(1, 9))
            for subscription in (watch_one, watch_two):
                events = [m["seq"] for m in drain(subscription) if m["type"] == "event"]
                assert events == list(range(1, 9))  # each once, in order, on both services
            # The same seq claimed on both services at once: exactly one wins.
            state = one.tables[info.id].state
            assert state is not None
            seat = min(state.active_players())
            user = services[seat][1]
            action = str(state.legal_actions(seat)[0])
            results = await asyncio.gather(
                one.submit(info.id, user.id, 9, action),
                two.submit(info.id, user.id, 9, action),
                return_exceptions=True,
            )
            refused = [r for r in results if isinstance(r, ServiceError)]
            assert len(refused) == 1 and refused[0].code.value == "stale_seq"
            stored = await two.storage.load_actions(info.id)
            assert [e.seq for e in stored] == list(range(1, 10))

    run(scenario)


def test_a_seq_committed_but_never_announced_is_caught_up(
    database_url: str, redis_url: str
) -> None:
    """A process died between its commit and its release: the next holder's append at that
    seq is refused by the database, it reads the action back, and the game goes on."""

    async def scenario() -> None:
        async with two_services(database_url, redis_url) as (one, two):
            alice, bob = await users(one.storage, "alice", "bob")
            seats = [SeatRequest("me"), SeatRequest("me")]
            info = await one.create_table(alice, "quinque", seats, OPTIONS)
            watcher = await two.watch(info.id, bob.id)
            await until(lambda: two.tables[info.id].state is not None)
            table = one.tables[info.id]
            assert table.state is not None
            action = str(table.state.legal_actions(0)[0])
            # Written to the database directly: no lease, no message, no known seq.
            await one.storage.append_action(info.id, LogEntry(1, 0, action))
            assert two.tables[info.id].seq == 0
            replica = two.tables[info.id]
            assert replica.state is not None
            with_seq_one = str(replica.state.legal_actions(0)[0])
            with pytest.raises(ServiceError) as refused:
                await two.submit(info.id, alice.id, 1, with_seq_one)
            assert refused.value.code.value == "stale_seq"
            assert two.tables[info.id].seq == 1  # caught up from the database
            assert [m["seq"] for m in drain(watcher) if m["type"] == "event"] == [1]
            state = two.tables[info.id].state
            assert state is not None
            seat = min(state.active_players())
            entry = await two.submit(info.id, alice.id, 2, str(state.legal_actions(seat)[0]))
            assert entry.seq == 2
            cluster = one.cluster
            assert cluster is not None
            # Nobody watches it through the first process: its replica skips the action
            # (dormant) and reads it back when the table is used.
            await until(lambda: cluster.is_dormant(one.tables[info.id]))
            assert (await one.registry.get(info.id)).seq == 2

    run(scenario)


def test_redis_url_setting(redis_url: str) -> None:
    from connect_arena.server.config import Settings

    assert Settings.from_env({"CONNECT_ARENA_REDIS_URL": redis_url}).redis_url == redis_url
    assert Settings.from_env({}).redis_url == ""
    with redis.Redis.from_url(redis_url) as client:
        assert client.ping()


def test_computer_seats_are_played_by_one_process(database_url: str, redis_url: str) -> None:
    async def scenario() -> None:
        async with two_services(database_url, redis_url) as (one, two):
            thoughts = {id(one): 0, id(two): 0}
            for service in (one, two):
                choose = service.computer.choose

                async def counted(request: Any, s: MatchService = service, c: Any = choose) -> str:
                    thoughts[id(s)] += 1
                    text: str = await c(request)
                    return text

                service.computer.choose = counted  # type: ignore[method-assign]
            (alice,) = await users(one.storage, "alice")
            seats = [SeatRequest("me"), SeatRequest("computer", "random")]
            info = await one.create_table(alice, "quinque", seats, OPTIONS)
            await until(lambda: two.tables.get(info.id) is not None)
            table = two.tables[info.id]
            for _ in range(200):  # alice plays on the other service; the computer answers
                state = table.state
                assert state is not None
                if sum(1 for e in table.log if e.seat == 1) >= 6 and 0 in state.active_players():
                    break
                if 0 in state.active_players():
                    action = str(state.legal_actions(0)[0])
                    await two.submit(info.id, alice.id, table.seq + 1, action)
                else:
                    seq = table.seq
                    await until(lambda t=table, s=seq: t.seq > s)
            stored = await one.storage.load_actions(info.id)
            assert [e.seq for e in stored] == list(range(1, len(stored) + 1))
            computer_moves = sum(1 for e in stored if e.seat == 1)
            assert computer_moves >= 6
            # Each computer move was thought once, in one process.
            assert thoughts[id(one)] + thoughts[id(two)] == computer_moves

    run(scenario)


def test_the_sweep_leaves_a_dormant_replica_alone(database_url: str, redis_url: str) -> None:
    """The sweep of abandoned tables takes only the tables due to expire: a dormant replica
    of a game going on elsewhere is not caught up (nor its lease taken) every sweep."""

    async def scenario() -> None:
        async with two_services(database_url, redis_url) as (one, two):
            (alice,) = await users(one.storage, "alice")
            seats = [SeatRequest("me"), SeatRequest("me")]
            info = await one.create_table(alice, "quinque", seats, OPTIONS)
            await one.watch(info.id, alice.id)
            await until(lambda: info.id in two.tables)
            for _ in range(3):
                table = one.tables[info.id]
                assert table.state is not None
                seat = min(table.state.active_players())
                action = str(table.state.legal_actions(seat)[0])
                await one.submit(info.id, alice.id, table.seq + 1, action, seat)
            cluster = two.cluster
            assert cluster is not None
            await until(lambda: cluster.is_dormant(two.tables[info.id]))
            await two.lifecycle.sweep()
            assert cluster.is_dormant(two.tables[info.id])
            assert two.tables[info.id].seq < one.tables[info.id].seq

    run(scenario)


class _QuietPubSub:
    """A subscription that Redis confirms only when the test says (``_confirmed``)."""

    async def subscribe(self, *channels: str) -> None:
        return None


def test_a_follow_cancelled_as_redis_confirms_it_is_cancelled() -> None:
    """A cancel that arrives in the loop turn in which Redis confirms the subscription ends
    ``follow`` (Python 3.11's ``wait_for`` returned the confirmation and swallowed such a
    cancel, as it did in the tournament task that hung CI in session 39). No Redis needed:
    the coordinator connects at ``start``, never here."""

    async def main() -> None:
        coordinator = RedisCoordinator("redis://127.0.0.1:1/0")
        coordinator._pubsub = cast(Any, _QuietPubSub())
        task = asyncio.create_task(coordinator.follow(7))
        for _ in range(3):
            await asyncio.sleep(0)  # subscribed; waiting for the confirmation
        assert not task.done()
        coordinator._confirmed("subscribe", coordinator.table_channel(7))
        assert task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        await coordinator.redis.aclose()

    asyncio.run(main())
