"""CO'NNN'ECT's structured events: what an action does, and why one is refused.

Keys are ``connnect.<what>``; :data:`ENGLISH` holds their English templates (the Game's
``event_templates``), the browser translates them from ``i18n/connnect.<lang>.json`` under
``event.<what>``. Parameters: ``seat``/``seats`` are 0-based seats; ``cell``/``cells`` are
spaces in notation (``"b2"``); ``number``, ``old``, ``zone``, ``die``, ``slot``, ``size`` are
integers; ``dice``, ``numbers`` and ``pending`` are lists of numbers 1..6; ``delta`` is a signed
step (``"+1"``); ``shape`` a sheet shape id (``"L4"``), ``card`` a Connect-5 card letter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from connect_arena.core.events import Event, ParamValue
from connect_arena.core.game import CHANCE
from connect_arena.games.connnect import sheet as geo
from connect_arena.games.connnect.notation import (
    AdjustCell,
    AdjustDie,
    Change,
    ChooseZone,
    Claim,
    ConnnectAction,
    DealCards,
    DealObjectives,
    FirstPlayer,
    Move,
    Roll,
    Skip,
    Switch,
    Take,
    Write,
)

if TYPE_CHECKING:
    from connect_arena.games.connnect.rules import ConnnectState

ENGLISH: dict[str, str] = {
    # ----- what an action does -----
    "connnect.objectives": "objective cards revealed: {cards}",
    "connnect.cards": "Connect-5 cards dealt face up: {cards}",
    "connnect.first": "{seat} is the first player",
    "connnect.setup_roll": "setup numbers rolled: {dice}",
    "connnect.setup_roll_for": "setup numbers rolled for {seat}: {dice}",
    "connnect.roll": "dice rolled: {dice}",
    "connnect.zone": "{seat} chooses the Zone Die {zone}",
    "connnect.write": "{seat} writes {number} in {cell}",
    "connnect.change": "{seat} uses a Free Action: {number} instead of {old}",
    "connnect.skip": "{seat} uses a Free Action: drops {number} (zone full)",
    "connnect.switch": "{seat} switches: zone {zone}",
    "connnect.adjust_cell": "{seat} adjusts {cell} by {delta}",
    "connnect.adjust_die": "{seat} adjusts the Number Die {number} by {delta}",
    "connnect.move": "{seat} crosses out {cell} to move its number",
    "connnect.claim": "{seat} claims a Connect-{size} {shape} on {cells}",
    "connnect.claim_reuse": "{seat} claims a Connect-{size} {shape} on {cells}, with a Reuse bonus",
    "connnect.claim_card": "{seat} claims card {card} on {cells}",
    "connnect.claim_card_reuse": "{seat} claims card {card} on {cells}, with a Reuse bonus",
    "connnect.take": "{seat} circles bonus space {slot} of the Connect-{size} section",
    "connnect.done": "{seat} is done",
    # ----- why the game ended and who won (result_events) -----
    "connnect.end_rounds": "the game ended after the {rounds} rounds",
    "connnect.end_all_out": "the game ended in round {round}: every player went out",
    "connnect.win_score": "{seats} won with the most points ({points})",
    "connnect.win_shared": "{seats} share the victory with {points} {points|point|points}",
    "connnect.win_tiebreak": (
        "{seats} won the tie at {points} {points|point|points} with the fewest minus points "
        "({penalty})"
    ),
    "connnect.win_nobody": "nobody wins: a player who goes out of the game cannot win",
    "connnect.win_out": (
        "{seats} won with {points} {points|point|points}: {out_seats} scored as much or more "
        "but went out of the game, and a player who goes out cannot win"
    ),
    "connnect.solo_score": "final score: {points}",
    # ----- why an action is refused -----
    "connnect.not_legal": "{action} is not legal now",
    "connnect.out": "{seat} is out of the game since round {round}",
    "connnect.done_setup_write": "{seat} is done with this setup writing; waiting for {seats}",
    "connnect.done_fill": "{seat} is done with this Fill Phase; waiting for {seats}",
    "connnect.done_claim": "{seat} is done with this Claim Phase; waiting for {seats}",
    "connnect.no_die": "no die shows {die} (dice: {dice})",
    "connnect.zone_first": "choose the Zone Die first (dice: {dice}), e.g. 'zone {die}'",
    "connnect.zone_not_yours": "the Zone Die is chosen by the active player in the Roll Phase",
    "connnect.must_write": "you must first write {pending}",
    "connnect.no_take": "there is no bonus to take now (claim a Connect-3 or Connect-4 first)",
    "connnect.slot_not_free": "bonus space {slot} is not free (or cannot be used now)",
    "connnect.take_first": "first circle a bonus of the section you earned: 'take SLOT'",
    "connnect.moved_elsewhere": "the moved number goes to another space than the one it left",
    "connnect.not_empty": "{cell} is not empty",
    "connnect.place_first": "first write {number} in any empty space: 'write {number} SPACE'",
    "connnect.not_zone_space": "{cell} is not an empty space of your zone {zone}",
    "connnect.write_any_first": (
        "first write {number} {number|number|numbers} of your choice in your zone {zone}"
    ),
    "connnect.write_in_fill": "numbers are written in the Fill Phase (or by a bonus)",
    "connnect.no_number": "you have no {number} to write (you have {pending})",
    "connnect.no_number_left": "you have no {number} to write (you have nothing)",
    "connnect.occupied": "{cell} already holds a number ('Each space can contain only one number')",
    "connnect.not_setup_space": "{cell} is not a free setup space for this roll",
    "connnect.not_in_zone_columns": "{cell} is not in your zone {zone} (columns {lines})",
    "connnect.not_in_zone_rows": "{cell} is not in your zone {zone} (rows {lines})",
    "connnect.claim_phase": "Connects are claimed in the Claim Phase",
    "connnect.free_in_fill": "Free Actions are played in the Fill Phase",
    "connnect.free_used_up": "all {number} Free Actions are used",
    "connnect.no_number_die": "you have no Number Die {number} to write",
    "connnect.change_nothing": "changing {old} into {number} changes nothing",
    "connnect.zone_full_skip": "your zone is full: use 'skip' to drop the number",
    "connnect.skip_when_full": (
        "you may skip a number only when every space of your zone is occupied"
    ),
    "connnect.bonus_phases": "bonuses are used in the Fill Phase and the Claim Phase",
    "connnect.no_move_bonus": "you have no unused move bonus",
    "connnect.no_number_to_move": "{cell} holds no unclaimed number to move",
    "connnect.no_space_to_move": "there is no empty space to write the moved number in",
    "connnect.no_adjust_bonus": "you have no unused adjust bonus",
    "connnect.adjust_split": "adjust=split: one step of +1 or -1 at a time (two per bonus)",
    "connnect.adjust_dice_only": (
        "adjust=dice: the Adjust bonus changes only a Number Die still to write"
    ),
    "connnect.no_number_to_adjust": (
        "{cell} holds no unclaimed number (claimed or crossed numbers stay)"
    ),
    "connnect.no_switch_bonus": "you have no unused switch bonus",
    "connnect.already_zone": "{zone} is already your zone",
    "connnect.no_number_die_shows": (
        "no Number Die shows {number} (your Number Dice show {dice}); a Free Action or an "
        "Adjust changes the number you write, not the die"
    ),
    "connnect.switch_after_write": (
        "you have written (or dropped) a number: both numbers of a round go in one zone"
    ),
    "connnect.switch_in_claim": (
        "in the Claim Phase a Switch changes only the zone of a 'write any 2 numbers' bonus: "
        "use it right after taking that bonus"
    ),
    "connnect.switch_write2_started": (
        "one number of the 'write any 2 numbers' bonus is written: the other goes there too"
    ),
    "connnect.zone_no_space": "zone {zone} has no empty space",
    "connnect.not_shape": "{cells} do not form shape {shape} (rotations and mirrors allowed)",
    "connnect.no_number_in": "{cell} holds no number",
    "connnect.crossed": "{cell} is crossed out",
    "connnect.claimed_many": "{cells} are already claimed (a Reuse bonus allows only one)",
    "connnect.claimed_add_reuse": "{cell} is already claimed: add 'reuse' to spend a Reuse bonus",
    "connnect.reuse_needless": "no number of this claim is claimed yet: leave out 'reuse'",
    "connnect.no_reuse_bonus": "you have no unused Reuse bonus",
    "connnect.not_ordered_consecutive": (
        "the numbers {numbers} are neither all the same nor in ascending or descending order "
        "along adjacent spaces (each next number one higher)"
    ),
    "connnect.not_ordered_monotone": (
        "the numbers {numbers} are neither all the same nor in ascending or descending order "
        "along adjacent spaces (each next number higher)"
    ),
    "connnect.not_ordered_cyclic": (
        "the numbers {numbers} are neither all the same nor in ascending or descending order "
        "along adjacent spaces (each next number one higher, 6 then 1)"
    ),
    "connnect.not_ordered_pairs": (
        "the numbers {numbers} are neither all the same nor in ascending or descending order "
        "along adjacent spaces (every two adjacent spaces neighbours in the order)"
    ),
    "connnect.boxes_full": "all your Connect-5 boxes are used",
    "connnect.card_unavailable": (
        "card {card} is not face up, or you already claimed it in this phase"
    ),
    "connnect.shape_not_on_sheet": "{shape} is not on the sheet (connect4_shapes=path)",
    "connnect.repeat_forbidden": (
        "you already have a marker filled for {shape} (repeat_connect4=forbidden)"
    ),
    "connnect.section_full": ("your Connect-{size} bonus section is full"),
}
"""English templates of every ``connnect.*`` event (``str.format`` fields are parameters)."""


def ev(what: str, **params: ParamValue) -> Event:
    """The event ``connnect.<what>`` with ``params`` (``what`` must have a template)."""
    key = f"connnect.{what}"
    assert key in ENGLISH, key
    return Event.of(key, **params)


def describe(state: ConnnectState, action: ConnnectAction, player: int) -> Event:
    """What ``action`` by ``player`` (a seat, or ``CHANCE``) does from ``state``; call it
    before applying the action (a setup roll names the seat it is for)."""
    if player == CHANCE:
        return _chance(state, action)
    seat = player
    if isinstance(action, ChooseZone):
        return ev("zone", seat=seat, zone=action.die)
    if isinstance(action, Write):
        return ev("write", seat=seat, number=action.value, cell=geo.cell_name(action.cell))
    if isinstance(action, Change):
        return ev("change", seat=seat, old=action.old, number=action.new)
    if isinstance(action, Skip):
        return ev("skip", seat=seat, number=action.value)
    if isinstance(action, Switch):
        return ev("switch", seat=seat, zone=action.value)
    if isinstance(action, AdjustCell):
        return ev("adjust_cell", seat=seat, cell=geo.cell_name(action.cell), delta=_signed(action))
    if isinstance(action, AdjustDie):
        return ev("adjust_die", seat=seat, number=action.value, delta=_signed(action))
    if isinstance(action, Move):
        return ev("move", seat=seat, cell=geo.cell_name(action.cell))
    if isinstance(action, Claim):
        return _claim(state, action, seat)
    if isinstance(action, Take):
        task = state.task[seat]
        section = task.value if task is not None and task.kind == "take" else 0
        return ev("take", seat=seat, slot=action.slot, size=section + 3)
    return ev("done", seat=seat)


def _chance(state: ConnnectState, action: ConnnectAction) -> Event:
    if isinstance(action, DealObjectives):
        return ev("objectives", cards=list(action.ids))
    if isinstance(action, DealCards):
        return ev("cards", cards=list(action.letters))
    if isinstance(action, FirstPlayer):
        return ev("first", seat=action.seat)
    assert isinstance(action, Roll)
    dice = list(action.dice)
    if state.phase == "setup_roll":
        seat = state.roll_queue[0] if state.roll_queue else -1
        if seat >= 0:
            return ev("setup_roll_for", seat=seat, dice=dice)
        return ev("setup_roll", dice=dice)
    return ev("roll", dice=dice)


def _claim(state: ConnnectState, action: Claim, seat: int) -> Event:
    cells = [geo.cell_name(cell) for cell in action.cells]
    suffix = "_reuse" if action.reuse else ""
    if any(card.id == action.shape for card in state.comps.cards):
        return ev("claim_card" + suffix, seat=seat, card=action.shape, cells=cells)
    return ev("claim" + suffix, seat=seat, size=len(cells), shape=action.shape, cells=cells)


def _signed(action: AdjustCell | AdjustDie) -> str:
    return f"{action.delta:+d}"


def result_events(state: ConnnectState) -> list[Event]:
    """Why the game ended and why its winners won, once it is over (else ``[]``): the end
    (``end_rounds`` after the last round, ``end_all_out`` when nobody is left, CN-21), then the
    victory (CN-35: most points, then fewest minus points, else shared; ``win_nobody``; solo:
    ``solo_score``; ``win_out`` when players out of the game scored at least the winners'
    points: with ``elimination=out`` they cannot win, CN-21)."""
    if state.phase != "over":
        return []
    if state.participants():
        found = [ev("end_rounds", rounds=state.comps.rounds)]
    else:
        found = [ev("end_all_out", round=state.round)]
    scores = state.scores()
    if state.num_players == 1:
        return [*found, ev("solo_score", points=scores[0].total)]
    best = state.winners()
    if not best:
        return [*found, ev("win_nobody")]
    points, penalty = scores[best[0]].total, scores[best[0]].penalty
    eligible = [not (state.cfg.out_cannot_win and sheet.out) for sheet in state.sheets]
    beaten = [p for p, s in enumerate(scores) if not eligible[p] and s.total >= points]
    if beaten:
        found.append(ev("win_out", seats=best, points=points, out_seats=beaten))
    elif len(best) > 1:
        found.append(ev("win_shared", seats=best, points=points))
    elif any(s.total == points and p not in best and eligible[p] for p, s in enumerate(scores)):
        found.append(ev("win_tiebreak", seats=best, points=points, penalty=penalty))
    else:
        found.append(ev("win_score", seats=best, points=points))
    return found
