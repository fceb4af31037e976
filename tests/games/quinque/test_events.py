"""Quinque's structured events: each action is described by a key and parameters, each refusal
carries its event (with the English text the rule tests know), and every key reads in the five
languages of the page with the same parameters."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, get_args

import pytest

from connect_arena.core import CHANCE, Event, IllegalActionError
from connect_arena.games import load
from connect_arena.games.quinque import Add, FirstPlayer, Mark, Move, Pass, events
from connect_arena.games.quinque.rules import Outcome
from tests.games.quinque.helpers import BLUE, RED, position

I18N = Path(__file__).parents[3] / "src/connect_arena/server/static/i18n"
SOURCES = Path(__file__).parents[3] / "src/connect_arena"
LANGUAGES = ("en", "it", "de", "fr", "es")
FIELD = re.compile(r"\{(\w+)\}")


def strings(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((I18N / f"quinque.{lang}.json").read_text("utf-8"))
    return data


def refusal(state: Any, text: str, seat: int | None = None) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as refused:
        state.apply_action(text, seat)
    return refused.value


def test_actions_are_described_with_their_cells_and_seat() -> None:
    state = position([(0, 0), (1, 0)], red=[(0, 0)], blue=[(2, 0)])
    assert state.describe_action(Mark((1, 1)), RED) == Event.of(
        "quinque.mark", seat=RED, skydiver="1,1"
    )
    assert state.describe_action(Add((2, 0), (5, 1)), RED) == Event.of(
        "quinque.add", seat=RED, tile="T2,0", skydiver="5,1"
    )
    assert state.describe_action(Move((0, 0), (1, 1)), RED) == Event.of(
        "quinque.move", seat=RED, tile="T0,0", to="T1,1"
    )
    game = state.game
    assert game.render_event(state.describe_action(Mark((1, 1)), RED)) == "Red marks skydiver 1,1"
    text = game.render_event(state.describe_action(Add((2, 0), (5, 1)), RED))
    assert text == "Red adds tile T2,0 and marks skydiver 5,1"
    text = game.render_event(state.describe_action(Move((0, 0), (1, 1)), RED))
    assert text == "Red moves tile T0,0 to T1,1"


def test_a_pass_ends_the_turn_or_says_nothing_could_be_done() -> None:
    state = position([(0, 0), (1, 0)], red=[(0, 0)], blue=[(2, 0)])
    state.apply_action("mark 1,1")
    assert state.describe_action(Pass(), RED) == Event.of("quinque.end_turn", seat=RED)
    assert state.game.render_event(Event.of("quinque.end_turn", seat=RED)) == "Red ends the turn"
    # No parachutes and no tile that can move: the only action is a pass.
    stuck = position([(0, 0)], red=[(0, 0)], supply=(0, 0), to_move=BLUE)
    assert [str(a) for a in stuck.legal_actions()] == ["pass"]
    assert stuck.describe_action(Pass(), BLUE) == Event.of("quinque.pass", seat=BLUE)


def test_the_chance_action_names_who_begins() -> None:
    state = load("quinque").new_initial_state()
    event = state.describe_action(FirstPlayer(1), CHANCE)
    assert event == Event.of("quinque.first", seat=1)
    assert state.game.render_event(event) == "Blue begins"


@pytest.mark.parametrize(
    ("setup", "text", "key", "params", "english"),
    [
        (
            {"formation": [(0, 0), (1, 0)], "red": [(0, 0)], "supply": (0, 5)},
            "mark 1,1",
            "quinque.no_parachutes",
            {"seat": RED},
            "Red has no parachutes left: move a tile instead",
        ),
        (
            {"formation": [(0, 0), (1, 0)], "red": [(0, 0)]},
            "mark 0,0",
            "quinque.already_marked",
            {"skydiver": "0,0"},
            "skydiver 0,0 already carries a parachute",
        ),
        (
            {"formation": [(0, 0), (1, 0)], "red": [(0, 0)]},
            "add T3,0 6,0",
            "quinque.add_edge",
            {"tile": "T3,0"},
            "a new tile must share an edge with a tile in play, and T3,0 does not",
        ),
        (
            {"formation": [(0, 0), (1, 0), (2, 0)], "red": [(4, 0)], "basic_orthogonal_only": True},
            "move T2,0 T1,1",
            "quinque.off_line_orthogonal",
            {"tile": "T2,0", "to": "T1,1", "count": 1},
            "T1,1 is not in the row or column of T2,0",
        ),
        (
            {"formation": [(0, 0), (1, 0), (2, 0)], "red": [(4, 0)], "advanced": True},
            "move T2,0 T1,1",
            "quinque.off_line_orthogonal_advanced_one",
            {"tile": "T2,0", "to": "T1,1", "count": 1},
            "T1,1 is not in the row or column of T2,0 (a tile with 1 parachute, advanced rules)",
        ),
        (
            {"formation": [(0, 0), (1, 0)], "red": [(0, 0)]},
            "pass",
            "quinque.must_act",
            {},
            "you must act (mark, add or move) while you have a legal action",
        ),
    ],
)
def test_refusals_carry_their_event_and_english_text(
    setup: dict[str, Any], text: str, key: str, params: dict[str, Any], english: str
) -> None:
    options = dict(setup)
    state = position(options.pop("formation"), **options)
    before = state.observation(0)
    refused = refusal(state, text)
    assert refused.event == Event.of(key, **params)
    assert str(refused) == english
    assert state.observation(0) == before


def test_the_end_of_a_game_is_an_event_in_the_observation() -> None:
    state = position([(0, 0), (1, 0), (2, 0)], red=[(0, 0), (1, 0), (2, 0), (3, 0)])
    assert state.observation(0)["result"] is None
    state.apply_action("mark 4,0")
    view = state.observation(1)
    assert view["result"] == {"key": "quinque.outcome_line", "params": {"winner_seat": RED}}
    assert view["lines"] == [[[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]]]
    assert "Red wins[/] (five in a row)" in state.render()


def test_every_template_is_translated_with_the_same_fields() -> None:
    english = events.ENGLISH
    for lang in LANGUAGES:
        table = strings(lang)
        for key, template in english.items():
            name = "event." + key.removeprefix("quinque.")
            assert name in table, f"{name} missing in {lang}"
            assert set(FIELD.findall(table[name])) == set(FIELD.findall(template)), (lang, key)
        extra = {k for k in table if k.startswith("event.")} - {
            "event." + k.removeprefix("quinque.") for k in english
        }
        assert not extra, f"{lang}: keys with no English template {sorted(extra)}"
    page = strings("en")
    for key, template in english.items():  # one English text, in the engine and on the page
        assert page["event." + key.removeprefix("quinque.")] == template


def test_every_key_the_engine_names_has_a_template() -> None:
    """Keys written in the engine's source (whole, or as the prefix of an f-string) and every
    outcome code have an English template."""
    package = SOURCES / "games" / "quinque"  # the sources: events may be compiled
    english = events.ENGLISH
    for module in ("explain.py", "events.py", "rules.py", "view.py"):
        for key in re.findall(r"\"(quinque\.[a-z_]+)", (package / module).read_text("utf-8")):
            if key.endswith("_"):
                assert any(k.startswith(key) for k in english), (module, key)
            else:
                assert key in english, (module, key)
    outcomes = get_args(Outcome)
    assert {f"quinque.outcome_{code}" for code in outcomes if code} <= set(english)
