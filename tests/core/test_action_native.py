"""``Action`` and the four games' action classes compiled by mypyc (``core/action.py``,
``games/*/notation.py``): native classes in the compiled build that behave as the frozen
dataclasses they are on both builds (equality, hashing, ``repr``, frozen, pickling, copying,
``dataclasses.fields``, ``match``), and a plug-in's interpreted subclass still works."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
import random
from types import ModuleType

import pytest
from tests.plugins.fivestones import FiveStonesGame, Take

from connect_arena import _build
from connect_arena.core import load
from connect_arena.core.chance import sample_chance_outcome
from connect_arena.core.game import Action, State
from connect_arena.games.connect5 import notation as connect5_notation
from connect_arena.games.connnect import notation as connnect_notation
from connect_arena.games.pairs import notation as pairs_notation
from connect_arena.games.quinque import notation as quinque_notation

NOTATIONS: dict[str, ModuleType] = {
    "connect5": connect5_notation,
    "connnect": connnect_notation,
    "pairs": pairs_notation,
    "quinque": quinque_notation,
}

needs_compiled = pytest.mark.skipif(
    not _build.is_compiled(),
    reason=f"the suite runs on the pure-Python engines here ({_build.describe()})",
)


def _action_classes(module: ModuleType) -> list[type[Action]]:
    """The concrete action classes ``module`` defines (its dataclasses under ``Action``)."""
    return [
        cls
        for _, cls in inspect.getmembers(module, inspect.isclass)
        if issubclass(cls, Action) and cls.__module__ == module.__name__
        if dataclasses.is_dataclass(cls)
    ]


def _seen_actions(name: str) -> list[Action]:
    """One action of every class met in a few random two-player games of ``name``."""
    seen: dict[type[Action], Action] = {}
    for seed in range(4):
        state: State[Action] = load(name, 2).new_initial_state()
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_terminal():
                break
            if state.is_chance_node():
                action = sample_chance_outcome(state, rng)
                player = -1
            else:
                player = min(state.active_players())
                legal = state.legal_actions(player)
                for candidate in legal:
                    seen.setdefault(type(candidate), candidate)
                action = rng.choice(legal)
            seen.setdefault(type(action), action)
            state.apply_legal_action(action, player)
    return list(seen.values())


@needs_compiled
@pytest.mark.parametrize("name", sorted(NOTATIONS))
def test_the_action_classes_are_native(name: str) -> None:
    assert "__mypyc_attrs__" in vars(Action)
    classes = _action_classes(NOTATIONS[name])
    assert len(classes) >= 5
    for cls in classes:
        assert "__mypyc_attrs__" in vars(cls), cls
    assert NOTATIONS[name].__file__ is not None
    assert not NOTATIONS[name].__file__.endswith(".py")


@pytest.mark.parametrize("name", sorted(NOTATIONS))
def test_actions_keep_their_dataclass_behaviour(name: str) -> None:
    actions = _seen_actions(name)
    assert len(actions) >= 4
    for action in actions:
        cls = type(action)
        fields = dataclasses.fields(action)
        values = tuple(getattr(action, field.name) for field in fields)
        twin = cls(*values)
        assert twin == action and hash(twin) == hash(action) and twin is not action
        assert str(twin) == str(action)
        assert (
            repr(action)
            == f"{cls.__name__}("
            + ", ".join(
                f"{field.name}={value!r}" for field, value in zip(fields, values, strict=True)
            )
            + ")"
        )
        assert cls.__match_args__ == tuple(field.name for field in fields)
        assert action.parts()["kind"]
        if fields:
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(action, fields[0].name, values[0])
        with pytest.raises((dataclasses.FrozenInstanceError, AttributeError, TypeError)):
            action.extra = 1  # type: ignore[attr-defined]
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            back = pickle.loads(pickle.dumps(action, protocol))
            assert type(back) is cls and back == action and str(back) == str(action)
        assert copy.copy(action) == action and copy.deepcopy(action) == action


def test_match_on_action_classes() -> None:
    cases: list[tuple[Action, object]] = [
        (connect5_notation.Place("c3"), "c3"),
        (quinque_notation.Add((1, 2), (3, 4)), ((1, 2), (3, 4))),
        (pairs_notation.Move(2, 0, 3), (2, 0, 3)),
        (connnect_notation.Write(4, 7), (4, 7)),
    ]
    for action, expected in cases:
        match action:
            case connect5_notation.Place(dot):
                got: object = dot
            case quinque_notation.Add(tile, skydiver):
                got = (tile, skydiver)
            case pairs_notation.Move(subject, source, target):
                got = (subject, source, target)
            case connnect_notation.Write(value, cell=cell):
                got = (value, cell)
            case _:
                got = None
        assert got == expected, action


def test_a_plug_in_action_is_an_interpreted_subclass() -> None:
    take = Take(2)
    assert isinstance(take, Action) and "__mypyc_attrs__" not in vars(Take)
    assert str(take) == "take 2" and take.parts() == {"kind": "take", "count": 2}
    assert pickle.loads(pickle.dumps(take)) == take
    with pytest.raises(dataclasses.FrozenInstanceError):
        take.count = 3  # type: ignore[misc]
    state = FiveStonesGame().new_initial_state()
    state.apply_legal_action(state.parse_action("take 2"), 0)
    assert state.history[-1].action == take


def test_an_action_class_without_notation_is_refused() -> None:
    with pytest.raises(TypeError, match="__str__"):

        @dataclasses.dataclass(frozen=True)
        class Nameless(Action):  # pyright: ignore[reportUnusedClass]
            count: int
