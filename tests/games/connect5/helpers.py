"""Set up Connect 5 positions directly, in a compact notation of stacks.

``"P1:a2, P1²:b1, P2:a4"``: a single of P1 (seat 0) on a2, a double of P1 on b1, a single of
P2 (seat 1) on a4. ``P1``…``P5`` are seats 0…4.
"""

from __future__ import annotations

import re

from connect_arena.games import load
from connect_arena.games.connect5.rules import Connect5State

P1, P2, P3 = 0, 1, 2
_ENTRY = re.compile(r"P([1-5])(²?):(\w+)")


def position(
    stacks: str = "",
    to_move: int = P1,
    players: int = 2,
    supply: list[int] | None = None,
    first_turn: bool = False,
    **options: object,
) -> Connect5State:
    """A position on T1 (unless ``board=`` is given) with ``to_move`` to act.

    Every seat has already had its first turn (so all moves are open) unless ``first_turn``.
    Supplies default to the tokens per player minus the tokens on the board.
    """
    options.setdefault("board", "t1")
    options.setdefault("first_player", str(to_move))
    state = load("connect5", players, **options).new_initial_state()
    assert isinstance(state, Connect5State)
    for entry in filter(None, (e.strip() for e in stacks.split(","))):
        match = _ENTRY.fullmatch(entry)
        assert match is not None, f"bad entry {entry!r}"
        dot = state.cfg.board.dot_index(match[3])
        state.owner[dot] = int(match[1]) - 1
        state.height[dot] = 2 if match[2] else 1
    on_board = [
        sum(h for o, h in zip(state.owner, state.height, strict=True) if o == seat)
        for seat in range(players)
    ]
    state.supply = supply if supply is not None else [state.cfg.tokens - n for n in on_board]
    state.turns_taken = [0 if first_turn else 1] * players
    state.to_move = to_move
    state._legal = None
    return state


def stacks(state: Connect5State) -> str:
    """The occupied dots in the same notation, sorted by dot id."""
    entries = [
        f"P{state.owner[d] + 1}{'²' if state.height[d] == 2 else ''}:{state.cfg.ids[d]}"
        for d in range(len(state.owner))
        if state.owner[d] >= 0
    ]
    return ", ".join(sorted(entries, key=lambda e: e.split(":")[1]))


def texts(state: Connect5State) -> set[str]:
    """The legal actions of the player to move, as notation."""
    return {str(action) for action in state.legal_actions()}


def legal(state: Connect5State, text: str) -> bool:
    """Whether ``text`` is a legal action now."""
    return text in texts(state)


def check_invariants(state: object) -> None:
    """The properties of every Connect 5 position: the engine's own check
    (:meth:`Connect5State.invariant_violations`: tokens conserved, no stack above two, no
    double on a single dot, no Connect 5 of any seat standing while the round goes on) and
    scores that add up."""
    assert isinstance(state, Connect5State)
    assert state.invariant_violations() == []
    assert state.scores() == [
        sum(r.points[s] for r in state.results) + (0 if state.over else state.captured[s])
        for s in range(state.cfg.players)
    ]


# A small board of our own (11 dots, 3 circled, a dot-less T, a bend, a bent line), as a
# server operator's folder offers it: the page has never seen it.
TINY = """\
format = "connect-arena/connect5-board@1"
id = "tiny"
name = "Tiny"
origin = "a test of ours"
dots = [
  { id = "p0", x = 0, y = 0 }, { id = "p1", x = 1, y = 0, kind = "circled" },
  { id = "p2", x = 2, y = 0 }, { id = "p3", x = 3, y = 0, kind = "circled" },
  { id = "p4", x = 4, y = 0 }, { id = "p5", x = 5, y = 0, kind = "circled" },
  { id = "p6", x = 6, y = 0 }, { id = "q1", x = 3, y = 1 }, { id = "q2", x = 3, y = 2 },
  { id = "r0", x = 4, y = 2 }, { id = "r1", x = 6, y = 2 },
]
junctions = [{ id = "J", x = 5, y = 2 }]
lines = [
  ["p0", "p1", "p2", "p3", "p4", "p5", "p6"],
  ["p3", "q1", "q2", "r0", "J", "r1"],
  ["J", "p5"],
  ["p6", [7, 0], [7, 2], "r1"],
]
"""
