"""Monte Carlo tree search (UCT) for any game of the engine protocol.

* **Vector returns**: every node keeps the sum of returns of *every* seat, and a seat choosing at
  a node maximises its own mean return, so 2-5 players and partners sharing a return (Connect
  Pairs) work unchanged.
* **Chance nodes** are explicit: the tree samples an outcome with its probability (from the
  agent's own seeded ``random.Random``) and keeps one child per outcome.
* **Simultaneous phases** are searched as a sequence of per-seat decisions (lowest active seat
  first), as in :mod:`connect_arena.core.perft`; a seat searches without the choices the other
  seats made before it in the phase (:func:`~connect_arena.core.simultaneous.decision_state`).
* **MCTS-Solver** (Winands et al. 2008): in games whose returns are ±1/0, a node whose outcome
  is decided (a winning child, or every child decided) is marked solved with its exact value;
  solved wins are played at once and proven losses avoided.
* **Progressive widening** (Coulom 2007; Chaslot et al. 2008): with ``widening=α`` a node
  expands a new child only while it has fewer than ``⌈visits^α⌉`` children, so huge action
  spaces (CO'NNN'ECT claims and writes, Connect 5 captures) are searched deeply.
* Rollouts use the game's policy (:mod:`connect_arena.agents.knowledge`) and, when cut short,
  score the position with :func:`~connect_arena.agents.heuristics.leaf_values` (the game's
  own leaf values when it has them, on the scale of its returns).
* **Priors**: a game whose knowledge gives prior scores of a node's actions
  (:attr:`~connect_arena.agents.knowledge.Knowledge.prior`) has each node expand its actions
  best score first, so progressive widening searches the promising ones (CO'NNN'ECT's
  writes and claims, Connect Pairs' swaps); other games expand in random order, the rollout
  policy's choice first. An action the prior scores ``-inf`` is **pruned** (never searched)
  unless every action is: CO'NNN'ECT's Free Action changes that promise nothing (session 47).
* A seat left alone (every other seat can only pass) plays the game's solo action
  (:func:`~connect_arena.agents.heuristics.solo_action`) without searching.
* **Levels**: with ``level="easy"|"normal"|"hard"`` the settings come from the game's
  knowledge at each search (:func:`~connect_arena.agents.knowledge.level_settings`).
* Selection rescales mean returns to [0, 1] with the range of returns seen so far, so games
  scoring points (not ±1) get a sensible exploration constant.
* **Cheap simulations**: one clone of the position per simulation, walked down with the
  engine's unchecked ``apply_legal_action``; a leaf's actions are listed (and shuffled) only
  when a second simulation goes through it; chance nodes keep their outcomes, terminal nodes
  their returns.
* **Common random numbers** (``paired=True``, or a level's ``paired``): the ``n``-th
  simulation through each action of the root draws its chance outcomes and each seat's rollout
  choices from streams seeded by ``n`` (and the search), so the root's actions are compared on
  the same futures: in a dice game the luck of a future cancels out of the comparison.
* **Tree reuse** (``reuse=True``, for :meth:`MCTSAgent.act`): the subtree of the actions played
  since the agent's previous decision is kept and topped up to the level's simulations.
* **Root parallelism** (``workers=N``): each decision of :meth:`MCTSAgent.act` is searched by
  ``N`` processes (:mod:`connect_arena.agents.parallel`).

References: Kocsis & Szepesvári 2006 (UCT); Browne et al. 2012 (survey); OpenSpiel's
``mcts.py`` for the vector-return convention.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from connect_arena.agents import draws
from connect_arena.agents.base import Budget, legal_actions_or_raise
from connect_arena.agents.heuristics import leaf_values, solo_action
from connect_arena.agents.knowledge import (
    DEFAULT_LEVELS,
    Knowledge,
    PriorScores,
    RolloutPolicy,
    knowledge_for,
    level_settings,
)
from connect_arena.core.game import CHANCE, TERMINAL, Action, State
from connect_arena.core.gametype import Utility
from connect_arena.core.simultaneous import decision_state


def uniform_rollout(state: State[Any], player: int, rng: Any) -> Action:
    """A uniformly random legal action."""
    return rng.choice(state.legal_actions(player))  # type: ignore[no-any-return]


class Node:
    """A search-tree node (the state is not stored: it is replayed along the path).

    Attributes:
        player: the seat choosing here, ``CHANCE``, or ``TERMINAL``.
        visits: number of simulations through this node.
        totals: per-seat sum of the returns of those simulations.
        children: action → child.
        untried: legal actions not yet expanded (decision nodes), in random order, the rollout
            policy's choice last (expanded first), or by the game's prior scores, best last;
            ``None``
            until the node is first searched through (a leaf is never expanded for nothing).
        solved: the exact returns of the node once decided (solver), else ``None``.
        values: a terminal node's returns (``None`` elsewhere).
        outcomes: a chance node's outcomes and cumulative probabilities, once sampled.
    """

    __slots__ = (
        "children",
        "outcomes",
        "player",
        "solved",
        "totals",
        "untried",
        "values",
        "visits",
    )

    def __init__(
        self,
        player: int,
        visits: int = 0,
        totals: list[float] | None = None,
        children: dict[Action, Node] | None = None,
        untried: list[Action] | None = None,
        solved: list[float] | None = None,
    ) -> None:
        self.player = player
        self.visits = visits
        self.totals: list[float] = [] if totals is None else totals
        self.children: dict[Action, Node] = {} if children is None else children
        self.untried = untried
        self.solved = solved
        self.values: list[float] | None = None
        self.outcomes: tuple[list[Action], list[float]] | None = None

    def mean(self, seat: int) -> float:
        """Mean return of ``seat`` through this node (0 if unvisited)."""
        return self.totals[seat] / self.visits if self.visits else 0.0


@dataclass(frozen=True, slots=True)
class Line:
    """A candidate of an analysis: an action, its visits, its value for the player (the
    exact value when ``solved``), and the principal line that starts with it."""

    action: Action
    visits: int
    value: float
    principal: tuple[Action, ...]
    solved: bool = False


class MCTSAgent:
    """UCT search with vector returns, chance nodes, a solver and progressive widening.

    Args:
        seed: seed of the agent's random source.
        iterations: simulations per decision when the budget gives none.
        seconds: time per decision when the budget gives none (``None``: no time limit).
        exploration: the UCT constant ``c`` (returns are rescaled to [0, 1]).
        rollout: rollout policy (default: the game's, else uniform).
        max_rollout: cut a rollout after this many actions and value it with ``leaf_values``.
        widening: progressive-widening exponent α (``None``: the game's default; ``0``:
            expand every action).
        solver: use MCTS-Solver in games whose returns are ±1/0.
        name: label for records and tables.
        level: ``"easy"``, ``"normal"`` or ``"hard"``: take iterations, time cap, rollout
            cut-off, exploration and widening from the game's level settings instead of the
            arguments above (a ``budget`` given to :meth:`act` still overrides the limits).
        reuse: keep the subtree of the actions played since the previous decision of
            :meth:`act` (see the module doc); a decision then simulates only until its root
            has ``iterations`` visits.
        workers: ``> 1``: every decision of :meth:`act` is a root-parallel search
            (:mod:`connect_arena.agents.parallel`) of ``workers`` trees in a process pool that
            the agent owns (``close()`` ends it), each with the whole budget; no tree reuse.
        paired: common random numbers (see the module doc; a ``level`` sets its own).
    """

    def __init__(
        self,
        seed: int | None = None,
        iterations: int = 1000,
        seconds: float | None = None,
        exploration: float = 1.4,
        rollout: RolloutPolicy | None = None,
        max_rollout: int = 400,
        widening: float | None = None,
        solver: bool = True,
        name: str = "mcts",
        level: str | None = None,
        reuse: bool = True,
        workers: int = 1,
        paired: bool = False,
    ) -> None:
        if level is not None and level not in DEFAULT_LEVELS:
            known = ", ".join(DEFAULT_LEVELS)
            raise ValueError(f"unknown level {level!r} (known levels: {known})")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_policy = rollout
        self.max_rollout = max_rollout
        self.widening = widening
        self.solver = solver
        self.name = name
        self.level = level
        self.reuse = reuse
        self.workers = workers
        self.paired = paired
        self._exploration = exploration
        self._max_rollout = max_rollout
        self._margin: float | None = None
        self._paired = False
        self._base = 0
        self._dice = self.rng
        self._seats: list[random.Random] | None = None
        self._low = math.inf
        self._high = -math.inf
        self._policy: RolloutPolicy = uniform_rollout
        self._solving = False
        self._widening: float | None = None
        self._leaf: Callable[[State[Any]], list[float]] = leaf_values
        self._prior: PriorScores | None = None
        self._kept: tuple[State[Action], Node] | None = None
        self._executor: Executor | None = None

    # ----- public API ---------------------------------------------------------------------------
    def act(self, state: State[Action], player: int, budget: Budget | None = None) -> Action:
        """The best action after searching from ``state`` for ``player`` (never mutated); a
        seat left alone plays the game's solo action instead
        (:func:`~connect_arena.agents.heuristics.solo_action`).

        Raises:
            ValueError: ``player`` has no legal action.
        """
        actions = legal_actions_or_raise(state, player)
        if len(actions) == 1:
            return actions[0]
        alone = solo_action(state, player)
        if alone is not None:
            return alone
        if self.workers > 1:
            return self._parallel_lines(state, player, budget)[0].action
        root = self.search(state, player, budget, reuse=self.reuse)
        return root_lines(root, player)[0].action

    def analyse(
        self, state: State[Action], player: int, budget: Budget | None = None
    ) -> list[Line]:
        """Search and return the expanded root actions, best first.

        Best means: a proven win first, proven losses last, otherwise most visits.

        Args:
            state: the position (not modified).
            player: the seat to decide for (must be active).
            budget: seconds and/or iterations (default: the agent's own).

        Returns:
            One :class:`Line` per expanded root action.
        """
        root = self.search(state, player, budget)
        return root_lines(root, player)

    def close(self) -> None:
        """End the agent's process pool, if it started one (``workers > 1``)."""
        if self._executor is not None:
            self._executor.shutdown(cancel_futures=True)
            self._executor = None

    def search(
        self,
        state: State[Action],
        player: int,
        budget: Budget | None = None,
        reuse: bool = False,
    ) -> Node:
        """Run simulations from ``state`` with ``player`` choosing at the root; return the root.

        In a simultaneous phase the search starts from :func:`decision_state`: the other
        seats' choices not yet revealed are unknown to ``player``. With ``reuse``, the root is
        the node of the tree kept from the previous ``reuse`` search that this position
        reached (when its history extends that search's position and the subtree holds it),
        and the search stops once the root has the budget's iterations in all; the tree is
        then kept for the next decision.
        """
        state = decision_state(state, player)
        known = knowledge_for(state.game.name)
        iterations, seconds = self.iterations, self.seconds
        widening = self.widening if self.widening is not None else known and known.widening
        self._exploration, self._max_rollout = self.exploration, self.max_rollout
        margin: float | None = None
        paired = self.paired
        policy = self.rollout_policy or (known and known.rollout) or uniform_rollout
        if self.level is not None:
            settings = level_settings(state.game.name, self.level)
            iterations, seconds = settings.iterations, settings.seconds
            self._exploration, self._max_rollout = settings.exploration, settings.max_rollout
            if settings.widening is not None:
                widening = settings.widening
            margin = settings.margin
            paired = settings.paired
            if settings.rollout is not None and self.rollout_policy is None:
                policy = _named_rollout(known, state.game.name, settings.rollout)
        iterations, deadline = _limits(iterations, seconds, budget)
        self._policy = policy
        self._leaf = _leaf_function(known)
        self._prior = known.prior if known is not None and self.rollout_policy is None else None
        self._widening = widening or None
        # Partners share their points: a margin between seats means nothing there.
        teams = state.game.game_type.utility is Utility.TEAMS
        self._margin = margin if state.game.num_players > 1 and not teams else None
        self._paired = paired
        self._dice, self._seats = self.rng, None
        if paired:  # this search's streams (drawn only when paired: other searches unchanged)
            self._base = self.rng.getrandbits(48) * _STREAMS
        # Solved values are two opposing sides' exact returns; partners share theirs.
        self._solving = (
            self.solver
            and state.game.num_players == 2
            and state.game.game_type.utility is not Utility.TEAMS
        )
        root = self._reused_root(state, player) if reuse else None
        if root is None:
            root = Node(player, totals=[0.0] * state.game.num_players)
            done = 0
        else:
            done = root.visits
        if root.untried is None:
            self._expand(root, state.clone(), player)
        simulate = self._simulate
        while done < iterations and root.solved is None:
            # At least one simulation, so that the root has a child to answer with even when
            # the cap passed while the root was expanded (a busy machine).
            if deadline is not None and root.children and time.perf_counter() >= deadline:
                break
            simulate(state.clone(), root)
            done += 1
        self._kept = (state.clone(), root) if reuse else None
        return root

    # ----- tree reuse ---------------------------------------------------------------------------
    def _reused_root(self, state: State[Action], player: int) -> Node | None:
        """The kept tree's node of ``state`` (a decision of ``player``), or ``None``.

        The path from the kept root is the history ``state`` added to the kept position's:
        both are positions the seat knows (:func:`decision_state`), so the walk never uses a
        hidden choice; a chance outcome or action never searched ends the reuse. The kept
        position with those actions applied must equal ``state`` (its revealed observation),
        so that two positions set up by hand with the same history are never confused.
        """
        if self._kept is None:
            return None
        kept, node = self._kept
        self._kept = None
        old, new = kept.history, state.history
        if kept.game != state.game or len(new) < len(old) or new[: len(old)] != old:
            return None
        for entry in new[len(old) :]:
            if node.player != entry.player:
                return None
            child = node.children.get(entry.action)
            if child is None:
                return None
            kept.apply_legal_action(entry.action, entry.player)
            node = child
        if node.player != player or node.solved is not None:
            return None
        if kept.revealed_observation() != state.revealed_observation():
            return None
        return node

    # ----- one simulation -----------------------------------------------------------------------
    def _simulate(self, state: State[Action], root: Node) -> None:
        path = [root]
        node = root
        leaf_value: list[float] | None = None
        while True:
            if node.solved is not None:
                leaf_value = node.solved
                break
            player = node.player
            if player == CHANCE:
                outcomes = node.outcomes
                if outcomes is None:
                    outcomes = node.outcomes = _cumulative(state)
                action = self._dice.choices(outcomes[0], cum_weights=outcomes[1])[0]
            elif player == TERMINAL:
                leaf_value = node.values
                break
            else:
                untried = node.untried
                if untried is None:
                    untried = self._expand(node, state, player)
                expand = untried and self._may_expand(node)
                action = untried.pop() if expand else self._select(node)
                if node is root and self._paired:
                    self._pair(root, action)
            state.apply_legal_action(action, player)
            child = node.children.get(action)
            if child is None:
                child = self._new_node(state)
                node.children[action] = child
                path.append(child)
                if child.solved is not None:
                    leaf_value = child.solved
                elif child.values is not None:
                    leaf_value = child.values
                break
            node = child
            path.append(node)
        if leaf_value is None:
            leaf_value = self._rollout(state)
        self._backpropagate(path, leaf_value)

    def _pair(self, root: Node, action: Action) -> None:
        """Set the chance stream and the per-seat rollout streams of a paired simulation
        through the root's ``action``: seeded by the visits ``action`` has had, so its
        ``n``-th simulation sees the future every other action's ``n``-th saw."""
        child = root.children.get(action)
        seed = self._base + (child.visits if child is not None else 0) * _STREAMS
        self._dice = random.Random(seed)
        self._seats = [random.Random(seed + 1 + seat) for seat in range(len(root.totals))]

    def _expand(self, node: Node, state: State[Action], player: int) -> list[Action]:
        """Give ``node`` (``state``, ``player`` to choose) its untried actions in random order,
        the rollout policy's choice last (expanded first: a win, a block, so the solver proves
        forced lines after a single visit); with the game's prior scores, in their order
        instead (best last, equal scores in random order), without the actions scored
        ``-inf`` unless all are (the solver then counts the node decided by the others)."""
        untried = list(state.legal_actions(player))
        draws.shuffle(self.rng, untried)  # rng.shuffle's order, compiled
        prior = self._prior
        if prior is not None and len(untried) > 1:
            # best score last (popped first); the shuffle orders equal scores at random
            scores = prior(state, player, untried)
            order = sorted(range(len(untried)), key=scores.__getitem__)
            if scores[order[0]] == -math.inf and scores[order[-1]] > -math.inf:
                # pruned by the prior (CO'NNN'ECT's wasteful Free Actions): never searched
                order = [i for i in order if scores[i] > -math.inf]
            untried = [untried[i] for i in order]
        else:
            preferred = self._policy(state, player, self.rng)
            untried.remove(preferred)
            untried.append(preferred)
        node.untried = untried
        return untried

    def _may_expand(self, node: Node) -> bool:
        if not self._widening or not node.children:
            return True
        limit: float = float(node.visits + 1) ** self._widening
        return len(node.children) < math.ceil(limit)

    def _new_node(self, state: State[Action]) -> Node:
        num = state.game.num_players
        player = state.current_player
        if player == TERMINAL:
            returns = state.returns()
            node = Node(TERMINAL, totals=[0.0] * num)
            node.values = returns
            self._low = min(self._low, *returns)
            self._high = max(self._high, *returns)
            if self._solving and all(r in (-1.0, 0.0, 1.0) for r in returns):
                node.solved = returns
            return node
        if player == CHANCE:
            return Node(CHANCE, totals=[0.0] * num)
        if player < 0:  # a simultaneous phase, searched as one seat after another
            player = min(state.active_players())
        return Node(player, totals=[0.0] * num)

    def _select(self, node: Node) -> Action:
        seat = node.player
        low, span = self._low, self._high - self._low
        scale = 1.0 / span if span > 0 else 0.0
        explore = self._exploration * math.sqrt(math.log(node.visits))
        sqrt = math.sqrt
        best_score = -math.inf
        best: Action | None = None
        for action, child in node.children.items():
            solved = child.solved
            if solved is not None:
                exploit = (solved[seat] - low) * scale if scale else 0.5
                score = exploit if exploit < 1.0 else math.inf  # a proven win: take it
            else:
                visits = child.visits
                if scale and visits:
                    exploit = (child.totals[seat] / visits - low) * scale
                elif scale:
                    exploit = -low * scale
                else:
                    exploit = 0.5
                score = exploit + explore / sqrt(visits or 1)
            if score > best_score:
                best_score, best = score, action
        assert best is not None
        return best

    def _rollout(self, state: State[Action]) -> list[float]:
        """Play ``state`` out with the rollout policy and value it; a paired simulation draws
        the chance outcomes and each seat's choices from its own streams (:meth:`_pair`)."""
        policy, rng, dice, seats = self._policy, self.rng, self._dice, self._seats
        for _ in range(self._max_rollout):
            player = state.current_player
            if player == TERMINAL:
                break
            if player == CHANCE:
                # the draw of ``rng.choices`` by the outcomes' weights, on a table the game
                # may build once (Connect Pairs' dice)
                state.apply_legal_action(state.chance_table().sample(dice), CHANCE)
                continue
            if player < 0:
                player = min(state.active_players())
            own = rng if seats is None else seats[player]
            state.apply_legal_action(policy(state, player, own), player)
        margin = self._margin
        if margin is not None and state.current_player == TERMINAL:
            values = _margins(state, margin)
        else:
            values = self._leaf(state)
        low, high = min(values), max(values)
        if low < self._low:
            self._low = low
        if high > self._high:
            self._high = high
        return values

    def _backpropagate(self, path: list[Node], values: list[float]) -> None:
        # A decision node can become solved only when a child does: check it then.
        solving = self._solving
        child_solved = False
        for node in reversed(path):
            node.visits += 1
            totals = node.totals
            for seat, value in enumerate(values):
                totals[seat] += value
            if solving:
                if child_solved and node.solved is None and node.player >= 0:
                    node.solved = _solve(node)
                child_solved = node.solved is not None

    # ----- root parallelism ---------------------------------------------------------------------
    def _parallel_lines(
        self, state: State[Action], player: int, budget: Budget | None
    ) -> list[Line]:
        from connect_arena.agents.parallel import SearchSettings, root_parallel_search

        if self._executor is None:
            self._executor = ProcessPoolExecutor(max_workers=self.workers)
        if budget is None or (budget.iterations is None and budget.seconds is None):
            iterations, seconds = self.iterations, self.seconds
            if self.level is not None:
                level = level_settings(state.game.name, self.level)
                iterations, seconds = level.iterations, level.seconds
            budget = Budget(seconds=seconds, iterations=iterations)
        settings = SearchSettings(
            exploration=self.exploration,
            max_rollout=self.max_rollout,
            widening=self.widening,
            solver=self.solver,
            level=self.level,
        )
        return root_parallel_search(
            state,
            player,
            seed=self.rng.randrange(2**31),
            workers=self.workers,
            budget=budget,
            settings=settings,
            executor=self._executor,
        )


_STREAMS = 8
"""Seeds per paired simulation index: the chance stream and one per seat (at most 5)."""


def _named_rollout(known: Knowledge | None, game_name: str, name: str) -> RolloutPolicy:
    """The game's rollout policy ``name`` (a level's :attr:`~connect_arena.agents.knowledge.
    Level.rollout`).

    Raises:
        ValueError: the game has no such policy.
    """
    policies = known.rollouts if known is not None else {}
    if name not in policies:
        known_names = ", ".join(policies) or "none"
        raise ValueError(f"{game_name!r} has no rollout policy {name!r} (known: {known_names})")
    return policies[name]


def _cumulative(state: State[Action]) -> tuple[list[Action], list[float]]:
    """A chance node's outcomes and their cumulative probabilities (for ``rng.choices``)."""
    outcomes = state.chance_outcomes()
    actions = [action for action, _ in outcomes]
    cumulative = list(itertools.accumulate(probability for _, probability in outcomes))
    return actions, cumulative


def _leaf_function(known: Knowledge | None) -> Callable[[State[Any]], list[float]]:
    """:func:`leaf_values` with the game's knowledge looked up once per search (the game's
    own :attr:`~connect_arena.agents.knowledge.Knowledge.leaf` when it has one)."""
    if known is not None and known.leaf is not None:
        leaf = known.leaf

        def own(state: State[Any]) -> list[float]:
            return state.returns() if state.is_terminal() else leaf(state)

        return own
    if known is None or known.leaf_scale is None:
        return _returns
    scale = known.leaf_scale
    evaluate_all = known.evaluate_all
    evaluate = known.evaluate
    tanh = math.tanh

    def values(state: State[Any]) -> list[float]:
        if state.is_terminal():
            return state.returns()
        if evaluate_all is not None:
            return [tanh(value / scale) for value in evaluate_all(state)]
        return [tanh(evaluate(state, seat) / scale) for seat in range(state.game.num_players)]

    return values


def _returns(state: State[Any]) -> list[float]:
    return state.returns()


def _margins(state: State[Any], margin: float) -> list[float]:
    """A finished game's value per seat by its score margin: ``tanh((own points - best other
    seat's points) / margin)`` (:attr:`~connect_arena.agents.knowledge.Level.margin`); the
    game's ``returns()`` when it keeps no points."""
    points = state.points()
    if points is None or len(points) < 2:
        return state.returns()
    tanh = math.tanh
    values = []
    for seat, own in enumerate(points):
        best = max(p for other, p in enumerate(points) if other != seat)
        values.append(tanh((own - best) / margin))
    return values


def _limits(
    iterations: int | None, seconds: float | None, budget: Budget | None
) -> tuple[int, float | None]:
    if budget is not None and (budget.iterations is not None or budget.seconds is not None):
        iterations, seconds = budget.iterations, budget.seconds
    deadline = None if seconds is None else time.perf_counter() + seconds
    return (10**9 if iterations is None else iterations), deadline


def _solve(node: Node) -> list[float] | None:
    """The exact value of a decision node if its children decide it (MCTS-Solver)."""
    seat = node.player
    solved = [child.solved for child in node.children.values() if child.solved is not None]
    for values in solved:
        if values[seat] >= 1.0:
            return values
    if node.untried or len(solved) < len(node.children) or not solved:
        return None
    return max(solved, key=lambda values: values[seat])


def root_lines(root: Node, player: int) -> list[Line]:
    """The root's children as :class:`Line` s, best first (proven wins, then visits)."""

    def rank(line: Line) -> tuple[int, int, float]:
        proven = 1 if line.solved and line.value >= 1.0 else -1 if line.solved else 0
        return (-proven, -line.visits, -line.value)

    lines = [
        Line(
            action,
            child.visits,
            child.solved[player] if child.solved is not None else child.mean(player),
            (action, *_principal(child)),
            child.solved is not None,
        )
        for action, child in root.children.items()
    ]
    lines.sort(key=rank)
    return lines


def _principal(node: Node, depth: int = 8) -> tuple[Action, ...]:
    line: list[Action] = []
    while node.children and len(line) < depth:
        action, node = max(node.children.items(), key=lambda item: item[1].visits)
        line.append(action)
    return tuple(line)
