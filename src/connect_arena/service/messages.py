"""What each viewer is sent: table summaries, states with legal actions, and events.

A *viewer* is described by the seats it holds (``()`` for spectators). Quinque hides nothing,
but the service is generic: a seat sees ``observation(seat)``, a spectator sees the state's
``public_observation()`` when the game defines one (else seat 0's view), and an action taken in
a simultaneous phase is shown only to its own seat until the game is over.

A viewer holding several seats (hot-seat play) also gets ``observations``: each of its seats'
own observation, so that the page shows the seat that is playing, and not more.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, cast

import orjson

from connect_arena.core import CHANCE, Action, Game, State, game_class, legal_json_of
from connect_arena.service.model import LogEntry, SeatKind, TableInfo
from connect_arena.service.protocol import (
    EventMessage,
    GameEvent,
    LegalAction,
    StateMessage,
    Table,
    TableGameInfo,
)
from connect_arena.service.settings import HintPolicy


def game_title(name: str) -> str:
    """The game's display title (its name if it is no longer registered)."""
    try:
        return game_class(name).title
    except ValueError:
        return name


def has_private_information(name: str) -> bool:
    """Whether game ``name`` hides something from some seats (its declared
    ``GameType.information``); ``False`` for an unknown game."""
    try:
        return not game_class(name).game_type.perfect_information
    except ValueError:
        return False


def hints_allowed(info: TableInfo) -> bool:
    """Whether the people at ``info`` may ask for hints: never at rated tables or with hints
    ``off``; with ``auto``, only when one person (hot-seat included) plays against
    computers (an engine hint against a person is unfair play)."""
    policy = info.settings.hints
    if info.settings.rated or policy is HintPolicy.OFF:
        return False
    if policy is HintPolicy.ALLOWED:
        return True
    people = {seat.user_id for seat in info.seats if seat.kind is SeatKind.HUMAN}
    open_seats = any(seat.kind is SeatKind.OPEN for seat in info.seats)
    return len(people) <= 1 and not open_seats


def table_json(info: TableInfo, seq: int | None = None) -> Table:
    """A table's public description (lobby rows and the table page's header): also its
    ``settings``, ``hints_allowed``, ``reason`` (why it ended), ``notes`` (lifecycle facts,
    ``docs/lifecycle.md``) and ``rating_changes`` (each seat's rating change once a rated
    game was scored, ``docs/community.md``)."""
    return {
        "id": info.id,
        "game": info.game,
        "title": game_title(info.game),
        "options": dict(info.options),
        "num_players": info.num_players,
        "seats": [seat.to_json() for seat in info.seats],
        "status": info.status.value,
        "created_by": info.created_by,
        "created_at": info.created_at.isoformat(),
        "finished_at": None if info.finished_at is None else info.finished_at.isoformat(),
        "returns": info.returns,
        "scores": info.scores,
        "seq": seq,
        "settings": info.settings.to_json(),
        "hints_allowed": hints_allowed(info),
        "reason": None if info.reason is None else info.reason.value,
        "notes": [note.to_json() for note in info.notes],
        "rating_changes": info.rating_changes,
        "ratings_after": info.ratings_after,
    }


def spectator_observation(state: State[Action]) -> dict[str, Any]:
    """What a spectator may see of ``state`` (:meth:`State.public_observation`)."""
    return state.public_observation()


def observation_for(state: State[Action], seats: Sequence[int]) -> dict[str, Any]:
    """The observation of a viewer holding ``seats``: the active one of them, else the first;
    a spectator's view for ``()``."""
    if not seats:
        return spectator_observation(state)
    active = state.active_players()
    seat = next((s for s in seats if s in active), seats[0])
    return state.observation(seat)


def action_parts(action: Action) -> dict[str, Any]:
    """:meth:`Action.parts`, remembered by value with the action's legal JSON
    (:func:`~connect_arena.core.legal_json_of`). Shared: callers read it, never change it."""
    return legal_json_of(action)["parts"]  # type: ignore[no-any-return]


@functools.lru_cache(maxsize=1 << 14)
def _listing_of(action: Action) -> tuple[LegalAction, str, orjson.Fragment]:
    """:func:`legal_entry` by value (equal actions share one: the core's
    :func:`~connect_arena.core.legal_json_of`), with its notation and its JSON text. The text
    is held as a ``str``: the ``bytes`` orjson returns keep its 4 KiB buffer (36 MiB more over
    500 games)."""
    entry = cast(LegalAction, legal_json_of(action))
    return entry, entry["notation"], orjson.Fragment(orjson.dumps(entry).decode())


class LegalLists(NamedTuple):
    """A seat's legal actions as a ``state`` message lists them, in the engine's order.

    Attributes:
        entries: the ``legal`` list, ``{"notation", "parts"}`` per action.
        notations: the ``legal_actions`` list.
        texts: ``entries`` as their kept JSON text (``orjson.Fragment``), which orjson writes
            byte for byte as it writes the entries: at 500 tables a message's entries were
            walked cold, seven objects each, two for a text (``LiveTable.encode``).
    """

    entries: list[LegalAction]
    notations: list[str]
    texts: list[orjson.Fragment]


ENTRIES_HELD = 1 << 15
"""Actions :func:`legal_lists` remembers by identity before it starts over (each held with
its entry, notation and text: a few MiB at most)."""
_BY_IDENTITY: dict[int, tuple[Action, LegalAction, str, orjson.Fragment]] = {}


def legal_entry(action: Action) -> LegalAction:
    """An action as a ``state`` message lists it, ``{"notation", "parts"}``, remembered per
    action like :func:`action_parts` (the mover's legal actions are sent at every move, most of
    them the same as the turn before: their notation was built anew each time). Shared:
    callers read it, never change it."""
    return legal_lists([action]).entries[0]


def legal_lists(actions: Sequence[Action]) -> LegalLists:
    """:func:`legal_entry` of each of ``actions``, its notation and its JSON text, in order:
    the ``legal`` and ``legal_actions`` lists of a ``state`` message, made in one pass.

    An engine hands out the same action objects from state to state (nine in ten of a
    Quinque mover's), so each is looked up by identity first: a look-up by value hashes and
    compares the action in Python, which was a tenth of the event loop's time a move. The
    memo holds each action it names, so an id it holds is never another object's."""
    held = _BY_IDENTITY
    entries: list[LegalAction] = []
    notations: list[str] = []
    texts: list[orjson.Fragment] = []
    for action in actions:
        kept = held.get(id(action))
        if kept is None or kept[0] is not action:
            if len(held) >= ENTRIES_HELD:
                held.clear()
            kept = held[id(action)] = (action, *_listing_of(action))
        entries.append(kept[1])
        notations.append(kept[2])
        texts.append(kept[3])
    return LegalLists(entries, notations, texts)


def state_json(
    table_id: int,
    state: State[Action],
    seq: int,
    seats: Sequence[int],
    legal_of: Callable[[int], LegalLists] | None = None,
    observation: dict[str, Any] | None = None,
) -> StateMessage:
    """The ``state`` message for a viewer holding ``seats``; ``legal_of(seat)`` gives a seat's
    legal actions as listed and their notations (default: :func:`legal_lists` of
    ``state.legal_actions``; a table passes the lists it keeps per state, which the message
    shares: it is read, never changed), ``observation`` the viewer's observation when the
    caller already built it.

    Keys: ``table_id``, ``seq`` (actions applied so far), ``to_move`` (active seats),
    ``chance`` (the next action is a chance outcome), ``terminal``, ``returns`` (once over),
    ``you`` (the viewer's seats), ``legal_actions`` (``{seat: [notation...]}`` for the viewer's
    active seats), ``legal`` (the same actions as ``{seat: [{"notation", "parts"}]}``, parts
    from :meth:`Action.parts`: what the page reads instead of parsing notation) and
    ``observation``; for a viewer holding several seats, ``observations``
    (``{seat: observation}`` for each of them).
    """
    active = state.active_players()
    structured: dict[str, list[LegalAction]] = {}
    legal: dict[str, list[str]] = {}
    for seat in seats:
        if seat in active:
            lists = legal_lists(state.legal_actions(seat)) if legal_of is None else legal_of(seat)
            structured[str(seat)], legal[str(seat)] = lists.entries, lists.notations
    terminal = state.is_terminal()
    message: StateMessage = {
        "type": "state",
        "table_id": table_id,
        "seq": seq,
        "to_move": sorted(active),
        "chance": state.current_player == CHANCE,
        "terminal": terminal,
        "returns": state.returns() if terminal else None,
        "you": list(seats),
        "legal_actions": legal,
        "legal": structured,
        "observation": observation_for(state, seats) if observation is None else observation,
    }
    if len(seats) > 1:
        message["observations"] = {str(seat): state.observation(seat) for seat in seats}
    return message


def event_json(
    table_id: int,
    entry: LogEntry,
    seats: Sequence[int],
    revealed: bool,
    described: GameEvent | None = None,
) -> EventMessage:
    """The ``event`` message of one log entry for a viewer holding ``seats``.

    Args:
        table_id: the table.
        entry: the log entry.
        seats: the viewer's seats.
        revealed: whether hidden (simultaneous) actions may be shown (the game is over).
        described: the action's description, a structured event ``{"key", "params"}``
            (:meth:`State.describe_action`) that the page translates; hidden like the action.
    """
    hidden = entry.simultaneous and not revealed and entry.seat not in seats
    return {
        "type": "event",
        "table_id": table_id,
        "seq": entry.seq,
        "seat": entry.seat,
        "action": None if hidden else entry.action,
        "event": None if hidden else described,
        "simultaneous": entry.simultaneous,
    }


def game_info(game: Game) -> TableGameInfo:
    """A table's static game information, the same for its whole life (so it is sent once and
    cached): ``game``, ``num_players``, ``options``, ``game_type`` (the declaration) and
    ``geometry`` (:meth:`Game.geometry`: the board or sheet to draw)."""
    return {
        "game": game.name,
        "num_players": game.num_players,
        "options": dict(game.options),
        "game_type": game.game_type.to_json(),
        "geometry": game.geometry(),
    }
