"""OpenSpiel's Python ``MCTSBot`` as a Connect Arena agent, through the OpenSpiel adapter
(:mod:`connect_arena.rl.openspiel`): the outside reference of the level ladder
(``benchmarks/ladder.py``, ``docs/agents.md``).

The bot searches the adapter's game (UCT, ``uct_c = 2``, one uniformly random rollout to the
end of the game per simulation, OpenSpiel's defaults in its examples) and answers one id of
the game's encoding at a time; a multi-part action (Connect 5's move, Quinque's tile moves) is
several ids of the same seat, chosen one after the other from the same position. The agent
searches what the seat knows (:func:`~connect_arena.core.simultaneous.decision_state`).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]  # OpenSpiel ships no type hints
from open_spiel.python.algorithms import mcts  # type: ignore[import-untyped]

from connect_arena.agents.base import Agent, Budget, legal_actions_or_raise
from connect_arena.agents.levels import make_agent
from connect_arena.core.game import Action, State
from connect_arena.core.simultaneous import decision_state
from connect_arena.rl.openspiel import ArenaGame, openspiel_name
from connect_arena.rl.stepper import Stepper

PREFIX = "openspiel:"
"""The spec of the bot: ``openspiel:N``, N simulations per id chosen."""


class OpenSpielMCTSAgent:
    """OpenSpiel's ``MCTSBot`` with ``simulations`` simulations per chosen id.

    Args:
        seed: seeds the bot's generator (its rollouts and ties): reproducible for a seed.
        simulations: simulations per id (a multi-part action costs that many per part).
        uct_c: the UCT exploration constant (returns in the game's utility range).
        name: the agent's label.
    """

    def __init__(
        self, seed: int | None, simulations: int, uct_c: float = 2.0, name: str | None = None
    ) -> None:
        self.name = name or f"{PREFIX}{simulations}"
        self.simulations = simulations
        self.uct_c = uct_c
        self._random = np.random.RandomState(random.Random(seed).randrange(2**32))
        self._games: dict[tuple[str, int, str], ArenaGame] = {}

    def _game(self, state: State[Action]) -> ArenaGame:
        """The adapter's game with the state's options and players (made once)."""
        game = state.game
        key = (game.name, game.num_players, repr(sorted(game.options.items())))
        if key not in self._games:
            params: dict[str, Any] = {"players": game.num_players, **game.options}
            self._games[key] = pyspiel.load_game(openspiel_name(game.name), params)
        return self._games[key]

    def act(self, state: State[Action], player: int, budget: Budget | None = None) -> Action:
        """The action the bot chooses for ``player`` (``budget`` is ignored: the bot takes
        simulation counts only).

        Raises:
            ValueError: ``player`` has no legal action.
        """
        legal_actions_or_raise(state, player)
        game = self._game(state)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self._random)
        bot = mcts.MCTSBot(
            game,
            uct_c=self.uct_c,
            max_simulations=self.simulations,
            evaluator=evaluator,
            random_state=self._random,
        )
        position = game.new_initial_state()
        position._stepper = Stepper(game.encoding, decision_state(state, player).clone())
        while True:
            chosen = bot.step(position)
            action = position.stepper.pending_action(chosen)
            if action is not None:
                return action
            position.apply_action(chosen)


def make_ladder_agent(spec: str, seed: int | None = None) -> Agent:
    """:func:`~connect_arena.agents.levels.make_agent`, plus ``openspiel:N``
    (:class:`OpenSpielMCTSAgent` with N simulations per id).

    Raises:
        ValueError: unknown spec, or N not a positive integer.
    """
    if spec.startswith(PREFIX):
        count = spec[len(PREFIX) :]
        if not (count.isdigit() and int(count) > 0):
            raise ValueError(f"openspiel:N takes a positive number of simulations, not {spec!r}")
        return OpenSpielMCTSAgent(seed, int(count))
    return make_agent(spec, seed)
