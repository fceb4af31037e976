"""Connect Pairs events: what happened, what an action does, and why one is refused.

Every event is a key ``pairs.<what>`` with parameters (:class:`~connect_arena.core.events.Event`).
The engine keeps the last ones as its log (``state.log``), describes an action before it is
applied with the same key as the log line it will write (``describe_action``), and explains a
refused action with one (``explain.py``). :data:`ENGLISH` holds the English templates
(``PairsGame.event_templates``: the terminal's text and the error messages); the browser
translates the same keys from ``static/i18n/pairs.<lang>.json`` (``event.<what>``).

Parameters: ``seat``, ``partner_seat``, ``actor_seat`` are 0-based seats (shown by their names,
``X1``…); ``pair`` is a pair's name (``"X"``); ``subject``, ``given``, ``taken``, ``old`` are
subject letters ``A``-``F``; ``zone``, ``other_zone``, ``source``, ``target``, ``d``, ``e`` are
zone numbers (die faces 1-6); ``slot`` is a top slot 1-4; ``tokens`` and ``sequence`` are strings
of subject letters; ``zones``, ``slots`` and ``choices`` are lists.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from connect_arena.core.events import Event
from connect_arena.games.pairs.components import (
    EMPTY,
    PAIR_NAMES,
    letter,
    pair_of,
    partner,
    triple_subject,
)
from connect_arena.games.pairs.notation import (
    Connect,
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

ENGLISH: dict[str, str] = {
    # ----- what happened (the log) and what an action does ------------------------------------
    "pairs.begins": "{seat} begins",
    "pairs.key": "pair {pair} sets its key: {mapping}",
    "pairs.rolls": "{seat} rolls {die1} {die2} {die3}",
    "pairs.double_nothing": "DOUBLE {d}-{d}-{e}: no swap or move is possible, nothing happens",
    "pairs.triple": "TRIPLE: {seat} loses zone {zone}: {tokens}",
    "pairs.triple_empty": "TRIPLE: {seat} loses zone {zone}: nothing (it was empty)",
    "pairs.connects": "{seat} connects with {partner_seat}",
    "pairs.done": "{seat} ends the connection",
    "pairs.pass": "{seat} passes",
    "pairs.move": "{seat} moves {subject} from zone {source} to {target}",
    "pairs.take": "{seat} takes {subject} into zones {zone} and {other_zone}",
    "pairs.take_one": "{seat} takes {subject} into zone {zone}",
    "pairs.swap": "{seat} swaps {subject} of zone {zone} with {other_subject} of zone {other_zone}",
    "pairs.offer": "{seat} offers {subject} of zone {zone}",
    "pairs.exchange": (
        "connection in zone {zone}: {seat} gives {given}, {partner_seat} gives {taken}"
    ),
    "pairs.event_nothing": (
        "{seat}: three {subject} in zone {zone}, but {subject} is already in the top row: "
        "nothing happens"
    ),
    "pairs.keep": "{seat} keeps zone {zone} as it is",
    "pairs.top": "{seat}: {subject} from zone {zone} to slot {slot}",
    "pairs.top_replace": (
        "{seat}: {subject} from zone {zone} to slot {slot}, {old} goes back to the supply"
    ),
    "pairs.complete": "pair {pair} completes the sequence {sequence}",
    "pairs.scores": "pair {pair} scores {points}",
    "pairs.round": "round {round}: the pawn moves to {pawn}",
    "pairs.manche_over": "game {manche} is over",
    # ----- why a manche (and the game) ended ----------------------------------------------------
    "pairs.outcome_victory": "a pair completed its sequence",
    "pairs.outcome_all_scored": "every pair has scored",
    "pairs.outcome_pair_won": "a pair completed its sequence this round",
    "pairs.outcome_track_end": "the pawn reached the end of the track",
    "pairs.outcome_round_limit": "the limit of {rounds} rounds was reached",
    # ----- why an action is refused -------------------------------------------------------------
    "pairs.not_an_action": "{action} is not a Connect Pairs action",
    "pairs.not_legal": "{action} is not legal now",
    "pairs.chance_decides": "'{action}' is decided by chance, not chosen by a player",
    "pairs.set_key_first": (
        "first set your pair's key: one subject per die value, e.g. 'key ABCDEF'"
    ),
    "pairs.keys_at_start": "the keys are set at the start of a game",
    "pairs.no_event": "no zone of {seat} has a three-of-a-subject event to resolve",
    "pairs.no_token": "there is no {subject} in {seat}'s zone {zone}",
    "pairs.double_swaps": "the DOUBLE {d}-{d}-{e} swaps a token of zone {d} with one of zone {e}",
    "pairs.double_zone_empty": (
        "the DOUBLE {d}-{d}-{e}: one of the zones is empty, so a token moves instead of a swap"
    ),
    "pairs.double_must_swap": (
        "the DOUBLE {d}-{d}-{e}: zones {d} and {e} both hold tokens, so you must swap"
    ),
    "pairs.double_into_empty": (
        "the DOUBLE {d}-{d}-{e}: one token moves from zone {d} or {e} into the other, empty one"
    ),
    "pairs.double_forward": ("the DOUBLE {d}-{d}-{e}: tokens only move from zone {d} to zone {e}"),
    "pairs.double_no_skip": "the DOUBLE {d}-{d}-{e} must be carried out: a turn cannot be skipped",
    "pairs.double_only": (
        "the DOUBLE {d}-{d}-{e} is played with 'swap' or 'move'; MOVE, TAKE, CONNECT need three "
        "different dice"
    ),
    "pairs.swap_same_subject": (
        "the swapped tokens must be of different subjects ('purché di soggetto differente')"
    ),
    "pairs.not_rolled": (
        "{subject} is conquered by die value {value}, which is not rolled ({die1}-{die2}-{die3})"
    ),
    "pairs.swap_needs_double": (
        "a swap needs a DOUBLE; with three different dice choose MOVE, TAKE or CONNECT"
    ),
    "pairs.connect_first": "first choose 'connect' to start a connection",
    "pairs.no_skip": (
        "a turn cannot be skipped: choose MOVE, TAKE or CONNECT (CONNECT is always possible)"
    ),
    "pairs.move_between": (
        "MOVE of {subject}: the token goes between zones {zone} and {other_zone}"
    ),
    "pairs.zone_full": "{seat}'s zone {zone} is full: there is no empty space",
    "pairs.take_each": (
        "TAKE of {subject} puts one token into each of zones {zone} and {other_zone} "
        "(the other dice)"
    ),
    "pairs.take_zones": "TAKE of {subject} puts the tokens into zones {zone} and {other_zone}",
    "pairs.take_zone_full": (
        "{seat}'s zone {zone} is full: TAKE needs a space for each token; choose another "
        "assignment of the dice"
    ),
    "pairs.take_one_left": (
        "the supply holds one {subject}: write 'take {subject} {zone}' or "
        "'take {subject} {other_zone}'"
    ),
    "pairs.supply_short": "the supply holds {count} {subject}: TAKE needs two tokens",
    "pairs.take_puts_two": "TAKE puts two tokens, into zones {zone} and {other_zone}",
    "pairs.take_needs_two": "TAKE needs two tokens",
    "pairs.supply_empty": "the supply holds no {subject}: there is nothing to take",
    "pairs.swaps_mandatory": ("every possible swap of the connection must be made"),
    "pairs.connecting": "you are connecting: choose a swap ('give 3C') or 'done'",
    "pairs.zone_not_rolled": "zone {zone} is not one of the dice values",
    "pairs.zone_connected": "zone {zone} has already been connected this turn",
    "pairs.no_common": "zone {zone} of {seat} and {partner_seat} share no subject: no swap",
    "pairs.name_received": "say which token you receive too, e.g. 'give {zone}{subject} X'",
    "pairs.partner_chooses": (
        "{partner_seat} chooses the token he gives: write 'give {zone}{subject}'"
    ),
    "pairs.partner_same": "{partner_seat} has only {subject} in zone {zone}: no different subject",
    "pairs.exchange_same_subject": (
        "the swapped tokens must be of different subjects "
        "('purché raffigurino un soggetto diverso tra loro')"
    ),
    "pairs.answer_offer": (
        "answer the offer of {subject} with a token of zone {zone}: 'give {zone}X'"
    ),
    "pairs.swap_in_zone": "the swap is in zone {zone}",
    "pairs.only_given": "write only the token you give, e.g. 'give {zone}X'",
    "pairs.resolve_first": (
        "first resolve the three of a subject in zone {zones}: 'top Z>S' or 'keep Z'"
    ),
    "pairs.no_pending": "zone {zone} of {seat} has no pending three-of-a-subject event",
    "pairs.must_top": "the three {subject} of zone {zone} must move one token to the top row",
    "pairs.slot_occupied": "slot {slot} is occupied: the token goes to a free slot",
    "pairs.match_partner": (
        "{partner_seat} has {subject} in slot {slots}: the token must go there "
        "('cercando, se possibile, di fare combaciare la posizione')"
    ),
    "pairs.nothing_keep": (
        "{subject} is already in the top row: nothing happens now ('keep {zone}')"
    ),
    "pairs.nothing_first": (
        "zone {zone} does nothing whatever the order ({subject} is already in the top row) and "
        "is settled by itself: resolve zone {zones} first"
    ),
    "pairs.nothing_choose": (
        "{subject} is already in the top row: nothing happens in zone {zone} (it is settled by "
        "itself); choose {choices}"
    ),
    # ----- why an option card is greyed out (all-different dice, die by die) -----------------
    "pairs.why_move_none": "die {die} → {subject}: no {subject} in zone {zone} or {other_zone}",
    "pairs.why_move_full": (
        "die {die} → {subject}: it is in zone {source}, but zone {target} is full"
    ),
    "pairs.why_take_supply": (
        "die {die} → {subject}: the supply has {count} {subject}, 2 are needed"
    ),
    "pairs.why_take_full": "die {die} → {subject}: zone {zone} is full",
    "pairs.why_take_full_both": "die {die} → {subject}: zones {zone} and {other_zone} are full",
    "pairs.why_unknown": "die {die} → {subject}: not possible now",
    # ----- who must act instead ---------------------------------------------------------------
    "pairs.wait_key": "it is not {seat}'s turn: {actor_seat} sets pair {pair}'s key",
    "pairs.wait_events": (
        "it is not {seat}'s turn: {actor_seat} must resolve the events of his zones {zones}"
    ),
    "pairs.wait_event": (
        "it is not {seat}'s turn: {actor_seat} must resolve the three {subject} of his zone {zone}"
    ),
    "pairs.wait_reply": (
        "it is not {seat}'s turn: {actor_seat} must answer the offer of {subject} of zone "
        "{zone} with a token of another subject ('give {zone}X')"
    ),
    "pairs.wait_play": "it is not {seat}'s turn: {actor_seat} is to play",
}
"""English templates by key (``str.format`` fields are the parameter names)."""

OUTCOMES = ("victory", "all_scored", "pair_won", "track_end", "round_limit")
"""Why a manche ends (``state.outcome``); the event key is ``pairs.outcome_<outcome>``."""


def pair_name(seat: int) -> str:
    """The name of ``seat``'s pair, e.g. ``"X"``."""
    return PAIR_NAMES[pair_of(seat)]


def key_event(pair: int, subjects: Sequence[int]) -> Event:
    """``pair`` sets its key (``subjects[v - 1]`` is conquered by die value ``v``)."""
    mapping = " ".join(f"{face}→{letter(s)}" for face, s in enumerate(subjects, start=1))
    return Event.of("pairs.key", pair=PAIR_NAMES[pair], mapping=mapping)


_ROLL_EVENTS: dict[int, Event] = {}
"""Roll events by seat and dice (see :func:`roll_event`): an event is immutable, so one
object serves every log that records the same roll."""


def roll_event(seat: int, dice: Sequence[int]) -> Event:
    """``seat`` rolls the (sorted) ``dice`` (shared: one object per seat and roll)."""
    key = ((seat * 8 + dice[0]) * 8 + dice[1]) * 8 + dice[2]
    event = _ROLL_EVENTS.get(key)
    if event is None:
        event = Event.of("pairs.rolls", seat=seat, die1=dice[0], die2=dice[1], die3=dice[2])
        _ROLL_EVENTS[key] = event
    return event


def outcome_event(outcome: str, rounds: int) -> Event:
    """Why the manche ended (``outcome`` one of :data:`OUTCOMES`; ``rounds``: the round limit).

    Raises:
        ValueError: ``outcome`` is not one of :data:`OUTCOMES`.
    """
    if outcome not in OUTCOMES:
        raise ValueError(f"unknown Connect Pairs outcome {outcome!r}")
    if outcome == "round_limit":
        return Event.of("pairs.outcome_round_limit", rounds=rounds)
    return Event.of(f"pairs.outcome_{outcome}")


_SHARED: dict[int, Event] = {}
"""Move, take, swap, exchange, connect, done, pass and offer events by kind and numbers (see
:func:`_shared_key`), one object each, as the roll events: building one with its parameters'
dict was about 3% of a playout (one per action)."""
_MOVE, _TAKE, _SWAP, _EXCHANGE = 1, 2, 3, 4


def _shared_key(kind: int, a: int, b: int, c: int, d: int, e: int) -> int:
    """One int of a kind and five numbers, each below 8 (seats, subjects, zones, 7: none)."""
    return (((((kind * 8 + a) * 8 + b) * 8 + c) * 8 + d) * 8) + e


def move_event(seat: int, subject: int, source: int, target: int) -> Event:
    """``seat`` moves a ``subject`` token from zone ``source`` to zone ``target`` (shared)."""
    key = _shared_key(_MOVE, seat, subject, source, target, 0)
    event = _SHARED.get(key)
    if event is None:
        event = _SHARED[key] = Event.of(
            "pairs.move", seat=seat, subject=letter(subject), source=source, target=target
        )
    return event


def take_event(seat: int, subject: int, zones: Sequence[int]) -> Event:
    """``seat`` takes ``subject`` tokens from the supply into ``zones`` (one or two; shared)."""
    other = zones[1] if len(zones) > 1 else 7
    key = _shared_key(_TAKE, seat, subject, zones[0], other, 0)
    event = _SHARED.get(key)
    if event is not None:
        return event
    if len(zones) == 1:
        event = Event.of("pairs.take_one", seat=seat, subject=letter(subject), zone=zones[0])
    else:
        event = Event.of(
            "pairs.take", seat=seat, subject=letter(subject), zone=zones[0], other_zone=other
        )
    _SHARED[key] = event
    return event


def swap_event(seat: int, swap: Swap) -> Event:
    """``seat`` swaps two tokens of its own board (a DOUBLE; shared)."""
    key = _shared_key(
        _SWAP, seat, swap.first_zone, swap.first_subject, swap.second_zone, swap.second_subject
    )
    event = _SHARED.get(key)
    if event is None:
        event = _SHARED[key] = Event.of(
            "pairs.swap",
            seat=seat,
            subject=letter(swap.first_subject),
            zone=swap.first_zone,
            other_subject=letter(swap.second_subject),
            other_zone=swap.second_zone,
        )
    return event


def exchange_event(active: int, zone: int, given: int, taken: int) -> Event:
    """A connection swap in ``zone``: ``active`` gives ``given``, the partner ``taken``
    (shared)."""
    key = _shared_key(_EXCHANGE, active, zone, given, taken, 0)
    event = _SHARED.get(key)
    if event is None:
        event = _SHARED[key] = Event.of(
            "pairs.exchange",
            zone=zone,
            seat=active,
            given=letter(given),
            partner_seat=partner(active),
            taken=letter(taken),
        )
    return event


_CONNECTS, _DONE, _PASS, _OFFER = 5, 6, 7, 8


def connects_event(seat: int) -> Event:
    """``seat`` connects with its partner (shared)."""
    key = _shared_key(_CONNECTS, seat, 0, 0, 0, 0)
    event = _SHARED.get(key)
    if event is None:
        event = _SHARED[key] = Event.of("pairs.connects", seat=seat, partner_seat=partner(seat))
    return event


def done_event(seat: int, passed: bool) -> Event:
    """``seat`` ends its connection (``done``) or declines a DOUBLE (``pass``; shared)."""
    key = _shared_key(_PASS if passed else _DONE, seat, 0, 0, 0, 0)
    event = _SHARED.get(key)
    if event is None:
        event = _SHARED[key] = Event.of("pairs.pass" if passed else "pairs.done", seat=seat)
    return event


def offer_event(seat: int, subject: int, zone: int) -> Event:
    """``seat`` offers its partner a ``subject`` token of ``zone`` (shared)."""
    key = _shared_key(_OFFER, seat, subject, zone, 0, 0)
    event = _SHARED.get(key)
    if event is None:
        event = _SHARED[key] = Event.of(
            "pairs.offer", seat=seat, subject=letter(subject), zone=zone
        )
    return event


_ROUND_EVENTS: dict[int, Event] = {}
"""Round events by round and pawn value (see :func:`round_event`)."""
_ROUNDS_KEPT = 1024


def round_event(round_number: int, pawn: int) -> Event:
    """Round ``round_number`` begins with the pawn on ``pawn`` (shared for the first
    :data:`_ROUNDS_KEPT` rounds: one a round, a sixth of the end of a round's time)."""
    if round_number >= _ROUNDS_KEPT or not 0 <= pawn < 256:
        return Event.of("pairs.round", round=round_number, pawn=pawn)
    key = round_number * 256 + pawn
    event = _ROUND_EVENTS.get(key)
    if event is None:
        event = _ROUND_EVENTS[key] = Event.of("pairs.round", round=round_number, pawn=pawn)
    return event


def top_event(seat: int, subject: int, zone: int, slot: int, old: int) -> Event:
    """A three-of-a-subject event puts ``subject`` from ``zone`` into top ``slot`` (``old``:
    the subject sent back to the supply, or ``EMPTY``)."""
    if old == EMPTY:
        return Event.of("pairs.top", seat=seat, subject=letter(subject), zone=zone, slot=slot)
    return Event.of(
        "pairs.top_replace",
        seat=seat,
        subject=letter(subject),
        zone=zone,
        slot=slot,
        old=letter(old),
    )


def describe(state: PairsState, action: PairsAction, player: int) -> Event:
    """What ``action`` by ``player`` does from ``state`` (before it is applied): the event of
    the first log line it writes. ``player`` is the seat acting (``CHANCE`` for dice, the
    first player and a random key)."""
    if isinstance(action, Give):
        return _give(state, action, player)
    if isinstance(action, Top):
        zone = state.zones[player][action.zone - 1]
        subject = triple_subject(zone)
        if subject is not None:
            old = state.tops[player][action.slot - 1]
            return top_event(player, subject, action.zone, action.slot, old)
    simple = _simple(state, action, player)
    if simple is not None:
        return simple
    return Event.of("core.action", seat=player, action=str(action))


def _simple(state: PairsState, action: PairsAction, player: int) -> Event | None:
    """The events that need no more than the action (and the turn's seat)."""
    if isinstance(action, KeyChoice):
        pair = state.keys.index(None) if None in state.keys else 0
        return key_event(pair, action.subjects)
    if isinstance(action, FirstPlayer):
        return Event.of("pairs.begins", seat=action.seat)
    if isinstance(action, Roll):
        return roll_event(state.turn_seat if state.turn_seat is not None else 0, action.dice)
    if isinstance(action, Move):
        return move_event(player, action.subject, action.source, action.target)
    if isinstance(action, Take):
        return take_event(player, action.subject, action.zones)
    if isinstance(action, Swap):
        return swap_event(player, action)
    if isinstance(action, Connect):
        return Event.of("pairs.connects", seat=player, partner_seat=partner(player))
    if isinstance(action, Done | Pass):
        return Event.of("pairs.done" if isinstance(action, Done) else "pairs.pass", seat=player)
    if isinstance(action, Keep):
        return Event.of("pairs.keep", seat=player, zone=action.zone)
    return None


def _give(state: PairsState, action: Give, player: int) -> Event:
    """A connection step: the partner's answer or an active chooser's swap completes an
    exchange; otherwise the active player offers a token."""
    if state.stage == "reply" and state.offer is not None:
        face, given = state.offer
        return exchange_event(partner(player), face, given, action.subject)
    if action.receive is not None:
        return exchange_event(player, action.zone, action.subject, action.receive)
    return Event.of("pairs.offer", seat=player, subject=letter(action.subject), zone=action.zone)
