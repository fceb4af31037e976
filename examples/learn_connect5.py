"""Learn Connect 5 by self-play through the PettingZoo adapter, in a few minutes on one core.

A linear softmax policy over the environment's observation planes (one weight row per action
id, masked to the legal ids) is trained with REINFORCE (policy gradient with a running-mean
baseline). Its opponents are the built-in ``random`` agent and frozen snapshots of itself
(self-play against its own past, so it does not over-fit one opponent). After 0, 25, 50, 100,
200… training games (and at the end) it plays fresh seeded games against the built-in
``random`` and ``greedy`` agents, alternating seats; the win rates are the learning curve,
saved as a PNG.

Run (needs the ``rl`` extra: ``pip install 'connect-arena[rl]'``)::

    python examples/learn_connect5.py --games 3000 --plot learning-curve.png

Everything goes through the public adapter: ``connect_arena.rl.pettingzoo.env`` for the games,
its ``{"observation", "action_mask"}`` observations, ``reset(seed=…)`` for the dice, and the
built-in agents act on the engine state behind it (their actions turned into ids by the
encoding's :class:`~connect_arena.rl.stepper.Stepper`).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from connect_arena.agents import Agent, make_agent
from connect_arena.rl.pettingzoo import ConnectArenaEnv

Vector = npt.NDArray[np.float32]


class LinearPolicy:
    """``softmax(W[legal] @ [planes, 1])`` over the legal ids.

    Args:
        features: the length of the flattened observation.
        actions: the number of action ids.
    """

    def __init__(self, features: int, actions: int) -> None:
        self.weights = np.zeros((actions, features + 1), np.float32)

    @staticmethod
    def features(planes: Vector) -> Vector:
        """The flattened planes and a bias feature."""
        x = np.empty(planes.size + 1, np.float32)
        x[:-1] = planes.ravel()
        x[-1] = 1.0
        return x

    def probabilities(self, x: Vector, legal: npt.NDArray[np.intp]) -> Vector:
        """The policy's distribution over ``legal`` (the legal ids, ascending)."""
        logits: Vector = self.weights[legal] @ x
        p: Vector = np.exp(logits - logits.max())
        p /= p.sum()
        return p

    def snapshot(self) -> LinearPolicy:
        """A frozen copy (an opponent for self-play)."""
        copy = LinearPolicy.__new__(LinearPolicy)
        copy.weights = self.weights.copy()
        return copy


@dataclass
class Step:
    """One decision of the learner: features, legal ids, the index chosen, its distribution."""

    x: Vector
    legal: npt.NDArray[np.intp]
    chosen: int
    p: Vector


@dataclass
class Curve:
    """The learning curve: training games played, and win/draw rates at each evaluation."""

    games: list[int] = field(default_factory=list)
    rates: dict[str, list[float]] = field(default_factory=dict)
    draws: dict[str, list[float]] = field(default_factory=dict)


Opponent = Agent | LinearPolicy


class Trainer:
    """Plays and learns through one PettingZoo environment of 2-player Connect 5."""

    def __init__(self, seed: int, learning_rate: float) -> None:
        self.env = ConnectArenaEnv("connect5", 2)
        encoding = self.env.table.encoding
        size = int(np.prod(encoding.observation_shape))
        self.policy = LinearPolicy(size, encoding.num_distinct_actions)
        self.rng = np.random.default_rng(seed)
        self.learning_rate = learning_rate
        self.baseline = 0.0

    def play(
        self, learner: LinearPolicy, seat: int, opponent: Opponent, seed: int
    ) -> tuple[float, list[Step]]:
        """One game, ``learner`` at ``seat``; its return and its decisions."""
        env = self.env
        env.reset(seed=seed)
        steps: list[Step] = []
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mover = int(agent.rsplit("_", 1)[1])
            policy = learner if mover == seat else opponent
            if isinstance(policy, LinearPolicy):
                legal = np.flatnonzero(observation["action_mask"])
                x = policy.features(observation["observation"])
                p = policy.probabilities(x, legal)
                chosen = int(self.rng.choice(len(legal), p=p))
                if mover == seat:
                    steps.append(Step(x, legal, chosen, p))
                env.step(int(legal[chosen]))
            else:
                self._agent_turn(policy, mover, agent)
        return env.table.returns()[f"player_{seat}"], steps

    def _agent_turn(self, agent: Agent, seat: int, name: str) -> None:
        """A built-in agent's whole action, stepped id by id (a capture chain takes several)."""
        stepper = self.env.table.stepper
        for action_id in stepper.encode_action(agent.act(stepper.state, seat)):
            self.env.step(action_id)
            if self.env.agent_selection != name:
                break

    def learn(self, result: float, steps: list[Step]) -> None:
        """REINFORCE: raise the log-probability of the chosen ids by the advantage."""
        advantage = result - self.baseline
        self.baseline += 0.01 * (result - self.baseline)
        weights = self.policy.weights
        for step in steps:
            gradient = -step.p
            gradient[step.chosen] += 1.0
            weights[step.legal] += np.outer(self.learning_rate * advantage * gradient, step.x)

    def evaluate(self, spec: str, games: int) -> tuple[float, float]:
        """Win and draw rates of the current policy against a built-in agent, seats alternating,
        on seeds never used in training."""
        wins = draws = 0
        for index in range(games):
            opponent = make_agent(spec, 10_000 + index)
            result, _ = self.play(self.policy, index % 2, opponent, 1_000_000 + index)
            wins += result > 0
            draws += result == 0
        return wins / games, draws / games


def train(args: argparse.Namespace, report: Callable[[str], None] = print) -> Curve:
    """Train for ``args.games`` games (or ``args.seconds``), evaluating along the way."""
    trainer = Trainer(args.seed, args.learning_rate)
    random_agent = make_agent("random", args.seed)
    greedy_agent = make_agent("greedy", args.seed)
    pool: list[LinearPolicy] = []
    curve = Curve()

    def checkpoint(games: int) -> None:
        curve.games.append(games)
        line = [f"{games:>6} games"]
        for spec in ("random", "greedy"):
            win, draw = trainer.evaluate(spec, args.eval_games)
            curve.rates.setdefault(spec, []).append(win)
            curve.draws.setdefault(spec, []).append(draw)
            line.append(f"vs {spec}: {win:5.0%} won, {draw:4.0%} drawn")
        report("   ".join(line))

    checkpoint(0)
    started = time.monotonic()
    games, next_check = 0, args.first_eval
    while games < args.games and time.monotonic() - started < args.seconds:
        opponent: Opponent = random_agent
        draw = trainer.rng.random()
        if draw < args.versus_greedy:
            opponent = greedy_agent
        elif pool and draw < args.versus_greedy + args.self_play:
            opponent = pool[int(trainer.rng.integers(len(pool)))]
        result, steps = trainer.play(trainer.policy, games % 2, opponent, args.seed + games)
        trainer.learn(result, steps)
        games += 1
        if games % args.snapshot_every == 0:
            pool = [*pool[-4:], trainer.policy.snapshot()]
        if games == next_check:
            checkpoint(games)
            next_check *= 2
    if not curve.games or curve.games[-1] != games:
        checkpoint(games)
    report(f"trained {games} games in {time.monotonic() - started:.0f} s")
    return curve


def plot(curve: Curve, path: Path) -> None:
    """The win rates against ``random`` and ``greedy`` by training games, as a PNG."""
    from matplotlib.figure import Figure

    figure = Figure(figsize=(7, 4), layout="constrained")
    axes = figure.subplots()
    for spec, rates in curve.rates.items():
        axes.plot(curve.games, rates, marker="o", label=f"won vs {spec}")
        axes.plot(curve.games, curve.draws[spec], linestyle=":", label=f"drawn vs {spec}")
    axes.set_xscale("symlog", linthresh=25)
    axes.set_xlabel("training games (log scale)")
    axes.set_ylabel("share of evaluation games")
    axes.set_ylim(-0.02, 1.02)
    axes.set_title("Connect 5 (2 players): linear policy, REINFORCE with self-play", loc="left")
    axes.grid(alpha=0.3)
    axes.legend(loc="best")
    figure.savefig(path, format="png", dpi=100)


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="training games (3000)")
    parser.add_argument("--seconds", type=float, default=600.0, help="time cap (600)")
    parser.add_argument(
        "--first-eval", type=int, default=25, help="first evaluation (25), doubling"
    )
    parser.add_argument("--eval-games", type=int, default=40, help="games per evaluation (40)")
    parser.add_argument("--snapshot-every", type=int, default=200, help="self-play snapshots")
    parser.add_argument("--self-play", type=float, default=0.5, help="share vs own snapshots")
    parser.add_argument("--versus-greedy", type=float, default=0.0, help="share vs greedy")
    parser.add_argument("--learning-rate", type=float, default=0.001)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", type=Path, default=Path("learning-curve.png"))
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    curve = train(args)
    plot(curve, args.plot)
    final = {spec: rates[-1] for spec, rates in curve.rates.items()}
    print(
        f"final win rate: {final['random']:.0%} vs random, {final['greedy']:.0%} vs greedy; "
        f"learning curve in {args.plot}"
    )


if __name__ == "__main__":
    main()
