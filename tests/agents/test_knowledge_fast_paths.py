"""The rollout policies' fast paths give what the plain computation gives: Connect 5's open
paths kept from call to call equal a fresh count after any jump between positions, Quinque's
cells that complete a line (found once per position) are those where the engine
sees a line after placing the parachute."""

from __future__ import annotations

import random
from typing import Any

from connect_arena.agents.knowledge import connect5, quinque
from connect_arena.core import CHANCE, State, load, sample_chance_outcome
from connect_arena.games.quinque.geometry import has_line


def _positions(game: str, count: int, seed: int, players: int | None = None) -> list[Any]:
    rng = random.Random(seed)
    found: list[tuple[State[Any], int]] = []
    while len(found) < count:
        state = load(game, players).new_initial_state()
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
                continue
            player = min(state.active_players())
            found.append((state.clone(), player))
            state.apply_legal_action(rng.choice(state.legal_actions(player)), player)
    return found


def test_connect5_kept_paths_equal_a_fresh_count() -> None:
    for players in (2, 3):
        positions = _positions("connect5", 150, seed=players, players=players)
        order = list(range(len(positions)))
        random.Random(1).shuffle(order)
        for index in order + order[:20]:
            state, _ = positions[index]
            tab = connect5._tables(state.cfg)
            kept = connect5._paths_now(tab, state.owner, players)
            fresh = connect5._Paths(tab, state.owner, players)
            assert kept.occ == fresh.occ
            assert kept.seat == fresh.seat
            assert kept.attack == fresh.attack and kept.defend == fresh.defend
            assert kept.fours == fresh.fours
            occ = connect5._masks(state.owner, players)
            assert kept.occ == occ


def _open_paths_by_masks(
    runs: tuple[int, ...], owner: list[int], occ: list[int]
) -> tuple[list[int], list[int], list[tuple[int, ...]]]:
    """Per path, from the masks alone: the seat it is open for (``-1``: empty or contested),
    that seat's stacks on it and its empty dots (board order): the reference reading."""
    full = 0
    for mask in occ:
        full |= mask
    seats, counts, empties = [], [], []
    for run in runs:
        taken = run & full
        seat = owner[(taken & -taken).bit_length() - 1] if taken else -1
        if seat >= 0 and taken & occ[seat] != taken:
            seat = -1
        free = run & ~taken
        seats.append(seat)
        counts.append(taken.bit_count() if seat >= 0 else 0)
        empties.append(tuple(d for d in range(len(owner)) if free >> d & 1) if seat >= 0 else ())
    return seats, counts, empties


def test_connect5_counted_paths_equal_the_masks_reading() -> None:
    """The kept paths count stacks per path (no masks wider than 64 bits): every open path,
    its count and empty dots are those the dots' masks give, after any jump between
    positions of two- and three-player games."""
    opened = 0
    for players in (2, 3):
        positions = _positions("connect5", 120, seed=10 + players, players=players)
        order = list(range(len(positions)))
        random.Random(2).shuffle(order)
        for index in order:
            state, _ = positions[index]
            tab = connect5._tables(state.cfg)
            kept = connect5._paths_now(tab, state.owner, players)
            occ = connect5._masks(state.owner, players)
            seats, counts, empties = _open_paths_by_masks(tab.runs, state.owner, occ)
            assert kept.seat == seats
            for path, seat in enumerate(seats):
                if seat >= 0:
                    assert kept.count[path] == counts[path]
                    assert kept.empties[path] == empties[path]
                    opened += 1
    assert opened > 1000


def test_quinque_line_check_equals_the_engines() -> None:
    from connect_arena.games.quinque.notation import Add, Mark

    checked = lines = 0
    for state, _ in _positions("quinque", 600, seed=4):
        marks = dict(state.marks)
        for seat in (0, 1):
            completing = quinque.completing_cells(marks, seat)
            for action in state.legal_actions(min(state.active_players())):
                if not isinstance(action, Mark | Add):
                    continue
                placed = {**marks, action.skydiver: seat}
                expected = has_line(placed, seat, [action.skydiver])
                assert (action.skydiver in completing) == expected
                checked += 1
                lines += expected
    assert checked > 100 and lines > 0
