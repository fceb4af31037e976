"""MCTS simulations per CPU second, per game, at a fixed rollout cap and simulation count.

Run: ``PYTHONPATH=src .venv/bin/python benchmarks/bench_mcts.py [--max-rollout 40]
[--iterations 300] [--positions 3] [--warm S] [--baseline REF [--rounds R]] [--profile DIR]
[--game NAME ...]``.
Prints figures; asserts nothing (speed targets live in benchmarks, never in unit tests).

Each game (default options) is searched from ``--positions`` decision points of one seeded
random game (:func:`connect_arena.agents.bench.sample_positions`) by ``MCTSAgent(seed,
max_rollout=cap)`` with ``Budget(iterations=N)``: the same simulations for a seed, timed in the
process's CPU time (steady on a shared machine). By default the process is new, so the
first searches also fill the engines' caches (a cold Quinque search spends most of its time
analysing each formation shape it meets for the first time). ``--warm S`` first plays random
playouts of the game for ``S`` seconds, untimed, as a long-lived server or search worker has
(``agents.bench.random_playouts``, in the baseline's code too). ``--level`` uses a level's
own settings (rollout cap, widening, exploration) instead.

``--baseline REF`` measures each game twice in the same run, in two new processes: with the
package ``src/connect_arena`` as it was at git commit ``REF`` (``git archive``: the search, the
knowledge and the engines of that commit), then with this checkout's, and prints the ratio.
``--rounds R`` repeats that pair ``R`` times, alternated, and prints the median of each side,
the median of the rounds' ratios and each round's ratio (one search of ~0.5 s is at the mercy
of a shared machine: single ratios of the same code read 3.4-6.4x).
``--decisions K --level L`` measures instead the CPU time per decision of two level-``L`` agents
playing each game, tree reuse off and on (the saving of :class:`MCTSAgent`'s ``reuse``).
``--profile DIR`` writes one cProfile file per game and agent
(``mcts_<game>_<agent>.prof``) and its 25 costliest functions as text.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import random
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path
from typing import Any

from connect_arena.agents.base import Budget
from connect_arena.agents.bench import random_playouts, sample_positions
from connect_arena.agents.knowledge import level_settings
from connect_arena.agents.mcts import MCTSAgent
from connect_arena.core import game_names, load, sample_chance_outcome

ROOT = Path(__file__).resolve().parent.parent


def export_source(ref: str) -> Path:
    """The ``src`` directory of git commit ``ref``, exported to a temporary directory."""
    target = Path(tempfile.mkdtemp(prefix="bench_mcts_"))
    archive = subprocess.run(
        ["git", "archive", ref, "src/connect_arena"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    # The games are found through the installed package's entry points, which name this
    # checkout's modules: give the old package its own (a dist-info first on the path wins).
    pyproject = subprocess.run(
        ["git", "show", f"{ref}:pyproject.toml"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    project = tomllib.loads(pyproject.decode())["project"]
    info = target / "src" / f"connect_arena-{project['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n"
    )
    groups = project.get("entry-points", {})
    (info / "entry_points.txt").write_text(
        "".join(
            f"[{group}]\n" + "".join(f"{key} = {value}\n" for key, value in entries.items())
            for group, entries in groups.items()
        )
    )
    return target / "src"


def run_child(source: Path, game: str, args: argparse.Namespace, label: str) -> dict[str, Any]:
    """This script on one game in a new process whose ``connect_arena`` is ``source``."""
    command = [sys.executable, __file__, "--json", "--game", game, "--label", label]
    command += ["--iterations", str(args.iterations), "--max-rollout", str(args.max_rollout)]
    command += ["--positions", str(args.positions), "--warm", str(args.warm)]
    if args.level:
        command += ["--level", args.level]
    if args.profile:
        command += ["--profile", str(args.profile)]
    environment = {**os.environ, "PYTHONPATH": str(source)}
    output = subprocess.run(command, env=environment, check=True, capture_output=True, text=True)
    row: dict[str, Any] = json.loads(output.stdout)["rows"][0]
    return row


def make(cap: int, level: str | None, seed: int) -> MCTSAgent:
    """An agent with the benchmark's settings."""
    if level is None:
        return MCTSAgent(seed, max_rollout=cap)
    return MCTSAgent(seed, level=level)


def measure(
    game: str,
    iterations: int,
    cap: int,
    positions: int,
    level: str | None,
    profile: Path | None,
    label: str,
    warm: float = 0.0,
) -> dict[str, float]:
    """Simulations per CPU second over the positions of ``game`` (after ``warm`` seconds of
    untimed random playouts, if any)."""
    states = sample_positions(load(game), positions)
    if warm > 0:
        random_playouts(load(game), warm)
    profiler = cProfile.Profile() if profile is not None else None
    simulations = 0
    elapsed = 0.0
    for index, state in enumerate(states):
        agent = make(cap, level, seed=4 + index)
        player = min(state.active_players())
        start = time.process_time()
        if profiler is not None:
            profiler.enable()
        root = agent.search(state, player, Budget(iterations=iterations))
        if profiler is not None:
            profiler.disable()
        elapsed += time.process_time() - start
        simulations += root.visits
    if profiler is not None and profile is not None:
        profile.mkdir(parents=True, exist_ok=True)
        stem = profile / f"mcts_{game}_{label}"
        profiler.dump_stats(f"{stem}.prof")
        with open(f"{stem}.txt", "w") as out:
            pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(25)
    return {"sims_per_cpu_s": simulations / elapsed if elapsed else 0.0, "sims": simulations}


def decision_cost(game: str, level: str, decisions: int, reuse: bool) -> float:
    """CPU seconds per decision of two ``level`` agents playing ``game`` (its first
    ``decisions`` decisions, chance from a fixed seed), with or without tree reuse. The
    simulation budget is spent as by the level (no time cap: the same simulations on any
    machine)."""
    rng = random.Random(5)
    state = load(game).new_initial_state()
    agents = [
        MCTSAgent(10 + seat, level=level, reuse=reuse) for seat in range(state.game.num_players)
    ]
    settings = level_settings(game, level)
    budget = Budget(iterations=settings.iterations)
    spent = 0.0
    made = 0
    while made < decisions and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
            continue
        player = min(state.active_players())
        start = time.process_time()
        action = agents[player].act(state, player, budget)
        spent += time.process_time() - start
        made += 1
        state.apply_action(action, player)
    return spent / made if made else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game (default: every game)")
    parser.add_argument("--iterations", type=int, default=300, help="simulations per search")
    parser.add_argument("--max-rollout", type=int, default=40, help="rollout cap (actions)")
    parser.add_argument("--positions", type=int, default=3, help="positions per game")
    parser.add_argument(
        "--warm", type=float, default=0.0, metavar="S", help="untimed random playouts first (s)"
    )
    parser.add_argument("--level", choices=["easy", "normal", "hard"], help="level settings")
    parser.add_argument("--baseline", metavar="REF", help="also measure the code of git REF")
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        metavar="R",
        help="with --baseline: R alternated pairs, and the median of their ratios",
    )
    parser.add_argument("--profile", type=Path, metavar="DIR", help="write cProfile files")
    parser.add_argument("--label", default="now", help=argparse.SUPPRESS)
    parser.add_argument(
        "--decisions",
        type=int,
        metavar="K",
        help="instead: CPU s per decision of two --level agents over K decisions, tree "
        "reuse off and on",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if args.decisions:
        level = args.level or "hard"
        for game in args.game or game_names():
            off = decision_cost(game, level, args.decisions, reuse=False)
            on = decision_cost(game, level, args.decisions, reuse=True)
            ratio = off / on if on else 0.0
            print(f"{game:10} {level}: reuse off {off:.3f} s, on {on:.3f} s ({ratio:.2f}x)")
        return
    before = export_source(args.baseline) if args.baseline else None
    rows: list[dict[str, Any]] = []
    for game in args.game or game_names():
        row: dict[str, Any] = {"game": game}
        if args.level is not None:
            row["max_rollout"] = level_settings(game, args.level).max_rollout
        else:
            row["max_rollout"] = args.max_rollout
        if before is not None:
            pairs = [
                (
                    run_child(before, game, args, "before")["now"],
                    run_child(ROOT / "src", game, args, "now")["now"],
                )
                for _ in range(max(1, args.rounds))
            ]
            row["before"] = round(statistics.median(b for b, _ in pairs), 1)
            row["now"] = round(statistics.median(n for _, n in pairs), 1)
            ratios = [n / b for b, n in pairs if b]
            if ratios:
                row["ratio"] = round(statistics.median(ratios), 2)
            if len(pairs) > 1:
                row["ratios"] = [round(r, 2) for r in ratios]
        else:
            figures = measure(
                game,
                args.iterations,
                args.max_rollout,
                args.positions,
                args.level,
                args.profile,
                args.label,
                args.warm,
            )
            row["now"] = round(figures["sims_per_cpu_s"], 1)
        rows.append(row)
        if not args.json:
            figures_text = "  ".join(f"{k}={v}" for k, v in row.items() if k != "game")
            print(f"{game:10} {figures_text}", flush=True)
    if args.json:
        print(json.dumps({"iterations": args.iterations, "level": args.level, "rows": rows}))


if __name__ == "__main__":
    main()
