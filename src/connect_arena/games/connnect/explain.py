"""Why an action is not legal for a CO'NNN'ECT player now: one specific event (English in
:mod:`.events`) for every well-formed action the rules forbid (``docs/rules/connnect.md``
§Notation, "Errors").

The legality tests themselves live in :mod:`connect_arena.games.connnect.legal`; where a rule
has its own function there (:func:`legal.switch_problem`), the explanation is that function's
answer, so the two cannot disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from connect_arena.core.events import Event
from connect_arena.games.connnect import claims as cl
from connect_arena.games.connnect import legal
from connect_arena.games.connnect import sheet as geo
from connect_arena.games.connnect.events import ev
from connect_arena.games.connnect.notation import (
    AdjustCell,
    AdjustDie,
    Change,
    ChooseZone,
    Claim,
    ConnnectAction,
    Done,
    Move,
    Skip,
    Switch,
    Take,
    Write,
)

if TYPE_CHECKING:
    from connect_arena.games.connnect.rules import ConnnectState

BONUS_PHASES = ("fill", "claim")
"""Bonuses "can be used in the Fill Phase and the Claim Phase" (CN-32)."""


def explain(state: ConnnectState, action: ConnnectAction, p: int) -> Event | None:
    """Why ``action`` is not legal for active seat ``p`` now (an event), or ``None`` if no
    specific reason is known (the caller then says it is not legal)."""
    if state.task[p] is not None:
        return _task(state, action, p)
    if state.phase == "zone":
        if isinstance(action, ChooseZone):
            return ev("no_die", die=action.die, dice=list(state.dice))
        return ev("zone_first", dice=list(state.dice), die=state.dice[0])
    if isinstance(action, ChooseZone):
        return ev("zone_not_yours")
    if isinstance(action, Done) and state.phase != "claim":
        return _must_write(state, p)
    if isinstance(action, Claim):
        return _claim(state, action, p)
    if isinstance(action, Take):
        return ev("no_take")
    if isinstance(action, Write):
        return _write(state, action, p)
    if isinstance(action, Change | Skip):
        return _free_action(state, action, p)
    if isinstance(action, Switch):
        return legal.switch_problem(state, p, action.value)
    return _adjust_or_move(state, action, p)


def _must_write(state: ConnnectState, p: int) -> Event:
    return ev("must_write", pending=list(state.pending[p]))


def _task(state: ConnnectState, action: ConnnectAction, p: int) -> Event | None:
    task = state.task[p]
    assert task is not None
    if task.kind == "take":
        if isinstance(action, Take):
            return ev("slot_not_free", slot=action.slot)
        return ev("take_first")
    if task.kind == "place":
        if isinstance(action, Write) and action.value == task.value:
            if action.cell == task.source:
                return ev("moved_elsewhere")
            return ev("not_empty", cell=geo.cell_name(action.cell))
        return ev("place_first", number=task.value)
    if isinstance(action, Write):
        return ev("not_zone_space", cell=geo.cell_name(action.cell), zone=state.zone[p])
    if isinstance(action, Switch):
        return legal.switch_problem(state, p, action.value)
    return ev("write_any_first", number=task.value, zone=state.zone[p])


def _write(state: ConnnectState, action: Write, p: int) -> Event:
    name = geo.cell_name(action.cell)
    if state.phase == "claim":
        return ev("write_in_fill")
    if action.value not in state.pending[p]:
        if not state.pending[p]:
            return ev("no_number_left", number=action.value)
        return ev("no_number", number=action.value, pending=list(state.pending[p]))
    if state.sheets[p].written >> action.cell & 1:
        return ev("occupied", cell=name)
    if state.phase == "setup_write":
        return ev("not_setup_space", cell=name)
    zone = state.comps.zones[state.zone[p] - 1]
    lines = zone.label.split(" ", 1)[1]  # "columns a-b" -> "a-b"
    return ev(f"not_in_zone_{zone.axis}", cell=name, zone=zone.die, lines=lines)


def _claim(state: ConnnectState, action: Claim, p: int) -> Event:
    if state.phase != "claim":
        return ev("claim_phase")
    sheet, comps = state.sheets[p], state.comps
    reuse = sheet.unused(comps, "reuse") is not None
    shapes = legal.claim_shapes(state, p)
    return cl.explain(action, sheet, comps, state.cfg.claims, shapes, reuse)


def _free_action(state: ConnnectState, action: Change | Skip, p: int) -> Event:
    """Free Actions: "A player wants to write a different number from that on a Number Die";
    "A player cannot write a number in the selected zone due to all spaces being occupied"."""
    comps = state.comps
    if state.phase != "fill":
        return ev("free_in_fill")
    if state.sheets[p].free_actions >= comps.free_actions:
        return ev("free_used_up", number=comps.free_actions)
    value = action.old if isinstance(action, Change) else action.value
    if value not in state.pending[p]:
        return ev("no_number_die", number=value)
    if isinstance(action, Change):
        if action.old == action.new:
            return ev("change_nothing", old=action.old, number=action.new)
        return ev("zone_full_skip")
    return ev("skip_when_full")


def _adjust_or_move(state: ConnnectState, action: ConnnectAction, p: int) -> Event | None:
    sheet = state.sheets[p]
    if state.phase not in BONUS_PHASES:
        return ev("bonus_phases")
    if isinstance(action, AdjustDie | AdjustCell):
        return _adjust(state, action, p)
    if isinstance(action, Move):
        if sheet.unused(state.comps, "move") is None:
            return ev("no_move_bonus")
        if not sheet.available >> action.cell & 1:
            return ev("no_number_to_move", cell=geo.cell_name(action.cell))
        if not state.empty_cells(p):
            return ev("no_space_to_move")
    return None


def _adjust(state: ConnnectState, action: AdjustDie | AdjustCell, p: int) -> Event | None:
    """Adjust: "Plus or minus a number by 1 up to 2 times" (CN-16)."""
    deltas = legal.adjust_deltas(state, p)
    if not deltas:
        return ev("no_adjust_bonus")
    if action.delta not in deltas:
        return ev("adjust_split")
    if isinstance(action, AdjustDie):
        if action.value not in state.pending[p]:
            return ev("no_number_die", number=action.value)
        return None
    if not state.cfg.adjust_cells:
        return ev("adjust_dice_only")
    if not state.sheets[p].available >> action.cell & 1:
        return ev("no_number_to_adjust", cell=geo.cell_name(action.cell))
    return None
