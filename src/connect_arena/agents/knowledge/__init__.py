"""Per-game knowledge for the agents: a position evaluation, a rollout policy, how to value a
cut-off rollout, and the settings of the levels ``easy``/``normal``/``hard``.

A game's kit names its knowledge (the ``knowledge`` part, e.g.
``"connect_arena.agents.knowledge.quinque:KNOWLEDGE"``: one module per built-in game);
:func:`knowledge_for` imports it on first use, so the engines never import the agents. Games
without one (toy games, third-party games whose kit names none, unregistered games) get
uniform rollouts, their returns as evaluation and the default levels (:data:`DEFAULT_LEVELS`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from connect_arena.core.errors import UnknownGameError
from connect_arena.core.game import Action, State
from connect_arena.core.registry import kit_of

Evaluation = Callable[[State[Any], int], float]
"""``(state, player) -> float``: how good ``state`` is for ``player`` (higher is better)."""

RolloutPolicy = Callable[[State[Any], int, Any], Action]
"""``(state, player, rng) -> action``: a legal action of ``player`` for a rollout."""

LeafValues = Callable[[State[Any]], list[float]]
"""``state -> values``: every seat's value of an unfinished position on the scale of the
game's ``returns()`` (a search's leaf; see :attr:`Knowledge.leaf`)."""

PriorScores = Callable[[State[Any], int, list[Action]], list[float]]
"""``(state, player, actions) -> scores``: how promising each of ``player``'s legal
``actions`` is (higher first; see :attr:`Knowledge.prior`)."""

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
        margin: ``None``: a rollout that reaches the end of the game is valued by the game's
            ``returns()``. A number of points: it is valued by the score margin instead,
            ``tanh((own points - best other seat's points) / margin)`` per seat, in (-1, 1)
            (the game's ``points()``; games of 2+ seats that each score their own, not
            teams). A win by one point and a win by thirty then differ, so each rollout of a
            game where luck decides much tells the search more than its ±1 (less variance).
        paired: ``True``: common random numbers (:class:`~connect_arena.agents.mcts.MCTSAgent`'s
            ``paired``): the ``n``-th simulation through each action of the root draws the
            same chance outcomes and the same rollout tie-breaks per seat, so the root's
            actions are compared on the same futures (the dice of a game where luck decides
            much cancel out of the comparison instead of drowning it).
        rollout: ``None``: the game's rollout policy (:attr:`Knowledge.rollout`); else the
            name of one of the game's other policies (:attr:`Knowledge.rollouts`).
    """

    iterations: int
    seconds: float | None = 1.0
    max_rollout: int = 40
    exploration: float = 1.4
    widening: float | None = None
    margin: float | None = None
    paired: bool = False
    rollout: str | None = None


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
        leaf: ``None``, or the values of an unfinished position on the scale of ``returns()``
            (used instead of ``leaf_scale``'s squashing: e.g. a solo game whose return is the
            score is valued by its estimated final score).
        prior: ``None``, or scores of a node's legal actions: MCTS expands a node's actions
            best score first (random order among equal scores) instead of in random order,
            so progressive widening searches the promising ones.
        widening: default progressive-widening exponent α (``None``: expand every action).
        levels: the game's settings for ``easy``/``normal``/``hard`` (missing ones: defaults).
        rollouts: other rollout policies by name, for the levels that name one
            (:attr:`Level.rollout`).
        solo: ``None``, or the action for a seat left alone: every other seat can only pass
            for the rest of the round, so nothing is left to search for but the quickest
            way to the round's end that scores most (``None`` when not alone). Every agent
            but ``random`` plays it, so that a live table does not go on for ever.
    """

    evaluate: Evaluation
    evaluate_all: Callable[[State[Any]], list[float]] | None = None
    rollout: RolloutPolicy | None = None
    leaf_scale: float | None = None
    leaf: LeafValues | None = None
    prior: PriorScores | None = None
    widening: float | None = None
    levels: Mapping[str, Level] = field(default_factory=dict)
    solo: SoloPolicy | None = None
    rollouts: Mapping[str, RolloutPolicy] = field(default_factory=dict)


DEFAULT_LEVELS: Mapping[str, Level] = {
    "easy": Level(iterations=100, seconds=0.1, max_rollout=20, exploration=2.5),
    "normal": Level(iterations=400, seconds=0.4, max_rollout=40),
    "hard": Level(iterations=1000, seconds=1.0, max_rollout=60),
}
"""Levels of games whose knowledge does not set them."""

_CACHE: dict[str, Knowledge | None] = {}


def knowledge_for(game_name: str) -> Knowledge | None:
    """The knowledge about the game registered as ``game_name`` (its kit's ``knowledge``
    part), or ``None`` when there is none (or no such game).

    Raises:
        TypeError: the kit's part is not a :class:`Knowledge`.
    """
    if game_name not in _CACHE:
        try:
            found = kit_of(game_name).load("knowledge")
        except UnknownGameError:
            found = None
        if found is not None and not isinstance(found, Knowledge):
            raise TypeError(f"the knowledge of {game_name!r} is not a Knowledge: {found!r}")
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
