"""CO'NNN'ECT's dice table: built once and handed to every roll, drawing as a table built from
the roll's chance outcomes would (the search's rollouts draw every roll from it)."""

from __future__ import annotations

import random

from connect_arena.core import CHANCE, load, sample_chance_outcome
from connect_arena.core.state import ChanceTable


def test_every_roll_draws_from_one_table_equal_to_its_outcomes() -> None:
    rng = random.Random(3)
    tables: list[ChanceTable] = []
    state = load("connnect").new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            table = state.chance_table()
            fresh = ChanceTable(state.chance_outcomes())
            assert table.actions == fresh.actions
            assert table.cumulative == fresh.cumulative
            seed = rng.random()
            assert table.sample(random.Random(seed)) == fresh.sample(random.Random(seed))
            if state.phase in ("roll", "setup_roll"):
                tables.append(table)
            state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
            continue
        player = min(state.active_players())
        state.apply_legal_action(rng.choice(state.legal_actions(player)), player)
    assert len(tables) > 12
    assert all(table is tables[0] for table in tables)
    assert len(state.chance_table()) == 0
