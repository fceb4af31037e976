"""``connect-arena bench``: the same figures for every game, as a table or JSON."""

from __future__ import annotations

import json
from typing import Any

from connect_arena.agents.bench import cold_copy, percentile, sample_positions
from connect_arena.core import CHANCE, game_names, load
from tests.cli.clihelpers import Invoke

KEYS = {
    "game",
    "players",
    "playout_actions_per_s",
    "playout_games",
    "mean_length",
    "legal_mean_us",
    "legal_p95_us",
    "legal_calls",
    "mean_branching",
    "mcts_sims_per_s",
    "mcts_positions",
    "max_rollout",
}


def _figures(cli: Invoke, *args: str) -> list[dict[str, Any]]:
    result = cli("bench", *args, "--json")
    assert result.exit_code == 0, result.output
    data: list[dict[str, Any]] = json.loads(result.stdout)
    return data


def test_one_game_as_json(cli: Invoke) -> None:
    (row,) = _figures(cli, "toy-tictactoe", "--seconds", "0.05", "--max-rollout", "20")
    assert set(row) == KEYS
    assert (row["game"], row["players"], row["max_rollout"]) == ("toy-tictactoe", 2, 20)
    assert row["playout_actions_per_s"] > 0
    assert row["playout_games"] > 0
    assert 5 <= row["mean_length"] <= 9
    assert row["legal_mean_us"] > 0
    assert row["legal_calls"] > 0
    assert 1 <= row["mean_branching"] <= 9
    assert row["mcts_sims_per_s"] > 0
    assert 1 <= row["mcts_positions"] <= 3


def test_every_game_gets_a_row(cli: Invoke) -> None:
    rows = _figures(cli, "--seconds", "0.01", "--max-rollout", "10")
    assert [row["game"] for row in rows] == game_names()
    assert all(row["playout_actions_per_s"] > 0 and row["mcts_sims_per_s"] > 0 for row in rows)


def test_the_table(cli: Invoke) -> None:
    result = cli("bench", "toy-pig", "--seconds", "0.02", "-o", "target=10")
    assert result.exit_code == 0, result.output
    header = next(line for line in result.stdout.splitlines() if "playout/s" in line)
    for column in ("game", "seats", "length", "legal µs", "p95 µs", "actions", "MCTS/s"):
        assert column in header
    assert "toy-pig" in result.stdout
    assert "Speed on one core (0.02 s per measurement)" in result.stdout


def test_players_and_options_need_a_game(cli: Invoke) -> None:
    result = cli("bench", "--players", "3")
    assert result.exit_code == 2
    assert "need a GAME" in result.stderr
    result = cli("bench", "no-such-game")
    assert result.exit_code == 2
    assert "unknown game" in result.stderr


def test_helpers() -> None:
    assert percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.5) == 3.0
    assert percentile([], 0.95) == 0.0
    lengths = [len(state.history) for state in sample_positions(load("toy-tictactoe"), 3)]
    assert len(lengths) == 3
    assert lengths[0] == 0
    assert lengths == sorted(set(lengths))
    quinque = load("quinque").new_initial_state()
    while quinque.is_chance_node():
        quinque.apply_legal_action(quinque.legal_actions()[0], CHANCE)
    assert quinque.legal_actions()
    probe = cold_copy(quinque)
    assert probe._legal is None  # type: ignore[attr-defined]
    assert probe.legal_actions() == quinque.legal_actions()
