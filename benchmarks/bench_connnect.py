"""CO'NNN'ECT engine throughput and random-play scores (one core).

Run: ``.venv/bin/python benchmarks/bench_connnect.py [--seconds S] [--games N]``. Prints
figures; asserts nothing (speed targets live in benchmarks, never in unit tests).

* playouts: uniformly random legal actions for every seat (the lowest active seat acts in a
  simultaneous phase), chance from a seeded ``random.Random``; actions/s and games/s, with the
  unchecked fast path (``apply_legal_action``) and the checked one (``apply_action``);
* cold ``legal_actions`` generation time per decision, by phase;
* mean final score (and how often players go out of the game) with random play, and with a
  simple "eager" policy (claim whenever possible, never a voluntary Free Action) for scale.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from connect_arena.core import CHANCE, load, sample_chance_outcome
from connect_arena.games.connnect.notation import Change, Claim, Done, Skip, Take, Write
from connect_arena.games.connnect.rules import ConnnectState

Policy = Callable[[ConnnectState, int, random.Random], Any]


def random_policy(state: ConnnectState, seat: int, rng: random.Random) -> Any:
    """A uniformly random legal action."""
    return rng.choice(state.legal_actions(seat))


def eager_policy(state: ConnnectState, seat: int, rng: random.Random) -> Any:
    """Claim the largest Connect available, take bonuses, write, skip only when forced."""
    actions = state.legal_actions(seat)
    claims = [a for a in actions if isinstance(a, Claim)]
    if claims:
        return max(claims, key=lambda a: (len(a.cells), rng.random()))
    for kind in (Take, Write, Skip, Done):
        chosen = [a for a in actions if isinstance(a, kind)]
        if chosen:
            return rng.choice(chosen)
    return rng.choice([a for a in actions if not isinstance(a, Change)] or actions)


def play(players: int, rng: random.Random, policy: Policy, checked: bool) -> ConnnectState:
    """One whole game."""
    state = load("connnect", players).new_initial_state()
    assert isinstance(state, ConnnectState)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
            continue
        seat = min(state.active_players())
        action = policy(state, seat, rng)
        if checked:
            state.apply_action(action, seat)
        else:
            state.apply_legal_action(action, seat)
    return state


def throughput(players: int, seconds: float, checked: bool) -> dict[str, float]:
    """Random playouts for ``seconds``."""
    rng = random.Random(1)
    actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = play(players, rng, random_policy, checked)
        actions += len(state.history)
        games += 1
    elapsed = time.perf_counter() - start
    return {"actions_per_s": actions / elapsed, "games_per_s": games / elapsed, "games": games}


def legal_generation(players: int, games: int) -> dict[str, tuple[float, float, float]]:
    """Per phase: mean and p95 µs of a cold ``legal_actions`` call, and mean branching."""
    rng = random.Random(2)
    samples: dict[str, list[tuple[float, int]]] = defaultdict(list)
    for _ in range(games):
        state = load("connnect", players).new_initial_state()
        assert isinstance(state, ConnnectState)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
                continue
            seat = min(state.active_players())
            probe = state.clone()
            probe.cache = [None] * probe.num_players  # measure generation, not the cache
            t0 = time.perf_counter()
            actions = probe.legal_actions(seat)
            samples[state.phase].append(((time.perf_counter() - t0) * 1e6, len(actions)))
            state.apply_legal_action(rng.choice(actions), seat)
    result = {}
    for phase, rows in samples.items():
        times = sorted(t for t, _ in rows)
        result[phase] = (
            statistics.fmean(times),
            times[int(0.95 * len(times))],
            statistics.fmean(n for _, n in rows),
        )
    return result


def scores(players: int, games: int, policy: Policy) -> dict[str, float]:
    """Mean final score per player, share of players out, mean game length in actions."""
    rng = random.Random(3)
    totals: list[int] = []
    out = 0
    lengths = []
    for _ in range(games):
        state = play(players, rng, policy, checked=False)
        totals += [s.total for s in state.scores()]
        out += sum(1 for sheet in state.sheets if sheet.out)
        lengths.append(len(state.history))
    return {
        "mean": statistics.fmean(totals),
        "stdev": statistics.pstdev(totals),
        "out": out / (games * players),
        "length": statistics.fmean(lengths),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="per throughput figure")
    parser.add_argument("--games", type=int, default=200, help="games per score figure")
    args = parser.parse_args()
    print(f"{'players':>7} {'mode':9} {'actions/s':>10} {'games/s':>8}")
    for players in (1, 2, 3, 4):
        for checked in (False, True):
            r = throughput(players, args.seconds, checked)
            mode = "checked" if checked else "unchecked"
            print(f"{players:7} {mode:9} {r['actions_per_s']:10.0f} {r['games_per_s']:8.1f}")
    print()
    print(f"{'phase (3 players)':18} {'legal_actions mean µs':>22} {'p95 µs':>8} {'branching':>10}")
    for phase, (mean, p95, branching) in sorted(legal_generation(3, 40).items()):
        print(f"{phase:18} {mean:22.1f} {p95:8.1f} {branching:10.1f}")
    print()
    print(f"{'players':>7} {'policy':7} {'mean score':>10} {'stdev':>6} {'out':>6} {'actions':>8}")
    for players in (1, 2, 3, 4):
        for name, policy in (("random", random_policy), ("eager", eager_policy)):
            s = scores(players, args.games, policy)
            print(
                f"{players:7} {name:7} {s['mean']:10.2f} {s['stdev']:6.2f} {s['out']:6.0%}"
                f" {s['length']:8.1f}"
            )


if __name__ == "__main__":
    main()
