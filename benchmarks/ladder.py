"""The level ladder (issue 24): how much stronger each level is than the one below, per game.

Run: ``.venv/bin/python benchmarks/ladder.py GAME [--rounds N] [--players P] [--seed S]
[--openspiel SIMS] [--jobs J] [--out-dir benchmarks/results/ladder]``.

Each **step** of the ladder is a tournament of the project's tournament command
(:func:`connect_arena.agents.tournament.plan` and :func:`~connect_arena.agents.tournament.run`,
what ``connect-arena tournament`` runs: every seat order, paired seeds, the anti-endless
option of computer games) between two neighbours: ``random`` < ``greedy`` < ``mcts:easy`` <
``mcts:normal`` < ``mcts:hard``, and with ``--openspiel SIMS`` (Quinque, Connect 5)
``mcts:hard`` against OpenSpiel's Python ``MCTSBot`` with ``SIMS`` simulations per id through
the OpenSpiel adapter (:mod:`connect_arena.rl.openspiel_agent`).

* Two-player games: each step's **Elo difference** with its 95% interval (the tournament's own
  Bradley-Terry fit of the two agents, one virtual draw), the upper agent's wins / draws /
  losses and score; then one Elo fit over every game of every step (the ladder's scale, mean
  1500).
* Games of three or more seats (Connect Pairs: two pairs): each step's **mean rank** of both
  agents (1 = best) and the difference with a 95% normal interval over its seats.
* Both: each agent's thinking time per decision (mean and longest, wall clock) in the step.

Writes ``GAME.json`` and ``GAME.md`` to ``--out-dir`` (the command and seed included).
Games per step: ``rounds × 2`` (two agents in two seats: both seat orders) and more with more
seats. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import shlex
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from connect_arena.agents.tournament import (
    GameResult,
    Tournament,
    plan,
    run,
    standings,
)
from connect_arena.agents.tournament_ratings import fit_elo, pair_results, rate
from connect_arena.core import load
from connect_arena.rl.openspiel_agent import make_ladder_agent

LEVELS = ["random", "greedy", "mcts:easy", "mcts:normal", "mcts:hard"]
"""The ladder, weakest first."""
OUT_DIR = Path(__file__).resolve().parent / "results" / "ladder"


def steps(openspiel: int) -> list[tuple[str, str]]:
    """The pairings played: neighbours of :data:`LEVELS`, then ``mcts:hard`` against the bot."""
    pairs = list(itertools.pairwise(LEVELS))
    if openspiel > 0:
        pairs.append((f"openspiel:{openspiel}", "mcts:hard"))
    return pairs


def step_figures(tournament: Tournament, results: list[GameResult]) -> dict[str, Any]:
    """The figures of one step (lower agent first, upper second in ``tournament.specs``)."""
    table = standings(tournament, results)
    lower, upper = table
    row: dict[str, Any] = {
        "lower": lower.spec,
        "upper": upper.spec,
        "games": len(results),
        "think": {
            entry.spec: {"mean": entry.seconds_per_move, "max": entry.slowest, "moves": entry.moves}
            for entry in table
        },
    }
    ratings = rate(tournament, results)
    if ratings.method == "elo":
        low, high = ratings.ratings
        row.update(
            method="elo",
            wins=upper.wins,
            draws=upper.draws,
            losses=upper.losses,
            score=(upper.wins + upper.draws / 2) / max(1, upper.games),
            # Two agents anchored at mean 1500: the difference is twice each one's distance
            # to 1500, and so is its interval.
            elo=high.value - low.value,
            elo_low=2 * (high.low - 1500),
            elo_high=2 * (high.high - 1500),
        )
        return row
    ranks = {entry.spec: entry.ranks for entry in table}
    difference = [
        a - b for a, b in zip(ranks[lower.spec], ranks[upper.spec], strict=False)
    ]  # per game, paired seeds: positive when the upper agent ranks better
    spread = statistics.stdev(difference) if len(difference) > 1 else 0.0
    half = 1.96 * spread / math.sqrt(len(difference)) if difference else 0.0
    mean = statistics.fmean(difference) if difference else 0.0
    row.update(
        method="mean rank",
        mean_rank={entry.spec: entry.mean_rank for entry in table},
        rank_gain=mean,
        rank_gain_low=mean - half,
        rank_gain_high=mean + half,
    )
    return row


def ladder_elo(specs: list[str], played: list[tuple[list[str], list[GameResult]]]) -> list[Any]:
    """One Elo fit over the games of every step (two-player games), agent by agent."""
    index = {spec: i for i, spec in enumerate(specs)}
    games = []
    for pair, results in played:
        for i, j, score in pair_results(results):
            games.append((index[pair[i]], index[pair[j]], score))
    fitted = fit_elo(len(specs), games)
    return [
        {"agent": spec, "elo": r.value, "low": r.low, "high": r.high}
        for spec, r in zip(specs, fitted, strict=True)
    ]


def markdown(report: dict[str, Any]) -> str:
    """The report as a markdown page."""
    lines = [
        f"# Level ladder: {report['game']} ({report['players']} players)",
        "",
        f"`{report['command']}` — seed {report['seed']}, {report['rounds']} rounds per step, "
        f"{report['seconds']:.0f} s wall clock. Thinking times are wall clock on the shared "
        "2-core machine (other jobs running).",
        "",
    ]
    if report["steps"] and report["steps"][0]["method"] == "elo":
        lines += [
            "| step (lower → upper) | games | upper W-D-L | score | Elo gain (95%) | "
            "s/move lower | s/move upper |",
            "|---|---|---|---|---|---|---|",
        ]
        for step in report["steps"]:
            think = step["think"]
            lines.append(
                f"| {step['lower']} → {step['upper']} | {step['games']} | "
                f"{step['wins']}-{step['draws']}-{step['losses']} | {step['score']:.0%} | "
                f"{step['elo']:+.0f} [{step['elo_low']:+.0f}, {step['elo_high']:+.0f}] | "
                f"{think[step['lower']]['mean']:.3f} / {think[step['lower']]['max']:.2f} | "
                f"{think[step['upper']]['mean']:.3f} / {think[step['upper']]['max']:.2f} |"
            )
        lines += ["", "One Elo fit over every game (mean 1500, 95%):", ""]
        lines += ["| agent | Elo | 95% |", "|---|---|---|"]
        for entry in sorted(report["ladder"], key=lambda e: -e["elo"]):
            lines.append(
                f"| {entry['agent']} | {entry['elo']:.0f} | [{entry['low']:.0f}, "
                f"{entry['high']:.0f}] |"
            )
    else:
        lines += [
            "| step (lower → upper) | games | mean rank lower / upper | rank gain (95%) | "
            "s/move lower | s/move upper |",
            "|---|---|---|---|---|---|",
        ]
        for step in report["steps"]:
            think, rank = step["think"], step["mean_rank"]
            lines.append(
                f"| {step['lower']} → {step['upper']} | {step['games']} | "
                f"{rank[step['lower']]:.2f} / {rank[step['upper']]:.2f} | "
                f"{step['rank_gain']:+.2f} [{step['rank_gain_low']:+.2f}, "
                f"{step['rank_gain_high']:+.2f}] | "
                f"{think[step['lower']]['mean']:.3f} / {think[step['lower']]['max']:.2f} | "
                f"{think[step['upper']]['mean']:.3f} / {think[step['upper']]['max']:.2f} |"
            )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Play the ladder of one game, print and write its report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--rounds", type=int, default=10, help="rounds per step (default 10)")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--openspiel", type=int, default=0, help="MCTSBot simulations per id")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", default=None, help="play only the steps whose upper is this")
    parser.add_argument("--out-dir", type=Path, default=OUT_DIR)
    args = parser.parse_args(argv)
    game = load(args.game, args.players) if args.players else load(args.game)
    started = time.perf_counter()
    played: list[tuple[list[str], list[GameResult]]] = []
    rows = []
    for index, (lower, upper) in enumerate(steps(args.openspiel)):
        if args.only and upper != args.only and lower != args.only:
            continue
        tournament = plan(game, [lower, upper], args.rounds, args.seed + 1000 * index)
        results = run(tournament, make_ladder_agent, jobs=args.jobs)
        played.append(([lower, upper], results))
        rows.append(step_figures(tournament, results))
        print(json.dumps(rows[-1]), flush=True)
    specs = [
        spec
        for spec in [*LEVELS, f"openspiel:{args.openspiel}"]
        if any(spec in pair for pair, _ in played)
    ]
    two_player = bool(rows) and rows[0]["method"] == "elo"
    report = {
        "game": game.name,
        "players": game.num_players,
        "options": dict(game.options),
        "seed": args.seed,
        "rounds": args.rounds,
        "command": shlex.join(["benchmarks/ladder.py", *(argv or sys.argv[1:])]),
        "steps": rows,
        "ladder": ladder_elo(specs, played) if two_player and len(played) > 1 else [],
        "seconds": time.perf_counter() - started,
    }
    args.out_dir.mkdir(parents=True, exist_ok=True)
    stem = (
        game.name
        if game.num_players == game.default_players
        else (f"{game.name}-{game.num_players}p")
    )
    (args.out_dir / f"{stem}.json").write_text(json.dumps(report, indent=1) + "\n")
    (args.out_dir / f"{stem}.md").write_text(markdown(report))
    print(markdown(report))
    return report


if __name__ == "__main__":
    main()
