"""cProfile of random playouts, per game (the profiles behind issue 24's engine work).

Run: ``.venv/bin/python benchmarks/profile_engines.py [--actions N] [--out DIR] [GAME ...]``.
Writes ``DIR/profile_<label>_<game>.txt`` (functions by own time, then by cumulative time) for
each game (two players, default options): ``N`` random-playout actions through the agents'
unchecked path, chance outcomes drawn by their probabilities. Asserts nothing.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
from pathlib import Path

from connect_arena.agents.bench import _advance
from connect_arena.core import load

GAMES = ("connect5", "pairs", "quinque", "connnect")


def playout_actions(name: str, count: int, seed: int = 1) -> None:
    """``count`` random-playout actions of ``name`` (new games as the old ones end)."""
    game = load(name, 2)
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(count):
        if state.is_terminal():
            state = game.new_initial_state()
        _advance(state, rng)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--actions", type=int, default=100_000)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/engines"))
    parser.add_argument("--label", default="after")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.games:
        playout_actions(name, 2000)  # fill the per-game caches outside the profile
        profile = cProfile.Profile()
        profile.enable()
        playout_actions(name, args.actions)
        profile.disable()
        text = io.StringIO()
        stats = pstats.Stats(profile, stream=text)
        stats.sort_stats("tottime").print_stats(35)
        stats.sort_stats("cumulative").print_stats(35)
        path = args.out / f"profile_{args.label}_{name}.txt"
        path.write_text(text.getvalue().replace(str(Path.cwd()) + "/", ""))
        print(f"{name}: {path}")


if __name__ == "__main__":
    main()
