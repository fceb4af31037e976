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

from bisect import bisect_left
from collections.abc import Sequence
from typing import Any, cast

import numpy as np

from connect_arena.core.game import Action, State
from connect_arena.games.connect5.legal import keyed_actions, legal_indices
from connect_arena.games.connect5.notation import (
    Connect5Action,
    FirstPlayer,
    Jump,
    Place,
    Split,
    Stack,
    Step,
)
from connect_arena.games.connect5.rules import Connect5Game, Connect5State
from connect_arena.games.connect5.tables import PASS
from connect_arena.rl.encoding.base import Encoding, EncodingError, Node, Root, Tensor

_CHAIN_LIMIT = 50_000
"""Capture chains whose ids are kept (by path)."""


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
        self.links = tables.links
        self.jumps = max((len(row) for row in tables.jumps), default=0) or 1
        self.link_index = [{entry[0]: k for k, entry in enumerate(row)} for row in tables.steps]
        self.jump_index: list[dict[tuple[int, int], int]] = []
        for row in tables.jumps:
            index: dict[tuple[int, int], int] = {}
            for k, (over, to, *_) in enumerate(row):
                index.setdefault((over, to), k)  # one route per pair of dots, as the notation
            self.jump_index.append(index)
        self.step_base = tables.step_base  # the engine's indices are the ids (tables.py)
        self.split_base = tables.split_base
        self.hop_base = self.split_base + dots * self.links
        self.end_id = end = self.hop_base + dots * self.jumps
        self.stop_id = end
        self.pass_id = end + 1
        self.num_distinct_actions = self.pass_id + 1
        self.players = n = cfg.players
        self.max_chance_outcomes = n  # the same whichever first_player: a fixed size
        self.observation_shape = (6 * n + 6, dots)
        self.cfg = cfg
        self.dot_range = np.arange(dots)
        self.circled = np.array(cfg.circled, np.float32)
        self.by_index: tuple[Action | None, ...] = tables.by_index  # each such id's action
        # The engine hands out the interned action objects of ``tables`` (connect5/tables.py);
        # their ids are worked out once here, keyed by identity (an int hash, the quickest
        # look-up). The entries keep the objects alive (``tables`` does too), so no other
        # object can take the identity of one of them. Capture chains are new objects each
        # time: they are encoded when met.
        self._interned: dict[int, tuple[Action, tuple[int, ...]]] = {}
        self._single: dict[int, int] = {}  # the interned actions other than captures: the id
        self._hop: dict[int, int] = {}  # the interned single jumps: the id
        self._chains: dict[tuple[str, ...], tuple[int, ...]] = {}  # chains met, by path
        for action in (*tables.place, *tables.stack, PASS):
            self._intern(action, single=True)
        for links in tables.steps:
            for _, step, split, _ in links:
                self._intern(step, single=True)
                self._intern(split, single=True)
        for jumps in tables.jumps:
            for *_, jump, sandwich in jumps:  # a single jump may be the start of a chain
                self._intern(jump, single=False)
                self._intern(sandwich, single=False)
        for jumps in tables.jumps:
            for *_, jump, sandwich in jumps:
                self._hop[id(jump)] = self._interned[id(jump)][1][0]
                self._hop[id(sandwich)] = self._interned[id(sandwich)][1][0]
        keyed = [*tables.keyed_place, *tables.keyed_stack]
        keyed += [pair for row in tables.keyed_steps for _, *pairs, _ in row for pair in pairs]
        for number, action in keyed:  # root() takes the engine's indices as the ids
            if self._single[id(action)] != number:
                raise EncodingError(f"{action}: the engine's index {number} is not its id")

    def root(self, state: State[Any], player: int) -> Node:
        """The prefix tree from the engine's keyed legal actions (the hot path of the
        adapters): the placements, stacks, steps and splits come as ``(id, action)`` pairs
        from the same generator as ``legal_actions``, so they make the root in one C-level
        ``dict``; captures, apart, are single jumps (interned: one more such pass) or
        chains (:meth:`_captures`)."""
        pairs, captures = keyed_actions(cast(Connect5State, state), player)
        return self._root(state, pairs, captures)

    def first(self, state: State[Any], player: int) -> Root:
        """:class:`Connect5Root`: the engine's legal ids (``legal.legal_indices``: the
        indices of its tables are the ids), generated once."""
        keys, captures = legal_indices(cast(Connect5State, state), player)
        return Connect5Root(self, state, player, keys, captures)

    def pick(self, state: State[Any], player: int, action_id: int) -> Action | Node:
        """:meth:`Encoding.pick` from the engine's keyed legal actions: a placement, stack,
        step or split by a binary search of the ``(id, action)`` pairs (ascending ids), a
        single jump from the captures' part alone; the root is built only for a capture
        chain's first hop or an id that is not legal."""
        pairs, captures = keyed_actions(cast(Connect5State, state), player)
        if action_id < self.hop_base:
            found = _search(pairs, action_id)
            if found is not None:
                return found
        elif captures:
            target = self._captures(state, captures).get(action_id)
            if isinstance(target, Action):
                return target
        elif action_id == self.pass_id and not pairs:
            return PASS
        return self._root(state, pairs, captures)

    def _root(
        self,
        state: State[Any],
        pairs: list[tuple[int, Connect5Action]],
        captures: list[Connect5Action],
    ) -> Node:
        root: dict[Any, Any] = dict(pairs)
        if captures:
            root.update(self._captures(state, captures))
            # hop ids come after every other id: no key is shared
        elif not pairs:
            root[self.pass_id] = PASS
        return root

    def _captures(
        self, state: State[Any], captures: Sequence[Action], ids: list[Any] | None = None
    ) -> Node:
        """The root's part for ``captures``: single jumps (interned) by their id in one
        C-level pass (``ids``: those ids, ``None`` for a chain, when already read); a chain's
        first hop leads to a bucket of the captures that start with it (built by
        :meth:`expand` only when that hop is chosen: most positions with chains never need
        them)."""
        if ids is None:
            ids = list(map(self._hop.get, map(id, captures)))
        node: dict[Any, Any] = dict(zip(ids, captures, strict=True))
        chains = ids.count(None)
        if not chains and len(node) == len(captures):
            return node
        if chains and len(node) == len(captures) - chains + 1:  # distinct single jumps
            del node[None]
            for index, first in enumerate(ids):
                if first is None:  # a chain (not interned): its first hop goes on
                    capture = captures[index]
                    here = node.get(first := self.encode(state, capture)[0])
                    node[first] = [capture] if here is None else _bucket(here, capture)
            return node
        node = {}  # two captures with one id: their bucket's build reports the bug
        for capture in captures:
            sequence = self.encode(state, capture)
            here = node.get(sequence[0])
            if here is None:
                node[sequence[0]] = capture if len(sequence) == 1 else [capture]
            else:
                node[sequence[0]] = _bucket(here, capture)
        return node

    def _intern(self, action: Action, *, single: bool) -> None:
        ids = self._encode(action)
        self._interned[id(action)] = (action, ids)
        if single:
            self._single[id(action)] = ids[0]

    def encode(self, state: State[Any], action: Action) -> tuple[int, ...]:
        """The ids of a legal action (the same in every position)."""
        entry = self._interned.get(id(action))
        if entry is not None:
            return entry[1]
        if type(action) is not Jump:
            return self._encode(action)
        path = action.path  # a chain, a new object: its path names its ids
        ids = self._chains.get(path)
        if ids is None:
            if len(self._chains) >= _CHAIN_LIMIT:
                self._chains.clear()
            ids = self._chains[path] = self._encode(action)
        return ids

    def tree(self, state: State[Any], actions: list[Action]) -> Node:
        """The prefix tree. Hot path: the actions other than captures are interned and come
        first in the engine's order (legal.py), so their part of the tree is built in one
        C-level pass (look-ups by identity, no Python loop); captures, met as ``None``,
        follow them and are built apart (in one more such pass when all are single jumps,
        which are interned too)."""
        root: dict[Any, Any] = dict(
            zip(map(self._single.get, map(id, actions)), actions, strict=True)
        )
        if None not in root:
            if len(root) == len(actions):
                return root
            return super().tree(state, actions)  # two equal actions: build_tree says so
        del root[None]
        chains = self._captures(state, actions[len(root) :])
        if not root.keys().isdisjoint(chains):  # not captures last, or a repeated action
            return super().tree(state, actions)
        root.update(chains)
        return root

    def encode_all(self, state: State[Any], actions: Any) -> list[tuple[int, ...]]:
        encode = self.encode
        return [encode(state, action) for action in actions]

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
        """The most player steps a game can take (chance outcomes excluded).

        Tokens are conserved: a seat's supply only shrinks (place and stack take from it) and
        a captured token is lost for the round. So in a round of ``n`` seats with ``T`` tokens
        each (``N = T·n``) at most ``N`` turns place or stack and at most ``N`` turns capture:
        at most ``2N`` turns reset the idle count, and at most ``idle_limit`` turns that reset
        nothing follow each of them or the round's start (the ``idle_limit``-th ends the
        round): at most ``2N + (2N + 1)·idle_limit`` turns. A turn is one step, but a capture
        chain: its hops and perhaps an ``end``, at most one step more than its hops; each hop
        loses at least one token, so a round's hops are at most ``N``. A round thus takes at
        most ``(2N + 1)·idle_limit + 3N`` steps, a game ``rounds`` times that. Without
        ``idle_limit`` there is no bound: OpenSpiel's largest length."""
        cfg = self.cfg
        if not cfg.idle_limit:
            return 2**31 - 1
        tokens = cfg.tokens * cfg.players
        per_round = (2 * tokens + 1) * cfg.idle_limit + 3 * tokens
        return min(cfg.rounds * per_round, 2**31 - 1)

    def observe(self, state: State[Any], player: int, prefix: tuple[int, ...], out: Tensor) -> None:
        """The planes of the module docstring (the dots' rows by one fancy-indexed write:
        a numpy write per dot costs more than the engine's whole step)."""
        c5 = cast(Connect5State, state)
        n = self.players
        free = 2 * n + 1
        rows = [
            2 * seat + height - 1 if seat >= 0 else free
            for seat, height in zip(c5.owner, c5.height, strict=True)
        ]
        out[rows, self.dot_range] = 1.0
        out[2 * n] = self.circled
        if prefix:
            out[2 * n + 2, self.hop(prefix[0])[0]] = 1.0
            for action_id in prefix:
                _, over, to = self.hop(action_id)
                out[2 * n + 4, over] = 1.0
            out[2 * n + 3, to] = 1.0
        if c5.to_move is not None and not c5.over:
            out[2 * n + 5 + c5.to_move] = 1.0
        tokens = self.cfg.tokens
        out[3 * n + 5 : 5 * n + 5] = np.array(
            [supply / tokens for supply in c5.supply] + [taken > 0 for taken in c5.turns_taken],
            np.float32,
        )[:, None]
        out[5 * n + 5 + player] = 1.0
        out[6 * n + 5] = c5.round / self.cfg.rounds


class Connect5Root(Root):
    """A position's first steps from the engine's legal ids (``legal.legal_indices``: the
    placements, stacks, steps and splits as their ids, ascending, then the captures): the
    ids with no dict and no action touched, a placement, stack, step or split picked by a
    binary search of the ids and read from ``tables.by_index``; when every capture is a
    single jump (interned), their ids read by identity once and a capture picked by a scan
    of them, with no dict; the captures' part (:meth:`Connect5Encoding._captures`) is built
    only for a chain, a repeated id or the root node."""

    def __init__(
        self,
        encoding: Connect5Encoding,
        state: State[Any],
        player: int,
        keys: list[int],
        captures: list[Connect5Action],
    ) -> None:
        super().__init__(encoding, state, player)
        self.c5 = encoding
        self.keys = keys
        self.captures = captures
        self._hops: Node | None = None
        self._singles: list[int] | None = None  # the captures' ids, when all are single jumps

    def _capture_part(self) -> Node:
        hops = self._hops
        if hops is None:
            hops = self._hops = self.c5._captures(self.state, self.captures)
        return hops

    def _single_ids(self) -> list[int] | None:
        """The captures' ids in the engine's order when each is a single jump (interned)
        and no two share an id, else ``None`` (then the captures' part tells them apart)."""
        singles = self._singles
        if singles is None and self._hops is None:
            keys: list[Any] = list(map(self.c5._hop.get, map(id, self.captures)))
            if None not in keys and len(set(keys)) == len(keys):
                singles = self._singles = keys
            else:  # chains: the captures' part, from the ids read here
                self._hops = self.c5._captures(self.state, self.captures, keys)
        return singles

    def ids(self) -> list[int]:
        keys = self.keys  # ascending (legal.legal_indices)
        if self.captures:
            singles = self._single_ids()  # hop ids come after every other id
            return keys + sorted(self._capture_part() if singles is None else singles)
        if not keys:
            return [self.c5.pass_id]
        return keys  # (kept by the stepper, which hands out copies)

    def _pick_unbuilt(self, action_id: int) -> Action | None:
        keys = self.keys
        if action_id < self.c5.hop_base:
            at = bisect_left(keys, action_id)
            if at < len(keys) and keys[at] == action_id:
                return self.c5.by_index[action_id]  # (an action at every listed id)
            return None
        if self.captures:
            singles = self._single_ids()
            if singles is not None:
                if action_id in singles:
                    return self.captures[singles.index(action_id)]
                return None
            target = self._capture_part().get(action_id)
            return target if isinstance(target, Action) else None
        return PASS if action_id == self.c5.pass_id and not keys else None

    def node(self) -> Node:
        node = self._node
        if node is None:
            by_index: tuple[Any, ...] = self.c5.by_index  # (no cast: a check per entry)
            node = {key: by_index[key] for key in self.keys}
            if self.captures:
                node.update(self._capture_part())
            elif not self.keys:
                node[self.c5.pass_id] = PASS
            self._node = node
        return node


def _search(pairs: list[tuple[int, Connect5Action]], action_id: int) -> Connect5Action | None:
    """The action of ``action_id`` in ``pairs`` (ascending ids), by binary search."""
    low, high = 0, len(pairs)
    while low < high:
        middle = (low + high) // 2
        key = pairs[middle][0]
        if key == action_id:
            return pairs[middle][1]
        if key < action_id:
            low = middle + 1
        else:
            high = middle
    return None


def _bucket(here: Action | list[Action], capture: Action) -> list[Action]:
    """The bucket of a first hop that ``capture`` shares with ``here`` (an action or a
    bucket already there)."""
    if type(here) is list:
        here.append(capture)
        return here
    return [cast(Action, here), capture]
