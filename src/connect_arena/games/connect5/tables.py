"""Per-board tables for the hot paths of the engine, computed once per topology.

Generating legal actions and applying them happen on every turn of every playout, so what
depends on the board alone is worked out here once:

* the **action objects**, interned: ``legal_actions`` hands out these shared instances (they
  are frozen, so sharing is safe) instead of building a new dataclass per action and turn;
* per dot, its **links** (neighbour, the step and split actions, whether both ends are
  circled) and its **jump triples** (the dot jumped over, the landing dot, the segments walked
  as a bit mask, the single-jump and sandwich actions);
* the index of every dot id, for applying actions without lower-casing names.

Segment sets are bit masks (``1 << segment``): testing "does this jump reuse a stretch of the
chain" is then one ``&`` of two integers.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from mypy_extensions import mypyc_attr

from connect_arena.games.connect5.notation import Jump, Pass, Place, Split, Stack, Step
from connect_arena.games.connect5.topology import Jump as TopoJump
from connect_arena.games.connect5.topology import Link, Topology

StepEntry = tuple[int, Step, Split, bool]
"""``(dst, step, split, both circled)`` for a link from a dot to its neighbour ``dst``."""
KeyedStepEntry = tuple[int, tuple[int, Step], tuple[int, Split], bool]
"""A :data:`StepEntry` with each action paired with its index (:class:`Tables`)."""
IndexStepEntry = tuple[int, int, int, bool]
"""A :data:`StepEntry` with each action's index in its place (:class:`Tables`)."""
JumpEntry = tuple[int, int, int, Jump, Jump]
"""``(over, to, segment mask, jump, sandwich)`` for a jump triple from a dot."""

PASS = Pass()
"""The one ``pass`` action handed out by ``legal_actions``."""


def segment_mask(segments: Iterable[int]) -> int:
    """A set of segment indices as a bit mask."""
    mask = 0
    for segment in segments:
        mask |= 1 << segment
    return mask


@mypyc_attr(serializable=True)  # held by the options of states pickled for the process pool
class Tables:
    """The precomputed tables of one topology (see the module docstring).

    Attributes:
        ids: per dot, its id.
        circled: per dot, whether it is circled.
        index: dot id (canonical case) → dot index.
        place: per dot, the action ``place d``.
        stack: per dot, the action ``stack d``.
        steps: per dot, its links as :data:`StepEntry`, by neighbour index.
        neighbours: per dot, the dots a token on it may step to.
        jumps: per dot, its jump triples as :data:`JumpEntry`, in the topology's order.
        pairs: per dot, ``(over, to)`` of the same jumps (for a quick look).
        overs: per dot, the dots its jumps go over (no capture without an opponent there).
        links: the most links of a dot (``L``).
        step_base, split_base: where the indices of steps and of splits start.
        keyed_place, keyed_stack, keyed_steps: ``place``, ``stack`` and ``steps`` with each
            action paired with its *index*, a number per action of the board in the order
            ``legal_actions`` lists them: ``place`` on dot ``d`` is ``d``, ``stack`` is
            ``D + d`` (``D`` dots), the step from ``d`` along its ``k``-th link
            ``step_base + d·L + k`` (``step_base = 2D``), the split ``split_base + d·L + k``
            (``split_base = 2D + D·L``); the research adapters' ids
            (``connect_arena.rl.encoding.connect5``) are these numbers.
    """

    def __init__(self, topo: Topology) -> None:
        self._board = topo.board
        self.ids = tuple(node.id for node in topo.board.dots)
        self.circled = tuple(node.circled for node in topo.board.dots)
        self.index = {name: dot for dot, name in enumerate(self.ids)}
        self.place = tuple(Place(name) for name in self.ids)
        self.stack = tuple(Stack(name) for name in self.ids)
        self.steps = tuple(self._steps(row) for row in topo.out)
        self.neighbours = tuple(tuple(link.dst for link in row) for row in topo.out)
        self.jumps = tuple(self._jumps(dot, row) for dot, row in enumerate(topo.jumps))
        self.pairs = tuple(tuple((jump.over, jump.to) for jump in row) for row in topo.jumps)
        self.overs = tuple(tuple(dict.fromkeys(jump.over for jump in row)) for row in topo.jumps)
        dots = len(self.ids)
        self.links = max((len(row) for row in self.steps), default=0) or 1
        self.step_base = 2 * dots
        self.split_base = self.step_base + dots * self.links
        self.keyed_place = tuple(enumerate(self.place))
        self.keyed_stack = tuple((dots + dot, action) for dot, action in enumerate(self.stack))
        self.keyed_steps: tuple[tuple[KeyedStepEntry, ...], ...] = tuple(
            tuple(
                (
                    dst,
                    (self.step_base + src * self.links + k, step),
                    (self.split_base + src * self.links + k, split),
                    both,
                )
                for k, (dst, step, split, both) in enumerate(row)
            )
            for src, row in enumerate(self.steps)
        )
        self.index_place = tuple(range(dots))
        self.index_stack = tuple(range(dots, 2 * dots))
        self.index_steps: tuple[tuple[IndexStepEntry, ...], ...] = tuple(
            tuple((dst, step[0], split[0], both) for dst, step, split, both in row)
            for row in self.keyed_steps
        )
        by_index: list[Place | Stack | Step | Split | None] = [None] * (
            self.split_base + dots * self.links
        )
        for index, place in self.keyed_place:
            by_index[index] = place
        for index, stack in self.keyed_stack:
            by_index[index] = stack
        for row in self.keyed_steps:
            for _, (at, step), (where, split), _ in row:
                by_index[at] = step
                by_index[where] = split
        self.by_index = tuple(by_index)

    def _steps(self, links: tuple[Link, ...]) -> tuple[StepEntry, ...]:
        ids, circled = self.ids, self.circled
        return tuple(
            (
                link.dst,
                Step(ids[link.src], ids[link.dst]),
                Split(ids[link.src], ids[link.dst]),
                circled[link.src] and circled[link.dst],
            )
            for link in links
        )

    def _jumps(self, dot: int, jumps: tuple[TopoJump, ...]) -> tuple[JumpEntry, ...]:
        ids = self.ids
        return tuple(
            (
                jump.over,
                jump.to,
                segment_mask(jump.segset),
                Jump((ids[dot], ids[jump.over], ids[jump.to])),
                Jump((ids[dot], ids[jump.over], ids[jump.to]), sandwich=True),
            )
            for jump in jumps
        )

    def dot(self, name: str) -> int:
        """The index of dot ``name``: the canonical id at once, any other case through the
        board (``KeyError`` if there is no such dot)."""
        dot = self.index.get(name)
        return self._board.dot_index(name) if dot is None else dot


@functools.lru_cache(maxsize=64)
def tables(topo: Topology) -> Tables:
    """The (cached) tables of ``topo``."""
    return Tables(topo)
