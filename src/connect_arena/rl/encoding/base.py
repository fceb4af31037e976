"""The shape every per-game action encoding has, and the prefix tree of a position's actions.

An encoding maps each engine action to a short sequence of integer *ids* in
``0 .. num_distinct_actions - 1`` (the same range for every position of a game with given
options), and each chance outcome to one id in ``0 .. max_chance_outcomes - 1``. A
multi-part action (a Connect 5 capture chain, a CO'NNN'ECT claim) becomes several ids chosen
one after the other by the same seat; :class:`~connect_arena.rl.stepper.Stepper` drives that.

Within one position the sequences of the legal actions must be distinct. When one of them is a
proper prefix of another (a capture chain that may stop or go on), the shorter one is completed
with the encoding's :attr:`Encoding.end_id` ("stop here"), so that every legal action has
exactly one sequence and every path of legal ids ends at exactly one legal action.
"""

from __future__ import annotations

import abc
from collections.abc import Iterable
from operator import itemgetter
from typing import Any, ClassVar, Union

import numpy as np
import numpy.typing as npt
from mypy_extensions import mypyc_attr

from connect_arena.core.game import Action, Game, State

Bucket = list[Action]
"""A child of a prefix tree not built yet: the legal actions whose sequences go on through it
(:meth:`Encoding.expand` builds the child node from them when it is first needed; most
positions only ever need their legal ids and one child, if any)."""

Node = dict[int, Union[Action, "Node", Bucket]]
"""A node of a position's prefix tree: next id → the completed action, the next node, or a
:data:`Bucket` (a node not built yet)."""
Tensor = npt.NDArray[np.float32]
ChanceEntry = tuple[
    list[tuple[Action, float]],
    dict[int, tuple[Action, float]],
    list[tuple[int, float]],
    list[float],
]
"""A chance node's outcomes, their table by chance id, ``(id, p)`` ascending, and the running
sums of those probabilities (for sampling)."""


class EncodingError(ValueError):
    """An encoding does not fit a position (two legal actions with one sequence, or a
    sequence that is a prefix of another in a game without an end id): a bug to report."""


@mypyc_attr(allow_interpreted_subclasses=True)  # plug-in games' encodings are interpreted
class Encoding(abc.ABC):
    """A game's fixed action and observation encoding (one instance per game descriptor).

    Compiled by mypyc with the four games' encodings (``_build.COMPILED``); a plug-in game's
    encoding subclasses it interpreted.

    Attributes:
        game: the game descriptor (its options and number of players fix every size).
        num_distinct_actions: ids of the players' steps run from 0 to this, exclusive.
        max_chance_outcomes: chance ids run from 0 to this, exclusive (``0``: no chance).
        observation_shape: the shape of :meth:`observe`'s tensor.
        end_id: the id that completes a sequence which is a prefix of another, or ``None``.
        max_game_length: an upper bound of the number of player steps (ids, chance excluded)
            of one game with these options; :meth:`max_game_length` computes it.
    """

    game_name: ClassVar[str]
    """The ``GameType.short_name`` of the game this encoding is for."""
    shared_chance_tables: ClassVar[bool] = False
    """Whether the engine's ``State.chance_table`` hands out one table object per kind of
    chance node (then the stepper finds a node's outcomes by that object's identity)."""
    observation_high: ClassVar[float] = 1.0
    """The largest value a plane of :meth:`observe` can take (the smallest is 0): planes are
    0/1 or fractions unless an encoding says otherwise."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.num_distinct_actions = 0
        self.max_chance_outcomes = 0
        self.observation_shape: tuple[int, ...] = ()
        self.end_id: int | None = None
        self.chance_cache: dict[tuple[int, int], ChanceEntry] = {}
        """The tables of the chance nodes met (kept by the stepper)."""
        self.table_cache: dict[int, tuple[Any, ChanceEntry]] = {}
        """The same by the engine's table object (:attr:`shared_chance_tables`), kept alive."""

    # ----- player steps ------------------------------------------------------------------------
    @abc.abstractmethod
    def encode(self, state: State[Any], action: Action) -> tuple[int, ...]:
        """The id sequence of ``action``, a legal action of the current seat in ``state``
        (without the end id, which the prefix tree adds where needed)."""

    def encode_all(self, state: State[Any], actions: Iterable[Action]) -> list[tuple[int, ...]]:
        """:meth:`encode` of each action (games override it with a faster loop)."""
        return [self.encode(state, action) for action in actions]

    def tree(self, state: State[Any], actions: list[Action]) -> Node:
        """The prefix tree of ``actions``, the legal actions of the current seat in ``state``
        (:func:`build_tree` of their encodings; games may build it in one pass, and may leave
        children as :data:`Bucket` s for :meth:`expand`). Every key of the root is a legal
        first id."""
        return build_tree(actions, self.encode_all(state, actions), self.end_id)

    def root(self, state: State[Any], player: int) -> Node:
        """The prefix tree of the legal actions of ``player``, the seat to act in ``state``:
        :meth:`tree` of ``state.legal_actions(player)`` (games whose engines group their
        legal actions build it from the groups, which is quicker)."""
        return self.tree(state, state.legal_actions(player))

    def first(self, state: State[Any], player: int) -> Root:
        """The legal first steps of ``player``, the seat to act in ``state``, built as far
        as the stepper asks (:class:`Root`; games whose engines hand out their legal ids
        directly override it)."""
        return Root(self, state, player)

    def pick(self, state: State[Any], player: int, action_id: int) -> Action | Node:
        """The legal action of ``player``, the seat to act in ``state``, that the one id
        ``action_id`` completes (``root(state, player)[action_id]``), or the root of the
        position's prefix tree (:meth:`root`'s): always for an id that starts a longer
        sequence or is not legal, and for any id the encoding finds no quicker way to.

        The stepper asks this when an id comes before anyone asked for the legal ids (an
        environment's ``step`` without an observation): games answer from the engine's legal
        actions without building the root's dict where they can."""
        root = self.root(state, player)
        target = root.get(action_id)
        return target if isinstance(target, Action) else root

    def expand(self, state: State[Any], bucket: Bucket, action_id: int) -> Node:
        """The node a :data:`Bucket` stands for: the tree of the ``bucket`` actions' sequences
        after their common first id ``action_id`` (games override it with a quicker build).

        Raises:
            EncodingError: an action of ``bucket`` does not start with ``action_id``, two
                share a sequence, or one stops here and the encoding has no end id (a bug).
        """
        rest: list[tuple[int, ...]] = []
        for action, sequence in zip(bucket, self.encode_all(state, bucket), strict=True):
            if sequence[0] != action_id:
                raise EncodingError(f"{action} is in the bucket of {action_id}: {sequence}")
            tail = sequence[1:]
            if not tail:  # it stops where others go on: the end id completes it
                tail = (_end(self.end_id, action, bucket),)
            rest.append(tail)
        return build_tree(bucket, rest, self.end_id)

    @abc.abstractmethod
    def id_name(self, action_id: int) -> str:
        """A short, unique, position-independent name of a player step id (``"mark 3,2"``)."""

    # ----- chance ------------------------------------------------------------------------------
    def chance_id(self, state: State[Any], action: Action) -> int:
        """The id of a chance outcome of ``state`` (games with chance override this)."""
        raise NotImplementedError(f"{self.game.name} has no chance encoding")

    def chance_name(self, chance_id: int) -> str:
        """A short, unique name of a chance id (``"roll 1 2 6"``)."""
        return f"chance {chance_id}"

    # ----- observation ------------------------------------------------------------------------
    @abc.abstractmethod
    def observe(self, state: State[Any], player: int, prefix: tuple[int, ...], out: Tensor) -> None:
        """Write what seat ``player`` may see into ``out`` (shape :attr:`observation_shape`,
        float32, zeroed by the caller). ``prefix`` is the part of an action the current seat
        has chosen so far (shown to that seat only)."""

    @abc.abstractmethod
    def max_game_length(self) -> int:
        """An upper bound of the player steps of one game (chance outcomes excluded)."""

    def progress(self, state: State[Any], player: int) -> float | None:
        """How far seat ``player`` is towards the goal, from 0 to 1, for a shaped reward
        (``reward="shaped"`` of the PettingZoo environments); ``None``: the game offers none."""
        return None

    def describe_prefix(self, prefix: tuple[int, ...]) -> str:
        """The chosen part of an action, as text (empty when nothing is chosen)."""
        return " ".join(self.id_name(i) for i in prefix)


@mypyc_attr(allow_interpreted_subclasses=True)
class Root:
    """A position's legal first steps for the seat to act, built as far as asked: the
    sorted ids (a mask, OpenSpiel's ``legal_actions``), the action one id completes (a
    step), the root node of the prefix tree (a longer sequence). The stepper keeps one per
    position; nothing is asked of the engine twice.

    Args:
        encoding: the game's encoding.
        state: the position (not changed).
        player: the seat to act.
    """

    def __init__(self, encoding: Encoding, state: State[Any], player: int) -> None:
        self.encoding = encoding
        self.state = state
        self.player = player
        self._node: Node | None = None

    def ids(self) -> list[int]:
        """The legal first ids, ascending: a list the caller keeps unchanged (the stepper
        keeps it and hands out copies; a game's root may answer with a list it holds)."""
        return sorted(self.node())

    def pick(self, action_id: int) -> Action | None:
        """The action ``action_id`` completes by itself, else ``None`` (it starts a longer
        sequence, or is not legal: :meth:`node` tells which). Read from the root node once it
        is built, else from :meth:`_pick_unbuilt`."""
        node = self._node
        if node is None:
            return self._pick_unbuilt(action_id)
        target = node.get(action_id)
        return target if isinstance(target, Action) else None

    def _pick_unbuilt(self, action_id: int) -> Action | None:
        """:meth:`pick` before the root node is built: :meth:`Encoding.pick` (which may
        build it). A game's root overrides this with a look-up that builds nothing."""
        answer = self.encoding.pick(self.state, self.player, action_id)
        if isinstance(answer, Action):
            return answer
        self._node = answer
        target = answer.get(action_id)
        return target if isinstance(target, Action) else None

    def child(self, action_id: int) -> Node | None:
        """The node after the first step ``action_id`` when every legal sequence through
        it is longer (what the root node's entry for it expands to), built without the root
        node; ``None``: ask the root node (:meth:`node`), always here. A game's root
        overrides this where the root node costs more than the one child (Connect Pairs'
        swaps)."""
        return None

    def node(self) -> Node:
        """The root node of the prefix tree (:meth:`Encoding.root`), built once."""
        node = self._node
        if node is None:
            node = self._node = self.encoding.root(self.state, self.player)
        return node


def build_tree(actions: list[Action], sequences: list[tuple[int, ...]], end_id: int | None) -> Node:
    """The prefix tree of ``actions`` (one legal action per sequence).

    Raises:
        EncodingError: two actions share a sequence, or a sequence is a prefix of another and
            the encoding has no end id.
    """
    if len(actions) != len(sequences):
        raise EncodingError(f"{len(actions)} actions but {len(sequences)} sequences")
    if sequences and max(map(len, sequences)) == 1:
        # The common case, at C speed: every action is one step.
        root: Node = dict(zip(map(itemgetter(0), sequences), actions, strict=True))
        if len(root) == len(actions):
            return root
    root = {}
    for action, sequence in zip(actions, sequences, strict=True):
        node = root
        for step in sequence[:-1]:
            child = node.get(step)
            if child is None:
                child = node[step] = {}
            elif not isinstance(child, dict):  # an action ends here: it now needs the end id
                child = node[step] = {_end(end_id, child, action): child}
            node = child
        last = sequence[-1]
        here = node.get(last)
        if here is None:
            node[last] = action
        elif isinstance(here, dict):
            end = _end(end_id, action, here)
            if end in here:
                raise EncodingError(f"{here[end]} and {action} have the same encoding {sequence}")
            here[end] = action
        else:
            raise EncodingError(f"{here} and {action} have the same encoding {sequence}")
    return root


def _end(end_id: int | None, short: object, long: object) -> int:
    if end_id is None:
        raise EncodingError(f"the encoding of {short} is a prefix of that of {long}")
    return end_id
