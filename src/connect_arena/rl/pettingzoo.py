"""PettingZoo environments of every game, on the fixed action encoding (needs the ``rl`` extra).

``env("quinque")`` is an AEC environment (agents ``player_0`` … ``player_{n-1}``, seat order);
``parallel_env("connnect", 3)`` the same game behind the parallel API. Both use the encoding of
:mod:`connect_arena.rl.encoding` and the :class:`~connect_arena.rl.stepper.Stepper`, like the
OpenSpiel adapter, so a policy trained here plays there:

* an **action** is one id of the encoding, ``Discrete(num_distinct_actions)``; a multi-part
  engine action (a Connect 5 capture chain, a CO'NNN'ECT claim) takes several steps of the same
  agent;
* an **observation** is ``{"observation": planes, "action_mask": mask}``: the encoding's float32
  planes of what that seat may see (``Box(0, high, observation_shape)``, ``high`` 1.0 and 1.5
  for CO'NNN'ECT, each the largest value a plane reaches) and an int8 mask of the ids it may
  choose now (all zeros for an agent that does not act now); with ``observation="planes"``,
  the planes alone (a ``Box``) and the mask in each agent's info (``info["action_mask"]``);
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
from collections.abc import Mapping
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
REWARDS = ("terminal", "shaped")
"""``terminal``: the engine's returns at the end, 0 before; ``shaped``: also, at every step,
the change of each agent's progress towards the goal (the encoding's ``progress``, 0 to 1: a
potential-based shaping, so the best policies stay the best). Connect Pairs only."""
OBSERVATION_FORMS = ("dict", "planes")
"""``dict``: ``{"observation": planes, "action_mask": mask}`` (PettingZoo's classic games' form);
``planes``: the planes alone (a ``Box``, which ``api_test`` checks without warnings), the mask
in each agent's info (``info["action_mask"]``)."""
PICTURE_WIDTH = 480
"""Width in pixels of an ``rgb_array`` frame (the height follows the picture's proportions)."""


def agent_name(seat: int) -> str:
    """The agent id of a 0-based seat: ``player_0``, ``player_1`` …"""
    return f"player_{seat}"


class Draws:
    """Uniform floats in ``[0, 1)`` from a numpy generator, taken :data:`BATCH` at a time:
    the same floats, in the same order, as one ``generator.random()`` per draw (numpy fills
    an array with the very draws its scalar calls make), at a fraction of a call's cost.

    :meth:`settle` puts the generator where one call per draw would have left it (its state
    before the batch, then the draws used), so that whoever draws from it next gets the
    stream they would have got without the batch; :attr:`_Table.np_random` settles before it
    hands the generator out.

    Args:
        generator: a ``numpy.random.Generator`` (any bit generator).
    """

    BATCH = 64

    def __init__(self, generator: np.random.Generator) -> None:
        self.generator = generator
        self._batch: list[float] = []
        self._used = 0
        self._saved: Mapping[str, Any] = {}  # the bit generator's state before the batch

    def draw(self) -> float:
        """The next float of the stream."""
        used = self._used
        batch = self._batch
        if used == len(batch):  # all used: the generator stands where the calls would leave it
            self._saved = self.generator.bit_generator.state
            batch = self._batch = self.generator.random(self.BATCH).tolist()
            used = 0
        self._used = used + 1
        return batch[used]

    def settle(self) -> np.random.Generator:
        """The generator, moved back to where one ``random()`` per draw so far would have left
        it (the unused part of the batch is dropped)."""
        if self._used < len(self._batch):
            generator = self.generator
            generator.bit_generator.state = self._saved
            if self._used:
                generator.random(self._used)
            self._batch, self._used = [], 0
        return self.generator


class _Table:
    """What both APIs share: the game, its spaces, the stepper, chance draws and rendering.

    Args:
        game: the registered name of the game.
        num_players: seats (default: the game's default).
        render_mode: ``None`` or one of :data:`RENDER_MODES`.
        illegal_action: one of :data:`ILLEGAL_ACTIONS`.
        observation: one of :data:`OBSERVATION_FORMS`.
        reward: one of :data:`REWARDS`.
        **options: game options (strings are coerced, as on the command line).

    Raises:
        UnknownGameError, InvalidOptionError: a bad game, player count or option.
        ValueError: an unknown render mode, illegal-action policy, observation form or reward,
            or a shaped reward for a game that offers none.
    """

    def __init__(
        self,
        game: str,
        num_players: int | None,
        render_mode: str | None,
        illegal_action: str,
        observation: str = "dict",
        reward: str = "terminal",
        **options: object,
    ) -> None:
        if observation not in OBSERVATION_FORMS:
            raise ValueError(f"observation is one of {OBSERVATION_FORMS}, not {observation!r}")
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {REWARDS}, not {reward!r}")
        self.planes = observation == "planes"
        self.shaped = reward == "shaped"
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"unknown render mode {render_mode!r} (known: {RENDER_MODES})")
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(f"illegal_action is one of {ILLEGAL_ACTIONS}, not {illegal_action!r}")
        self.illegal_action = illegal_action
        self.forfeit: str | None = None
        """The agent that chose an illegal id and lost (``"lose"`` policy), else ``None``."""
        self.game: Game = load(game, num_players, **ai_only_options(game, options))
        self.encoding = encoding_for(self.game)
        if self.shaped and self.encoding.progress(self.game.new_initial_state(), 0) is None:
            raise ValueError(f"{game} offers no shaped reward (only Connect Pairs does)")
        self.render_mode = render_mode
        self.seats = self.game.num_players
        self.names = [agent_name(seat) for seat in range(self.seats)]
        size = self.encoding.num_distinct_actions
        high = self.encoding.observation_high  # 1.0, CO'NNN'ECT 1.5: what a plane reaches
        planes = gymnasium.spaces.Box(0.0, high, self.encoding.observation_shape, np.float32)
        mask = gymnasium.spaces.Box(0, 1, (size,), np.int8)
        self.observation_spaces: dict[str, gymnasium.spaces.Space[Any]] = {
            name: planes
            if self.planes
            else gymnasium.spaces.Dict({"observation": planes, "action_mask": mask})
            for name in self.names
        }
        self.action_spaces = {name: gymnasium.spaces.Discrete(size) for name in self.names}
        self.stepper = Stepper(self.encoding, self.game.new_initial_state())
        generator, self.np_random_seed = seeding.np_random()
        self.draws = Draws(generator)

    @property
    def np_random(self) -> np.random.Generator:
        """The chance generator, where one ``random()`` per outcome drawn so far leaves it
        (:meth:`Draws.settle`): drawing from it gives the same stream as without the batch."""
        return self.draws.settle()

    @np_random.setter
    def np_random(self, generator: np.random.Generator) -> None:
        self.draws = Draws(generator)

    def new_game(self, seed: int | None) -> None:
        """A fresh game; ``seed`` reseeds the chance generator (else it goes on)."""
        if seed is not None:
            generator, self.np_random_seed = seeding.np_random(seed)
            self.draws = Draws(generator)
        self.stepper = Stepper(self.encoding, self.game.new_initial_state())
        self.forfeit = None
        self.draw_chance()

    def draw_chance(self) -> None:
        """Draw chance outcomes until a seat acts or the game ends."""
        stepper = self.stepper
        while stepper.current_player == CHANCE:
            stepper.sample_chance(self.draws.draw())

    def play(self, name: str, action: object) -> int | None:
        """Apply ``name``'s action id, then the chance outcomes that follow (drawn from
        :attr:`np_random`, one ``random()`` each, taken in batches: :class:`Draws`). An
        illegal id (not an integer, or not legal now) ends the game with ``name`` as
        :attr:`forfeit`.

        Returns:
            The seat to act now (``TERMINAL`` at the end); ``None`` after a forfeit.

        Raises:
            ValueError: an illegal id under the ``"raise"`` policy (nothing changes).
        """
        try:
            draw = self.draws.draw  # a float in [0, 1) per call, from the batch
            # one compiled call from the id to the next seat: no Python layer per outcome
            return self.stepper.apply_and_draw(int(action), draw)  # type: ignore[call-overload]
        except (TypeError, ValueError) as error:
            self.refuse(name, error)
            return None

    def refuse(self, name: str, error: Exception) -> None:
        """``name``'s id was refused with ``error``: raise under the ``"raise"`` policy, else
        end the game with ``name`` as :attr:`forfeit`.

        Raises:
            ValueError: under the ``"raise"`` policy (nothing changed).
        """
        if self.illegal_action == "raise":
            raise ValueError(f"{name}: {error}") from None
        gymnasium.logger.warn(f"{name} chose an illegal action ({error}): it loses")
        self.forfeit = name

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

    def mask(self, name: str) -> npt.NDArray[np.int8]:
        """The int8 mask of the ids agent ``name`` may choose now."""
        mask = np.zeros(self.encoding.num_distinct_actions, np.int8)
        mask[self.stepper.legal_ids(self.names.index(name))] = 1
        return mask

    def observe(self, name: str) -> Observation | npt.NDArray[np.float32]:
        """``{"observation": planes, "action_mask": mask}`` of agent ``name`` (the planes
        alone in the ``planes`` form)."""
        planes = self.stepper.observation_tensor(self.names.index(name))
        if self.planes:
            return planes
        return {"observation": planes, "action_mask": self.mask(name)}

    def returns(self) -> dict[str, float]:
        """Each agent's return: the engine's at the end, 0 before; after a forfeit, -1 for
        the offender and 0 for the others."""
        if self.forfeit is not None:
            return {name: ILLEGAL_PENALTY if name == self.forfeit else 0.0 for name in self.names}
        return dict(zip(self.names, self.stepper.returns(), strict=True))

    def progress(self) -> dict[str, float]:
        """Each agent's progress towards the goal now (shaped rewards), 0 to 1."""
        state = self.stepper.state
        return {
            name: self.encoding.progress(state, seat) or 0.0 for seat, name in enumerate(self.names)
        }

    def shaping(self, before: dict[str, float]) -> dict[str, float]:
        """Each agent's shaped reward for the step from ``before`` (:meth:`progress`)."""
        after = self.progress()
        return {name: after[name] - before[name] for name in self.names}

    def infos(self) -> dict[str, dict[str, Any]]:
        """Each agent's info: ``{}``, or ``{"illegal_action": True}`` for the offender; in the
        ``planes`` form also ``"action_mask"``."""
        infos: dict[str, dict[str, Any]] = {
            name: {"illegal_action": True} if name == self.forfeit else {} for name in self.names
        }
        if self.planes:
            for name, info in infos.items():
                info["action_mask"] = self.mask(name)
        return infos

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
        observation: ``"dict"`` (planes and mask) or ``"planes"`` (the mask in the infos).
        reward: ``"terminal"`` or ``"shaped"`` (Connect Pairs: progress at every step).
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
        observation: str = "dict",
        reward: str = "terminal",
        **options: object,
    ) -> None:
        super().__init__()
        self.table = _Table(
            game, num_players, render_mode, illegal_action, observation, reward, **options
        )
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
        # the usual step keeps this dict of zeros (a new one per step was 6% of a step)
        self.rewards = self._zeros = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = self.table.infos()
        self.agent_selection = self.table.acting()

    def observe(self, agent: str) -> Observation | npt.NDArray[np.float32]:
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
        before = table.progress() if table.shaped else None
        try:  # ``table.play`` written out: a Python call less on the hot path
            seat = table.stepper.apply_and_draw(int(action), table.draws.draw)  # type: ignore[arg-type]
        except (TypeError, ValueError) as error:
            table.refuse(agent, error)
            seat = None
        self._cumulative_rewards[agent] = 0.0
        if seat is not None and seat >= 0:  # the usual step: the game goes on
            self.agent_selection = table.names[seat]
            if table.planes:  # the masks travel in the infos
                self.infos = table.infos()
            if before is not None:
                self.rewards = table.shaping(before)
                self._accumulate_rewards()
            elif self.rewards is not self._zeros:  # terminal: zeros till then
                self.rewards = self._zeros = dict.fromkeys(self.agents, 0.0)
            return
        if table.over():
            self.rewards = table.returns()
            if before is not None and table.forfeit is None:
                shaped = table.shaping(before)
                self.rewards = {name: value + shaped[name] for name, value in self.rewards.items()}
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
        observation: str = "dict",
        reward: str = "terminal",
        **options: object,
    ) -> None:
        self.table = _Table(
            game, num_players, render_mode, illegal_action, observation, reward, **options
        )
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
    ) -> tuple[dict[str, Observation | npt.NDArray[np.float32]], dict[str, dict[str, Any]]]:
        """Start a new game; the observations and infos of every agent (empty, or with the
        ``action_mask`` in the ``planes`` form)."""
        self.table.new_game(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), self.table.infos()

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, Observation | npt.NDArray[np.float32]],
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
        table = self.table
        before = table.progress() if table.shaped else None
        table.play(mover, actions[mover])
        over = table.over()
        rewards = table.returns() if over else dict.fromkeys(self.agents, 0.0)
        if before is not None and table.forfeit is None:
            shaped = table.shaping(before)
            rewards = {name: value + shaped[name] for name, value in rewards.items()}
        observations = self._observations()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        infos = self.table.infos()
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _observations(self) -> dict[str, Observation | npt.NDArray[np.float32]]:
        return {agent: self.table.observe(agent) for agent in self.possible_agents}

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The frame of ``render_mode``: printed (``"human"``), text, or RGB pixels."""
        return self.table.render()

    def close(self) -> None:
        """Nothing to release."""

    def state(self) -> npt.NDArray[np.float32]:
        """The acting seat's observation planes (a global view for centralised critics)."""
        table = self.table
        return table.stepper.observation_tensor(table.names.index(table.acting()))


def env(
    game: str,
    num_players: int | None = None,
    render_mode: str | None = None,
    illegal_action: str = "lose",
    observation: str = "dict",
    reward: str = "terminal",
    **options: object,
) -> AECEnv:
    """The AEC environment of ``game`` (:class:`ConnectArenaEnv`, same arguments), wrapped to
    enforce the call order (``reset`` first), as PettingZoo's own games are."""
    made = ConnectArenaEnv(
        game, num_players, render_mode, illegal_action, observation, reward, **options
    )
    return OrderEnforcingWrapper(made)


def parallel_env(
    game: str,
    num_players: int | None = None,
    render_mode: str | None = None,
    illegal_action: str = "lose",
    observation: str = "dict",
    reward: str = "terminal",
    **options: object,
) -> ParallelEnv:
    """The parallel environment of ``game`` (:class:`ConnectArenaParallelEnv`, same
    arguments)."""
    return ConnectArenaParallelEnv(
        game, num_players, render_mode, illegal_action, observation, reward, **options
    )


@functools.cache
def player_counts(game: str) -> tuple[int, ...]:
    """The player counts of ``game`` (for building one environment per count)."""
    from connect_arena.core.registry import game_class

    return game_class(game).game_type.player_counts
