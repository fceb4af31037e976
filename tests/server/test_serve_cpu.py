"""``connect-arena serve --cpu N``: the server's process on one CPU, its computer players on the
others (a server's threads on one core cost less CPU a move; issue 25, session 54)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer

from connect_arena.cli.serve import pin_to
from tests.server.live import free_port, server

CPUS = sorted(os.sched_getaffinity(0))


def test_a_pinned_server_runs_every_thread_on_its_cpu(tmp_path: Path) -> None:
    cpu = CPUS[-1]
    with server(tmp_path, free_port(), "--cpu", str(cpu)) as process:
        threads = os.listdir(f"/proc/{process.pid}/task")
        placed = {frozenset(os.sched_getaffinity(int(tid))) for tid in threads}
    assert len(threads) > 1  # the database thread at least
    assert placed == {frozenset({cpu})}


PROBE = """
import json, os
from connect_arena.cli.serve import pin_to
from connect_arena.service.computer import ComputerPlayers
pin_to({cpu})
players = ComputerPlayers(1)
worker = players._pool().submit(os.sched_getaffinity, 0).result(60)
print(json.dumps({{"server": sorted(os.sched_getaffinity(0)), "worker": sorted(worker)}}))
players._pool().shutdown()
"""


def test_the_computer_players_of_a_pinned_server_think_on_the_other_cpus() -> None:
    # In a process of its own: pinning the test's process would pin the rest of the suite.
    cpu = CPUS[0]
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(cpu=cpu)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    placed = json.loads(done.stdout.strip().splitlines()[-1])
    assert placed["server"] == [cpu]
    assert placed["worker"] == ([c for c in CPUS if c != cpu] or [cpu])


@pytest.mark.parametrize(
    ("cpu", "workers", "message"),
    [(CPUS[-1] + 1, 1, "is not one of"), (CPUS[0], 2, "one process per CPU")],
)
def test_a_cpu_that_cannot_be_used_is_refused_and_nothing_is_pinned(
    cpu: int, workers: int, message: str
) -> None:
    with pytest.raises(typer.BadParameter, match=message):
        pin_to(cpu, workers)
    assert sorted(os.sched_getaffinity(0)) == CPUS
    assert "CONNECT_ARENA_COMPUTER_CPUS" not in os.environ
