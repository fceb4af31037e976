"""What the tournament limits bound (issue 32, item 2): the round-robin schedules at each
format's largest field, and the live ``tournament`` message of the largest Swiss allowed.

Prints, for a round-robin at tables of 2, 3 and 5 with the most entrants allowed
(:func:`connect_arena.service.tournaments.max_entrants`), its rounds, tables and the CPU time
of building the whole schedule; then the size of the ``tournament`` message of a 256-entrant
Swiss after 30 rounds and the CPU time of building it (one run: CPU time, since the shared
machine's wall clock varies).

Run: ``.venv/bin/python benchmarks/bench_tournament_limits.py``.
"""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime

from connect_arena.agents.pairing import round_robin
from connect_arena.service import MatchService, MemoryStorage, ServiceConfig
from connect_arena.service.settings import TableSettings
from connect_arena.service.tournaments import (
    MAX_ENTRANTS,
    Entrant,
    Format,
    Tournament,
    TournamentGame,
    max_entrants,
)


def main() -> None:
    """Print the figures."""
    for size in (2, 3, 5):
        count = max_entrants(Format.ROUND_ROBIN, size)
        start = time.process_time()
        rounds = round_robin([str(i) for i in range(count)], size)
        spent = time.process_time() - start
        tables = sum(len(one.tables) for one in rounds)
        print(
            f"round-robin, {count} entrants at tables of {size}: {len(rounds)} rounds, "
            f"{tables} tables, {spent * 1000:.1f} ms CPU"
        )
    service = MatchService(MemoryStorage(), ServiceConfig(0, 0.0, sweep_every=0)).tournaments
    big = Tournament(
        1, "big", "quinque", {}, 2, TableSettings(), Format.SWISS, 30, 0.0,
        datetime.now(UTC), 0, 30.0, 1, 7, round=30,
    )  # fmt: skip
    big.entrants = [Entrant(i, f"player{i:03d}", user_id=i + 10) for i in range(MAX_ENTRANTS)]
    half = MAX_ENTRANTS // 2
    big.games = [
        TournamentGame(r + 1, r * half + i + 1, (2 * i, 2 * i + 1), [1.0, -1.0], "normal")
        for r in range(30)
        for i in range(half)
    ]
    start = time.process_time()
    text = json.dumps(service.to_json(big))
    spent = time.process_time() - start
    print(
        f"Swiss, {MAX_ENTRANTS} entrants after 30 rounds: tournament message "
        f"{len(text) / 1024:.0f} KiB, built in {spent * 1000:.0f} ms CPU"
    )


if __name__ == "__main__":
    main()
