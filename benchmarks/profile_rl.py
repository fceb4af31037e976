"""Profile the PettingZoo environment's ``step`` (the adapters' hot path) with py-spy.

Run (py-spy samples the loop, native frames of the compiled modules included)::

    .venv/bin/py-spy record --native -r 400 -f raw -o /tmp/c5.txt -- \\
        .venv/bin/python benchmarks/profile_rl.py loop connect5 2 --seconds 10
    .venv/bin/python benchmarks/profile_rl.py summary /tmp/c5.txt > out.txt

``loop`` replays ``bench_pettingzoo.py``'s recorded games through ``env.step`` (no
observation; ``--way stepper``: the stepper's legal ids then ``apply_id``, as OpenSpiel's loop
asks; ``--way openspiel``: ``bench_rl.py``'s games through pyspiel, ``legal_actions()`` then
``apply_action``) for ``--seconds``; ``summary`` reads py-spy's raw (folded) stacks and prints, for
the samples under that loop, each frame's inclusive share, then each Python line's own share
(native callees counted to the last Python frame above them). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

ROOTS = ("time_env", "time_stepper", "replay")
"""The frames whose samples are counted (``bench_pettingzoo``'s ways)."""


def loop(game: str, players: int, seconds: float, way: str, rounds: int = 0) -> None:
    """``env.step`` (``way`` ``env``) or the stepper's legal ids and ``apply_id``
    (``stepper``: what OpenSpiel's loop asks), or the engine alone (``engine``: legal actions
    and ``apply_legal_action``, the control) over 10 recorded games, again and again for
    ``seconds`` of wall time, or exactly ``rounds`` times (a fixed amount of work, for a
    whole-process A/B of two builds)."""
    import bench_pettingzoo as bench

    if way == "openspiel":
        openspiel_loop(game, players, seconds, rounds)
        return
    games = bench.record(game, players, 10)
    end = time.time() + seconds
    done = 0
    while (done < rounds) if rounds else (time.time() < end):
        if way == "env":
            bench.time_env(game, players, games, False)
        elif way == "engine":
            bench.time_engine(game, players, games)
        else:
            bench.time_stepper(game, players, games)
        done += 1


def openspiel_loop(game: str, players: int, seconds: float, rounds: int = 0) -> None:
    """``bench_rl.py``'s ``openspiel`` way (10 random games of the default options but
    ``players``) again and again for ``seconds`` of wall time, or exactly ``rounds`` times."""
    import bench_rl
    from connect_arena.core import load

    gt = load(game).game_type
    options: dict[str, object] = {"players": players}
    if gt.anti_endless_option is not None:
        spec = bench_rl.parameter_specification(gt)
        options[gt.anti_endless_option] = spec[gt.anti_endless_option]
    seats = options.pop("players")
    engine_options = {**options, "num_players": seats}
    options["players"] = seats
    finished, _, _ = bench_rl.engine_games(game, engine_options, range(10), time.process_time)
    games = bench_rl.trajectories(game, engine_options, finished)
    end = time.time() + seconds
    done = 0
    while (done < rounds) if rounds else (time.time() < end):
        bench_rl.openspiel_games(game, options, games, time.process_time)
        done += 1


def summary(path: Path, frames: int = 40, lines: int = 25) -> str:
    """The inclusive and own shares of py-spy's raw stacks in ``path`` under :data:`ROOTS`."""
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    total = 0
    for line in path.read_text().splitlines():
        stack, count = line.rsplit(" ", 1)
        names = stack.split(";")
        starts = [i for i, name in enumerate(names) if name.split(" ")[0] in ROOTS]
        if not starts:
            continue
        names = names[starts[0] :]
        total += int(count)
        for name in set(names):
            inclusive[name] += int(count)
        python = [name for name in names if ".py:" in name]
        own[python[-1] if python else names[-1]] += int(count)
    out = [f"samples {total}"]
    out += [f"{n / total:6.1%} {name[:140]}" for name, n in inclusive.most_common(frames)]
    out.append("--- own (the last Python frame, its native callees included)")
    out += [f"{n / total:6.1%} {name[:140]}" for name, n in own.most_common(lines)]
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("loop", help="step the environment for py-spy to sample")
    run.add_argument("game")
    run.add_argument("players", type=int)
    run.add_argument("--seconds", type=float, default=10.0)
    run.add_argument("--way", choices=("env", "stepper", "openspiel", "engine"), default="env")
    run.add_argument("--rounds", type=int, default=0, help="a fixed number of passes instead")
    read = commands.add_parser("summary", help="summarise py-spy's raw output")
    read.add_argument("path", type=Path)
    args = parser.parse_args()
    if args.command == "loop":
        loop(args.game, args.players, args.seconds, args.way, args.rounds)
    else:
        print(summary(args.path))


if __name__ == "__main__":
    main()
