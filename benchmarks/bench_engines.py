"""Engine speed against OpenSpiel's C++ gomoku, in one run (issue 24's yardstick).

Run: ``.venv/bin/python benchmarks/bench_engines.py [--seconds S] [--rounds N]``. Prints
figures; asserts nothing (speed targets live in benchmarks, never in unit tests).

Random-playout actions per CPU second (``time.process_time``) for each built-in game (two
players, default options) through :func:`connect_arena.agents.bench.random_playouts` (the
agents' unchecked path, chance outcomes drawn by their probabilities), and for OpenSpiel's C++
``gomoku`` through ``pyspiel`` in the same Python loop shape (``legal_actions`` + random choice +
``apply_action``). The machine may be shared and busy, so the games are measured in ``rounds``,
each round measuring every game once, back to back; each game's ratio to gomoku is taken
within a round, and the table gives the min and median over the rounds.

``--game NAME`` (repeatable) measures only those games, e.g. each game in a process of its own,
as a training loop or a search worker runs one game: in one process for all four, the tables
the other games intern (Quinque's per-tile tables above all) lengthen every full collection
of the garbage collector, which Connect 5's playouts trigger by keeping their history
(``benchmarks/results/engines/e6_heap/``).

The build in use is printed first: ``compiled`` when the mypyc-compiled engine modules were
loaded, ``pure`` otherwise (``CONNECT_ARENA_PURE=1`` forces the pure-Python modules).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from connect_arena import _build
from connect_arena.agents.bench import random_playouts
from connect_arena.core import load

GAMES = ("connect5", "pairs", "quinque", "connnect")
"""Our games, measured with two players and default options."""


def gomoku_playouts(seconds: float, seed: int = 1) -> float:
    """Random playouts of OpenSpiel's C++ gomoku for ``seconds`` of CPU: actions per CPU second."""
    import pyspiel  # the rl extra; imported here so that --no-gomoku runs without it

    game = pyspiel.load_game("gomoku")
    rng = random.Random(seed)
    clock = time.process_time
    actions = 0
    start = clock()
    deadline = start + seconds
    state = game.new_initial_state()
    while True:
        if state.is_terminal():
            state = game.new_initial_state()
        state.apply_action(rng.choice(state.legal_actions()))
        actions += 1
        if actions & 63 == 0 and clock() >= deadline:  # as in random_playouts
            break
    return actions / (clock() - start)


def one_round(seconds: float, gomoku: bool, games: tuple[str, ...] = GAMES) -> dict[str, float]:
    """Actions per CPU second of ``games`` (and gomoku), measured once each."""
    rates: dict[str, float] = {}
    if gomoku:
        rates["gomoku"] = gomoku_playouts(seconds)
    for name in games:
        rate, _, _ = random_playouts(load(name, 2), seconds, clock=time.process_time)
        rates[name] = rate
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per game/round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-gomoku", action="store_true", help="skip pyspiel (no ratios)")
    parser.add_argument(
        "--game",
        action="append",
        choices=GAMES,
        help="measure only this game (repeatable; default: all four in one process)",
    )
    args = parser.parse_args()
    gomoku = not args.no_gomoku
    games = tuple(args.game) if args.game else GAMES
    print(f"build: {_build.describe()}")
    # warm the per-game caches (shape tables, boards, interned actions) outside the measurement
    for name in games:
        random_playouts(load(name, 2), 0.2, clock=time.process_time)
    rounds = [one_round(args.seconds, gomoku, games) for _ in range(args.rounds)]
    names = (("gomoku",) if gomoku else ()) + games
    print(f"{'game':10} {'actions/CPU s (min / median / max)':>36}", end="")
    print(f" {'× slower than gomoku (min / median / max)':>44}" if gomoku else "")
    for name in names:
        rates = sorted(r[name] for r in rounds)
        line = f"{name:10} {rates[0]:11.0f} {statistics.median(rates):11.0f} {rates[-1]:11.0f}"
        if gomoku:
            ratios = sorted(r["gomoku"] / r[name] for r in rounds)
            line += f"   {ratios[0]:13.2f} {statistics.median(ratios):13.2f} {ratios[-1]:13.2f}"
        print(line)


if __name__ == "__main__":
    main()
