"""An arena finishes (issue 27, item 1): it ends at its time whatever is still being played
(those games play out but do not count, as on Lichess), waiting people are paired again until
the end, and computers alone at a table play under the game's anti-endless rule."""

from __future__ import annotations

import asyncio
import threading
from datetime import timedelta

import pytest

from connect_arena.core import game_class
from connect_arena.service import MemoryStorage, SeatRequest, TableStatus
from connect_arena.service.tournaments import Format, MemoryTournamentStore, TournamentStatus
from tests.server.serverhelpers import cancel_as_its_answer_lands
from tests.server.tournamenthelpers import CLOCK, PEOPLE, QUICK, enter, running, service, until


def test_an_arena_ends_at_its_time_and_games_in_progress_do_not_count() -> None:
    async def main() -> None:
        async with running() as arena:
            made = await arena.tournaments.create(
                PEOPLE[0],
                "Short arena",
                "quinque",
                CLOCK,  # 60 s each: nobody's flag falls before the end
                Format.ARENA,
                arena.tournaments.now() + timedelta(seconds=0.2),
                options=QUICK,
                minutes=0.04,  # 2.4 s
            )
            await enter(arena, made.id, PEOPLE[:2])
            done = await until(arena, made.id, seconds=15)  # nobody moves
            assert done.status is TournamentStatus.FINISHED
            assert done.finished_at is not None and done.ends_at() is not None
            assert done.finished_at >= done.ends_at()
            (game,) = done.games
            assert game.reason == "after_end" and game.returns is None
            table = arena.registry.tables[game.table_id]
            assert table.info.status is TableStatus.RUNNING  # it plays out
            rows = arena.tournaments.to_json(done)["standings"]
            assert [row["games"] for row in rows] == [0, 0]  # and does not count

    asyncio.run(main())


def test_an_arena_keeps_pairing_two_people_who_already_met() -> None:
    async def main() -> None:
        async with running(PEOPLE) as arena:
            made = await arena.tournaments.create(
                PEOPLE[0],
                "Duel arena",
                "quinque",
                CLOCK,
                Format.ARENA,
                arena.tournaments.now() + timedelta(seconds=0.2),
                options=QUICK,
                minutes=10,
            )
            await enter(arena, made.id, PEOPLE[:2])
            deadline = asyncio.get_running_loop().time() + 60
            tournament = arena.tournaments.get(made.id)
            while sum(1 for g in tournament.games if g.finished) < 2:
                assert asyncio.get_running_loop().time() < deadline, tournament.state_json()
                await asyncio.sleep(0.05)

    asyncio.run(main())


def test_computers_alone_at_an_arena_table_play_under_the_anti_endless_rule() -> None:
    async def main() -> None:
        async with running() as arena:
            made = await arena.tournaments.create(
                PEOPLE[0],
                "Computers",
                "connect5",
                CLOCK,
                Format.ARENA,
                arena.tournaments.now() + timedelta(hours=1),
                minutes=5,
            )
            await enter(arena, made.id, [], computers=2)
            arena.tournaments.now = lambda: made.starts_at + timedelta(seconds=1)
            arena.tournaments._wake[made.id].set()
            deadline = asyncio.get_running_loop().time() + 15
            while not made.games:
                assert asyncio.get_running_loop().time() < deadline, made.state_json()
                await asyncio.sleep(0.05)
            table = (
                arena.registry.tables.get(made.games[0].table_id)
                or (arena.registry.finished[made.games[0].table_id])
            )
            declared = game_class("connect5").game_type
            option = declared.anti_endless_option
            assert option is not None
            assert table.info.options[option] == declared.anti_endless_default, table.info.options

    asyncio.run(main())


def test_a_casual_table_of_computers_alone_with_a_clock_gets_the_anti_endless_rule() -> None:
    async def main() -> None:
        async with running() as arena:
            declared = game_class("quinque").game_type
            option = declared.anti_endless_option
            assert option is not None
            computers = [SeatRequest("computer", "random"), SeatRequest("computer", "random")]
            info = await arena.create_table(PEOPLE[0], "quinque", computers, settings=CLOCK)
            assert info.options[option] == declared.anti_endless_default
            people = [SeatRequest("me"), SeatRequest("computer", "random")]
            info = await arena.create_table(PEOPLE[0], "quinque", people, settings=CLOCK)
            assert not info.options[option]  # a person at the table: the clock ends it

    asyncio.run(main())


@pytest.mark.parametrize("turns", [0, 1, 2, 3])
def test_a_tournament_task_stops_when_cancelled_as_it_wakes(turns: int) -> None:
    """A cancel that arrives while the tournament's task wakes up must end it (Python 3.11's
    ``wait_for`` swallowed such a cancel: the task ran on and ``close`` waited for ever)."""

    async def main() -> None:
        arena = service(MemoryStorage(), MemoryTournamentStore())
        await arena.start()
        try:
            made = await arena.tournaments.create(
                PEOPLE[0],
                "Wake",
                "connect5",
                CLOCK,
                Format.ARENA,
                arena.tournaments.now() + timedelta(hours=1),
                minutes=5,
            )
            task = arena.tournaments._tasks[made.id]
            await asyncio.sleep(0.05)  # the task waits for its wake-up
            arena.tournaments._wake[made.id].set()
            for _ in range(turns):
                await asyncio.sleep(0)
            task.cancel()
            done, _ = await asyncio.wait([task], timeout=5)
            assert task in done
        finally:
            await asyncio.wait_for(arena.close(), 10)

    asyncio.run(main())


@pytest.mark.parametrize("turns", [0, 1])
def test_a_pairing_off_the_loop_stops_when_cancelled_as_its_answer_lands(turns: int) -> None:
    """A cancel that arrives while a pairing's answer comes back from its thread must end the
    tournament's task (Python 3.11's ``wait_for`` returned the answer and swallowed the cancel:
    the task ran on and ``close`` waited for ever; CI saw an arena test hang so)."""

    async def main() -> None:
        arena = service(MemoryStorage(), MemoryTournamentStore())
        await arena.start()
        go = threading.Event()

        def work() -> str:
            go.wait(5)
            return "paired"

        try:
            task = asyncio.create_task(arena.tournaments._off_loop(work))
            await cancel_as_its_answer_lands(task, go, turns)
        finally:
            go.set()
            await asyncio.wait_for(arena.close(), 10)

    asyncio.run(main())
