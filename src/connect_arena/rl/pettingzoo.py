"""PettingZoo environments of every game, on the fixed action encoding (needs the ``rl`` extra).

``env("quinque")`` is an AEC environment (agents ``player_0`` … ``player_{n-1}``, seat order);
``parallel_env("connnect", 3)`` the same game behind the parallel API. Both use the encoding of
:mod:`connect_arena.rl.encoding` and the :class:`~connect_arena.rl.stepper.Stepper`, like the
OpenSpiel adapter, so a policy trained here plays there:

* an **action** is one id of the encoding, ``Discrete(num_distinct_actions)``; a multi-part
  engine action (a Connect 5 capture chain, a CO'NNN'ECT claim) takes several steps of the same
  agent;
* an **observation** is ``{"observation": planes, "action_mask": mask}``: the encoding's float32
  planes of what that seat may see (``Box(0, 1.5, observation_shape)``) and an int8 mask of the
  ids it may choose now (all zeros for an agent that does not act now);
* **chance** (dice, shuffles, the first player) is drawn by the environment from its generator,
  seeded by ``reset(seed=…)``, with the engine's probabilities;
* **simultaneous phases** (CO'NNN'ECT's Fill and Claim) are played in their sequential form:
  the active seats act one after the other, lowest first, and none sees the others' choices
  before the phase resolves (the engine's observation hides them);
* **rewards** are the engine's returns once the game is over (0 before); every agent is then
  terminated. An **illegal id** ends the episode by default, as PettingZoo's own board games
  do (``TerminateIllegalWrapper``): the offender gets -1, every other agent 0, and the infos
  say ``{"illegal_action": id}``; ``illegal_action="raise"`` raises ``ValueError`` instead
  (and changes nothing). Games that could go on for ever get the game's anti-endless limit, as
  ``connect-arena simulate`` does (``GameType.anti_endless_option``), so every episode ends with
  ``terminated``; nothing is truncated;
* **render modes**: ``"human"`` prints the terminal rendering, ``"ansi"`` returns it as text,
  ``"rgb_array"`` returns the board picture the server draws (``service/pictures.py``), as an
  ``(height, width, 3)`` uint8 array.

The parallel environment asks every live agent for an action at each step and applies the one
of the agent to act (its mask is the only non-empty one); the others' actions are ignored.
"""

from __future__ import annotations

import functools
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]  # no type hints
from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped]

from connect_arena.agents.playout import ai_only_options
from connect_arena.core.game import CHANCE, Game
from connect_arena.core.registry import load
from connect_arena.rl.encoding import encoding_for
from connect_arena.rl.stepper import Stepper

Observation = dict[str, npt.NDArray[Any]]
RENDER_MODES = ("human", "ansi", "rgb_array")
ILLEGAL_ACTIONS = ("lose", "raise")
"""What an illegal id does: end the episode with -1 for the offender, or raise ``ValueError``."""
ILLEGAL_PENALTY = -1.0
OBSERVATION_HIGH = 1.5
"""The largest value of an observation plane, unless the encoding declares its own
(``observation_high``): planes are 0/1 or fractions, except CO'NNN'ECT's pending-dice planes,
which count 0.5 per die (three dice of one value: 1.5)."""
PICTURE_WIDTH = 480
"""Width in pixels of an ``rgb_array`` frame (the height follows the picture's proportions)."""


def agent_name(seat: int) -> str:
    """The agent id of a 0-based seat: ``player_0``, ``player_1`` …"""
    return f"player_{seat}"


class _Table:
    """What both APIs share: the game, its spaces, the stepper, chance draws and rendering.

    Args:
        game: the registered name of the game.
        num_players: seats (default: the game's default).
        render_mode: ``None`` or one of :data:`RENDER_MODES`.
        illegal_action: one of :data:`ILLEGAL_ACTIONS`.
        **options: game options (strings are coerced, as on the command line).

    Raises:
        UnknownGameError, InvalidOptionError: a bad game, player count or option.
        ValueError: an unknown render mode or illegal-action policy.
    """

    def __init__(
        self,
        game: str,
        num_players: int | None,
        render_mode: str | None,
        illegal_action: str,
        **options: object,
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"unknown render mode {render_mode!r} (known: {RENDER_MODES})")
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(f"illegal_action is one of {ILLEGAL_ACTIONS}, not {illegal_action!r}")
        self.illegal_action = illegal_action
        self.forfeit: str | None = None
        """The agent that chose an illegal id and lost (``"lose"`` policy), else ``None``."""
        self.game: Game = load(game, num_players, **ai_only_options(game, options))
        self.encoding = encoding_for(self.game)
        self.render_mode = render_mode
        self.seats = self.game.num_players
        self.names = [agent_name(seat) for seat in range(self.seats)]
        size = self.encoding.num_distinct_actions
        high = float(getattr(self.encoding, "observation_high", OBSERVATION_HIGH))
        self.observation_spaces = {
            name: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(
                        0.0, high, self.encoding.observation_shape, np.float32
                    ),
                    "action_mask": gymnasium.spaces.Box(0, 1, (size,), np.int8),
                }
            )
            for name in self.names
        }
        self.action_spaces = {name: gymnasium.spaces.Discrete(size) for name in self.names}
        self.stepper = Stepper(self.encoding, self.game.new_initial_state())
        self.np_random, self.np_random_seed = seeding.np_random()

    def new_game(self, seed: int | None) -> None:
        """A fresh game; ``seed`` reseeds the chance generator (else it goes on)."""
        if seed is not None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
        self.stepper = Stepper(self.encoding, self.game.new_initial_state())
        self.forfeit = None
        self.draw_chance()

    def draw_chance(self) -> None:
        """Draw chance outcomes until a seat acts or the game ends."""
        stepper = self.stepper
        while stepper.current_player == CHANCE:
            stepper.sample_chance(float(self.np_random.random()))

    def play(self, name: str, action: object) -> None:
        """Apply ``name``'s action id, then the chance outcomes that follow. An illegal id
        (not an integer, or not legal now) ends the game with ``name`` as :attr:`forfeit`.

        Raises:
            ValueError: an illegal id under the ``"raise"`` policy (nothing changes).
        """
        try:
            self.stepper.apply_id(int(action))  # type: ignore[call-overload]
        except (TypeError, ValueError) as error:
            if self.illegal_action == "raise":
                raise ValueError(f"{name}: {error}") from None
            gymnasium.logger.warn(f"{name} chose an illegal action ({error}): it loses")
            self.forfeit = name
            return
        self.draw_chance()

    def over(self) -> bool:
        """Whether the episode is over (the game, or a forfeit)."""
        return self.forfeit is not None or self.stepper.is_terminal()

    def acting(self) -> str:
        """The agent to act now (the last mover's neighbour once the game is over)."""
        seat = self.stepper.current_player
        if self.forfeit is not None:
            return self.forfeit
        if seat < 0:
            last = self.stepper.state.history[-1].player if self.stepper.state.history else 0
            seat = (max(last, 0) + 1) % self.seats
        return self.names[seat]

    def observe(self, name: str) -> Observation:
        """``{"observation": planes, "action_mask": mask}`` of agent ``name``."""
        seat = self.names.index(name)
        mask = np.zeros(self.encoding.num_distinct_actions, np.int8)
        mask[self.stepper.legal_ids(seat)] = 1
        return {"observation": self.stepper.observation_tensor(seat), "action_mask": mask}

    def returns(self) -> dict[str, float]:
        """Each agent's return: the engine's at the end, 0 before; after a forfeit, -1 for
        the offender and 0 for the others."""
        if self.forfeit is not None:
            return {name: ILLEGAL_PENALTY if name == self.forfeit else 0.0 for name in self.names}
        return dict(zip(self.names, self.stepper.returns(), strict=True))

    def infos(self) -> dict[str, dict[str, Any]]:
        """Each agent's info: ``{}``, or ``{"illegal_action": True}`` for the offender."""
        return {
            name: {"illegal_action": True} if name == self.forfeit else {} for name in self.names
        }

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The frame of the render mode (see the module docstring)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode: nothing to draw")
            return None
        from connect_arena.rl import frames  # Rich and the service's pictures: loaded on use

        state = self.stepper.state
        if self.render_mode == "rgb_array":
            return frames.picture_rgb(self.game, state, PICTURE_WIDTH)
        if self.render_mode == "ansi":
            return frames.terminal_text(state)
        frames.print_terminal(state)
        return None


class ConnectArenaEnv(AECEnv):  # type: ignore[misc]  # pettingzoo has no type hints
    """The AEC environment of one game (see the module docstring).

    Args:
        game: the registered name of the game (``"quinque"``, ``"connect5"``, ``"connnect"``,
            ``"pairs"``).
        num_players: seats (default: the game's default).
        render_mode: ``None``, ``"human"``, ``"ansi"`` or ``"rgb_array"``.
        illegal_action: ``"lose"`` (the episode ends, -1 for the offender) or ``"raise"``.
        **options: game options, as ``connect-arena games`` lists them.

    Raises:
        UnknownGameError, InvalidOptionError: a bad game, player count or option.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's convention
        "render_modes": list(RENDER_MODES),
        "name": "connect_arena_v0",
        "is_parallelizable": True,
        "render_fps": 2,
    }

    def __init__(
        self,
        game: str,
        num_players: int | None = None,
        render_mode: str | None = None,
        illegal_action: str = "lose",
        **options: object,
    ) -> None:
        super().__init__()
        self.table = _Table(game, num_players, render_mode, illegal_action, **options)
        self.render_mode = render_mode
        self.possible_agents = list(self.table.names)
        self.observation_spaces = self.table.observation_spaces
        self.action_spaces = self.table.action_spaces
        self.metadata = {**self.metadata, "name": f"connect_arena_{self.table.game.name}_v0"}

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The (cached) observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The (cached) action space of ``agent``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game (``seed``: the chance generator's, else it goes on)."""
        self.table.new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.table.acting()

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees now, with the mask of its legal ids."""
        return self.table.observe(agent)

    def step(self, action: int | None) -> None:
        """Apply the selected agent's id (``None`` for an agent already terminated).

        Raises:
            ValueError: an id the agent may not choose now (nothing changes).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        table.play(agent, action)
        self._cumulative_rewards[agent] = 0.0
        seat = table.stepper.current_player
        if seat >= 0 and table.forfeit is None:  # the usual step: the game goes on
            self.rewards = dict.fromkeys(self.agents, 0.0)  # terminal rewards: zeros till then
            self.agent_selection = table.names[seat]
            return
        if table.over():
            self.rewards = table.returns()
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos = table.infos()
            self._accumulate_rewards()
        else:  # rewards are terminal: zeros until the end (nothing to accumulate)
            self.rewards = dict.fromkeys(self.agents, 0.0)
        self.agent_selection = table.acting()

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The frame of ``render_mode``: printed (``"human"``), text, or RGB pixels."""
        return self.table.render()

    def close(self) -> None:
        """Nothing to release (no window, no process)."""


class ConnectArenaParallelEnv(ParallelEnv):  # type: ignore[misc]  # no type hints
    """The parallel environment of one game: every live agent gives an action at each step;
    the acting agent's is applied, the others' are ignored (their masks are empty).

    Arguments and errors as :class:`ConnectArenaEnv`.
    """

    metadata: dict[str, Any] = ConnectArenaEnv.metadata

    def __init__(
        self,
        game: str,
        num_players: int | None = None,
        render_mode: str | None = None,
        illegal_action: str = "lose",
        **options: object,
    ) -> None:
        self.table = _Table(game, num_players, render_mode, illegal_action, **options)
        self.render_mode = render_mode
        self.possible_agents = list(self.table.names)
        self.agents: list[str] = []
        self.observation_spaces = self.table.observation_spaces
        self.action_spaces = self.table.action_spaces
        self.metadata = {**self.metadata, "name": f"connect_arena_{self.table.game.name}_v0"}

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The (cached) observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The (cached) action space of ``agent``."""
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Start a new game; the observations and (empty) infos of every agent."""
        self.table.new_game(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {agent: {} for agent in self.agents}

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Apply the acting agent's action from ``actions``.

        Raises:
            ValueError: the acting agent gave no action, or one it may not choose now.
        """
        if not self.agents:
            raise ValueError("the game is over: call reset()")
        mover = self.table.acting()
        if mover not in actions:
            raise ValueError(f"{mover} is to act and gave no action")
        self.table.play(mover, actions[mover])
        over = self.table.over()
        rewards = self.table.returns() if over else dict.fromkeys(self.agents, 0.0)
        observations = self._observations()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        infos = self.table.infos()
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _observations(self) -> dict[str, Observation]:
        return {agent: self.table.observe(agent) for agent in self.possible_agents}

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The frame of ``render_mode``: printed (``"human"``), text, or RGB pixels."""
        return self.table.render()

    def close(self) -> None:
        """Nothing to release."""

    def state(self) -> npt.NDArray[np.float32]:
        """The acting seat's observation planes (a global view for centralised critics)."""
        return self.table.observe(self.table.acting())["observation"]


def env(
    game: str,
    num_players: int | None = None,
    render_mode: str | None = None,
    illegal_action: str = "lose",
    **options: object,
) -> AECEnv:
    """The AEC environment of ``game`` (:class:`ConnectArenaEnv`, same arguments), wrapped to
    enforce the call order (``reset`` first), as PettingZoo's own games are."""
    made = ConnectArenaEnv(game, num_players, render_mode, illegal_action, **options)
    return OrderEnforcingWrapper(made)


def parallel_env(
    game: str,
    num_players: int | None = None,
    render_mode: str | None = None,
    illegal_action: str = "lose",
    **options: object,
) -> ParallelEnv:
    """The parallel environment of ``game`` (:class:`ConnectArenaParallelEnv`, same
    arguments)."""
    return ConnectArenaParallelEnv(game, num_players, render_mode, illegal_action, **options)


@functools.cache
def player_counts(game: str) -> tuple[int, ...]:
    """The player counts of ``game`` (for building one environment per count)."""
    from connect_arena.core.registry import game_class

    return game_class(game).game_type.player_counts
