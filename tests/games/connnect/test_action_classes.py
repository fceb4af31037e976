"""CO'NNN'ECT's action classes answer ``isinstance`` and ``issubclass`` from their class
hierarchy without running Python code (the search's rollout policy sorts every action by
class), with the same answers as before: each action is an instance of its own class and of
``Action`` only."""

from __future__ import annotations

import sys
from types import FrameType
from typing import Any

from connect_arena.core.game import Action
from connect_arena.games.connnect import notation as n

ACTIONS: list[Any] = [
    n.DealObjectives(("A",)),
    n.DealCards(("A", "B")),
    n.FirstPlayer(0),
    n.Roll((1, 2, 3)),
    n.ChooseZone(2),
    n.Write(3, 4),
    n.Change(2, 3),
    n.Skip(4),
    n.Switch(5),
    n.AdjustCell(6, 1),
    n.AdjustDie(3, -1),
    n.Move(7),
    n.Claim("I3", (0, 1, 2), False),
    n.Take(1),
    n.Done(),
]


def test_every_action_class_is_listed() -> None:
    assert {type(a) for a in ACTIONS} == set(n.ConnnectAction.__args__)  # type: ignore[attr-defined]


def test_isinstance_and_issubclass_follow_the_classes() -> None:
    classes = [type(a) for a in ACTIONS]
    for action in ACTIONS:
        assert isinstance(action, Action)
        for kind in classes:
            assert isinstance(action, kind) == (type(action) is kind)
            assert issubclass(type(action), kind) == (type(action) is kind)
    assert not isinstance("write 3 a1", n.Write)


def test_isinstance_runs_no_python_code() -> None:
    calls: list[str] = []

    def profile(frame: FrameType, event: str, arg: object) -> None:
        if event == "call":
            calls.append(frame.f_code.co_name)

    sys.setprofile(profile)
    try:
        for action in ACTIONS:
            for kind in (n.Write, n.Claim, n.Skip, n.Take):
                isinstance(action, kind)
    finally:
        sys.setprofile(None)
    assert calls == []
