"""Tournaments are bounded (issue 32, item 2): entrants per format, tournaments and computers
per account, the pairing off the event loop under a time limit, and a live message that does
not carry the whole schedule."""

from __future__ import annotations

import asyncio
import json
import threading
from datetime import timedelta
from typing import Any

import pytest

from connect_arena.service import ServiceError, User
from connect_arena.service import tournaments as module
from connect_arena.service.tournaments import (
    MAX_COMPUTERS,
    MAX_OPEN_PER_ACCOUNT,
    Format,
    TournamentStatus,
    max_entrants,
)
from tests.server.tournamenthelpers import CLOCK, PEOPLE, QUICK, running


def test_a_round_robin_at_tables_of_five_takes_few_entrants_and_refuses_more() -> None:
    async def main() -> None:
        async with running() as arena:
            made = await arena.tournaments.create(
                PEOPLE[0],
                "Five a table",
                "connect5",
                CLOCK,
                Format.ROUND_ROBIN,
                arena.tournaments.now() + timedelta(hours=1),
                players=5,
            )
            cap = max_entrants(Format.ROUND_ROBIN, 5)
            assert 5 <= cap <= 10
            with pytest.raises(ServiceError, match=f"at most {cap} entrants"):
                await arena.tournaments.add_computers(made.id, PEOPLE[0], "random", cap + 1)
            assert made.entrants == []  # nothing changed
            await arena.tournaments.add_computers(made.id, PEOPLE[0], "random", cap)
            with pytest.raises(ServiceError, match="at most"):
                await arena.tournaments.register(made.id, PEOPLE[1])
            assert len(made.entrants) == cap

    asyncio.run(main())


def test_caps_by_format_are_documented_sizes() -> None:
    assert max_entrants(Format.SWISS, 2) == max_entrants(Format.ARENA, 2) == 256
    assert max_entrants(Format.ROUND_ROBIN, 2) == 16  # 15 rounds
    # At tables of k, every group of k meets once: C(n, k) tables stay at 252 or fewer.
    assert max_entrants(Format.ROUND_ROBIN, 3) == 12
    assert max_entrants(Format.ROUND_ROBIN, 4) == 10


def test_an_account_holds_a_few_open_tournaments_and_a_tournament_few_computers() -> None:
    async def main() -> None:
        async with running() as arena:
            later = arena.tournaments.now() + timedelta(hours=1)
            made = [
                await arena.tournaments.create(
                    PEOPLE[0], f"Night {n}", "quinque", CLOCK, Format.SWISS, later, options=QUICK
                )
                for n in range(MAX_OPEN_PER_ACCOUNT)
            ]
            with pytest.raises(ServiceError, match=f"{MAX_OPEN_PER_ACCOUNT} tournaments"):
                await arena.tournaments.create(
                    PEOPLE[0], "One more", "quinque", CLOCK, Format.SWISS, later, options=QUICK
                )
            assert len(arena.tournaments.held) == MAX_OPEN_PER_ACCOUNT
            await arena.tournaments.create(  # another account may
                PEOPLE[1], "Bob's", "quinque", CLOCK, Format.SWISS, later, options=QUICK
            )
            await arena.tournaments.add_computers(made[0].id, PEOPLE[0], "random", MAX_COMPUTERS)
            with pytest.raises(ServiceError, match=f"{MAX_COMPUTERS} computers"):
                await arena.tournaments.add_computers(made[0].id, PEOPLE[0], "greedy", 1)
            assert len(made[0].entrants) == MAX_COMPUTERS

    asyncio.run(main())


def test_pairing_runs_off_the_event_loop_and_a_slow_one_is_given_up_and_retried(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    threads: list[bool] = []
    calls = 0
    real = module.pairing_round

    def slow_then_real(tournament: Any) -> Any:
        nonlocal calls
        calls += 1
        threads.append(threading.current_thread() is threading.main_thread())
        if calls == 1:
            threading.Event().wait(1.0)  # beyond the limit below
        return real(tournament)

    monkeypatch.setattr(module, "pairing_round", slow_then_real)

    async def main() -> None:
        async with running() as arena:
            arena.tournaments.pairing_limit = 0.2
            made = await arena.tournaments.create(
                PEOPLE[0],
                "Slow",
                "quinque",
                CLOCK,
                Format.SWISS,
                arena.tournaments.now() + timedelta(seconds=0.1),
                options=QUICK,
                rounds=1,
            )
            await arena.tournaments.add_computers(made.id, PEOPLE[0], "random", 4)
            deadline = asyncio.get_running_loop().time() + 30
            while made.status is not TournamentStatus.FINISHED:
                assert asyncio.get_running_loop().time() < deadline, made.state_json()
                await asyncio.sleep(0.05)
            assert calls >= 2 and not any(threads)  # given up once, then paired; never on the loop
            assert [g.round for g in made.games] == [1, 1]  # one round, paired once

    asyncio.run(main())


def test_the_live_message_of_a_round_robin_does_not_carry_its_schedule() -> None:
    async def main() -> None:
        async with running() as arena:
            made = await arena.tournaments.create(
                User(9, "club"),
                "Robin",
                "quinque",
                CLOCK,
                Format.ROUND_ROBIN,
                arena.tournaments.now() + timedelta(hours=1),
                options=QUICK,
            )
            await arena.tournaments.add_computers(made.id, User(9, "club"), "random", 16)
            made.schedule = module.pairing_schedule(made)
            body = arena.tournaments.to_json(made)
            assert "schedule" not in body
            assert len(json.dumps(body)) < 20_000

    asyncio.run(main())


def test_many_changes_at_once_reach_a_watcher_as_one_message_then_the_latest() -> None:
    """A round's tables ending together must not re-send the whole tournament once per
    table: the first change goes at once, the changes that follow within
    ``broadcast_every`` seconds leave as one message carrying the latest state."""

    async def main() -> None:
        async with running() as arena:
            made = await arena.tournaments.create(
                PEOPLE[0],
                "Busy",
                "quinque",
                CLOCK,
                Format.SWISS,
                arena.tournaments.now() + timedelta(hours=1),
                options=QUICK,
            )
            watcher = arena.tournaments.watch(made.id, None)
            assert watcher.pending() == 1  # the tournament as it is
            arena.tournaments.broadcast_every = 0.3
            for _ in range(30):  # thirty changes in a row
                await arena.tournaments.add_computers(made.id, PEOPLE[0], "random", 1)
            assert watcher.pending() == 2  # the first change at once
            await asyncio.sleep(0.6)
            assert watcher.pending() == 3  # then one for all the others
            messages = [json.loads(await watcher.get() or "") for _ in range(3)]
            assert len(messages[-1]["tournament"]["entrants"]) == 30

    asyncio.run(main())
