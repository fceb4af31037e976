"""CO'NNN'ECT's action encoding: numbers, spaces and claims as a shape then its spaces.

Spaces are ``c = row · 6 + column`` (``a1`` = 0, ``f6`` = 35); numbers ``v`` are 1..6; the
Adjust deltas are indexed ``(-2, -1, +1, +2)``. A claim is a sequence: the shape (``K`` shapes:
the sheet's Connect-3 and Connect-4 shapes, then the Connect-5 cards, in the components'
order), then its spaces in ascending order, then ``reuse`` when it spends a Reuse bonus.

==============================  ===========================================================
ids                              meaning
==============================  ===========================================================
``0 .. 5``                       ``zone v`` (``v - 1``)
``6 + (v-1)·36 + c``             ``write v c``
``222 + (v-1)·6 + (w-1)``        ``change v w``
``258 + v - 1``                  ``skip v``
``264 + v - 1``                  ``switch v``
``270 + c·4 + d``                ``adjust c ±`` (delta index ``d``)
``414 + (v-1)·4 + d``            ``adjust v ±`` (a Number Die)
``438 + c``                      ``move c``
``474 + k``                      ``claim``: shape ``k``
``474 + K + c``                  ``claim``: space ``c``
``510 + K``                      ``claim``: ``reuse``
``511 + K + (slot-1)``           ``take slot`` (up to the longest bonus section)
then                             ``done``, and ``end`` (reserved: completes a claim that
                                 another legal claim extends; the rules never need it)
==============================  ===========================================================

Simultaneous phases are played in sequential form (:mod:`connect_arena.rl.stepper`).

Chance ids: ``0 .. 55`` the roll (sorted dice, in the engine's order), then the first player
(``n`` seats), then the Connect-5 cards dealt (every combination, in order), then the
objective cards (one per deck, every combination).

Observation, shape ``(10n + 30, 6, 6)`` over the sheet, ``n`` seats. Each seat's sheet as the
observer may see it (another seat's as it was when a simultaneous phase began, the engine's
rule CN-36): planes ``8q + v - 1`` number ``v`` written, ``8q + 6`` claimed, ``8q + 7``
crossed out. Then (``b = 8n``): ``b`` the observer's active zone; ``b+1 .. b+6`` numbers the
observer still has to write (count/2, constant planes); ``b+7 .. b+12`` the dice rolled
(count/3); ``b+13 .. b+22`` the phase (objectives, cards, first, setup roll, setup write,
roll, zone, fill, claim, over); ``b+23`` round (fraction); ``b+24`` the observer chooses the
zone; ``b+25 .. b+27`` the observer's task (take, place, zone); ``b+28+q`` seat ``q`` is done;
``b+28+n`` the spaces of a pending claim; ``b+29+n`` a claim is pending; ``b+30+n+q`` the
observer is seat ``q`` (so ``C = 10n + 30``).
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any, cast

from connect_arena.core.game import Action, State
from connect_arena.games.connnect import legal
from connect_arena.games.connnect import sheet as geo
from connect_arena.games.connnect.notation import (
    AdjustCell,
    AdjustDie,
    Change,
    ChooseZone,
    Claim,
    DealCards,
    DealObjectives,
    FirstPlayer,
    Move,
    Roll,
    Skip,
    Switch,
    Take,
    Write,
)
from connect_arena.games.connnect.rules import ROLLS, ConnnectGame, ConnnectState
from connect_arena.games.connnect.view import visible_sheet
from connect_arena.rl.encoding.base import Encoding, Node, Root, Tensor

DELTAS = (-2, -1, 1, 2)
PHASES = (
    "objectives",
    "cards",
    "first",
    "setup_roll",
    "setup_write",
    "roll",
    "zone",
    "fill",
    "claim",
    "over",
)
TASKS = ("take", "place", "zone")
CELLS = geo.CELLS
WRITE, CHANGE, SKIP, SWITCH = 6, 222, 258, 264
ADJUST_CELL, ADJUST_DIE, MOVE, CLAIM = 270, 414, 438, 474
_CLAIMS_KEPT = 50_000
"""At most this many claims' id sequences are kept (:meth:`ConnnectEncoding.encode_all`)."""


class ConnnectEncoding(Encoding):
    """The sheet encoding described in the module docstring."""

    game_name = "connnect"
    observation_high = 1.5
    """The numbers to write count 0.5 each, and the setup roll gives three: three of one
    value reach 1.5 (every other plane stays within 0..1)."""

    def __init__(self, game: ConnnectGame) -> None:
        super().__init__(game)
        comps = game.comps
        self.comps = comps
        self.shapes = [shape.id for shape in (*comps.connect3, *comps.connect4, *comps.cards)]
        self.shape_index = {name: k for k, name in enumerate(self.shapes)}
        k = len(self.shapes)
        self.claim_cell = CLAIM + k
        self.reuse_id = self.claim_cell + CELLS
        self.take = self.reuse_id + 1
        slots = max(len(section) for section in comps.sections)
        self.done_id = self.take + slots
        self.end_id = self.done_id + 1
        self.num_distinct_actions = self.end_id + 1
        n = self.players = game.num_players
        rolls = [roll.dice for roll, _ in ROLLS]
        hands = list(combinations([card.id for card in comps.cards], comps.face_up))
        decks = [[o.id for o in comps.objectives if o.deck == d] for d in comps.decks]
        deals = list(product(*decks))
        self.chance_names = (
            [f"roll {' '.join(map(str, dice))}" for dice in rolls]
            + [f"first {seat}" for seat in range(n)]
            + [f"cards {' '.join(hand)}" for hand in hands]
            + [f"objectives {' '.join(deal)}" for deal in deals]
        )
        keys: list[object] = [("roll", dice) for dice in rolls]
        keys += [("first", seat) for seat in range(n)]
        keys += [("cards", hand) for hand in hands]
        keys += [("objectives", deal) for deal in deals]
        self.chance_ids = {key: index for index, key in enumerate(keys)}
        self.max_chance_outcomes = len(self.chance_ids)
        self.observation_shape = (10 * n + 30, geo.SIZE, geo.SIZE)
        self.bonus_slots = sum(len(section) for section in comps.sections)
        # The engine's interned actions (legal.py: every action but claims and ``take``, made
        # once) by identity: their one id without a Python call per action (the hot path).
        interned: list[Action] = [
            *(write for row in legal.WRITES[1:] for write in row),
            *(change for row in legal.CHANGES[1:] for change in row),
            *legal.ZONES[1:],
            *legal.SKIPS[1:],
            *legal.SWITCHES[1:],
            *(adjust for row in legal.ADJUST_DIES[1:] for adjust in row),
            *(adjust for row in legal.ADJUST_CELLS for adjust in row),
            *legal.MOVES,
            legal.DONE,
        ]
        self._single: dict[int, int] = {id(a): self._encode(a)[0] for a in interned}
        self._by_id: dict[int, Action] = {self._encode(a)[0]: a for a in interned}
        """The interned actions by their id (each has one: :meth:`pick`)."""
        self._sequence: dict[int, tuple[int, ...]] = {id(a): self._encode(a) for a in interned}
        self._claims: dict[int, tuple[Action, tuple[int, ...]]] = {}
        """Claims met (the engine interns them per placement), by identity, with their ids;
        the claim is kept so that its identity stays its own."""

    # ----- player steps ------------------------------------------------------------------------
    def encode(self, state: State[Any], action: Action) -> tuple[int, ...]:
        """The ids of a legal action (the same in every position)."""
        return self._encode(action)

    def encode_all(self, state: State[Any], actions: Any) -> list[tuple[int, ...]]:
        # Hot path: the engine's interned actions by identity (no hashing of dataclasses),
        # the others (``take``, a new claim) by arithmetic.
        sequence, claims, encode = self._sequence, self._claims, self._encode
        found: list[tuple[int, ...]] = []
        for action in actions:
            ids = sequence.get(id(action))
            if ids is None:
                entry = claims.get(id(action))
                if entry is not None and entry[0] is action:
                    ids = entry[1]
                else:
                    ids = encode(action)
                    if type(action) is Claim:
                        if len(claims) >= _CLAIMS_KEPT:
                            claims.clear()
                        claims[id(action)] = (action, ids)
            found.append(ids)
        return found

    def root(self, state: State[Any], player: int) -> Node:
        """The prefix tree of the legal actions of ``player``, the seat to act (the hot path
        of the adapters): the engine's list of the position (shared, not copied); when every
        action is one of the engine's interned single-step actions (a Fill or Setup Phase,
        the Zone Die), the root in one C-level ``dict`` from their ids by identity."""
        # (no ``cast`` of the lists: a Python call and a generic alias per step)
        actions: list[Any] = cast(ConnnectState, state).legal_list(player)
        keys: list[Any] = list(map(self._single.get, map(id, actions)))
        if None not in keys:
            root: Node = dict(zip(keys, actions, strict=True))
            if len(root) == len(actions):
                return root
        return self.tree(state, actions)

    def first(self, state: State[Any], player: int) -> Root:
        """:class:`ConnnectRoot` of the engine's list of the position."""
        actions: list[Any] = cast(ConnnectState, state).legal_list(player)
        return ConnnectRoot(self, state, player, actions)

    def pick(self, state: State[Any], player: int, action_id: int) -> Action | Node:
        """:meth:`Encoding.pick`: the id of an interned action names that object, found in the
        engine's list of the position by identity (no id computed per action); the root for
        any other id (a claim's shape, a ``take``, an id that is not legal)."""
        wanted = self._by_id.get(action_id)
        if wanted is not None:
            for action in cast(ConnnectState, state).legal_list(player):
                if action is wanted:
                    return action
        return self.root(state, player)

    def _encode(self, action: Any) -> tuple[int, ...]:
        kind = type(action)
        if kind is Write:
            return (WRITE + (action.value - 1) * CELLS + action.cell,)
        if kind is Claim:
            cells = [self.claim_cell + cell for cell in action.cells]
            reuse = [self.reuse_id] if action.reuse else []
            return (CLAIM + self.shape_index[action.shape], *cells, *reuse)
        if kind is AdjustCell:
            return (ADJUST_CELL + action.cell * 4 + DELTAS.index(action.delta),)
        if kind is AdjustDie:
            return (ADJUST_DIE + (action.value - 1) * 4 + DELTAS.index(action.delta),)
        if kind is Change:
            return (CHANGE + (action.old - 1) * 6 + action.new - 1,)
        if kind is ChooseZone:
            return (action.die - 1,)
        if kind is Skip:
            return (SKIP + action.value - 1,)
        if kind is Switch:
            return (SWITCH + action.value - 1,)
        if kind is Move:
            return (MOVE + action.cell,)
        if kind is Take:
            return (self.take + action.slot - 1,)
        return (self.done_id,)

    def id_name(self, action_id: int) -> str:
        """``"zone 4"``, ``"write 2 b1"``, ``"claim L4"``, ``"claim space e1"``, …"""
        name = geo.cell_name
        if action_id < WRITE:
            return f"zone {action_id + 1}"
        if action_id < CHANGE:
            value, cell = divmod(action_id - WRITE, CELLS)
            return f"write {value + 1} {name(cell)}"
        if action_id < SKIP:
            old, new = divmod(action_id - CHANGE, 6)
            return f"change {old + 1} {new + 1}"
        if action_id < SWITCH:
            return f"skip {action_id - SKIP + 1}"
        if action_id < ADJUST_CELL:
            return f"switch {action_id - SWITCH + 1}"
        if action_id < ADJUST_DIE:
            cell, d = divmod(action_id - ADJUST_CELL, 4)
            return f"adjust {name(cell)} {DELTAS[d]:+d}"
        if action_id < MOVE:
            value, d = divmod(action_id - ADJUST_DIE, 4)
            return f"adjust {value + 1} {DELTAS[d]:+d}"
        if action_id < CLAIM:
            return f"move {name(action_id - MOVE)}"
        if action_id < self.claim_cell:
            return f"claim {self.shapes[action_id - CLAIM]}"
        if action_id < self.reuse_id:
            return f"claim space {name(action_id - self.claim_cell)}"
        if action_id == self.reuse_id:
            return "claim reuse"
        if action_id < self.done_id:
            return f"take {action_id - self.take + 1}"
        return "done" if action_id == self.done_id else "end"

    # ----- chance ------------------------------------------------------------------------------
    def chance_id(self, state: State[Any], action: Action) -> int:
        """The index of the outcome in the order of the module docstring."""
        kind = type(action)
        if kind is Roll:
            key: object = ("roll", cast(Roll, action).dice)
        elif kind is FirstPlayer:
            key = ("first", cast(FirstPlayer, action).seat)
        elif kind is DealCards:
            key = ("cards", cast(DealCards, action).letters)
        else:
            key = ("objectives", cast(DealObjectives, action).ids)
        return self.chance_ids[key]

    def chance_name(self, chance_id: int) -> str:
        return self.chance_names[chance_id]

    def max_game_length(self) -> int:
        """Per seat: the setup spaces; each round the zone, two numbers, ``done`` twice; every
        Free Action; at most 18 claims (each takes at least two new spaces) of at most eight
        steps and a ``take``; three steps per bonus space."""
        comps = self.comps
        per_seat = (
            len(comps.setup_spaces)
            + comps.rounds * 5
            + comps.free_actions
            + 18 * 9
            + 3 * self.bonus_slots
        )
        return self.players * per_seat

    # ----- observation -------------------------------------------------------------------------
    def observe(self, state: State[Any], player: int, prefix: tuple[int, ...], out: Tensor) -> None:
        """The planes of the module docstring."""
        cs = cast(ConnnectState, state)
        n = self.players
        flat = out.reshape(out.shape[0], CELLS)
        for seat in range(n):
            self._sheet(cs, seat, player, flat[8 * seat : 8 * seat + 8])
        b = 8 * n
        if cs.zone[player]:
            for cell in geo.cells_of(cs.zone_space(player)):
                flat[b, cell] = 1.0
        for value in cs.pending[player]:
            flat[b + value] += 0.5
        for value in cs.dice:
            flat[b + 6 + value] += 1 / 3
        flat[b + 13 + PHASES.index(cs.phase)] = 1.0
        flat[b + 23] = cs.round / self.comps.rounds
        flat[b + 24] = float(cs.phase == "zone" and cs.active == player)
        task = cs.task[player]
        if task is not None:
            flat[b + 25 + TASKS.index(task.kind)] = 1.0
        for seat in range(n):
            flat[b + 28 + seat] = float(cs.done[seat])
        if prefix:
            for step in prefix[1:]:
                if step != self.reuse_id:
                    flat[b + 28 + n, step - self.claim_cell] = 1.0
            flat[b + 29 + n] = 1.0
        flat[b + 30 + n + player] = 1.0

    @staticmethod
    def _sheet(state: ConnnectState, seat: int, viewer: int, planes: Tensor) -> None:
        """Seat ``seat``'s sheet as ``viewer`` may see it, into 8 planes of 36 spaces."""
        if seat == viewer or not state.views or state.phase not in ("setup_write", "fill", "claim"):
            sheet = state.sheets[seat]
            values, claimed, crossed = sheet.values, sheet.claimed, sheet.crossed
        else:  # the phase-start snapshot (the engine's own rule for what others see)
            view = visible_sheet(state, seat, viewer)
            values = view["values"]
            claimed = geo.mask_of(
                cast(int, geo.parse_cell(name))
                for claim in view["claims"]
                for name in claim["cells"]
            )
            crossed = geo.mask_of(cast(int, geo.parse_cell(name)) for name in view["crossed"])
        for cell, value in enumerate(values):
            if value:
                planes[value - 1, cell] = 1.0
        for cell in geo.cells_of(claimed):
            planes[6, cell] = 1.0
        for cell in geo.cells_of(crossed):
            planes[7, cell] = 1.0


class ConnnectRoot(Root):
    """A position's first steps from the engine's list: an interned action's id picked by
    identity (:meth:`ConnnectEncoding.pick`; claims and ``take`` have ids of their own);
    when every legal action is interned (a Fill or Setup Phase, the Zone Die), the ids
    sorted from their interned ids without a dict; the root's dict only when asked."""

    def __init__(
        self, encoding: ConnnectEncoding, state: State[Any], player: int, actions: list[Action]
    ) -> None:
        super().__init__(encoding, state, player)
        self.cn = encoding
        self.actions = actions
        self._keys: list[Any] | None = None

    def _interned_ids(self) -> list[Any]:
        keys = self._keys
        if keys is None:
            keys = self._keys = list(map(self.cn._single.get, map(id, self.actions)))
        return keys

    def ids(self) -> list[int]:
        keys = self._interned_ids()
        if None in keys:  # claims or ``take``: the plain tree
            return sorted(self.node())
        ids: list[int] = sorted(keys)
        for index in range(1, len(ids)):
            if ids[index] == ids[index - 1]:  # two actions, one id: the plain tree says so
                return sorted(self.node())
        return ids

    def _pick_unbuilt(self, action_id: int) -> Action | None:
        wanted = self.cn._by_id.get(action_id)
        if wanted is None:  # a claim's shape, a ``take``, or no id of this game
            target = self.node().get(action_id)
            return target if isinstance(target, Action) else None
        for action in self.actions:
            if action is wanted:
                return action
        return None

    def node(self) -> Node:
        node = self._node
        if node is None:
            keys = self._interned_ids()
            if None in keys:
                node = self.cn.tree(self.state, self.actions)
            else:
                node = dict(zip(keys, self.actions, strict=True))
                if len(node) != len(self.actions):  # a repeated id: build_tree reports it
                    node = self.cn.tree(self.state, self.actions)
            self._node = node
        return node
