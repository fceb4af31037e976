"""Legal decisions of a Connect Pairs turn, by stage (``docs/rules/pairs.md`` §A turn).

Every function reads the state and returns the actions in a deterministic order; none
modifies the state. Quotations are from the rulebook (the Italian rules sheet).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from connect_arena.games.pairs.components import (
    EMPTY,
    NUM_SUBJECTS,
    SLOTS,
    ZONE_SIZE,
    distinct,
    double_faces,
    pair_of,
    partner,
    triple_subject,
)
from connect_arena.games.pairs.notation import (
    Connect,
    Done,
    Give,
    Keep,
    Move,
    PairsAction,
    Pass,
    Swap,
    Take,
    Top,
)

if TYPE_CHECKING:
    from connect_arena.games.pairs.rules import PairsState

# Every action a turn can offer, built once (actions are immutable and compare by value):
# building the interpreted frozen dataclasses anew at every decision was a sizeable part of
# a playout. Indexed by subject (0-5), zone/face (1-6, index 0 unused) and slot (1-4).
_ZONES = range(7)
_MOVE: list[list[list[Move]]] = [
    [[Move(s, p, q) for q in _ZONES] for p in _ZONES] for s in range(NUM_SUBJECTS)
]
_SWAP: list[list[list[list[Swap]]]] = [
    [[[Swap(a, x, b, y) for y in range(NUM_SUBJECTS)] for b in _ZONES] for x in range(NUM_SUBJECTS)]
    for a in _ZONES
]
_TAKE_TWO: list[list[list[Take]]] = [
    [[Take(s, (p, q)) for q in _ZONES] for p in _ZONES] for s in range(NUM_SUBJECTS)
]
_TAKE_ONE: list[list[Take]] = [[Take(s, (z,)) for z in _ZONES] for s in range(NUM_SUBJECTS)]
_GIVE: list[list[Give]] = [[Give(f, x) for x in range(NUM_SUBJECTS)] for f in _ZONES]
_GIVE_FOR: list[list[list[Give]]] = [
    [[Give(f, x, y) for y in range(NUM_SUBJECTS)] for x in range(NUM_SUBJECTS)] for f in _ZONES
]
_TOP: list[list[Top]] = [[Top(f, k) for k in range(5)] for f in _ZONES]
_KEEP: list[Keep] = [Keep(f) for f in _ZONES]
_CONNECT = Connect()
_DONE = Done()
_PASS = Pass()


def choose_actions(state: PairsState, seat: int) -> list[PairsAction]:
    """The choices after the roll: DOUBLE effects, or MOVE / TAKE / CONNECT.

    Args:
        state: a state whose dice are rolled (``state.dice`` is set).
        seat: the seat whose turn it is.

    Returns:
        The legal actions; empty for a TRIPLE or a DOUBLE that can do nothing.
    """
    dice = state.dice
    assert dice is not None
    if dice[0] == dice[2]:
        return []
    if dice[0] == dice[1] or dice[1] == dice[2]:
        return double_actions(state, seat)
    return [*move_actions(state, seat), *take_actions(state, seat), _CONNECT]


def double_actions(state: PairsState, seat: int) -> list[PairsAction]:
    """DOUBLE ``(d, d, e)``: "scambia ... un gettone della zona identificata dai due valori
    uguali con un altro gettone (purché di soggetto differente) presente nella zona
    identificata dal terzo dado" (PG-8, PG-10); with one zone empty, "cambierà la posizione
    di un solo gettone" (PG-9); otherwise nothing.
    """
    assert state.dice is not None
    cfg = state.cfg
    d, e = double_faces(state.dice)
    zones = state.zones[seat]
    zone_d, zone_e = zones[d - 1], zones[e - 1]
    actions: list[PairsAction] = []
    if zone_d and zone_e:
        low, high = min(d, e), max(d, e)
        actions = [
            _SWAP[low][x][high][y]
            for x in distinct(zones[low - 1])
            for y in distinct(zones[high - 1])
            if x != y
        ]
        if actions and cfg.double_swap_optional:
            actions.append(_PASS)
        return actions
    if not zone_d and not zone_e:
        return []
    if cfg.double_empty == "forward" and not zone_d:
        return []
    source, target = (d, e) if zone_d else (e, d)
    actions = [_MOVE[x][source][target] for x in distinct(zones[source - 1])]
    if cfg.double_empty == "optional":
        actions.append(_PASS)
    return actions


def move_actions(state: PairsState, seat: int) -> list[PairsAction]:
    """Option A MOVE for all-different dice: a token of subject ``key(s)`` from zone ``p`` to a
    free space of zone ``q``, for every assignment of the dice to ``(s, p, q)`` (PG-11)."""
    assert state.dice is not None
    key = state.keys[pair_of(seat)]
    assert key is not None
    zones = state.zones[seat]
    a, b, c = state.dice
    actions: list[PairsAction] = []
    for s, p, q in ((a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)):
        subject = key[s - 1]
        if subject in zones[p - 1] and len(zones[q - 1]) < ZONE_SIZE:
            actions.append(_MOVE[subject][p][q])
    return actions


def take_actions(state: PairsState, seat: int) -> list[PairsAction]:
    """Option B TAKE: two tokens of ``key(s)`` from the supply into zones ``p`` and ``q`` "solo
    se ci sono ancora spazi disponibili per entrambi" (PG-12, PG-13)."""
    assert state.dice is not None
    pair = pair_of(seat)
    key = state.keys[pair]
    assert key is not None
    zones = state.zones[seat]
    supply = state.supply[pair]
    a, b, c = state.dice
    actions: list[PairsAction] = []
    for s, p, q in ((a, b, c), (b, a, c), (c, a, b)):
        subject = key[s - 1]
        left = supply[subject]
        if not left:
            continue
        # (no list of the zones with room: two tests, in the order p then q)
        free_p, free_q = len(zones[p - 1]) < ZONE_SIZE, len(zones[q - 1]) < ZONE_SIZE
        if left >= 2:
            if free_p and free_q:
                actions.append(_TAKE_TWO[subject][p][q])
        elif state.cfg.take_partial:  # one token left
            if free_p:
                actions.append(_TAKE_ONE[subject][p])
            if free_q:
                actions.append(_TAKE_ONE[subject][q])
    return actions


def connect_actions(state: PairsState, seat: int) -> list[PairsAction]:
    """The active player's next step in a connection: a swap for a die value not used yet
    whose zones share a subject ("è presente almeno un gettone identico"), giving a token of
    a subject the partner can answer with a different one; or ``done`` (PG-14, PG-15)."""
    mine, theirs = state.zones[seat], state.zones[partner(seat)]
    actions: list[PairsAction] = []
    for face in state.conn_left:
        own, other = distinct(mine[face - 1]), distinct(theirs[face - 1])
        if not any(x in other for x in own):
            continue
        for x in own:
            answers = [y for y in other if y != x]
            if state.cfg.active_chooses:
                actions += [_GIVE_FOR[face][x][y] for y in answers]
            elif answers:
                actions.append(_GIVE[face][x])
    if not actions or not state.cfg.connect_mandatory:
        actions.append(_DONE)
    return actions


def reply_actions(state: PairsState, seat: int) -> list[PairsAction]:
    """The partner's answer to an offered token: any token of his zone of another subject
    ("purché raffigurino un soggetto diverso tra loro")."""
    assert state.offer is not None
    face, given = state.offer
    zone = state.zones[seat][face - 1]
    return [_GIVE[face][y] for y in distinct(zone) if y != given]


def event_options(state: PairsState, seat: int, face: int) -> list[PairsAction]:
    """What the three-of-a-subject event of zone ``face`` on ``seat``'s board can do now.

    "bisogna spostarne uno in uno degli appositi spazi ancora liberi in alto ... purché non
    si tratti di un soggetto ripetuto (in quel caso non si farà nulla) cercando, se
    possibile, di fare combaciare la posizione con uno uguale ... già posizionato dal
    partner ... qualora tutti e 4 gli spazi presenti risultassero già occupati, di doverne
    però sostituire a propria scelta uno già presente".

    Returns:
        ``Top`` actions for the allowed slots (PG-18 matching; PG-19, PG-20 for a full row),
        plus ``Keep`` when a replacement may be declined; empty when the event does nothing.
    """
    subject = triple_subject(state.zones[seat][face - 1])
    if subject is None:
        return []
    top = state.tops[seat]
    free = [k for k in SLOTS if top[k - 1] == EMPTY]
    cfg = state.cfg
    if free:
        if subject in top:
            return []
        if cfg.matching_mandatory:
            mate = state.tops[partner(seat)]
            matching = [k for k in free if mate[k - 1] == subject]
            free = matching or free
        return [_TOP[face][k] for k in free]
    if subject in top and not cfg.repeated_replaces:
        return []
    actions: list[PairsAction] = [_TOP[face][k] for k in SLOTS]
    if cfg.replacement_optional:
        actions.append(_KEEP[face])
    return actions


def board_event_actions(state: PairsState, seat: int) -> list[PairsAction] | None:
    """The owner's choices for the pending events of his board, or ``None`` if none of them
    can do anything now (they are then dropped).

    With several events pending the owner chooses the order (our decision): he resolves
    any effective one, or settles a do-nothing one with ``keep`` when the order can matter,
    i.e. when the others could turn it into a replacement if they went first:

    * default (``repeated_subject=replace_if_full``): when they can fill the row
      (``free <= effective``), after which the repeated subject must replace a token;
    * ``repeated_subject=nothing``: a repeated subject never acts on a full row either; only
      a replacement can take the subject out of the row and make its event act, so ``keep``
      is offered only when a replacement can come first (``free < effective``: with the at
      most two events that arise at once, a full row).
    """
    options = {face: event_options(state, seat, face) for face in state.pending[seat]}
    effective = sum(1 for actions in options.values() if actions)
    if not effective:
        return None
    free = state.tops[seat].count(EMPTY)
    matters = free <= effective if state.cfg.repeated_replaces else free < effective
    result: list[PairsAction] = []
    for face, actions in options.items():
        if actions:
            result += actions
        elif matters:
            result.append(_KEEP[face])
    return result


def effective_events(state: PairsState, seat: int) -> list[int]:
    """Zones of ``seat``'s board holding three of a subject whose event can act now (the
    ``event_trigger=recheck`` reading of PG-17)."""
    return [face for face in range(1, 7) if event_options(state, seat, face)]


def common_subjects(state: PairsState, seat: int, face: int) -> list[int]:
    """The subjects that zone ``face`` of ``seat`` and of his partner both hold, sorted."""
    mine, theirs = state.zones[seat][face - 1], state.zones[partner(seat)][face - 1]
    return sorted(set(mine) & set(theirs))


def can_swap(state: PairsState, seat: int, face: int) -> bool:
    """Whether a connection can swap in zone ``face``: a subject in common, and a token of
    ``seat`` the partner can answer with one of another subject (PG-14)."""
    own, other = set(state.zones[seat][face - 1]), set(state.zones[partner(seat)][face - 1])
    return bool(own & other) and any(other - {given} for given in own)
