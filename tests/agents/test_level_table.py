"""The level tables (issue 24): every built-in game's ``easy`` < ``normal`` < ``hard`` search
more simulations, may think at least as long, and the caps players are shown are the table's.

Strength itself is measured by ``benchmarks/ladder.py`` (``docs/agents.md``), not here.
"""

from __future__ import annotations

import pytest

from connect_arena.agents.knowledge import level_settings
from connect_arena.agents.levels import time_caps

GAMES = ["quinque", "connect5", "connnect", "pairs"]
LEVELS = ["easy", "normal", "hard"]


@pytest.mark.parametrize("game", GAMES)
def test_each_level_searches_more_and_shows_the_tables_cap(game: str) -> None:
    settings = [level_settings(game, level) for level in LEVELS]
    assert [s.iterations for s in settings] == sorted({s.iterations for s in settings})
    caps = time_caps(game)
    assert list(caps) == [f"mcts:{level}" for level in LEVELS]
    assert list(caps.values()) == [s.seconds for s in settings]
    assert list(caps.values()) == sorted(caps.values())


def test_pairs_hard_searches_five_times_normals_simulations() -> None:
    # The ladder (docs/agents.md): hard at 2.5x normal's simulations gained +0.25 rank over it;
    # at 5x (2000 against 400) +0.59 [+0.21, +0.97] in 17 games (s9/pairs-normal-hard/).
    normal, hard = (level_settings("pairs", level).iterations for level in ("normal", "hard"))
    assert hard >= 5 * normal


def test_connnect_levels_value_finished_rollouts_by_the_score_margin() -> None:
    # With the +-1 of a finished game, three times the simulations gained about +55 Elo a
    # step (s8); a margin rollout tells actions apart like about 1.5 +-1 rollouts
    # (s10/margin_signal.txt).
    margins = {level_settings("connnect", level).margin for level in LEVELS}
    assert len(margins) == 1
    (margin,) = margins
    assert margin is not None and 5.0 <= margin <= 100.0


def test_pairs_easy_rolls_out_like_normal_with_fewer_simulations() -> None:
    # Two pairs, whole teams (s11/tuning/): easy with 10-action rollouts and c 2.5 gained
    # +0.21 to +0.38 rank over greedy at 20-100 simulations; with normal's 20-action rollouts
    # and c 1.4, 40 simulations gained +0.39 over greedy and +0.50 under normal, 100 only
    # +0.25 under normal.
    easy, normal = (level_settings("pairs", level) for level in ("easy", "normal"))
    assert easy.max_rollout == normal.max_rollout
    assert easy.exploration == normal.exploration
    assert normal.iterations >= 10 * easy.iterations
