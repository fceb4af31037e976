"""Why an action is illegal, in words a player understands.

:func:`explain` is called only for an action that is not among the legal ones; it names the
first rule the action breaks. Quotations are from the rulebook (seed 002, Italian).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

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
    First,
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


def explain(state: PairsState, action: PairsAction, seat: int) -> str | None:
    """The reason ``action`` is illegal for ``seat`` now (``None``: no specific reason)."""
    if isinstance(action, Roll | First):
        return f"'{action}' is decided by chance, not chosen by a player"
    if state.stage == "key":
        return "first set your pair's key: one subject per die value, e.g. 'key ABCDEF'"
    if isinstance(action, KeyChoice):
        return "the keys are set at the start of a manche"
    if any(state.pending):
        return _event(state, action, seat)
    if isinstance(action, Top | Keep):
        return f"no zone of {state.seat(seat)} has a three-of-a-subject event to resolve"
    if state.stage == "connect":
        return _connect(state, action, seat)
    if state.stage == "reply":
        return _reply(state, action, seat)
    assert state.dice is not None
    if roll_kind(state.dice) == "double":
        return _double(state, action, seat)
    return _different(state, action, seat)


def _zone_name(state: PairsState, seat: int, face: int) -> str:
    return f"{state.seat(seat)}'s zone {face}"


def _missing(state: PairsState, seat: int, face: int, subject: int) -> str | None:
    """Why a ``subject`` token cannot leave zone ``face`` (``None`` if it can)."""
    if subject in state.zones[seat][face - 1]:
        return None
    return f"there is no {letter(subject)} in {_zone_name(state, seat, face)}"


def _double(state: PairsState, action: PairsAction, seat: int) -> str | None:
    """DOUBLE ``(d, d, e)``: a swap between zones d and e, or one move into the empty one."""
    assert state.dice is not None
    d, e = double_faces(state.dice)
    roll = f"the DOUBLE {d}-{d}-{e}"
    zones = state.zones[seat]
    both = bool(zones[d - 1]) and bool(zones[e - 1])
    if isinstance(action, Swap):
        if {action.first_zone, action.second_zone} != {d, e}:
            return f"{roll} swaps a token of zone {d} with one of zone {e}"
        if not both:
            return f"{roll}: one of the zones is empty, so a token moves instead of a swap"
        reason = _missing(state, seat, action.first_zone, action.first_subject)
        reason = reason or _missing(state, seat, action.second_zone, action.second_subject)
        if reason is None and action.first_subject == action.second_subject:
            return (
                "the swapped tokens must be of different subjects ('purché di soggetto differente')"
            )
        return reason
    if isinstance(action, Move):
        if both:
            return f"{roll}: zones {d} and {e} both hold tokens, so you must swap"
        if {action.source, action.target} != {d, e} or zones[action.target - 1]:
            return f"{roll}: one token moves from zone {d} or {e} into the other, empty one"
        if state.cfg.double_empty == "forward" and action.source != d:
            return f"{roll}: tokens only move from zone {d} to zone {e} (double_empty_zone=forward)"
        return _missing(state, seat, action.source, action.subject)
    if isinstance(action, Pass):
        return f"{roll} must be carried out: a turn cannot be skipped"
    return f"{roll} is played with 'swap' or 'move'; MOVE, TAKE, CONNECT need three different dice"


def _roles(state: PairsState, seat: int, subject: int) -> tuple[int, list[int]] | str:
    """For all-different dice: the die value conquering ``subject`` and the two others, or
    why ``subject`` is not conquered by any of the dice."""
    assert state.dice is not None
    key = state.keys[pair_of(seat)]
    assert key is not None
    value = key.index(subject) + 1
    if value not in state.dice:
        dice = "-".join(map(str, state.dice))
        return f"{letter(subject)} is conquered by die value {value}, which is not rolled ({dice})"
    return value, [d for d in state.dice if d != value]


def _different(state: PairsState, action: PairsAction, seat: int) -> str | None:
    """All-different dice: MOVE, TAKE (with their fallbacks) or CONNECT."""
    if isinstance(action, Move):
        return _move(state, action, seat)
    if isinstance(action, Take):
        return _take(state, action, seat)
    if isinstance(action, Swap):
        return "a swap needs a DOUBLE; with three different dice choose MOVE, TAKE or CONNECT"
    if isinstance(action, Give | Done):
        return "first choose 'connect' to start a connection"
    if isinstance(action, Pass):
        return "a turn cannot be skipped: choose MOVE, TAKE or CONNECT (CONNECT is always possible)"
    return None


def _move(state: PairsState, action: Move, seat: int) -> str | None:
    roles = _roles(state, seat, action.subject)
    if isinstance(roles, str):
        return roles
    if sorted((action.source, action.target)) != roles[1]:
        zones = " and ".join(map(str, roles[1]))
        return f"MOVE of {letter(action.subject)}: the token goes between zones {zones}"
    missing = _missing(state, seat, action.source, action.subject)
    if missing is not None:
        return missing
    if len(state.zones[seat][action.target - 1]) >= ZONE_SIZE:
        return f"{_zone_name(state, seat, action.target)} is full: there is no empty space"
    return None


def _take(state: PairsState, action: Take, seat: int) -> str | None:
    roles = _roles(state, seat, action.subject)
    if isinstance(roles, str):
        return roles
    subject, others = letter(action.subject), roles[1]
    zones = " and ".join(map(str, others))
    if len(action.zones) == 2 and list(action.zones) != others:
        return f"TAKE of {subject} puts one token into each of zones {zones} (the other dice)"
    if not set(action.zones) <= set(others):
        return f"TAKE of {subject} puts the tokens into zones {zones}"
    full = [z for z in action.zones if len(state.zones[seat][z - 1]) >= ZONE_SIZE]
    if full:
        return (
            f"{_zone_name(state, seat, full[0])} is full: TAKE needs a space for each token; "
            "choose another assignment of the dice"
        )
    return _take_supply(state, action, state.supply[pair_of(seat)][action.subject], others)


def _take_supply(state: PairsState, action: Take, left: int, others: list[int]) -> str | None:
    """Why the supply (``left`` tokens) does not allow ``action`` (``None`` if it does)."""
    subject = letter(action.subject)
    if len(action.zones) == 2:
        if left >= 2:
            return None
        if left == 1 and state.cfg.take_partial:
            a, b = others
            return (
                f"the supply holds one {subject}: write 'take {subject} {a}' or "
                f"'take {subject} {b}' (take_short_supply=partial)"
            )
        return f"the supply holds {left} {subject}: TAKE needs two tokens"
    if left >= 2:
        return f"TAKE puts two tokens, into zones {' and '.join(map(str, others))}"
    if not state.cfg.take_partial:
        return "TAKE needs two tokens (take_short_supply=partial allows one)"
    if left == 0:
        return f"the supply holds no {subject}: there is nothing to take"
    return None


def _connect(state: PairsState, action: PairsAction, seat: int) -> str | None:
    """The active player's step in a connection."""
    cfg = state.cfg
    if isinstance(action, Done):
        return "every possible swap of the connection must be made (connect_swaps=mandatory)"
    if not isinstance(action, Give):
        return "you are connecting: choose a swap ('give 3C') or 'done'"
    mate = partner(seat)
    face, given = action.zone, action.subject
    assert state.dice is not None
    if face not in state.dice:
        return f"zone {face} is not one of the dice values"
    if face not in state.conn_left:
        return f"zone {face} has already been connected this turn"
    own, other = set(state.zones[seat][face - 1]), set(state.zones[mate][face - 1])
    if not own & other:
        return f"zone {face} of {state.seat(seat)} and {state.seat(mate)} share no subject: no swap"
    missing = _missing(state, seat, face, given)
    if missing is not None:
        return missing
    if cfg.active_chooses and action.receive is None:
        return f"say which token you receive too, e.g. 'give {face}{letter(given)} X'"
    if not cfg.active_chooses and action.receive is not None:
        return f"{state.seat(mate)} chooses the token he gives: write 'give {face}{letter(given)}'"
    if action.receive is not None:
        return _answer(state, mate, face, given, action.receive)
    return f"{state.seat(mate)} has only {letter(given)} in zone {face}: no different subject"


def _answer(state: PairsState, seat: int, face: int, given: int, answer: int) -> str | None:
    """Why ``seat`` cannot give ``answer`` of zone ``face`` in exchange for ``given``."""
    missing = _missing(state, seat, face, answer)
    if missing is not None:
        return missing
    if answer == given:
        return (
            "the swapped tokens must be of different subjects "
            "('purché raffigurino un soggetto diverso tra loro')"
        )
    return None


def _reply(state: PairsState, action: PairsAction, seat: int) -> str | None:
    """The partner's answer to the active player's offer."""
    assert state.offer is not None
    face, given = state.offer
    if not isinstance(action, Give):
        return f"answer the offer of {letter(given)} with a token of zone {face}: 'give {face}X'"
    if action.zone != face:
        return f"the swap is in zone {face}"
    if action.receive is not None:
        return f"write only the token you give, e.g. 'give {face}X'"
    return _answer(state, seat, face, given, action.subject)


def _event(state: PairsState, action: PairsAction, seat: int) -> str | None:
    """A pending three-of-a-subject event on ``seat``'s board."""
    if not isinstance(action, Top | Keep):
        faces = ", ".join(map(str, state.pending[seat]))
        return f"first resolve the three of a subject in zone {faces}: 'top Z>S' or 'keep Z'"
    face = action.zone
    if face not in state.pending[seat]:
        return f"zone {face} of {state.seat(seat)} has no pending three-of-a-subject event"
    options = legal.event_options(state, seat, face)
    subject = letter(_event_subject(state, seat, face))
    if not options:
        return _do_nothing(state, action, seat, subject)
    if isinstance(action, Keep):
        return f"the three {subject} of zone {face} must move one token to the top row"
    top = state.tops[seat]
    if EMPTY in top and top[action.slot - 1] != EMPTY:
        return f"slot {action.slot} is occupied: the token goes to a free slot"
    slots = ", ".join(str(option.slot) for option in options if isinstance(option, Top))
    return (
        f"{state.seat(partner(seat))} has {subject} in slot {slots}: the token must go "
        "there ('cercando, se possibile, di fare combaciare la posizione')"
    )


def _event_subject(state: PairsState, seat: int, face: int) -> int:
    subject = triple_subject(state.zones[seat][face - 1])
    assert subject is not None
    return subject


def _do_nothing(state: PairsState, action: Top | Keep, seat: int, subject: str) -> str:
    """An event that does nothing now ("purché non si tratti di un soggetto ripetuto (in
    quel caso non si farà nulla)"), next to an effective one; ``keep`` is suggested only
    when it is legal (when the order of the events can matter)."""
    face = action.zone
    choices = legal.board_event_actions(state, seat) or []
    if Keep(face) in choices:
        return f"{subject} is already in the top row: nothing happens now ('keep {face}')"
    others = sorted({a.zone for a in choices if isinstance(a, Top)})
    if isinstance(action, Keep):
        return (
            f"zone {face} does nothing whatever the order ({subject} is already in the top "
            f"row) and is settled by itself: resolve zone {_words(others)} first"
        )
    moves = _words([f"'{a}'" for a in choices], "or")
    return (
        f"{subject} is already in the top row: nothing happens in zone {face} (it is settled "
        f"by itself); choose {moves}"
    )


def _words(items: Sequence[object], last: str = "and") -> str:
    """``[2, 5, 6]`` → ``"2, 5 and 6"``."""
    texts = [str(item) for item in items]
    if len(texts) < 2:
        return "".join(texts)
    return f"{', '.join(texts[:-1])} {last} {texts[-1]}"


def not_your_turn(state: PairsState, seat: int) -> str:
    """Why ``seat`` may not act now, naming the seat that must and what it must do (for
    example the partner answering an offer, or resolving an event on his board)."""
    actor = state.current_player
    who = state.seat(actor)
    head = f"it is not {state.seat(seat)}'s turn: "
    faces = state.pending[actor] if 0 <= actor < len(state.pending) else []
    if state.stage == "key":
        return head + f"{who} sets pair {PAIR_NAMES[pair_of(actor)]}'s key"
    if faces:
        if len(faces) > 1:
            return head + f"{who} must resolve the events of his zones {_words(faces)}"
        subject = letter(_event_subject(state, actor, faces[0]))
        return head + f"{who} must resolve the three {subject} of his zone {faces[0]}"
    if state.stage == "reply" and state.offer is not None:
        face, given = state.offer
        return (
            head + f"{who} must answer the offer of {letter(given)} of zone {face} with a "
            f"token of another subject ('give {face}X')"
        )
    return head + f"{who} is to play"
