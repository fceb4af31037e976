"""Every legal action's ids, worked out the slow way (the encoding's arithmetic, then
:func:`build_tree`), lead the stepper's quick paths (Connect Pairs' codes read by identity
and a swap's node built without the root's, Quinque's window look-ups, Connect 5's single
jumps read by identity) to that same engine action, whether or not the legal ids were
asked for first, over seeded random games."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, cast

import pytest

from connect_arena.core import CHANCE, load
from connect_arena.core.game import Action, State
from connect_arena.rl import Stepper, encoding_for
from connect_arena.rl.encoding.base import Encoding, Node, build_tree
from connect_arena.rl.encoding.connect5 import Connect5Encoding
from connect_arena.rl.encoding.pairs import PairsEncoding


def _pairs_plain(encoding: Encoding, state: State[Any], actions: list[Action]) -> list[Any]:
    return [PairsEncoding._encode(action) for action in actions]


def _connect5_plain(encoding: Encoding, state: State[Any], actions: list[Action]) -> list[Any]:
    return [cast(Connect5Encoding, encoding)._encode(action) for action in actions]


def _quinque_plain(encoding: Encoding, state: State[Any], actions: list[Action]) -> list[Any]:
    return encoding.encode_all(state, actions)  # arithmetic from the window's origin


PLAIN: dict[str, Callable[[Encoding, State[Any], list[Action]], list[Any]]] = {
    "connect5": _connect5_plain,
    "pairs": _pairs_plain,
    "quinque": _quinque_plain,
}
CASES: list[tuple[str, dict[str, Any], int]] = [
    ("pairs", {"num_players": 4, "max_rounds": 8}, 1),
    ("pairs", {"num_players": 2, "key": "random", "max_rounds": 30}, 2),
    ("pairs", {"num_players": 4, "connect_chooser": "active", "max_rounds": 8}, 3),
    ("connect5", {"idle_limit": 12}, 6),
    ("connect5", {"capture_compulsory": True, "sandwich_in_chain": True, "idle_limit": 6}, 7),
    ("quinque", {"max_turns": 30}, 4),
    ("quinque", {"max_turns": 30, "advanced": True, "connectivity": "corner"}, 5),
]


def _sequences(node: Node, path: tuple[int, ...] = ()) -> list[tuple[tuple[int, ...], Action]]:
    found: list[tuple[tuple[int, ...], Action]] = []
    for step, target in node.items():
        if isinstance(target, dict):
            found += _sequences(target, (*path, step))
        else:
            assert isinstance(target, Action)  # the plain build leaves no bucket
            found.append(((*path, step), target))
    return found


@pytest.mark.parametrize(("name", "options", "seed"), CASES)
def test_every_legal_action_round_trips_through_the_quick_paths(
    name: str, options: dict[str, Any], seed: int
) -> None:
    game = load(name, **options)
    encoding = encoding_for(game)
    stepper = Stepper(encoding, game.new_initial_state())
    rng = random.Random(seed)
    checked = longer = 0
    while not stepper.is_terminal():
        if stepper.is_chance_node():
            stepper.sample_chance(rng.random())
            continue
        state, player = stepper.state, stepper.current_player
        actions = state.legal_actions(player)
        plain = build_tree(actions, PLAIN[name](encoding, state, actions), encoding.end_id)
        sequences = _sequences(plain)
        assert len(sequences) == len(actions)
        for sequence, action in sequences:
            for ask in (False, True):  # picked blind, or after the mask was built
                other = stepper.clone()
                for step in sequence:
                    if ask:
                        assert step in other.legal_ids()
                    other.apply_id(step)
                last = other.state.history[-1]
                assert (last.player, last.action) == (player, action), sequence
            checked += 1
            longer += len(sequence) > 1
        for step in rng.choice(sequences)[0]:  # a whole action: the next one starts afresh
            stepper.apply_id(step)
    assert checked > 100 and longer > 0  # one-id and longer sequences were both met


def test_pairs_codes_are_read_by_identity_and_refresh_for_new_objects() -> None:
    """A code is kept per action object: an equal action made anew (a parsed one) gets the
    same ids; an action's code is its id, or ``-1 -`` its first id for a longer one."""
    game = load("pairs", num_players=4)
    encoding = encoding_for(game)
    assert isinstance(encoding, PairsEncoding)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_legal_action(state.legal_actions(CHANCE)[0], CHANCE)
    player = state.current_player
    actions = state.legal_actions(player)  # the keys: six ids each
    codes = encoding.codes(actions)
    assert codes == [-1 - action.subjects[0] for action in actions]  # type: ignore[attr-defined]
    parsed = state.parse_action(str(actions[5]), player)
    assert parsed is not actions[5]
    assert encoding.encode(state, parsed) == tuple(actions[5].subjects)  # type: ignore[attr-defined]
    assert encoding.codes([parsed]) == [codes[5]]


PAIRS_CHILD_CASES: list[tuple[dict[str, Any], int]] = [
    (CASES[0][1], 1),
    (CASES[2][1], 3),
    ({"num_players": 2, "key": "choose", "max_rounds": 12}, 5),
    ({"num_players": 6, "double_swap": "optional", "max_rounds": 6}, 7),
    ({"num_players": 2, "key": "random", "connect_chooser": "active", "max_rounds": 40}, 10),
]


@pytest.mark.parametrize(("options", "seed"), PAIRS_CHILD_CASES)
def test_a_pairs_first_step_node_built_alone_is_the_root_nodes_entry(
    options: dict[str, Any], seed: int
) -> None:
    """``PairsRoot.child`` of each first id gives the node the root node's entry for that id
    expands to (a swap's second tokens, a key's next subjects), and the node the plain path
    builds (the encoding's arithmetic, then :func:`build_tree`), or ``None`` for a one-id
    action or an id that is not legal; a stepper that took such a first id that way lists
    the same sequences, ids and names as one whose root node was built first."""
    game = load("pairs", **options)
    encoding = encoding_for(game)
    stepper = Stepper(encoding, game.new_initial_state())
    rng = random.Random(seed)
    built = 0
    while not stepper.is_terminal():
        if stepper.is_chance_node():
            stepper.sample_chance(rng.random())
            continue
        state, player = stepper.state, stepper.current_player
        root = encoding.root(state, player)
        for action_id in {*root, *rng.sample(range(encoding.num_distinct_actions), 8)}:
            child = encoding.first(state, player).child(action_id)
            target = root.get(action_id)
            if type(target) is list:
                assert child == encoding.expand(state, target, action_id), action_id
                plain = [PairsEncoding._encode(action) for action in target]
                tails = [sequence[1:] for sequence in plain if sequence[0] == action_id]
                assert len(tails) == len(target)
                assert child == build_tree(target, tails, encoding.end_id), action_id
                alone, rooted = stepper.clone(), stepper.clone()
                rooted.action_sequences()  # the root node first: the plain path
                alone.apply_id(action_id)
                rooted.apply_id(action_id)
                assert alone.prefix == rooted.prefix == (action_id,)
                assert alone.legal_ids() == rooted.legal_ids()
                assert alone.action_sequences() == rooted.action_sequences()
                assert [alone.step_name(i) for i in alone.legal_ids()] == [
                    rooted.step_name(i) for i in rooted.legal_ids()
                ]
                built += 1
            else:
                assert child is None, action_id
        for step in rng.choice(stepper.action_sequences())[0]:
            stepper.apply_id(step)
    assert built > 5
