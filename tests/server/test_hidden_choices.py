"""Hidden simultaneous choices never leave the server early, whichever way they are asked for
(issue 32, item 4): a CO'NNN'ECT phase goes on when a Fill eliminates a seat and leaves the
other acting alone, and the record of a running table is cut by the phase, as the live view
hides it, not by who acts now."""

from __future__ import annotations

import asyncio
import random

from connect_arena.core import SIMULTANEOUS, load, sample_chance_outcome
from connect_arena.core.simultaneous import pending_choices
from connect_arena.service import MatchService, MemoryStorage, SeatRequest, ServiceConfig, User
from connect_arena.service.records import table_record

ALICE, BOB = User(1, "alice"), User(2, "bob")


def test_the_choices_of_the_phase_under_way_are_pending_whoever_acts() -> None:
    alone = 0
    for seed in range(40):
        state = load("connnect").new_initial_state()
        rng = random.Random(seed)
        began: int | None = None  # where the phase under way began (the oracle)
        phase: object = None
        while not state.is_terminal():
            if state.simultaneous_phase() != phase:
                phase, began = state.simultaneous_phase(), None
            if state.is_chance_node():
                state.apply_action(sample_chance_outcome(state, rng))
                continue
            if began is None:
                began = len(state.history)
            seat = min(state.active_players())
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
            if state.simultaneous_phase() != phase:
                continue  # that action resolved the phase: nothing hidden
            hidden = any(e.simultaneous for e in state.history[began:])
            expected = list(range(began, len(state.history))) if hidden else []
            assert pending_choices(state) == expected, seed
            alone += hidden and state.current_player != SIMULTANEOUS
    assert alone > 0  # the case of the issue: a seat acting alone in a hidden phase


def test_a_running_tables_record_never_holds_a_choice_the_live_view_hides() -> None:
    async def main() -> int:
        service = MatchService(MemoryStorage(), ServiceConfig(0, 0.0, sweep_every=0))
        await service.start()
        seen_alone = 0
        try:
            for seed in range(40):  # the tables' dice are random: play until the case came
                if seed >= 6 and seen_alone:
                    break
                seats = [SeatRequest("me"), SeatRequest("open")]
                info = await service.create_table(ALICE, "connnect", seats)
                await service.join(info.id, BOB, 1)
                table = await service.get_table(info.id)
                rng = random.Random(seed)
                while table.info.status.value == "running":
                    state = table.state
                    assert state is not None
                    seat = min(state.active_players())
                    user = (ALICE, BOB)[seat]
                    action = str(rng.choice(state.legal_actions(seat)))
                    await service.submit(info.id, user.id, table.seq + 1, action, seat)
                    if table.info.status.value != "running":
                        break
                    pending = pending_choices(table.state)
                    record = table_record(table)  # what the record route answers anyone
                    if pending:
                        assert len(record.actions) == pending[0]
                        assert record.meta["hidden_actions_left_out"] is True
                        seen_alone += table.state.current_player != SIMULTANEOUS
                    else:
                        assert len(record.actions) == table.seq
        finally:
            await service.close()
        return seen_alone

    assert asyncio.run(main()) > 0
