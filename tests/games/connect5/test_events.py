"""Connect 5's actions and refusals are events (``events.py``) that read the same in English
as before and are translated, with the same parameters, in the five languages of the page.

Players see these words: the move list describes each action, and a refused action's toast
says why (a capture chain that uses a stretch twice, a sandwich at the end of a chain ...).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from connect_arena.core import CHANCE, Event, IllegalActionError, load
from connect_arena.games.connect5.events import ENGLISH
from connect_arena.games.connect5.notation import Jump, Step
from connect_arena.games.connect5.rules import Connect5Game, Connect5State
from tests.games.connect5.helpers import P1, P2, position
from tests.games.connect5.test_properties import OPTION_SETS, candidates, playout

I18N = Path(__file__).parents[3] / "src/connect_arena/server/static/i18n"
LANGUAGES = ("en", "it", "de", "fr", "es")


def _fields(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_is_translated_with_the_same_parameters(lang: str) -> None:
    strings: dict[str, Any] = json.loads((I18N / f"connect5.{lang}.json").read_text("utf-8"))
    events = {key.removeprefix("event."): text for key, text in strings.items()}
    events = {k: v for k, v in events.items() if f"event.{k}" in strings}
    assert set(events) == {key.removeprefix("connect5.") for key in ENGLISH}
    for key, template in ENGLISH.items():
        text = events[key.removeprefix("connect5.")]
        assert _fields(text) == _fields(template), (lang, key)
        if lang == "en":
            assert text == template, key  # the page's English is the terminal's


def test_the_game_renders_its_events_in_english() -> None:
    assert Connect5Game.event_templates == ENGLISH


@pytest.mark.parametrize(
    ("setup", "action", "key", "text"),
    [
        ("P1:a0, P2:a1", "place a3", "connect5.place", "Red places a token on a3"),
        ("P1:a2", "stack a2", "connect5.stack", "Red stacks a token on their single on a2"),
        ("P1:a0, P2:b0", "step a0 a1", "connect5.step", "Red moves a token from a0 to a1"),
        ("P1²:b1, P2:b0", "split b1 b2", "connect5.split", "Red splits the double on b1: "),
        (
            "P1:a0, P2:a1, P2:a3",
            "jump a0 over a1 to a2 over a3 to a4",
            "connect5.jump",
            "Red captures a1, a3, jumping from a0 to a2, a4",
        ),
        (
            "P1:a2, P2:a3, P1:a4",
            "sandwich a2 over a3 to a4",
            "connect5.sandwich",
            "Red sandwiches a3: a token jumps from a2 onto their single on a4",
        ),
    ],
)
def test_actions_read_as_words(setup: str, action: str, key: str, text: str) -> None:
    state = position(setup)
    parsed = state.parse_action(action)
    event = state.describe_action(parsed, P1)
    assert event.key == key
    assert state.game.render_event(event).startswith(text)


def test_a_double_and_a_step_onto_ones_single_are_told_apart() -> None:
    state = position("P1²:a2, P1:a4, P2:b0", stack_by_step=True)
    assert state.describe_action(Step("a2", "a3"), P1).key == "connect5.step_double"
    state = position("P1:a3, P1:a4, P2:b0", stack_by_step=True)
    assert state.describe_action(Step("a3", "a4"), P1).key == "connect5.step_stack"


def test_the_first_player_is_a_chance_event() -> None:
    state = load("connect5", 3, board="t1").new_initial_state()
    outcome = state.legal_actions()[2]
    event = state.describe_action(outcome, CHANCE)
    assert event == Event.of("connect5.first", seat=2)
    assert state.game.render_event(event) == "Purple starts the first round"


def _refusal(state: Connect5State, action: object, player: int) -> Event:
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(action, player)  # type: ignore[arg-type]
    event = caught.value.event
    assert isinstance(event, Event), str(caught.value)
    assert event.key in ENGLISH, event.key
    assert str(caught.value) == state.game.render_event(event)
    assert "{" not in str(caught.value)
    return event


@pytest.mark.parametrize(
    ("setup", "options", "action", "key", "params"),
    [
        ("P1:a0, P2:a1", {}, "place a1", "connect5.place_taken", {"holder_seat": P2}),
        ("P1:a0, P2²:a2", {}, "place a2", "connect5.place_taken_double", {"holder_seat": P2}),
        ("P1:a0, P2:a2", {}, "stack a2", "connect5.stack_on_token", {"holder_seat": P2}),
        ("P1:a0", {}, "stack a2", "connect5.stack_on_nothing", {"dot": "a2"}),
        ("P1:a0, P1:a1", {}, "step a0 a1", "connect5.dst_own", {"dst": "a1"}),
        ("P1:a0, P2²:a1", {}, "step a0 a1", "connect5.dst_taken_double", {"holder_seat": P2}),
        ("P1:a0, P2:a1, P2:a3", {}, "jump a0 over a1 to a2 over a3 to a2", None, {}),
        (
            "P1:a0, P2:a1, P2:a3, P1:a4",
            {},
            "sandwich a0 over a1 to a2 over a3 to a4",
            "connect5.sandwich_in_chain",
            {},
        ),
        ("P1:a0, P2:a1, P1:a2", {}, "jump a0 over a1 to a2", "connect5.landing_own", {}),
        ("P1:a0, P2²:a1", {}, "jump a0 over a1 to a2", "connect5.single_eats_double", {}),
        ("P1²:a2, P2²:a3, P1:a4", {}, "sandwich a2 over a3 to a4", "connect5.sandwich_double", {}),
        ("P1:a0", {}, "pass", "connect5.pass_refused", {}),
        ("P1:a0", {}, "first 1", "connect5.drawn_by_chance", {}),
    ],
)
def test_refusals_are_events_with_their_parameters(
    setup: str, options: dict[str, Any], action: str, key: str | None, params: dict[str, Any]
) -> None:
    """The reason reaches the page as a key and parameters; the English message is its
    rendering (seats by name)."""
    state = position(setup, **options)
    event = _refusal(state, action, P1)
    if key is not None:
        assert event.key == key
    for name, value in params.items():
        assert event.params[name] == value


def test_a_capture_chain_refused_for_a_stretch_used_twice() -> None:
    """IT "ripercorrendo a ritroso un tratto appena usato": a chain may not jump a dot twice."""
    state = position("P1²:a2, P2:a3, P2:b2")
    chain = Jump(("a2", "a3", "a4", "a3", "a2"))
    event = _refusal(state, chain, P1)
    assert event.key in ("connect5.chain_twice", "connect5.nothing_to_eat"), event.key


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
def test_every_refusal_of_random_positions_is_an_event(options: dict[str, object]) -> None:
    """Each candidate the rules refuse, in random positions on T1, gets an event with an
    English template whose rendering is the error's message."""
    seen: Counter[str] = Counter()
    for state in playout("t1", 3, options, 4, 240)[::3]:
        player = state.current_player
        allowed = set(state.legal_actions(player))
        for action in candidates(state):
            if action not in allowed:
                seen[_refusal(state.clone(), action, player).key] += 1
    assert len(seen) >= 12, seen
