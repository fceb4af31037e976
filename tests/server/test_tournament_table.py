"""A tournament's finished table offers no rematch (issue 27, item 5): the tournament pairs
the next game, and a rematch would be an unpaired table carrying the tournament's id."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace

import pytest

from connect_arena.service import Seat, SeatKind, ServiceError, TableStatus, User
from tests.server.tournamenthelpers import CLOCK, PEOPLE, QUICK, running


def test_a_tournament_table_refuses_a_rematch() -> None:
    async def main() -> None:
        async with running() as arena:
            seats = [Seat(i, SeatKind.HUMAN, u.id, u.name) for i, u in enumerate(PEOPLE[:2])]
            name, options = arena.seating.prepare("quinque", 2, dict(QUICK), CLOCK)
            info = await arena.seating.create_seated(
                User(9, "club"), name, options, seats, replace(CLOCK, tournament=4)
            )
            table = arena.registry.tables[info.id]
            rng = random.Random(3)
            moved = 0
            while moved < 6:  # both people move, so the game has a result
                state = table.state
                assert state is not None
                if state.is_terminal():
                    break
                if not state.active_players():  # chance: drawn by the server
                    await asyncio.sleep(0.01)
                    continue
                seat = min(state.active_players())
                action = rng.choice(state.legal_actions(seat))
                await arena.submit(info.id, PEOPLE[seat].id, table.seq + 1, str(action), seat)
                moved += 1
            if table.info.status is TableStatus.RUNNING:
                await arena.resign(info.id, PEOPLE[0].id)
            assert table.info.status is TableStatus.FINISHED
            assert table.info.reason is not None
            assert table.info.reason.value in ("normal", "resignation")
            for person in PEOPLE[:2]:
                with pytest.raises(ServiceError, match="tournament"):
                    await arena.rematch(info.id, person, "offer")
            assert not table.offers.rematch  # nothing changed

    asyncio.run(main())
