"""Every Connect Arena game as an OpenSpiel Python game (the ``rl`` extra installs OpenSpiel).

Importing this module registers each game that has an action encoding under
``connect_arena_<name>``::

    import pyspiel
    import connect_arena.rl.openspiel  # registers the games

    game = pyspiel.load_game("connect_arena_quinque", {"advanced": True})
    game = pyspiel.load_game("connect_arena_connect5(players=3,board=advanced)")

Game parameters are the game's options (``connect-arena games`` lists them) plus ``players``.
The anti-endless option of a game (``GameType.anti_endless_option``: Quinque's ``max_turns``,
Connect 5's ``idle_limit``, Connect Pairs' ``max_rounds``) defaults to the game's
``anti_endless_default`` here, as for computer players, so that every game ends and
``max_game_length`` is finite; set it to 0 to lift the limit.

Actions are the ids of :mod:`connect_arena.rl.encoding`, driven by
:class:`~connect_arena.rl.stepper.Stepper`: a multi-part action is several steps of the same
player; simultaneous phases are in their sequential form (the dynamics are ``SEQUENTIAL``,
so OpenSpiel's MCTS and other sequential algorithms apply). ``_GAME_TYPE`` comes from the
game's :class:`~connect_arena.core.gametype.GameType`: partners' shared returns (Connect Pairs)
are ``GENERAL_SUM``; returns are terminal (zeros until the end). The observer gives the
encoding's planes as the tensor and the engine's observation of the seat (JSON) as the
string; neither shows what the engine hides from that seat.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]  # OpenSpiel ships no type hints

from connect_arena.core.gametype import ChanceMode, GameType, Information, Utility
from connect_arena.core.registry import game_class, game_names, load
from connect_arena.rl.encoding import encoding_for, has_encoding
from connect_arena.rl.encoding.base import Encoding
from connect_arena.rl.stepper import Stepper

PREFIX = "connect_arena_"
"""What OpenSpiel's name of a game starts with (``connect_arena_quinque``)."""


def openspiel_name(name: str) -> str:
    """OpenSpiel's name of the game registered here as ``name``."""
    return PREFIX + name


def parameter_specification(game_type: GameType) -> dict[str, Any]:
    """The game parameters with their defaults: ``players`` and every option (the
    anti-endless option defaults to ``anti_endless_default``)."""
    cls = game_class(game_type.short_name)
    spec: dict[str, Any] = {"players": game_type.default_players}
    for option in cls.option_specs:
        spec[option.name] = option.default
    if game_type.anti_endless_option is not None:
        spec[game_type.anti_endless_option] = game_type.anti_endless_default
    return spec


_UTILITY = {
    Utility.ZERO_SUM: pyspiel.GameType.Utility.ZERO_SUM,
    Utility.GENERAL_SUM: pyspiel.GameType.Utility.GENERAL_SUM,
    Utility.TEAMS: pyspiel.GameType.Utility.GENERAL_SUM,  # OpenSpiel has no partners
}


def openspiel_game_type(game_type: GameType) -> pyspiel.GameType:
    """OpenSpiel's ``_GAME_TYPE`` of a game, from its :class:`GameType`."""
    stochastic = game_type.chance_mode is ChanceMode.EXPLICIT
    perfect = game_type.information is Information.PERFECT
    return pyspiel.GameType(
        short_name=openspiel_name(game_type.short_name),
        long_name=f"Connect Arena {game_type.long_name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,  # simultaneous phases: sequential form
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if stochastic
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if perfect
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=_UTILITY[game_type.utility],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(game_type.player_counts),
        min_num_players=min(game_type.player_counts),
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(game_type),
    )


class ArenaGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type hints
    """Base of the OpenSpiel game of one Connect Arena game (one subclass per game).

    Args:
        params: game parameters (``players`` and the options); missing ones take their
            defaults.

    Raises:
        InvalidOptionError: a bad player count or option (the message names it).
    """

    arena_type: GameType
    openspiel_type: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = parameter_specification(self.arena_type)
        given = dict(params or {})
        values = {**spec, **given}
        players = int(values.pop("players"))
        options = {
            name: str(value) if isinstance(spec[name], str) else value
            for name, value in values.items()
        }
        self.arena_game = load(self.arena_type.short_name, num_players=players, **options)
        self.encoding: Encoding = encoding_for(self.arena_game)
        gt = self.arena_type
        low, high = self.arena_game.utility_bounds()  # for these options and players
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_distinct_actions,
            max_chance_outcomes=self.encoding.max_chance_outcomes,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if gt.utility is Utility.ZERO_SUM else None,
            max_game_length=self.encoding.max_game_length(),
        )
        super().__init__(self.openspiel_type, info, given)

    def new_initial_state(self) -> ArenaState:
        """A new game (before its first chance outcome, if any)."""
        return ArenaState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ArenaObserver:
        """The observer of a seat's observation (tensor and string).

        Raises:
            ValueError: parameters were given, or a perfect-recall (information state)
                observation was asked for: only observations are provided.
        """
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError("only observations are provided, not information states")
        return ArenaObserver(self.encoding)


_BOUND = (
    "legal_actions",
    "is_chance_node",
    "current_player",
    "_legal_actions",
    "_apply_action",
    "chance_outcomes",
    "is_terminal",
    "returns",
)
"""The hot methods of :class:`ArenaState`, the stepper's own bound into slots."""


def _bind(state: ArenaState, stepper: Stepper) -> None:
    """Bind ``state``'s hot methods (:data:`_BOUND`) to ``stepper``."""
    put = super(ArenaState, state).__setattr__
    put("legal_actions", stepper.legal_ids)
    put("is_chance_node", stepper.is_chance_node)
    # called back from C++: pybind11 needs a callable that is not a builtin method
    put("current_player", partial(getattr, stepper, "current_player"))
    put("_legal_actions", partial(stepper.legal_ids))
    put("_apply_action", partial(stepper.apply_id))
    put("chance_outcomes", partial(stepper.chance_outcomes))
    put("is_terminal", partial(stepper.is_terminal))
    put("returns", partial(stepper.returns))


class ArenaState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type hints
    """A position: a :class:`Stepper` over the engine state.

    OpenSpiel clones a Python state by making a new initial state and deep-copying the
    original's attributes into it, which clones the stepper; so the new state's own stepper
    is made only when first needed.

    The hot queries are the stepper's own methods, bound once per stepper into slots (which
    the clone does not copy: they are bound again from the clone's stepper), so that no
    Python frame of this class runs per step:

    * ``legal_actions(player=None)``: :meth:`Stepper.legal_ids` (ascending ids; chance ids at
      a chance node; ``[]`` for a seat that does not act now or at the end);
    * ``is_chance_node()``: :meth:`Stepper.is_chance_node`;
    * ``current_player()``, ``_legal_actions(player)``, ``_apply_action(id)``,
      ``chance_outcomes()``, ``is_terminal()``, ``returns()``: what OpenSpiel's C++ side
      calls back (a seat, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``: the engine's
      constants have OpenSpiel's values; ``(chance id, probability)`` ascending; the
      engine's returns at the end, zeros before). pybind11 takes a builtin method for C++
      code and would call its own pure virtual instead, so these are wrapped in
      :func:`functools.partial` (called at C speed).
    """

    __slots__ = (*_BOUND, "__dict__")  # the dict holds what a clone copies: the stepper

    _stepper: Stepper

    def __getattr__(self, name: str) -> Any:
        """Make the stepper at its first use in a new game, and bind the hot methods of the
        current stepper when first asked (Python asks ``__getattr__`` only when ``_stepper``
        or a slot is missing, so the hot path reads a plain attribute)."""
        if name == "_stepper":
            game = self.get_game()
            stepper = Stepper(game.encoding, game.arena_game.new_initial_state())
            self._stepper = stepper  # (binds the slots: __setattr__)
            return stepper
        if name in _BOUND:
            _bind(self, self._stepper)
            return getattr(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __setattr__(self, name: str, value: Any) -> None:
        """Set an attribute; a new stepper (a clone's, or one set by a caller) rebinds the
        hot methods to it."""
        super().__setattr__(name, value)
        if name == "_stepper":
            _bind(self, value)

    @property
    def stepper(self) -> Stepper:
        """The stepper (made at first use for a new game)."""
        return self._stepper

    def _action_to_string(self, player: int, action: int) -> str:
        """The game's notation of the action ``action`` completes now (``"add T0,0 0,0"``),
        a readable partial form for a step that only starts one (``"move T1,0 …"``), else
        the encoding's name of the id."""
        stepper = self.stepper
        if player == pyspiel.PlayerId.CHANCE:
            return stepper.encoding.chance_name(action)
        if player == stepper.current_player:
            return stepper.step_name(action)
        return stepper.id_name(action)

    def engine_state(self) -> Any:
        """The engine state (records, rendering, the engine's own agents)."""
        return self.stepper.state

    def __str__(self) -> str:
        return str(self.stepper)


class ArenaObserver:
    """OpenSpiel's Python observer: ``tensor`` (flat float32) and ``dict["observation"]`` (the
    encoding's planes, a view of the same memory)."""

    def __init__(self, encoding: Encoding) -> None:
        shape = encoding.observation_shape
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: ArenaState, player: int) -> None:
        """Fill the tensor with what seat ``player`` may see in ``state``."""
        self.tensor.fill(0.0)
        stepper = state.stepper
        prefix = stepper.visible_prefix(player)
        stepper.encoding.observe(stepper.state, player, prefix, self.dict["observation"])

    def string_from(self, state: ArenaState, player: int) -> str:
        """What seat ``player`` may see in ``state``, as text."""
        return state.stepper.observation_string(player)


def _game_class(game_type: GameType) -> type[ArenaGame]:
    words = game_type.short_name.title().replace("_", "")
    return type(
        f"{words}OpenSpielGame",
        (ArenaGame,),
        {"arena_type": game_type, "openspiel_type": openspiel_game_type(game_type)},
    )


def register() -> list[str]:
    """Register every game with an encoding that pyspiel does not know yet.

    Returns:
        OpenSpiel's names of all the Connect Arena games registered.
    """
    known = set(pyspiel.registered_names())
    names = []
    for name in game_names():
        if not has_encoding(name):
            continue
        names.append(openspiel_name(name))
        if openspiel_name(name) not in known:
            game_type = game_class(name).game_type
            pyspiel.register_game(openspiel_game_type(game_type), _game_class(game_type))
    return names


GAMES = register()
"""OpenSpiel's names of the registered games."""
