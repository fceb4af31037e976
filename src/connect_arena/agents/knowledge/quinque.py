"""Quinque knowledge: open windows of five, and rollouts that complete or block lines."""

from __future__ import annotations

from typing import Any

from connect_arena.agents.knowledge import Knowledge, Level
from connect_arena.core.game import Action, State
from connect_arena.games.quinque.geometry import LINE_LENGTH, Cell

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
    shuffling tiles, so that playouts end in a realistic number of turns.

    Hot path: reads the position's shared legal actions (:meth:`~connect_arena.games.
    quinque.rules.QuinqueState.legal_grouped`: the marks and adds come first, as a list of
    their own) and finds the lines of four with one counting pass over the marks
    (:func:`_hot_lines`), instead of copying the list and indexing every line."""
    from connect_arena.games.quinque.rules import QuinqueState

    assert isinstance(state, QuinqueState)
    if player != state.current_player:  # not a rollout's call: the generic path
        return rng.choice(state.legal_actions(player))  # type: ignore[no-any-return]
    legal = state.legal_grouped(player)
    actions = legal.actions()  # the order of ``legal_actions``: marks, adds, moves, pass
    marks = legal.parachutes
    if not marks:
        return rng.choice(actions)  # type: ignore[no-any-return]
    placed = state.marks
    hot = _hot_lines(placed)
    if hot:
        for seat in (player, 1 - player):  # win first, then block
            completing = _completions(placed, seat, hot)
            if completing:
                for action in marks:
                    if action.skydiver in completing:
                        return action
    pool = marks if rng.random() < 0.75 else actions
    return rng.choice(pool)  # type: ignore[no-any-return]


def completing_cells(marks: dict[Cell, int], seat: int) -> set[Cell]:
    """The cells where a parachute of ``seat`` would make a line of five or more: the fifth
    cell of every window of five on a row, column or diagonal that holds four of ``seat``'s
    parachutes (whether that cell is a free skydiver is the caller's: the legal marks).

    Args:
        marks: skydiver → seat of its parachute (``QuinqueState.marks``).
        seat: 0 or 1.
    """
    return _completions(marks, seat, _hot_lines(marks))


_SPAN = 32
"""Rows and columns are counted modulo 32, diagonals modulo 64 (:func:`_hot_lines`): more
than a formation spans (at most ``side * tiles`` skydivers, 18 with the defaults)."""


def _hot_lines(marks: dict[Cell, int]) -> list[tuple[int, int, int]]:
    """``(seat, axis, key)`` of the lines that may hold four or more of ``seat``'s parachutes
    (axis 0: the row ``y == key``; 1: the column ``x == key``; 2: the diagonal ``x - y ==
    key``; 3: the anti-diagonal ``x + y == key``), a line possibly more than once.

    One pass over the marks with counts in a flat list indexed by the line's key modulo
    :data:`_SPAN` (``& 31`` or ``& 63``: no tuple built, no dict): lines whose keys share a
    slot add up, which can only list a line too many (:func:`_completions` checks each line
    exactly), never miss one."""
    if len(marks) < LINE_LENGTH - 1:
        return []
    per_seat = 6 * _SPAN  # 32 rows, 32 columns, 64 diagonals, 64 anti-diagonals
    counts = [0] * (2 * per_seat)
    hot: list[tuple[int, int, int]] = []
    for (x, y), seat in marks.items():
        base = seat * per_seat
        k = base + (y & 31)
        c = counts[k] + 1
        counts[k] = c
        if c >= 4:
            hot.append((seat, 0, y))
        k = base + 32 + (x & 31)
        c = counts[k] + 1
        counts[k] = c
        if c >= 4:
            hot.append((seat, 1, x))
        k = base + 64 + ((x - y) & 63)
        c = counts[k] + 1
        counts[k] = c
        if c >= 4:
            hot.append((seat, 2, x - y))
        k = base + 128 + ((x + y) & 63)
        c = counts[k] + 1
        counts[k] = c
        if c >= 4:
            hot.append((seat, 3, x + y))
    return hot


def _completions(marks: dict[Cell, int], seat: int, hot: list[tuple[int, int, int]]) -> set[Cell]:
    """The cells completing a line of five for ``seat`` on its lines listed in ``hot``
    (:func:`_hot_lines`). Per line, the seat's parachutes along it are a bit mask ``m``
    (bit ``a - low``, ``a`` the x, or the y on a column); a cell completes a window of five
    when it is not in ``m`` and ``k`` parachutes precede it and ``4 - k`` follow it, for
    some ``k`` in 0..4: five shifted ANDs instead of a walk per window."""
    cells: set[Cell] = set()
    done: set[tuple[int, int]] = set()
    for owner, axis, key in hot:
        if owner != seat or (axis, key) in done:
            continue
        done.add((axis, key))
        alongs: list[int] = []
        for (x, y), mark in marks.items():
            if mark != seat:
                continue
            if axis == 0:
                if y == key:
                    alongs.append(x)
            elif axis == 1:
                if x == key:
                    alongs.append(y)
            elif axis == 2:
                if x - y == key:
                    alongs.append(x)
            elif x + y == key:
                alongs.append(x)
        if len(alongs) < LINE_LENGTH - 1:
            continue  # counted with another line of the same slot
        low = min(alongs) - LINE_LENGTH  # bit 0 lies below any completing cell
        m = 0
        for a in alongs:
            m |= 1 << (a - low)
        r1 = m >> 1
        r2 = r1 & m >> 2
        r3 = r2 & m >> 3
        l1 = m << 1
        l2 = l1 & m << 2
        l3 = l2 & m << 3
        found = ((r3 & m >> 4) | (l1 & r3) | (l2 & r2) | (l3 & r1) | (l3 & m << 4)) & ~m
        while found:
            bit = found & -found
            found ^= bit
            a = bit.bit_length() - 1 + low
            if axis == 0:
                cells.add((a, key))
            elif axis == 1:
                cells.add((key, a))
            elif axis == 2:
                cells.add((a, a - key))
            else:
                cells.add((a, key - a))
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
