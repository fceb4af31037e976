"""MCTS simulations per CPU second, per game, at a fixed rollout cap and simulation count.

Run: ``PYTHONPATH=src .venv/bin/python benchmarks/bench_mcts.py [--max-rollout 40]
[--iterations 300] [--positions 3] [--baseline REF] [--profile DIR] [--game NAME ...]``.
Prints figures; asserts nothing (speed targets live in benchmarks, never in unit tests).

Each game (default options) is searched from ``--positions`` decision points of one seeded
random game (:func:`connect_arena.agents.bench.sample_positions`) by ``MCTSAgent(seed,
max_rollout=cap)`` with ``Budget(iterations=N)``: the same simulations for a seed, timed in the
process's CPU time (steady on a shared machine). ``--level`` uses a level's own settings
(rollout cap, widening, exploration) instead.

``--baseline REF`` also loads ``src/connect_arena/agents/mcts.py`` as it was at the git
commit ``REF`` (e.g. the commit before the search was sped up) and measures it in the same
run, on the same engines, printing the ratio: the engines' own speed-ups (made elsewhere)
then cancel out. ``--profile DIR`` writes one cProfile file per game and agent
(``mcts_<game>_<agent>.prof``) and its 25 costliest functions as text.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import json
import pstats
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from connect_arena.agents.base import Budget
from connect_arena.agents.bench import sample_positions
from connect_arena.agents.knowledge import level_settings
from connect_arena.core import game_names, load

ROOT = Path(__file__).resolve().parent.parent


def baseline_module(ref: str) -> ModuleType:
    """``agents/mcts.py`` at git commit ``ref``, imported as a separate module."""
    source = subprocess.run(
        ["git", "show", f"{ref}:src/connect_arena/agents/mcts.py"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    path = Path(tempfile.mkdtemp()) / "mcts_baseline.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location("mcts_baseline", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mcts_baseline"] = module
    spec.loader.exec_module(module)
    return module


def make(module: ModuleType, game: str, cap: int, level: str | None, seed: int) -> Any:
    """An agent of ``module`` with the benchmark's settings."""
    if level is None:
        return module.MCTSAgent(seed, max_rollout=cap)
    return module.MCTSAgent(seed, level=level)


def measure(
    module: ModuleType,
    game: str,
    iterations: int,
    cap: int,
    positions: int,
    level: str | None,
    profile: Path | None,
    label: str,
) -> dict[str, float]:
    """Simulations per CPU second of ``module``'s agent over the positions of ``game``."""
    states = sample_positions(load(game), positions)
    profiler = cProfile.Profile() if profile is not None else None
    simulations = 0
    elapsed = 0.0
    for index, state in enumerate(states):
        agent = make(module, game, cap, level, seed=4 + index)
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game (default: every game)")
    parser.add_argument("--iterations", type=int, default=300, help="simulations per search")
    parser.add_argument("--max-rollout", type=int, default=40, help="rollout cap (actions)")
    parser.add_argument("--positions", type=int, default=3, help="positions per game")
    parser.add_argument("--level", choices=["easy", "normal", "hard"], help="level settings")
    parser.add_argument("--baseline", metavar="REF", help="also measure mcts.py at git REF")
    parser.add_argument("--profile", type=Path, metavar="DIR", help="write cProfile files")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    from connect_arena.agents import mcts

    agents: dict[str, ModuleType] = {}
    if args.baseline:
        agents["before"] = baseline_module(args.baseline)
    agents["now"] = mcts
    rows: list[dict[str, Any]] = []
    for game in args.game or game_names():
        row: dict[str, Any] = {"game": game}
        if args.level is not None:
            settings = level_settings(game, args.level)
            row["max_rollout"] = settings.max_rollout
        else:
            row["max_rollout"] = args.max_rollout
        for label, module in agents.items():
            figures = measure(
                module,
                game,
                args.iterations,
                args.max_rollout,
                args.positions,
                args.level,
                args.profile,
                label,
            )
            row[label] = round(figures["sims_per_cpu_s"], 1)
        if row.get("before"):
            row["ratio"] = round(row["now"] / row["before"], 2)
        rows.append(row)
        if not args.json:
            figures_text = "  ".join(f"{k}={v}" for k, v in row.items() if k != "game")
            print(f"{game:10} {figures_text}", flush=True)
    if args.json:
        print(json.dumps({"iterations": args.iterations, "level": args.level, "rows": rows}))


if __name__ == "__main__":
    main()
