"""Set up Quinque positions directly, for rule tests."""

from __future__ import annotations

from collections.abc import Iterable

from connect_arena.games import load
from connect_arena.games.quinque.rules import QuinqueState

Cell = tuple[int, int]
RED, BLUE = 0, 1


def position(
    formation: Iterable[Cell],
    red: Iterable[Cell] = (),
    blue: Iterable[Cell] = (),
    to_move: int = RED,
    supply: tuple[int, int] | None = None,
    **options: object,
) -> QuinqueState:
    """A position at the start of ``to_move``'s turn (Red starts unless told otherwise).

    Supplies default to 18 minus the parachutes on the table, the stack to 9 minus the tiles.
    """
    options.setdefault("first_player", "0")
    state = load("quinque", **options).new_initial_state()
    assert isinstance(state, QuinqueState)
    state.tiles = set(formation)
    state.marks = dict.fromkeys(red, RED) | dict.fromkeys(blue, BLUE)
    parachutes = state.cfg.parachutes
    reds = sum(1 for seat in state.marks.values() if seat == RED)
    blues = len(state.marks) - reds
    state.supply = list(supply) if supply is not None else [parachutes - reds, parachutes - blues]
    state.stack = state.cfg.tiles - len(state.tiles)
    state.to_move = to_move
    state._legal = None
    return state


def texts(state: QuinqueState) -> list[str]:
    """The legal actions of the player to move, as notation."""
    return [str(action) for action in state.legal_actions()]


def destinations(state: QuinqueState, tile: Cell) -> set[Cell]:
    """Where ``tile`` may move now."""
    return set(state.move_destinations(tile))
