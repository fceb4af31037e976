"""CO'NNN'ECT knowledge: an estimate of the final score that values potential, a fast rollout
policy that plays like a careful player, and the levels.

**Evaluation** (:func:`estimate`, in points): the score banked now (``scoring.score``) plus what
the sheet can still turn into, with ``fill`` = the chance that an empty space is written before
the end (numbers still to come / empty spaces, at most 1):

* circles: ``fill ** empty`` per unfilled circle (1 point), connected lines 2 × the product of
  their circles' chances; arrow lines ``fill ** empty`` × 3 (× 2 while the numbers written are
  all different and there is no crossed space, towards the 6/8-point tiers);
* Connects: for every shape still claimable (Connect-3 while the section has a free bonus,
  Connect-4 with its marker and bonus, face-up Connect-5 cards with the top score card) the
  best placement whose written numbers are unclaimed, uncrossed and still compatible (all
  equal, or all different within a run of the shape's size), valued by how many of its spaces
  are still empty (``CONNECT_PROGRESS``);
* objectives not yet scored: their points × an estimate of the chance to meet them;
* unused Move / Switch / Adjust / Reuse bonuses (``BONUS_OPTION``), and a risk term for rounds
  whose three dice may all point at zones without room for two numbers (Free Actions, going
  out);
* in the Fill Phase, the numbers still to write this round: how well each can link with its
  neighbours in the zone, and a Free Action per number the zone has no room for (this is what
  makes the Zone Die choice of the greedy agent sensible); a bonus still to circle counts its
  best ★.

``evaluate`` is ``WIN_VALUE`` × that estimate in solo, where ``returns()`` is the score and a
finished game is valued ``WIN_VALUE`` × its score by :func:`~connect_arena.agents.heuristics.
evaluate` (so an unfinished position compares with a finished one on the same scale); with 2-4
players it is the estimate minus the best opponent's (points; a player out of the game counts
as far behind).

The weights are hand-set (not fitted); the greedy agent with this evaluation scores about 40
in solo (the running score alone: about 24; ``benchmarks/strength_connnect.py``).

**Rollouts** (:func:`rollout`): pick the Zone Die with the most room, write each number where
it links with equal or consecutive neighbours and fills circles, never spend a Free Action
unless forced, claim the most valuable valid Connect, circle the bonus with the most ★, and
leave out voluntary Switch / Adjust / Move bonuses.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Final

from connect_arena.agents.heuristics import WIN_VALUE
from connect_arena.agents.knowledge import Knowledge, Level
from connect_arena.core.game import Action, State

# At module level: mypyc runs the import machinery at each call of an import inside a function
# (3.6-5% of a compiled CO'NNN'ECT search, perf).
from connect_arena.games.connnect.claims import outlines
from connect_arena.games.connnect.flow import objective_value
from connect_arena.games.connnect.notation import (
    Change,
    ChooseZone,
    Claim,
    Done,
    Skip,
    Take,
    Write,
)
from connect_arena.games.connnect.player import EMPTY
from connect_arena.games.connnect.rules import ConnnectState
from connect_arena.games.connnect.scoring import score

if TYPE_CHECKING:
    from connect_arena.games.connnect.components import Components, Shape

# ``Final`` constants: compiled, read as constants, not looked up in the module's dict at each use.
CONNECT_PROGRESS: Final = (0.7, 0.4, 0.16, 0.05)
"""Share of a Connect's reward counted for a placement with 0, 1, 2, 3 empty spaces (more:
nothing); below 1 for a claim possible now, so that claiming it (banked) is worth more."""
C3_REWARD: Final = 1.3
"""Points a Connect-3 claim brings on average (★ of a bonus and what the bonus does)."""
C4_BONUS: Final = 2.5
"""Points of a Connect-4 bonus on average (★2-6 plus its effect), besides the markers."""
BONUS_OPTION: Final = {"move": 0.4, "switch": 0.5, "adjust": 0.6, "reuse": 1.0}
"""Value of an unused bonus of each kind (what it may still make claimable)."""
OBJECTIVE_SHARE: Final = 0.8
"""Share of an objective's points counted at an estimated chance of 1 (not met yet)."""
RISK_COST: Final = 2.0
"""Points lost in a round whose three dice all point at zones with room for fewer than two
numbers (a Free Action at least, maybe going out)."""
LINK_VALUE: Final = 0.5
"""Value of a number still to write next to an unclaimed equal or consecutive number."""
LEAF_SCALE: Final = 25.0
"""Points ahead of the best opponent that count as "clearly winning" for a search leaf."""
MARGIN: Final = 25.0
"""Points of lead at which a rollout played to the end counts as a clear win for the levels
(``Level.margin``: ``tanh(lead / MARGIN)`` instead of the ±1 of ``returns()``)."""
CHANGE_GAIN: Final = 1.5
"""Points a Free Action change must promise over the best other action (after its own cost)
for the search to try it (:func:`prior`)."""
OUT_COST: Final = 40.0
"""How far behind a player out of the game counts in a game of 2-4 (he cannot win)."""

_NEIGHBOURS: Final[list[list[int]]] = [
    [
        r2 * 6 + c2
        for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        if 0 <= r2 < 6 and 0 <= c2 < 6
    ]
    for r in range(6)
    for c in range(6)
]
"""Orthogonal neighbours of each cell of the 6 × 6 play area."""


# ----- the evaluation ---------------------------------------------------------------------------


def evaluate(state: State[Any], player: int) -> float:
    """How good ``state`` is for ``player``: ``WIN_VALUE`` × the estimated final score in solo,
    else the estimate minus the best opponent's (see the module doc)."""

    assert isinstance(state, ConnnectState)
    if state.is_terminal():
        return WIN_VALUE * state.returns()[player]
    if state.num_players == 1:
        return WIN_VALUE * estimate(state, player)
    values = [estimate(state, seat) for seat in range(state.num_players)]
    for seat, sheet in enumerate(state.sheets):
        if sheet.out:
            values[seat] -= OUT_COST
    others = max(v for seat, v in enumerate(values) if seat != player)
    return values[player] - others


def leaf(state: State[Any]) -> list[float]:
    """Every seat's value of the unfinished ``state`` on the scale of ``returns()``: the
    estimated final score in solo (:func:`estimate`, points); with 2-4 players
    ``tanh((estimate - best opponent's) / LEAF_SCALE)`` per seat, in (-1, 1) like the ±1
    of a finished game (a player out counts ``OUT_COST`` behind)."""

    assert isinstance(state, ConnnectState)
    if state.num_players == 1:
        return [estimate(state, 0)]
    values = [estimate(state, seat) for seat in range(state.num_players)]
    for seat, sheet in enumerate(state.sheets):
        if sheet.out:
            values[seat] -= OUT_COST
    result = []
    for seat, value in enumerate(values):
        others = max(v for other, v in enumerate(values) if other != seat)
        result.append(math.tanh((value - others) / LEAF_SCALE))
    return result


def prior(state: State[Any], player: int, actions: list[Action]) -> list[float]:
    """One ply of the greedy agent: ``player``'s :func:`estimate` after each action (the
    actions of a search node, expanded best first).

    A Free Action change (``Change``, rulebook: "write a different number from that on a
    Number Die", -1 to -3 points a use) is scored after the write the rollout policy would
    make with the new number (what it is for; the number merely pending is valued far less
    exactly than a written one), and ``-inf`` (pruned: MCTS never searches it) unless it
    beats every other action by ``CHANGE_GAIN`` points: 100 simulations cannot tell a few
    points apart, and with five changes per number one of them often looked best by chance
    (session 47: the levels spent all 7 Free Actions in most games, -13 points)."""

    assert isinstance(state, ConnnectState)
    scores = []
    for action in actions:
        child: State[Any] = state.clone()
        child.apply_legal_action(action, player)
        assert isinstance(child, ConnnectState)
        if isinstance(action, Change):
            _write_new(child, player, action)
        scores.append(estimate(child, player))
    changes = [isinstance(action, Change) for action in actions]
    best_other = max((s for s, c in zip(scores, changes, strict=True) if not c), default=-math.inf)
    return [
        -math.inf if c and s < best_other + CHANGE_GAIN else s
        for s, c in zip(scores, changes, strict=True)
    ]


def _write_new(state: ConnnectState, player: int, change: Change) -> None:
    """Write ``change``'s new number where :func:`rollout` would (after the change)."""
    target: int = change.new
    writes = [a for a in state.legal_list(player) if type(a) is Write and a.value == target]
    if writes:
        best: Any = _choose_write(state, player, writes, _NO_NOISE, 2.0)
        state.apply_legal_action(best, player)


class _Zero:
    """A random source that always draws 0 (the prior's writes: no ties broken at random)."""

    def random(self) -> float:
        return 0.0


_NO_NOISE: Final = _Zero()


def numbers_to_come(state: ConnnectState, player: int) -> int:
    """Numbers ``player`` will still write from the dice (setup numbers, Number Dice)."""
    comps = state.comps
    rounds, now = comps.rounds, state.round
    phase = state.phase
    if now == 0:  # setup
        later_setup = 3 * (len(comps.setup_groups) - state.setup_step - 1)
        return 2 * rounds + len(state.pending[player]) + max(later_setup, 0) + 3
    if phase in ("roll", "zone"):
        return 2 * (rounds - now + 1)
    if phase == "fill":
        return 2 * (rounds - now) + len(state.pending[player])
    return 2 * (rounds - now)


def estimate(state: ConnnectState, player: int) -> float:
    """The banked score of ``player`` plus the potential of his sheet, in points."""

    comps, cfg, sheet = state.comps, state.cfg, state.sheets[player]
    banked = score(sheet, comps, cfg.permanent_circles, cfg.crossed_counts)
    total = float(banked.total)
    if sheet.out or state.phase == "over":
        return total
    future = numbers_to_come(state, player)
    written = sheet.written
    empty_mask = ~written & ((1 << 36) - 1)
    empty = _ones(empty_mask)
    fill = min(1.0, future / empty) if empty else 1.0

    # circles and connected lines
    circle_p: list[float] = []
    done_circles = sheet.filled_circles
    for index, circle in enumerate(comps.circles):
        if done_circles >> index & 1:
            circle_p.append(1.0)
        else:
            p = fill ** _ones(circle.mask & empty_mask)
            circle_p.append(p)
            total += p
    for line in comps.lines:
        a, b, c = circle_p[line[0]], circle_p[line[1]], circle_p[line[2]]
        if a * b * c < 1.0:
            total += 2.0 * a * b * c
    # arrow lines
    values = sheet.values
    arrow_p = 0.0
    for points, (_, cells) in zip(banked.arrows, comps.arrow_lines, strict=True):
        if points:
            arrow_p = 1.0
            continue
        missing = sum(1 for c in cells if not written >> c & 1)
        p = fill**missing
        arrow_p = max(arrow_p, p)
        seen = [values[c] for c in cells if written >> c & 1]
        clean = len(set(seen)) == len(seen) and not any(sheet.crossed >> c & 1 for c in cells)
        total += p * (6.0 if clean else 3.0)
    total += _connect_potential(state, player, fill)
    task = state.task[player]
    if state.phase == "fill" and task is None and state.pending[player]:
        total += _pending_value(state, player, empty_mask)
    if task is not None and task.kind == "take":  # a bonus to circle: its best ★ and use
        section = comps.sections[task.value]
        total += max(
            (
                b.stars + BONUS_OPTION.get(b.kind, 0.0)
                for b, t in zip(section, sheet.circled[task.value], strict=True)
                if not t
            ),
            default=0.0,
        )
    total += _objective_potential(state, player, fill, circle_p, arrow_p)
    for kind, value in BONUS_OPTION.items():
        if sheet.unused(comps, kind) is not None:
            total += value
    total -= _risk(state, player, empty_mask)
    return total


def _pending_value(state: ConnnectState, player: int, empty_mask: int) -> float:
    """Numbers still to write this round: ``LINK_VALUE`` per unclaimed equal or consecutive
    neighbour of the best space of the zone for each, minus a Free Action (``RISK_COST``) per
    number the zone has no room for."""
    sheet = state.sheets[player]
    space = state.comps.zones[state.zone[player] - 1].mask & empty_mask
    pending = state.pending[player]
    short = len(pending) - _ones(space)
    total = -RISK_COST * short if short > 0 else 0.0
    free, values = sheet.available, sheet.values
    cells = [c for c in range(36) if space >> c & 1]
    for value in set(pending):
        best = 0
        for cell in cells:
            links = 0
            for n in _NEIGHBOURS[cell]:
                if free >> n & 1 and -1 <= values[n] - value <= 1:
                    links += 1
            best = max(best, links)
        total += LINK_VALUE * best
    return total


def _ones(x: int) -> int:
    """The number of 1 bits of ``x`` (≥ 0: a sheet's masks), as ``x.bit_count()``. Compiled,
    this loop over tagged ints costs a fraction of the method call, and the evaluation counts
    bits of a few masks for every placement of every shape (most of the prior's time)."""
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


def _compatible(cells: tuple[int, ...], free: int, values: list[int], size: int) -> bool:
    """Whether the free numbers (``free``: a mask) written in the placement ``cells`` may
    still end as a valid claim: all equal, or all different within a run of ``size``
    consecutive numbers. The numbers seen are a bit mask (no list, no set: most placements
    read fail)."""
    seen = 0
    repeated = False
    for cell in cells:
        if free >> cell & 1:
            bit = 1 << values[cell]
            if seen & bit:
                repeated = True
            seen |= bit
    if not seen & (seen - 1):  # none, or one number: all equal
        return True
    if repeated:
        return False
    return _SPAN[seen] < size


_SPAN: Final = tuple([mask.bit_length() - (mask & -mask).bit_length() for mask in range(128)])
"""Highest minus lowest number of a set of numbers 0..6 given as a bit mask (a tuple read:
compiled, ``int.bit_length`` is a generic method call)."""


def _best_progress(shape: Shape, free: int, empty: int, values: list[int], size: int) -> float:
    """The best ``CONNECT_PROGRESS`` share over ``shape``'s placements made of free numbers and
    empty spaces only (at most 3 empty) whose free numbers are still compatible.

    The shares fall with the empty spaces, so the best is that of the fewest empty spaces
    among the compatible placements. Per outline (:func:`claims.outlines`: the placements
    that are translations of each other) a few shifts and ANDs find the open placements and
    count their empty spaces for all anchors at once (three bit planes of a counter, the
    third one set from 4); only the placements of the lowest counts are read one by one."""
    open_ = free | empty
    groups = outlines(shape)
    planes: list[int] = []  # per outline: open anchors with 0-3 empty, bit 0, bit 1 of count
    for outline in groups:
        offsets = outline.offsets
        ok = outline.anchors & open_
        for offset in offsets:
            ok &= open_ >> offset
        s0 = empty & ok
        s1 = 0
        s2 = 0
        for offset in offsets:
            e = (empty >> offset) & ok
            c0 = s0 & e
            s0 ^= e
            c1 = s1 & c0
            s1 ^= c0
            s2 |= c1
        planes.append(ok & ~s2)
        planes.append(s0)
        planes.append(s1)
    for missing in range(len(CONNECT_PROGRESS)):
        for index in range(len(groups)):
            few, s0, s1 = planes[3 * index], planes[3 * index + 1], planes[3 * index + 2]
            rest = few & (s0 if missing & 1 else ~s0) & (s1 if missing & 2 else ~s1)
            if not rest:
                continue
            places = groups[index].places
            cell = 0  # the anchors by shifts (compiled, int.bit_length is a method call)
            while rest:
                if not rest & 0xFF:
                    rest >>= 8
                    cell += 8
                    continue
                if rest & 1:
                    place = places[cell]
                    assert place is not None  # every anchor starts a placement
                    if _compatible(place.cells, free, values, size):
                        return CONNECT_PROGRESS[missing]
                rest >>= 1
                cell += 1
    return 0.0


def _connect_potential(state: ConnnectState, player: int, fill: float) -> float:
    """Points the claimable shapes may still bring (see the module doc)."""

    comps, sheet = state.comps, state.sheets[player]
    free = sheet.available
    empty = ~sheet.written & ((1 << 36) - 1)
    values = sheet.values
    reach = min(1.0, 0.3 + fill)
    total = 0.0
    if any(not taken for taken in sheet.circled[0]):
        for shape in comps.connect3:
            total += C3_REWARD * _best_progress(shape, free, empty, values, 3)
    solo = state.num_players == 1
    for shape in comps.connect4:
        first, later = sheet.markers[shape.id]
        reward = C4_BONUS if any(not t for t in sheet.circled[1]) else 0.0
        if first == EMPTY and (solo or shape.id not in state.c4_claimed):
            reward += comps.first_points
        elif later == EMPTY and not solo:
            reward += comps.later_points
        if reward:
            total += reward * _best_progress(shape, free, empty, values, 4)
    if len(sheet.connect5) < comps.c5_boxes and state.score_cards:
        best = 0.0
        for card in comps.cards:
            if card.id in state.face_up:
                share = _best_progress(card, free, empty, values, 5)
                best = max(best, share)
        total += state.score_cards[0] * best
    return total * reach


def _objective_potential(
    state: ConnnectState, player: int, fill: float, circle_p: list[float], arrow_p: float
) -> float:
    """Points of the objectives not met yet × an estimate of the chance to meet them."""

    comps, sheet = state.comps, state.sheets[player]
    total = 0.0
    for ident in state.objective_ids:
        if ident in sheet.objectives:
            continue
        points = objective_value(state, ident)
        if not points:
            continue
        card = comps.objective(ident)
        kind = card.kind
        if kind == "circles":
            chance = min(1.0, sum(circle_p) / card.count) ** 3
        elif kind == "lines":
            expected = sum(circle_p[a] * circle_p[b] * circle_p[c] for a, b, c in comps.lines)
            chance = min(1.0, expected / card.count)
        elif kind == "circles_all":
            ids = [c.id for c in comps.circles]
            chance = 1.0
            for name in card.circles:
                chance *= circle_p[ids.index(name)]
        elif kind in ("claims", "distinct_shapes"):
            claims = [c for c in sheet.claims if c.size == card.size]
            have = len({c.shape for c in claims}) if kind == "distinct_shapes" else len(claims)
            chance = 0.5 * have / card.count + (0.3 if card.size < 5 else 0.1) * fill
        elif kind == "equal_and_ordered":
            kinds = {c.kind for c in sheet.claims if c.size == card.size}
            chance = 0.45 * len(kinds) + 0.1
        elif kind == "used_bonuses":
            chance = 0.6 * sheet.used_count() / card.count + 0.2 * fill
        elif kind == "zone_full":
            empty = ~sheet.written
            chance = max(fill ** _ones(zone.mask & empty) for zone in comps.zones)
        elif kind == "numbers_per_zone":
            filled = sheet.written
            chance = 1.0
            for zone in comps.zones:
                have = _ones(zone.mask & filled)
                chance *= 1.0 if have >= card.count else fill * 0.9
        else:  # arrow_full
            chance = arrow_p
        total += OBJECTIVE_SHARE * points * min(chance, 1.0)
    return total


def _risk(state: ConnnectState, player: int, empty_mask: int) -> float:
    """Expected points lost to rounds where no Zone Die leaves room for two numbers."""
    comps, sheet = state.comps, state.sheets[player]
    rounds_left = comps.rounds - max(state.round, 1)
    if rounds_left <= 0:
        return 0.0
    tight = sum(1 for zone in comps.zones if _ones(zone.mask & empty_mask) < 2)
    if not tight:
        return 0.0
    bad = (tight / 6.0) ** 3
    left = comps.free_actions - sheet.free_actions
    cost = RISK_COST if left > 2 else RISK_COST * 3
    return bad * rounds_left * cost


# ----- the rollout policy -----------------------------------------------------------------------


def rollout(state: State[Any], player: int, rng: Any) -> Action:
    """A fast, sensible action for playouts (see the module doc)."""
    return _playout_action(state, player, rng, 0)


def rollout_holding(state: State[Any], player: int, rng: Any) -> Action:
    """:func:`rollout` that holds its numbers for the bigger Connects: before the last round
    it claims no Connect-3 and no Connect-4 whose first-claim marker is gone (what is left is
    a bonus and at most the 1-point later marker), so their numbers stay free for a
    Connect-4 first claim or a Connect-5 (12-16 points); in the last round it claims them
    all. Against :func:`rollout` in 2-player playouts on shared dice it wins 83% and scores
    11.9 points more a game (1,000 games, ``benchmarks/results/ladder/s13/``)."""
    return _playout_action(state, player, rng, 1)


def rollout_patient(state: State[Any], player: int, rng: Any) -> Action:
    """:func:`rollout_holding` that holds every claim but a Connect-5 until the last round
    (a Connect-4's first marker too: its numbers may still make a Connect-5) and writes a
    number next to an equal one before a consecutive one (``EQUAL_LINK``: equal numbers
    make a claim in any shape, a run only along a path). Against :func:`rollout_holding` in
    2-player playouts on shared dice it wins 61% and scores 3.6 points more a game, against
    :func:`rollout` 88% and 16.2 points (1,000 games each, ``benchmarks/results/ladder/s13/``)."""
    return _playout_action(state, player, rng, 2)


EQUAL_LINK: Final = 4.0
""":func:`rollout_patient`'s write score per unclaimed equal neighbour (2 for a consecutive
one, as in :func:`_write_score`)."""


def _playout_action(state: State[Any], player: int, rng: Any, hold: int) -> Action:
    """The rollout policies' action; ``hold``: 0 :func:`rollout`, 1 :func:`rollout_holding`,
    2 :func:`rollout_patient`."""

    assert isinstance(state, ConnnectState)
    # The state's own list (not a copy; never modified here): the policy is asked for an
    # active seat. Classes compared by identity: no action class has subclasses.
    actions = state.legal_list(player)
    if len(actions) == 1:
        return actions[0]
    first = actions[0]
    if type(first) is ChooseZone:
        return _choose_zone(state, player, actions, rng)
    if type(first) is Take:
        return _choose_bonus(state, player, actions, rng)
    # The classes read once (compiled, a name imported from an interpreted module is looked
    # up in the module's dictionary at each use: once per action in these scans).
    write, claim, skip = Write, Claim, Skip
    writes = [a for a in actions if type(a) is write]
    if writes:
        return _choose_write(state, player, writes, rng, EQUAL_LINK if hold == 2 else 2.0)
    claims = [a for a in actions if type(a) is claim]
    if claims and hold and state.round < state.comps.rounds:
        if hold == 2:
            claims = [a for a in claims if len(a.cells) == 5]
        else:
            claims = [a for a in claims if _worth_now(state, player, a)]
    if claims:
        return max(claims, key=lambda a: (_claim_value(state, player, a), rng.random()))
    skips = [a for a in actions if type(a) is skip]
    if skips:
        return skips[0]
    done = Done
    if any(type(a) is done for a in actions):
        return Done()
    return rng.choice(actions)  # type: ignore[no-any-return]


def _choose_zone(state: ConnnectState, player: int, actions: list[Any], rng: Any) -> Action:
    """The Zone Die with room for both numbers (else the most room) where the other two dice
    would be written best (:func:`_write_score`), ties at random."""
    sheet, comps = state.sheets[player], state.comps
    empty = state.empty_cells(player)
    circle_of = _circle_index(comps)
    values, free, written = sheet.values, sheet.available, sheet.written
    dice = state.dice

    def value(action: Any) -> tuple[int, float]:
        die: int = action.die
        space = comps.zones[die - 1].mask & empty
        numbers = list(dice)
        numbers.remove(die)
        fit = 0.0
        for number in numbers:
            best = 0.0  # the best write's score (at least 0; 0 without an empty space)
            rest = space
            cell = 0  # the empty spaces by shifts (compiled, int.bit_length is a method call)
            while rest:
                if not rest & 0xFF:
                    rest >>= 8
                    cell += 8
                    continue
                if rest & 1:
                    found = _write_score(values, free, written, circle_of, cell, number)
                    if found > best:
                        best = found
                rest >>= 1
                cell += 1
            fit += best
        return (min(_ones(space), 2), fit + rng.random())

    return max(actions, key=value)  # type: ignore[no-any-return]


def _choose_bonus(state: ConnnectState, player: int, actions: list[Any], rng: Any) -> Action:
    """The bonus with the most ★ (Score 6 first), ties at random."""
    task = state.task[player]
    section = state.comps.sections[task.value if task is not None else 0]
    return max(  # type: ignore[no-any-return]
        actions, key=lambda a: (section[a.slot - 1].stars, rng.random())
    )


def _choose_write(
    state: ConnnectState, player: int, writes: list[Any], rng: Any, equal: float
) -> Action:
    """The write with the best :func:`_write_score` (``equal``: its weight of an equal
    neighbour), ties at random."""
    sheet = state.sheets[player]
    circle_of = _circle_index(state.comps)
    values, free, written = sheet.values, sheet.available, sheet.written
    best: Any = None
    best_score = -1.0
    for action in writes:
        score = _write_score(values, free, written, circle_of, action.cell, action.value, equal)
        score += rng.random()
        if score > best_score:
            best, best_score = action, score
    return best  # type: ignore[no-any-return]


def _write_score(
    values: list[int],
    free: int,
    written: int,
    circle_of: list[int],
    cell: int,
    value: int,
    equal: float = 2.0,
) -> float:
    """How good writing ``value`` in the empty ``cell`` is for a playout (a sheet's
    ``values``, ``available`` and ``written``): 2 per unclaimed consecutive neighbour,
    ``equal`` per unclaimed equal one, and 4 / 1.5 / 0.7 / 0.3 when it is the last / 2nd /
    3rd / 4th missing space of a circle."""
    score = 0.0
    for n in _NEIGHBOURS[cell]:
        if free >> n & 1:
            step = values[n] - value
            if step == 0:
                score += equal
            elif step == 1 or step == -1:
                score += 2.0
    mask = circle_of[cell]
    if mask:
        score += _CIRCLE_SCORES[_ones(mask & ~written) - 1]
    return score


_CIRCLE_SCORES: Final = (4.0, 1.5, 0.7, 0.3)
""":func:`_write_score`'s points for the last, 2nd, 3rd, 4th missing space of a circle."""


_CIRCLE_CACHE: Final[list[tuple[Components, list[int]]]] = []
"""The last components seen and their circle index (holding them: ids are never reused)."""


def _circle_index(comps: Components) -> list[int]:
    """Per cell, the mask of the circle it belongs to (0 if none)."""
    if _CIRCLE_CACHE and _CIRCLE_CACHE[0][0] is comps:
        return _CIRCLE_CACHE[0][1]
    found = [0] * 36
    for circle in comps.circles:
        for cell in circle.cells:
            found[cell] = circle.mask
    _CIRCLE_CACHE[:] = [(comps, found)]
    return found


def _worth_now(state: ConnnectState, player: int, claim: Any) -> bool:
    """Whether :func:`rollout_holding` makes ``claim`` before the last round: a Connect-5,
    or a Connect-4 whose first-claim marker ``player`` may still fill."""
    size = len(claim.cells)
    if size == 5:
        return True
    if size == 3:
        return False
    first = state.sheets[player].markers[claim.shape][0]
    return first == EMPTY and (state.num_players == 1 or claim.shape not in state.c4_claimed)


def _claim_value(state: ConnnectState, player: int, claim: Any) -> float:
    """Points a claim brings now (roughly): the Connect-5 score card, a Connect-4's markers
    and bonus, a Connect-3's bonus; a claim spending a Reuse bonus counts 1 less."""

    size = len(claim.cells)
    sheet = state.sheets[player]
    if size == 5:
        value = float(state.score_cards[0]) if state.score_cards else 0.0
    elif size == 4:
        first, later = sheet.markers[claim.shape]
        value = C4_BONUS if any(not t for t in sheet.circled[1]) else 0.0
        if first == EMPTY and claim.shape not in state.c4_claimed:
            value += state.comps.first_points
        elif later == EMPTY and state.num_players > 1:
            value += state.comps.later_points
    else:
        value = C3_REWARD if any(not t for t in sheet.circled[0]) else 0.0
    return value - (1.0 if claim.reuse else 0.0)


KNOWLEDGE = Knowledge(
    evaluate=evaluate,
    rollout=rollout,
    rollouts={"hold": rollout_holding, "patient": rollout_patient},
    leaf_scale=25.0,
    leaf=leaf,
    prior=prior,
    widening=0.5,
    levels={
        "easy": Level(iterations=30, seconds=0.5, max_rollout=400, exploration=1.0, margin=MARGIN),
        "normal": Level(
            iterations=100,
            seconds=1.0,
            max_rollout=400,
            exploration=0.5,
            margin=MARGIN,
            rollout="hold",
        ),
        "hard": Level(
            iterations=500,
            seconds=2.0,
            max_rollout=400,
            exploration=0.5,
            margin=MARGIN,
            rollout="patient",
            paired=True,
        ),
    },
)
"""CO'NNN'ECT's knowledge: evaluation, leaf values, prior, rollout policy and levels.

A search node expands its actions in the order of :func:`prior` (the greedy's one-ply
estimate, best first), so progressive widening (α = 0.5) searches the promising writes and
claims among up to ~100, and every rollout plays to the end of the game with the rollout
policy. With that order 30 simulations beat the greedy agent 12-0 (2 players, 12 games), where
10 simulations in random order had been level with it; valuing the new leaf at once with
:func:`leaf` (``max_rollout=0``, 100 simulations) won only 6-4: the estimate of a position is
much noisier across depths than a played-out score. The levels are 30 / 100 / 500
simulations (``benchmarks/ladder.py``'s figures in ``docs/agents.md``); a simulation with its
rollout costs about 1 ms of CPU (session 45; 2-3 ms before its fast paths); ``hard`` at 300
took 0.38 s a decision on average and 0.69 s at the 95th percentile (session 47,
``benchmarks/results/ladder/s14/think_time_connnect.txt``).

With 2-4 players every level values a rollout played to the end by the score margin
(``margin=MARGIN``: ``tanh((own - best other's points) / 25)``) rather than ±1: a won or lost
game says nothing about how close it was, and the dice decide many games: over the prior's
best four actions of mid-game positions a margin rollout was worth about 1.5 ±1 rollouts in
telling them apart, and in a decided game the ±1 told nothing
(``benchmarks/results/ladder/s10/margin_signal.txt``); with ±1 three times the simulations
gained only about +55 Elo a step (``docs/agents.md``).

The levels differ in their rollout policy too (session 46, ``benchmarks/results/ladder/s13/``):
easy plays out with :func:`rollout`, normal with :func:`rollout_holding` and hard with
:func:`rollout_patient` and common random numbers (``paired``: its root actions compared on the
same dice): tripling the simulations alone bought +34 to +60 Elo a step, the policies play
an 11.9 / 3.6 points better game a step on shared dice.

Session 47 (``benchmarks/results/ladder/s14/``): the prior prunes Free Action changes that
promise little (:func:`prior`); the levels had spent 6-7 Free Actions a game (-10 to -13
points). That lifted every level, normal most against easy (+233 in 40 games), and hard went
from 300 to 500 simulations to stay above normal (300: +143 in 40)."""
