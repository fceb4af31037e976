"""Seeded random positions for tests and benchmarks (``benchmarks/bench_root_parallel.py``)."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from connect_arena.core import CHANCE, Action, Game, State


def random_steps(state: State[Action], rng: random.Random, steps: int) -> list[tuple[int, str]]:
    """Play up to ``steps`` random actions on ``state`` (fewer if the game ends): a chance
    outcome by its probability, else a random legal action of the lowest active seat. Returns
    the log as ``(seat, notation)`` pairs, seat ``CHANCE`` for chance."""
    log: list[tuple[int, str]] = []
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            seat = CHANCE
        else:
            seat = min(state.active_players())
            action = rng.choice(state.legal_actions(seat))
        state.apply_action(action, seat)
        log.append((seat, str(action)))
    return log


@dataclass
class Decision:
    """A seat's decision in :func:`random_decisions`: the game's state and random generator,
    who acts, their legal actions, and the action the game goes on with (the caller may read
    it before it is played)."""

    state: State[Action]
    rng: random.Random
    player: int
    legal: list[Action]
    action: Action


def random_decisions(game: Game, seeds: Iterable[int]) -> Iterator[Decision]:
    """Each decision of one random game of ``game`` per seed, played to its end: chance
    outcomes drawn uniformly from the legal ones, the lowest active seat acting, and after the
    caller's loop body the game going on with the decision's ``action`` (a random legal one).
    """
    for seed in seeds:
        rng = random.Random(seed)
        state: State[Action] = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_legal_action(rng.choice(state.legal_actions(CHANCE)), CHANCE)
                continue
            player = min(state.active_players())
            legal = state.legal_actions(player)
            decision = Decision(state, rng, player, legal, rng.choice(legal))
            yield decision
            state.apply_legal_action(decision.action, player)


def check_copies_play_on(
    state: State[Action],
    rng: random.Random,
    snapshot: Callable[[Any], Any],
    every: int,
    span: int,
    limit: int,
) -> int:
    """Play ``state`` randomly for up to ``limit`` actions; every ``every`` actions, a
    ``clone()`` and a pickle round trip must equal it (by ``snapshot``), play ``span`` random
    actions without moving it, then match it once it plays the same ``span`` actions (a
    native state's explicit copies miss no attribute). Returns the actions played."""
    count = 0
    while not state.is_terminal() and count < limit:
        if count % every:
            random_steps(state, rng, 1)
            count += 1
            continue
        before = snapshot(state)
        copies = [state.clone(), pickle.loads(pickle.dumps(state))]
        assert all(snapshot(copy) == before for copy in copies)
        twin_seed = rng.random()
        for copy in copies:
            random_steps(copy, random.Random(twin_seed), span)
        assert snapshot(state) == before  # the copies did not move the original
        count += len(random_steps(state, random.Random(twin_seed), span))
        after = snapshot(state)
        assert all(snapshot(copy) == after for copy in copies)
    return count
