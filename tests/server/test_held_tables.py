"""The tables held in memory keep what a lobby page needs (``HeldTables``): a page lists the
same tables as sorting them all would, and reads only the tables it lists whatever the
number of running tables (issue 25: a lobby whose cost does not grow with them)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from connect_arena.service import MatchService, SeatRequest
from connect_arena.service import lobby as lobby_module
from connect_arena.service.live_table import LiveTable
from connect_arena.service.model import Seat, SeatKind, TableInfo, TableStatus
from connect_arena.service.table_registry import HeldTables
from tests.server.test_service import ALICE, BOB, QUICK, run

OPEN, RUNNING = TableStatus.OPEN, TableStatus.RUNNING


def table(table_id: int, status: TableStatus) -> LiveTable:
    seats = [Seat(0, SeatKind.HUMAN, 1, "a"), Seat(1)]
    info = TableInfo(table_id, "quinque", {}, seats, status, 1, table_id)
    live = LiveTable(info, [])
    live.state = None  # the order is all that is read here
    return live


def page_of(held: HeldTables, skip: int, count: int) -> list[int]:
    """``count`` ids of the lobby's order (open first, then the others; newest first in
    each) after the first ``skip``, as the lobby reads them."""
    opened = [t.id for t in held.open_tables()]
    rows = opened[skip : skip + count]
    if len(rows) < count:
        rows += [t.id for t in held.newest_others(max(0, skip - len(opened)), count - len(rows))]
    return rows


def sorted_page(held: HeldTables, skip: int, count: int) -> list[int]:
    """The same by sorting every table (the lobby before)."""
    order = sorted(held.values(), key=lambda t: (t.info.status is not OPEN, -t.id))
    return [t.id for t in order][skip : skip + count]


steps = st.lists(
    st.tuples(
        st.sampled_from(["add", "add", "add", "start", "pop", "del", "setdefault", "page"]),
        st.integers(1, 40),
        st.integers(0, 25),
        st.integers(1, 25),
    ),
    min_size=10,
    max_size=60,
)


@settings(max_examples=150, deadline=None)
@given(steps)
def test_a_page_lists_what_sorting_every_table_lists(ops: list[tuple[str, int, int, int]]) -> None:
    held = HeldTables()
    for op, number, skip, count in ops:
        # Starts and removals take a table held (when any); additions any id.
        ids = sorted(held)
        table_id = ids[number % len(ids)] if ids and op in ("start", "pop", "del") else number
        if op == "add" and table_id not in held:
            held[table_id] = table(table_id, OPEN if table_id % 3 else RUNNING)
        elif op == "start" and table_id in held:
            held[table_id].info.status = RUNNING  # a join started it: never open again
        elif op == "pop":
            held.pop(table_id, None)
        elif op == "del" and table_id in held:
            del held[table_id]
        elif op == "setdefault":
            kept = held.setdefault(table_id, table(table_id, OPEN))
            assert kept is held[table_id]
        elif op == "page":  # the others first: right without the open ones read first
            others = sorted(
                (t.id for t in held.values() if t.info.status is not OPEN), reverse=True
            )
            assert [t.id for t in held.newest_others(skip, count)] == others[skip : skip + count]
            assert page_of(held, skip, count) == sorted_page(held, skip, count)
    for skip in range(len(held) + 2):
        assert page_of(held, skip, 7) == sorted_page(held, skip, 7)
    assert sorted(held) == held._ids


def test_every_way_of_changing_the_tables_keeps_them_in_step() -> None:
    held = HeldTables()
    held.update({3: table(3, OPEN), 1: table(1, RUNNING)})
    held |= {2: table(2, OPEN)}
    assert page_of(held, 0, 5) == [3, 2, 1]
    table_id, _ = held.popitem()
    assert table_id not in held._ids and table_id not in held._opened
    held.clear()
    assert page_of(held, 0, 5) == [] and held._ids == []
    with pytest.raises(KeyError):
        held.pop(9)
    assert held.pop(9, None) is None


def test_a_lobby_page_reads_only_the_tables_it_lists(monkeypatch: pytest.MonkeyPatch) -> None:
    """With 100 or 500 running tables (and two open ones), the first page and the fourth read
    the open tables' presence and the listed tables' JSON, nothing more."""
    reads: list[int] = []
    deserted, to_json = lobby_module._deserted, lobby_module.table_json

    def counted_deserted(table: LiveTable, now: Any) -> bool:
        reads.append(table.id)
        return deserted(table, now)

    def counted_json(info: TableInfo, seq: int | None = None) -> Any:
        reads.append(info.id)
        return to_json(info, seq)

    monkeypatch.setattr(lobby_module, "_deserted", counted_deserted)
    monkeypatch.setattr(lobby_module, "table_json", counted_json)

    def reads_for(running: int) -> tuple[list[int], list[int], int]:
        async def body(service: MatchService) -> tuple[list[int], list[int], int]:
            for _ in range(running):
                info = await service.create_table(ALICE, "quinque", [SeatRequest("me")] * 2, QUICK)
                assert info.status is RUNNING
            for _ in range(2):
                seats = [SeatRequest("me"), SeatRequest("open")]
                await service.create_table(BOB, "quinque", seats, QUICK)
            service.lobby.snapshot()  # the first read drops nothing more: nothing started
            counts = []
            for page in (1, 4):
                reads.clear()
                body = service.lobby.snapshot(page)
                assert len(body["tables"]) == 20 and body["total"] == running + 2
                counts.append(len(reads))
            first = [t["id"] for t in service.lobby.snapshot(1)["tables"]]
            fourth = [t["id"] for t in service.lobby.snapshot(4)["tables"]]
            return first, fourth, counts[0] + counts[1]

        return run(body)

    few_first, few_fourth, few_reads = reads_for(100)
    many_first, many_fourth, many_reads = reads_for(500)
    assert few_reads == many_reads == 2 * (2 + 20)  # the open tables, then the page's rows
    newest = max(many_first)
    assert many_first[:2] == [newest, newest - 1]  # the two open tables first
    assert many_first[2:] == list(range(newest - 2, newest - 20, -1))
    assert many_fourth == list(range(newest - 60, newest - 80, -1))  # rows 60-79
    assert len(few_first) == len(few_fourth) == 20
