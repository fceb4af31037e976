"""The engine protocol's ``State``: a position, with the checks and the history every game
shares (see :mod:`connect_arena.core.game` for the whole protocol, which re-exports it).

Compiled by mypyc (``_build.COMPILED``) with interpreted subclasses allowed: the games' states
subclass it, compiled (the four games) or interpreted (plug-ins, tests).
"""

from __future__ import annotations

import abc
import json
import random
from bisect import bisect_right
from typing import TYPE_CHECKING, Any, Final, Generic, NamedTuple, NoReturn, TypeVar, cast

from mypy_extensions import mypyc_attr

from connect_arena.core.errors import IllegalActionError
from connect_arena.core.events import Event

if TYPE_CHECKING:
    from connect_arena.core.game import Action, Game

CHANCE: Final = -1
"""``current_player`` at a chance node (dice, shuffles): the driver picks an outcome."""
SIMULTANEOUS: Final = -2
"""``current_player`` when several seats may act now; see :meth:`State.active_players`."""
TERMINAL: Final = -4
"""``current_player`` once the game is over."""

A = TypeVar("A", bound="Action")


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


class ChanceTable:
    """A chance node's outcomes ready to draw: their cumulative probabilities, computed once.

    :meth:`sample` draws exactly as ``rng.choices(actions, weights=probabilities)`` does (one
    ``rng.random()``, the same bisection of the same running sums), so a seeded game draws
    the same outcomes; a game whose chance nodes repeat (dice) keeps one table per node kind.

    Args:
        outcomes: ``(action, probability)`` pairs, as :meth:`State.chance_outcomes` gives.

    Attributes:
        actions: the outcomes' actions, in order.
        cumulative: the running sums of their probabilities.
    """

    def __init__(self, outcomes: list[tuple[Any, float]]) -> None:
        # tuples: a game hands one table to every state (Connect Pairs' dice)
        self.actions: tuple[Any, ...] = tuple(action for action, _ in outcomes)
        cumulative: list[float] = []
        total = 0.0
        for _, probability in outcomes:
            total += probability
            cumulative.append(total)
        self.cumulative: tuple[float, ...] = tuple(cumulative)
        self._total = total
        self._last = len(outcomes) - 1

    def __len__(self) -> int:
        return len(self.actions)

    def sample(self, rng: random.Random) -> Any:
        """One outcome's action, drawn by its probability with ``rng``.

        Raises:
            ValueError: there are no outcomes (not a chance node).
        """
        if self._last < 0:
            raise ValueError("not a chance node")
        drawn = rng.random() * self._total
        return self.actions[bisect_right(self.cumulative, drawn, 0, self._last)]


_new_tuple: Final = tuple.__new__


def history_entry(player: int, action: A, simultaneous: bool = False) -> HistoryEntry[A]:
    """``HistoryEntry(player, action, simultaneous)``, equal to it, built without the named
    tuple's interpreted ``__new__`` (a Python frame per applied action, 5% of a compiled
    Connect 5 playout in cProfile): the states' fast path."""
    return cast(HistoryEntry[A], _new_tuple(HistoryEntry, (player, action, simultaneous)))


@mypyc_attr(allow_interpreted_subclasses=True)
class State(abc.ABC, Generic[A]):
    """A position of a game, mutable in place by :meth:`apply_action`.

    Subclasses implement the underscored hooks; the public methods add the checks and the
    history that every game shares. The class is compiled by mypyc (``_build.COMPILED``);
    games subclass it compiled or interpreted. A subclass's :meth:`clone` sets ``game`` and
    ``history`` on the copy (``other.game = self.game``).
    """

    def __init__(self, game: Game) -> None:
        self._game = game
        self.history: list[HistoryEntry[A]] = []
        fields = _instance_dict(self)
        if fields is not None and "_game" not in fields:
            # The compiled class, an interpreted subclass: keep the game in ``__dict__`` too,
            # so that a clone made from a copy of that dict has it (see ``_new_with_dict``).
            fields["_game"] = game

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if _COMPILED_STATE and "__mypyc_attrs__" not in vars(cls):
            type.__setattr__(cls, "__new__", staticmethod(_new_with_dict))

    @property
    def game(self) -> Game:
        """The game descriptor (rules, options, players), shared by clones."""
        try:
            return self._game
        except AttributeError:  # a clone from a copy of an interpreted subclass's ``__dict__``
            game: Game = self.__dict__["_game"]
            self._game = game
            return game

    @game.setter
    def game(self, game: Game) -> None:
        self._game = game

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

    def chance_table(self) -> ChanceTable:
        """:meth:`chance_outcomes` as a :class:`ChanceTable` (empty unless at a chance node);
        games override it to hand out tables built once (the driver's fast path)."""
        return ChanceTable(self.chance_outcomes())

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
        self.history.append(history_entry(player, action, simultaneous))

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


def _instance_dict(state: State[Any]) -> dict[str, Any] | None:
    """The instance ``__dict__`` of ``state``: ``None`` for a compiled class's instance."""
    return getattr(state, "__dict__", None)


_COMPILED_STATE: Final = "__mypyc_attrs__" in vars(State)
"""Whether this module runs compiled (mypyc gives its classes ``__mypyc_attrs__``)."""


def _new_with_dict(cls: type[State[Any]], *args: Any, **kwargs: Any) -> State[Any]:
    """``__new__`` of an interpreted subclass of the compiled :class:`State` (installed by
    ``State.__init_subclass__``): the new state has an empty ``__dict__`` at once.

    mypyc creates that dict only at the first attribute set, and a subclass may clone by
    ``cls.__new__(cls)`` then ``other.__dict__.update(self.__dict__)`` (the way before the
    class was compiled: the plug-in games' ``clone``); the game,
    a compiled attribute, then comes from that dict (see ``State.game``).
    """
    state = State.__new__(cls)
    state.__dict__ = {}
    return state
