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

The rollout policy (:func:`rollout`) is also the move MCTS expands first at every node: with
``max_rollout=0`` (every level) a new leaf is valued by the evaluation at once and the policy
only orders the search, so it can afford a full pass over the paths (about 130 µs a call on
the Basic board, against 65 µs for the evaluation; ``benchmarks/strength_connect5.py
--speed``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from connect_arena.agents.knowledge import Knowledge, Level
from connect_arena.core.game import Action, State

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
    """

    runs: tuple[int, ...]
    centrality: tuple[float, ...]
    overs: tuple[tuple[tuple[int, int], ...], ...]
    neighbours: tuple[tuple[int, ...], ...]
    jumps: tuple[tuple[tuple[int, int], ...], ...]
    circled: tuple[bool, ...]


_BOARDS: dict[int, tuple[object, _BoardTables]] = {}


def _tables(cfg: Any) -> _BoardTables:
    """The tables of the board and Connect-5 reading of ``cfg`` (a game ``Config``), cached
    by the identity of its run index (shared by every game on the same board and rules)."""
    key = id(cfg.runs)
    found = _BOARDS.get(key)
    if found is not None and found[0] is cfg.runs:
        return found[1]
    runs = {entry[4] for row in cfg.runs for entry in row}
    masks = tuple(sorted(sum(1 << dot for dot in run) for run in runs))
    dots = len(cfg.circled)
    centrality = tuple(CENTRAL * len(cfg.runs[dot]) for dot in range(dots))
    overs: list[list[tuple[int, int]]] = [[] for _ in range(dots)]
    for start, row in enumerate(cfg.tables.pairs):
        for over, to in row:
            overs[over].append((start, to))
    built = _BoardTables(
        masks,
        centrality,
        tuple(tuple(row) for row in overs),
        cfg.tables.neighbours,
        cfg.tables.pairs,
        cfg.circled,
    )
    _BOARDS[key] = (cfg.runs, built)
    return built


def _masks(owner: list[int], players: int) -> list[int]:
    """Per seat, the mask of the dots holding its stacks."""
    occ = [0] * players
    for dot, seat in enumerate(owner):
        if seat >= 0:
            occ[seat] |= 1 << dot
    return occ


def _lines(
    tab: _BoardTables, owner: list[int], occ: list[int]
) -> tuple[list[float], list[int], list[dict[int, int]]]:
    """Per seat: the value of its open paths, the mask of its hot dots, and for each empty
    dot of an open path holding three of its stacks, the mask of the dots that placing
    there would make hot (keyed by the dot's bit)."""
    players = len(occ)
    line = [0.0] * players
    hot = [0] * players
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
        line[seat] += weights[count]
        if count == 4:
            hot[seat] |= run ^ taken
        elif count == 3:
            empty = run ^ taken
            first = empty & -empty
            second = empty ^ first
            partners = threes[seat]
            partners[first] = partners.get(first, 0) | second
            partners[second] = partners.get(second, 0) | first
    return line, hot, threes


def _forks(hot: int, partners: dict[int, int]) -> int:
    """How many empty dots would give a seat two hot dots or more if it placed there."""
    return sum(1 for dot, made in partners.items() if ((hot & ~dot) | made).bit_count() >= 2)


def _fillable(tab: _BoardTables, state: Any, seat: int, hot: int, occ: list[int]) -> list[int]:
    """The hot dots of ``seat`` it can fill on its next turn: with a token from its supply,
    or by stepping or splitting a token from a neighbour (a neighbour in the same path would
    leave it, which is ignored: a rough but cheap test)."""
    found = []
    supply = state.supply[seat] > 0
    own = occ[seat]
    while hot:
        low = hot & -hot
        hot ^= low
        dot = low.bit_length() - 1
        if supply or any(own >> other & 1 for other in tab.neighbours[dot]):
            found.append(dot)
    return found


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


def _mover_capture(state: Any, seat: int) -> int:
    """The tokens of the best capture (chains included) of ``seat``, the seat to move (its
    legal actions are usually cached already: MCTS generated them for the new node)."""
    from connect_arena.games.connect5.notation import Jump

    best = 0
    index, height = state.cfg.tables.index, state.height
    for action in state.legal_actions(seat):
        if type(action) is Jump:
            eaten = _eaten(action, index, height)[0]
            if eaten > best:
                best = eaten
    return best


_LAST: tuple[Any, int, list[float]] = (None, -1, [])
"""The last evaluated state, its history length and its per-seat values (``leaf_values``
asks once per seat for the same position). Replaced as one tuple, so that agents searching
in several threads never read a mix of two entries."""


def seat_values(state: Any) -> list[float]:
    """Per seat, how good the (non-terminal) position is, in points: points scored, open
    paths, threats (a winning Connect 5 or a fork of the seat to move; the hot dots and forks
    of the others), the best capture at hand, tokens still in play and doubles."""
    global _LAST
    last = _LAST
    if last[0] is state and last[1] == len(state.history):
        return last[2]
    cfg = state.cfg
    players = cfg.players
    tab = _tables(cfg)
    owner, height, supply = state.owner, state.height, state.supply
    occ = _masks(owner, players)
    line, hot, threes = _lines(tab, owner, occ)
    points = state.scores()
    values = [float(points[seat]) + line[seat] for seat in range(players)]
    mover = state.to_move
    captures = _best_captures(tab, owner, height, players)
    fills = [
        _fillable(tab, state, seat, hot[seat], occ) if hot[seat] else [] for seat in range(players)
    ]
    rivals_hot = any(fills[seat] for seat in range(players) if seat != mover)
    for seat in range(players):
        left = supply[seat]
        for dot_seat, tokens in zip(owner, height, strict=False):
            if dot_seat == seat:
                left += tokens
                if tokens == 2:
                    values[seat] += DOUBLE_VALUE
        values[seat] += TOKEN_VALUE * left
        fill = fills[seat]
        forks = _forks(hot[seat], threes[seat]) if threes[seat] and supply[seat] >= 2 else 0
        if seat == mover:
            values[seat] += MOVER_CAPTURE * _mover_capture(state, seat)
            rivals = max(p for s, p in enumerate(points) if s != seat)
            if fill and points[seat] + 5 > rivals:
                values[seat] += MOVER_WIN
            elif forks and not rivals_hot:
                values[seat] += MOVER_FORK
        else:
            values[seat] += LATER_CAPTURE * captures[seat]
            if len(fill) >= 2:
                values[seat] += DOUBLE_THREAT
            elif fill:
                values[seat] += SINGLE_THREAT
            if forks >= 2:
                values[seat] += TWO_FORKS
            elif forks:
                values[seat] += ONE_FORK
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
    from connect_arena.games.connect5.notation import Jump, Place, Split, Step

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
    from connect_arena.games.connect5.notation import Jump, Place, Split, Step

    actions: list[Action] = state.legal_actions(player)
    if len(actions) == 1:
        return actions[0]
    cfg = state.cfg  # type: ignore[attr-defined]
    tab = _tables(cfg)
    owner: list[int] = state.owner  # type: ignore[attr-defined]
    height: list[int] = state.height  # type: ignore[attr-defined]
    index = cfg.tables.index
    occ = _masks(owner, cfg.players)
    full = 0
    for mask in occ:
        full |= mask
    score = list(tab.centrality)
    hot_mine = hot_rival = 0
    hot_runs: list[int] = []
    attack, defend = ATTACK, DEFEND
    for run in tab.runs:
        taken = run & full
        if not taken:
            continue
        seat = owner[(taken & -taken).bit_length() - 1]
        if taken & occ[seat] != taken:
            continue
        count = taken.bit_count()
        empty = run ^ taken
        if count == 4:
            if seat == player:
                hot_mine |= empty
            else:
                hot_rival |= empty
                hot_runs.append(taken)
            continue
        weight = attack[count] if seat == player else defend[count]
        while empty:
            low = empty & -empty
            score[low.bit_length() - 1] += weight
            empty ^= low
    if hot_mine:
        for action in actions:
            filled, _ = _target(action)
            if filled is not None and hot_mine >> index[filled] & 1:
                child = state.clone()
                child.apply_legal_action(action, player)
                if child.is_terminal() and child.returns()[player] > 0:
                    return action
    if hot_rival:
        blocks: list[Action] = []
        for action in actions:
            filled, _ = _target(action)
            if filled is not None and hot_rival >> index[filled] & 1:
                blocks.append(action)
            elif type(action) is Jump:
                _, eaten = _eaten(action, index, height)
                if any(eaten & run for run in hot_runs):
                    blocks.append(action)
        if blocks:
            return rng.choice(blocks)  # type: ignore[no-any-return]
    overs = tab.overs
    best: list[Action] = []
    best_value = -1e9
    jumps: list[Action] = []
    for action in actions:
        kind = type(action)
        if kind is Place or kind is Step or kind is Split:
            dst = index[action.dot if kind is Place else action.dst]  # type: ignore[attr-defined]
            value = score[dst]
            for attacker, landing in overs[dst]:
                seat = owner[attacker]
                if seat >= 0 and seat != player and owner[landing] < 0:
                    value -= EXPOSED
                    break
            if kind is not Place:
                value -= MOVE_COST
        elif kind is Jump:
            jumps.append(action)
            continue
        else:
            continue
        if value > best_value:
            best, best_value = [action], value
        elif value == best_value:
            best.append(action)
    if best_value < FORK_SCORE and jumps and rng.random() < 0.9:
        return max(jumps, key=lambda a: _eaten(a, index, height)[0])
    if best:
        return rng.choice(best)  # type: ignore[no-any-return]
    return rng.choice(actions)  # type: ignore[no-any-return]


KNOWLEDGE = Knowledge(
    evaluate=evaluate,
    rollout=rollout,
    leaf_scale=6.0,
    widening=0.6,
    levels={
        "easy": Level(iterations=100, seconds=0.1, max_rollout=0, exploration=2.5),
        "normal": Level(iterations=400, seconds=0.4, max_rollout=0, exploration=0.4),
        "hard": Level(iterations=1000, seconds=0.9, max_rollout=0, exploration=0.4),
    },
)
"""Connect 5 knowledge. Every level values new leaves with the evaluation at once
(``max_rollout=0``: about 3 800 simulations/s against 640 with 20-action policy rollouts)
and explores with ``c = 0.4`` (the leaf values of sibling moves differ by a few hundredths;
with ``c = 1.4`` the search spread its visits evenly and lost to ``greedy``: 2-4 wins in 10,
against 8 in 10 with ``c = 0.4``). ``hard`` (1000 simulations, mean 0.34 s a move) beat
``random`` 200-0 and ``greedy`` in most games (``docs/agents.md`` and the lead's report hold
the measurements); ``easy`` keeps ``c = 2.5`` and 100 simulations."""
