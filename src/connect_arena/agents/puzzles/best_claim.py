"""CO'NNN'ECT "the best claim with these dice": an exhaustive search of one Claim Phase.

The position is the start of a Claim Phase; the puzzle's seat (the *mover*) chooses every
claim it may make in this phase, the bonus it circles for each, the writes a ⚡ bonus forces,
and ``done``; using a kept bonus now (Move, Adjust, Switch) is not searched: its ★ count
whether it is used or not, and its use belongs to a later round's puzzle. Each
complete line is scored by the mover's total at the end of the round: the other seats finish
the phase (``done`` when they may), the claims are resolved and the round ends (Connect-4
markers, objectives).

Why the mover's own total decides the score *difference* against every continuation: every
claim of the phase is validated against the public state at its start (rules CN-13), two
seats claiming the same Connect-4 shape or Connect-5 in one round both get the first-claim
marker or the same card's points, and objectives met in the same round count for both. So
what the other seats do changes their own total but never the mover's, and the best line for
the difference is the best line for the mover's total, whatever they do.

Lines are compared as answers with :func:`.solver.distinct_answers` (the same actions in
another order, or a best line plus actions that change nothing, are one answer). A puzzle is
kept when exactly one answer reaches the best total, every other answer scores strictly
less, and the answer contains a claim. Over the node budget the position is dropped.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, cast

from connect_arena.agents.puzzles.solver import UnknownResultError, distinct_answers
from connect_arena.core.game import Action, State

CLAIM_PHASE = "claim"
"""The engine's name of the Claim Phase (``ConnnectState.phase``)."""

OPTIONAL_BONUS_USES = ("move ", "adjust ", "switch ")
"""Bonus uses the search leaves for later rounds (their ★ count whether used or not)."""

DEFAULT_BUDGET = 20_000
"""States one best-claim search may visit before the position counts as unknown."""


@dataclass(frozen=True, slots=True)
class ClaimProof:
    """A proven best claim.

    Attributes:
        answer: the mover's actions in this Claim Phase (engine notation, ends with ``done``).
        total: the mover's total at the end of the round after the answer.
        margin: ``total`` minus the best total of any other answer (> 0).
        breakdown: the mover's score breakdown then (``Score.as_dict()``: connect3, connect4,
            connect5, arrows, circles, lines, objectives, penalty, total).
        nodes: states visited by the search.
    """

    answer: tuple[str, ...]
    total: int
    margin: int
    breakdown: dict[str, Any]
    nodes: int


def claim_phase_starts(final: State[Action]) -> Iterator[tuple[int, State[Action]]]:
    """``(k, state)`` for each Claim Phase of ``final``'s game: the state after ``k`` actions,
    when the phase has just begun."""
    current = final.game.new_initial_state()
    before = _phase(current)
    for index, entry in enumerate(final.history):
        current.apply_legal_action(entry.action, entry.player)
        now = _phase(current)
        if now == CLAIM_PHASE and before != CLAIM_PHASE:
            yield index + 1, current.clone()
        before = now


def _phase(state: State[Action]) -> str:
    return str(getattr(state, "phase", ""))


def _mover_total(state: State[Action], mover: int) -> tuple[int, dict[str, Any]]:
    """Finish the round for the other seats and score the mover."""
    current = state.clone()
    while _phase(current) == CLAIM_PHASE and not current.is_terminal():
        others = [p for p in current.active_players() if p != mover]
        if not others:
            break
        seat = others[0]
        actions = current.legal_actions(seat)
        done = next((a for a in actions if str(a) == "done"), actions[0])
        current.apply_legal_action(done, seat)
    score = cast(Any, current).scores()[mover]
    return int(score.total), dict(score.as_dict())


class _Search:
    def __init__(self, mover: int, budget: int) -> None:
        self.mover = mover
        self.budget = budget
        self.nodes = 0
        self.lines: list[tuple[tuple[str, ...], int, dict[str, Any]]] = []

    def walk(self, state: State[Action], line: tuple[str, ...]) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise UnknownResultError
        if (
            _phase(state) != CLAIM_PHASE
            or state.is_terminal()
            or self.mover not in state.active_players()
        ):
            total, breakdown = _mover_total(state, self.mover)
            self.lines.append((line, total, breakdown))
            return
        for action in state.legal_actions(self.mover):
            if str(action).startswith(OPTIONAL_BONUS_USES):
                continue
            child = state.clone()
            child.apply_legal_action(action, self.mover)
            self.walk(child, (*line, str(action)))


def prove_best_claim(
    state: State[Action], mover: int, budget: int = DEFAULT_BUDGET
) -> ClaimProof | None:
    """Prove the mover's unique best line of this Claim Phase (see the module docstring).

    Args:
        state: a CO'NNN'ECT state in the Claim Phase, ``mover`` still to act in it.
        mover: the puzzle's seat.
        budget: states the search may visit.

    Returns:
        The :class:`ClaimProof`, or ``None`` when the state is not such a position, the best
        total is reached by two answers, the best answer claims nothing, or the search went
        over ``budget``.
    """
    if _phase(state) != CLAIM_PHASE or mover not in state.active_players():
        return None
    search = _Search(mover, budget)
    try:
        search.walk(state.clone(), ())
    except UnknownResultError:
        return None
    best = max(total for _, total, _ in search.lines)
    winners = distinct_answers([line for line, total, _ in search.lines if total == best])
    others = [total for _, total, _ in search.lines if total < best]
    if len(winners) != 1 or not others:
        return None
    answer = winners[0]
    if not any(text.startswith("claim ") for text in answer):
        return None
    breakdown = next(b for line, _, b in search.lines if line == answer)
    return ClaimProof(answer, best, best - max(others), breakdown, search.nodes)
