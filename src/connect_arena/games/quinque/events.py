"""Quinque's structured events: what an action does, why one is refused, how a game ended.

Each event is a key ``quinque.<what>`` with parameters (:class:`~connect_arena.core.Event`);
:data:`ENGLISH` holds the English templates (the game's ``event_templates``: the terminal and
the error messages), and the browser translates the same keys from
``static/i18n/quinque.<lang>.json`` (``event.<what>``). Parameters: ``seat`` is a 0-based seat;
``skydiver`` is a skydiver in notation (``"3,-1"``); ``tile``, ``to`` and ``blocker`` are tile
cells in notation (``"T1,0"``); ``count`` is a number of parachutes.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

from connect_arena.core.events import Event
from connect_arena.games.quinque import geometry as geo
from connect_arena.games.quinque.notation import (
    Add,
    FirstPlayer,
    Mark,
    Move,
    QuinqueAction,
    format_cell,
    format_tile,
)

if TYPE_CHECKING:
    from connect_arena.games.quinque.rules import QuinqueState

_ACTIONS = {
    "quinque.first": "{seat} begins",
    "quinque.mark": "{seat} marks skydiver {skydiver}",
    "quinque.add": "{seat} adds tile {tile} and marks skydiver {skydiver}",
    "quinque.move": "{seat} moves tile {tile} to {to}",
    "quinque.end_turn": "{seat} ends the turn",
    "quinque.pass": "{seat} passes: no legal action",
}
_OUTCOMES = {
    "quinque.outcome_line": "five in a row",
    "quinque.outcome_both_lines": "both players made a line; the active player wins",
    "quinque.outcome_opponent_line": "the opponent's action completed this line",
    "quinque.outcome_supplies_empty": "both players are out of parachutes",
    "quinque.outcome_no_action": "no player could act",
    "quinque.outcome_turn_limit": "the turn limit was reached",
}
_LINES = {
    "orthogonal": "in the row or column",
    "diagonal": "on a diagonal",
    "all": "in the row, column or on a diagonal",
}
_REFUSALS = {
    "quinque.not_an_action": "{action} is not a Quinque action",
    "quinque.not_legal": "{action} is not legal now",
    "quinque.first_by_chance": "who begins is drawn by chance, not chosen",
    "quinque.must_act": "you must act (mark, add or move) while you have a legal action",
    "quinque.second_only_moves": "the second action of a turn can only move a tile (or pass)",
    "quinque.no_parachutes": "{seat} has no parachutes left: move a tile instead",
    "quinque.no_skydiver": "there is no skydiver at {skydiver} (no tile there)",
    "quinque.already_marked": "skydiver {skydiver} already carries a parachute",
    "quinque.stack_empty": "there are no tiles left to add",
    "quinque.cell_taken": "{tile} is already occupied by a tile",
    "quinque.first_tile": "the first tile goes at {tile}",
    "quinque.add_edge": "a new tile must share an edge with a tile in play, and {tile} does not",
    "quinque.add_corner": (
        "a new tile must share an edge or corner with a tile in play, and {tile} does not"
    ),
    "quinque.no_tile": "there is no tile at {tile}",
    "quinque.tile_marked": "a skydiver on {tile} was marked this turn, so the tile cannot move",
    "quinque.tile_moved": "{tile} already moved this turn",
    "quinque.surrounded": "{tile} is surrounded on all four sides and cannot move",
    "quinque.lone_tile": "a lone tile cannot move: it must stay in touch with another tile",
    "quinque.lifted_split": "lifting {tile} would split the formation",
    "quinque.occupied": "{to} is occupied",
    "quinque.one_step": (
        "{tile} with one parachute moves only to an adjacent cell (advanced rules)"
    ),
    "quinque.blocked": "the way from {tile} to {to} is blocked by {blocker}",
    "quinque.disconnects": "moving {tile} to {to} would not leave a single connected formation",
}
for _name, _where in _LINES.items():
    _REFUSALS[f"quinque.off_line_{_name}"] = f"{{to}} is not {_where} of {{tile}}"
    _REFUSALS[f"quinque.off_line_{_name}_advanced_one"] = (
        f"{{to}} is not {_where} of {{tile}} (a tile with 1 parachute, advanced rules)"
    )
    _REFUSALS[f"quinque.off_line_{_name}_advanced"] = (
        f"{{to}} is not {_where} of {{tile}} (a tile with {{count}} parachutes, advanced rules)"
    )

ENGLISH = MappingProxyType(_ACTIONS | _OUTCOMES | _REFUSALS)
"""English templates of every ``quinque.*`` event, by key."""

AXES = {geo.ORTHOGONAL: "orthogonal", geo.DIAGONAL: "diagonal", geo.ALL8: "all"}
"""The name of a set of unit steps (the lines a tile moves along)."""


def describe(state: QuinqueState, action: QuinqueAction, player: int) -> Event:
    """What ``action`` by ``player`` does from ``state`` (call it before applying the action).

    Returns:
        ``quinque.first`` (chance: ``seat`` begins), ``quinque.mark``, ``quinque.add``,
        ``quinque.move``, ``quinque.end_turn`` (a ``pass`` as the optional second action) or
        ``quinque.pass`` (a ``pass`` with no legal action, Q-14).
    """
    if isinstance(action, FirstPlayer):
        return Event.of("quinque.first", seat=action.seat)
    if isinstance(action, Mark):
        return Event.of("quinque.mark", seat=player, skydiver=format_cell(action.skydiver))
    if isinstance(action, Add):
        tile, skydiver = format_tile(action.tile), format_cell(action.skydiver)
        return Event.of("quinque.add", seat=player, tile=tile, skydiver=skydiver)
    if isinstance(action, Move):
        tile, to = format_tile(action.tile), format_tile(action.to)
        return Event.of("quinque.move", seat=player, tile=tile, to=to)
    return Event.of("quinque.end_turn" if state.second else "quinque.pass", seat=player)


def outcome(state: QuinqueState) -> Event | None:
    """Why the game ended (``quinque.outcome_<outcome>``, with the ``winner_seat`` or ``None``
    for a tie), or ``None`` while it goes on."""
    if not state.outcome:
        return None
    return Event.of(f"quinque.outcome_{state.outcome}", winner_seat=state.winner)


def off_line(tile: str, to: str, axes: str, advanced: bool, count: int) -> Event:
    """The refusal of a move off the tile's lines: ``axes`` names them (a value of
    :data:`AXES`); in advanced movement the tile's parachute ``count`` is said too."""
    key = f"quinque.off_line_{axes}"
    if advanced:
        key += "_advanced_one" if count == 1 else "_advanced"
    return Event.of(key, tile=tile, to=to, count=count)
