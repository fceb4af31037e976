"""Legal actions of a CO'NNN'ECT player, and why an action is not legal.

Only the owner's sheet and the public state at the start of the phase matter, so in a
simultaneous phase a player's actions do not change while the others act.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from connect_arena.games.connnect import claims as cl
from connect_arena.games.connnect import sheet as geo
from connect_arena.games.connnect.components import Shape
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

DELTAS = (-2, -1, 1, 2)
"""Adjust bonus: "Plus or minus a number by 1 up to 2 times" (CN-16)."""


def generate(state: ConnnectState, p: int) -> list[ConnnectAction]:
    """Every legal action of active seat ``p``, in a fixed order."""
    task = state.task[p]
    if task is not None:
        return _task_actions(state, p)
    phase = state.phase
    if phase == "zone":
        return [ChooseZone(die) for die in sorted(set(state.dice))]
    if phase == "setup_write":
        spaces = setup_spaces(state, p) & state.empty_cells(p)
        return [Write(v, c) for v in sorted(set(state.pending[p])) for c in geo.cells_of(spaces)]
    if phase == "fill":
        return _fill_actions(state, p)
    return [*claim_list(state, p), *_bonus_actions(state, p), Done()]


def setup_spaces(state: ConnnectState, p: int) -> int:
    """Mask of the setup spaces that may take the current setup roll (CN-29)."""
    comps = state.comps
    if state.cfg.setup_groups:
        return geo.mask_of(comps.setup_groups[state.setup_step])
    return geo.mask_of(comps.setup_spaces)


def _task_actions(state: ConnnectState, p: int) -> list[ConnnectAction]:
    task = state.task[p]
    assert task is not None
    if task.kind == "take":
        return [Take(slot + 1) for slot in takeable(state, p, task.value)]
    if task.kind == "place":
        return [Write(task.value, c) for c in geo.cells_of(state.empty_cells(p))]
    cells = geo.cells_of(state.zone_space(p))
    return [Write(v, c) for v in range(1, 7) for c in cells]


def takeable(state: ConnnectState, p: int, section: int) -> list[int]:
    """0-based bonus slots of ``section`` that ``p`` may circle now.

    Every uncircled space; with ``lightning=forbidden`` (CN-25) not a ⚡ bonus that could not
    be used in full (no empty space; fewer than two empty spaces in the zone).
    """
    comps, sheet = state.comps, state.sheets[p]
    slots = sheet.free_slots(comps, section)
    if not state.cfg.lightning_forbidden:
        return slots
    empty = bin(state.empty_cells(p)).count("1")
    zone = bin(state.zone_space(p)).count("1")
    need = {"write": (empty, 1), "write2": (zone, 2)}
    found = []
    for slot in slots:
        have, wanted = need.get(comps.sections[section][slot].kind, (1, 0))
        if have >= wanted:
            found.append(slot)
    return found


def _fill_actions(state: ConnnectState, p: int) -> list[ConnnectAction]:
    """Fill Phase: write a Number Die in the zone; Free Actions; Switch, Adjust, Move."""
    sheet, comps = state.sheets[p], state.comps
    numbers = sorted(set(state.pending[p]))
    space = state.zone_space(p)
    actions: list[ConnnectAction] = [Write(v, c) for v in numbers for c in geo.cells_of(space)]
    if sheet.free_actions < comps.free_actions:
        if space:
            actions += [Change(v, w) for v in numbers for w in range(1, 7) if w != v]
        else:
            actions += [Skip(v) for v in numbers]
    if sheet.unused(comps, "switch") is not None:
        actions += [Switch(v) for v in numbers if v != state.zone[p]]
    if sheet.unused(comps, "adjust") is not None:
        actions += [AdjustDie(v, d) for v in numbers for d in DELTAS]
    return actions + _bonus_actions(state, p)


def _bonus_actions(state: ConnnectState, p: int) -> list[ConnnectAction]:
    """Adjust (on written numbers) and Move Number, usable in the Fill and Claim Phases."""
    sheet, comps = state.sheets[p], state.comps
    cells = geo.cells_of(sheet.available)
    actions: list[ConnnectAction] = []
    if state.cfg.adjust_cells and sheet.unused(comps, "adjust") is not None:
        actions += [AdjustCell(c, d) for c in cells for d in DELTAS]
    if sheet.unused(comps, "move") is not None and state.empty_cells(p):
        actions += [Move(c) for c in cells]
    return actions


def claim_shapes(state: ConnnectState, p: int) -> list[Shape]:
    """Shapes ``p`` may claim in this Claim Phase."""
    return cl.claimable_shapes(
        state.sheets[p], state.comps, state.cfg.claims, state.face_up, state.cards_now[p]
    )


def claim_list(state: ConnnectState, p: int) -> list[Claim]:
    """Every valid claim of ``p`` now."""
    reuse = state.sheets[p].unused(state.comps, "reuse") is not None
    return cl.legal_claims(state.sheets[p], claim_shapes(state, p), state.cfg.claims, reuse)


def stuck(state: ConnnectState, p: int) -> bool:
    """``p`` must write a number but cannot: no empty space in his zone, all Free Actions
    used, and no Switch bonus that leads to a zone with an empty space (CN-21)."""
    sheet, comps = state.sheets[p], state.comps
    if state.zone_space(p) or sheet.free_actions < comps.free_actions:
        return False
    if sheet.unused(comps, "switch") is None:
        return True
    empty = state.empty_cells(p)
    return not any(v != state.zone[p] and comps.zones[v - 1].mask & empty for v in state.pending[p])


# ----- explanations ------------------------------------------------------------------------------


def explain(state: ConnnectState, action: ConnnectAction, p: int) -> str | None:
    """Why ``action`` is not legal for ``p`` now (one sentence), or ``None`` if no specific
    reason is known (the caller then says it is not legal)."""
    task = state.task[p]
    if task is not None:
        return _explain_task(state, action, p)
    if state.phase == "zone":
        if isinstance(action, ChooseZone):
            return f"no die shows {action.die} (dice: {_dice(state)})"
        return f"choose the Zone Die first (dice: {_dice(state)}), e.g. 'zone {state.dice[0]}'"
    if isinstance(action, ChooseZone):
        return "the Zone Die is chosen by the active player in the Roll Phase"
    if isinstance(action, Done) and state.phase != "claim":
        return _must_write(state, p)
    if isinstance(action, Claim):
        return _explain_claim(state, action, p)
    if isinstance(action, Take):
        return "there is no bonus to take now (claim a Connect-3 or Connect-4 first)"
    if isinstance(action, Write):
        return _explain_write(state, action, p)
    return _explain_bonus_or_free(state, action, p)


def _dice(state: ConnnectState) -> str:
    return " ".join(map(str, state.dice))


def _must_write(state: ConnnectState, p: int) -> str:
    numbers = " and ".join(map(str, state.pending[p]))
    return f"you must first write {numbers}"


def _explain_task(state: ConnnectState, action: ConnnectAction, p: int) -> str:
    task = state.task[p]
    assert task is not None
    if task.kind == "take":
        if isinstance(action, Take):
            return f"bonus space {action.slot} is not free (or cannot be used now)"
        return "first circle a bonus of the section you earned: 'take SLOT'"
    if task.kind == "place":
        if isinstance(action, Write) and action.value == task.value:
            return f"{geo.cell_name(action.cell)} is not empty"
        return f"first write {task.value} in any empty space: 'write {task.value} SPACE'"
    if isinstance(action, Write):
        return f"{geo.cell_name(action.cell)} is not an empty space of your zone {state.zone[p]}"
    return f"first write {task.value} number(s) of your choice in your zone {state.zone[p]}"


def _explain_write(state: ConnnectState, action: Write, p: int) -> str:
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


def _explain_claim(state: ConnnectState, action: Claim, p: int) -> str | None:
    if state.phase != "claim":
        return "Connects are claimed in the Claim Phase"
    sheet, comps = state.sheets[p], state.comps
    reuse = sheet.unused(comps, "reuse") is not None
    shapes = claim_shapes(state, p)
    return cl.explain(action, sheet, comps, state.cfg.claims, shapes, reuse)


def _explain_bonus_or_free(state: ConnnectState, action: ConnnectAction, p: int) -> str | None:
    sheet, comps = state.sheets[p], state.comps
    free = isinstance(action, Change | Skip)
    if free and state.phase != "fill":
        return "Free Actions are played in the Fill Phase"
    if free and sheet.free_actions >= comps.free_actions:
        return f"all {comps.free_actions} Free Actions are used"
    if isinstance(action, Change | Skip | Switch | AdjustDie):
        value = action.old if isinstance(action, Change) else action.value
        if value not in state.pending[p]:
            return f"you have no Number Die {value} to write"
    if isinstance(action, Change) and not state.zone_space(p):
        return "your zone is full: use 'skip' to drop the number"
    if isinstance(action, Skip):
        return "you may skip a number only when every space of your zone is occupied"
    kind = {Switch: "switch", AdjustDie: "adjust", AdjustCell: "adjust", Move: "move"}.get(
        type(action)
    )
    if kind is not None and sheet.unused(comps, kind) is None:
        return f"you have no unused {kind} bonus"
    if isinstance(action, AdjustCell | Move):
        cell = geo.cell_name(action.cell)
        if not sheet.available >> action.cell & 1:
            return f"{cell} holds no unclaimed number (claimed or crossed numbers stay)"
    return None
