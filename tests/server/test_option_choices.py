"""The new-table form's options (issue 15, defect 7): the catalogue says, per player count,
which choices of each option the engine accepts (asked to the engine, not a table of ours), and
which options the web form offers at all."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from connect_arena.core import InvalidOptionError, game_class, game_names


@pytest.fixture
def catalogue(client: TestClient) -> dict[str, dict[str, Any]]:
    return {game["name"]: game for game in client.get("/api/games").json()["games"]}


def option(game: dict[str, Any], name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(o for o in game["options"] if o["name"] == name)
    return found


def test_starting_seats_depend_on_the_player_count(catalogue: dict[str, Any]) -> None:
    first = option(catalogue["pairs"], "first_player")["valid"]
    assert first["2"] == ["random", "0", "1"]
    assert first["8"] == ["random", *map(str, range(8))]
    assert option(catalogue["connect5"], "first_player")["valid"]["3"] == ["random", "0", "1", "2"]


def test_a_number_with_a_few_valid_values_becomes_a_choice(catalogue: dict[str, Any]) -> None:
    # 2, 3, 5... are no square; 1 needs fewer parachutes than the default (2 × 18 > 9 × 1):
    # the engine is asked with the other options at their defaults.
    assert option(catalogue["quinque"], "skydivers_per_tile")["valid"] == {"2": [4, 9]}
    assert option(catalogue["quinque"], "parachutes")["valid"] is None  # 1..200: a number field


def test_options_for_tests_and_programs_stay_out_of_the_form(catalogue: dict[str, Any]) -> None:
    board = option(catalogue["connect5"], "board")
    assert board["form"] and all("t1" not in values for values in board["valid"].values())
    for game in ("quinque", "connect5", "pairs"):
        limit = catalogue[game]["game_type"]["anti_endless_option"]
        assert option(catalogue[game], limit)["form"] is False
    assert option(catalogue["quinque"], "advanced")["form"] is True


def test_every_offered_choice_is_one_the_engine_accepts(catalogue: dict[str, Any]) -> None:
    for name in ("quinque", "connect5", "connnect", "pairs"):
        cls = game_class(name)
        assert name in game_names()
        for spec in catalogue[name]["options"]:
            for count, values in (spec["valid"] or {}).items():
                for value in values:
                    cls(int(count), **{spec["name"]: value})  # raises if invalid
                for value in set(spec["choices"] or []) - set(values):
                    if value == "t1":
                        continue
                    with pytest.raises(InvalidOptionError):
                        cls(int(count), **{spec["name"]: value})
