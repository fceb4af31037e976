"""The table-event hub (``service/table_events.py``): the events a game publishes, in order,
exactly once, for a game that ends by resignation, by a flag and by its rules; and what the
subscribers make of them (one ``gameFinish`` per person, the rating scored once)."""

from __future__ import annotations

import asyncio
from typing import Any

from connect_arena.service import MatchService, TableStatus
from connect_arena.service.settings import TableSettings
from connect_arena.service.table_events import (
    ActionCommitted,
    AwaitingAction,
    ClockFlagged,
    GameStarted,
    PresenceChanged,
    ReplicaChanged,
    SeatsChanged,
    SeeksChanged,
    TableAbandoned,
    TableCreated,
    TableEvents,
    TableFinished,
    TakenBack,
)
from tests.server.test_lifecycle import (
    ALICE,
    BOB,
    drain,
    move,
    new_table,
    realtime,
    run,
    until,
)

EVERY = [
    TableCreated,
    SeatsChanged,
    GameStarted,
    ActionCommitted,
    TakenBack,
    AwaitingAction,
    PresenceChanged,
    ClockFlagged,
    TableFinished,
    TableAbandoned,
    ReplicaChanged,
    SeeksChanged,
]


def record(service: MatchService) -> list[Any]:
    """Subscribe a recorder to every kind of event; the list it fills."""
    seen: list[Any] = []
    for kind in EVERY:
        service.hub.subscribe(kind, seen.append)
    return seen


def names(events: list[Any], table_id: int) -> list[str]:
    """The events of one table, by class name, runs of AwaitingAction kept (they matter)."""
    return [type(e).__name__ for e in events if getattr(e, "table_id", None) == table_id]


def game_of_two() -> list[str]:
    """Alice creates a QUICK Quinque, Bob joins: what is published for it up to the start."""
    return ["TableCreated", "SeatsChanged", "GameStarted", "AwaitingAction"]


def test_a_resignation_publishes_one_table_finished_after_the_actions() -> None:
    async def body(service: MatchService) -> None:
        seen = record(service)
        alice = service.user_events.watch(ALICE.id)
        table_id = await new_table(service, [ALICE, BOB])
        await move(service, table_id, ALICE)
        await move(service, table_id, BOB)  # before, a resignation would abort
        await service.resign(table_id, BOB.id)
        got = names(seen, table_id)
        assert got[:4] == game_of_two()
        assert [n for n in got[4:] if n != "AwaitingAction"] == [
            "ActionCommitted",
            "ActionCommitted",
            "TableFinished",
        ]
        finished = [e for e in seen if isinstance(e, TableFinished)]
        assert finished[0].reason.value == "resignation"
        assert finished[0].returns == [1.0, -1.0]
        kinds = [m["type"] for m in drain(alice)]
        assert kinds.count("gameStart") == 1
        assert kinds.count("gameFinish") == 1

    run(body)


def test_a_natural_end_publishes_the_last_action_then_table_finished_once() -> None:
    async def body(service: MatchService) -> None:
        seen = record(service)
        bob = service.user_events.watch(BOB.id)
        table_id = await new_table(service, [ALICE, BOB])
        table = await service.get_table(table_id)
        while table.info.status is TableStatus.RUNNING:
            assert table.state is not None
            mover = ALICE if 0 in table.state.active_players() else BOB
            await move(service, table_id, mover)
        got = names(seen, table_id)
        assert got.count("TableFinished") == 1
        assert got[-2:] == ["ActionCommitted", "TableFinished"]
        assert got.count("ActionCommitted") == len(table.log)
        finish = [m for m in drain(bob) if m["type"] == "gameFinish"]
        assert len(finish) == 1  # not three (issue 26, item 1)
        assert finish[0]["game"]["you"] == [1]

    run(body)


def test_a_flag_publishes_clock_flagged_then_table_finished() -> None:
    async def body(service: MatchService) -> None:
        seen = record(service)
        settings: TableSettings = realtime(0, 1.0)  # 1 s a move, no base time
        table_id = await new_table(service, [ALICE, BOB], settings=settings)
        table = await service.get_table(table_id)
        await move(service, table_id, ALICE)
        await move(service, table_id, BOB)  # both moved: Alice's flag now loses the game
        await until(lambda: table.info.status is TableStatus.FINISHED, 10)
        got = names(seen, table_id)
        assert got.count("TableFinished") == 1
        assert got[-2:] == ["ClockFlagged", "TableFinished"]
        flagged = next(e for e in seen if isinstance(e, ClockFlagged))
        assert flagged.seat == 0
        finished = next(e for e in seen if isinstance(e, TableFinished))
        assert finished.reason.value == "timeout"
        assert finished.returns == [-1.0, 1.0]

    run(body)


def test_a_handler_that_fails_stops_neither_the_others_nor_the_publisher() -> None:
    hub = TableEvents()
    heard: list[str] = []

    def broken(event: SeeksChanged) -> None:
        raise RuntimeError("a broken subscriber")

    hub.subscribe(SeeksChanged, broken)
    hub.subscribe(SeeksChanged, lambda event: heard.append("second"))
    hub.publish(SeeksChanged())
    assert heard == ["second"]
    assert hub.subscribers(SeeksChanged)[0].endswith("broken")


def test_the_composition_root_subscribes_every_listener_of_a_game_end() -> None:
    async def body(service: MatchService) -> None:
        listeners = service.hub.subscribers(TableFinished)
        for owner in ("UserEvents.game_finished", "Ratings.table_finished"):
            assert any(owner in name for name in listeners), listeners
        assert any("Tournaments.table_finished" in name for name in listeners)
        await asyncio.sleep(0)

    run(body)
