"""Connect 5's action encoding: dots, links and hops of the board in use.

The board (option ``board``) has ``D`` dots; each dot has at most ``L`` links to neighbours and
at most ``J`` jumps (a dot jumped over and a landing dot, in the board's order). A capture
chain is a sequence of *hops*, each named by the dot the capturing token stands on and the
index of the jump there; as a chain may stop after any hop, a hop that could go on is followed
by another hop or by ``end``. A sandwich is the hop that lands on the mover's own single (the
position tells it apart from a jump).

=====================================  =====================================================
ids                                     meaning
=====================================  =====================================================
``d``                                   ``place`` on dot ``d`` (board order, 0-based)
``D + d``                               ``stack`` on dot ``d``
``2D + d·L + k``                        ``step`` from dot ``d`` along its link ``k``
``2D + D·L + d·L + k``                  ``split`` from dot ``d`` along its link ``k``
``2D + 2D·L + d·J + k``                 a hop from dot ``d`` by its jump ``k``
``2D + 2D·L + D·J``                     ``end``: the capture chain stops here
``2D + 2D·L + D·J + 1``                 ``pass``
=====================================  =====================================================

Chance: the seat that starts the first round (``first_player=random``), ids ``0 .. n-1``.

Observation, shape ``(6n + 6, D)`` over the dots, ``n`` seats: ``2s`` and ``2s+1`` a single and
a double of seat ``s``; ``2n`` circled dots; ``2n+1`` free dots; ``2n+2`` the start of a
pending capture chain, ``2n+3`` where its token stands now, ``2n+4`` the dots it jumped; then
rows constant along the dots: ``2n+5+s`` seat ``s`` to act, ``3n+5+s`` tokens left in seat
``s``'s supply (fraction), ``4n+5+s`` seat ``s`` has had its first turn of the round,
``5n+5+s`` the observer is seat ``s``, ``6n+5`` the round (fraction of the game's rounds).
"""

from __future__ import annotations

from typing import Any, cast

from connect_arena.core.game import Action, State
from connect_arena.games.connect5.notation import FirstPlayer, Jump, Place, Split, Stack, Step
from connect_arena.games.connect5.rules import Connect5Game, Connect5State
from connect_arena.rl.encoding.base import Encoding, Node, Tensor

_CACHE_LIMIT = 100_000
"""Encoded actions kept per encoding (capture chains are new objects each time)."""


class Connect5Encoding(Encoding):
    """The board encoding described in the module docstring."""

    game_name = "connect5"

    def __init__(self, game: Connect5Game) -> None:
        super().__init__(game)
        cfg = game.config
        tables = cfg.tables
        self.tables = tables
        self.ids = cfg.ids
        self.dots = dots = cfg.board.num_dots
        self.links = max(len(row) for row in tables.steps)
        self.jumps = max((len(row) for row in tables.jumps), default=0) or 1
        self.link_index = [{entry[0]: k for k, entry in enumerate(row)} for row in tables.steps]
        self.jump_index: list[dict[tuple[int, int], int]] = []
        for row in tables.jumps:
            index: dict[tuple[int, int], int] = {}
            for k, (over, to, *_) in enumerate(row):
                index.setdefault((over, to), k)  # one route per pair of dots, as the notation
            self.jump_index.append(index)
        self.step_base = 2 * dots
        self.split_base = self.step_base + dots * self.links
        self.hop_base = self.split_base + dots * self.links
        self.end_id = end = self.hop_base + dots * self.jumps
        self.stop_id = end
        self.pass_id = end + 1
        self.num_distinct_actions = self.pass_id + 1
        self.players = n = cfg.players
        self.max_chance_outcomes = n  # the same whichever first_player: a fixed size
        self.observation_shape = (6 * n + 6, dots)
        self.cfg = cfg
        self._cache: dict[int, tuple[Action, tuple[int, ...]]] = {}
        self._single: dict[int, int] = {}  # the same, for single steps, as their id

    def encode(self, state: State[Any], action: Action) -> tuple[int, ...]:
        """The ids of a legal action (the same in every position)."""
        entry = self._cache.get(id(action))
        if entry is not None:
            return entry[1]
        ids = self._encode(action)
        if len(ids) == 1:  # an interned action (a chain is a new object each time)
            if len(self._cache) >= _CACHE_LIMIT:
                self._cache.clear()
                self._single.clear()
            self._cache[id(action)] = (action, ids)
            self._single[id(action)] = ids[0]
        return ids

    def tree(self, state: State[Any], actions: list[Action]) -> Node:
        """The prefix tree; at C speed when every action is an interned single step (no
        capture chain), which is most positions."""
        try:
            root: Node = dict(
                zip(map(self._single.__getitem__, map(id, actions)), actions, strict=True)
            )
        except KeyError:  # a chain, or an action not seen yet
            return super().tree(state, actions)
        return root if len(root) == len(actions) else super().tree(state, actions)

    def encode_all(self, state: State[Any], actions: Any) -> list[tuple[int, ...]]:
        # Hot path: the engine hands out interned action objects (connect5/tables.py), so
        # the cache is keyed by identity (an int hash); each entry keeps its action alive, so
        # its id cannot be reused by another object while it is cached.
        cache = self._cache
        try:
            return [cache[id(action)][1] for action in actions]
        except KeyError:  # a capture chain, or objects not seen yet
            return [self.encode(state, action) for action in actions]

    def _encode(self, action: Action) -> tuple[int, ...]:
        dot = self.tables.index
        kind = type(action)
        if kind is Place:
            return (dot[cast(Place, action).dot],)
        if kind is Stack:
            return (self.dots + dot[cast(Stack, action).dot],)
        if kind is Step or kind is Split:
            move = cast(Step | Split, action)
            src, dst = dot[move.src], dot[move.dst]
            base = self.step_base if kind is Step else self.split_base
            return (base + src * self.links + self.link_index[src][dst],)
        if kind is Jump:
            path = [dot[name] for name in cast(Jump, action).path]
            return tuple(
                self.hop_base + pos * self.jumps + self.jump_index[pos][(over, to)]
                for pos, over, to in zip(path[0:-1:2], path[1::2], path[2::2], strict=True)
            )
        return (self.pass_id,)

    def hop(self, action_id: int) -> tuple[int, int, int]:
        """``(from, over, to)`` dots of a hop id."""
        pos, k = divmod(action_id - self.hop_base, self.jumps)
        over, to, *_ = self.tables.jumps[pos][k]
        return pos, over, to

    def id_name(self, action_id: int) -> str:
        """``"place a3"``, ``"stack a3"``, ``"step a3 link 2"``, ``"split …"``, ``"hop a0
        jump 1"``, ``"end"``, ``"pass"``."""
        ids = self.ids
        if action_id < self.dots:
            return f"place {ids[action_id]}"
        if action_id < self.step_base:
            return f"stack {ids[action_id - self.dots]}"
        if action_id < self.hop_base:
            word = "step" if action_id < self.split_base else "split"
            base = self.step_base if word == "step" else self.split_base
            src, k = divmod(action_id - base, self.links)
            return f"{word} {ids[src]} link {k}"
        if action_id < self.stop_id:
            pos, k = divmod(action_id - self.hop_base, self.jumps)
            return f"hop {ids[pos]} jump {k}"
        return "end" if action_id == self.stop_id else "pass"

    def chance_id(self, state: State[Any], action: Action) -> int:
        """The starter's seat."""
        return cast(FirstPlayer, action).seat

    def chance_name(self, chance_id: int) -> str:
        return f"first {chance_id}"

    def max_game_length(self) -> int:
        """Each round: at most ``2·T·n`` turns place, stack or capture (``T`` tokens a seat),
        each followed by at most ``idle_limit`` other turns; a turn is at most one step per
        token of the others and ``end``. Without ``idle_limit``: OpenSpiel's largest length."""
        cfg = self.cfg
        if not cfg.idle_limit:
            return 2**31 - 1
        tokens = cfg.tokens * cfg.players
        turns = (2 * tokens + 1) * (cfg.idle_limit + 1)
        return min(cfg.rounds * turns * (tokens + 1), 2**31 - 1)

    def observe(self, state: State[Any], player: int, prefix: tuple[int, ...], out: Tensor) -> None:
        """The planes of the module docstring."""
        c5 = cast(Connect5State, state)
        n = self.players
        for dot, (seat, height) in enumerate(zip(c5.owner, c5.height, strict=True)):
            if seat >= 0:
                out[2 * seat + height - 1, dot] = 1.0
            else:
                out[2 * n + 1, dot] = 1.0
        out[2 * n] = self.cfg.circled
        if prefix:
            out[2 * n + 2, self.hop(prefix[0])[0]] = 1.0
            for action_id in prefix:
                _, over, to = self.hop(action_id)
                out[2 * n + 4, over] = 1.0
            out[2 * n + 3, to] = 1.0
        if c5.to_move is not None and not c5.over:
            out[2 * n + 5 + c5.to_move] = 1.0
        for seat in range(n):
            out[3 * n + 5 + seat] = c5.supply[seat] / self.cfg.tokens
            out[4 * n + 5 + seat] = float(c5.turns_taken[seat] > 0)
        out[5 * n + 5 + player] = 1.0
        out[6 * n + 5] = c5.round / self.cfg.rounds
