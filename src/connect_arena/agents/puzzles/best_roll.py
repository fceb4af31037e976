"""Connect Pairs "the best use of this roll": an exhaustive search of one turn.

The position is the start of a turn with its dice already rolled (the chance outcome is part
of the record prefix). A *line* is every decision of the turn until the next roll: the active
player's option (TAKE, MOVE, CONNECT with every assignment of the dice to roles, DOUBLE swaps
and moves), the order of the connection's die values and its gives, the partner's answers,
and the top-row placements of every three-of-a-subject event on either board. The pair
cooperates, so the partner's choices are part of the pair's line (our decision, stated in
``docs/puzzles.md``): the puzzle asks what the pair does with this roll.

Each line is scored on the state after the turn by a lexicographic :class:`Measure`, "how
close the pair is to its shared sequence": first a win; then top slots where both partners
show the same subject; then top tokens that do not clash with the partner's slot (it is
empty or the same); then zones holding two or more of a subject that is not yet in that
player's top row (the next three of a subject).

Lines are grouped by the state they reach (zones, top rows, supply, scores): lines that
reach the same state are one answer. A puzzle is kept when exactly one resulting state
reaches the best measure, every other state measures strictly less, the turn can reach at
least :data:`MIN_OUTCOMES` different states, and the best measure is better than the
position's own (a turn that only keeps things as they are is no puzzle). The miner also
asks that the answer win at the top-row levels (won, matched or placed): the zones' pairs only
break ties there. Over the node budget the position is dropped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple, cast

from connect_arena.agents.puzzles.solver import UnknownResultError
from connect_arena.core.game import Action, State
from connect_arena.games.pairs.components import EMPTY

DEFAULT_BUDGET = 20_000
"""States one best-roll search may visit before the position counts as unknown."""

MIN_OUTCOMES = 3
"""Different states the turn must be able to reach for a puzzle (a choice worth making)."""

TOP_ROW_LEVEL = 2
"""The mined puzzles are decided at this level of :class:`Measure` or above (a win, a
matching slot or a top token): the top row is what the pair builds; a puzzle decided only
by the zones' pairs would be a guess about later rolls."""

THEMES = {
    "take": "take_tokens",
    "move": "move",
    "connect": "connect",
    "give": "connect",
    "swap": "swap",
    "top": "top_row",
}
"""Theme of an answer action, by the first word of its notation."""


class Measure(NamedTuple):
    """How close a pair is to its shared sequence, compared lexicographically.

    Attributes:
        won: 1 when the pair has completed its sequence (both top rows full and equal).
        matched: top slots where both partners show the same subject (0-4).
        placed: top tokens on both boards whose slot on the partner's board is empty or
            holds the same subject (0-8).
        pairs: zones on both boards holding two or more tokens of a subject that is not in
            that player's top row (0-12).
    """

    won: int
    matched: int
    placed: int
    pairs: int


def measure(state: State[Action], pair: int, won: bool = False) -> Measure:
    """The :class:`Measure` of ``pair`` (seats ``2 pair`` and ``2 pair + 1``) in ``state``."""
    pairs_state = cast(Any, state)
    tops = pairs_state.tops[2 * pair], pairs_state.tops[2 * pair + 1]
    matched = sum(1 for a, b in zip(*tops, strict=True) if a != EMPTY and a == b)
    placed = sum(
        1
        for own, other in (tops, tops[::-1])
        for a, b in zip(own, other, strict=True)
        if a != EMPTY and b in (EMPTY, a)
    )
    near = 0
    for offset in (0, 1):
        top = tops[offset]
        for zone in pairs_state.zones[2 * pair + offset]:
            near += any(zone.count(s) >= 2 and s not in top for s in set(zone))
    full = EMPTY not in tops[0] and list(tops[0]) == list(tops[1])
    return Measure(int(won or full), matched, placed, near)


@dataclass(frozen=True, slots=True)
class RollProof:
    """A proven best use of a roll.

    Attributes:
        answer: the pair's actions of the turn (engine notation, each with its seat in
            ``seats``), the first line found that reaches the best state.
        seats: the seat of each answer action (the active player or the partner).
        value: the best :class:`Measure` (after the answer).
        runner_up: the best measure of any other resulting state.
        before: the position's own measure.
        outcomes: different states the turn can reach.
        lines: complete lines searched.
        nodes: states visited by the search.
    """

    answer: tuple[str, ...]
    seats: tuple[int, ...]
    value: Measure
    runner_up: Measure
    before: Measure
    outcomes: int
    lines: int
    nodes: int


def _key(state: State[Action], pair: int) -> tuple[Any, ...]:
    """What two lines must agree on to be one answer: the pair's boards, supply and the
    scores (a won manche)."""
    s = cast(Any, state)
    seats = (2 * pair, 2 * pair + 1)
    return (
        tuple(tuple(tuple(zone) for zone in s.zones[seat]) for seat in seats),
        tuple(tuple(s.tops[seat]) for seat in seats),
        tuple(s.supply[pair]),
        tuple(tuple(manche) for manche in s.scores),
        tuple(s.current),
    )


def is_roll_start(state: State[Action]) -> bool:
    """Whether ``state`` is a turn start with the dice rolled and a decision to make: the
    last action was the roll (``roll a b c``) and a seat is to act."""
    if state.is_terminal() or state.is_chance_node() or not state.history:
        return False
    return str(state.history[-1].action).startswith("roll ")


class _Search:
    def __init__(self, pair: int, manches: int, budget: int) -> None:
        self.pair = pair
        self.manches = manches
        self.budget = budget
        self.nodes = 0
        self.lines = 0
        # resulting state -> (measure, first line, its seats)
        self.outcomes: dict[tuple[Any, ...], tuple[Measure, tuple[str, ...], tuple[int, ...]]]
        self.outcomes = {}

    def walk(self, state: State[Action], line: tuple[str, ...], seats: tuple[int, ...]) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise UnknownResultError
        if state.is_terminal() or state.is_chance_node():
            self.lines += 1
            scores = cast(Any, state).scores
            won = any(manche[self.pair] > 0 for manche in scores[self.manches :])
            key = _key(state, self.pair)
            if key not in self.outcomes:
                self.outcomes[key] = (measure(state, self.pair, won), line, seats)
            return
        player = state.current_player
        for action in state.legal_actions(player):
            child = state.clone()
            child.apply_legal_action(action, player)
            self.walk(child, (*line, str(action)), (*seats, player))


def turn_outcomes(
    state: State[Action], budget: int = DEFAULT_BUDGET
) -> tuple[dict[tuple[Any, ...], tuple[Measure, tuple[str, ...], tuple[int, ...]]], int, int]:
    """Every state the turn from ``state`` can reach (to the next roll or the game's end).

    Returns:
        ``(outcomes, lines, nodes)``: resulting state key → (measure, first line, its seats);
        the complete lines and the states visited.

    Raises:
        UnknownResultError: past ``budget`` states.
    """
    s = cast(Any, state)
    pair = int(s.turn_seat) >> 1
    search = _Search(pair, len(s.scores), budget)
    search.walk(state.clone(), (), ())
    return search.outcomes, search.lines, search.nodes


def best_outcome_key(state: State[Action], budget: int = DEFAULT_BUDGET) -> tuple[Any, ...] | None:
    """The resulting state key of the best measure, ``None`` when two states share it."""
    outcomes, _, _ = turn_outcomes(state, budget)
    best = max(value for value, _, _ in outcomes.values())
    keys = [key for key, (value, _, _) in outcomes.items() if value == best]
    return keys[0] if len(keys) == 1 else None


def reaches(state: State[Action], target: tuple[Any, ...], budget: int = DEFAULT_BUDGET) -> bool:
    """Whether the rest of the turn from ``state`` can still reach the state keyed
    ``target`` (see :func:`outcome_key`).

    Raises:
        UnknownResultError: past ``budget`` states.
    """
    outcomes, _, _ = turn_outcomes(state, budget)
    return target in outcomes


def outcome_key(state: State[Action], pair: int) -> tuple[Any, ...]:
    """The key of a turn's resulting state for ``pair`` (what answers are compared by)."""
    return _key(state, pair)


def prove_best_roll(
    state: State[Action], budget: int = DEFAULT_BUDGET, top_row_only: bool = True
) -> RollProof | None:
    """Prove the pair's unique best use of this roll (see the module docstring).

    Args:
        state: a Connect Pairs state just after a turn's roll, a seat of the pair to act.
        budget: states the search may visit.
        top_row_only: keep only answers that beat every other line at the top-row levels
            of the measure (:data:`TOP_ROW_LEVEL`), as the miner does.

    Returns:
        The :class:`RollProof`, or ``None`` when the state is not such a position, two
        resulting states share the best measure, fewer than :data:`MIN_OUTCOMES` states can
        be reached, the best is no better than the position, the top row does not decide
        (with ``top_row_only``), or the search went over ``budget``.
    """
    if not is_roll_start(state):
        return None
    pair = int(cast(Any, state).turn_seat) >> 1
    try:
        outcomes, lines, nodes = turn_outcomes(state, budget)
    except UnknownResultError:
        return None
    if len(outcomes) < MIN_OUTCOMES:
        return None
    ranked = sorted(outcomes.values(), key=lambda item: item[0], reverse=True)
    (value, answer, seats), runner_up = ranked[0], ranked[1][0]
    before = measure(state, pair)
    if value == runner_up or value <= before:
        return None
    if top_row_only and value[: TOP_ROW_LEVEL + 1] == runner_up[: TOP_ROW_LEVEL + 1]:
        return None
    return RollProof(answer, seats, value, runner_up, before, len(outcomes), lines, nodes)


def themes_of(proof: RollProof) -> list[str]:
    """Themes of the answer: ``take_tokens``, ``move``, ``connect``, ``swap``, ``top_row``
    (a three of a subject placed) and ``win``, sorted (``take`` is CO'NNN'ECT's bonus
    theme already)."""
    found = {THEMES[text.split()[0]] for text in proof.answer if text.split()[0] in THEMES}
    if proof.value.won:
        found.add("win")
    return sorted(found)


def decided_at(proof: RollProof) -> int:
    """The first level of the measure (0 won, 1 matched, 2 placed, 3 pairs) where the answer
    beats the runner-up."""
    pairs = zip(proof.value, proof.runner_up, strict=True)
    return next(level for level, (a, b) in enumerate(pairs) if a != b)


def difficulty_of(proof: RollProof) -> int:
    """1 (easiest) to 5: one point, plus one each for an answer of three or more actions, eight
    or more different outcomes to choose from, a runner-up as close as the placed level of
    the measure, and an answer in which the partner chooses too."""
    score = (
        1
        + (len(proof.answer) >= 3)
        + (proof.outcomes >= 8)
        + (decided_at(proof) == 2)
        + (len(set(proof.seats)) > 1)
    )
    return min(5, score)
