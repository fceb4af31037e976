"""Legal actions of a CO'NNN'ECT player (why one is not legal: :mod:`.explain`).

Only the owner's sheet and the public state at the start of the phase matter, so in a
simultaneous phase a player's actions do not change while the others act.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from connect_arena.core.events import Event
from connect_arena.games.connnect import claims as cl
from connect_arena.games.connnect import sheet as geo
from connect_arena.games.connnect.components import Shape
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

DELTAS: Final = (-2, -1, 1, 2)
"""Adjust bonus: "Plus or minus a number by 1 up to 2 times" (CN-16)."""
WRITES: Final = tuple(tuple(Write(v, c) for c in range(geo.CELLS)) for v in range(geo.FACES + 1))
"""``WRITES[v][c]``: the action ``Write(v, c)``, built once (writes are most actions)."""
CHANGES: Final = tuple(
    tuple([Change(v, w) for w in range(1, geo.FACES + 1) if w != v]) for v in range(geo.FACES + 1)
)
"""``CHANGES[v]``: the Free Actions changing ``v`` into each other number, in order."""
ZONES: Final = tuple(ChooseZone(v) for v in range(geo.FACES + 1))
SKIPS: Final = tuple(Skip(v) for v in range(geo.FACES + 1))
SWITCHES: Final = tuple(Switch(v) for v in range(geo.FACES + 1))
ADJUST_DIES: Final = tuple(tuple(AdjustDie(v, d) for d in DELTAS) for v in range(geo.FACES + 1))
ADJUST_CELLS: Final = tuple(tuple(AdjustCell(c, d) for d in DELTAS) for c in range(geo.CELLS))
"""``ADJUST_DIES[v]``, ``ADJUST_CELLS[c]``: the Adjust actions in the order of :data:`DELTAS`,
read by ``[_slot(delta)]`` (tuples: compiled, an item of a ``dict[int, ...]`` was a
dictionary look-up of a boxed int, most of the bonus actions' time)."""
MOVES: Final = tuple(Move(c) for c in range(geo.CELLS))
DONE: Done = Done()  # annotated: mypyc checks flow.py (DONE = legal.DONE) first
"""The other actions but ``Take`` and claims, built once like :data:`WRITES` (``ZONES[v]``,
``SKIPS[v]``, ``SWITCHES[v]``, ``ADJUST_DIES[v][_slot(delta)]``, ``ADJUST_CELLS[c][_slot(delta)]``,
``MOVES[c]``): no allocation per position, and the adapters encode them by identity."""


def _slot(delta: int) -> int:
    """The index of ``delta`` in :data:`DELTAS` (-2, -1, 1, 2)."""
    return delta + 2 if delta < 0 else delta + 1


def generate(state: ConnnectState, p: int) -> list[ConnnectAction]:
    """Every legal action of active seat ``p``, in a fixed order."""
    task = state.task[p]
    if task is not None:
        return _task_actions(state, p)
    phase = state.phase
    if phase == "zone":
        return [ZONES[die] for die in sorted(set(state.dice))]
    if phase == "setup_write":
        spaces = setup_spaces(state, p) & state.empty_cells(p)
        cells = geo.cells_of(spaces)
        return [WRITES[v][c] for v in sorted(set(state.pending[p])) for c in cells]
    if phase == "fill":
        return _fill_actions(state, p)
    return [*claim_list(state, p), *_bonus_actions(state, p), DONE]


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
        targets = state.empty_cells(p) & ~(1 << task.source if task.source >= 0 else 0)
        return [WRITES[task.value][c] for c in geo.cells_of(targets)]
    cells = geo.cells_of(state.zone_space(p))
    writes: list[ConnnectAction] = [WRITES[v][c] for v in range(1, 7) for c in cells]
    return writes + [SWITCHES[v] for v in switchable(state, p)]


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
    cells = geo.cells_of(space)
    actions: list[ConnnectAction] = [WRITES[v][c] for v in numbers for c in cells]
    if sheet.free_actions < comps.free_actions:
        if space:
            for v in numbers:
                actions += CHANGES[v]
        else:
            actions += [SKIPS[v] for v in numbers]
    actions += [SWITCHES[v] for v in switchable(state, p)]
    deltas = adjust_deltas(state, p)
    actions += [ADJUST_DIES[v][_slot(d)] for v in numbers for d in deltas]
    return actions + _bonus_actions(state, p)


def _bonus_actions(state: ConnnectState, p: int) -> list[ConnnectAction]:
    """Adjust (on written numbers) and Move Number, usable in the Fill and Claim Phases."""
    sheet = state.sheets[p]
    cells = geo.cells_of(sheet.available)
    actions: list[ConnnectAction] = []
    deltas = adjust_deltas(state, p) if state.cfg.adjust_cells else ()
    actions += [ADJUST_CELLS[c][_slot(d)] for c in cells for d in deltas]
    if can_move(state, p):
        actions += [MOVES[c] for c in cells]
    return actions


def adjust_deltas(state: ConnnectState, p: int) -> tuple[int, ...]:
    """The changes an Adjust bonus allows ``p`` now: ±1 or ±2 (CN-16 (a)); with
    ``adjust=split`` one step of ±1 at a time, two per bonus (CN-16 (b)); none without an
    Adjust bonus."""
    sheet = state.sheets[p]
    if state.cfg.adjust_split and sheet.adjust_steps:
        return (-1, 1)
    if sheet.unused(state.comps, "adjust") is None:
        return ()
    return (-1, 1) if state.cfg.adjust_split else DELTAS


def can_move(state: ConnnectState, p: int) -> bool:
    """``p`` has a Move Number bonus and an empty space to write the moved number in."""
    return state.sheets[p].unused(state.comps, "move") is not None and bool(state.empty_cells(p))


def switchable(state: ConnnectState, p: int) -> list[int]:
    """Number Dice faces ``p`` may switch with the zone now (see :func:`switch_problem`)."""
    if state.sheets[p].unused(state.comps, "switch") is None:
        return []  # the common case, answered at once
    return [v for v in sorted(set(state.number_dice[p])) if switch_problem(state, p, v) is None]


def switch_problem(state: ConnnectState, p: int, value: int) -> Event | None:
    """Why ``p`` may not use a Switch bonus on the Number Die showing ``value`` now, or
    ``None`` if he may.

    "Switch the Zone Die with 1 Number Die. The number on that Number Die becomes zone and vice
    versa": the die as rolled (a Free Action or an Adjust changes the number a player writes,
    not the die). In the Fill Phase only before a number of the round is written or dropped
    ("write each number ... in the selected zone": both in one zone). In the Claim Phase the
    zone matters only to a "write any 2 numbers" bonus ("write the number in the new zone"),
    so a Switch is offered while that bonus is being used, before its first number (earlier
    in the phase it would have the same effect, so it is not offered twice).
    """
    sheet, task = state.sheets[p], state.task[p]
    if state.phase not in ("fill", "claim"):
        return ev("bonus_phases")
    if sheet.unused(state.comps, "switch") is None:
        return ev("no_switch_bonus")
    if value == state.zone[p]:
        return ev("already_zone", zone=value)
    dice = state.number_dice[p]
    if value not in dice:
        return ev("no_number_die_shows", number=value, dice=list(dice))
    if state.phase == "fill":
        if len(state.pending[p]) < len(dice):
            return ev("switch_after_write")
        return None
    if task is None or task.kind != "zone":
        return ev("switch_in_claim")
    return _write2_switch_problem(state, p, value, task.value)


def _write2_switch_problem(state: ConnnectState, p: int, value: int, left: int) -> Event | None:
    if left < 2:
        return ev("switch_write2_started")
    if not state.comps.zones[value - 1].mask & state.empty_cells(p):
        return ev("zone_no_space", zone=value)
    return None


def claim_shapes(state: ConnnectState, p: int) -> list[Shape]:
    """Shapes ``p`` may claim in this Claim Phase."""
    return cl.claimable_shapes(
        state.sheets[p], state.comps, state.cfg.claims, state.face_up, state.cards_now[p]
    )


def claim_list(state: ConnnectState, p: int, first: bool = False) -> list[Claim]:
    """Every valid claim of ``p`` now (``first``: at most one, whether there is any)."""
    reuse = state.sheets[p].unused(state.comps, "reuse") is not None
    shapes = claim_shapes(state, p)
    return cl.legal_claims(state.sheets[p], shapes, state.cfg.claims, reuse, first)


def only_done(state: ConnnectState, p: int) -> bool:
    """Whether ``done`` is the only legal action of ``p`` (no task) in the Claim Phase: no
    claim and no bonus to use. Decided without listing every claim (a search's prior applies
    each action of a node to a copy it then drops; the full lists were about a sixth of a
    search's time, perf)."""
    listed = state.cache[p]
    if listed is not None:
        return listed == [DONE]
    return not _bonus_actions(state, p) and not claim_list(state, p, first=True)


def stuck(state: ConnnectState, p: int) -> bool:
    """``p`` must write a Number Die but "cannot play on" (CN-21): his zone has no empty space,
    all Free Actions are used, no Switch leads to a zone with an empty space, and no Move
    Number frees a space of his zone (only with ``move_source=empty``; a crossed-out source
    stays occupied). An Adjust never helps: it changes a number, not a die, so it cannot
    change where a Switch leads (finding 3); nor does a Move's new number (it is written
    anywhere, the Number Die still has to go in the zone)."""
    sheet, comps = state.sheets[p], state.comps
    if state.zone_space(p) or sheet.free_actions < comps.free_actions:
        return False
    empty = state.empty_cells(p)
    if any(comps.zones[v - 1].mask & empty for v in switchable(state, p)):
        return False
    zone = comps.zones[state.zone[p] - 1].mask
    frees = state.cfg.move_source_empty and can_move(state, p) and bool(sheet.available & zone)
    return not frees
