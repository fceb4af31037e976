"""The stepping layer every research adapter uses: an engine state driven by integer ids.

A :class:`Stepper` wraps an engine :class:`~connect_arena.core.game.State` and the part of an
action the current seat has chosen so far (its *prefix*). Each call of :meth:`Stepper.apply_id`
takes one id of the game's fixed encoding (:mod:`connect_arena.rl.encoding`); when the ids
chosen complete an engine action, that action is applied to the engine state.

Semantics follow OpenSpiel: :attr:`Stepper.current_player` is a seat (0-based), ``CHANCE`` or
``TERMINAL``. A simultaneous phase of the engine (CO'NNN'ECT's Fill and Claim phases) is played
in its *sequential form*, as OpenSpiel's turn-based transformation of simultaneous games does:
the active seats act one after the other, lowest seat first, each until it is done, and no seat
sees what another chose in the phase before it resolves (the engine's observation hides it).
A seat's legal actions in such a phase never depend on the others' choices in it, so the
sequential form has exactly the engine's outcomes.
"""

from __future__ import annotations

import operator
from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate
from typing import Any, SupportsIndex

import numpy as np

from connect_arena.core.game import CHANCE, SIMULTANEOUS, TERMINAL, Action, State
from connect_arena.core.records import record_of, replay
from connect_arena.rl.encoding.base import ChanceEntry, Encoding, Node, Root, Tensor


class Stepper:
    """An engine state plus the pending prefix of a partly chosen action.

    Args:
        encoding: the game's encoding (:func:`connect_arena.rl.encoding.encoding_for`).
        state: the engine state to drive; the stepper owns it from now on (it is changed in
            place by :meth:`apply_id`).

    Attributes:
        encoding: the encoding.
        state: the engine state (its history holds the completed actions).
        prefix: the ids chosen so far towards the current seat's next action.
    """

    __slots__ = (
        "_chance",
        "_node",
        "_player",
        "_root",
        "_sorted",
        "_top",
        "encoding",
        "prefix",
        "state",
    )

    def __init__(self, encoding: Encoding, state: State[Any]) -> None:
        self.encoding = encoding
        self.state = state
        self.prefix: tuple[int, ...] = ()
        self._root: Node | None = None  # the prefix tree of the position's legal actions
        self._node: Node | None = None  # its node reached by ``prefix``
        self._sorted: list[int] | None = None  # its ids, sorted
        self._top: Root | None = None  # the position's first steps, built as far as asked
        self._chance: dict[int, tuple[Action, float]] | None = None
        self._player: int | None = None  # current_player, until the engine state changes

    # ----- who acts ----------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The seat to choose the next id, ``CHANCE`` or ``TERMINAL`` (never ``SIMULTANEOUS``:
        the lowest active seat of a simultaneous phase acts first)."""
        player = self._player
        if player is None:
            player = self.state.current_player
            if player == SIMULTANEOUS:
                player = min(self.state.active_players())
            self._player = player
        return player

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.state.is_terminal()

    def is_chance_node(self) -> bool:
        """Whether the next id is a chance outcome."""
        return self.state.is_chance_node()

    def returns(self) -> list[float]:
        """Per-seat returns: the engine's once the game is over, zeros before (OpenSpiel's
        terminal reward model)."""
        if self.state.is_terminal():
            return [float(value) for value in self.state.returns()]
        return [0.0] * self.state.game.num_players

    # ----- player steps ------------------------------------------------------------------------
    def _tree(self) -> Node:
        node = self._node
        if node is None:
            node = self._node = self._root = self._first().node()
        return node

    def _first(self) -> Root:
        top = self._top
        if top is None:
            top = self._top = self.encoding.first(self.state, self.current_player)
        return top

    def _expand(self, node: Node, step: int) -> Node:
        """Build the child of ``node`` at ``step`` that the encoding left as a bucket."""
        bucket = node[step]
        assert type(bucket) is list
        child = node[step] = self.encoding.expand(self.state, bucket, step)
        return child

    def action_sequences(self) -> list[tuple[tuple[int, ...], Action]]:
        """Every legal action of the current seat in this position with its full id sequence
        (the end id included where needed), from the start of the action (whatever the
        prefix); ``[]`` at chance and terminal nodes."""
        if self.current_player < 0:
            return []
        self._tree()
        root = self._root
        if root is None:  # the prefix's node came without the root node (Root.child)
            root = self._root = self._first().node()
        found: list[tuple[tuple[int, ...], Action]] = []
        todo: list[tuple[tuple[int, ...], Node]] = [((), root)]
        while todo:
            path, node = todo.pop()
            for step, target in list(node.items()):
                if type(target) is list:
                    todo.append(((*path, step), self._expand(node, step)))
                elif isinstance(target, dict):
                    todo.append(((*path, step), target))
                elif isinstance(target, Action):
                    found.append(((*path, step), target))
        return sorted(found, key=lambda pair: pair[0])

    def encode_action(self, action: Action | str) -> tuple[int, ...]:
        """The full id sequence of a legal engine action of the current seat (or its
        notation), the end id included where needed.

        Raises:
            InvalidActionError, IllegalActionError: ``action`` is not a legal action now.
        """
        player = self.current_player
        if isinstance(action, str):
            action = self.state.parse_action(action, player)
        for sequence, legal in self.action_sequences():
            if legal == action:
                return sequence
        self.state.parse_action(str(action), player)  # raises with the engine's reason
        raise ValueError(f"{action} is not legal now")  # (unreachable for a consistent engine)

    def legal_ids(self, player: int | None = None) -> list[int]:
        """The ids ``player`` (default: the current player) may choose now, ascending; the
        chance ids at a chance node; empty for a seat that does not act now.

        Returns:
            A new list.
        """
        ids = self._sorted
        if ids is not None and (player is None or player == self._player):
            return list(ids)  # the hot path: asked again in the same node
        current = self.current_player
        if player is None:
            player = current
        if player != current or current == TERMINAL:
            return []
        if current == CHANCE:
            entry = self._chance_entry()
            self._chance = entry[1]  # for the id that follows
            return [pair[0] for pair in entry[2]]
        ids = self._sorted
        if ids is None:
            ids = self._sorted = sorted(self._tree()) if self.prefix else self._first().ids()
        return list(ids)

    def apply_id(self, action_id: SupportsIndex) -> None:
        """Choose ``action_id`` for the current player (or chance).

        A chosen id that completes an action applies that engine action and clears the
        prefix; otherwise it extends the prefix.

        Raises:
            ValueError: ``action_id`` is not legal now (the stepper is unchanged), or the game
                is over.
            TypeError: ``action_id`` is not an integer (numpy integers are).
        """
        chosen = operator.index(action_id)  # (compiled: an int argument would refuse numpy's)
        node = self._node  # built only at a seat's turn (then ``_player`` is that seat)
        if node is None:
            current = self.current_player
            if current == TERMINAL:
                raise ValueError("the game is over: no id can be applied")
            if current == CHANCE:
                outcome = self._chance_table().get(chosen)
                if outcome is None:
                    raise ValueError(f"{chosen} is not a chance outcome now")
                self.state.apply_legal_action(outcome[0], CHANCE)
                self._chance = self._player = None
                return
            top = self._first()
            picked = top.pick(chosen)
            if picked is not None:  # one id, one action: no tree needed
                self._player = self._top = self._sorted = None
                self.state.apply_legal_action(picked, current)
                return
            child = top.child(chosen)
            if child is not None:  # the start of longer sequences only: no root needed
                self._sorted = None
                self.prefix = (chosen,)
                self._node = child
                return
            node = self._tree()
        target = node.get(chosen)
        if target is None:
            raise ValueError(
                f"{chosen} ({self.id_name(chosen)}) is not legal for seat {self._player} now"
            )
        self._sorted = None
        if isinstance(target, dict):
            self.prefix += (chosen,)
            self._node = target
            return
        if type(target) is list:  # a bucket: its node is built now
            self.prefix += (chosen,)
            self._node = self._expand(node, chosen)
            return
        player = self._player
        assert player is not None
        self.prefix = ()
        self._node = self._root = self._player = self._top = None
        self.state.apply_legal_action(target, player)

    def apply_and_draw(self, action_id: SupportsIndex, draw: Callable[[], float]) -> int:
        """:meth:`apply_id`, then every chance outcome that follows, each picked by
        :meth:`sample_chance` of one ``draw()`` (uniform in ``[0, 1)``), until a seat acts or
        the game ends: the environments' step in one call.

        Returns:
            :attr:`current_player` afterwards (a seat, or ``TERMINAL``).

        Raises:
            ValueError, TypeError: as :meth:`apply_id` (then nothing changed and nothing
                was drawn).
        """
        self.apply_id(action_id)
        player = self.current_player
        while player == CHANCE:
            self.sample_chance(draw())
            player = self.current_player
        return player

    def pending_action(self, action_id: int) -> Action | None:
        """The engine action ``action_id`` would complete now, or ``None`` (not legal, or it
        only extends the prefix)."""
        if self.current_player < 0:
            return None
        target = self._tree().get(action_id)
        return target if isinstance(target, Action) else None

    def step_name(self, action_id: int) -> str:
        """``action_id`` as the current seat would read it now: the game's notation of the
        action it completes (``"add T0,0 0,0"``), or, for a step that only starts one, what
        every action it leads to begins with and ``…`` (``"move T1,-3 T…"``, ``"key B…"``),
        unique among the steps open now (the encoding's name is added when two would read
        alike); the encoding's name (:meth:`id_name`) when it is not legal now."""
        if self.current_player < 0:
            return self.id_name(action_id)
        node = self._tree()
        target = node.get(action_id)
        if isinstance(target, Action):
            return str(target)
        if target is None:
            return self.id_name(action_id)
        starts = {
            step: self._start_of(node, step)
            for step, t in node.items()
            if not isinstance(t, Action)
        }
        text = starts[action_id]
        if list(starts.values()).count(text) > 1:
            return f"{text} ({self.id_name(action_id)})"
        return text

    def _start_of(self, node: Node, step: int) -> str:
        """What every action under ``node[step]`` begins with, and ``…``."""
        if type(node[step]) is list:
            self._expand(node, step)
        texts = [str(action) for action in _actions_under(node[step])]
        return f"{_common_start(texts).rstrip()}…"

    def id_name(self, action_id: int) -> str:
        """The name of a player step id (:meth:`Encoding.id_name`)."""
        if self.encoding.end_id is not None and action_id == self.encoding.end_id:
            return "end"
        if 0 <= action_id < self.encoding.num_distinct_actions:
            return self.encoding.id_name(action_id)
        return f"id {action_id} (out of range)"

    # ----- chance ------------------------------------------------------------------------------
    def _chance_table(self) -> dict[int, tuple[Action, float]]:
        table = self._chance
        if table is None:
            table = self._chance = self._chance_entry()[1]
        return table

    def _chance_entry(self) -> ChanceEntry:
        """The chance node's outcomes, their table by id and the sorted ``(id, p)`` list.

        Engines hand out the same outcome objects at every node of a kind (three dice, the
        first player), so the tables are kept per encoding and reused when the outcome list
        is equal (a C-speed comparison, by identity first) to the one they were built from.
        An engine that hands out one :class:`~connect_arena.core.state.ChanceTable` object per
        kind of node (``Encoding.shared_chance_tables``: Connect Pairs' dice) is asked for
        that object alone, and its entry found by identity (no outcome list made or compared).
        """
        state, encoding = self.state, self.encoding
        if encoding.shared_chance_tables:
            table = state.chance_table()
            kept = encoding.table_cache.get(id(table))
            if kept is not None and kept[0] is table:
                return kept[1]
            entry = self._entry_of(state.chance_outcomes())
            if len(encoding.table_cache) >= 64:  # tables made anew (not shared) add up
                encoding.table_cache.clear()
            encoding.table_cache[id(table)] = (table, entry)  # (kept alive: its id stays)
            return entry
        return self._entry_of(state.chance_outcomes())

    def _entry_of(self, outcomes: list[tuple[Action, float]]) -> ChanceEntry:
        """The entry of ``outcomes``, the chance node's (kept per encoding, see above)."""
        encoding = self.encoding
        key = (len(outcomes), id(outcomes[0][0]))
        cache = encoding.chance_cache
        entry = cache.get(key)
        if entry is None or entry[0] != outcomes:
            state = self.state
            table = {encoding.chance_id(state, action): (action, p) for action, p in outcomes}
            listed = sorted((i, p) for i, (_, p) in table.items())
            if len(cache) >= 1024:
                cache.clear()
            running = list(accumulate(p for _, p in listed))
            entry = cache[key] = (outcomes, table, listed, running)
        return entry

    def sample_chance(self, point: float) -> int:
        """At a chance node, apply the outcome that ``point`` (uniform in ``[0, 1)``) picks
        by inverse transform over the outcomes in ascending id order, and return its id.

        Raises:
            ValueError: this is not a chance node.
        """
        state = self.state
        if not state.is_chance_node():
            raise ValueError("not a chance node")
        _, table, listed, running = self._chance_entry()
        index = min(bisect_right(running, point * running[-1]), len(listed) - 1)
        chosen = listed[index][0]
        state.apply_legal_action(table[chosen][0], CHANCE)  # as apply_id, one look-up less
        self._chance = self._player = None
        self._node = self._root = None
        return chosen

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node, ``(chance id, probability)`` for each outcome, ascending ids;
        else ``[]``."""
        if not self.state.is_chance_node():
            return []
        entry = self._chance_entry()
        self._chance = entry[1]  # the id that follows is looked up here, not found again
        return list(entry[2])

    # ----- views -------------------------------------------------------------------------------
    def observation_tensor(self, player: int) -> Tensor:
        """What seat ``player`` may see, as planes (float32, shape
        ``encoding.observation_shape``). The pending prefix shows only to the seat choosing it.

        Raises:
            ValueError: ``player`` is not a seat of the game.
        """
        self._check_seat(player)
        out = np.zeros(self.encoding.observation_shape, np.float32)
        self.encoding.observe(self.state, player, self.visible_prefix(player), out)
        return out

    def observation_string(self, player: int) -> str:
        """What seat ``player`` may see, as text: the engine's observation of that seat
        (JSON, which hides what the engine hides), then the seat's own pending prefix.

        Raises:
            ValueError: ``player`` is not a seat of the game.
        """
        import json

        self._check_seat(player)
        text = json.dumps(self.state.observation(player), sort_keys=True, separators=(",", ":"))
        prefix = self.visible_prefix(player)
        return f"{text}\nchosen: {self.encoding.describe_prefix(prefix)}" if prefix else text

    def visible_prefix(self, player: int) -> tuple[int, ...]:
        """The pending prefix if ``player`` is choosing it, else ``()`` (nobody else sees
        a partly chosen action)."""
        return self.prefix if self.prefix and player == self.current_player else ()

    def _check_seat(self, player: int) -> None:
        if not 0 <= player < self.state.game.num_players:
            raise ValueError(
                f"there is no seat {player} (seats 0..{self.state.game.num_players - 1})"
            )

    def clone(self) -> Stepper:
        """An independent copy (the engine state is cloned; prefix trees are shared, they
        never change once built)."""
        other = Stepper(self.encoding, self.state.clone())  # (compiled: no bare ``__new__``)
        other.prefix = self.prefix
        other._node = self._node
        other._root = self._root
        other._player = self._player
        other._sorted = self._sorted
        other._top = None  # it reads its own state: the clone's is built anew if asked
        other._chance = self._chance
        return other

    def __deepcopy__(self, memo: dict[int, object]) -> Stepper:
        """:meth:`clone` (OpenSpiel clones a Python state by deep copy)."""
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the game's record (its actions in notation, chance outcomes included,
        as ``connect-arena/record@1`` JSON) and the pending prefix of ids: what OpenSpiel's
        ``serialize_game_and_state`` and ``pickle`` keep of a state (a few kilobytes), rebuilt
        by replaying it (:func:`restore`)."""
        record = record_of(self.state, [""] * self.state.game.num_players)
        return (restore, (record.to_json(), self.prefix))

    def __str__(self) -> str:
        """The game so far in notation (every completed action), then the pending prefix."""
        text = "; ".join(str(entry.action) for entry in self.state.history)
        return f"{text} | {self.encoding.describe_prefix(self.prefix)}" if self.prefix else text


def restore(record: str, prefix: tuple[int, ...]) -> Stepper:
    """The stepper :meth:`Stepper.__reduce__` pickled: ``record`` replayed, then ``prefix``.

    Raises:
        InvalidRecordError: the record does not replay.
        ValueError: an id of ``prefix`` is not legal.
    """
    from connect_arena.rl.encoding import encoding_for  # the registry imports this module

    state = replay(record)
    stepper = Stepper(encoding_for(state.game), state)
    for action_id in prefix:
        stepper.apply_id(action_id)
    return stepper


def _actions_under(node: Node | list[Action] | Action) -> list[Action]:
    """Every action in the subtree ``node`` (buckets included, as they stand)."""
    found: list[Action] = []
    todo: list[Any] = [node]
    while todo:
        item = todo.pop()
        if isinstance(item, Action):
            found.append(item)
        elif isinstance(item, dict):
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
    return found


def _common_start(texts: list[str]) -> str:
    """The characters every text begins with (``"key B"`` of ``"key BA…"`` and ``"key BC…"``)."""
    if not texts:
        return ""
    low, high = min(texts), max(texts)  # the two that differ first
    size = 0
    while size < len(low) and low[size] == high[size]:
        size += 1
    return low[:size]
