"""Driving a whole game with agents and an injected random source for chance nodes."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from connect_arena.agents.base import Agent
from connect_arena.core.chance import sample_chance_outcome
from connect_arena.core.game import CHANCE, Action, State

AI_ONLY_OPTIONS: dict[str, dict[str, int]] = {
    "quinque": {"max_turns": 300},
    "connect5": {"idle_limit": 200},
    "pairs": {"max_rounds": 500},
}
"""Anti-endless limits that drivers with no human seat (``simulate``, ``tournament``) apply
unless the user sets the option: the rulebooks have no limit, and computers can shuffle tiles
or tokens for ever where people would not. Each is a documented option of its game (a tie or
0 points when reached); records hold it like any option."""


def ai_only_options(game: str, given: Mapping[str, object]) -> dict[str, object]:
    """``given`` plus the game's :data:`AI_ONLY_OPTIONS` for keys the user did not set."""
    return {**AI_ONLY_OPTIONS.get(game, {}), **given}


def step(state: State[Action], agents: Sequence[Agent], rng: random.Random) -> tuple[int, Action]:
    """Apply one action: a chance outcome from ``rng``, or the lowest active seat's choice.

    Returns:
        ``(player, action)`` that was applied (``player`` is ``CHANCE`` for chance).
    """
    if state.is_chance_node():
        action = sample_chance_outcome(state, rng)
        state.apply_legal_action(action, CHANCE)
        return CHANCE, action
    player = min(state.active_players())
    action = agents[player].act(state, player)
    state.apply_action(action, player)
    return player, action


def play_game(
    state: State[Action],
    agents: Sequence[Agent],
    rng: random.Random,
    max_actions: int | None = None,
    on_action: Callable[[State[Action], int, Action], None] | None = None,
) -> State[Action]:
    """Play ``state`` to the end (or ``max_actions``) in place and return it.

    Args:
        state: the starting state; it is modified.
        agents: one agent per seat.
        rng: source of chance outcomes.
        max_actions: stop after this many actions even if the game is not over.
        on_action: called after each action with ``(state, player, action)``.

    Raises:
        ValueError: the number of agents does not match the number of seats.
    """
    if len(agents) != state.game.num_players:
        raise ValueError(f"{state.game.num_players} agents needed, got {len(agents)}")
    count = 0
    while not state.is_terminal() and (max_actions is None or count < max_actions):
        player, action = step(state, agents, rng)
        count += 1
        if on_action is not None:
            on_action(state, player, action)
    return state
