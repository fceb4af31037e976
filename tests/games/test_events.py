"""Every registered game describes its actions and refusals as structured events that the
terminal renders in English and the browser translates in five languages.

Seeded random playouts of each game check, at every step: ``describe_action`` of every legal
action (a sample when there are many) gives an :class:`Event` whose key is the game's own
(``<game>.<what>``) or a core one, with an English template and a translation under
``event.<what>`` in each of the five languages; the returns stay in the declared range.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from tools import english_events

from connect_arena.core import CHANCE, Event, load, sample_chance_outcome
from connect_arena.core.events import ENGLISH
from connect_arena.core.registry import game_class

GAMES = ("quinque", "connect5", "connnect", "pairs")
LANGUAGES = ("en", "it", "de", "fr", "es")
I18N = Path(__file__).parents[2] / "src/connect_arena/server/static/i18n"
STEPS = 400


@cache
def strings(namespace: str, lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((I18N / f"{namespace}.{lang}.json").read_text("utf-8"))
    return data


def check_event(game: str, event: Event) -> None:
    assert isinstance(event, Event)
    prefix, _, what = event.key.partition(".")
    assert prefix in (game, "core"), f"{event.key}: not a {game} or core key"
    templates = game_class(game).event_templates
    assert event.key in templates or event.key in ENGLISH, f"{event.key}: no English template"
    namespace = "common" if prefix == "core" else game
    for lang in LANGUAGES:
        assert f"event.{what}" in strings(namespace, lang), f"{event.key}: missing in {lang}"
    json.dumps(event.to_json())  # JSON-able


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_actions_are_described_with_translated_events(game: str, seed: int) -> None:
    rng = random.Random(seed)
    cls = game_class(game)
    state = load(game, rng.choice(cls.player_counts)).new_initial_state()
    declared = cls.game_type
    for _ in range(STEPS):
        if state.is_terminal():
            break
        if state.is_chance_node():
            action = sample_chance_outcome(state, rng)
            check_event(game, state.describe_action(action, CHANCE))
            state.apply_action(action, CHANCE)
            continue
        seat = rng.choice(sorted(state.active_players()))
        legal = state.legal_actions(seat)
        for candidate in rng.sample(legal, min(len(legal), 8)):
            event = state.describe_action(candidate, seat)
            check_event(game, event)
            # English rendering leaves no unfilled field.
            text = state.game.render_event(event)
            assert "{" not in text, text
        state.apply_action(rng.choice(legal), seat)
    for value in state.returns():
        assert declared.min_utility <= value <= declared.max_utility


def test_the_browsers_english_event_texts_are_the_engines_templates() -> None:
    stale = [str(path) for path in english_events.stale_files()]
    assert stale == [], "out of date: run python tools/english_events.py"


def test_the_english_texts_follow_a_changed_template() -> None:
    text = '{\n "title": "T",\n "event.take": "old",\n "event.gone": "g"\n}\n'
    events = {"event.take": "{seat} takes", "event.give": "{seat} gives"}
    assert english_events._updated(text, events) == (
        '{\n "title": "T",\n "event.take": "{seat} takes",\n "event.give": "{seat} gives"\n}\n'
    )
