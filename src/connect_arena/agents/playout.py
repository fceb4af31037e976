"""Driving a whole game with agents and an injected random source for chance nodes."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from connect_arena.agents.base import Agent
from connect_arena.core.chance import sample_chance_outcome
from connect_arena.core.game import CHANCE, Action, State
from connect_arena.core.registry import game_class


def ai_only_options(game: str, given: Mapping[str, object]) -> dict[str, object]:
    """``given`` plus the game's anti-endless limit for drivers with no human seat
    (``simulate``, ``tournament``), unless the user set it.

    The rulebooks have no limit, and computers can shuffle tiles or tokens for ever where people
    would not. The option and its value are the game's declaration
    (``GameType.anti_endless_option`` / ``anti_endless_default``): a documented option of the
    game (a tie or 0 points when reached) that records hold like any option.

    Raises:
        UnknownGameError: no game ``game``.
    """
    declared = game_class(game).game_type
    if declared.anti_endless_option is None:
        return dict(given)
    return {declared.anti_endless_option: declared.anti_endless_default, **given}


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
