"""Per-game position evaluations for the greedy agent, MCTS rollout cut-offs and hints.

An evaluation ``evaluate(state, player) -> float`` says how good ``state`` is for ``player``:
higher is better. Terminal positions score ``WIN_VALUE * returns()[player]`` (or the final
score where a game's return is a score), so a won game always beats any heuristic value.
Games without an entry fall back to their current ``returns()``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from connect_arena.core.game import Action, State

Evaluation = Callable[[State[Any], int], float]

WIN_VALUE = 1000.0
"""Value of a won game (times the return), far above any heuristic value."""


def evaluate(state: State[Action], player: int) -> float:
    """How good ``state`` is for ``player`` (dispatches on the game's name)."""
    evaluation = EVALUATIONS.get(state.game.name)
    if state.is_terminal() or evaluation is None:
        return WIN_VALUE * state.returns()[player]
    return evaluation(state, player)


# ----- Quinque ------------------------------------------------------------------------------------
_WINDOW_WEIGHTS = (0.0, 0.2, 1.0, 4.0, 16.0, 0.0)
"""Value of a 5-window holding 0..5 parachutes of one colour and none of the other."""


def quinque(state: State[Any], player: int) -> float:
    """Open windows of five: each row, column or diagonal window of five skydiver points with
    only one colour in it scores by how full it is (own minus opponent's), plus supply left."""
    from connect_arena.games.quinque.geometry import LINE_AXES
    from connect_arena.games.quinque.rules import QuinqueState

    assert isinstance(state, QuinqueState)
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


# ----- Connect 5 ----------------------------------------------------------------------------------
def connect5(state: State[Any], player: int) -> float:
    """Points ahead of the best opponent, plus a little for tokens still in play."""
    from connect_arena.games.connect5.rules import Connect5State

    assert isinstance(state, Connect5State)
    scores = state.scores()
    others = [points for seat, points in enumerate(scores) if seat != player]
    tokens = state.tokens_left()
    rivals = [count for seat, count in enumerate(tokens) if seat != player]
    return (scores[player] - max(others)) + 0.05 * (tokens[player] - max(rivals))


# ----- CO'NNN'ECT ---------------------------------------------------------------------------------
def connnect(state: State[Any], player: int) -> float:
    """The running score ahead of the best opponent (the score itself in solo)."""
    from connect_arena.games.connnect.rules import ConnnectState

    assert isinstance(state, ConnnectState)
    totals = [score.total for score in state.scores()]
    others = [points for seat, points in enumerate(totals) if seat != player]
    return float(totals[player] - (max(others) if others else 0))


# ----- Connect Pairs ------------------------------------------------------------------------------
def pairs(state: State[Any], player: int) -> float:
    """Progress of ``player``'s pair towards equal top rows: slots already matching, slots
    filled."""
    from connect_arena.games.pairs.rules import PairsState

    assert isinstance(state, PairsState)
    partner = player ^ 1
    mine, theirs = state.tops[player], state.tops[partner]
    empty = -1
    matching = sum(1 for a, b in zip(mine, theirs, strict=True) if a == b != empty)
    filled = sum(1 for slot in (*mine, *theirs) if slot != empty)
    return 4.0 * matching + 1.0 * filled


EVALUATIONS: dict[str, Evaluation] = {
    "quinque": quinque,
    "connect5": connect5,
    "connnect": connnect,
    "pairs": pairs,
}
"""Evaluation per game name; other games use their returns."""


# ----- values for MCTS leaves -------------------------------------------------------------------
_LEAF_SCALE = {"quinque": 20.0, "connect5": 8.0, "connnect": 25.0}
"""Evaluation differences that count as 'clearly ahead' (≈ 0.76 after tanh) per game."""


def leaf_values(state: State[Action]) -> list[float]:
    """Per-seat values of a position where a rollout stopped early, on the scale of the
    returns: the returns when terminal; for games returning ±1, the evaluation squashed into
    (-1, 1); otherwise the current returns."""
    import math

    scale = _LEAF_SCALE.get(state.game.name)
    if state.is_terminal() or scale is None:
        return state.returns()
    seats = range(state.game.num_players)
    return [math.tanh(evaluate(state, seat) / scale) for seat in seats]


# ----- rollout policies -------------------------------------------------------------------------
def quinque_rollout(state: State[Any], player: int, rng: Any) -> Action:
    """Quinque playouts that look like games: complete a line of five when a mark can, block
    the opponent's mark that would complete one, and otherwise prefer marking (3 in 4) to
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


ROLLOUT_POLICIES: dict[str, Callable[[State[Any], int, Any], Action]] = {
    "quinque": quinque_rollout,
}
"""Rollout policy per game name (others: uniform random)."""
