"""Connect 5 knowledge: open Connect-5 paths, threats, capture exposure, and rollouts that
complete, block and capture.

The evaluation works on bit masks (one bit per dot, board order): per seat the dots it holds,
and per Connect-5 path (``Topology.runs``, e.g. 238 on the Basic board) the mask of its five
dots, built once per board (:func:`_tables`). A path holding tokens of one seat only is
*open* for that seat; an open path with four of its tokens is a *threat*, its empty dot a
*hot dot*; an empty dot where a placement would make two hot dots is a *fork*. Values are
in points (1 per token eaten, 5 for a Connect 5) so that they add to ``scores()``, and the
threats are ranked by tempo (the seat to move wins with a hot dot before a rival's double
threat counts, which beats a fork), which is what makes the search block in time.

When a seat's supply cannot fill its fullest open paths, its tokens must walk: the
evaluation charges the extra steps of the shortest walks (:func:`_travel`). A seat left alone
(no other seat has a token: they can only pass) does not search at all: :func:`solo` plays
the action leaving the fewest actions to its Connect 5, so that the round ends (issue 14).

The rollout policy (:func:`rollout`) is also the move MCTS expands first at every node: with
``max_rollout=0`` (every level) a new leaf is valued by the evaluation at once and the policy
only orders the search. It keeps its open paths from one call to the next (:class:`_Paths`:
successive calls see positions a few dots apart) instead of a full pass over the paths, and
reads the legal actions as table indices with the placements apart
(``legal.placements_apart``: it scans the free dots itself), so that the dots they fill are
tuple look-ups, not dict look-ups by dot id, and only the chosen action's object is read
(``benchmarks/bench_mcts.py``; ``benchmarks/results/engines/s44`` for the last step).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, cast

from connect_arena.agents import draws
from connect_arena.agents.knowledge import Knowledge, Level
from connect_arena.core.game import Action, State

# At module level: an import inside ``_target`` (once per legal action) was 13.5% of a
# compiled MCTS simulation's time (perf; mypyc runs the import machinery at each call).
from connect_arena.games.connect5.legal import placements_apart
from connect_arena.games.connect5.notation import Jump, Pass, Place, Split, Stack, Step
from connect_arena.games.connect5.tables import PASS

if TYPE_CHECKING:  # typed, so that the compiled policy reads the compiled state natively
    from connect_arena.games.connect5.rules import Connect5State

LINE_WEIGHTS = (0.0, 0.04, 0.15, 0.45, 1.0, 0.0)
"""Value of an open path holding 0..5 of a seat's stacks (a point is 1)."""
MOVER_WIN = 30.0
"""Bonus of the seat to move when it can make a winning Connect 5 at once."""
DOUBLE_THREAT = 15.0
"""Bonus of a seat not to move with two or more hot dots it can fill (one block is not
enough)."""
SINGLE_THREAT = 0.6
"""Bonus of a seat not to move with one hot dot it can fill (the next seat must block it)."""
MOVER_FORK = 8.0
"""Bonus of the seat to move when no rival threatens a Connect 5 and a placement would give
it two hot dots (a fork)."""
TWO_FORKS = 8.0
"""Bonus of a seat not to move with two or more dots that would fork."""
ONE_FORK = 2.0
"""Bonus of a seat not to move with one dot that would fork (the next seat must see it)."""
MOVER_CAPTURE = 0.8
"""Share of the best capture of the seat to move counted as already made."""
LATER_CAPTURE = 0.25
"""Share of the best capture of a seat not to move (the victim may still defend)."""
TOKEN_VALUE = 0.03
"""Value of a token still in play (supply or board)."""
DOUBLE_VALUE = 0.1
"""Value of a double on the board (it cannot be eaten by singles)."""
TRAVEL_VALUE = 0.5
"""Value of one step fewer that a seat short of supply must walk its tokens to complete its
nearest open path (:func:`_travel`): a gradient that gathers scattered tokens into a Connect 5
when placements cannot."""
TRAVEL_CAP = 10
"""Most steps the evaluation counts (a path further away, or none left: as far as this), so
that the term never costs more than a Connect 5 is worth (5 points)."""
TRAVEL_SLACK = 0
"""The evaluation measures the walks to the paths holding the most stacks of the seat only
(cheaper, and enough to gather tokens; :func:`solo` tries every path)."""
SOLO_REACH = 60
"""Most steps :func:`_travel` counts for :func:`solo` (the whole Basic board is crossed in
fewer)."""
ATTACK = (0.0, 1.0, 4.0, 16.0)
"""Rollout policy: score of an empty dot per open path through it holding 0..3 of the
player's tokens (four is a Connect 5)."""
DEFEND = (0.0, 0.8, 3.0, 12.0)
"""Rollout policy: score of an empty dot per open path through it holding 0..3 of one
rival's tokens."""
CENTRAL = 0.05
"""Rollout policy: score of an empty dot per Connect-5 path through it."""
EXPOSED = 3.0
"""Rollout policy: penalty of a dot where a rival could eat the token at once."""
MOVE_COST = 0.5
"""Rollout policy: a step or split scores this less than a placement on the same dot."""
FORK_SCORE = 28.0
"""Rollout policy: a placement scoring this much (two paths of three) beats a capture."""


@dataclass(frozen=True, slots=True)
class _BoardTables:
    """What the evaluation needs from one board, derived once.

    Attributes:
        runs: the mask of each Connect-5 path's five dots.
        centrality: per dot, :data:`CENTRAL` times the number of paths through it.
        overs: per dot ``B``, ``(A, C)`` of every jump from ``A`` over ``B`` to ``C``.
        neighbours: per dot, the dots a token on it may step to.
        jumps: per dot, ``(over, to)`` of its jump triples.
        circled: per dot, whether it is circled.
        run_dots: the dots of each path of ``runs``, in board order.
        through: per dot, the indices in ``runs`` of the paths through it, in order.
        key_dst: per action index of :class:`~connect_arena.games.connect5.tables.Tables`
            (``legal.legal_indices``), the dot a placement, step or split fills (``-1``: a
            stack, which fills no new dot).
    """

    runs: tuple[int, ...]
    centrality: tuple[float, ...]
    overs: tuple[tuple[tuple[int, int], ...], ...]
    neighbours: tuple[tuple[int, ...], ...]
    jumps: tuple[tuple[tuple[int, int], ...], ...]
    circled: tuple[bool, ...]
    run_dots: tuple[tuple[int, ...], ...]
    through: tuple[tuple[int, ...], ...]
    key_dst: tuple[int, ...]


_BOARDS: dict[int, tuple[object, _BoardTables]] = {}
_LAST_BOARD: Final[list[tuple[object, _BoardTables]]] = []
"""The entry of :data:`_BOARDS` found last (``Final``: compiled, a static, read with no
dict look-up; replaced whole, so that threads never read half an entry)."""


def _tables(cfg: Any) -> _BoardTables:
    """The tables of the board and Connect-5 reading of ``cfg`` (a game ``Config``), cached
    by the identity of its run index (shared by every game on the same board and rules)."""
    by_dot = cfg.runs
    last = _LAST_BOARD
    if last and last[0][0] is by_dot:  # the board of the last call (a search's every call)
        return last[0][1]
    key = id(by_dot)
    found = _BOARDS.get(key)
    if found is not None and found[0] is by_dot:
        _LAST_BOARD[:] = [found]
        return found[1]
    runs = {entry[4] for row in cfg.runs for entry in row}
    masks = tuple(sorted(sum(1 << dot for dot in run) for run in runs))
    dots = len(cfg.circled)
    centrality = tuple(CENTRAL * len(cfg.runs[dot]) for dot in range(dots))
    overs: list[list[tuple[int, int]]] = [[] for _ in range(dots)]
    for start, row in enumerate(cfg.tables.pairs):
        for over, to in row:
            overs[over].append((start, to))
    run_dots = tuple(tuple(_dots(mask)) for mask in masks)
    through: list[list[int]] = [[] for _ in range(dots)]
    for index, members in enumerate(run_dots):
        for dot in members:
            through[dot].append(index)
    if max(len(row) for row in through) * max(_DEFEND) >= 1 << _SHIFT:
        raise ValueError("too many Connect-5 paths through one dot for the rollout's scores")
    tables = cfg.tables
    links = tables.links
    moves = [-1] * (dots * links)
    for src, row in enumerate(tables.neighbours):
        for k, dst in enumerate(row):
            moves[src * links + k] = dst
    key_dst = (*range(dots), *([-1] * dots), *moves, *moves)  # place, stack, step, split
    built = _BoardTables(
        masks,
        centrality,
        tuple(tuple(row) for row in overs),
        tables.neighbours,
        tables.pairs,
        cfg.circled,
        run_dots,
        tuple(tuple(row) for row in through),
        key_dst,
    )
    _BOARDS[key] = (cfg.runs, built)
    _LAST_BOARD[:] = [(cfg.runs, built)]
    return built


def _masks(owner: list[int], players: int) -> list[int]:
    """Per seat, the mask of the dots holding its stacks."""
    occ = [0] * players
    for dot, seat in enumerate(owner):
        if seat >= 0:
            occ[seat] = occ[seat] | 1 << dot
    return occ


def _lines(
    tab: _BoardTables, owner: list[int], occ: list[int]
) -> tuple[list[float], list[int], list[dict[int, int]], list[int], list[list[int]]]:
    """Per seat: the value of its open paths, the mask of its hot dots, for each empty
    dot of an open path holding three of its stacks, the mask of the dots that placing
    there would make hot (keyed by the dot's bit), the most stacks in one open path, and
    the mask of each open path holding four of its stacks."""
    players = len(occ)
    line = [0.0] * players
    most = [0] * players
    hot = [0] * players
    fours: list[list[int]] = [[] for _ in range(players)]
    threes: list[dict[int, int]] = [{} for _ in range(players)]
    full = 0
    for mask in occ:
        full |= mask
    weights = LINE_WEIGHTS
    for run in tab.runs:
        taken = run & full
        if not taken:
            continue
        seat = owner[(taken & -taken).bit_length() - 1]
        if taken & occ[seat] != taken:
            continue  # contested: nobody can complete it
        count = taken.bit_count()
        line[seat] = line[seat] + weights[count]
        if count > most[seat]:
            most[seat] = count
        if count == 4:
            hot[seat] = hot[seat] | (run ^ taken)
            fours[seat].append(run)
        elif count == 3:
            empty = run ^ taken
            first = empty & -empty
            second = empty ^ first
            partners = threes[seat]
            partners[first] = partners.get(first, 0) | second
            partners[second] = partners.get(second, 0) | first
    return line, hot, threes, most, fours


_FAR = 1 << 20
"""A distance no walk reaches."""
_WALKS: dict[tuple[int, int], list[list[int] | None]] = {}
"""Per board (the id of its neighbour table) and mask of the dots a walk may not enter,
the walks from each dot computed so far (:func:`_walk`); cleared when it grows large."""


def _walk(tab: _BoardTables, blocked: int, start: int) -> list[int]:
    """Per dot, the steps a token on ``start`` needs to reach it without entering the dots
    of ``blocked`` (:data:`_FAR` where it cannot). The own tokens on the way do not block:
    they shift along the route, one step each, for the same count of steps."""
    key = (id(tab.neighbours), blocked)
    rows = _WALKS.get(key)
    if rows is None:
        if len(_WALKS) > 512:
            _WALKS.clear()
        rows = _WALKS[key] = [None] * len(tab.neighbours)
    found = rows[start]
    if found is not None:
        return found
    far = [_FAR] * len(tab.neighbours)
    far[start] = 0
    frontier = [start]
    neighbours = tab.neighbours
    steps = 0
    while frontier:
        steps += 1
        reached = []
        for dot in frontier:
            for other in neighbours[dot]:
                if far[other] == _FAR and not blocked >> other & 1:
                    far[other] = steps
                    reached.append(other)
        frontier = reached
    rows[start] = far
    return far


def _dots(mask: int) -> list[int]:
    """The dots of a mask, in board order."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def _travel(
    tab: _BoardTables,
    state: Connect5State,
    seat: int,
    occ: list[int],
    full: int,
    fewest: int,
    reach: int,
    slack: int = 5,
) -> int:
    """The steps beyond one action per empty dot (so 0 when the supply can fill them) that
    ``seat`` needs to complete an open path (no rival stack on it) by moving its tokens,
    up to ``reach`` (also when no path can be completed); ``fewest`` is the fewest empty
    dots of its open paths, and only paths with at most ``slack`` more are tried.

    Each empty dot of a path is filled by a placement while the supply lasts (one action)
    or by a token from off the path walking there around the rivals' stacks (:func:`_walk`;
    a double gives two tokens: it can split); the walks are matched greedily, cheapest
    first, one token per dot. Paths are tried fewest empty dots first, each skipped when a
    lower bound (each walk from the nearest token off the path, shared or not) cannot beat
    the best found, and the search stops once the empty dots alone cannot. Walks ignore
    that shifting tokens may take some off the path and that captures move faster: a rough
    but monotone guide, which :data:`LINE_WEIGHTS` and the threats refine near the end.
    """
    supply = state.supply[seat]
    mine = occ[seat]
    height = state.height
    own = _dots(mine)
    if sum(height[dot] for dot in own) + supply < 5:
        return reach  # no Connect 5 is possible any more
    rival = full ^ mine
    doubles = sum(1 << dot for dot in own if height[dot] == 2)
    key = (id(tab), mine, rival, supply, doubles, fewest, reach, slack)
    known = _TRAVELS.get(key)
    if known is None:
        if len(_TRAVELS) > 100_000:
            _TRAVELS.clear()
        widest = fewest + slack
        paths = sorted(
            (gaps, run)
            for run in tab.runs
            if run & mine and not run & rival and (gaps := 5 - (run & mine).bit_count()) <= widest
        )
        fewest_actions = _fewest_steps(tab, height, own, supply, mine, rival, fewest + reach, paths)
        known = _TRAVELS[key] = min(fewest_actions - fewest, reach)
    return known


_TRAVELS: dict[tuple[int, ...], int] = {}
"""Results of :func:`_travel` by board, own and rival stacks, supply, own doubles, fewest
empty dots, reach and slack: a search meets the same positions again in other orders and on later
turns. Cleared when it grows large."""


def _fewest_steps(
    tab: _BoardTables,
    height: list[int],
    own: list[int],
    supply: int,
    mine: int,
    rival: int,
    bound: int,
    paths: list[tuple[int, int]],
) -> int:
    """The fewest actions to complete one of ``paths`` (``(empty dots, mask)`` of open
    paths, fewest empty dots first; see :func:`_travel`), or ``bound`` if none takes fewer."""
    # Per empty dot, the own stacks by the length of their walk there (walks are the same
    # both ways: adjacency is symmetric).
    ranked: dict[int, list[tuple[int, int]]] = {}
    best = bound
    for gaps, run in paths:
        if gaps >= best:
            break
        empties = _dots(run & ~mine)
        walking = gaps - supply
        nearest = []  # per empty dot, its nearest stack off the path
        for target in empties:
            order = ranked.get(target)
            if order is None:
                far = _walk(tab, rival, target)
                order = ranked[target] = sorted([(far[dot], dot) for dot in own])
            for steps, dot in order:
                if not run >> dot & 1 or height[dot] == 2:
                    nearest.append((steps, dot))
                    break
            else:
                nearest.append((_FAR, -1))
        nearest.sort()
        chosen = nearest[:walking]
        least = supply + sum(steps for steps, _ in chosen)  # the cost if they all differ
        if least >= best:
            continue
        stacks = [dot for _, dot in chosen]
        if len(set(stacks)) == walking or all(
            stacks.count(dot) <= height[dot] - (run >> dot & 1) for dot in stacks
        ):
            best = least
        else:  # some share their nearest token: match them
            spares = {dot: height[dot] - (run >> dot & 1) for dot in own}
            pairs = sorted(
                (steps, target, dot) for target in empties for steps, dot in ranked[target]
            )
            best = min(best, supply + _matched(pairs, spares, walking))
    return best


def _matched(pairs: list[tuple[int, int, int]], spares: dict[int, int], walking: int) -> int:
    """The steps of ``walking`` walks ``(steps, empty dot, stack)`` (sorted) of distinct
    spare tokens (``spares``: per stack, the tokens it may give) to distinct empty dots,
    matched greedily cheapest first (:data:`_FAR` if there are not enough)."""
    left = dict(spares)
    filled: set[int] = set()
    cost = 0
    for steps, target, dot in pairs:
        if steps >= _FAR:
            break
        if target in filled or not left[dot]:
            continue
        filled.add(target)
        left[dot] = left[dot] - 1
        cost += steps
        if len(filled) == walking:
            return cost
    return _FAR


def _forks(hot: int, partners: dict[int, int]) -> int:
    """How many empty dots would give a seat two hot dots or more if it placed there."""
    return sum(1 for dot, made in partners.items() if ((hot & ~dot) | made).bit_count() >= 2)


def _fillable(
    tab: _BoardTables, state: Connect5State, seat: int, fours: list[int], occ: list[int]
) -> list[int]:
    """The hot dots of ``seat`` it can fill on its next turn to complete one of its paths
    ``fours`` (masks of open paths holding four of its stacks): with a token from its
    supply, or by stepping or splitting a token from a neighbour off that path (one on it
    would only move the gap)."""
    found: set[int] = set()
    supply = state.supply[seat] > 0
    own = occ[seat]
    for run in fours:
        hole = run & ~own
        dot = hole.bit_length() - 1
        if dot in found:
            continue
        if supply or any(
            own >> other & 1 and not run >> other & 1 for other in tab.neighbours[dot]
        ):
            found.add(dot)
    return sorted(found)


def _best_captures(
    tab: _BoardTables, owner: list[int], height: list[int], players: int
) -> list[int]:
    """Per seat, the tokens of the best single jump it has now (chains ignored)."""
    best = [0] * players
    circled, jumps = tab.circled, tab.jumps
    for start, seat in enumerate(owner):
        if seat < 0:
            continue
        size = height[start]
        for over, to in jumps[start]:
            victim = owner[over]
            if victim < 0 or victim == seat or owner[to] >= 0:
                continue
            eaten = height[over]
            if eaten == 2 and (size == 1 or not circled[to]):
                continue  # singles never eat doubles; a double eats one onto a circled dot
            if eaten > best[seat]:
                best[seat] = eaten
    return best


def _mover_capture(state: Connect5State, seat: int) -> int:
    """The tokens of the best capture (chains included) of ``seat``, the seat to move (its
    legal actions are usually cached already: MCTS generated them for the new node)."""
    best = 0
    index, height = state.cfg.tables.index, state.height
    for action in state.legal_actions(seat):
        if type(action) is Jump:
            eaten = _eaten(action, index, height)[0]
            if eaten > best:
                best = eaten
    return best


def _deciding(to_move: int | None, left: list[int]) -> int | None:
    """The next seat, from ``to_move`` on, that still has tokens: seats with none can only
    pass, so the threats of the seat after them are as good as the mover's (``None`` while
    the starter is being drawn)."""
    if to_move is None:
        return None
    players = len(left)
    for turn in range(players):
        seat = (to_move + turn) % players
        if left[seat]:
            return seat
    return to_move


_LAST: tuple[Any, int, list[float]] = (None, -1, [])
"""The last evaluated state, its history length and its per-seat values (``leaf_values``
asks once per seat for the same position). Replaced as one tuple, so that agents searching
in several threads never read a mix of two entries."""


def seat_values(position: State[Any]) -> list[float]:
    """Per seat, how good the (non-terminal) position is, in points: points scored, open
    paths, threats (a winning Connect 5 or a fork of the seat to move; the hot dots and forks
    of the others), the best capture at hand, tokens still in play, doubles, and the steps
    its tokens must walk to a Connect 5 when the supply cannot fill a path (:func:`_travel`).
    A seat with no token left can only pass: the next seat counts as the one to move."""
    global _LAST
    state = cast("Connect5State", position)
    last = _LAST
    if last[0] is state and last[1] == len(state.history):
        return last[2]
    cfg = state.cfg
    players = cfg.players
    tab = _tables(cfg)
    owner, height, supply = state.owner, state.height, state.supply
    occ = _masks(owner, players)
    line, hot, threes, most, fours = _lines(tab, owner, occ)
    full = 0
    for mask in occ:
        full |= mask
    points = state.scores()
    values = [float(points[seat]) + line[seat] for seat in range(players)]
    left = list(supply)
    for seat, tokens in zip(owner, height, strict=False):
        if seat >= 0:
            left[seat] = left[seat] + tokens
            if tokens == 2:
                values[seat] = values[seat] + DOUBLE_VALUE
    mover = _deciding(state.to_move, left)
    captures = _best_captures(tab, owner, height, players)
    fills = [
        _fillable(tab, state, seat, fours[seat], occ) if fours[seat] else []
        for seat in range(players)
    ]
    rivals_hot = any(fills[seat] for seat in range(players) if seat != mover)
    for seat in range(players):
        values[seat] = values[seat] + (TOKEN_VALUE * left[seat])
        fewest = 5 - most[seat]
        if supply[seat] < fewest:  # tokens must walk: how far?
            travel = _travel(tab, state, seat, occ, full, fewest, TRAVEL_CAP, TRAVEL_SLACK)
            values[seat] = values[seat] - (TRAVEL_VALUE * travel)
        fill = fills[seat]
        forks = _forks(hot[seat], threes[seat]) if threes[seat] and supply[seat] >= 2 else 0
        if seat == mover:
            at_hand = _mover_capture(state, seat) if seat == state.to_move else captures[seat]
            values[seat] = values[seat] + (MOVER_CAPTURE * at_hand)
            rivals = max(p for s, p in enumerate(points) if s != seat)
            if fill and points[seat] + 5 > rivals:
                values[seat] = values[seat] + MOVER_WIN
            elif forks and not rivals_hot:
                values[seat] = values[seat] + MOVER_FORK
        else:
            values[seat] = values[seat] + (LATER_CAPTURE * captures[seat])
            if len(fill) >= 2:
                values[seat] = values[seat] + DOUBLE_THREAT
            elif fill:
                values[seat] = values[seat] + SINGLE_THREAT
            if forks >= 2:
                values[seat] = values[seat] + TWO_FORKS
            elif forks:
                values[seat] = values[seat] + ONE_FORK
    _LAST = (state, len(state.history), values)
    return values


def evaluate(state: State[Any], player: int) -> float:
    """How good ``state`` is for ``player``: its :func:`seat_values` minus the best rival's
    (1000 × the return once the game is over)."""
    if state.is_terminal():
        return 1000.0 * state.returns()[player]
    values = seat_values(state)
    return values[player] - max(v for seat, v in enumerate(values) if seat != player)


def _target(action: Action) -> tuple[str | None, str | None]:
    """``(dot the action fills, dot it leaves)`` by notation (``None`` where there is none)."""
    kind = type(action)
    if kind is Place:
        return action.dot, None  # type: ignore[attr-defined]
    if kind is Step:
        return action.dst, action.src  # type: ignore[attr-defined]
    if kind is Split:
        return action.dst, None  # type: ignore[attr-defined]
    if kind is Jump:
        path = action.path  # type: ignore[attr-defined]
        return path[-1], None if action.sandwich else path[0]  # type: ignore[attr-defined]
    return None, None


def _eaten(action: Any, index: dict[str, int], height: list[int]) -> tuple[int, int]:
    """``(tokens eaten, mask of the dots jumped over)`` of a capture."""
    tokens = mask = 0
    for over in action.path[1::2]:
        dot = index[over]
        tokens += height[dot]
        mask |= 1 << dot
    return tokens, mask


_SCALE = 20
"""The rollout policy scores dots in twentieths of a point: integers, so that sums do not
depend on their order (ties are broken at random) and can be kept up to date."""
# ``Final``: compiled, read as constants, not looked up in the module's dict at each use.
_ATTACK: Final = tuple([round(weight * _SCALE) for weight in ATTACK])
_DEFEND: Final = tuple([round(weight * _SCALE) for weight in DEFEND])
_EXPOSED: Final = round(EXPOSED * _SCALE)
_MOVE_COST: Final = round(MOVE_COST * _SCALE)
_FORK_SCORE: Final = round(FORK_SCORE * _SCALE)
_SHIFT: Final = 16
"""The rollout policy keeps a dot's attack and defence sums in one int, the attack shifted
by this many bits: a defence sum stays below ``1 << 16`` (240 twentieths a path, and at most
24 paths through a dot on the boards shipped; :func:`_tables` refuses a board with more than
273)."""
_LOW: Final = (1 << _SHIFT) - 1
_PACKED: Final = tuple([(a << _SHIFT) + d for a, d in zip(_ATTACK, _DEFEND, strict=True)])
"""Per count of stacks 0..3, the packed weight of a path (attack, defence)."""


class _Paths:
    """The open paths of one position, for the rollout policy, kept up to date from one call
    to the next (successive calls see positions a few dots apart: a rollout's next turn, a
    sibling in the tree).

    Per path, the stacks on it are counted (in all and per seat) instead of masked: the
    Basic board has more than 64 dots, and masks that wide are big integers, which the
    compiled build handles as boxed objects (most of a rollout's time before).

    Attributes:
        tab: the board's tables.
        owner: the position's ``owner`` (a copy).
        players: the number of seats.
        held: per path and seat (``path * players + seat``), that seat's stacks on it.
        seat: per path, the seat it is open for (``-1``: empty, or contested).
        count: per path, that seat's stacks on it.
        empties: per path (open paths), its empty dots as a mask of their places in the
            path's ``run_dots`` (bit ``k``: its ``k``-th dot; a small int, where a tuple of
            dots was built anew at each change); :meth:`empty_dots` reads it.
        scores: per seat, per dot, the sums of :data:`ATTACK` and of :data:`DEFEND`
            (twentieths) over the seat's open paths holding 1-3 of its stacks through the
            empty dot, packed in one int as ``attack << _SHIFT | defend`` (one list item to
            read and write per dot and seat, not two); :attr:`attack` and :attr:`defend`
            unpack them.
        fours: per seat, the open paths holding four of its stacks.
        state, round, moves: the state whose ``owner`` is kept (when the caller gave it),
            its round and its history's length then (:meth:`follow`, :meth:`moved`).
        centrality: per dot, :data:`CENTRAL` times the paths through it (twentieths).
    """

    __slots__ = (
        "centrality",
        "count",
        "empties",
        "fours",
        "held",
        "moves",
        "owner",
        "players",
        "round",
        "scores",
        "seat",
        "state",
        "tab",
    )

    def __init__(self, tab: _BoardTables, owner: list[int], players: int) -> None:
        runs = len(tab.runs)
        dots = len(owner)
        self.tab = tab
        self.owner = [-1] * dots
        self.players = players
        self.state: Connect5State | None = None  # the state of the kept position, if known
        self.round = self.moves = 0
        self.held = [0] * (runs * players)
        self.seat = [-1] * runs
        self.count = [0] * runs
        self.empties = [0] * runs
        self.scores = [[0] * dots for _ in range(players)]
        self.fours: list[set[int]] = [set() for _ in range(players)]
        self.centrality = [round(value * _SCALE) for value in tab.centrality]
        self.update(owner)

    @property
    def occ(self) -> list[int]:
        """Per seat, the mask of its stacks (from ``owner``: masks over 64 dots are big
        integers, boxed when compiled, so the updates do not keep them)."""
        return _masks(self.owner, self.players)

    @property
    def total(self) -> list[int]:
        """Per path, the stacks on it (the sum of ``held`` over the seats)."""
        players = self.players
        return [
            sum(self.held[path * players : path * players + players])
            for path in range(len(self.seat))
        ]

    @property
    def attack(self) -> list[list[int]]:
        """Per seat, per dot, the sum of :data:`ATTACK` (twentieths) over the seat's open
        paths holding 1-3 of its stacks through the empty dot (unpacked from ``scores``)."""
        return [[packed >> _SHIFT for packed in row] for row in self.scores]

    @property
    def defend(self) -> list[list[int]]:
        """The same as :attr:`attack` with :data:`DEFEND`."""
        return [[packed & _LOW for packed in row] for row in self.scores]

    def empty_dots(self, index: int) -> tuple[int, ...]:
        """The empty dots of open path ``index``, in board order (``()`` if not open)."""
        if self.seat[index] < 0:
            return ()
        free, members = self.empties[index], self.tab.run_dots[index]
        return tuple([members[at] for at in range(5) if free >> at & 1])

    def follow(self, state: Connect5State | None) -> None:
        """Remember ``state`` (the position about to be kept), its round and its history's
        length, for :meth:`moved` at the next call."""
        self.state = state
        if state is not None:
            self.round, self.moves = state.round, len(state.history)

    def moved(self, state: Connect5State, owner: list[int]) -> list[int]:
        """:meth:`changed` for :meth:`follow`'s state one action later in the same round:
        the dots that action names (a placement's, a step's or split's two, a capture's
        path) whose owner differs, in board order; a full :meth:`changed` otherwise. Only
        those can change: the board is cleared only when a round ends."""
        history = state.history
        if len(history) != self.moves + 1:
            return self.changed(owner)
        action = history[-1].action
        index = state.cfg.tables.index
        old = self.owner
        kind = type(action)
        if kind is Place:
            dot = index[cast(Place, action).dot]
            return [dot] if owner[dot] != old[dot] else []
        if kind is Step or kind is Split:
            move = cast("Step | Split", action)
            src, dst = index[move.src], index[move.dst]
            changed = [dot for dot in (src, dst) if owner[dot] != old[dot]]
            if len(changed) == 2 and src > dst:
                changed.reverse()
            return changed
        if kind is Jump:  # a chain may land on a dot twice
            named = {index[dot] for dot in cast(Jump, action).path}
            changed = [dot for dot in named if owner[dot] != old[dot]]
            changed.sort()
            return changed
        if kind is Stack or kind is Pass:
            return []  # a stack's owner stays; a pass changes nothing
        return self.changed(owner)

    def changed(self, owner: list[int]) -> list[int]:
        """The dots whose owner differs between ``owner`` and the kept position."""
        old = self.owner
        # A typed loop: compiled, it compares unboxed ints (``compress``/``map(ne, ...)``
        # called ``ne`` through the generic protocol per dot: 9% of a simulation).
        changed: list[int] = []
        for dot in range(len(owner)):
            if owner[dot] != old[dot]:
                changed.append(dot)
        return changed

    def copy_from(self, other: _Paths) -> None:
        """Become a copy of ``other`` (same tables and players), reusing this one's lists."""
        self.owner[:] = other.owner
        self.held[:] = other.held
        self.seat[:] = other.seat
        self.count[:] = other.count
        self.empties[:] = other.empties
        for mine, theirs in zip(self.scores, other.scores, strict=True):
            mine[:] = theirs
        for kept, source in zip(self.fours, other.fours, strict=True):
            kept.clear()
            kept.update(source)

    def update(self, owner: list[int], changed: list[int] | None = None) -> None:
        """Bring the paths up to date with ``owner`` (only those through a changed dot;
        ``changed``: those dots, if the caller has them from :meth:`changed`)."""
        old = self.owner
        if changed is None:
            changed = self.changed(owner)
        if not changed:
            return
        players = self.players
        through = self.tab.through
        held = self.held
        # One changed dot (most calls: a rollout's next turn) affects its own paths; more
        # need a set, since their paths overlap.
        single = len(changed) == 1
        many: set[int] | None = None if single else set()
        # The dot a stack arrived on (empty before), when it is the only change (most calls:
        # a placement).
        arrived = changed[0] if single and old[changed[0]] < 0 <= owner[changed[0]] else -1
        for dot in changed:
            was, now = old[dot], owner[dot]
            paths = through[dot]
            # ``x[i] = x[i] - 1``, not ``x[i] -= 1``: compiled, the augmented form goes
            # through the generic number protocol, a boxed call per item (perf).
            if was >= 0:
                for index in paths:
                    slot = index * players + was
                    held[slot] = held[slot] - 1
            if now >= 0:
                for index in paths:
                    slot = index * players + now
                    held[slot] = held[slot] + 1
            old[dot] = now
            if many is not None:
                many.update(paths)
        # A typed tuple: compiled, a ``Collection`` (or set) is iterated through the generic
        # protocol, a boxed int per path; and a set built per call only for several dots.
        affected = through[changed[0]] if many is None else tuple(many)
        run_dots = self.tab.run_dots
        seats, counts, empties = self.seat, self.count, self.empties
        scores, fours = self.scores, self.fours
        for index in affected:
            seat = seats[index]
            if seat >= 0 and arrived >= 0:
                # Open for its seat with ``before`` stacks, the only change a stack arriving
                # on it: still open if the stack is that seat's.
                before = counts[index]
                count = before + 1
                if count < 4 and owner[arrived] == seat:
                    # Still open for its seat, one stack more: the weights' difference on the
                    # dots still empty, not the old weights taken back and the new ones added.
                    score = scores[seat]
                    gone, up = _PACKED[before], _PACKED[count] - _PACKED[before]
                    members, free = run_dots[index], empties[index]
                    for at in range(5):
                        if free >> at & 1:
                            dot = members[at]
                            if dot == arrived:
                                score[dot] = score[dot] - gone
                                free ^= 1 << at
                            else:
                                score[dot] = score[dot] + up
                    counts[index], empties[index] = count, free
                    continue
            if seat >= 0:  # take the path's old state back
                count = counts[index]
                if count < 4:
                    score, gone = scores[seat], _PACKED[count]
                    members, free = run_dots[index], empties[index]
                    for at in range(5):
                        if free >> at & 1:
                            dot = members[at]
                            score[dot] = score[dot] - gone
                elif count == 4:
                    fours[seat].discard(index)
            base = index * players
            count = 0
            for other in range(players):
                count += held[base + other]
            if not count:
                seats[index] = -1
                continue
            # Open for the seat holding every stack on it, if one does (read from the counts,
            # not from the path's dots).
            seat = -1
            for other in range(players):
                if held[base + other] == count:
                    seat = other
                    break
            if seat < 0:
                seats[index] = -1  # contested: nobody can complete it
                continue
            members = run_dots[index]
            free = 0
            for at in range(5):
                if owner[members[at]] < 0:
                    free |= 1 << at
            seats[index], counts[index], empties[index] = seat, count, free
            if count < 4:
                score, up = scores[seat], _PACKED[count]
                for at in range(5):
                    if free >> at & 1:
                        dot = members[at]
                        score[dot] = score[dot] + up
            elif count == 4:
                fours[seat].add(index)


_PATHS = threading.local()
"""Per thread (computer seats may think in threads), the :class:`_Paths` of the last call
(``paths``) and of the last call that came after a jump (``anchor``)."""
_JUMP: Final = 6
"""More changed dots than this since the last call: a jump (a search's next simulation
starting again near its root, far from where the last rollout ended)."""


def _paths_now(
    tab: _BoardTables, owner: list[int], players: int, state: Connect5State | None = None
) -> _Paths:
    """The open paths of ``owner``, updated from the last position this thread saw.

    When ``state`` (whose ``owner`` it is) is the state of the last call one action later in
    the same round (a rollout's next turn), only the dots that action names are compared
    (:meth:`_Paths.moved`), not every dot.

    After a jump, from the position of the last jump instead when that is nearer: in a
    search, the last rollout ended some 40 actions below the tree, while the last jump's
    position was a leaf of the same tree, a few actions from this one (half the paths'
    update time of a simulation went on undoing the last rollout, path by path).
    """
    paths: _Paths | None = getattr(_PATHS, "paths", None)
    if paths is None or paths.tab is not tab or paths.players != players:
        paths = _PATHS.paths = _Paths(tab, owner, players)
        _PATHS.anchor = _Paths(tab, owner, players)
        paths.follow(state)
        return paths
    if state is not None and paths.state is state and paths.round == state.round:
        changed = paths.moved(state, owner)
    else:
        changed = paths.changed(owner)
    paths.follow(state)
    if len(changed) > _JUMP:
        anchor: _Paths = _PATHS.anchor
        nearer = anchor.changed(owner)
        if len(nearer) < len(changed):
            paths.copy_from(anchor)
            changed = nearer
        paths.update(owner, changed)
        anchor.copy_from(paths)
    else:
        paths.update(owner, changed)
    return paths


def rollout(state: State[Any], player: int, rng: Any) -> Action:
    """A quick move choice, for playouts and for the action MCTS expands first at each node:

    1. a Connect 5 that wins the game;
    2. else block a rival's hot dot (fill it, or eat a token of its path);
    3. else a fork: a placement scoring :data:`FORK_SCORE` or more (two paths of three);
    4. else the capture eating most tokens (9 times in 10);
    5. else the placement (or, without supply, the step or split) onto the dot of best score:
       per open path through it, :data:`ATTACK` by the player's tokens there or
       :data:`DEFEND` by a rival's, plus a little for the paths through it, minus
       :data:`EXPOSED` when a rival could eat the token at once; ties at random.
    """
    c5 = cast("Connect5State", state)
    if c5.over or c5.to_move != player:  # not a rollout's call: the generic path
        actions: list[Action] = state.legal_actions(player)
        return actions[0] if len(actions) == 1 else draws.choice(rng, actions)
    # The legal actions as ``legal_actions`` lists them: the placements (when legal, one on
    # each free dot, read from ``owner`` here: no list of them is built), the other items as
    # their index in the board's tables (the dot they fill is a tuple look-up, ``key_dst``),
    # then the captures; only the chosen item's action object is read (``by_index``).
    places, others, captures = placements_apart(c5, player)
    cfg = c5.cfg
    named = cfg.tables.by_index
    owner = c5.owner
    dots = len(owner)
    placing = dots if places else 0
    count = len(others) + len(captures)
    for dot in range(placing):
        if count > 1:
            break
        if owner[dot] < 0:
            count += 1
    if count <= 1:
        keys = _keys(owner, placing, others)
        return cast(Action, named[keys[0]]) if keys else captures[0] if captures else PASS
    tab = _tables(cfg)
    key_dst = tab.key_dst
    height = c5.height
    index = cfg.tables.index
    paths = _paths_now(tab, owner, cfg.players, c5)
    hot_mine = hot_rival = full = 0
    hot_runs: list[int] = []
    runs = tab.runs
    for seat, fours in enumerate(paths.fours):
        if fours and not full:  # the stacks' mask (over 64 bits: a boxed big int) if needed
            for mask in _masks(owner, cfg.players):
                full |= mask
        for run_index in fours:
            run = runs[run_index]
            taken = run & full
            if seat == player:
                hot_mine |= run ^ taken
            else:
                hot_rival |= run ^ taken
                hot_runs.append(taken)
    if hot_mine:
        hot = _flags(hot_mine, dots)
        for key in _keys(owner, placing, others):
            dst = key_dst[key]
            if dst >= 0 and hot[dst]:
                action = cast(Action, named[key])
                if _wins(c5, action, player):
                    return action
        for action in captures:
            filled, _ = _target(action)
            if filled is not None and hot_mine >> index[filled] & 1 and _wins(c5, action, player):
                return action
    if hot_rival:
        hot = _flags(hot_rival, dots)
        blocks: list[Action] = []
        for key in _keys(owner, placing, others):
            dst = key_dst[key]
            if dst >= 0 and hot[dst]:
                blocks.append(cast(Action, named[key]))
        for action in captures:
            filled, _ = _target(action)
            if filled is not None and hot_rival >> index[filled] & 1:
                blocks.append(action)
            elif type(action) is Jump:
                _, eaten = _eaten(action, index, height)
                if any(eaten & run for run in hot_runs):
                    blocks.append(action)
        if blocks:
            return draws.choice(rng, blocks)
    # Dot scores in twentieths (exact integers, whatever the order of the sums), for the
    # dots the actions fill only, in the order of the legal list (placements by dot, then
    # the other items: ascending indices), so that ties are drawn as from that list.
    centrality, mine = paths.centrality, paths.scores[player]
    rivals = [paths.scores[seat] for seat in range(cfg.players) if seat != player]
    overs = tab.overs
    best: list[int] = []
    best_value = -(10**9)
    for position in range(placing + len(others)):
        if position < placing:
            if owner[position] >= 0:
                continue
            key = dst = position
            value = 0
        else:
            key = others[position - placing]
            dst = key_dst[key]
            if dst < 0:
                continue  # a stack
            value = -_MOVE_COST if key >= dots else 0  # a step or split
        value += centrality[dst] + (mine[dst] >> _SHIFT)
        for rival in rivals:
            value += rival[dst] & _LOW
        if value < best_value:
            continue  # below the best even before the exposure penalty
        # Exposed: a rival could eat a token here at once (a jump of its over ``dst`` to an
        # empty dot); looked at only for the dots that may still be best.
        for start, landing in overs[dst]:
            seat = owner[start]
            if seat >= 0 and seat != player and owner[landing] < 0:
                value -= _EXPOSED
                break
        if value > best_value:
            best, best_value = [key], value
        elif value == best_value:
            best.append(key)
    jumps: list[Action] = [action for action in captures if type(action) is Jump]
    if best_value < _FORK_SCORE and jumps and rng.random() < 0.9:
        return max(jumps, key=lambda a: _eaten(a, index, height)[0])
    if best:
        return cast(Action, named[draws.choice(rng, best)])
    every: list[Action] = [cast(Action, named[key]) for key in _keys(owner, placing, others)]
    every.extend(captures)
    return draws.choice(rng, every)


def _keys(owner: list[int], placing: int, others: list[int]) -> list[int]:
    """The items' indices as ``legal.legal_indices`` lists them: a placement on each free
    dot below ``placing`` (its index is its dot), then ``others``."""
    keys = [dot for dot in range(placing) if owner[dot] < 0]
    keys.extend(others)
    return keys


def _flags(mask: int, dots: int) -> list[bool]:
    """Per dot, whether ``mask`` holds it (a list: testing a bit of a mask over 64 dots is a
    big-integer shift, boxed when compiled)."""
    flags = [False] * dots
    for dot in _dots(mask):
        flags[dot] = True
    return flags


def _wins(state: Connect5State, action: Action, player: int) -> bool:
    """Whether ``action`` ends the game with a win of ``player`` (on a clone)."""
    child = state.clone()
    child.apply_legal_action(action, player)  # type: ignore[arg-type]
    return child.is_terminal() and child.returns()[player] > 0


def _actions_needed(state: Connect5State, seat: int) -> int:
    """The actions ``seat`` needs at least to complete its easiest open path: one per empty
    dot, plus the extra steps of its walks when the supply is short (:func:`_travel`)."""
    cfg = state.cfg
    tab = _tables(cfg)
    occ = _masks(state.owner, cfg.players)
    full = 0
    for mask in occ:
        full |= mask
    fewest = 5 - _lines(tab, state.owner, occ)[3][seat]
    if state.supply[seat] >= fewest:
        return fewest
    return fewest + _travel(tab, state, seat, occ, full, fewest, SOLO_REACH)


def solo(state: State[Any], player: int) -> Action | None:
    """The action of ``player`` when no other seat has a token left (they can only pass, and
    the round goes on until a Connect 5 or the ``idle_limit``), else ``None``.

    Nothing can change the others' scores any more; the player's Connect 5 is 5 points more
    and ends the round, so the only question left is how soon (issue 14: a computer alone
    slid its tokens for 260 moves). Played: an action that makes the Connect 5; else the
    one leaving the fewest actions to make it (:func:`_actions_needed`), then one that does
    not step straight back where the player's last step came from, then the best by
    :func:`evaluate`, then the first in notation order. The search's evaluation is no help
    here: far ahead on points, every move looks alike to it.
    """
    current = cast("Connect5State", state)
    left = current.tokens_left()
    if left[player] < 5 or left[player] != sum(left):
        return None
    back = None
    for entry in reversed(current.history):
        if entry.player == player:
            if type(entry.action) is Step:
                back = Step(entry.action.dst, entry.action.src)
            break
    rounds = len(current.results)
    best: tuple[int, int, float, str] | None = None
    chosen: Action | None = None
    for action in current.legal_actions(player):
        child = current.clone()
        child.apply_legal_action(action, player)
        if len(child.results) > rounds:
            if child.results[rounds].connect5 == player:
                return action
            continue  # the round ended otherwise: never better than playing on
        key = (
            _actions_needed(child, player),
            int(action == back),
            -evaluate(child, player),
            str(action),
        )
        if best is None or key < best:
            best, chosen = key, action
    return chosen


KNOWLEDGE = Knowledge(
    evaluate=evaluate,
    rollout=rollout,
    solo=solo,
    leaf_scale=6.0,
    widening=0.6,
    levels={
        "easy": Level(iterations=100, seconds=0.5, max_rollout=0, exploration=0.4),
        "normal": Level(iterations=400, seconds=1.0, max_rollout=0, exploration=0.4),
        "hard": Level(iterations=2000, seconds=2.0, max_rollout=0, exploration=0.4),
    },
)
"""Connect 5 knowledge. Every level values new leaves with the evaluation at once
(``max_rollout=0``: about 3 800 simulations/s against 640 with 20-action policy rollouts)
and explores with ``c = 0.4`` (the leaf values of sibling moves differ by a few hundredths;
with ``c = 1.4`` the search spread its visits evenly and lost to ``greedy``: 2-4 wins in 10,
against 8 in 10 with ``c = 0.4``). ``hard`` (1000 simulations, mean 0.34 s a move) beat
``random`` 200-0 and ``greedy`` in most games (``docs/agents.md`` and the lead's report hold
the measurements); ``easy`` keeps ``c = 2.5`` and 100 simulations."""
