"""Monte Carlo tree search (UCT) for any game of the engine protocol.

* **Vector returns**: every node keeps the sum of returns of *every* seat, and a seat choosing at
  a node maximises its own mean return, so 2-5 players (and partners sharing a return) work
  unchanged.
* **Chance nodes** are explicit: the tree samples an outcome with its probability (from the
  agent's own seeded ``random.Random``) and keeps one child per outcome.
* **Simultaneous phases** are searched as a sequence of per-seat decisions (lowest active seat
  first), as in :mod:`connect_arena.core.perft`.
* Nodes keep raw returns; selection rescales mean returns to [0, 1] with the range of returns
  seen so far, so games scoring points (not ±1) get a sensible exploration constant.

References: Kocsis & Szepesvári 2006 (UCT); Browne et al. 2012 (survey); OpenSpiel's
``mcts.py`` for the vector-return convention.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from connect_arena.agents.base import Budget
from connect_arena.core.chance import sample_chance_outcome
from connect_arena.core.game import CHANCE, Action, State

RolloutPolicy = Callable[[State[Action], int, random.Random], Action]
"""Chooses a rollout action for ``player`` (default: uniform among the legal actions)."""


def uniform_rollout(state: State[Action], player: int, rng: random.Random) -> Action:
    """The default rollout policy: a uniformly random legal action."""
    return rng.choice(state.legal_actions(player))


@dataclass(slots=True)
class Node:
    """A search-tree node (the state is not stored: it is replayed along the path).

    Attributes:
        player: the seat choosing here, or ``CHANCE`` (``-4`` when terminal).
        visits: number of simulations through this node.
        totals: per-seat sum of the returns of those simulations.
        children: action → child.
        untried: legal actions not yet expanded (decision nodes).
    """

    player: int
    visits: int = 0
    totals: list[float] = field(default_factory=list)
    children: dict[Action, Node] = field(default_factory=dict)
    untried: list[Action] = field(default_factory=list)

    def mean(self, seat: int) -> float:
        """Mean return of ``seat`` through this node (0 if unvisited)."""
        return self.totals[seat] / self.visits if self.visits else 0.0


@dataclass(frozen=True, slots=True)
class Line:
    """One candidate of an analysis: an action, its visits and value, and the principal line."""

    action: Action
    visits: int
    value: float
    principal: tuple[Action, ...]


class MCTSAgent:
    """UCT search with vector returns and chance nodes.

    Args:
        seed: seed of the agent's random source.
        iterations: default simulations per decision (when the budget gives none).
        exploration: the UCT constant ``c`` (returns are normalised to [0, 1]).
        rollout: rollout policy.
        max_rollout: stop a rollout after this many actions and score it with the state's
            current ``returns()``.
        name: label for records and tables.
    """

    def __init__(
        self,
        seed: int | None = None,
        iterations: int = 1000,
        exploration: float = 1.4,
        rollout: RolloutPolicy = uniform_rollout,
        max_rollout: int = 400,
        name: str = "mcts",
    ) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.exploration = exploration
        self.rollout_policy = rollout
        self.max_rollout = max_rollout
        self.name = name
        self._low = math.inf
        self._high = -math.inf

    # ----- public API ---------------------------------------------------------------------------
    def act(self, state: State[Action], player: int, budget: Budget | None = None) -> Action:
        """The most visited action after searching from ``state`` for ``player``.

        Raises:
            ValueError: ``player`` has no legal action.
        """
        actions = state.legal_actions(player)
        if not actions:
            raise ValueError(f"{state.game.seat_name(player)} has no legal action")
        if len(actions) == 1:
            return actions[0]
        return self.analyse(state, player, budget)[0].action

    def analyse(
        self, state: State[Action], player: int, budget: Budget | None = None
    ) -> list[Line]:
        """Search and return every root action, best first, with visits, value and line.

        Args:
            state: the position (not modified).
            player: the seat to decide for (must be active).
            budget: seconds and/or iterations (default: ``iterations`` simulations).

        Returns:
            Candidates sorted by visits; ``value`` is ``player``'s mean return.
        """
        root = self.search(state, player, budget)
        lines = [
            Line(action, child.visits, child.mean(player), (action, *self._principal(child)))
            for action, child in root.children.items()
        ]
        lines.sort(key=lambda line: (-line.visits, -line.value))
        return lines

    def search(self, state: State[Action], player: int, budget: Budget | None = None) -> Node:
        """Run simulations from ``state`` with ``player`` choosing at the root; return the root."""
        iterations, deadline = self._limits(budget)
        root = Node(player, totals=[0.0] * state.game.num_players)
        root.untried = list(state.legal_actions(player))
        done = 0
        while done < iterations and (deadline is None or time.perf_counter() < deadline):
            self._simulate(state.clone(), root)
            done += 1
        return root

    # ----- one simulation -----------------------------------------------------------------------
    def _simulate(self, state: State[Action], root: Node) -> None:
        path = [root]
        node = root
        while True:
            if node.player == CHANCE:
                action = sample_chance_outcome(state, self.rng)
            elif node.untried:
                action = node.untried.pop(self.rng.randrange(len(node.untried)))
            elif node.children:
                action = self._select(node)
            else:  # terminal
                break
            state.apply_legal_action(action, node.player)
            child = node.children.get(action)
            if child is None:
                child = self._new_node(state)
                node.children[action] = child
                path.append(child)
                break
            node = child
            path.append(node)
        self._backpropagate(path, self._rollout(state))

    def _new_node(self, state: State[Action]) -> Node:
        num = state.game.num_players
        if state.is_terminal():
            return Node(-4, totals=[0.0] * num)
        if state.is_chance_node():
            return Node(CHANCE, totals=[0.0] * num)
        player = min(state.active_players())
        return Node(player, totals=[0.0] * num, untried=list(state.legal_actions(player)))

    def _select(self, node: Node) -> Action:
        log_n = math.log(node.visits)
        seat = node.player
        low, span = self._low, self._high - self._low
        scale = 1.0 / span if span > 0 else 0.0
        best_score = -math.inf
        best: Action | None = None
        for action, child in node.children.items():
            exploit = (child.mean(seat) - low) * scale if scale else 0.5
            score = exploit + self.exploration * math.sqrt(log_n / child.visits)
            if score > best_score:
                best_score, best = score, action
        assert best is not None
        return best

    def _rollout(self, state: State[Action]) -> list[float]:
        steps = 0
        while not state.is_terminal() and steps < self.max_rollout:
            if state.is_chance_node():
                state.apply_legal_action(sample_chance_outcome(state, self.rng), CHANCE)
            else:
                player = min(state.active_players())
                state.apply_legal_action(self.rollout_policy(state, player, self.rng), player)
            steps += 1
        returns = state.returns()
        self._low = min(self._low, *returns)
        self._high = max(self._high, *returns)
        return returns

    @staticmethod
    def _backpropagate(path: list[Node], values: list[float]) -> None:
        for node in path:
            node.visits += 1
            totals = node.totals
            for seat, value in enumerate(values):
                totals[seat] += value

    def _principal(self, node: Node, depth: int = 8) -> tuple[Action, ...]:
        line: list[Action] = []
        while node.children and len(line) < depth:
            action, node = max(node.children.items(), key=lambda item: item[1].visits)
            line.append(action)
        return tuple(line)

    def _limits(self, budget: Budget | None) -> tuple[int, float | None]:
        if budget is None or (budget.iterations is None and budget.seconds is None):
            return self.iterations, None
        iterations = budget.iterations if budget.iterations is not None else 10**9
        deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        return iterations, deadline
