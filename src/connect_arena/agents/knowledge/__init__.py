"""Per-game knowledge for the agents: a position evaluation, a rollout policy, how to value a
cut-off rollout, and the settings of the levels ``easy``/``normal``/``hard``.

One module per game (``knowledge/<game name>.py``) defines ``KNOWLEDGE``; :func:`knowledge_for`
imports it on first use, so the engines never import the agents. Games without a module (toy
games, third-party games) get uniform rollouts, their returns as evaluation and the default
levels of :mod:`connect_arena.agents.levels`.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from connect_arena.core.game import Action, State

Evaluation = Callable[[State[Any], int], float]
"""``(state, player) -> float``: how good ``state`` is for ``player`` (higher is better)."""

RolloutPolicy = Callable[[State[Any], int, Any], Action]
"""``(state, player, rng) -> action``: a legal action of ``player`` for a rollout."""

SoloPolicy = Callable[[State[Any], int], Action | None]
"""``(state, player) -> action or None``: the action to play without a search when
``player`` is the only seat that can still act (see :attr:`Knowledge.solo`)."""


@dataclass(frozen=True, slots=True)
class Level:
    """The MCTS settings of a level.

    Attributes:
        iterations: simulations per decision (what makes a level reproducible for a seed).
        seconds: cap on the thinking time per decision, in seconds (reached only on a slow or
            busy machine; ``None``: no cap).
        max_rollout: actions played in a rollout before it is valued with the evaluation
            (``0``: value the new leaf at once).
        exploration: the UCT constant ``c`` (returns rescaled to [0, 1]).
        widening: progressive-widening exponent α, ``None`` for the game's default.
    """

    iterations: int
    seconds: float | None = 1.0
    max_rollout: int = 40
    exploration: float = 1.4
    widening: float | None = None


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What the agents know about one game.

    Attributes:
        evaluate: position evaluation for the greedy agent and cut-off rollouts.
        evaluate_all: optional ``state -> [evaluate(state, seat) for every seat]`` computed
            at once (faster for MCTS leaves).
        rollout: rollout policy (``None``: uniform among the legal actions).
        leaf_scale: evaluation difference that counts as "clearly ahead"; a cut-off rollout is
            valued ``tanh(evaluate / leaf_scale)`` per seat. ``None``: valued with ``returns()``.
        widening: default progressive-widening exponent α (``None``: expand every action).
        levels: the game's settings for ``easy``/``normal``/``hard`` (missing ones: defaults).
        solo: ``None``, or the action for a seat left alone: every other seat can only pass
            for the rest of the round, so nothing is left to search for but the quickest
            way to the round's end that scores most (``None`` when not alone). Every agent
            but ``random`` plays it, so that a live table does not go on for ever.
    """

    evaluate: Evaluation
    evaluate_all: Callable[[State[Any]], list[float]] | None = None
    rollout: RolloutPolicy | None = None
    leaf_scale: float | None = None
    widening: float | None = None
    levels: Mapping[str, Level] = field(default_factory=dict)
    solo: SoloPolicy | None = None


DEFAULT_LEVELS: Mapping[str, Level] = {
    "easy": Level(iterations=100, seconds=0.1, max_rollout=20, exploration=2.5),
    "normal": Level(iterations=400, seconds=0.4, max_rollout=40),
    "hard": Level(iterations=1000, seconds=1.0, max_rollout=60),
}
"""Levels of games whose knowledge does not set them."""

_CACHE: dict[str, Knowledge | None] = {}


def knowledge_for(game_name: str) -> Knowledge | None:
    """The knowledge about the game called ``game_name`` (the module ``knowledge/<name>.py``),
    or ``None`` when there is none."""
    if game_name not in _CACHE:
        found: Knowledge | None = None
        if game_name.isidentifier():
            module = f"{__name__}.{game_name}"
            if importlib.util.find_spec(module) is not None:
                found = importlib.import_module(module).KNOWLEDGE
        _CACHE[game_name] = found
    return _CACHE[game_name]


def level_settings(game_name: str, level: str) -> Level:
    """The settings of ``level`` (``easy``/``normal``/``hard``) for the game ``game_name``.

    Raises:
        KeyError: unknown level.
    """
    known = knowledge_for(game_name)
    if known is not None and level in known.levels:
        return known.levels[level]
    return DEFAULT_LEVELS[level]
