"""Quinque knowledge: open windows of five, and rollouts that complete or block lines."""

from __future__ import annotations

from typing import Any

from connect_arena.agents.knowledge import Knowledge, Level
from connect_arena.core.game import Action, State

_WINDOW_WEIGHTS = (0.0, 0.2, 1.0, 4.0, 16.0, 0.0)
"""Value of a 5-window holding 0..5 parachutes of one colour and none of the other."""


def evaluate(state: State[Any], player: int) -> float:
    """Open windows of five: each row, column or diagonal window of five skydiver points with
    only one colour in it scores by how full it is (own minus 1.2 × opponent's), plus 0.1 per
    parachute of supply ahead."""
    from connect_arena.games.quinque.geometry import LINE_AXES
    from connect_arena.games.quinque.rules import QuinqueState

    assert isinstance(state, QuinqueState)
    if state.is_terminal():
        return 1000.0 * state.returns()[player]
    marks = state.marks
    seen: set[tuple[int, int, int, int]] = set()
    total = 0.0
    for x, y in marks:
        for dx, dy in LINE_AXES:
            for back in range(5):
                start = (x - back * dx, y - back * dy, dx, dy)
                if start in seen:
                    continue
                seen.add(start)
                total += _window_value(marks, start, player)
    return total + 0.1 * (state.supply[player] - state.supply[1 - player])


def _window_value(
    marks: dict[tuple[int, int], int], start: tuple[int, int, int, int], player: int
) -> float:
    x, y, dx, dy = start
    counts = [0, 0]
    for k in range(5):
        seat = marks.get((x + k * dx, y + k * dy))
        if seat is not None:
            counts[seat] += 1
    if counts[0] and counts[1]:
        return 0.0
    own, other = counts[player], counts[1 - player]
    return _WINDOW_WEIGHTS[own] - 1.2 * _WINDOW_WEIGHTS[other]


def rollout(state: State[Any], player: int, rng: Any) -> Action:
    """Playouts that look like games: complete a line of five when a mark can, block the
    opponent's mark that would complete one, and otherwise prefer marking (3 in 4) to
    shuffling tiles, so that playouts end in a realistic number of turns."""
    from connect_arena.games.quinque.geometry import has_line
    from connect_arena.games.quinque.notation import Add, Mark
    from connect_arena.games.quinque.rules import QuinqueState

    assert isinstance(state, QuinqueState)
    actions = state.legal_actions(player)
    marks = [a for a in actions if isinstance(a, Mark | Add)]
    if not marks:
        return rng.choice(actions)  # type: ignore[no-any-return]
    for seat in (player, 1 - player):  # win first, then block
        for action in marks:
            state.marks[action.skydiver] = seat
            wins = has_line(state.marks, seat, [action.skydiver])
            del state.marks[action.skydiver]
            if wins:
                return action
    pool = marks if rng.random() < 0.75 else actions
    return rng.choice(pool)  # type: ignore[no-any-return]


KNOWLEDGE = Knowledge(
    evaluate=evaluate,
    rollout=rollout,
    leaf_scale=20.0,
    levels={
        "easy": Level(iterations=100, seconds=0.1, max_rollout=20, exploration=2.5),
        "normal": Level(iterations=400, seconds=0.4, max_rollout=40),
        "hard": Level(iterations=1000, seconds=1.0, max_rollout=60),
    },
)
