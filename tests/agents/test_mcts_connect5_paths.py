"""Connect 5's rollout policy keeps its open paths between calls the way a search calls it:
a leaf, a rollout of some 40 actions, then the next simulation's leaf near the first. The next
leaf is brought up to date from the last jump's position (the anchor), not by undoing the
rollout path by path, and the kept paths still equal a fresh count."""

from __future__ import annotations

import random
from typing import Any

from connect_arena.agents.knowledge import connect5
from connect_arena.core import load


def _play(state: Any, rng: random.Random, actions: int) -> list[Any]:
    """``actions`` random actions from ``state`` (changed in place); the positions passed."""
    seen = []
    for _ in range(actions):
        if state.is_terminal():
            break
        player = state.current_player
        state.apply_legal_action(rng.choice(state.legal_actions(player)), player)
        seen.append(state.clone())
    return seen


def _assert_fresh(kept: Any, state: Any, players: int) -> None:
    fresh = connect5._Paths(kept.tab, state.owner, players)
    assert kept.owner == fresh.owner and kept.occ == fresh.occ
    assert kept.total == fresh.total and kept.held == fresh.held
    assert kept.seat == fresh.seat
    opened = [index for index, seat in enumerate(fresh.seat) if seat >= 0]
    assert [kept.count[i] for i in opened] == [fresh.count[i] for i in opened]
    assert [kept.empty_dots(i) for i in opened] == [fresh.empty_dots(i) for i in opened]
    assert kept.attack == fresh.attack and kept.defend == fresh.defend
    assert kept.fours == fresh.fours


def test_a_search_like_sequence_starts_each_leaf_from_the_last_jump() -> None:
    for players in (2, 3):
        rng = random.Random(players)
        root = load("connect5", players).new_initial_state()
        _play(root, rng, 12)
        tab = connect5._tables(root.cfg)
        connect5._PATHS.paths = None  # a new thread's first call
        for _ in range(6):
            leaf = root.clone()
            _play(leaf, rng, 2)
            kept = connect5._paths_now(tab, leaf.owner, players)
            _assert_fresh(kept, leaf, players)
            assert connect5._PATHS.anchor.owner == leaf.owner  # the leaf is the anchor
            for position in _play(leaf.clone(), rng, 40):  # the rollout
                kept = connect5._paths_now(tab, position.owner, players)
                _assert_fresh(kept, position, players)
            # the rollout's steps are near each other: the anchor stays at the leaf
            assert connect5._PATHS.anchor.owner == leaf.owner


def test_copy_from_gives_an_independent_equal_copy() -> None:
    rng = random.Random(5)
    state = load("connect5", 2).new_initial_state()
    _play(state, rng, 20)
    tab = connect5._tables(state.cfg)
    source = connect5._Paths(tab, state.owner, 2)
    copy = connect5._Paths(tab, [-1] * len(state.owner), 2)
    copy.copy_from(source)
    _assert_fresh(copy, state, 2)
    before = state.clone()
    later = _play(state, rng, 3)[-1]
    copy.update(later.owner)
    _assert_fresh(copy, later, 2)
    _assert_fresh(source, before, 2)  # the source is untouched


def test_the_dots_an_action_names_are_every_changed_dot() -> None:
    """Told the state of the last call one action later, the kept paths compare only the
    dots that action names (``_Paths.moved``): the same dots as comparing every dot, over
    rollout-policy games (captures, steps, rounds ending) of two and three seats."""
    kinds = set()
    for players in (2, 3):
        rng = random.Random(40 + players)
        state = load("connect5", players).new_initial_state()
        tab = connect5._tables(state.cfg)
        kept = connect5._Paths(tab, state.owner, players)
        kept.follow(state)
        for _ in range(600):
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes = state.legal_actions(state.current_player)
                action, player = rng.choice(outcomes), state.current_player
            else:
                player = state.current_player
                action = connect5.rollout(state, player, rng)
            state.apply_legal_action(action, player)
            kinds.add(type(action).__name__)
            if kept.round == state.round:
                assert kept.moved(state, state.owner) == kept.changed(state.owner)
            kept.update(state.owner)
            kept.follow(state)
    assert {"Place", "Step", "Jump"} <= kinds
