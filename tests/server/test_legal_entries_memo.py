"""A state message's legal actions are looked up by the action objects' identity first
(``messages.legal_lists``): an engine hands out the same objects from state to state, and a
look-up by value hashed and compared each of them in Python, every move."""

from __future__ import annotations

from dataclasses import dataclass

import orjson
import pytest

from connect_arena.core import CHANCE, Action, load
from connect_arena.service import messages
from connect_arena.service.messages import legal_entry

HASHED: list[int] = []


@dataclass(frozen=True)
class Counted(Action):
    """An action that records each time it is hashed."""

    cell: int

    def __str__(self) -> str:
        return f"counted {self.cell}"

    def __hash__(self) -> int:
        HASHED.append(self.cell)
        return hash(self.cell)


def test_an_action_listed_again_is_not_hashed_again() -> None:
    action = Counted(7)
    first = legal_entry(action)
    HASHED.clear()
    again = legal_entry(action)
    assert again is first
    assert again == {"notation": "counted 7", "parts": {"kind": "counted", "cell": 7}}
    assert HASHED == []


def test_an_equal_action_gets_the_same_entry() -> None:
    assert legal_entry(Counted(8)) is legal_entry(Counted(8))
    assert legal_entry(Counted(9))["notation"] == "counted 9"


def test_a_full_memo_starts_over_and_stays_right(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(messages, "ENTRIES_HELD", 3)
    actions = [Counted(n) for n in range(10, 20)]
    for _ in range(3):
        entries, notations, texts = messages.legal_lists(actions)
        assert [e["notation"] for e in entries] == notations == [str(a) for a in actions]
        assert [orjson.dumps([t]) for t in texts] == [orjson.dumps([e]) for e in entries]
    assert len(messages._BY_IDENTITY) <= 3


def test_a_legal_entry_is_the_observations_last_of_the_same_action() -> None:
    """One memo by value (``core.legal_json_of``) serves a state's legal entries and an
    observation's ``last``: the action the mover picks from its list is drawn from it."""
    state = load("quinque", 2).new_initial_state()
    while state.is_chance_node():
        state.apply_legal_action(state.legal_actions(CHANCE)[0], CHANCE)
    seat = state.current_player
    action = state.legal_actions(seat)[0]
    entry = legal_entry(action)
    state.apply_legal_action(action, seat)
    assert state.observation(0)["last"] is entry
