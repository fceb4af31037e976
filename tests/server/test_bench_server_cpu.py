"""``benchmarks/bench_server.py`` splits a server's CPU between its event loop thread and its
other threads (the database thread above all), so a CPU-per-move figure says which side to cut
(issue 25)."""

from __future__ import annotations

import asyncio
import math
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import ModuleType

import httpx
import pytest

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


def test_a_server_without_metrics_adds_no_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    # Alternated runs against the old code: a server older than /metrics answers 404,
    # and the others' counters are still summed.
    bench = bench_server()
    text = (
        "# TYPE connect_arena_db_batch_actions histogram\n"
        'connect_arena_db_batch_actions_bucket{le="+Inf"} 3.0\n'
        "connect_arena_db_batch_actions_count 3.0\n"
        "connect_arena_db_batch_actions_sum 12.0\n"
    )

    def get(url: str, timeout: float) -> httpx.Response:
        old = url.startswith("http://old")
        return httpx.Response(404 if old else 200, text="Not Found" if old else text)

    monkeypatch.setattr(bench.httpx, "get", get)
    assert bench.scrape(["http://old"]) == {}
    assert bench.scrape(["http://old", "http://new"]) == bench.scrape(["http://new"])
    assert bench.scrape(["http://new"])["batched"] == 12.0


def test_an_event_loop_kept_from_its_cpu_shows_as_waiting() -> None:
    # Two busy processes on one CPU each wait for it about half the time: the figure the
    # benchmark prints beside a run's CPU ("ready but waiting for a CPU"), which tells the
    # machine's share of a p99 from the server's own.
    bench = bench_server()
    if math.isnan(bench.loop_waits([os.getpid()])):
        pytest.skip("this kernel keeps no schedstat figures")
    cpu = min(os.sched_getaffinity(0))
    spin = "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.4: pass"
    busy = [
        subprocess.Popen(["taskset", "--cpu-list", str(cpu), sys.executable, "-c", spin])
        for _ in range(2)
    ]
    waited_alone = bench.loop_waits([os.getpid()])
    pids = [p.pid for p in busy]
    time.sleep(0.2)
    seen = bench.loop_waits(pids)
    preempted = bench.switched({}, bench.switches(pids))[1]
    for process in busy:
        assert process.wait(30) == 0
    assert seen > 0.05  # of ~0.2 s, each waited about half while the other ran
    assert preempted > 0  # the kernel took the CPU from one to give it to the other
    assert bench.loop_waits([os.getpid()]) >= waited_alone
    assert math.isnan(bench.loop_waits([os.getpid(), 2**22 + 7]))  # no such process


def test_pinned_runs_keep_the_load_generators_off_the_servers_cpus() -> None:
    bench = bench_server()
    assert bench.generator_cpus({0, 1}, 1, pinned=True) == {1}
    assert bench.generator_cpus({4, 6, 9}, 2, pinned=True) == {9}
    assert bench.generator_cpus({0, 1}, 2, pinned=True) == {0, 1}  # none left: share them
    assert bench.generator_cpus({0, 1}, 3, pinned=True) == {0, 1}
    assert bench.generator_cpus({0, 1}, 1, pinned=False) == {0, 1}


def test_the_machines_busy_share_counts_a_spinning_thread() -> None:
    bench = bench_server()
    busy0, stolen0, all0 = bench.machine_times()
    spin_until = time.process_time() + 0.3
    while time.process_time() < spin_until:
        pass
    busy1, stolen1, all1 = bench.machine_times()
    tick = 1 / bench.TICKS
    assert busy1 - busy0 >= 0.3 / tick - 3  # this process's 0.3 s at least
    assert 0 <= stolen1 - stolen0 <= all1 - all0
    assert busy1 - busy0 <= all1 - all0


def test_the_contention_note_says_the_machines_share() -> None:
    bench = bench_server()
    figures = {
        "ticks0": 0.0, "ticks1": 2000.0, "busy0": 0.0, "busy1": 1900.0,
        "stolen0": 0.0, "stolen1": 40.0, "waited0": 1.0, "waited1": 7.0,
        "measured_from": 10.0, "measured_to": 40.0,
    }  # fmt: skip
    note = bench.contention_note(figures, 2)
    assert note == (
        "; the machine's CPUs 95% busy and 2% taken by its host, each event loop ready but "
        "waiting for a CPU 10.0% of the time"  # 6 s over 30 s and two processes
    )
    figures.update(stolen1=0.0, waited1=math.nan)  # no schedstat: the machine's part only
    assert bench.contention_note(figures, 2) == "; the machine's CPUs 95% busy"


def test_a_thread_that_sleeps_and_wakes_counts_voluntary_switches() -> None:
    bench = bench_server()
    before = bench.switches([os.getpid()])
    napped, done = threading.Event(), threading.Event()

    def nap() -> None:  # twenty sleeps, then alive (and counted) until told
        for _ in range(20):
            time.sleep(0.002)
        napped.set()
        done.wait(60)

    sleeper = threading.Thread(target=nap)
    sleeper.start()
    napped.wait(60)
    during = bench.switches([os.getpid()])
    done.set()
    sleeper.join()
    assert bench.switched(before, during)[0] >= 20  # the new thread's, from 0
    # The thread has ended: its switches are gone, and the difference never goes below 0.
    assert bench.switched(during, bench.switches([os.getpid()]))[0] >= 0
    assert bench.switches([2**22 + 7]) == {}  # no such process: nothing counted
