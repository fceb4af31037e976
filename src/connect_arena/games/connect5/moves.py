"""Legal actions of Connect 5 and the effect of a jump (the hot paths of the engine).

Positions are two lists indexed by dot: ``owner`` (seat or ``-1``) and ``height`` (0, 1 or 2).
Quotations are from the Italian rulebook (seed 000) unless marked; ``docs/rules/connect5.md``
lists the decisions (AMB-n).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from connect_arena.games.connect5.config import Config
from connect_arena.games.connect5.notation import (
    Connect5Action,
    Jump,
    Pass,
    Place,
    Split,
    Stack,
    Step,
)

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
    height[dot] -= tokens
    if height[dot] == 0:
        owner[dot] = -1


def legal_actions(state: Connect5State, player: int) -> list[Connect5Action]:
    """Every legal action of ``player`` now, in a fixed order: place, stack, step, split,
    captures; ``[Pass()]`` when there is none.

    The first turn of a round is a placement (AMB-1: "posizionano in senso orario uno dopo
    l'altro una delle loro pedine"). With ``capture_compulsory`` a possible capture excludes
    every other action (AMB-25).
    """
    cfg = state.cfg
    ids, owner = cfg.ids, state.owner
    supply = state.supply[player] > 0
    if state.turns_taken[player] == 0:
        first: list[Connect5Action] = (
            [Place(ids[d]) for d in range(len(owner)) if owner[d] < 0] if supply else []
        )
        return first or [Pass()]
    captures = capture_actions(state, player)
    if cfg.capture_compulsory and captures:
        return captures
    actions: list[Connect5Action] = []
    if supply:
        actions += [Place(ids[d]) for d in range(len(owner)) if owner[d] < 0]
        actions += [
            Stack(ids[d])
            for d in range(len(owner))
            if owner[d] == player and state.height[d] == 1 and cfg.circled[d]
        ]
    actions += moves(state, player)
    actions += captures
    return actions or [Pass()]


def moves(state: Connect5State, player: int) -> list[Connect5Action]:
    """STEP and SPLIT actions of ``player``.

    A double moves "solo tra i punti adiacenti 'cerchiati'"; landing dots must be free
    (AMB-7), except that ``stack_by_step`` lets a single step onto an own single on a circled
    dot (AMB-3/AMB-4 (b)).
    """
    cfg = state.cfg
    ids, owner, height, circled = cfg.ids, state.owner, state.height, cfg.circled
    steps: list[Connect5Action] = []
    splits: list[Connect5Action] = []
    for src in range(len(owner)):
        if owner[src] != player:
            continue
        double = height[src] == 2
        for link in cfg.topo.out[src]:
            dst = link.dst
            if owner[dst] < 0:
                if not double or (circled[src] and circled[dst]):
                    steps.append(Step(ids[src], ids[dst]))
                if double:
                    splits.append(Split(ids[src], ids[dst]))
            elif (
                cfg.stack_by_step
                and not double
                and owner[dst] == player
                and height[dst] == 1
                and circled[dst]
            ):
                steps.append(Step(ids[src], ids[dst]))
    if cfg.retrace_previous_turn and state.last_route[player] is not None:
        steps = [a for a in steps if not retraces_into_run(state, player, a)]
        splits = [a for a in splits if not retraces_into_run(state, player, a)]
    return steps + splits


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
    legal action (the fast path of replays). ``False`` means "not shown legal here": the
    caller then falls back to the generated list. Never ``True`` for an illegal action
    (``test_properties.py`` compares it with :func:`legal_actions`)."""
    cfg = state.cfg
    if cfg.capture_compulsory or cfg.retrace_previous_turn:
        return False
    owner, height, circled = state.owner, state.height, cfg.circled
    index = cfg.board.dot_index
    if isinstance(action, Place):
        return state.supply[player] > 0 and owner[index(action.dot)] < 0
    if state.turns_taken[player] == 0:
        return False
    if isinstance(action, Stack):
        dot = index(action.dot)
        return (
            state.supply[player] > 0 and owner[dot] == player and height[dot] == 1 and circled[dot]
        )
    if not isinstance(action, Step | Split):
        return False
    src, dst = index(action.src), index(action.dst)
    if owner[src] != player or owner[dst] >= 0 or not cfg.topo.adjacent(src, dst):
        return False
    if isinstance(action, Split):
        return height[src] == 2
    return height[src] == 1 or (circled[src] and circled[dst])


def capture_actions(state: Connect5State, player: int) -> list[Connect5Action]:
    """Every capture of ``player``: single jumps, each prefix of every chain (continuing is
    optional), and sandwiches."""
    found: list[Connect5Action] = []
    owner, jumps = state.owner, state.cfg.topo.jumps
    for start in range(len(owner)):
        if owner[start] != player:
            continue
        for jump in jumps[start]:  # a quick look before the search proper
            victim, landing = owner[jump.over], owner[jump.to]
            if victim >= 0 and victim != player and (landing < 0 or landing == player):
                _Chains(state, player, start, found).search()
                break
    return found


class _Chains:
    """Depth-first search of the capture chains of the unit standing on one dot.

    A chain never walks a stretch of line twice and never jumps a dot twice (AMB-12 (a):
    "ripercorrendo a ritroso un tratto appena usato"; EN "using again a line that has just
    been used"); with ``retrace_rule=no_revisit`` it never lands on a dot it already used.
    Every landing dot is free ("purché gli spazi di arrivo siano liberi"); only a sandwich
    lands on an own single, and it ends the move (§9).
    """

    def __init__(
        self, state: Connect5State, player: int, start: int, found: list[Connect5Action]
    ) -> None:
        self.cfg = state.cfg
        self.player = player
        self.start = start
        self.found = found
        self.owner = state.owner
        self.height = state.height
        route = state.last_route[player] if self.cfg.retrace_previous_turn else None
        self.blocked = route[1] if route is not None and route[0] == start else frozenset()

    def search(self) -> None:
        """Append every chain from the start dot to ``found``."""
        ids = self.cfg.ids
        self._dfs(
            self.start,
            self.height[self.start],
            self.owner,
            self.height,
            frozenset(),
            frozenset(),
            (ids[self.start],),
        )

    def _dfs(
        self,
        pos: int,
        size: int,
        owner: list[int],
        height: list[int],
        used: frozenset[int],
        jumped: frozenset[int],
        path: tuple[str, ...],
    ) -> None:
        cfg, player = self.cfg, self.player
        for jump in cfg.topo.jumps[pos]:
            over, to = jump.over, jump.to
            victim = owner[over]
            if victim < 0 or victim == player or over in jumped or used & jump.segset:
                continue
            if len(path) == 1 and self.blocked & jump.segset:
                continue  # retrace_rule=previous_turn
            if size == 1 and height[over] == 2:
                continue  # "Le pedine doppie non possono essere mangiate dalle pedine singole"
            if cfg.no_revisit and cfg.ids[to] in path:
                continue  # FR "en retournant sur une des cases déjà utilisées auparavant"
            here = (*path, cfg.ids[over], cfg.ids[to])
            if owner[to] < 0:
                if size == 2 and height[over] == 2 and not cfg.circled[to]:
                    continue  # "solo a patto che il punto di arrivo sia cerchiato e libero"
                self.found.append(Jump(here))
                owner2, height2 = list(owner), list(height)
                size2, _ = hop(cfg, owner2, height2, pos, size, over, to)
                self._dfs(to, size2, owner2, height2, used | jump.segset, jumped | {over}, here)
            elif self._sandwich(pos, size, over, to, owner, height, len(path) == 1):
                self.found.append(Jump(here, sandwich=True))

    def _sandwich(
        self,
        pos: int,
        size: int,
        over: int,
        to: int,
        owner: list[int],
        height: list[int],
        first: bool,
    ) -> bool:
        """The sandwich: an opponent's single between two circled dots holding the mover's
        tokens, the landing one a single (AMB-13 (a)); from a double only its top token
        moves. ``sandwich_mode=strict_only_double_start`` needs a double at the start."""
        cfg = self.cfg
        return (
            (first or cfg.sandwich_in_chain)
            and owner[to] == self.player
            and height[to] == 1
            and height[over] == 1
            and cfg.circled[pos]
            and cfg.circled[to]
            and (size == 2 or not cfg.sandwich_strict)
        )


def can_act(state: Connect5State, player: int) -> bool:
    """Whether ``player`` has an action other than ``pass`` (fast in the usual cases)."""
    has_supply = state.supply[player] > 0
    if has_supply and -1 in state.owner:
        return True
    if state.turns_taken[player] == 0:
        return False
    owner, height, circled = state.owner, state.height, state.cfg.circled
    out = state.cfg.topo.out
    for dot, seat in enumerate(owner):
        if seat != player:
            continue
        if has_supply and height[dot] == 1 and circled[dot]:
            return True  # a stack
        for link in out[dot]:
            if owner[link.dst] < 0 and not state.cfg.retrace_previous_turn:
                return True  # a step (a double can at least split)
    return legal_actions(state, player) != [Pass()]
