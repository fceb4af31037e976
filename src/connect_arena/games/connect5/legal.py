"""Legal actions of Connect 5 and the effect of a jump (the hot paths of the engine).

Positions are two lists indexed by dot: ``owner`` (seat or ``-1``) and ``height`` (0, 1 or 2).
Everything that depends on the board alone (the action objects, links, jump triples) comes
precomputed from ``tables.py``; ``test_fast_paths.py`` checks the result against a plain
reference generator.

Quotations are from the Italian rulebook (seed 000) unless marked; ``docs/rules/connect5.md``
lists the decisions (AMB-n).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar, cast

from connect_arena.games.connect5.notation import (
    Connect5Action,
    Jump,
    Place,
    Split,
    Stack,
    Step,
)
from connect_arena.games.connect5.options import Config
from connect_arena.games.connect5.tables import PASS, segment_mask

if TYPE_CHECKING:
    from connect_arena.games.connect5.rules import Connect5State


def hop(
    cfg: Config, owner: list[int], height: list[int], pos: int, size: int, over: int, to: int
) -> tuple[int, int]:
    """Apply one jump of the unit of ``size`` tokens on ``pos`` over ``over`` onto ``to``.

    The jump is assumed legal. A double landing on a single dot splits: its top token jumps
    and the other stays on ``pos`` (AMB-10 (a): "dovrà essere divisa se il punto di arrivo
    della mossa non è cerchiato"). A sandwich (``to`` holds the mover's single) moves one
    token onto it ("spostando una sola delle pedine e formando quindi una pedina doppia").

    Returns:
        ``(size of the unit now on to, tokens captured)``.
    """
    player = owner[pos]
    taken = height[over]
    if cfg.remove_top_only and taken == 2:  # AMB-11 (b)
        height[over] = 1
        taken = 1
    else:
        owner[over], height[over] = -1, 0
    if owner[to] == player:  # sandwich
        height[to] = 2
        _lift(owner, height, pos, 1)
        return 2, taken
    moving = 1 if size == 2 and not cfg.circled[to] else size
    _lift(owner, height, pos, moving)
    owner[to], height[to] = player, moving
    return moving, taken


def _lift(owner: list[int], height: list[int], dot: int, tokens: int) -> None:
    height[dot] = height[dot] - tokens
    if height[dot] == 0:
        owner[dot] = -1


def tokens_left(owner: list[int], height: list[int], supply: list[int]) -> list[int]:
    """Per seat, its ``supply`` plus the tokens of its stacks (``owner``/``height`` by dot):
    the tokens still in play this round (``Connect5State.tokens_left``, here compiled: the
    round-end check runs it after most turns late in a round)."""
    left = list(supply)
    for dot in range(len(owner)):
        seat = owner[dot]
        if seat >= 0:
            left[seat] = left[seat] + height[dot]
    return left


def dead_reason(
    owner: list[int], height: list[int], supply: list[int], end_without_connect5: bool
) -> str | None:
    """Why the round cannot produce a Connect 5 any more, or ``None`` (``Connect5State._dead``,
    compiled: it runs after every turn): ``"no_connect5"`` when every seat has fewer than five
    tokens left and ``end_without_connect5`` is on; else ``"dead"`` when moreover at most one
    seat has tokens at all."""
    # The usual cases first, without counting heights (each dot holds >= 1): a supply of
    # five, then supply and stacks (one compiled pass, not a ``list.count`` per seat).
    for held in supply:
        if held >= 5:
            return None
    stacks = [0] * len(supply)
    for seat in owner:
        if seat >= 0:
            stacks[seat] = stacks[seat] + 1
    for seat in range(len(supply)):
        if supply[seat] + stacks[seat] >= 5:
            return None
    left = tokens_left(owner, height, supply)
    if max(left) >= 5:
        return None
    if end_without_connect5:
        return "no_connect5"
    holding = 0
    for tokens in left:
        if tokens > 0:
            holding += 1
    return "dead" if holding <= 1 else None


def has_free(owner: list[int]) -> bool:
    """Whether a dot is free (``-1 in owner``, as a compiled loop: the membership test
    rich-compares every occupied dot, 10% of a playout late in a round)."""
    return any(seat < 0 for seat in owner)


def own_dots(owner: list[int], player: int) -> list[int]:
    """The dots holding ``player``'s stacks, in board order."""
    return [dot for dot, seat in enumerate(owner) if seat == player]


def legal_actions(state: Connect5State, player: int) -> list[Connect5Action]:
    """Every legal action of ``player`` now, in a fixed order: place, stack, step, split,
    captures; ``[Pass()]`` when there is none.

    The first turn of a round is a placement (AMB-1: "posizionano in senso orario uno dopo
    l'altro una delle loro pedine"). With ``capture_compulsory`` a possible capture excludes
    every other action (AMB-25). The actions are the interned objects of ``tables.py``.
    """
    tables = state.cfg.tables
    items, captures = _generate(state, player, tables.place, tables.stack, tables.steps)
    actions = cast(list[Connect5Action], items)
    if captures:
        actions += captures
    return actions or [PASS]


def keyed_actions(
    state: Connect5State, player: int
) -> tuple[list[tuple[int, Connect5Action]], list[Connect5Action]]:
    """:func:`legal_actions` in two parts: the placements, stacks, steps and splits as
    ``(index, action)`` pairs (numbered as :class:`~.tables.Tables` says, so ascending),
    then the captures; both empty when ``pass`` is the only legal action. The same generator
    fills both, from the tables of pairs instead of the tables of actions."""
    tables = state.cfg.tables
    return _generate(state, player, tables.keyed_place, tables.keyed_stack, tables.keyed_steps)


def legal_indices(state: Connect5State, player: int) -> tuple[list[int], list[Connect5Action]]:
    """:func:`keyed_actions` with the indices alone: the placements, stacks, steps and splits
    as their indices (ascending; ``tables.by_index`` names each one's action), then the
    captures; both empty when ``pass`` is the only legal action. The same generator fills
    both from the tables of indices, so the research adapters read their ids (these indices)
    with no action object touched."""
    tables = state.cfg.tables
    return _generate(state, player, tables.index_place, tables.index_stack, tables.index_steps)


def placements_apart(
    state: Connect5State, player: int
) -> tuple[bool, list[int], list[Connect5Action]]:
    """:func:`legal_indices` with the placements apart, for a caller that scans the free dots
    itself (the rollout policy): whether a placement on every free dot is legal (the
    placements come first, their indices are their dots), the indices of the stacks, steps
    and splits (ascending), then the captures. No list of the free dots is built."""
    tables = state.cfg.tables
    return _apart(state, player, tables.index_stack, tables.index_steps)


T = TypeVar("T")


def _generate(
    state: Connect5State,
    player: int,
    place: tuple[T, ...],
    stack: tuple[T, ...],
    links: tuple[tuple[tuple[int, T, T, bool], ...], ...],
) -> tuple[list[T], list[Connect5Action]]:
    """The legal actions other than captures, as the items of ``place``, ``stack`` and
    ``links`` (the tables of actions, or of pairs), and the captures apart."""
    placing, others, captures = _apart(state, player, stack, links)
    if not placing:
        return others, captures
    items = _places(place, state.owner)
    items += others
    return items, captures


def _apart(
    state: Connect5State,
    player: int,
    stack: tuple[T, ...],
    links: tuple[tuple[tuple[int, T, T, bool], ...], ...],
) -> tuple[bool, list[T], list[Connect5Action]]:
    """The one reading of the rules behind :func:`_generate` and :func:`placements_apart`:
    whether a placement on every free dot is legal, the stacks and the moves as the items of
    ``stack`` and ``links``, and the captures apart."""
    cfg = state.cfg
    supply = state.supply[player] > 0
    if state.turns_taken[player] == 0:
        return supply, [], []
    mine = own_dots(state.owner, player)
    captures = _captures(state, player, mine)
    if cfg.capture_compulsory and captures:
        return False, [], captures
    items: list[T] = []
    if supply:
        height, circled = state.height, cfg.tables.circled
        items = [stack[dot] for dot in mine if height[dot] == 1 and circled[dot]]
    items += _moves(state, player, mine, links)
    return supply, items, captures


def _places(place: tuple[T, ...], owner: list[int]) -> list[T]:
    """The placements on the free dots (``place``: the item of each dot)."""
    # An index loop: compiled, ``zip(..., strict=True)`` iterates through the generic
    # protocol, a boxed pair per dot (a rollout lists the placements at every action).
    found: list[T] = []
    for dot in range(len(owner)):
        if owner[dot] < 0:
            found.append(place[dot])
    return found


def moves(state: Connect5State, player: int) -> list[Connect5Action]:
    """STEP and SPLIT actions of ``player``.

    A double moves "solo tra i punti adiacenti 'cerchiati'"; landing dots must be free
    (AMB-7), except that ``stack_by_step`` lets a single step onto an own single on a circled
    dot (AMB-3/AMB-4 (b)).
    """
    found: list[Connect5Action] = []
    found += _moves(state, player, own_dots(state.owner, player), state.cfg.tables.steps)
    return found


def _moves(
    state: Connect5State,
    player: int,
    mine: list[int],
    links: tuple[tuple[tuple[int, T, T, bool], ...], ...],
) -> list[T]:
    """:func:`moves` of the units on the dots ``mine``, as the items of ``links`` (by dot,
    ``(neighbour, step, split, both circled)``): steps first, then splits."""
    cfg = state.cfg
    owner, height = state.owner, state.height
    if cfg.stack_by_step:
        steps = _steps_onto_own(state, player, mine, links)
    else:  # a single steps to any free neighbour, a double only between circled dots
        steps = [
            step
            for src in mine
            for dst, step, _, both_circled in links[src]
            if owner[dst] < 0 and (both_circled or height[src] == 1)
        ]
    splits: list[T] = [
        split
        for src in mine
        if height[src] == 2
        for dst, _, split, _ in links[src]
        if owner[dst] < 0
    ]
    if cfg.retrace_previous_turn and state.last_route[player] is not None:
        at = cfg.tables.by_index
        steps = [a for a in steps if not retraces_into_run(state, player, _action(a, at))]
        splits = [a for a in splits if not retraces_into_run(state, player, _action(a, at))]
    return steps + splits


def _action(item: object, by_index: tuple[Connect5Action | None, ...]) -> Connect5Action:
    """The action of an item of the tables: the action, the second of a pair, or the
    action of an index (``by_index``: ``tables.by_index``)."""
    if isinstance(item, int):
        return cast(Connect5Action, by_index[item])
    return cast(Connect5Action, item[1] if isinstance(item, tuple) else item)


def _steps_onto_own(
    state: Connect5State,
    player: int,
    mine: list[int],
    links: tuple[tuple[tuple[int, T, T, bool], ...], ...],
) -> list[T]:
    """The steps under ``stack_by_step``: also a single onto an own single on a circled dot."""
    owner, height, circled = state.owner, state.height, state.cfg.circled
    steps: list[T] = []
    for src in mine:
        for dst, step, _, both_circled in links[src]:
            if owner[dst] < 0:
                if both_circled or height[src] == 1:
                    steps.append(step)
            elif owner[dst] == player and height[src] == height[dst] == 1 and circled[dst]:
                steps.append(step)
    return steps


def retraces_into_run(state: Connect5State, player: int, action: Connect5Action) -> bool:
    """Under ``retrace_rule=previous_turn``: whether a step or split moves the token that
    moved last turn back along a stretch it used then and so makes a Connect 5 ("Non è
    possibile ... fare Connect 5 ripercorrendo a ritroso un tratto appena usato")."""
    route = state.last_route[player]
    if route is None or not isinstance(action, Step | Split):
        return False
    board, topo = state.cfg.board, state.cfg.topo
    src, dst = board.dot_index(action.src), board.dot_index(action.dst)
    if src != route[0] or not topo.between[(src, dst)].segset & route[1]:
        return False
    owner, height = list(state.owner), list(state.height)
    moving = 1 if isinstance(action, Split) else height[src]
    _lift(owner, height, src, moving)
    owner[dst], height[dst] = player, height[dst] + moving
    return topo.find_run(owner, player, state.cfg.run_rules, (dst,)) is not None


def quick_legal(state: Connect5State, action: Connect5Action, player: int) -> bool:
    """Whether a placement, stack, step or split is legal, decided without generating every
    legal action (the fast path of replays; actions are told apart by their exact class, as
    in ``Connect5State._move``). ``False`` means "not shown legal here": the
    caller then falls back to the generated list. Never ``True`` for an illegal action
    (``test_properties.py`` compares it with :func:`legal_actions`)."""
    cfg = state.cfg
    if cfg.capture_compulsory or cfg.retrace_previous_turn:
        return False
    owner, height, circled = state.owner, state.height, cfg.circled
    index = cfg.tables.dot
    if type(action) is Place:
        return state.supply[player] > 0 and owner[index(action.dot)] < 0
    if state.turns_taken[player] == 0:
        return False
    if type(action) is Stack:
        dot = index(action.dot)
        return (
            state.supply[player] > 0 and owner[dot] == player and height[dot] == 1 and circled[dot]
        )
    if type(action) is not Step and type(action) is not Split:
        return False
    src, dst = index(action.src), index(action.dst)
    if owner[src] != player or owner[dst] >= 0 or not cfg.topo.adjacent(src, dst):
        return False
    if type(action) is Split:
        return height[src] == 2
    return height[src] == 1 or (circled[src] and circled[dst])


def capture_actions(state: Connect5State, player: int) -> list[Connect5Action]:
    """Every capture of ``player``: single jumps, each prefix of every chain (continuing is
    optional), and sandwiches."""
    return _captures(state, player, own_dots(state.owner, player))


def _captures(state: Connect5State, player: int, mine: list[int]) -> list[Connect5Action]:
    """:func:`capture_actions` of the units on the dots ``mine``."""
    found: list[Connect5Action] = []
    owner, pairs = state.owner, state.cfg.tables.pairs
    chains: _Chains | None = None
    for start in mine:
        for over, to in pairs[start]:  # a quick look before the search proper
            victim, landing = owner[over], owner[to]
            if victim >= 0 and victim != player and (landing < 0 or landing == player):
                if chains is None:
                    chains = _Chains(state, player, found)
                chains.search(start)
                break
    return found


class _Chains:
    """Depth-first search of the capture chains of ``player``'s units.

    A chain never walks a stretch of line twice and never jumps a dot twice (AMB-12 (a):
    "ripercorrendo a ritroso un tratto appena usato"; EN "using again a line that has just
    been used"); with ``retrace_rule=no_revisit`` it never lands on a dot it already used.
    Every landing dot is free ("purché gli spazi di arrivo siano liberi"); only a sandwich
    lands on an own single, and it ends the move (§9).

    The search works on its own copy of the position: it makes each jump, explores what
    follows and takes the jump back. Stretches walked, dots jumped and dots used are bit
    masks.
    """

    def __init__(self, state: Connect5State, player: int, found: list[Connect5Action]) -> None:
        self.cfg = state.cfg
        self.player = player
        self.found = found
        self.owner = list(state.owner)
        self.height = list(state.height)
        self.route = state.last_route[player] if self.cfg.retrace_previous_turn else None
        self.blocked = 0

    def search(self, start: int) -> None:
        """Append every chain of the unit on ``start`` to ``found``."""
        route = self.route
        self.blocked = segment_mask(route[1]) if route is not None and route[0] == start else 0
        self._dfs(start, self.height[start], 0, 0, 1 << start, (self.cfg.ids[start],))

    def _dfs(
        self, pos: int, size: int, used: int, jumped: int, seen: int, path: tuple[str, ...]
    ) -> None:
        # The innermost loop of capture generation: one flat loop, hence the length.
        cfg, player, owner, height = self.cfg, self.player, self.owner, self.height
        first = len(path) == 1
        for over, to, mask, single, sandwich in cfg.tables.jumps[pos]:
            victim = owner[over]
            if victim < 0 or victim == player or jumped >> over & 1 or used & mask:
                continue
            if first and self.blocked & mask:
                continue  # retrace_rule=previous_turn
            if size == 1 and height[over] == 2:
                continue  # "Le pedine doppie non possono essere mangiate dalle pedine singole"
            if cfg.no_revisit and seen >> to & 1:
                continue  # FR "en retournant sur une des cases déjà utilisées auparavant"
            if owner[to] < 0:
                if size == 2 and height[over] == 2 and not cfg.circled[to]:
                    continue  # "solo a patto che il punto di arrivo sia cerchiato e libero"
                action = single if first else Jump((*path, cfg.ids[over], cfg.ids[to]))
                self.found.append(action)
                if not self._may_go_on(to, over):
                    continue
                saved = (owner[pos], height[pos], owner[over], height[over])
                moved, _ = hop(cfg, owner, height, pos, size, over, to)
                self._dfs(
                    to,
                    moved,
                    used | mask,
                    jumped | 1 << over,
                    seen | 1 << over | 1 << to,
                    action.path,
                )
                owner[pos], height[pos], owner[over], height[over] = saved
                owner[to], height[to] = -1, 0
            elif owner[to] == player and self._sandwich(pos, size, over, to, first):
                self.found.append(
                    sandwich if first else Jump((*path, cfg.ids[over], cfg.ids[to]), sandwich=True)
                )

    def _may_go_on(self, to: int, eaten: int) -> bool:
        """A quick look before making a jump to search on from ``to``: whether a jump from
        there goes over an opponent's token (the one just eaten aside)."""
        owner, player = self.owner, self.player
        for over in self.cfg.tables.overs[to]:
            seat = owner[over]
            if seat >= 0 and seat != player and over != eaten:
                return True
        return False

    def _sandwich(self, pos: int, size: int, over: int, to: int, first: bool) -> bool:
        """The sandwich: an opponent's single between two circled dots holding the mover's
        tokens, the landing one a single (AMB-13 (a)); from a double only its top token
        moves. ``sandwich_mode=strict_only_double_start`` needs a double at the start."""
        cfg, owner, height = self.cfg, self.owner, self.height
        return (
            (first or cfg.sandwich_in_chain)
            and owner[to] == self.player  # (checked by the caller too)
            and height[to] == 1
            and height[over] == 1
            and cfg.circled[pos]
            and cfg.circled[to]
            and (size == 2 or not cfg.sandwich_strict)
        )


def can_act(state: Connect5State, player: int) -> bool:
    """Whether ``player`` has an action other than ``pass`` (fast in the usual cases)."""
    has_supply = state.supply[player] > 0
    owner = state.owner
    if has_supply and has_free(owner):
        return True
    if state.turns_taken[player] == 0:
        return False
    cfg = state.cfg
    height, circled, neighbours = state.height, cfg.circled, cfg.tables.neighbours
    may_step = not cfg.retrace_previous_turn
    for dot, seat in enumerate(owner):
        if seat != player:
            continue
        if has_supply and height[dot] == 1 and circled[dot]:
            return True  # a stack
        if may_step:
            for dst in neighbours[dot]:
                if owner[dst] < 0:
                    return True  # a step (a double can at least split)
    return legal_actions(state, player) != [PASS]
