"""Why an action is not legal for a CO'NNN'ECT player now: one specific sentence for every
well-formed action the rules forbid (``docs/rules/connnect.md`` §Notation, "Errors").

The legality tests themselves live in :mod:`connect_arena.games.connnect.legal`; where a rule
has its own function there (:func:`legal.switch_problem`), the explanation is that function's
answer, so the two cannot disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from connect_arena.games.connnect import claims as cl
from connect_arena.games.connnect import legal
from connect_arena.games.connnect import sheet as geo
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


def explain(state: ConnnectState, action: ConnnectAction, p: int) -> str | None:
    """Why ``action`` is not legal for active seat ``p`` now (one sentence), or ``None`` if no
    specific reason is known (the caller then says it is not legal)."""
    if state.task[p] is not None:
        return _task(state, action, p)
    if state.phase == "zone":
        if isinstance(action, ChooseZone):
            return f"no die shows {action.die} (dice: {_dice(state)})"
        return f"choose the Zone Die first (dice: {_dice(state)}), e.g. 'zone {state.dice[0]}'"
    if isinstance(action, ChooseZone):
        return "the Zone Die is chosen by the active player in the Roll Phase"
    if isinstance(action, Done) and state.phase != "claim":
        return _must_write(state, p)
    if isinstance(action, Claim):
        return _claim(state, action, p)
    if isinstance(action, Take):
        return "there is no bonus to take now (claim a Connect-3 or Connect-4 first)"
    if isinstance(action, Write):
        return _write(state, action, p)
    if isinstance(action, Change | Skip):
        return _free_action(state, action, p)
    if isinstance(action, Switch):
        return legal.switch_problem(state, p, action.value)
    return _adjust_or_move(state, action, p)


def _dice(state: ConnnectState) -> str:
    return " ".join(map(str, state.dice))


def _must_write(state: ConnnectState, p: int) -> str:
    numbers = " and ".join(map(str, state.pending[p]))
    return f"you must first write {numbers}"


def _task(state: ConnnectState, action: ConnnectAction, p: int) -> str | None:
    task = state.task[p]
    assert task is not None
    if task.kind == "take":
        if isinstance(action, Take):
            return f"bonus space {action.slot} is not free (or cannot be used now)"
        return "first circle a bonus of the section you earned: 'take SLOT'"
    if task.kind == "place":
        if isinstance(action, Write) and action.value == task.value:
            if action.cell == task.source:
                return "the moved number goes to another space than the one it left"
            return f"{geo.cell_name(action.cell)} is not empty"
        return f"first write {task.value} in any empty space: 'write {task.value} SPACE'"
    if isinstance(action, Write):
        return f"{geo.cell_name(action.cell)} is not an empty space of your zone {state.zone[p]}"
    if isinstance(action, Switch):
        return legal.switch_problem(state, p, action.value)
    return f"first write {task.value} number(s) of your choice in your zone {state.zone[p]}"


def _write(state: ConnnectState, action: Write, p: int) -> str:
    name = geo.cell_name(action.cell)
    if state.phase == "claim":
        return "numbers are written in the Fill Phase (or by a bonus)"
    if action.value not in state.pending[p]:
        have = " and ".join(map(str, state.pending[p])) or "nothing"
        return f"you have no {action.value} to write (you have {have})"
    if state.sheets[p].written >> action.cell & 1:
        return f"{name} already holds a number ('Each space can contain only one number')"
    if state.phase == "setup_write":
        return f"{name} is not a free setup space for this roll"
    zone = state.comps.zones[state.zone[p] - 1]
    return f"{name} is not in your zone {zone.die} ({zone.label})"


def _claim(state: ConnnectState, action: Claim, p: int) -> str:
    if state.phase != "claim":
        return "Connects are claimed in the Claim Phase"
    sheet, comps = state.sheets[p], state.comps
    reuse = sheet.unused(comps, "reuse") is not None
    shapes = legal.claim_shapes(state, p)
    return cl.explain(action, sheet, comps, state.cfg.claims, shapes, reuse)


def _free_action(state: ConnnectState, action: Change | Skip, p: int) -> str:
    """Free Actions: "A player wants to write a different number from that on a Number Die";
    "A player cannot write a number in the selected zone due to all spaces being occupied"."""
    comps = state.comps
    if state.phase != "fill":
        return "Free Actions are played in the Fill Phase"
    if state.sheets[p].free_actions >= comps.free_actions:
        return f"all {comps.free_actions} Free Actions are used"
    value = action.old if isinstance(action, Change) else action.value
    if value not in state.pending[p]:
        return f"you have no Number Die {value} to write"
    if isinstance(action, Change):
        if action.old == action.new:
            return f"changing {action.old} into {action.new} changes nothing"
        return "your zone is full: use 'skip' to drop the number"
    return "you may skip a number only when every space of your zone is occupied"


def _adjust_or_move(state: ConnnectState, action: ConnnectAction, p: int) -> str | None:
    sheet = state.sheets[p]
    if state.phase not in BONUS_PHASES:
        return "bonuses are used in the Fill Phase and the Claim Phase"
    if isinstance(action, AdjustDie | AdjustCell):
        return _adjust(state, action, p)
    if isinstance(action, Move):
        if sheet.unused(state.comps, "move") is None:
            return "you have no unused move bonus"
        if not sheet.available >> action.cell & 1:
            return f"{geo.cell_name(action.cell)} holds no unclaimed number to move"
        if not state.empty_cells(p):
            return "there is no empty space to write the moved number in"
    return None


def _adjust(state: ConnnectState, action: AdjustDie | AdjustCell, p: int) -> str | None:
    """Adjust: "Plus or minus a number by 1 up to 2 times" (CN-16)."""
    deltas = legal.adjust_deltas(state, p)
    if not deltas:
        return "you have no unused adjust bonus"
    if action.delta not in deltas:
        return "adjust=split: one step of +1 or -1 at a time (two per bonus)"
    if isinstance(action, AdjustDie):
        if action.value not in state.pending[p]:
            return f"you have no Number Die {action.value} to write"
        return None
    if not state.cfg.adjust_cells:
        return "adjust=dice: the Adjust bonus changes only a Number Die still to write"
    if not state.sheets[p].available >> action.cell & 1:
        cell = geo.cell_name(action.cell)
        return f"{cell} holds no unclaimed number (claimed or crossed numbers stay)"
    return None
