"""The game-agnostic engine protocol: ``Game`` descriptors, ``State`` and ``Action``.

The semantics follow OpenSpiel (seat indices, chance nodes as a pseudo-player, terminal
returns) with Pythonic names. Player ids are 0-based seat indices, or one of the negative
constants below. Randomness never happens inside a state: a chance node lists its outcomes
with :meth:`State.chance_outcomes` and the driver picks one with an injected
``random.Random`` (see :func:`connect_arena.core.chance.sample_chance_outcome`).
"""

from __future__ import annotations

import abc
import dataclasses
import enum
import functools
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar

from connect_arena.core.errors import InvalidOptionError
from connect_arena.core.events import Event
from connect_arena.core.gametype import ChanceMode, GameType
from connect_arena.core.options import OptionSpec, OptionValue, resolve_options

# ``State`` is compiled by mypyc (``core/state.py``); this module is not: mypyc compiles a
# non-native class's methods with an exact type check of ``self`` against the compiled
# subclasses it knows, which would refuse the games' own ``Game`` and ``Action`` subclasses.
from connect_arena.core.state import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    A,
    HistoryEntry,
    State,
)

__all__ = [
    "CHANCE",
    "PLAYER_NAMES",
    "SIMULTANEOUS",
    "TERMINAL",
    "A",
    "Action",
    "Game",
    "HistoryEntry",
    "State",
    "last_action_json",
    "legal_json_of",
]

PLAYER_NAMES = {CHANCE: "chance", SIMULTANEOUS: "simultaneous", TERMINAL: "terminal"}


class Action(abc.ABC):
    """Base of every game's actions: small frozen dataclasses.

    ``str(action)`` is the canonical notation, and ``state.parse_action(str(action))`` gives
    back an equal action (parse ∘ format = id).
    """

    __slots__ = ()

    @abc.abstractmethod
    def __str__(self) -> str:
        """The canonical notation of the action."""

    def parts(self) -> dict[str, Any]:
        """The action as data for a page that must not parse notation (``docs/server.md``).

        Returns:
            ``{"kind": <the class name in snake_case>, <field>: <value>...}``: every dataclass
            field of the action, tuples as lists (a cell ``(3, -1)`` → ``[3, -1]``), enums as
            their values, nested dataclasses as dicts. A game may override it to add derived
            parts (a chain's hops, a shape's cells).
        """
        parts: dict[str, Any] = {"kind": _snake(type(self).__name__)}
        if dataclasses.is_dataclass(self):
            for field in dataclasses.fields(self):
                parts[field.name] = _json_part(getattr(self, field.name))
        return parts

    def legal_json(self) -> dict[str, Any]:
        """The action as a page receives it: ``{"notation": str(self), "parts": self.parts()}``
        (one entry of a ``state`` message's ``legal``, an observation's ``last``)."""
        return {"notation": str(self), "parts": self.parts()}


def last_action_json(state: State[Any]) -> dict[str, Any] | None:
    """The last action of ``state``'s history (chance outcomes included) as
    :func:`legal_json_of` gives it, or ``None`` before the first: what a board draws as the last
    move without parsing notation."""
    return legal_json_of(state.history[-1].action) if state.history else None


@functools.lru_cache(maxsize=1 << 14)  # ~10 MiB at most
def legal_json_of(action: Action) -> dict[str, Any]:
    """:meth:`Action.legal_json`, ``{"notation", "parts"}``, remembered by value: actions are
    frozen values, and the same ones are listed and drawn from move to move (a ``state``
    message's legal entries, an observation's ``last``: their notation and parts were a third
    of a Quinque observation and half of a move's CPU in the service before). Equal actions
    share one dict: callers read it, never change it."""
    return action.legal_json()


def _snake(name: str) -> str:
    """``"FirstPlayer"`` → ``"first_player"``."""
    return "".join(f"_{c.lower()}" if c.isupper() and i else c.lower() for i, c in enumerate(name))


def _json_part(value: Any) -> Any:
    """``value`` as JSON data: tuples, lists, sets as lists, enums as values, dataclasses as
    dicts, mappings with string keys; numbers, strings, booleans and ``None`` unchanged."""
    if isinstance(value, enum.Enum):
        return _json_part(value.value)
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if isinstance(value, tuple | list):
        return [_json_part(item) for item in value]
    if isinstance(value, set | frozenset):
        return sorted((_json_part(item) for item in value), key=repr)
    if isinstance(value, Mapping):
        return {str(key): _json_part(item) for key, item in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _json_part(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return str(value)


class Game(abc.ABC):
    """A game descriptor: the rules' name, player counts and validated options.

    Instances are immutable and hashable. Subclasses set the class attributes and
    implement :meth:`new_initial_state`.

    Args:
        num_players: number of seats (default: ``default_players``).
        **options: option values by name; strings are coerced (``"true"``, ``"3"``).

    Raises:
        InvalidOptionError: bad player count, unknown option, bad value, or conflicting
            options; the message names what is wrong.
    """

    game_type: ClassVar[GameType]
    """The game's declaration; every game class sets it (see :mod:`~connect_arena.core.gametype`).
    The attributes below are derived from it, for brevity."""
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    event_templates: ClassVar[Mapping[str, str]] = MappingProxyType({})
    """English templates of the game's events by key (``str.format`` fields are parameters)."""

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str] = ""
    player_counts: ClassVar[tuple[int, ...]]
    default_players: ClassVar[int]
    deterministic: ClassVar[bool] = False
    seat_names: ClassVar[tuple[str, ...]] = ()

    __slots__ = ("_num_players", "_options")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        declared = cls.__dict__.get("game_type")
        if declared is not None:
            cls.name = declared.short_name
            cls.title = declared.long_name
            cls.summary = declared.summary
            cls.player_counts = declared.player_counts
            cls.default_players = declared.default_players
            cls.seat_names = declared.seat_names
            cls.deterministic = declared.chance_mode is ChanceMode.DETERMINISTIC

    def __init__(self, num_players: int | None = None, **options: object) -> None:
        players = self.default_players if num_players is None else num_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidOptionError(f"{self.name}: number of players must be an integer")
        if players not in self.player_counts:
            counts = ", ".join(map(str, self.player_counts))
            raise InvalidOptionError(
                f"{self.name} is played by {counts} players, not {players}", "num_players"
            )
        self._num_players = players
        self._options: Mapping[str, OptionValue] = MappingProxyType(
            resolve_options(self.option_specs, options, self.name)
        )
        self._check_options()

    @property
    def num_players(self) -> int:
        """Number of seats (0-based seat indices run from 0 to ``num_players - 1``)."""
        return self._num_players

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """Every option with its value (defaults filled in), read-only."""
        return self._options

    def option(self, name: str) -> OptionValue:
        """The value of option ``name`` (KeyError if the game has no such option)."""
        return self._options[name]

    def seat_name(self, seat: int) -> str:
        """A display name for a seat, e.g. ``"Red"``; ``"chance"`` for ``CHANCE``."""
        if seat < 0:
            return PLAYER_NAMES.get(seat, str(seat))
        if seat < len(self.seat_names):
            return self.seat_names[seat]
        return f"Player {seat + 1}"

    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The teams of seats that share one result (partners); by default every seat alone.

        Returns:
            Tuples of 0-based seats covering every seat exactly once.
        """
        return tuple((seat,) for seat in range(self._num_players))

    def _check_options(self) -> None:
        """Hook: raise ``InvalidOptionError`` for option combinations that conflict."""
        return None

    def utility_bounds(self) -> tuple[float, float]:
        """The smallest and largest value ``returns()`` can give a seat at the end of a game
        with these options and players (OpenSpiel's ``min_utility``/``max_utility``); the
        default is the class's declaration (``GameType.min_utility``/``max_utility``). A game
        whose returns depend on its options overrides it with bounds that are true and tight
        for them."""
        return self.game_type.min_utility, self.game_type.max_utility

    def geometry(self) -> dict[str, Any]:
        """The static geometry of this game's board or sheet for drawing it (JSON-able): the
        same for every state of a game with these options and players, so interfaces fetch it
        once per table. The default, ``{}``, means: nothing beyond the observation."""
        return {}

    def render_event(self, event: Event) -> str:
        """``event`` in English, with seat names (the terminal's and the error messages')."""
        return event.render(self.event_templates, self.seat_name)

    @abc.abstractmethod
    def new_initial_state(self) -> State[Any]:
        """The state at the start of a game with these options."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as (class, players, options), so states can cross process boundaries."""
        return (_rebuild_game, (type(self), self._num_players, dict(self._options)))

    def _key(self) -> tuple[str, int, tuple[tuple[str, OptionValue], ...]]:
        return (self.name, self._num_players, tuple(self._options.items()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        changed = {
            spec.name: self._options[spec.name]
            for spec in self.option_specs
            if self._options[spec.name] != spec.default
        }
        args = "".join(f", {key}={value!r}" for key, value in changed.items())
        return f"load({self.name!r}, num_players={self._num_players}{args})"


def _rebuild_game(cls: type[Game], num_players: int, options: dict[str, OptionValue]) -> Game:
    """Unpickle a :class:`Game` (see ``Game.__reduce__``)."""
    return cls(num_players, **options)
