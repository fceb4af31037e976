"""The effects of the bonuses a player uses: Switch, Adjust, Move Number, and circling a bonus
(with the ⚡ bonuses that "MUST be used immediately after it is claimed").

"When a claimed bonus is used, cross it out and apply its effect. ... All bonuses only apply to
the player who uses them." [EN] Legality is checked before (:mod:`.legal`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

from connect_arena.games.connnect import legal
from connect_arena.games.connnect import sheet as geo

if TYPE_CHECKING:
    from connect_arena.games.connnect.rules import ConnnectState


@dataclass(frozen=True, slots=True)
class Task:
    """What a player must do next before anything else.

    ``kind`` is ``"take"`` (circle a bonus of section ``value``), ``"place"`` (write the number
    ``value`` anywhere: Move Number target or a ⚡ write-a-number bonus) or ``"zone"`` (write
    ``value`` more numbers of your choice in your active zone: the ⚡ write-2 bonus).
    ``source``: the space a Move Number took its number from (``-1`` if none); the number
    goes elsewhere.
    """

    kind: str
    value: int
    source: int = -1

    def __reduce__(self) -> tuple[object, ...]:
        # field by field: the compiled (mypyc) frozen class cannot be unpickled by setattr
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))


def switch(state: ConnnectState, p: int, value: int) -> None:
    """ "Switch the Zone Die with 1 Number Die. The number on that Number Die becomes zone and
    vice versa": ``p``'s zone becomes ``value`` (the face of one of his Number Dice) and that
    die's number to write becomes the old zone (Fill Phase; in the Claim Phase only the zone
    changes, for a write-2 bonus)."""
    state.sheets[p].spend(state.comps, "switch")
    dice = state.number_dice[p]
    index = dice.index(value)
    old = state.zone[p]
    dice[index] = old
    state.zone[p] = value
    if state.phase == "fill":
        state.pending[p][index] = old  # both numbers still to write (legal.switch_problem)


def spend_adjust(state: ConnnectState, p: int) -> None:
    """Cross out an Adjust bonus; with ``adjust=split`` a bonus gives two ±1 steps (CN-16 (b)),
    so the second step uses no new bonus."""
    sheet = state.sheets[p]
    if state.cfg.adjust_split and sheet.adjust_steps:
        sheet.adjust_steps -= 1
        return
    sheet.spend(state.comps, "adjust")
    if state.cfg.adjust_split:
        sheet.adjust_steps = 1


def adjust_die(state: ConnnectState, p: int, value: int, delta: int) -> None:
    """Adjust the number ``p`` writes for a Number Die (not the die itself)."""
    spend_adjust(state, p)
    pending = state.pending[p]
    pending[pending.index(value)] = cyclic(value + delta)


def adjust_cell(state: ConnnectState, p: int, cell: int, delta: int) -> None:
    """Adjust an unclaimed written number."""
    spend_adjust(state, p)
    values = state.sheets[p].values
    values[cell] = cyclic(values[cell] + delta)


def move(state: ConnnectState, p: int, cell: int) -> None:
    """ "Cross out a number that has not been claimed yet, and write that number in anywhere
    in the play area": the source is crossed out for good, or emptied with
    ``move_source=empty`` (CN-17); the ``write`` to another empty space follows."""
    sheet = state.sheets[p]
    sheet.spend(state.comps, "move")
    value = sheet.values[cell]
    if state.cfg.move_source_empty:
        sheet.erase(cell)
    else:
        sheet.cross(cell)
    state.task[p] = Task("place", value, cell)


def take(state: ConnnectState, p: int, slot: int) -> None:
    """Circle bonus ``slot`` of the section the last claim earned; a ⚡ bonus is used at once
    ("MUST be used immediately"): its numbers are lost when they find no space (CN-25)."""
    task = state.task[p]
    assert task is not None and task.kind == "take"
    sheet = state.sheets[p]
    bonus = state.comps.sections[task.value][slot]
    sheet.circle(bonus, task.value, slot)
    state.task[p] = None
    if not bonus.lightning:
        return
    sheet.used[task.value][slot] = True
    if bonus.kind == "write" and state.empty_cells(p):
        state.task[p] = Task("place", bonus.value)
    elif bonus.kind == "write2":
        state.task[p] = Task("zone", 2)
        if not state.zone_space(p) and not legal.switchable(state, p):
            state.task[p] = None  # no space in the zone, and no Switch leads to one


def cyclic(value: int) -> int:
    """``value`` brought into 1..6 cyclically: "1 minus 1 is 6; and 6 plus 1 is 1"."""
    return (value - 1) % geo.FACES + 1
