"""``connect-arena tournament --format swiss|arena|round-robin``: pairing, standings, JSON."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations, pairwise
from pathlib import Path
from typing import Any

import pytest

from connect_arena.agents.pairing import Bye, Entrant, Played, standings
from tests.cli.clihelpers import Invoke

FIVE = "random,random,greedy,random,random"


def _event(cli: Invoke, tmp_path: Path, *args: str) -> tuple[dict[str, Any], str]:
    out = tmp_path / "event.json"
    result = cli("tournament", *args, "--out", str(out))
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return data, result.stdout


def _recomputed(data: dict[str, Any]) -> list[tuple[str, float]]:
    """The standings recomputed from the document's games and byes."""
    field = [Entrant(agent["name"]) for agent in data["agents"]]
    games = [Played(g["round"], tuple(g["sides"]), tuple(g["ranks"])) for g in data["games"]]
    byes = [Bye(b["round"], b["agent"], b["points"]) for b in data["byes"]]
    return [(row.id, row.score) for row in standings(field, games, byes, data["system"])]


def test_swiss_pairs_everyone_each_round_without_rematches(cli: Invoke, tmp_path: Path) -> None:
    args = ("toy-tictactoe", "-a", FIVE, "--format", "swiss", "--rounds", "3", "--seed", "4")
    data, stdout = _event(cli, tmp_path, *args)
    assert "toy-tictactoe: swiss, 5 agents, 2 sides a table" in stdout
    assert "tie-breaks in order: Bh-1, Bh, SB" in stdout
    assert "6 game(s), 3 round(s); seed 4" in stdout
    assert (data["system"], data["rounds"], data["sides"]) == ("swiss", 3, 2)
    assert data["tiebreaks"] == ["buchholz_cut1", "buchholz", "sonneborn_berger"]
    names = [agent["name"] for agent in data["agents"]]
    for round_index in range(3):
        seated = [s for g in data["games"] if g["round"] == round_index for s in g["sides"]]
        byes = [b["agent"] for b in data["byes"] if b["round"] == round_index]
        assert sorted(seated + byes) == sorted(names)
    pairs = Counter(frozenset(g["sides"]) for g in data["games"])
    assert set(pairs.values()) == {1}
    assert len({b["agent"] for b in data["byes"]}) == 3
    rows = data["standings"]
    assert [(row["agent"], row["score"]) for row in rows] == _recomputed(data)
    assert [row["place"] for row in rows] == sorted(row["place"] for row in rows)
    assert set(rows[0]) == {"place", "agent", "spec", "score", "games", "wins", "draws"} | {
        "losses",
        "byes",
        "tiebreaks",
    }
    for game in data["games"]:
        assert game["agents"] == game["sides"]


def test_the_same_seed_gives_the_same_event(cli: Invoke, tmp_path: Path) -> None:
    args = ("toy-pig", "-a", "random,random,random,random", "--format", "swiss", "--seed", "8")
    first, _ = _event(cli, tmp_path, *args)
    second, _ = _event(cli, tmp_path, *args)
    assert first["games"] == second["games"] and first["standings"] == second["standings"]
    # Four agents: two rounds by default (log2 4).
    assert first["rounds"] == 2


def test_arena_pairs_whoever_is_free(cli: Invoke, tmp_path: Path) -> None:
    args = ("toy-tictactoe", "-a", FIVE, "--format", "arena", "--games", "9", "--seed", "2")
    data, stdout = _event(cli, tmp_path, *args)
    assert "points" in stdout and "simulated minute" in stdout
    assert len(data["games"]) == 9
    assert [g["round"] for g in data["games"]] == list(range(9))
    busy: dict[str, list[tuple[float, float]]] = {}
    for game in data["games"]:
        assert game["end"] > game["start"]
        for side in game["sides"]:
            busy.setdefault(side, []).append((game["start"], game["end"]))
    for spans in busy.values():
        spans.sort()
        assert all(a[1] <= b[0] for a, b in pairwise(spans))
    assert [(row["agent"], row["score"]) for row in data["standings"]] == _recomputed(data)
    assert data["tiebreaks"] == ["percentage", "buchholz"]


def test_arena_minutes_limit_when_games_start(cli: Invoke, tmp_path: Path) -> None:
    args = ("toy-tictactoe", "-a", "random,random,random", "--format", "arena")
    data, _ = _event(cli, tmp_path, *args, "--minutes", "5", "--seed", "1")
    assert data["games"]
    assert all(game["start"] < 300 for game in data["games"])
    assert data["minutes"] == 5


def test_round_robin_every_pair_once_then_swapped(cli: Invoke, tmp_path: Path) -> None:
    agents = "random,random,random,random"
    data, _ = _event(cli, tmp_path, "toy-rps", "-a", agents, "--format", "round-robin")
    names = [agent["name"] for agent in data["agents"]]
    assert Counter(frozenset(g["sides"]) for g in data["games"]) == Counter(
        frozenset(pair) for pair in combinations(names, 2)
    )
    assert data["tiebreaks"] == ["sonneborn_berger", "wins"]
    double, _ = _event(
        cli, tmp_path, "toy-rps", "-a", agents, "--format", "round-robin", "--rounds", "2"
    )
    ordered = Counter(tuple(g["sides"]) for g in double["games"])
    assert set(ordered.values()) == {1} and len(ordered) == 12


def test_multi_player_swiss_groups_tables(cli: Invoke, tmp_path: Path) -> None:
    args = ("connect5", "-p", "3", "-a", "random,random,random,random,random,random")
    data, stdout = _event(cli, tmp_path, *args, "--format", "swiss", "-o", "idle_limit=5")
    assert "tie-breaks in order: Bh, mean rank" in stdout
    assert data["rounds"] == 3
    assert [len(g["sides"]) for g in data["games"]] == [3] * 6
    assert data["byes"] == []
    assert [(row["agent"], row["score"]) for row in data["standings"]] == _recomputed(data)


def test_multi_player_swiss_uses_smaller_tables(cli: Invoke, tmp_path: Path) -> None:
    args = ("connect5", "-p", "3", "-a", "random,random,random,random,random")
    data, _ = _event(cli, tmp_path, *args, "--format", "swiss", "--rounds", "1")
    assert sorted(len(g["sides"]) for g in data["games"]) == [2, 3]
    assert data["table_players"] == {"2": 2, "3": 3}


def test_pairs_of_partners_are_one_side(cli: Invoke, tmp_path: Path) -> None:
    args = ("pairs", "-p", "4", "-a", "random,greedy,random", "--format", "round-robin")
    data, _ = _event(cli, tmp_path, *args, "-o", "max_rounds=2")
    assert data["sides"] == 2 and data["teams"] == [[0, 1], [2, 3]]
    for game in data["games"]:
        first, second = game["sides"]
        assert game["agents"] == [first, first, second, second]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--format", "knockout"), "unknown format"),
        (("--format", "arena", "--rounds", "2"), "no rounds"),
        (("--format", "arena", "--jobs", "2"), "one game at a time"),
        (("--format", "swiss", "--games", "3"), "--games is for"),
        (("--format", "round-robin", "--minutes", "3"), "--minutes is for"),
        (("--format", "swiss", "--seatings", "permutations"), "--seatings is for"),
        (("--format", "swiss", "--plot", "x.png"), "--plot is for"),
        (("--rounds", "2"), "--rounds and --minutes"),
    ],
)
def test_options_that_do_not_apply_are_refused(
    cli: Invoke, args: tuple[str, ...], message: str
) -> None:
    result = cli("tournament", "toy-tictactoe", "-a", "random,random", *args)
    assert result.exit_code == 2
    assert message in result.output


def test_events_need_two_sides_and_enough_agents(cli: Invoke) -> None:
    one_side = cli("tournament", "pairs", "-a", "random,random", "--format", "swiss")
    assert one_side.exit_code == 2 and "two sides" in one_side.output
    few = cli("tournament", "connect5", "-p", "4", "-a", "random,random", "--format", "arena")
    assert few.exit_code == 2 and "need 4 agents" in few.output
