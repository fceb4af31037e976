"""Connect Pairs knowledge: how close a pair is to equal top rows, and rollouts that play like
a sensible pair.

The pair's goal is two full top rows equal slot by slot; a subject reaches a top row only as
the event of a zone holding three tokens of it. So the evaluation counts matched slots, slots
the partner can still match, mismatches, and, zone by zone, how far each zone is from three of
a subject the board *needs* (:func:`needs`: a subject the partner already has opposite a free
slot is worth most; a new subject is worth something while both rows have a common free slot;
a subject whose event would create a mismatch is harmful). The rollout policy scores the legal
actions with the same zone values, without copying the state (see :func:`rollout`).

Pairs never interfere with each other ("non potendo in alcun modo porre ostacoli agli altri"),
so the evaluation of a seat looks only at its own pair: with several pairs the race is won by
being fast, and there is nothing to block.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any

from connect_arena.agents.knowledge import Knowledge, Level
from connect_arena.core.game import Action, State
from connect_arena.games.pairs.components import EMPTY, Zone
from connect_arena.games.pairs.notation import Connect, Give, Keep, Move, Swap, Take, Top
from connect_arena.games.pairs.rules import PairsState

Weights = Sequence[float]
"""Per subject (index 0-5): how much a three-of-a-subject event of it helps a board."""

NEEDED = 1.0
"""Weight of a subject the partner has opposite one of the board's free slots (or opposite a
mismatched slot of a full row): its event lands on a matching slot."""
NEW = 0.4
"""Weight of a subject in neither row while both rows have a common free slot."""
HARMFUL = -0.5
"""Weight of a subject whose event (mandatory) can only create a mismatch."""

PURE = (0.0, 0.12, 0.4, 1.0)
"""Zone value per weight for 0-3 tokens of one subject and nothing else in the zone."""
MIXED_ONE, MIXED_TWO = 0.03, 0.12
"""Zone value per weight of one (two) tokens of a subject sharing the zone with others: a
token must first leave the zone."""

MATCHED = 1.0
"""A top slot holding the same subject on both rows."""
HALF = 0.35
"""A filled slot whose partner slot is empty and whose subject the partner does not hold
elsewhere: the partner's event of that subject will land on it."""
MISMATCH = -0.25
"""Two different subjects in one slot (only a replacement on a full row can fix it)."""
ZONES = 1.0
"""Factor of the zone values in the evaluation."""


def needs(top: list[int], mate: list[int]) -> Weights:
    """How much an event of each subject on a board with top row ``top`` helps, given the
    partner's row ``mate`` (both ``tops[seat]`` lists, ``EMPTY`` for a free slot).

    With a free slot: a subject already in ``top`` does nothing (0); one the partner has
    opposite a free slot is :data:`NEEDED` (partner matching puts it there); one in neither
    row is :data:`NEW` when a free slot faces a free slot of the partner, else
    :data:`HARMFUL`; one the partner has elsewhere is :data:`HARMFUL`. With a full row every
    event replaces a slot of the owner's choice: a subject the partner has opposite a
    mismatched slot is :data:`NEEDED`, the others harmless (0).
    """
    return _needs(tuple(top), tuple(mate))


@functools.lru_cache(maxsize=1 << 16)
def _needs(top: tuple[int, ...], mate: tuple[int, ...]) -> tuple[float, ...]:
    # Cached: rollouts ask it for every candidate action, and rows repeat.
    weights = [0.0] * 6
    free = [k for k in range(4) if top[k] == EMPTY]
    if free:
        common = any(mate[k] == EMPTY for k in free)
        for subject in range(6):
            if subject in top:
                continue
            if any(mate[k] == subject for k in free):
                weights[subject] = NEEDED
            elif subject in mate or not common:
                weights[subject] = HARMFUL
            else:
                weights[subject] = NEW
        return tuple(weights)
    for k in range(4):
        if top[k] != mate[k] and mate[k] != EMPTY:
            weights[mate[k]] = NEEDED
    return tuple(weights)


def zone_value(zone: Zone, weights: Weights) -> float:
    """How far ``zone`` (sorted subjects) is from an event of a needed subject: the weight of
    each subject in it times :data:`PURE` (the zone holds only that subject) or
    :data:`MIXED_ONE` / :data:`MIXED_TWO`."""
    n = len(zone)
    if n == 0:
        return 0.0
    if n == 1:
        return weights[zone[0]] * PURE[1]
    if n == 2:
        a, b = zone
        if a == b:
            return weights[a] * PURE[2]
        return (weights[a] + weights[b]) * MIXED_ONE
    a, b, c = zone
    if a == c:
        return weights[a] * PURE[3]
    if a == b:
        return weights[a] * MIXED_TWO
    if b == c:
        return weights[b] * MIXED_TWO
    return 0.0


def _slots(top: list[int], mate: list[int]) -> float:
    """Matched, half-matched and mismatched slots of ``top`` against ``mate`` (half of the
    matched value: the partner's row counts the other half)."""
    value = 0.0
    for k in range(4):
        mine, theirs = top[k], mate[k]
        if mine == EMPTY:
            continue
        if mine == theirs:
            value += 0.5 * MATCHED
        elif theirs == EMPTY:
            value += HALF if mine not in mate else 0.0
        else:
            value += 0.5 * MISMATCH
    return value


def pair_value(state: PairsState, pair: int) -> float:
    """The progress of ``pair``: slot values of both rows plus :data:`ZONES` × zone values."""
    total = 0.0
    for seat in (2 * pair, 2 * pair + 1):
        top, mate = state.tops[seat], state.tops[seat ^ 1]
        weights = needs(top, mate)
        total += _slots(top, mate)
        total += ZONES * sum(zone_value(zone, weights) for zone in state.zones[seat])
    return total


def evaluate(state: State[Any], player: int) -> float:
    """How close ``player``'s pair is to completing (:func:`pair_value`, about 0 at the start
    and 4-6 just before the end); a finished game scores ``1000 × returns``. The other pairs
    are ignored: they cannot be hindered."""
    assert isinstance(state, PairsState)
    if state.is_terminal():
        return 1000.0 * state.returns()[player]
    pair = player >> 1
    if state.complete[pair]:
        return 10.0 * MATCHED
    return pair_value(state, pair)


LEAF_SCALE = 3.0
"""Progress ahead of the best other pair (:func:`pair_value`) that counts as "clearly
winning" the race, for a search leaf."""
DONE = 6.0
"""The progress a completed pair counts for, in a search leaf (:func:`pair_value` is 4-6
just before completing)."""


def leaf(state: State[Any]) -> list[float]:
    """Every seat's value of the unfinished ``state`` on the scale of ``returns()`` (points):
    its pair's points so far plus, while the pair has not completed, the score-track value
    now × a chance to complete first, ``(1 + tanh((progress - best other's) / LEAF_SCALE)) /
    2`` (:func:`pair_value`; a completed pair counts :data:`DONE`; one pair: against a
    progress of 0). The same for both partners."""
    assert isinstance(state, PairsState)
    pairs = state.cfg.num_pairs
    totals = state.totals()
    done = state.complete
    progress = [DONE if done[p] else pair_value(state, p) for p in range(pairs)]
    pawn = float(state.pawn())
    values = []
    for pair in range(pairs):
        value = float(totals[pair])
        if done[pair]:
            if state.current[pair] is None:  # it scores at the end of the round
                value += pawn
        else:
            others = [progress[p] for p in range(pairs) if p != pair]
            ahead = progress[pair] - (max(others) if others else 0.0)
            value += pawn * 0.5 * (1.0 + math.tanh(ahead / LEAF_SCALE))
        values.append(value)
    return [values[seat >> 1] for seat in range(state.cfg.num_players)]


def prior(state: State[Any], player: int, actions: list[Action]) -> list[float]:
    """:func:`action_score` of each action (a search node's actions, expanded best first)."""
    assert isinstance(state, PairsState)
    return [action_score(state, player, action) for action in actions]


# ----- rollouts -------------------------------------------------------------------------------
def _changed(zone: Zone, out: int | None, into: int | None) -> Zone:
    tokens = list(zone)
    if out is not None:
        tokens.remove(out)
    if into is not None:
        tokens.append(into)
    return tuple(sorted(tokens))


def _delta(zone: Zone, weights: Weights, out: int | None, into: int | None) -> float:
    """Change of :func:`zone_value` when ``out`` leaves and ``into`` enters ``zone``."""
    return zone_value(_changed(zone, out, into), weights) - zone_value(zone, weights)


def _top_score(state: PairsState, seat: int, action: Top) -> float:
    """How good it is to put the zone's subject into ``action.slot``."""
    zone = state.zones[seat][action.zone - 1]
    subject = zone[0]
    k = action.slot - 1
    top, mate = state.tops[seat], state.tops[seat ^ 1]
    old = top[k]
    if mate[k] == subject:
        return 3.0
    if old != EMPTY and old == mate[k]:
        return -5.0  # breaking a matched slot
    if mate[k] == EMPTY:
        return 1.0 if old != EMPTY or subject not in mate else -1.0
    return 0.5 if old != EMPTY else -1.0


def _give_score(state: PairsState, seat: int, face: int, given: int, taken: int) -> float:
    """Zone change of a connection swap in zone ``face``: ``seat`` gives ``given`` and
    receives ``taken`` from the partner."""
    mate = seat ^ 1
    mine, theirs = state.zones[seat][face - 1], state.zones[mate][face - 1]
    return _delta(mine, _weights(state, seat), given, taken) + _delta(
        theirs, _weights(state, mate), taken, given
    )


def _weights(state: PairsState, seat: int) -> Weights:
    return needs(state.tops[seat], state.tops[seat ^ 1])


def _best_give(state: PairsState, seat: int, face: int) -> float:
    """The best connection swap of zone ``face`` for the active ``seat`` (0: none helps)."""
    own, other = set(state.zones[seat][face - 1]), set(state.zones[seat ^ 1][face - 1])
    if not own & other:
        return 0.0
    return max([0.0, *(_give_score(state, seat, face, x, y) for x in own for y in other if x != y)])


def action_score(state: PairsState, player: int, action: Action) -> float:
    """A quick estimate of what ``action`` of ``player`` brings to the pair (no copy of the
    state): the change of the zone values for MOVE, TAKE, swaps and connection swaps, the
    best swaps the dice allow for ``connect``, the slot's worth for an event; 0 otherwise."""
    kind = type(action)
    if kind is Top:
        assert isinstance(action, Top)
        return _top_score(state, player, action)
    if kind is Keep:
        return 0.0
    zones = state.zones[player]
    if kind is Move:
        assert isinstance(action, Move)
        weights = _weights(state, player)
        s = action.subject
        return _delta(zones[action.source - 1], weights, s, None) + _delta(
            zones[action.target - 1], weights, None, s
        )
    if kind is Take:
        assert isinstance(action, Take)
        weights = _weights(state, player)
        return sum(_delta(zones[f - 1], weights, None, action.subject) for f in action.zones)
    if kind is Swap:
        assert isinstance(action, Swap)
        weights = _weights(state, player)
        a, b = action.first_zone, action.second_zone
        x, y = action.first_subject, action.second_subject
        return _delta(zones[a - 1], weights, x, y) + _delta(zones[b - 1], weights, y, x)
    if kind is Connect:
        assert state.dice is not None
        return sum(_best_give(state, player, face) for face in set(state.dice))
    if kind is Give:
        assert isinstance(action, Give)
        if state.stage == "reply":
            assert state.offer is not None
            return _give_score(state, player ^ 1, action.zone, state.offer[1], action.subject)
        if action.receive is not None:
            return _give_score(state, player, action.zone, action.subject, action.receive)
        other = set(state.zones[player ^ 1][action.zone - 1]) - {action.subject}
        return max(_give_score(state, player, action.zone, action.subject, y) for y in other)
    return 0.0


EXPLORE = 0.1
"""Share of rollout decisions taken uniformly at random (the others: best score)."""


def rollout(state: State[Any], player: int, rng: Any) -> Action:
    """A sensible pair's move: the legal action with the best :func:`action_score` (ties at
    random), or, with probability :data:`EXPLORE`, any legal action. So the pair takes the
    tokens it needs, connects when a swap helps either partner, gives the partner what he
    needs, puts events on matching slots and never breaks a matched one."""
    assert isinstance(state, PairsState)
    actions = state.legal_actions(player)
    if len(actions) == 1 or state.stage == "key" or rng.random() < EXPLORE:
        return rng.choice(actions)  # type: ignore[no-any-return]
    best: list[Action] = []
    best_score = -1e9
    for action in actions:
        score = action_score(state, player, action)
        if score > best_score + 1e-9:
            best, best_score = [action], score
        elif score > best_score - 1e-9:
            best.append(action)
    return rng.choice(best)  # type: ignore[no-any-return]


KNOWLEDGE = Knowledge(
    evaluate=evaluate,
    rollout=rollout,
    leaf_scale=3.0,
    leaf=leaf,
    prior=prior,
    levels={
        # Two pairs, whole teams, by simulation count (benchmarks/ladder.py, docs/agents.md):
        # 20 -> 60 -> 150 simulations gained +0.30 / +0.50 / +0.25 rank over greedy / the
        # level below; a level needs +0.40 (+150 Elo). 60 / 400 / 2000 (results/ladder/s9/):
        # +0.38 (40 games) / +0.20 (40) / +0.59 (17); 20 -> 400: +0.75 (40). So 20 / 400 /
        # 2000: +0.30 / +0.75 / +0.59. Easy at 40 with normal's 20-action rollouts and c 1.4
        # (s11/tuning/, 80 / 40 games): +0.39 over greedy, +0.50 under normal, where 20 / 10 /
        # 2.5 gave +0.31 (80) / +0.75, 100 / 20 / 1.4 +0.57 / +0.25, and 20-100 simulations
        # with 10-action rollouts and c 2.5 +0.21-0.38. Session 46 (s13p/): easy 60 +0.42 /
        # +0.43 over greedy (160 games each), but +0.30 under normal; with normal's rollouts
        # to 40 actions +0.56 under it, and then normal -> hard only +0.28 (40): kept 40 / 400
        # / 2000. CPU a decision: docs/agents.md.
        "easy": Level(iterations=40, seconds=0.1, max_rollout=20),
        "normal": Level(iterations=400, seconds=0.5, max_rollout=20),
        "hard": Level(iterations=2000, seconds=2.0, max_rollout=40),
    },
)
