"""``benchmarks/bench_server.py`` measures the CPU of a server's whole process tree (session
47): a server that runs the app in a worker process of its own (Granian's supervisor and
worker) would otherwise be measured as its idle supervisor."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time

from scripts import benchmark_script

SPAWNER = """
import subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
print(child.pid, flush=True)
time.sleep(60)
"""


def test_the_process_tree_holds_a_servers_worker_process() -> None:
    bench = benchmark_script("bench_server")
    parent = subprocess.Popen([sys.executable, "-c", SPAWNER], stdout=subprocess.PIPE, text=True)
    child = 0
    try:
        assert parent.stdout is not None
        child = int(parent.stdout.readline())
        for _ in range(100):  # the child's entry in its parent's /proc children list
            if child in bench.process_tree([parent.pid]):
                break
            time.sleep(0.05)
        tree = bench.process_tree([parent.pid])
        assert tree[0] == parent.pid
        assert child in tree
    finally:
        if child:
            with contextlib.suppress(ProcessLookupError):
                os.kill(child, signal.SIGKILL)
        parent.kill()
        parent.wait(10)
