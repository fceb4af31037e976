"""The SQL storage keeps what every game's end needs (``docs/lifecycle.md``): table settings,
result reasons, notes, take-overs and each action's clock, across a restart of the service."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import update

from connect_arena.server.db import SqlStorage, make_engine, run_migrations
from connect_arena.server.db.models import TableRow
from connect_arena.service import (
    LogEntry,
    MatchService,
    Seat,
    SeatKind,
    SeatRequest,
    ServiceConfig,
    TableStatus,
    User,
)
from connect_arena.service.settings import (
    HintPolicy,
    NoteKind,
    ResultReason,
    TableNote,
    TableSettings,
    TimeControl,
    TimeControlKind,
)

AT = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
TURN = TableSettings(
    TimeControl(TimeControlKind.TURN, days=2), HintPolicy.OFF, "mcts:easy", rated=True
)


def storage(tmp_path: Path) -> SqlStorage:
    engine = make_engine(f"sqlite:///{tmp_path / 'arena.sqlite3'}")
    run_migrations(engine)
    return SqlStorage(engine)


async def two_seats(db: SqlStorage, settings: TableSettings | None = None) -> tuple[int, int]:
    """A running two-person table; returns its id and the creator's id."""
    alice = await db.user_by_name("alice") or await db.create_user("alice", None)
    bob = await db.user_by_name("bob") or await db.create_user("bob", None)
    seats = [Seat(0, SeatKind.HUMAN, alice.id, "alice"), Seat(1, SeatKind.HUMAN, bob.id, "bob")]
    info = await db.create_table("quinque", {}, seats, alice.id, 7, TableStatus.RUNNING, settings)
    return info.id, alice.id


def test_settings_round_trip_as_chosen(tmp_path: Path) -> None:
    async def body() -> None:
        db = storage(tmp_path)
        table_id, _ = await two_seats(db, TURN)
        custom, _ = await two_seats(db, TableSettings(grace=90))
        default, _ = await two_seats(db)
        found = [await db.get_table(i) for i in (table_id, custom, default)]
        db.close()
        assert [info.settings for info in found if info is not None] == [
            TURN,
            TableSettings(grace=90),
            TableSettings(),
        ]
        assert found[0] is not None and found[0].settings.leaver_grace == 3 * 86_400

    asyncio.run(body())


def test_clocks_notes_take_overs_and_reasons_round_trip(tmp_path: Path) -> None:
    async def body() -> None:
        db = storage(tmp_path)
        table_id, _ = await two_seats(db, TURN)
        await db.append_action(table_id, LogEntry(1, 0, "add T0,0 0,0", False, AT, 12.5))
        await db.append_action(table_id, LogEntry(2, 1, "mark 1,0", False, AT, None))
        info = await db.get_table(table_id)
        assert info is not None
        seats = [
            info.seats[0],
            Seat(1, SeatKind.HUMAN, info.seats[1].user_id, "bob", None, "mcts:easy"),
        ]
        resign = TableNote(NoteKind.RESIGN, 2, 1, AT, {})
        takeover = TableNote(NoteKind.TAKEOVER, 2, 1, AT, {"agent": "mcts:easy"})
        await db.add_notes(table_id, [resign, takeover], seats)
        later = AT + timedelta(minutes=1)
        claim = TableNote(NoteKind.CLAIM, 2, 0, later, {"by": 1})
        await db.end_table(table_id, [-1.0, 1.0], ResultReason.LEAVER, later, [claim])
        log = await db.load_actions(table_id)
        ended = await db.get_table(table_id)
        listed = await db.finished_tables(5)
        db.close()
        assert [entry.clock for entry in log] == [12.5, None]
        assert log[0].created_at == AT
        assert ended is not None and ended.status is TableStatus.FINISHED
        assert (ended.reason, ended.returns, ended.finished_at) == (
            ResultReason.LEAVER,
            [-1.0, 1.0],
            later,
        )
        assert ended.seats[1].takeover == "mcts:easy" and ended.seats[0].takeover is None
        assert ended.notes == [resign, takeover, claim]
        assert listed[0].notes == [resign, takeover, claim]

    asyncio.run(body())


def test_an_end_by_the_rules_is_normal_and_an_abort_has_no_result(tmp_path: Path) -> None:
    async def body() -> None:
        db = storage(tmp_path)
        played, _ = await two_seats(db)
        await db.append_action(played, LogEntry(1, 0, "add T0,0 0,0"), [1.0, -1.0], AT)
        aborted, _ = await two_seats(db)
        note = TableNote(NoteKind.ABORT, 0, 0, AT)
        await db.end_table(aborted, None, ResultReason.ABORTED, AT, [note])
        found = [await db.get_table(played), await db.get_table(aborted)]
        active = await db.active_tables()
        db.close()
        assert found[0] is not None and found[0].reason is ResultReason.NORMAL
        assert found[1] is not None and found[1].returns is None
        assert (found[1].reason, found[1].notes) == (ResultReason.ABORTED, [note])
        assert active == []

    asyncio.run(body())


def test_a_takeback_deletes_the_later_actions_and_frees_their_seqs(tmp_path: Path) -> None:
    async def body() -> None:
        db = storage(tmp_path)
        table_id, _ = await two_seats(db)
        for seq, (seat, action) in enumerate([(0, "add T0,0 0,0"), (1, "mark 1,0")], 1):
            await db.append_action(table_id, LogEntry(seq, seat, action))
        note = TableNote(NoteKind.TAKEBACK, 2, 0, AT, {"to": 0})
        await db.take_back(table_id, 0, note)
        emptied = await db.load_actions(table_id)
        await db.append_action(table_id, LogEntry(1, 0, "add T0,0 1,1"))
        log = await db.load_actions(table_id)
        info = await db.get_table(table_id)
        db.close()
        assert emptied == []
        assert [entry.action for entry in log] == ["add T0,0 1,1"]
        assert info is not None and info.notes == [note]

    asyncio.run(body())


def test_tables_stored_before_settings_existed_are_untimed_and_casual(tmp_path: Path) -> None:
    async def body() -> None:
        db = storage(tmp_path)
        table_id, _ = await two_seats(db, TURN)
        with db.engine.begin() as connection:
            connection.execute(
                update(TableRow).where(TableRow.id == table_id).values(settings=None)
            )
        info = await db.get_table(table_id)
        db.close()
        assert info is not None and info.settings == TableSettings()
        assert info.reason is None and info.notes == []

    asyncio.run(body())


def test_a_take_over_and_the_clocks_survive_a_restart_of_the_service(tmp_path: Path) -> None:
    alice, bob = User(1, "alice"), User(2, "bob")
    settings = TableSettings(TimeControl(TimeControlKind.REALTIME, 600, 5), takeover="mcts:easy")
    config = ServiceConfig(computer_workers=0, computer_delay=0.0, sweep_every=0)

    async def first_life() -> tuple[int, dict[str, float]]:
        db = storage(tmp_path)
        for name in ("alice", "bob", "carol"):
            await db.create_user(name, None)
        service = MatchService(db, config)
        await service.start()
        seats = [SeatRequest("me"), SeatRequest("open"), SeatRequest("open")]
        info = await service.create_table(
            alice, "connect5", seats, {"board": "t1", "first_player": "0"}, settings
        )
        await service.join(info.id, bob, 1)
        await service.join(info.id, User(3, "carol"), 2)
        table = await service.get_table(info.id)
        assert table.state is not None
        for seq, user in enumerate((alice, bob, User(3, "carol")), start=1):
            seat = seq - 1  # everyone moves: before, a resignation would abort
            action = str(table.state.legal_actions(seat)[0])
            await service.submit(info.id, user.id, seq, action, seat)
        await service.resign(info.id, alice.id)
        assert table.clocks is not None
        clocks = {str(seat): table.clocks.remaining[seat] for seat in (0, 2)}
        await service.close()
        db.close()
        return info.id, clocks

    async def second_life(table_id: int) -> tuple[list[str | None], set[int], float]:
        db = storage(tmp_path)
        service = MatchService(db, config)
        await service.start()
        table = await service.get_table(table_id)
        assert table.clocks is not None
        result = (
            [seat.takeover for seat in table.info.seats],
            set(table.clocks.timed),
            table.clocks.remaining[0],
        )
        kinds = [note.kind for note in table.info.notes]
        await service.close()
        db.close()
        assert kinds == [NoteKind.RESIGN, NoteKind.TAKEOVER]
        return result

    table_id, clocks = asyncio.run(first_life())
    takeovers, timed, alice_left = asyncio.run(second_life(table_id))
    assert takeovers == ["mcts:easy", None, None]
    assert timed == {1, 2}  # a computer plays Alice's seat: not timed
    # as her last action left it (she resigned on her turn: the moments before are not kept)
    assert alice_left == pytest.approx(clocks["0"], abs=1)
