"""Quinque knowledge: open windows of five, and rollouts that complete or block lines."""

from __future__ import annotations

from typing import Any

from connect_arena.agents.knowledge import Knowledge, Level
from connect_arena.core.game import Action, State
from connect_arena.games.quinque.geometry import LINE_LENGTH

_WINDOW_WEIGHTS = (0.0, 0.2, 1.0, 4.0, 16.0, 0.0)
"""Value of a 5-window holding 0..5 parachutes of one colour and none of the other."""


def evaluate(state: State[Any], player: int) -> float:
    """Open windows of five: each row, column or diagonal window of five skydiver points with
    only one colour in it scores by how full it is (own minus 1.2 × opponent's), plus 0.1 per
    parachute of supply ahead; ±1000 once the game is won or lost."""
    return evaluate_all(state)[player]


def _window_table() -> dict[tuple[int, int], tuple[float, float]]:
    table = {}
    for red in range(6):
        for blue in range(6 - red):
            if red and blue:
                table[red, blue] = (0.0, 0.0)
                continue
            w_red, w_blue = _WINDOW_WEIGHTS[red], _WINDOW_WEIGHTS[blue]
            table[red, blue] = (w_red - 1.2 * w_blue, w_blue - 1.2 * w_red)
    return table


_WINDOW_VALUES = _window_table()
"""(red marks, blue marks) in a window → (its value for Red, its value for Blue)."""


def evaluate_all(state: State[Any]) -> list[float]:
    """:func:`evaluate` for both seats at once: the marks are grouped by line (row, column,
    diagonal) and a window of five slides along each line."""
    from connect_arena.games.quinque.rules import QuinqueState

    assert isinstance(state, QuinqueState)
    if state.is_terminal():
        return [1000.0 * value for value in state.returns()]
    lines: dict[tuple[int, int], dict[int, int]] = {}
    for (x, y), seat in state.marks.items():
        # Axis 0: rows (key y, along x); 1: columns; 2: diagonal x-y; 3: anti-diagonal x+y.
        for key, along in (((0, y), x), ((1, x), y), ((2, x - y), x), ((3, x + y), x)):
            line = lines.get(key)
            if line is None:
                lines[key] = {along: seat}
            else:
                line[along] = seat
    values = _WINDOW_VALUES
    red = blue = 0.0
    for line in lines.values():
        if len(line) == 1:
            ((_, seat),) = line.items()
            # A lone mark lies in five windows holding only it.
            red += 5 * values[(1, 0) if seat == 0 else (0, 1)][0]
            blue += 5 * values[(1, 0) if seat == 0 else (0, 1)][1]
            continue
        low, high = min(line), max(line)
        counts = [0, 0]  # marks of each seat in cells start .. start + 3
        get = line.get
        for start in range(low - 4, high + 1):
            entering = get(start + 4)
            if entering is not None:
                counts[entering] += 1
            value = values[counts[0], counts[1]]
            red += value[0]
            blue += value[1]
            leaving = get(start)
            if leaving is not None:
                counts[leaving] -= 1
    supply = 0.1 * (state.supply[0] - state.supply[1])
    return [red + supply, blue - supply]


def rollout(state: State[Any], player: int, rng: Any) -> Action:
    """Playouts that look like games: complete a line of five when a mark can, block the
    opponent's mark that would complete one, and otherwise prefer marking (3 in 4) to
    shuffling tiles, so that playouts end in a realistic number of turns."""
    from connect_arena.games.quinque.notation import Add, Mark
    from connect_arena.games.quinque.rules import QuinqueState

    assert isinstance(state, QuinqueState)
    actions = state.legal_actions(player)
    marks = [a for a in actions if type(a) is Mark or type(a) is Add]
    if not marks:
        return rng.choice(actions)  # type: ignore[no-any-return]
    placed = state.marks
    for seat in (player, 1 - player):  # win first, then block
        completing = _completing_cells(placed, seat)
        if completing:
            for action in marks:
                if action.skydiver in completing:
                    return action
    pool = marks if rng.random() < 0.75 else actions
    return rng.choice(pool)  # type: ignore[no-any-return]


def _completing_cells(marks: dict[tuple[int, int], int], seat: int) -> set[tuple[int, int]]:
    """The cells where a parachute of ``seat`` would make a line of five or more: the fifth
    cell of every window of five on a row, column or diagonal that holds four of ``seat``'s
    parachutes (whether that cell is a free skydiver is the caller's: the legal marks). One
    pass over the marks per call instead of a walk along four axes per legal mark."""
    lines: dict[tuple[int, int], list[int]] = {}
    for (x, y), owner in marks.items():
        if owner != seat:
            continue
        # Axis 0: rows (key y, along x); 1: columns (key x, along y); 2: x - y; 3: x + y.
        for key, along in (((0, y), x), ((1, x), y), ((2, x - y), x), ((3, x + y), x)):
            found = lines.get(key)
            if found is None:
                lines[key] = [along]
            else:
                found.append(along)
    cells: set[tuple[int, int]] = set()
    for (axis, offset), alongs in lines.items():
        if len(alongs) < LINE_LENGTH - 1:
            continue
        mine = set(alongs)
        for start in range(min(alongs) - 1, max(alongs) + 1):
            window = [start + k for k in range(LINE_LENGTH)]
            missing = [a for a in window if a not in mine]
            if len(missing) != 1:
                continue
            a = missing[0]
            if axis == 0:
                cells.add((a, offset))
            elif axis == 1:
                cells.add((offset, a))
            elif axis == 2:
                cells.add((a, a - offset))
            else:
                cells.add((a, offset - a))
    return cells


KNOWLEDGE = Knowledge(
    evaluate=evaluate,
    evaluate_all=evaluate_all,
    rollout=rollout,
    leaf_scale=20.0,
    # Measured in docs/agents.md. Leaves valued by the evaluation at once (max_rollout=0) play
    # far better than rollouts here: 250 such simulations beat 50 with rollouts 20-0.
    levels={
        "easy": Level(iterations=150, seconds=0.5, max_rollout=0),
        "normal": Level(iterations=500, seconds=1.0, max_rollout=0),
        "hard": Level(iterations=2000, seconds=2.0, max_rollout=0),
    },
)
