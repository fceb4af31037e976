"""The wire messages' JSON text (``service.live_table.encode``): orjson, with ``json.dumps``'s
text for every message, and ``json.dumps`` where orjson refuses."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from connect_arena.core import load
from connect_arena.service.live_table import encode
from connect_arena.service.messages import state_json


def reference(message: Any) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def test_a_state_message_is_the_text_json_writes() -> None:
    state = load("quinque", 2).new_initial_state()
    rng = random.Random(3)
    for _ in range(25):
        player = state.current_player
        state.apply_legal_action(rng.choice(state.legal_actions(player)), player)
    message = state_json(7, state, 25, [0])
    assert encode(message) == reference(message)


def test_integer_keys_become_strings_and_unicode_stays_as_it_is() -> None:
    message = {"type": "chat", 1: "ciao — ½ «ok» 🎲", "nested": {2: [1.5, None, True]}}
    assert encode(message) == reference(message)
    assert "🎲" in encode(message)


def test_what_orjson_refuses_is_written_by_json() -> None:
    huge = {"n": 2**70}
    assert encode(huge) == '{"n":1180591620717411303424}'
    lone = {"text": "\ud800"}
    assert encode(lone) == reference(lone)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@given(json_values)
def test_any_json_value_is_written_as_json_writes_it(value: Any) -> None:
    assert encode({"value": value}) == reference({"value": value})
