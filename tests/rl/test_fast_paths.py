"""The stepper's quick paths give what its plain paths give: an id picked without the root's
dict (:meth:`Encoding.pick`), the id and the chance outcomes after it in one call
(:meth:`Stepper.apply_and_draw`), both compiled with the encodings when the engines are."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from connect_arena import _build
from connect_arena.core import CHANCE, load
from connect_arena.core.game import Action
from connect_arena.rl import Stepper, encoding_for
from connect_arena.rl.encoding.base import Encoding

CASES: list[tuple[str, dict[str, Any]]] = [
    ("quinque", {"max_turns": 40}),
    ("connect5", {"idle_limit": 12}),
    ("connect5", {"num_players": 4, "idle_limit": 8}),
    ("connect5", {"capture_compulsory": True, "sandwich_in_chain": True, "idle_limit": 6}),
    ("connnect", {}),
    ("connnect", {"num_players": 3, "adjust": "split"}),
    ("pairs", {"num_players": 4, "max_rounds": 12}),
    ("pairs", {"num_players": 4, "key": "random", "connect_chooser": "active", "max_rounds": 20}),
]


def _ids(case: tuple[str, dict[str, Any]]) -> str:
    name, options = case
    return name + "".join(f"-{key}={value}" for key, value in options.items())


@pytest.mark.parametrize(("name", "options"), CASES, ids=map(_ids, CASES))
def test_pick_is_the_roots_answer(name: str, options: dict[str, Any]) -> None:
    """In every position of a random game, for every legal first id and random others,
    ``pick`` gives the action that the id completes at the root, or a root equal to
    :meth:`Encoding.root`'s (always for an id that is not legal, or starts a longer
    sequence); the lazily built :meth:`Encoding.first` gives the same ids, actions and root
    whatever it is asked first; the state is untouched."""
    game = load(name, **options)
    encoding = encoding_for(game)
    state = game.new_initial_state()
    rng = random.Random(7)
    picked = rooted = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_legal_action(rng.choice(state.legal_actions(CHANCE)), CHANCE)
            continue
        player = min(state.active_players())  # a simultaneous phase: the first seat
        root = encoding.root(state, player)
        tried = {*root, *rng.sample(range(encoding.num_distinct_actions), 12)}
        for action_id in sorted(tried):
            answer = encoding.pick(state, player, action_id)
            if isinstance(answer, Action):
                target = root.get(action_id)
                assert answer is target or answer == target, (action_id, answer, target)
                picked += 1
            else:
                assert answer == root, action_id
                rooted += 1
        ids, top, asked = sorted(root), encoding.first(state, player), encoding.first(state, player)
        assert top.ids() == ids  # the lazily built first steps agree, asked in any order
        for action_id in sorted(tried):
            target = root.get(action_id)
            expected = target if isinstance(target, Action) else None
            assert top.pick(action_id) == expected
            assert asked.pick(action_id) == expected
        assert top.node() == root and asked.node() == root and asked.ids() == ids
        assert encoding.root(state, player) == root  # nothing changed
        state.apply_legal_action(rng.choice(state.legal_actions(player)), player)
    assert picked > 50 and rooted > 50


@pytest.mark.parametrize(("name", "options"), CASES, ids=map(_ids, CASES))
def test_ids_applied_without_asking_play_the_same_game(name: str, options: dict[str, Any]) -> None:
    """Two steppers take the same ids: one asks for the legal ids before each (its root is
    built), the other never (the ids are picked); the games stay equal step by step, and an
    illegal id is refused on either path with nothing changed."""
    game = load(name, **options)
    encoding = encoding_for(game)
    asking = Stepper(encoding, game.new_initial_state())
    blind = Stepper(encoding, game.new_initial_state())
    rng = random.Random(3)
    steps = 0
    while not asking.is_terminal():
        if asking.is_chance_node():
            point = rng.random()
            assert blind.sample_chance(point) == asking.sample_chance(point)
            continue
        legal = asking.legal_ids()
        if steps % 7 == 0:  # an id that is not legal now
            wrong = next(i for i in range(encoding.num_distinct_actions) if i not in legal)
            before = str(blind)
            for stepper in (asking, blind):
                with pytest.raises(ValueError, match="not legal"):
                    stepper.apply_id(wrong)
            assert str(blind) == before
        action_id = rng.choice(legal)
        asking.apply_id(action_id)
        blind.apply_id(action_id)
        assert blind.prefix == asking.prefix
        assert str(blind) == str(asking)
        assert blind.current_player == asking.current_player
        steps += 1
    assert blind.is_terminal() and blind.returns() == asking.returns()
    assert steps > 30


@pytest.mark.parametrize("name", ["quinque", "connect5", "connnect", "pairs"])
def test_apply_and_draw_is_the_id_then_the_drawn_outcomes(name: str) -> None:
    """:meth:`Stepper.apply_and_draw` equals ``apply_id`` then ``sample_chance`` of the same
    draws until a seat acts, and returns the seat; an illegal id draws nothing."""
    short = {
        "quinque": {"max_turns": 40},
        "connect5": {"idle_limit": 8},
        "pairs": {"max_rounds": 6},
    }
    game = load(name, **short.get(name, {}))
    encoding = encoding_for(game)
    one, other = (Stepper(encoding, game.new_initial_state()) for _ in range(2))
    draws, twin = random.Random(5), random.Random(5)
    for stepper, rng in ((one, draws), (other, twin)):
        while stepper.current_player == CHANCE:
            stepper.sample_chance(rng.random())
    pick = random.Random(1)
    drawn = 0
    while not one.is_terminal():
        action_id = pick.choice(one.legal_ids())
        calls: list[float] = []

        def draw(calls: list[float] = calls) -> float:
            calls.append(draws.random())
            return calls[-1]

        seat = one.apply_and_draw(action_id, draw)
        other.apply_id(action_id)
        while other.current_player == CHANCE:
            other.sample_chance(twin.random())
        assert seat == one.current_player == other.current_player
        assert str(one) == str(other)
        drawn += len(calls)
        if one.is_terminal():
            break
        legal = one.legal_ids()
        wrong = next(i for i in range(encoding.num_distinct_actions) if i not in legal)
        before, state = str(one), draws.getstate()
        with pytest.raises(ValueError, match="not legal"):
            one.apply_and_draw(wrong, draw)
        assert str(one) == before and draws.getstate() == state
    if name in ("connnect", "pairs"):  # the others draw only their first player
        assert drawn > 0


needs_compiled = pytest.mark.skipif(
    not _build.is_compiled(),
    reason=f"the suite runs on the pure-Python engines here ({_build.describe()})",
)


@needs_compiled
@pytest.mark.parametrize("name", ["quinque", "connect5", "connnect", "pairs"])
def test_the_stepper_and_the_encodings_are_compiled(name: str) -> None:
    """The adapters' hot path runs compiled with the engines; a plug-in game's encoding
    still subclasses the compiled base (interpreted)."""
    from tests.plugins.fivestones.encoding import FiveStonesEncoding

    assert "__mypyc_attrs__" in vars(Stepper)
    assert "__mypyc_attrs__" in vars(Encoding)
    assert "__mypyc_attrs__" in vars(type(encoding_for(load(name))))
    assert "__mypyc_attrs__" not in vars(FiveStonesEncoding)
    assert issubclass(FiveStonesEncoding, Encoding)


def test_numpy_draws_are_accepted() -> None:
    """PettingZoo's generator hands ``random`` itself to the stepper."""
    stepper = Stepper(encoding_for(load("quinque")), load("quinque").new_initial_state())
    generator = np.random.default_rng(0)
    assert stepper.current_player == CHANCE
    stepper.sample_chance(generator.random())
    first = stepper.legal_ids()[0]
    assert stepper.apply_and_draw(first, generator.random) in (0, 1)
