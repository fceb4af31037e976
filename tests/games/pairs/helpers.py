"""Set up Connect Pairs positions directly, for rule tests.

Conventions of the acceptance scenarios (``test_scenarios.py``): key 1→A … 6→F (option
``key=fixed``), seat 0 (Ann, X1) begins and is the partner of seat 1 (Bob, X2); boards are
written zone → letters (``{3: "ACF"}``) and top rows as four characters (``"B---"``, ``-`` for
an empty slot).
"""

from __future__ import annotations

from collections.abc import Mapping

from connect_arena.core import CHANCE
from connect_arena.games import load
from connect_arena.games.pairs.components import EMPTY, SUBJECTS, pair_of
from connect_arena.games.pairs.rules import PairsState

ANN, BOB = 0, 1
X1, X2, Y1, Y2 = 0, 1, 2, 3
Boards = Mapping[int, Mapping[int, str]]


def zone(text: str) -> tuple[int, ...]:
    """``"CA"`` → ``(0, 2)``: a zone as the engine stores it."""
    return tuple(sorted(SUBJECTS.index(c) for c in text))


def top(text: str) -> list[int]:
    """``"B-E-"`` → ``[1, EMPTY, 4, EMPTY]``."""
    return [EMPTY if c == "-" else SUBJECTS.index(c) for c in text]


def position(
    players: int = 2,
    zones: Boards | None = None,
    tops: Mapping[int, str] | None = None,
    turn: int = ANN,
    round_: int = 1,
    **options: object,
) -> PairsState:
    """A position at the start of ``turn``'s turn (before the roll) in round ``round_``.

    Supplies hold the box's tokens minus the key and the tokens on the boards, so that every
    subject is conserved (12 per box by default).
    """
    options.setdefault("first_player", "0")
    options.setdefault("key", "fixed")
    state = load("pairs", players, **options).new_initial_state()
    assert isinstance(state, PairsState)
    for seat, board in (zones or {}).items():
        for face, letters in board.items():
            state.zones[seat][face - 1] = zone(letters)
    for seat, row in (tops or {}).items():
        state.tops[seat] = top(row)
    conserve(state)
    state.round = round_
    state.position = state.order.index(turn)
    state.turn_seat = turn
    state._legal = None
    return state


def conserve(state: PairsState) -> None:
    """Set every supply to the box's tokens minus the key and the tokens on the boards."""
    for pair in range(state.cfg.num_pairs):
        state.supply[pair] = [state.cfg.tokens] * 6
        on_boards = tokens_per_subject(state, pair)
        state.supply[pair] = [2 * state.cfg.tokens - count for count in on_boards]


def complete_on_roll(state: PairsState, seat: int) -> None:
    """Give ``seat``'s pair a position that ``roll 1 1 2`` completes without any choice: the
    only swap (A of zone 1 with D of zone 2) makes zone 1 ``DDD``, whose D must go to slot 4,
    where the partner has D."""
    state.zones[seat][0], state.zones[seat][1] = zone("DDA"), zone("D")
    state.tops[seat], state.tops[seat ^ 1] = top("ABC-"), top("ABCD")
    conserve(state)


def roll(state: PairsState, dice: str) -> None:
    """Apply the chance outcome ``roll <dice>``."""
    state.apply_action(f"roll {dice}", CHANCE)


def texts(state: PairsState, player: int | None = None) -> list[str]:
    """The legal actions of ``player`` (default: the player to act), as notation."""
    return [str(action) for action in state.legal_actions(player)]


def zones_of(state: PairsState, seat: int) -> dict[int, str]:
    """The non-empty zones of ``seat``, as letters."""
    return {
        face: "".join(SUBJECTS[s] for s in z)
        for face, z in enumerate(state.zones[seat], start=1)
        if z
    }


def top_of(state: PairsState, seat: int) -> str:
    """The top row of ``seat`` as four characters."""
    return "".join("-" if s == EMPTY else SUBJECTS[s] for s in state.tops[seat])


def supply_of(state: PairsState, seat: int) -> dict[str, int]:
    """The supply of ``seat``'s pair, by letter."""
    return dict(zip(SUBJECTS, state.supply[pair_of(seat)], strict=True))


def tokens_per_subject(state: PairsState, pair: int) -> list[int]:
    """Key + supply + zones + top rows of the pair's box, per subject (conservation)."""
    key = state.keys[pair]
    counts = [state.supply[pair][subject] + (1 if key is not None else 0) for subject in range(6)]
    for seat in (2 * pair, 2 * pair + 1):
        for z in state.zones[seat]:
            for subject in z:
                counts[subject] += 1
        for subject in state.tops[seat]:
            if subject != EMPTY:
                counts[subject] += 1
    return counts
