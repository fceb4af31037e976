"""Why a Quinque action is illegal, as a structured event (``quinque.*``, see ``events.py``).

The explanations follow the rules' order of checks, so that the reason given is the first rule
the action breaks; whatever they miss, the legal-action list catches (``quinque.not_legal``).
Quotations are from the rulebook (Board Game Arena's Italian summary, "Regolamento in sintesi";
decisions Q-1…Q-23 in ``docs/rules/quinque.md``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from connect_arena.core.events import Event
from connect_arena.games.quinque import events
from connect_arena.games.quinque import geometry as geo
from connect_arena.games.quinque.geometry import Cell
from connect_arena.games.quinque.notation import (
    Add,
    FirstPlayer,
    Mark,
    Move,
    Pass,
    QuinqueAction,
    format_cell,
    format_tile,
)

if TYPE_CHECKING:
    from connect_arena.games.quinque.rules import QuinqueState


def illegal_reason(state: QuinqueState, action: QuinqueAction, player: int) -> Event | None:
    """``None`` if ``action`` is legal for the active ``player``, else why not."""
    if not isinstance(action, Mark | Add | Move | Pass | FirstPlayer):
        return Event.of("quinque.not_an_action", action=repr(action))
    why = reason(state, action, player)
    if why is None and action not in state.legal_list(player):
        why = Event.of("quinque.not_legal", action=str(action))
    return why


def reason(state: QuinqueState, action: QuinqueAction, player: int) -> Event | None:
    """The first rule ``action`` breaks (by the rules' own reading, without the legal-action
    list: the tests compare both), or ``None``."""
    if isinstance(action, FirstPlayer):
        return Event.of("quinque.first_by_chance")
    if isinstance(action, Pass):
        if state.second or state.legal_list(player) == [Pass()]:
            return None
        return Event.of("quinque.must_act")  # "devi contrassegnare ... oppure spostare"
    if isinstance(action, Move):
        return _explain_move(state, action)
    if state.second:
        return Event.of("quinque.second_only_moves")  # "puoi spostare una tessera"
    if state.supply[player] == 0:
        return Event.of("quinque.no_parachutes", seat=player)
    if isinstance(action, Mark):
        return _explain_mark(state, action)
    return _explain_add(state, action)


def _explain_mark(state: QuinqueState, action: Mark) -> Event | None:
    where = format_cell(action.skydiver)
    if geo.tile_of(action.skydiver, state.cfg.side) not in state.tiles:
        return Event.of("quinque.no_skydiver", skydiver=where)
    if action.skydiver in state.marks:
        return Event.of("quinque.already_marked", skydiver=where)
    return None


def _explain_add(state: QuinqueState, action: Add) -> Event | None:
    name = format_tile(action.tile)
    if state.stack == 0:
        return Event.of("quinque.stack_empty")
    if action.tile in state.tiles:
        return Event.of("quinque.cell_taken", tile=name)
    if not state.tiles and action.tile != (0, 0):
        return Event.of("quinque.first_tile", tile=format_tile((0, 0)))
    if state.tiles and action.tile not in geo.frontier(state.tiles, state.cfg.add_nbrs):
        key = "quinque.add_edge" if state.cfg.add_nbrs == geo.ORTHOGONAL else "quinque.add_corner"
        return Event.of(key, tile=name)
    return None


def move_block(state: QuinqueState, tile: Cell) -> Event | None:
    """Why the tile at ``tile`` may not move at all this action, or ``None``."""
    name = format_tile(tile)
    if tile not in state.tiles:
        return Event.of("quinque.no_tile", tile=name)
    if tile == state.marked_tile:  # "Non puoi spostare una tessera su cui hai contrassegnato"
        return Event.of("quinque.tile_marked", tile=name)
    if not state.cfg.same_tile_twice and tile in state.moved:
        return Event.of("quinque.tile_moved", tile=name)
    if geo.surrounded(state.tiles, tile):  # "circondata su tutti e 4 i suoi lati"
        return Event.of("quinque.surrounded", tile=name)
    if len(state.tiles) == 1:
        return Event.of("quinque.lone_tile")
    if state.cfg.lifted_check and not geo.connected(state.tiles - {tile}, state.cfg.connect_nbrs):
        return Event.of("quinque.lifted_split", tile=name)
    return None


def _explain_move(state: QuinqueState, action: Move) -> Event | None:
    block = move_block(state, action.tile)
    if block is not None:
        return block
    origin, to = format_tile(action.tile), format_tile(action.to)
    if action.to in state.tiles:
        return Event.of("quinque.occupied", to=to)
    directions, max_steps, through = state.move_pattern(action.tile)
    step = geo.direction_to(action.tile, action.to)
    if step is None or step[0] not in directions:
        axes = events.AXES.get(directions, "all")
        count = state.parachutes_on(action.tile)
        return events.off_line(origin, to, axes, state.cfg.advanced, count)
    if max_steps and step[1] > max_steps:
        return Event.of("quinque.one_step", tile=origin)
    blocker = None if through else geo.first_blocker(state.tiles, action.tile, *step)
    if blocker is not None:
        return Event.of("quinque.blocked", tile=origin, to=to, blocker=format_tile(blocker))
    if action.to not in state.move_destinations(action.tile):
        return Event.of("quinque.disconnects", tile=origin, to=to)
    return None
