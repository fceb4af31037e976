"""Why an action is illegal, as an event a player understands (``events.py`` has the English).

:func:`explain` is called only for an action that is not among the legal ones; it names the
first rule the action breaks. Quotations are from the rulebook (the Italian rules sheet).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from connect_arena.core.events import Event
from connect_arena.games.pairs import legal
from connect_arena.games.pairs.components import (
    EMPTY,
    PAIR_NAMES,
    ZONE_SIZE,
    double_faces,
    letter,
    pair_of,
    partner,
    roll_kind,
    triple_subject,
)
from connect_arena.games.pairs.notation import (
    Done,
    FirstPlayer,
    Give,
    Keep,
    KeyChoice,
    Move,
    PairsAction,
    Pass,
    Roll,
    Swap,
    Take,
    Top,
)

if TYPE_CHECKING:
    from connect_arena.games.pairs.rules import PairsState


def explain(state: PairsState, action: PairsAction, seat: int) -> Event | None:
    """The reason ``action`` is illegal for ``seat`` now (``None``: no specific reason)."""
    if isinstance(action, Roll | FirstPlayer):
        return Event.of("pairs.chance_decides", action=str(action))
    if state.stage == "key":
        return Event.of("pairs.set_key_first")
    if isinstance(action, KeyChoice):
        return Event.of("pairs.keys_at_start")
    if any(state.pending):
        return _event(state, action, seat)
    if isinstance(action, Top | Keep):
        return Event.of("pairs.no_event", seat=seat)
    if state.stage == "connect":
        return _connect(state, action, seat)
    if state.stage == "reply":
        return _reply(state, action, seat)
    assert state.dice is not None
    if roll_kind(state.dice) == "double":
        return _double(state, action, seat)
    return _different(state, action, seat)


def _missing(state: PairsState, seat: int, face: int, subject: int) -> Event | None:
    """Why a ``subject`` token cannot leave zone ``face`` (``None`` if it can)."""
    if subject in state.zones[seat][face - 1]:
        return None
    return Event.of("pairs.no_token", subject=letter(subject), seat=seat, zone=face)


def _double(state: PairsState, action: PairsAction, seat: int) -> Event | None:
    """DOUBLE ``(d, d, e)``: a swap between zones d and e, or one move into the empty one."""
    assert state.dice is not None
    d, e = double_faces(state.dice)
    zones = state.zones[seat]
    both = bool(zones[d - 1]) and bool(zones[e - 1])
    if isinstance(action, Swap):
        if {action.first_zone, action.second_zone} != {d, e}:
            return Event.of("pairs.double_swaps", d=d, e=e)
        if not both:
            return Event.of("pairs.double_zone_empty", d=d, e=e)
        reason = _missing(state, seat, action.first_zone, action.first_subject)
        reason = reason or _missing(state, seat, action.second_zone, action.second_subject)
        if reason is None and action.first_subject == action.second_subject:
            return Event.of("pairs.swap_same_subject")
        return reason
    if isinstance(action, Move):
        if both:
            return Event.of("pairs.double_must_swap", d=d, e=e)
        if {action.source, action.target} != {d, e} or zones[action.target - 1]:
            return Event.of("pairs.double_into_empty", d=d, e=e)
        if state.cfg.double_empty == "forward" and action.source != d:
            return Event.of("pairs.double_forward", d=d, e=e)
        return _missing(state, seat, action.source, action.subject)
    if isinstance(action, Pass):
        return Event.of("pairs.double_no_skip", d=d, e=e)
    return Event.of("pairs.double_only", d=d, e=e)


def _roles(state: PairsState, seat: int, subject: int) -> tuple[int, list[int]] | Event:
    """For all-different dice: the die value conquering ``subject`` and the two others, or
    why ``subject`` is not conquered by any of the dice."""
    assert state.dice is not None
    key = state.keys[pair_of(seat)]
    assert key is not None
    value = key.index(subject) + 1
    if value not in state.dice:
        a, b, c = state.dice
        return Event.of(
            "pairs.not_rolled", subject=letter(subject), value=value, die1=a, die2=b, die3=c
        )
    return value, [d for d in state.dice if d != value]


def _different(state: PairsState, action: PairsAction, seat: int) -> Event | None:
    """All-different dice: MOVE, TAKE (with their fallbacks) or CONNECT."""
    if isinstance(action, Move):
        return _move(state, action, seat)
    if isinstance(action, Take):
        return _take(state, action, seat)
    if isinstance(action, Swap):
        return Event.of("pairs.swap_needs_double")
    if isinstance(action, Give | Done):
        return Event.of("pairs.connect_first")
    if isinstance(action, Pass):
        return Event.of("pairs.no_skip")
    return None


def _move(state: PairsState, action: Move, seat: int) -> Event | None:
    roles = _roles(state, seat, action.subject)
    if isinstance(roles, Event):
        return roles
    if sorted((action.source, action.target)) != roles[1]:
        a, b = roles[1]
        return Event.of("pairs.move_between", subject=letter(action.subject), zone=a, other_zone=b)
    missing = _missing(state, seat, action.source, action.subject)
    if missing is not None:
        return missing
    if len(state.zones[seat][action.target - 1]) >= ZONE_SIZE:
        return Event.of("pairs.zone_full", seat=seat, zone=action.target)
    return None


def _take(state: PairsState, action: Take, seat: int) -> Event | None:
    roles = _roles(state, seat, action.subject)
    if isinstance(roles, Event):
        return roles
    subject, others = letter(action.subject), roles[1]
    a, b = others
    if len(action.zones) == 2 and list(action.zones) != others:
        return Event.of("pairs.take_each", subject=subject, zone=a, other_zone=b)
    if not set(action.zones) <= set(others):
        return Event.of("pairs.take_zones", subject=subject, zone=a, other_zone=b)
    full = [z for z in action.zones if len(state.zones[seat][z - 1]) >= ZONE_SIZE]
    if full:
        return Event.of("pairs.take_zone_full", seat=seat, zone=full[0])
    return _take_supply(state, action, state.supply[pair_of(seat)][action.subject], others)


def _take_supply(state: PairsState, action: Take, left: int, others: list[int]) -> Event | None:
    """Why the supply (``left`` tokens) does not allow ``action`` (``None`` if it does)."""
    subject = letter(action.subject)
    a, b = others
    if len(action.zones) == 2:
        if left >= 2:
            return None
        if left == 1 and state.cfg.take_partial:
            return Event.of("pairs.take_one_left", subject=subject, zone=a, other_zone=b)
        return Event.of("pairs.supply_short", count=left, subject=subject)
    if left >= 2:
        return Event.of("pairs.take_puts_two", zone=a, other_zone=b)
    if not state.cfg.take_partial:
        return Event.of("pairs.take_needs_two")
    if left == 0:
        return Event.of("pairs.supply_empty", subject=subject)
    return None


def _connect(state: PairsState, action: PairsAction, seat: int) -> Event | None:
    """The active player's step in a connection."""
    cfg = state.cfg
    if isinstance(action, Done):
        return Event.of("pairs.swaps_mandatory")
    if not isinstance(action, Give):
        return Event.of("pairs.connecting")
    mate = partner(seat)
    face, given = action.zone, action.subject
    assert state.dice is not None
    if face not in state.dice:
        return Event.of("pairs.zone_not_rolled", zone=face)
    if face not in state.conn_left:
        return Event.of("pairs.zone_connected", zone=face)
    own, other = set(state.zones[seat][face - 1]), set(state.zones[mate][face - 1])
    if not own & other:
        return Event.of("pairs.no_common", zone=face, seat=seat, partner_seat=mate)
    missing = _missing(state, seat, face, given)
    if missing is not None:
        return missing
    if cfg.active_chooses and action.receive is None:
        return Event.of("pairs.name_received", zone=face, subject=letter(given))
    if not cfg.active_chooses and action.receive is not None:
        return Event.of(
            "pairs.partner_chooses", partner_seat=mate, zone=face, subject=letter(given)
        )
    if action.receive is not None:
        return _answer(state, mate, face, given, action.receive)
    return Event.of("pairs.partner_same", partner_seat=mate, subject=letter(given), zone=face)


def _answer(state: PairsState, seat: int, face: int, given: int, answer: int) -> Event | None:
    """Why ``seat`` cannot give ``answer`` of zone ``face`` in exchange for ``given``."""
    missing = _missing(state, seat, face, answer)
    if missing is not None:
        return missing
    if answer == given:
        return Event.of("pairs.exchange_same_subject")
    return None


def _reply(state: PairsState, action: PairsAction, seat: int) -> Event | None:
    """The partner's answer to the active player's offer."""
    assert state.offer is not None
    face, given = state.offer
    if not isinstance(action, Give):
        return Event.of("pairs.answer_offer", subject=letter(given), zone=face)
    if action.zone != face:
        return Event.of("pairs.swap_in_zone", zone=face)
    if action.receive is not None:
        return Event.of("pairs.only_given", zone=face)
    return _answer(state, seat, face, given, action.subject)


def _event(state: PairsState, action: PairsAction, seat: int) -> Event | None:
    """A pending three-of-a-subject event on ``seat``'s board."""
    if not isinstance(action, Top | Keep):
        return Event.of("pairs.resolve_first", zones=list(state.pending[seat]))
    face = action.zone
    if face not in state.pending[seat]:
        return Event.of("pairs.no_pending", zone=face, seat=seat)
    options = legal.event_options(state, seat, face)
    subject = letter(_event_subject(state, seat, face))
    if not options:
        return _do_nothing(state, action, seat, subject)
    if isinstance(action, Keep):
        return Event.of("pairs.must_top", subject=subject, zone=face)
    top = state.tops[seat]
    if EMPTY in top and top[action.slot - 1] != EMPTY:
        return Event.of("pairs.slot_occupied", slot=action.slot)
    slots = [option.slot for option in options if isinstance(option, Top)]
    return Event.of("pairs.match_partner", partner_seat=partner(seat), subject=subject, slots=slots)


def _event_subject(state: PairsState, seat: int, face: int) -> int:
    subject = triple_subject(state.zones[seat][face - 1])
    assert subject is not None
    return subject


def _do_nothing(state: PairsState, action: Top | Keep, seat: int, subject: str) -> Event:
    """An event that does nothing now ("purché non si tratti di un soggetto ripetuto (in
    quel caso non si farà nulla)"), next to an effective one; ``keep`` is suggested only
    when it is legal (when the order of the events can matter)."""
    face = action.zone
    choices = legal.board_event_actions(state, seat) or []
    if Keep(face) in choices:
        return Event.of("pairs.nothing_keep", subject=subject, zone=face)
    if isinstance(action, Keep):
        others = sorted({a.zone for a in choices if isinstance(a, Top)})
        return Event.of("pairs.nothing_first", zone=face, subject=subject, zones=others)
    moves = [f"'{a}'" for a in choices]
    return Event.of("pairs.nothing_choose", subject=subject, zone=face, choices=moves)


def not_your_turn(state: PairsState, seat: int) -> Event:
    """Why ``seat`` may not act now, naming the seat that must and what it must do (for
    example the partner answering an offer, or resolving an event on his board)."""
    actor = state.current_player
    faces = state.pending[actor] if 0 <= actor < len(state.pending) else []
    if state.stage == "key":
        return Event.of(
            "pairs.wait_key", seat=seat, actor_seat=actor, pair=PAIR_NAMES[pair_of(actor)]
        )
    if faces:
        if len(faces) > 1:
            return Event.of("pairs.wait_events", seat=seat, actor_seat=actor, zones=list(faces))
        subject = letter(_event_subject(state, actor, faces[0]))
        return Event.of(
            "pairs.wait_event", seat=seat, actor_seat=actor, subject=subject, zone=faces[0]
        )
    if state.stage == "reply" and state.offer is not None:
        face, given = state.offer
        return Event.of(
            "pairs.wait_reply", seat=seat, actor_seat=actor, subject=letter(given), zone=face
        )
    return Event.of("pairs.wait_play", seat=seat, actor_seat=actor)


def option_reasons(state: PairsState, seat: int) -> dict[str, list[Event]]:
    """Why MOVE and TAKE are impossible, die by die, for ``seat`` with all-different dice
    (for the page's option cards; CONNECT is always possible, PG-16).

    Returns:
        ``{"move": [...], "take": [...]}``: for each die value (ascending) whose subject has no
        legal MOVE (TAKE), the reason as an event (``pairs.why_*``); empty lists otherwise.
    """
    assert state.dice is not None
    key = state.keys[pair_of(seat)]
    assert key is not None
    movable = {a.subject for a in legal.move_actions(state, seat) if isinstance(a, Move)}
    takable = {a.subject for a in legal.take_actions(state, seat) if isinstance(a, Take)}
    reasons: dict[str, list[Event]] = {"move": [], "take": []}
    for die in state.dice:
        subject = key[die - 1]
        zone, other_zone = (d for d in state.dice if d != die)
        if subject not in movable:
            reasons["move"].append(_why_move(state, seat, die, subject, (zone, other_zone)))
        if subject not in takable:
            reasons["take"] += _why_take(state, seat, die, subject, (zone, other_zone))
    return reasons


def _why_move(
    state: PairsState, seat: int, die: int, subject: int, zones: tuple[int, int]
) -> Event:
    """Why no ``subject`` token (conquered by ``die``) can move between ``zones``."""
    zone, other_zone = zones
    board = state.zones[seat]
    name = letter(subject)
    if subject in board[zone - 1]:
        source, target = zone, other_zone
    elif subject in board[other_zone - 1]:
        source, target = other_zone, zone
    else:
        return Event.of(
            "pairs.why_move_none", die=die, subject=name, zone=zone, other_zone=other_zone
        )
    return Event.of("pairs.why_move_full", die=die, subject=name, source=source, target=target)


def _why_take(
    state: PairsState, seat: int, die: int, subject: int, zones: tuple[int, int]
) -> list[Event]:
    """Why ``subject`` (conquered by ``die``) cannot be taken into ``zones``."""
    left = state.supply[pair_of(seat)][subject]
    name = letter(subject)
    found: list[Event] = []
    if left == 0 or (left == 1 and not state.cfg.take_partial):
        found.append(Event.of("pairs.why_take_supply", die=die, subject=name, count=left))
    full = [z for z in zones if len(state.zones[seat][z - 1]) >= ZONE_SIZE]
    if len(full) == 2:
        found.append(
            Event.of(
                "pairs.why_take_full_both", die=die, subject=name, zone=full[0], other_zone=full[1]
            )
        )
    elif full:
        found.append(Event.of("pairs.why_take_full", die=die, subject=name, zone=full[0]))
    return found or [Event.of("pairs.why_unknown", die=die, subject=name)]
