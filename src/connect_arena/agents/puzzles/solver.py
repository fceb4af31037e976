"""Exhaustive proofs over the engine: "win in N turns" and "the only defence".

A *turn* is a run of consecutive actions by one seat (a Quinque turn is one or two actions).
The solver is an AND/OR depth-first search: at the mover's nodes one action must win, at the
opponents' nodes every action must still lose for them. It counts the nodes it visits; past
its ``budget`` it gives up and the answer is *unknown* (``None``): the position is dropped.
Chance nodes are not searched (unknown), since a proof must hold for every outcome.

Move ordering re-uses the previous winning replies ("killers", one per search depth) so
that the second and later defences are usually refuted by the first action tried.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from connect_arena.core.game import Action, State

DEFAULT_BUDGET = 200_000
"""Nodes one proof may visit before the position counts as unknown."""


class UnknownResultError(Exception):
    """No answer: the search went over its budget or reached a chance node."""


@dataclass(frozen=True, slots=True)
class Proof:
    """A proven puzzle answer.

    Attributes:
        kind: ``"win"`` (win in ``turns`` turns) or ``"defence"`` (the one first turn after
            which the opponent has no win in one turn).
        turns: N, the mover's turns (``1`` for a defence).
        answer: the mover's unique first turn, as action strings (engine notation).
        nodes: the nodes visited by the whole proof, uniqueness checks included.
    """

    kind: str
    turns: int
    answer: tuple[str, ...]
    nodes: int


def mover_wins(state: State[Action], mover: int) -> bool:
    """Whether a terminal ``state`` is a win for ``mover`` (its return beats every other)."""
    values = state.returns()
    return all(values[mover] > value for seat, value in enumerate(values) if seat != mover)


@dataclass
class Solver:
    """One search with a node budget; build a fresh one (or call :meth:`reset`) per proof."""

    budget: int = DEFAULT_BUDGET
    nodes: int = 0
    killers: dict[int, str] = field(default_factory=dict)

    def reset(self) -> None:
        """Forget the node count and the killers."""
        self.nodes = 0
        self.killers.clear()

    def _visit(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise UnknownResultError

    def _ordered(self, state: State[Action], player: int, depth: int) -> list[Action]:
        actions = state.legal_actions(player)
        killer = self.killers.get(depth)
        if killer is None:
            return actions
        # The killer first, the rest in the engine's order (stable and deterministic).
        return sorted(actions, key=lambda action: str(action) != killer)

    def wins(self, state: State[Action], mover: int, turns: int, depth: int = 0) -> bool:
        """Whether ``mover`` forces a win within ``turns`` of its own turns from ``state``.

        ``state`` is not modified. Raises :class:`UnknownResultError` past the budget.
        """
        self._visit()
        if state.is_terminal():
            return mover_wins(state, mover)
        if state.is_chance_node():
            raise UnknownResultError  # a proof must hold for every chance outcome
        player = state.current_player
        if player == mover:
            for action in self._ordered(state, player, depth):
                child = state.clone()
                child.apply_legal_action(action, player)
                # The mover's turn ends when another seat is to move: one turn used up.
                left = turns if child.is_terminal() or _same_turn(child, mover) else turns - 1
                if (left > 0 or child.is_terminal()) and self.wins(child, mover, left, depth + 1):
                    self.killers[depth] = str(action)
                    return True
            return False
        for action in self._ordered(state, player, depth):
            child = state.clone()
            child.apply_legal_action(action, player)
            if not self.wins(child, mover, turns, depth + 1):
                return False
        return True

    def first_turns(self, state: State[Action]) -> Iterator[tuple[tuple[str, ...], State[Action]]]:
        """Every complete first turn of the seat to move: its action strings and the state
        after it (the opponent to move, or the game over)."""
        mover = state.current_player

        def walk(
            current: State[Action], line: tuple[str, ...]
        ) -> Iterator[tuple[tuple[str, ...], State[Action]]]:
            for action in current.legal_actions(mover):
                self._visit()
                child = current.clone()
                child.apply_legal_action(action, mover)
                taken = (*line, str(action))
                if _same_turn(child, mover):
                    yield from walk(child, taken)
                else:
                    yield taken, child

        yield from walk(state, ())

    def winning_first_turns(self, state: State[Action], turns: int) -> list[tuple[str, ...]]:
        """The first turns of the mover that force a win within ``turns`` turns."""
        mover = state.current_player
        found: list[tuple[str, ...]] = []
        for line, after in self.first_turns(state):
            if after.is_terminal():
                if mover_wins(after, mover):
                    found.append(line)
            elif turns > 1 and self.wins(after, mover, turns - 1, depth=len(line)):
                found.append(line)
        return found


def distinct_answers(lines: Sequence[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """The different answers among winning first turns, each as its first line found.

    Two lines with the same actions in another order are one answer (a transposition), and
    a line that contains every action of a shorter winning line plus others is that shorter
    answer played with extra actions (a Quinque move before a move that wins at once), so
    it is dropped. Connect 5 turns are one action: there every line is its own answer.
    """
    keys = [tuple(sorted(line)) for line in lines]
    distinct: dict[tuple[str, ...], tuple[str, ...]] = {}
    for key, line in zip(keys, lines, strict=True):
        if any(_contains(key, other) for other in keys if len(other) < len(key)):
            continue
        distinct.setdefault(key, line)
    return list(distinct.values())


def _contains(bigger: tuple[str, ...], smaller: tuple[str, ...]) -> bool:
    left = list(bigger)
    for action in smaller:
        if action not in left:
            return False
        left.remove(action)
    return True


def _same_turn(state: State[Action], mover: int) -> bool:
    return not state.is_terminal() and state.current_player == mover


def prove_win(
    state: State[Action], max_turns: int = 2, budget: int = DEFAULT_BUDGET
) -> Proof | None:
    """Prove "win in N turns" for the seat to move, N minimal (``1..max_turns``) and the
    winning first turn unique.

    Returns:
        The :class:`Proof`, or ``None`` when there is no forced win within ``max_turns``,
        more than one winning first turn (ambiguous), a chance node to move, or the search
        went over ``budget`` nodes (unknown).
    """
    if state.is_terminal() or state.is_chance_node():
        return None
    solver = Solver(budget)
    try:
        for turns in range(1, max_turns + 1):
            found = distinct_answers(solver.winning_first_turns(state, turns))
            if len(found) == 1:
                return Proof("win", turns, found[0], solver.nodes)
            if found:
                return None  # ambiguous at the minimal N
    except UnknownResultError:
        return None
    return None


def prove_defence(state: State[Action], budget: int = DEFAULT_BUDGET) -> Proof | None:
    """Prove "stop the opponent's win": the seat to move has no win in one turn, and exactly
    one of its first turns leaves the opponent without a win in one turn (every other first
    turn loses at once).

    Returns:
        The :class:`Proof` (``kind="defence"``, ``turns=1``), or ``None`` when the position
        is not such a puzzle, is ambiguous, or the search went over ``budget`` nodes.
    """
    if state.is_terminal() or state.is_chance_node():
        return None
    mover = state.current_player
    solver = Solver(budget)
    try:
        if solver.winning_first_turns(state, 1):
            return None  # a win puzzle, not a defence
        safe: list[tuple[str, ...]] = []
        for line, after in solver.first_turns(state):
            if after.is_terminal() or after.is_chance_node():
                return None
            opponent = after.current_player
            if opponent == mover:
                return None
            if not solver.winning_first_turns(after, 1):
                safe.append(line)
                if len(safe) > 1:
                    return None
        if len(safe) == 1:
            return Proof("defence", 1, safe[0], solver.nodes)
    except UnknownResultError:
        return None
    return None
