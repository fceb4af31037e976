"""What the rules need from a board, derived from its geometry: adjacency, jumps, Connect 5.

Continuation through a node (the rulebook, IT "Quando due linee si
incrociano, non è possibile 'svoltare' in un'altra direzione. Questo è lecito solo nelle
connessioni a 'T', svoltando a destra o a sinistra"):

* 2 arms (a line or a bend): go on along the other arm ("follow bends");
* a crossing (4 arms): only straight on;
* a T (3 arms): any other arm (AMB-8 (a), ``t_turns=any``), or with ``t_turns=from_stem``
  straight along the bar or from the stem into the bar, never from the bar into the stem.

A **link** is a walk from one dot to the next along segments, passing only through dot-less
junctions by these rules; dots joined by a link are *adjacent* (the relation is directed only
under ``t_turns=from_stem``). A **jump** ``A → over B → C`` is two links meeting at ``B`` that
"follow the line" through ``B``: at a 2-arm dot any way, at a T- or X-dot straight on (AMB-9;
option ``jump_turn_at_T_dot`` also lets it turn at a T-dot).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields

from connect_arena.games.connect5.board import Board, Problem

T_TURNS = ("any", "from_stem")
RunEntry = tuple[int, int, int, int, tuple[int, ...]]
"""A Connect 5 run through a dot: the four other dots, then the run in walking order."""


@dataclass(frozen=True, slots=True)
class Link:
    """A directed walk between consecutive dots.

    Attributes:
        src: the dot it leaves (index).
        dst: the dot it reaches.
        out_arm: the arm of ``src`` it leaves by.
        in_arm: the arm of ``dst`` it arrives by.
        segments: the segments walked, in order.
        segset: the same, as a set.
        straight: whether it never turns (straight segments, straight through junctions).
    """

    src: int
    dst: int
    out_arm: int
    in_arm: int
    segments: tuple[int, ...]
    segset: frozenset[int]
    straight: bool

    def __reduce__(self) -> tuple[object, ...]:
        # field by field: the compiled (mypyc) frozen class cannot be unpickled by setattr
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))


@dataclass(frozen=True, slots=True)
class Jump:
    """A jump from a dot ``A`` (implicit: the dot whose list holds it) over ``over`` to ``to``.

    Attributes:
        over: the dot jumped over (``B``).
        to: the landing dot (``C``).
        segset: every segment walked from ``A`` to ``C``.
    """

    over: int
    to: int
    segset: frozenset[int]

    def __reduce__(self) -> tuple[object, ...]:
        # field by field: the compiled (mypyc) frozen class cannot be unpickled by setattr
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))


@dataclass(frozen=True, slots=True)
class RunRules:
    """How a Connect 5 may run (AMB-14, AMB-15, §9).

    Attributes:
        straight_only: no turn anywhere, not even at a dot (``connect5_straight_only``).
        turn_at_crossing_dot: may turn at a crossing that carries a dot (AMB-15).
        may_retrace: may walk a segment twice (the looser reading of §9).
    """

    straight_only: bool = False
    turn_at_crossing_dot: bool = True
    may_retrace: bool = False

    def __reduce__(self) -> tuple[object, ...]:
        # field by field: the compiled (mypyc) frozen class cannot be unpickled by setattr
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))


class Topology:
    """The derived tables of one board under one reading of the turning rules.

    Attributes:
        board: the board.
        links: every link.
        out: per dot, the links leaving it.
        between: ``(src, dst)`` → the link.
        jumps: per dot ``A``, the jumps starting there.
        problems: what makes the board unusable (a dot joined to itself, two stretches
            joining the same dots); empty for a valid board.
    """

    def __init__(self, board: Board, t_turns: str, jump_turn_at_t_dot: bool) -> None:
        self.board = board
        self.t_turns = t_turns
        self.jump_turn_at_t_dot = jump_turn_at_t_dot
        self.problems: list[Problem] = []
        links = [link for dot in range(board.num_dots) for link in self._walks(dot)]
        self.between: dict[tuple[int, int], Link] = {}
        for link in links:
            self._add(link)
        self.links = tuple(self.between.values())
        out: list[list[Link]] = [[] for _ in range(board.num_dots)]
        for link in self.links:
            out[link.src].append(link)
        self.out = tuple(tuple(sorted(row, key=lambda lk: lk.dst)) for row in out)
        self.jumps = tuple(self._jumps(dot, jump_turn_at_t_dot) for dot in range(board.num_dots))
        self._runs: dict[RunRules, list[tuple[int, ...]]] = {}
        self._runs_by_dot: dict[RunRules, tuple[tuple[RunEntry, ...], ...]] = {}

    def __reduce__(self) -> tuple[object, ...]:
        # rebuilt (or found in the cache) from its arguments: the compiled (mypyc) class
        # cannot be unpickled attribute by attribute
        return (topology, (self.board, self.t_turns, self.jump_turn_at_t_dot))

    def _add(self, link: Link) -> None:
        dots = self.board.nodes
        name, other = dots[link.src].id, dots[link.dst].id
        if link.src == link.dst:
            self.problems.append(
                Problem(f"dot {name!r}", "a loop of line leads back to it without another dot")
            )
        elif (link.src, link.dst) in self.between:
            self.problems.append(
                Problem(
                    f"dots {name!r} and {other!r}",
                    "are joined by two different stretches of line; put a dot on one of them",
                )
            )
        else:
            self.between[(link.src, link.dst)] = link

    def passes(self, node: int, arm_in: int, arm_out: int) -> bool:
        """Whether a walk arriving at ``node`` by ``arm_in`` may leave by ``arm_out``."""
        if arm_in == arm_out:
            return False
        degree = self.board.degree(node)
        if degree == 2:
            return True
        if degree == 3:
            return self.t_turns == "any" or arm_out != self.board.stem(node)
        return self.board.opposite[node][arm_in] == arm_out

    def _walks(self, dot: int) -> list[Link]:
        """Every link leaving ``dot``: a depth-first walk through junctions."""
        board = self.board
        found = []
        for arm_index, arm in enumerate(board.arms[dot]):
            todo: list[tuple[int, int, tuple[int, ...], bool]] = [
                (arm.segment, arm.other, (arm.segment,), board.segments[arm.segment].straight)
            ]
            while todo:
                segment, node, walked, straight = todo.pop()
                arm_in = _arm_of(board, node, segment)
                if node < board.num_dots:
                    found.append(
                        Link(dot, node, arm_index, arm_in, walked, frozenset(walked), straight)
                    )
                    continue
                for arm_out, nxt in enumerate(board.arms[node]):
                    if nxt.segment in walked or not self.passes(node, arm_in, arm_out):
                        continue  # (a loop of junctions without dots leads nowhere)
                    keeps = straight and board.opposite[node][arm_in] == arm_out
                    keeps = keeps and board.segments[nxt.segment].straight
                    todo.append((nxt.segment, nxt.other, (*walked, nxt.segment), keeps))
        return found

    def _jumps(self, start: int, turn_at_t_dot: bool) -> tuple[Jump, ...]:
        board = self.board
        jumps = []
        for first in self.out[start]:
            over = first.dst
            for second in self.out[over]:
                if second.dst == start or first.segset & second.segset:
                    continue
                i, j = first.in_arm, second.out_arm
                follows = (
                    board.degree(over) == 2
                    or board.opposite[over][i] == j
                    or (turn_at_t_dot and board.degree(over) == 3 and self.passes(over, i, j))
                )
                if follows:
                    jumps.append(Jump(over, second.dst, first.segset | second.segset))
        return tuple(jumps)

    def adjacent(self, src: int, dst: int) -> bool:
        """Whether a token may step from dot ``src`` to dot ``dst`` (indices)."""
        return (src, dst) in self.between

    def jump(self, start: int, over: int, to: int) -> Jump | None:
        """The jump ``start → over → to`` if the geometry allows it, else ``None``."""
        for jump in self.jumps[start]:
            if jump.over == over and jump.to == to:
                return jump
        return None

    def find_run(
        self,
        owner: Sequence[int],
        player: int,
        rules: RunRules,
        through: Iterable[int] | None = None,
    ) -> tuple[int, ...] | None:
        """A Connect 5 of ``player``: five distinct dots holding his stacks, each adjacent to
        the next, turning only where ``rules`` allow (one of :meth:`runs`).

        Args:
            owner: per dot, the seat whose stack stands there, or ``-1``.
            player: the seat.
            rules: the reading of the Connect 5 rules.
            through: look only at runs through these dots (the dots a move just filled;
                a run elsewhere would have ended the round earlier); ``None``: everywhere.

        Returns:
            The dots of the first run found, in walking order, or ``None``.
        """
        index = self.run_index(rules)
        cells = owner if isinstance(owner, list) else list(owner)
        dots = range(self.board.num_dots) if through is None else through
        for dot in dots:
            if cells[dot] == player:
                run = run_through(cells, player, index[dot])
                if run is not None:
                    return run
        return None

    def run_index(self, rules: RunRules) -> tuple[tuple[RunEntry, ...], ...]:
        """Per dot, the runs through it (for :func:`run_through`), each with the four other
        dots first (cached per reading of the rules)."""
        index = self._runs_by_dot.get(rules)
        if index is None:
            rows: list[list[RunEntry]] = [[] for _ in range(self.board.num_dots)]
            for run in self.runs(rules):
                for dot in run:
                    a, b, c, d = (other for other in run if other != dot)
                    rows[dot].append((a, b, c, d, run))
            index = tuple(tuple(row) for row in rows)
            self._runs_by_dot[rules] = index
        return index

    def _turn_ok(self, dot: int, arm_in: int, arm_out: int, rules: RunRules) -> bool:
        """Whether a Connect 5 may pass through ``dot`` from ``arm_in`` to ``arm_out``."""
        straight = self.board.opposite[dot][arm_in] == arm_out
        if rules.straight_only or (not rules.turn_at_crossing_dot and self.board.degree(dot) == 4):
            return straight
        return arm_in != arm_out or rules.may_retrace

    def runs(self, rules: RunRules, length: int = 5) -> list[tuple[int, ...]]:
        """Every path along which a Connect 5 may run (each once, in one of its directions).

        Returns:
            Runs as tuples of dot indices, sorted (cached for ``length`` 5).
        """
        if length == 5 and rules in self._runs:
            return self._runs[rules]
        found: set[tuple[int, ...]] = set()

        def walk(path: list[int], last: Link | None, used: frozenset[int]) -> None:
            if len(path) == length:
                found.add(min(tuple(path), tuple(reversed(path))))
                return
            here = path[-1]
            for link in self.out[here]:
                ok = link.dst not in path and not (rules.straight_only and not link.straight)
                ok = ok and (rules.may_retrace or not used & link.segset)
                if ok and (last is None or self._turn_ok(here, last.in_arm, link.out_arm, rules)):
                    walk([*path, link.dst], link, used | link.segset)

        for start in range(self.board.num_dots):
            walk([start], None, frozenset())
        result = sorted(found)
        if length == 5:
            self._runs[rules] = result
        return result


def run_through(
    owner: list[int], player: int, entries: tuple[RunEntry, ...]
) -> tuple[int, ...] | None:
    """The first run of ``entries`` (the runs through one dot, from
    :meth:`Topology.run_index`) whose other four dots all hold ``player``'s stacks.
    ``owner`` is a list: compiled, its items are read natively (a ``Sequence`` went through
    the generic protocol, four calls per run, after every action)."""
    for a, b, c, d, run in entries:  # called after every move: kept flat
        if owner[a] == player and owner[b] == player and owner[c] == player == owner[d]:
            return run
    return None


def _arm_of(board: Board, node: int, segment: int) -> int:
    for index, arm in enumerate(board.arms[node]):
        if arm.segment == segment:
            return index
    raise AssertionError(f"segment {segment} does not end at node {node}")


@functools.lru_cache(maxsize=64)
def topology(board: Board, t_turns: str = "any", jump_turn_at_t_dot: bool = False) -> Topology:
    """The (cached) derived tables of ``board``.

    Args:
        board: a board from :func:`~connect_arena.games.connect5.boards.load_board`.
        t_turns: ``"any"`` or ``"from_stem"`` (AMB-8).
        jump_turn_at_t_dot: whether a jump may turn at a T-dot (AMB-9).
    """
    return Topology(board, t_turns, jump_turn_at_t_dot)
