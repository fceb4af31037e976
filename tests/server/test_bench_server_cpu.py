"""``benchmarks/bench_server.py`` splits a server's CPU between its event loop thread and its
other threads (the database thread above all), so a CPU-per-move figure says which side to cut
(issue 25)."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from pathlib import Path
from types import ModuleType

from scripts import benchmark_script


def bench_server() -> ModuleType:
    return benchmark_script("bench_server")


def test_the_cpu_split_tells_the_main_thread_from_the_others() -> None:
    bench = bench_server()
    loop0, threads0 = bench.cpu_split(os.getpid())
    spun, done = threading.Event(), threading.Event()
    spent: list[float] = []

    def spin() -> None:  # 0.3 s of CPU in a thread of its own, the main thread waiting
        while time.thread_time() < 0.3:
            pass
        spent.append(time.thread_time())
        spun.set()
        done.wait(60)  # alive while it is counted

    worker = threading.Thread(target=spin)
    worker.start()
    spun.wait(60)
    loop1, threads1 = bench.cpu_split(os.getpid())
    both = bench.cpu_splits([os.getpid()])
    done.set()
    worker.join()
    tick = 1 / bench.TICKS
    assert threads1 - threads0 >= spent[0] - 3 * tick  # the spinning thread's CPU, counted
    assert loop1 - loop0 < 0.15  # the main thread only waited
    assert both[1] >= threads1


def test_pinned_servers_run_every_thread_on_one_cpu_each(tmp_path: Path) -> None:
    # --pin: server process k on CPU k mod the CPUs, its database thread and every other
    # thread too (taskset applies before the interpreter starts, so threads inherit it).
    bench = bench_server()
    cpus = sorted(os.sched_getaffinity(0))
    bench.PIN["servers"] = True
    port = bench.free_port()
    server = bench.start_server(tmp_path, port, {}, index=1)
    try:
        asyncio.run(bench.wait_ready(f"http://127.0.0.1:{port}", server))
        threads = os.listdir(f"/proc/{server.pid}/task")
        placed = {tid: os.sched_getaffinity(int(tid)) for tid in threads}
    finally:
        bench.PIN["servers"] = False
        server.terminate()
        server.wait(30)
    assert len(threads) > 1  # the database thread at least
    assert set(map(frozenset, placed.values())) == {frozenset({cpus[1 % len(cpus)]})}
