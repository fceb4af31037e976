"""``core.events.Event``, compiled by mypyc (``_build.COMPILED``) and pure: immutable, equal by
value, unhashable, pickled and shown as the frozen dataclass it replaced was."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest
from tests.core.test_state_native import needs_compiled

from connect_arena.core.events import Event, ParamValue


@needs_compiled
def test_the_event_class_is_compiled() -> None:
    assert "__mypyc_attrs__" in vars(Event)


def test_an_event_is_read_only() -> None:
    event = Event.of("pairs.take", seat=1, subject="F", zone=2)
    with pytest.raises(AttributeError):
        event.key = "pairs.move"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        event.params = {}  # type: ignore[misc]
    with pytest.raises(TypeError):
        event.params["seat"] = 0  # type: ignore[index]
    assert (event.key, dict(event.params)) == ("pairs.take", {"seat": 1, "subject": "F", "zone": 2})


def test_of_keeps_no_reference_to_the_callers_dict() -> None:
    given: dict[str, ParamValue] = {"seat": 1}
    event = Event.of("pairs.keep", **given)
    given["seat"] = 0
    assert event.params == {"seat": 1}


def test_events_compare_by_value_and_are_unhashable() -> None:
    first, second = Event.of("core.action", seat=0, action="x"), Event("core.action")
    assert first == Event.of("core.action", seat=0, action="x")
    assert first != second and second == Event("core.action", {})
    assert first != ("core.action", {"seat": 0, "action": "x"})
    with pytest.raises(TypeError):
        hash(first)


@pytest.mark.parametrize(
    "clone", [lambda e: pickle.loads(pickle.dumps(e)), copy.copy, copy.deepcopy]
)
def test_pickles_and_copies_are_equal(clone: Any) -> None:
    event = Event.of("pairs.scores", pair="X", points=4, seats=[0, 2])
    twin = clone(event)
    assert twin == event and type(twin) is Event
    assert Event.from_json(event.to_json()) == event


def test_repr_and_text() -> None:
    event = Event.of("pairs.keep", seat=1, zone=6)
    assert repr(event) == "Event(key='pairs.keep', params=mappingproxy({'seat': 1, 'zone': 6}))"
    assert str(event) == "pairs.keep seat=Player 2 zone=6"
    assert repr(Event("core.game_over")) == "Event(key='core.game_over', params=mappingproxy({}))"
