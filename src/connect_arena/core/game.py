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
import json
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Generic, NamedTuple, NoReturn, TypeVar

from connect_arena.core.errors import IllegalActionError, InvalidOptionError
from connect_arena.core.events import Event
from connect_arena.core.gametype import ChanceMode, GameType
from connect_arena.core.options import OptionSpec, OptionValue, resolve_options

CHANCE = -1
"""``current_player`` at a chance node (dice, shuffles): the driver picks an outcome."""
SIMULTANEOUS = -2
"""``current_player`` when several seats may act now; see :meth:`State.active_players`."""
TERMINAL = -4
"""``current_player`` once the game is over."""

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
    :meth:`Action.legal_json`, or ``None`` before the first: what a board draws as the last
    move without parsing notation."""
    return state.history[-1].action.legal_json() if state.history else None


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


A = TypeVar("A", bound=Action)


class HistoryEntry(NamedTuple, Generic[A]):
    """One applied action.

    Attributes:
        player: the seat that acted, or ``CHANCE`` for a chance outcome.
        action: the action.
        simultaneous: whether several seats could act at that moment (records then tag the
            action with its seat).
    """

    player: int
    action: A
    simultaneous: bool = False


class State(abc.ABC, Generic[A]):
    """A position of a game, mutable in place by :meth:`apply_action`.

    Subclasses implement the underscored hooks; the public methods add the checks and the
    history that every game shares.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.history: list[HistoryEntry[A]] = []

    # ----- who acts -------------------------------------------------------------------------
    @property
    @abc.abstractmethod
    def current_player(self) -> int:
        """The seat to act, or ``CHANCE``, ``SIMULTANEOUS`` or ``TERMINAL``."""

    def active_players(self) -> frozenset[int]:
        """The seats that may act now: one in turn-based play, several in a simultaneous
        phase, none at a chance node or at the end."""
        player = self.current_player
        return frozenset((player,)) if player >= 0 else frozenset()

    def simultaneous_phase(self) -> object:
        """A value that changes when one simultaneous phase ends and the next begins, for
        drivers that hide each seat's choices until its phase resolves (two simultaneous
        phases may follow each other with the same seats active). The default, ``None``,
        means: a phase is over when no seat is simultaneous any more or new seats become
        active (see :mod:`connect_arena.core.simultaneous`)."""
        return None

    def is_chance_node(self) -> bool:
        """Whether the next action is a chance outcome picked by the driver."""
        return self.current_player == CHANCE

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player == TERMINAL

    # ----- actions ---------------------------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> list[A]:
        """The legal actions of ``player`` (default: the current player, or chance).

        Returns:
            A list in a deterministic order; empty when ``player`` may not act now.
        """
        player = self._default_player(player)
        if player == CHANCE:
            return [action for action, _ in self.chance_outcomes()]
        if player not in self.active_players():
            return []
        return self._legal_actions(player)

    def chance_outcomes(self) -> list[tuple[A, float]]:
        """At a chance node, the outcomes with their probabilities (summing to 1); else ``[]``."""
        return self._chance_outcomes() if self.is_chance_node() else []

    def parse_action(self, text: str, player: int | None = None) -> A:
        """Parse ``text`` in the game's notation and return it if legal for ``player`` now.

        Raises:
            InvalidActionError: ``text`` is not in the game's notation.
            IllegalActionError: the action is well formed but not legal now; the message
                says why.
        """
        player = self._default_player(player)
        action = self._parse(text.strip())
        self._check_legal(action, player)
        return action

    def apply_action(self, action: A | str, player: int | None = None) -> None:
        """Apply ``action`` (an action or its notation) for ``player`` and record it.

        ``player`` defaults to the current player (or chance); it must be given in a
        simultaneous phase. On any error the state is left unchanged.

        Raises:
            InvalidActionError: ``action`` is text that is not in the game's notation.
            IllegalActionError: the action is not legal for ``player`` now.
        """
        player = self._default_player(player)
        if isinstance(action, str):
            action = self.parse_action(action, player)
        else:
            self._check_legal(action, player)
        self.apply_legal_action(action, player)

    def apply_legal_action(self, action: A, player: int) -> None:
        """Apply an action known to be legal (taken from :meth:`legal_actions`), unchecked.

        This is the fast path for agents and playouts; an illegal action here corrupts
        the state, so interfaces must use :meth:`apply_action`.
        """
        simultaneous = self.current_player == SIMULTANEOUS
        self._apply(action, player)
        self.history.append(HistoryEntry(player, action, simultaneous))

    def _default_player(self, player: int | None) -> int:
        if player is not None:
            return player
        current = self.current_player
        if current == SIMULTANEOUS:
            self._refuse(Event.of("core.say_seat", seats=sorted(self.active_players())))
        return current

    def _check_legal(self, action: A, player: int) -> None:
        if self.is_terminal():
            self._refuse(Event.of("core.game_over"))
        if player == CHANCE:
            if not self.is_chance_node():
                self._refuse(Event.of("core.not_chance"))
            if action not in self.legal_actions(CHANCE):
                self._refuse(Event.of("core.not_an_outcome", action=str(action)))
            return
        if self.is_chance_node():
            self._refuse(Event.of("core.chance_next"))
        if player not in self.active_players():
            self._refuse(self._inactive_reason(player))
        reason = self._illegal_reason(action, player)
        if reason is not None:
            self._refuse(reason)

    def _refuse(self, reason: str | Event) -> NoReturn:
        """Raise ``IllegalActionError`` for ``reason`` (an event is rendered in English too)."""
        if isinstance(reason, Event):
            raise IllegalActionError(self.game.render_event(reason), reason)
        raise IllegalActionError(reason)

    def describe_action(self, action: A, player: int) -> Event:
        """What ``action`` by ``player`` would do from this state, as a structured event (for
        move lists, hint lines and the terminal). Call it before applying the action.

        The default is ``core.action`` (``core.chance`` for chance) with the notation; games
        override it with their own keys (``<game>.<what>``) and parameters.
        """
        if player == CHANCE:
            return Event.of("core.chance", action=str(action))
        return Event.of("core.action", seat=player, action=str(action))

    def _inactive_reason(self, player: int) -> str | Event:
        """Why ``player`` may not act now (games may name who must act instead, and why)."""
        return Event.of("core.not_your_turn", seat=player)

    # ----- results and views -----------------------------------------------------------------
    @abc.abstractmethod
    def returns(self) -> list[float]:
        """Per-seat returns: final results once terminal (e.g. ``[1, -1]``), else the
        current values (``0`` for games that only score at the end)."""

    def points(self) -> list[float] | None:
        """Per-seat points for people to read (a finished game's score, ``36–5``), or
        ``None`` for games that count no points (the default: a win or a loss says it all).
        Games that keep scores override it; the platform stores them when a game ends."""
        return None

    @abc.abstractmethod
    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see, as a JSON-serialisable dict."""

    def public_observation(self) -> dict[str, Any]:
        """What anyone may see — a spectator's view, with no seat's private information.

        The default is seat 0's observation, right for games of perfect information (every
        seat sees everything); games with private information (hidden choices in a
        simultaneous phase, hands, …) must override it.
        """
        return self.observation(0)

    def revealed_observation(self) -> dict[str, Any]:
        """Everything, for when nothing is secret any more (a finished game's replay): every
        seat's choices where they were made, even those of a simultaneous phase still open.

        The default is :meth:`public_observation`, right for games that hide nothing; games
        with private information override it.
        """
        return self.public_observation()

    def render(self, viewer: int | None = None) -> str:
        """A text diagram of the position for terminals, in Rich console markup.

        Games override this; the default shows the observation as JSON. ``viewer`` is the seat
        whose private information may be shown (``None``: public information only).
        """
        return json.dumps(self.observation(0 if viewer is None else viewer), indent=1)

    @abc.abstractmethod
    def clone(self) -> State[A]:
        """An independent copy (sharing only the immutable game descriptor)."""

    # ----- hooks for subclasses ------------------------------------------------------------
    @abc.abstractmethod
    def _legal_actions(self, player: int) -> list[A]:
        """Legal actions of an active ``player`` (never called at chance or terminal)."""

    def _chance_outcomes(self) -> list[tuple[A, float]]:
        """Outcomes at a chance node; games with chance override this."""
        raise NotImplementedError(f"{self.game.name} has no chance nodes")

    @abc.abstractmethod
    def _parse(self, text: str) -> A:
        """Parse notation into an action (syntax only); raise ``InvalidActionError``."""

    @abc.abstractmethod
    def _illegal_reason(self, action: A, player: int) -> str | Event | None:
        """``None`` if ``action`` is legal for active ``player``, else why not: an
        :class:`~connect_arena.core.events.Event` (translatable), or one English sentence."""

    @abc.abstractmethod
    def _apply(self, action: A, player: int) -> None:
        """Apply a legal action."""


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
