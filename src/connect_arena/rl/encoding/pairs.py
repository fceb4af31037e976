"""Connect Pairs' action encoding: subjects, zones and slots; a key as six subject choices.

Subjects ``s`` are 0..5 (``A``..``F``), zones ``z`` and die faces 1..6, top slots 1..4. A
token is ``t = (z-1)·6 + s``. A key is six steps (the subject for die value 1, then 2, …); a
swap is two steps (the token of the lower zone, then the other); a ``give`` that names the
subject received (``connect_chooser=active``) is two steps.

==========================  =================================================================
ids                          meaning
==========================  =================================================================
``s``                        ``key``: the next die value conquers subject ``s``
``6 + s·36 + (a-1)·6 + b-1``  ``move s a>b``
``222 + s·6 + a - 1``        ``take s a`` (one token)
``258 + s·36 + (a-1)·6+b-1`` ``take s a b`` (``a <= b``)
``474 + t``                  ``swap``: first token (lower zone)
``510 + t``                  ``swap``: second token
``546``                      ``connect``
``547 + t``                  ``give`` the token ``t``
``583 + s``                  ``give …``: the subject received
``589``                      ``done``
``590 + (z-1)·4 + slot - 1`` ``top z>slot``
``614 + z - 1``              ``keep z``
``620``, ``621``             ``pass``; ``end`` (reserved: completes a sequence another
                             legal one extends; the rules never need it)
==========================  =================================================================

Chance ids: ``0 .. 55`` the roll (sorted dice, the engine's order), then the first player
(``n`` seats), then a random key (``key=random``: the 720 arrangements in the engine's order);
the range is the same whatever the options.

Observation, shape ``(n + 1, 168)``: row ``q`` is seat ``q`` — its zones (36: count of subject
``s`` in zone ``z``, /3, at ``t``), top slots (24: slot × subject), its pair's key (36: face ×
subject) and supply (6, fraction), the zones with a pending three-of-a-subject event (6), then
flags: its turn, it is the observer, its pair has completed the sequence, its partner is seat
``q ^ 1`` (always 1; the pairing is fixed); the rest is 0. The last row is the table: dice (6,
count/3), stage (8: key, first, roll, choose, connect, reply, after, over), die values left in
the connection (6), the offered token (36), manche and round (fractions), then the observer's
pending choice: key subjects chosen so far (36: face × subject), the first token of a swap
(36), the token of a give (36).
"""

from __future__ import annotations

from typing import Any, cast

from connect_arena.core.game import Action, State
from connect_arena.games.pairs.components import KEY_PERMUTATIONS, ROLL_OUTCOMES, SUBJECTS
from connect_arena.games.pairs.notation import (
    Connect,
    Done,
    FirstPlayer,
    Give,
    Keep,
    KeyChoice,
    Move,
    Roll,
    Swap,
    Take,
    Top,
)
from connect_arena.games.pairs.rules import PairsGame, PairsState
from connect_arena.rl.encoding.base import Encoding, Node, Root, Tensor

MOVE, TAKE1, TAKE2, SWAP1, SWAP2, CONNECT = 6, 222, 258, 474, 510, 546
GIVE, RECEIVE, DONE, TOP, KEEP, PASS, END = 547, 583, 589, 590, 614, 620, 621
STAGES = ("key", "first", "roll", "choose", "connect", "reply", "after", "over")
WIDTH = 168
ROLLS = [dice for dice, _ in ROLL_OUTCOMES]
_INTERN_LIMIT = 20_000
"""Action objects whose ids are kept by identity (the engine hands out a few thousand
interned ones; any others, such as parsed actions, are kept too until the limit clears all)."""


def _token(zone: int, subject: int) -> int:
    return (zone - 1) * 6 + subject


def _token_name(token: int) -> str:
    return f"{token // 6 + 1}{SUBJECTS[token % 6]}"


class PairsEncoding(Encoding):
    """The encoding described in the module docstring."""

    game_name = "pairs"
    shared_chance_tables = True  # the dice's table, one object (rules.ROLL_TABLE)

    def __init__(self, game: PairsGame) -> None:
        super().__init__(game)
        cfg = game.config
        self.cfg = cfg
        self.players = n = cfg.num_players
        self.end_id = END
        self.num_distinct_actions = END + 1
        self.roll_index = {dice: i for i, dice in enumerate(ROLLS)}
        self.key_base = len(ROLLS) + n
        self.key_index = {key: i for i, key in enumerate(KEY_PERMUTATIONS)}
        # The same size whatever the options ``key`` and ``first_player``: a fixed range.
        self.max_chance_outcomes = self.key_base + len(KEY_PERMUTATIONS)
        self.observation_shape = (n + 1, WIDTH)
        # The engine hands out interned action objects (games/pairs/legal.py, rules.KEYS):
        # each one's ids are worked out when first met and kept by identity (an int hash,
        # the quickest look-up). The entries keep the objects alive, so no other object can
        # take the identity of one of them while it is here.
        self._interned: dict[int, tuple[Action, tuple[int, ...]]] = {}
        self._codes: dict[int, int] = {}  # identity → its code (:meth:`codes`)
        # A one-id action's id names one action whatever the position: the object the engine
        # hands out for it, so that a pick looks for that object by identity alone.
        self._canonical: dict[int, Action] = {}

    def encode(self, state: State[Any], action: Action) -> tuple[int, ...]:
        """The ids of a legal action (the same in every position)."""
        entry = self._interned.get(id(action))
        return self._intern(action)[0] if entry is None else entry[1]

    def encode_all(self, state: State[Any], actions: Any) -> list[tuple[int, ...]]:
        interned = self._interned
        found: list[tuple[int, ...]] = []
        for action in actions:
            entry = interned.get(id(action))
            found.append(self._intern(action)[0] if entry is None else entry[1])
        return found

    def codes(self, actions: list[Action]) -> list[int]:
        """Each action's *code*: its id when its sequence is that one id, else ``-1 - `` its
        first id (a key, a swap, a give that names the subject received), read by identity
        (worked out by arithmetic the first time an object is met)."""
        known = self._codes
        codes: list[int] = []
        for action in actions:
            code = known.get(id(action))
            codes.append(self._intern(action)[1] if code is None else code)
        return codes

    def _intern(self, action: Action) -> tuple[tuple[int, ...], int]:
        """Work out ``action``'s ids and code and keep them by identity."""
        ids = self._encode(action)
        code = ids[0] if len(ids) == 1 else -1 - ids[0]
        if len(self._interned) >= _INTERN_LIMIT:
            self._interned.clear()
            self._codes.clear()
            self._canonical.clear()
        self._interned[id(action)] = (action, ids)
        self._codes[id(action)] = code
        if code >= 0:
            self._canonical.setdefault(code, action)
        return ids, code

    def quick_pick(self, actions: list[Action], action_id: int) -> Action | None:
        """The action of ``actions`` (legal now) that the one id ``action_id`` completes,
        found by the identity of the object the engine hands out for it (no code read), when
        no longer legal sequence can start with that id (moves, takes, tops, keeps,
        ``connect``, ``done``, ``pass``, and gives unless the active player names the subject
        received); else, or when that object is not listed, ``None`` (:meth:`codes` then
        tell)."""
        if action_id < MOVE or SWAP1 <= action_id < CONNECT:
            return None  # a key's subject, a swap's token: longer sequences start there
        if GIVE <= action_id < RECEIVE and self.cfg.active_chooses:
            return None  # a give may name the subject received: two ids
        wanted = self._canonical.get(action_id)
        if wanted is None:
            return None
        for action in actions:
            if action is wanted:
                return action
        return None

    def canonical(self, action_id: int, action: Action) -> None:
        """Remember ``action``, found legal for the one id ``action_id``, as the object
        :meth:`quick_pick` looks for (the engine's own, when the first one met was not)."""
        self._canonical[action_id] = action

    def tree(self, state: State[Any], actions: list[Action]) -> Node:
        """The prefix tree from the actions' codes (:meth:`codes`): a one-id action at its
        id, the actions of a longer sequence in a :data:`~connect_arena.rl.encoding.base.
        Bucket` under their first id (built by :meth:`expand` only when it is chosen: a swap's
        second token, a key's other subjects). Any other shape (an id shared by a one-id
        action and a longer one, or two actions with one sequence) takes the plain build,
        which completes the short one with the end id or reports the bug."""
        codes = self.codes(actions)
        if min(codes, default=0) >= 0:  # every action is one id: one C-level pass
            root: dict[int, Any] = dict(zip(codes, actions, strict=True))
            if len(root) == len(actions):
                return root
            return super().tree(state, actions)
        root = {}
        for action, code in zip(actions, codes, strict=True):
            if code >= 0:
                if code in root:
                    return super().tree(state, actions)
                root[code] = action
                continue
            first = -1 - code
            bucket = root.get(first)
            if bucket is None:
                root[first] = [action]
            elif type(bucket) is list:
                bucket.append(action)
            else:
                return super().tree(state, actions)
        return root

    def expand(self, state: State[Any], bucket: list[Action], action_id: int) -> Node:
        """The node after ``action_id`` of the actions of ``bucket`` (all longer than one id
        and starting with it): a dict of the second ids when that is the last (a swap, a
        give that names the subject received), else :meth:`Encoding.expand`'s build.

        Raises:
            EncodingError: as :meth:`Encoding.expand` (a bug of the encoding).
        """
        sequences = self.encode_all(state, bucket)
        if all(len(sequence) == 2 and sequence[0] == action_id for sequence in sequences):
            node: dict[int, Any] = {
                sequence[1]: action for sequence, action in zip(sequences, bucket, strict=True)
            }
            if len(node) == len(bucket):
                return node
        return super().expand(state, bucket, action_id)

    def first(self, state: State[Any], player: int) -> Root:
        """:class:`PairsRoot`: the legal actions and their codes, read once."""
        return PairsRoot(self, state, player)

    def pick(self, state: State[Any], player: int, action_id: int) -> Action | Node:
        """:meth:`Encoding.pick`: the legal action whose sequence is the single id
        ``action_id``, found from the legal actions' codes (no root built); the root of the
        same list when the id starts a longer sequence (a key, a swap, a give that names the
        subject received), starts two, or is not legal."""
        actions = state.legal_actions(player)
        found = self.quick_pick(actions, action_id)
        if found is None:
            found = _single(actions, self.codes(actions), action_id)
        return self.tree(state, actions) if found is None else found

    @staticmethod
    def _encode(action: Any) -> tuple[int, ...]:
        kind = type(action)
        if kind is Move:
            return (MOVE + action.subject * 36 + (action.source - 1) * 6 + action.target - 1,)
        if kind is Take:
            zones = action.zones
            if len(zones) == 1:
                return (TAKE1 + action.subject * 6 + zones[0] - 1,)
            return (TAKE2 + action.subject * 36 + (zones[0] - 1) * 6 + zones[1] - 1,)
        if kind is Swap:
            first = _token(action.first_zone, action.first_subject)
            return (SWAP1 + first, SWAP2 + _token(action.second_zone, action.second_subject))
        if kind is Give:
            token = GIVE + _token(action.zone, action.subject)
            return (token,) if action.receive is None else (token, RECEIVE + action.receive)
        if kind is Top:
            return (TOP + (action.zone - 1) * 4 + action.slot - 1,)
        if kind is Keep:
            return (KEEP + action.zone - 1,)
        if kind is KeyChoice:
            return tuple(action.subjects)
        if kind is Connect:
            return (CONNECT,)
        return (DONE,) if kind is Done else (PASS,)

    def id_name(self, action_id: int) -> str:  # one branch per id range
        """``"key C"``, ``"move C 1>6"``, ``"swap 2A"``, ``"give 3C"``, ``"top 6>2"``, …"""
        if action_id < MOVE:
            return f"key {SUBJECTS[action_id]}"
        if action_id < TAKE1:
            s, rest = divmod(action_id - MOVE, 36)
            return f"move {SUBJECTS[s]} {rest // 6 + 1}>{rest % 6 + 1}"
        if action_id < TAKE2:
            s, a = divmod(action_id - TAKE1, 6)
            return f"take {SUBJECTS[s]} {a + 1}"
        if action_id < SWAP1:
            s, rest = divmod(action_id - TAKE2, 36)
            return f"take {SUBJECTS[s]} {rest // 6 + 1} {rest % 6 + 1}"
        if action_id < CONNECT:
            which = "swap" if action_id < SWAP2 else "swap with"
            return f"{which} {_token_name((action_id - SWAP1) % 36)}"
        if action_id == CONNECT:
            return "connect"
        if action_id < RECEIVE:
            return f"give {_token_name(action_id - GIVE)}"
        if action_id < DONE:
            return f"give for {SUBJECTS[action_id - RECEIVE]}"
        if action_id == DONE:
            return "done"
        if action_id < KEEP:
            z, slot = divmod(action_id - TOP, 4)
            return f"top {z + 1}>{slot + 1}"
        if action_id < PASS:
            return f"keep {action_id - KEEP + 1}"
        return "pass" if action_id == PASS else "end"

    def chance_id(self, state: State[Any], action: Action) -> int:
        """The index of the outcome in the order of the module docstring."""
        kind = type(action)
        if kind is Roll:
            return self.roll_index[cast(Roll, action).dice]
        if kind is FirstPlayer:
            return len(ROLLS) + cast(FirstPlayer, action).seat
        return self.key_base + self.key_index[cast(KeyChoice, action).subjects]

    def chance_name(self, chance_id: int) -> str:
        if chance_id < len(ROLLS):
            return "roll " + " ".join(map(str, ROLLS[chance_id]))
        if chance_id < self.key_base:
            return f"first {chance_id - len(ROLLS)}"
        key = KEY_PERMUTATIONS[chance_id - self.key_base]
        return "key " + "".join(SUBJECTS[s] for s in key)

    def progress(self, state: State[Any], player: int) -> float:
        """The share of top slots where the two partners of ``player``'s pair hold the same
        subject: the goal is both rows full and equal slot by slot (PG-21), so 1.0 there."""
        ps = cast(PairsState, state)
        pair = player // 2
        mine, theirs = ps.tops[2 * pair], ps.tops[2 * pair + 1]
        same = sum(1 for a, b in zip(mine, theirs, strict=True) if a == b and a >= 0)
        return same / len(mine)

    def max_game_length(self) -> int:
        """Per manche: six steps per key, then at most ``max_rounds`` rounds of a turn per
        seat, each at most 40 steps (a double, a connection of three gives each way, the
        three-of-a-subject events). Without ``max_rounds``: OpenSpiel's largest length."""
        cfg = self.cfg
        if not cfg.max_rounds:
            return 2**31 - 1
        pairs = self.players // 2
        per_manche = 6 * pairs + cfg.max_rounds * self.players * 40
        return min(cfg.manches * per_manche, 2**31 - 1)

    def observe(self, state: State[Any], player: int, prefix: tuple[int, ...], out: Tensor) -> None:
        """The rows of the module docstring."""
        ps = cast(PairsState, state)
        n = self.players
        for seat in range(n):
            row, pair = out[seat], seat // 2
            for face, zone in enumerate(ps.zones[seat]):
                for subject in zone:
                    row[face * 6 + subject] += 1 / 3
            for slot, subject in enumerate(ps.tops[seat]):
                if subject >= 0:
                    row[36 + slot * 6 + subject] = 1.0
            key = ps.keys[pair]
            if key is not None:
                for face, subject in enumerate(key):
                    row[60 + face * 6 + subject] = 1.0
            tokens = max(self.cfg.tokens, 1)
            for subject, count in enumerate(ps.supply[pair]):
                row[96 + subject] = count / tokens
            for face in ps.pending[seat]:
                row[102 + face - 1] = 1.0
            row[108] = float(ps.turn_seat == seat)
            row[109] = float(seat == player)
            row[110] = float(ps.complete[pair])
            row[111] = 1.0
        self._table(ps, prefix, out[n])

    def _table(self, ps: PairsState, prefix: tuple[int, ...], row: Tensor) -> None:
        for value in ps.dice or ():
            row[value - 1] += 1 / 3
        row[6 + STAGES.index(ps.stage)] = 1.0
        for value in ps.conn_left:
            row[14 + value - 1] = 1.0
        if ps.offer is not None:
            row[20 + _token(*ps.offer)] = 1.0
        row[56] = ps.manche / max(self.cfg.manches, 1)
        row[57] = ps.round / self.cfg.max_rounds if self.cfg.max_rounds else 0.0
        for face, step in enumerate(prefix):
            if step < MOVE:  # a key's subjects, face by face
                row[58 + face * 6 + step] = 1.0
            elif SWAP1 <= step < SWAP2:
                row[94 + step - SWAP1] = 1.0
            elif GIVE <= step < RECEIVE:
                row[130 + step - GIVE] = 1.0


class PairsRoot(Root):
    """A position's first steps from the engine's legal actions and their codes
    (:meth:`PairsEncoding.codes`, read by identity, once): the ids without a dict, a one-id
    action picked by the identity of the engine's object for that id
    (:meth:`PairsEncoding.quick_pick`), else by a search of the codes; the prefix tree is
    built only for a longer sequence (a key, a swap, a give that names the subject
    received) or an id not legal."""

    def __init__(self, encoding: PairsEncoding, state: State[Any], player: int) -> None:
        super().__init__(encoding, state, player)
        self.pairs = encoding
        self.actions = state.legal_actions(player)
        self._codes: list[int] | None = None

    def codes(self) -> list[int]:
        """The legal actions' codes (:meth:`PairsEncoding.codes`), read once."""
        codes = self._codes
        if codes is None:
            codes = self._codes = self.pairs.codes(self.actions)
        return codes

    def ids(self) -> list[int]:
        codes = self.codes()
        if not codes or min(codes) >= 0:  # one id each (no swap, key or two-id give)
            return sorted(set(codes))  # (C-level passes; the set drops an id listed twice)
        return sorted({code if code >= 0 else -1 - code for code in codes})

    def _pick_unbuilt(self, action_id: int) -> Action | None:
        if action_id < MOVE or SWAP1 <= action_id < CONNECT:
            return None  # a key's subject, a swap's token: never one id (the node follows)
        found = self.pairs.quick_pick(self.actions, action_id)
        if found is None:
            found = _single(self.actions, self.codes(), action_id)
            if found is not None:
                self.pairs.canonical(action_id, found)
        return found

    def child(self, action_id: int) -> Node | None:
        """The node after a swap's first token, a key's first subject or a give that names
        the subject received, from the actions whose code says their sequence starts there
        (:meth:`PairsEncoding.expand` of that bucket), without the root node's dict of the
        position's other actions; ``None`` when a one-id action has that id too, or no
        action starts with it (the root node tells)."""
        if self._node is not None or not (
            action_id < MOVE
            or SWAP1 <= action_id < CONNECT
            or (GIVE <= action_id < RECEIVE and self.pairs.cfg.active_chooses)
        ):
            return None
        # One pass over the actions' interned ids: a swap's (or a two-id give's) second ids
        # straight into the node, with no codes, bucket or sequences listed first.
        pairs = self.pairs
        interned = pairs._interned
        node: dict[int, Any] = {}
        found = 0
        for action in self.actions:
            entry = interned.get(id(action))
            ids = pairs._intern(action)[0] if entry is None else entry[1]
            if ids[0] != action_id:
                continue
            if len(ids) != 2:  # a one-id action with that id, or a key: the plain build
                return self._child_of_bucket(action_id)
            node[ids[1]] = action
            found += 1
        if not found:
            return None
        if len(node) != found:  # two actions, one sequence: the plain build reports it
            return self._child_of_bucket(action_id)
        return node

    def _child_of_bucket(self, action_id: int) -> Node | None:
        """:meth:`child` from the codes and a bucket (a key's subjects, or a shape the one
        pass does not take)."""
        codes = self.codes()
        longer = -1 - action_id
        if action_id in codes or longer not in codes:
            return None
        actions = self.actions  # by index: no tuple per action (a collection's worth)
        bucket = [actions[index] for index in range(len(codes)) if codes[index] == longer]
        return self.pairs.expand(self.state, bucket, action_id)

    def node(self) -> Node:
        node = self._node
        if node is None:
            node = self._node = self.pairs.tree(self.state, self.actions)
        return node


def _single(actions: list[Action], codes: list[int], action_id: int) -> Action | None:
    """The action of ``actions`` whose sequence is the one id ``action_id`` (``codes``: their
    codes), or ``None``: no such action, or another legal sequence starts with that id too
    (then the prefix tree tells them apart)."""
    if action_id < 0 or codes.count(action_id) != 1 or -1 - action_id in codes:
        return None
    return actions[codes.index(action_id)]
