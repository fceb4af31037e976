"""The match service on its own (in-memory storage, no transport)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import pytest

from connect_arena.core import replay
from connect_arena.service import (
    ErrorCode,
    MatchService,
    MemoryStorage,
    SeatRequest,
    ServiceConfig,
    ServiceError,
    Subscription,
    TableStatus,
    User,
    replay_frames,
    table_record,
)

T = TypeVar("T")
ALICE, BOB, CAROL = User(1, "alice"), User(2, "bob"), User(3, "carol")
QUICK = {"parachutes": 2, "tiles": 1, "first_player": "0"}
"""A Quinque that ends after four marks (both supplies empty: a tie)."""


def run(body: Callable[[MatchService], Awaitable[T]], storage: MemoryStorage | None = None) -> T:
    """Run ``body(service)`` on a fresh event loop with a fresh service."""

    async def main() -> T:
        service = MatchService(storage or MemoryStorage(), ServiceConfig(0, 0.0))
        await service.start()
        try:
            return await body(service)
        finally:
            await service.close()

    return asyncio.run(main())


def drain(subscription: Subscription) -> list[dict[str, Any]]:
    """Every queued message, decoded."""
    messages = []
    while subscription.pending():
        text = subscription._queue.popleft()
        if text is not None:
            messages.append(json.loads(text))
    return messages


async def two_player_table(service: MatchService, **options: Any) -> int:
    info = await service.create_table(
        ALICE, "quinque", [SeatRequest("me"), SeatRequest("open")], options or QUICK
    )
    await service.join(info.id, BOB, 1)
    return info.id


def test_table_starts_when_every_seat_is_filled() -> None:
    async def body(service: MatchService) -> None:
        info = await service.create_table(
            ALICE, "quinque", [SeatRequest("me"), SeatRequest("open")], QUICK
        )
        assert info.status is TableStatus.OPEN
        assert service.lobby.snapshot()["tables"][0]["status"] == "open"
        await service.join(info.id, BOB, 1)
        table = await service.get_table(info.id)
        assert table.info.status is TableStatus.RUNNING
        message = table.state_message((0,))
        assert message is not None and message["legal_actions"]["0"] == [
            "add T0,0 0,0",
            "add T0,0 1,0",
            "add T0,0 0,1",
            "add T0,0 1,1",
        ]
        assert table.state_message((1,))["legal_actions"] == {}  # type: ignore[index]

    run(body)


def test_seat_rules() -> None:
    async def body(service: MatchService) -> None:
        info = await service.create_table(
            ALICE, "quinque", [SeatRequest("me"), SeatRequest("open")], QUICK
        )
        with pytest.raises(ServiceError) as taken:
            await service.join(info.id, BOB, 0)
        assert taken.value.code is ErrorCode.SEAT_TAKEN
        with pytest.raises(ServiceError) as twice:
            await service.join(info.id, ALICE, 1)
        assert twice.value.code is ErrorCode.CONFLICT
        with pytest.raises(ServiceError) as not_mine:
            await service.leave(info.id, BOB, 0)
        assert not_mine.value.code is ErrorCode.NOT_SEATED
        await service.leave(info.id, ALICE, 0)  # nobody left: abandoned
        assert service.lobby.snapshot()["tables"] == []

    run(body)


def test_lobby_bytes_per_move_stay_flat_from_50_to_500_running_tables() -> None:
    async def watched_bytes(service: MatchService, running: int) -> int:
        for _ in range(running):
            await two_player_table(service)
        lobby = service.lobby.watch(None)
        drain(lobby)
        table_id = await two_player_table(service)  # one more starts: the lobby changes
        table = await service.get_table(table_id)
        for _ in range(3):  # moves change no lobby row's listing but the table's seq
            assert table.state is not None
            seat = min(table.state.active_players())
            action = str(table.state.legal_actions(seat)[0])
            await service.submit(table_id, (ALICE, BOB)[seat].id, table.seq + 1, action, seat)
        while not lobby.pending():
            await asyncio.sleep(0.05)
        return sum(len(json.dumps(m)) for m in drain(lobby))

    few = run(lambda service: watched_bytes(service, 50))
    many = run(lambda service: watched_bytes(service, 500))
    assert 0 < many <= few * 1.1, (few, many)


def test_bad_tables_are_refused() -> None:
    async def body(service: MatchService) -> None:
        for game, seats, options, words in [
            ("nope", [SeatRequest("me")], {}, "unknown game"),
            ("quinque", [SeatRequest("me")], {}, "played by 2 players"),
            ("quinque", [SeatRequest("me"), SeatRequest("open")], {"colour": 1}, "colour"),
            ("quinque", [SeatRequest("me"), SeatRequest("computer", "god")], {}, "god"),
        ]:
            with pytest.raises(ServiceError, match=words):
                await service.create_table(ALICE, game, seats, options)

    run(body)


def test_the_move_pipeline_refuses_and_changes_nothing() -> None:
    async def body(service: MatchService) -> None:
        table_id = await two_player_table(service)
        table = await service.get_table(table_id)
        cases = [
            (CAROL.id, 1, "add T0,0 0,0", ErrorCode.NOT_SEATED),
            (None, 1, "add T0,0 0,0", ErrorCode.NOT_SEATED),
            (BOB.id, 1, "add T0,0 0,0", ErrorCode.NOT_YOUR_TURN),
            (ALICE.id, 5, "add T0,0 0,0", ErrorCode.STALE_SEQ),
            (ALICE.id, 1, "jump", ErrorCode.INVALID_ACTION),
            (ALICE.id, 1, "add T1,0 2,0", ErrorCode.ILLEGAL_ACTION),
        ]
        for user_id, seq, text, code in cases:
            with pytest.raises(ServiceError) as error:
                await service.submit(table_id, user_id, seq, text)
            assert error.value.code is code, text
        assert table.seq == 0
        assert service.storage.logs[table_id] == []  # type: ignore[attr-defined]
        with pytest.raises(ServiceError, match="seat 1 is not yours"):
            await service.submit(table_id, ALICE.id, 1, "add T0,0 0,0", seat=1)
        entry = await service.submit(table_id, ALICE.id, 1, "add 0,0")
        assert (entry.seq, entry.seat, entry.action) == (1, 0, "add T0,0 0,0")

    run(body)


def test_two_actions_at_the_same_seq_exactly_one_wins() -> None:
    async def body(service: MatchService) -> list[Any]:
        table_id = await two_player_table(service)
        return await asyncio.gather(
            service.submit(table_id, ALICE.id, 1, "add T0,0 0,0"),
            service.submit(table_id, ALICE.id, 1, "add T0,0 1,1"),
            return_exceptions=True,
        )

    first, second = run(body)
    assert first.action == "add T0,0 0,0"
    assert isinstance(second, ServiceError) and second.code is ErrorCode.STALE_SEQ
    assert "the table is at seq 1" in second.message


def test_a_game_to_the_end_and_its_record() -> None:
    async def body(service: MatchService) -> None:
        table_id = await two_player_table(service)
        watcher = await service.watch(table_id, CAROL.id)
        moves = [(ALICE, "add T0,0 0,0"), (BOB, "mark 1,0"), (ALICE, "mark 0,1"), (BOB, "mark 1,1")]
        for seq, (user, text) in enumerate(moves, start=1):
            await service.submit(table_id, user.id, seq, text)
        table = await service.get_table(table_id)
        assert table.info.status is TableStatus.FINISHED and table.info.returns == [0.0, 0.0]
        messages = drain(watcher)
        assert [m["type"] for m in messages] == ["table", "state"] + ["event"] * 3 + [
            "table",
            "event",
        ]
        assert messages[-1]["state"]["terminal"] and messages[-1]["seq"] == 4
        record = table_record(table)
        assert record.players == ["alice", "bob"]
        assert replay(record).is_terminal()
        frames = replay_frames(record.to_json())["frames"]
        assert len(frames) == 5 and frames[-1]["terminal"]
        assert frames[2]["action"] == "mark 1,0" and frames[2]["seat"] == 1

    run(body)


def test_catch_up_from_a_seq() -> None:
    async def body(service: MatchService) -> None:
        table_id = await two_player_table(service)
        await service.submit(table_id, ALICE.id, 1, "add T0,0 0,0")
        await service.submit(table_id, BOB.id, 2, "mark 1,0")
        messages = drain(await service.watch(table_id, ALICE.id, since=1))
        assert [(m["type"], m.get("seq", m.get("table", {}).get("seq"))) for m in messages] == [
            ("table", 2),
            ("event", 2),
            ("state", 2),
        ]
        assert messages[2]["legal_actions"]["0"][0] == "mark 0,1"

    run(body)


def test_chance_is_drawn_and_computer_seats_play() -> None:
    async def body(service: MatchService) -> None:
        options = {"parachutes": 3, "tiles": 2}
        info = await service.create_table(
            ALICE, "quinque", [SeatRequest("computer"), SeatRequest("computer")], options
        )
        table = await service.get_table(info.id)
        for _ in range(200):
            if table.info.status is TableStatus.FINISHED:
                break
            await asyncio.sleep(0.01)
        assert table.info.status is TableStatus.FINISHED
        assert table.log[0].seat == -1 and table.log[0].action.startswith("first ")
        assert replay(table_record(table)).returns() == table.info.returns

    run(body)


def test_state_is_rebuilt_after_a_restart() -> None:
    storage = MemoryStorage()

    async def first(service: MatchService) -> int:
        table_id = await two_player_table(service)
        await service.submit(table_id, ALICE.id, 1, "add T0,0 0,0")
        return table_id

    async def second(service: MatchService) -> list[str]:
        table = await service.get_table(table_id)
        await service.submit(table_id, BOB.id, 2, "mark 1,1")
        return [e.action for e in table.log]

    table_id = run(first, storage)
    assert run(second, storage) == ["add T0,0 0,0", "mark 1,1"]


def test_simultaneous_actions_stay_hidden_until_the_end() -> None:
    async def body(service: MatchService) -> None:
        info = await service.create_table(
            ALICE, "toy-rps", [SeatRequest("me"), SeatRequest("open")], {"rounds": 1}
        )
        await service.join(info.id, BOB, 1)
        spectator = await service.watch(info.id, None)
        await service.submit(info.id, ALICE.id, 1, "rock")
        event = drain(spectator)[-1]
        assert event["type"] == "event" and event["action"] is None
        assert table_record(await service.get_table(info.id)).actions == []
        await service.submit(info.id, BOB.id, 2, "paper")
        table = await service.get_table(info.id)
        assert table.info.returns == [-1.0, 1.0]
        events = [m for m in drain(await service.watch(info.id, None)) if m["type"] == "event"]
        assert [e["action"] for e in events] == ["rock", "paper"]

    run(body)


def test_replay_frames_name_the_bad_action() -> None:
    record = {
        "format": "connect-arena/record@1",
        "game": "quinque",
        "options": {"first_player": "0"},
        "players": ["a", "b"],
        "actions": ["add T0,0 0,0", "mark 9,9"],
    }
    with pytest.raises(ServiceError, match=r"action 1 \('mark 9,9'\)"):
        replay_frames(record)
    with pytest.raises(ServiceError, match="not a valid"):
        replay_frames("{}")


def test_computer_players_think_in_worker_processes() -> None:
    from connect_arena.service.computer import ComputerPlayers, ThinkRequest

    async def body() -> list[str]:
        pool = ComputerPlayers(1)
        try:
            base = {"table_id": 1, "game": "quinque", "num_players": 2, "options": QUICK}
            first = ThinkRequest(**base, actions=(), seat=0, agent="random", seed=1)
            after = ((0, "add T0,0 0,0"),)
            second = ThinkRequest(**base, actions=after, seat=1, agent="random", seed=2)
            return [await pool.choose(first), await pool.choose(second)]
        finally:
            pool.close()

    first, second = asyncio.run(body())
    assert first.startswith("add T0,0") and second.startswith("mark")


def test_a_running_record_stops_before_the_choices_still_hidden() -> None:
    """Issue 15, defect 3: "Download the record" during a game with simultaneous phases gives
    the record up to the last resolved phase, without the current phase's hidden choices nor
    the seed (which predicts the chance outcomes still to come)."""

    async def body(service: MatchService) -> None:
        info = await service.create_table(
            ALICE, "toy-rps", [SeatRequest("me"), SeatRequest("open")], {"rounds": 3}
        )
        await service.join(info.id, BOB, 1)
        await service.submit(info.id, ALICE.id, 1, "rock")
        await service.submit(info.id, BOB.id, 2, "paper")  # round 1 resolved: public
        await service.submit(info.id, BOB.id, 3, "scissors")  # round 2: Bob's choice hidden
        record = table_record(await service.get_table(info.id))
        assert [str(a) for a in record.actions] == ["seat=0 action='rock'", "seat=1 action='paper'"]
        assert "scissors" not in record.to_json()
        assert "seed" not in record.meta
        assert record.meta["status"] == "running" and record.meta["hidden_actions_left_out"]
        # Once the round resolves, both choices are in.
        await service.submit(info.id, ALICE.id, 4, "rock")
        record = table_record(await service.get_table(info.id))
        assert len(record.actions) == 4 and "hidden_actions_left_out" not in record.meta
        assert "seed" not in record.meta

    run(body)
