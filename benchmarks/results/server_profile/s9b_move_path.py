"""Service-level CPU per move (scale9, issue 25): ``MatchService`` on ``MemoryStorage``, 20
default Quinque games (seat 0 first) played to the end by two people while a spectator
watches, every queued message drained; prints µs of process CPU per move, best of 3 rounds.

Run from the worktree, alternating the code under test:
``.venv/bin/python benchmarks/results/server_profile/s9b_move_path.py`` and
``PYTHONPATH=<export>/src .venv/bin/python benchmarks/results/server_profile/s9b_move_path.py``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from tests.server.test_lifecycle import ALICE, BOB, drain, move, new_table, run

from connect_arena.service import MatchService, User


def main() -> None:
    async def body(service: MatchService) -> float:
        moves, cpu = 0, 0.0
        for game in range(20):
            table_id = await new_table(service, [ALICE, BOB], options={"first_player": "0"})
            viewers = [await service.watch(table_id, u.id) for u in (ALICE, BOB, User(3, "c"))]
            table = await service.get_table(table_id)
            start = time.process_time()
            while table.state is not None and not table.state.is_terminal():
                seat = min(table.state.active_players())
                await move(service, table_id, ALICE if seat == 0 else BOB, pick=game)
                for subscription in viewers:
                    drain(subscription)
                moves += 1
            cpu += time.process_time() - start
        return cpu / moves * 1e6

    print(f"{min(run(body) for _ in range(3)):.0f} µs per move")


if __name__ == "__main__":
    main()
