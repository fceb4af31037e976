"""Load benchmark of the web server: N concurrent Quinque tables of bots over WebSockets on
loopback, bounded in time. The load generator runs in processes of its own (``--clients``, 2 by
default: one could not keep up with 1,000 sockets), the server in one or more others.

It starts ``connect-arena serve`` (on a fresh SQLite database in a temporary directory, or on a
throwaway PostgreSQL; with ``--processes 2``, two server processes on two ports sharing
PostgreSQL and a throwaway Redis), signs up two guests per table, opens the tables (before
the measured time) and connects every player's WebSocket (websockets' sans-I/O protocol on a
plain asyncio protocol: :class:`LeanSocket`). With several processes, a table's two players
use different processes (each move crosses from one to the other), or with ``--routing
sticky`` the same one (table ``n`` on process ``n mod P``, as a proxy hashing the table's URL
routes them). Each
player is a bot that, when the server's state gives it legal actions, waits a think time and
sends a random one with the seq it claims; the move→broadcast latency is the time from sending
the action to receiving its event (with the new state) on the same socket. Finished games are
replaced by new tables so that the load stays constant. Prints figures; asserts nothing.

Besides moves/s and latency it reports the servers' CPU time per accepted move (steadier than
latency on a shared machine; each server's whole process tree, split into the processes' main
threads, where the event loop runs, and their other threads), what the servers measured
themselves (``/metrics``: the p99 of a move's time inside a server, from its frame to its
queued broadcast, which no lag of the load generator inflates; the actions per database
transaction), their resident memory at the start and the end of the measured time, the
bytes the database grew per stored action, and the machine's part: how busy its CPUs were
and how long each event loop was ready but waiting for one (:func:`contention_note`).
``--pin`` runs each server on a CPU of its own and the load generators on the CPUs left.
``--sample S`` prints the memory every S seconds and, at the end, the latency of each S
seconds (a soak).

Run: ``.venv/bin/python benchmarks/bench_server.py [--tables 50 200] [--seconds 20]
[--think 0.3] [--database sqlite|postgres] [--processes 1 2] [--redis] [--routing split|sticky]
[--clients 2] [--sample 60] [--compression none|deflate] [--runner uvicorn|granian] [--pin]``
(``--think 0`` measures saturation: every table always has a move in flight). PostgreSQL and
Redis come from Debian's packages (``python3 dev.py test`` installs them), started by
``tests/scale/services.py`` with PostgreSQL's durable defaults (fsync, synchronous commit).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import math
import multiprocessing
import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import psycopg
from prometheus_client.parser import text_string_to_metric_families
from websockets.client import ClientProtocol
from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory
from websockets.frames import Frame, Opcode
from websockets.uri import parse_uri

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.scale.services import free_port, postgres, redis_server  # noqa: E402

OPTIONS: dict[str, Any] = {}
"""The default Quinque (18 parachutes, 9 tiles): random games last about 110 actions."""
TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class Stats:
    """What the bots measured."""

    latencies: list[float] = field(default_factory=list)
    received: list[float] = field(default_factory=list)
    """When each latency's event arrived (``time.perf_counter()``, one clock for every
    process of the machine): the soak's latency per window."""
    accepted: int = 0
    errors: int = 0
    games: int = 0
    measuring: bool = False
    lags: list[float] = field(default_factory=list)
    """How late the load generator's own event loop woke up (its 10 ms timer), while
    measuring: a busy generator would inflate the latencies it measures."""


@dataclass
class Backend:
    """Where the servers keep their data: the environment they get and how to size it."""

    env: dict[str, str]
    data_dir: Path
    database_url: str = ""

    def database_bytes(self) -> int:
        """The database's size now (SQLite: after folding the WAL into the file)."""
        if self.database_url:
            with psycopg.connect(self.database_url) as connection:
                row = connection.execute("SELECT pg_database_size(current_database())")
                return int(row.fetchone()[0])  # type: ignore[index]
        path = self.data_dir / "arena.sqlite3"
        with contextlib.closing(sqlite3.connect(path)) as connection:
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return path.stat().st_size

    def actions(self) -> int:
        """The number of stored actions."""
        if self.database_url:
            with psycopg.connect(self.database_url) as connection:
                return int(connection.execute("SELECT count(*) FROM actions").fetchone()[0])  # type: ignore[index]
        path = self.data_dir / "arena.sqlite3"
        with contextlib.closing(sqlite3.connect(path)) as connection:
            return int(connection.execute("SELECT count(*) FROM actions").fetchone()[0])


@contextlib.contextmanager
def backend(kind: str, processes: int, with_redis: bool = False) -> Iterator[Backend]:
    """A fresh database (and Redis for several processes, or ``with_redis``), deleted after."""
    env = {
        "CONNECT_ARENA_SIGNUP_LIMIT": "1000000/1",
        # Every bot connects from 127.0.0.1: lift the per-address frame limit.
        "CONNECT_ARENA_WS_ADDRESS_LIMIT": "1000000/1",
        "CONNECT_ARENA_COMPUTER_DELAY": "0",
        "CONNECT_ARENA_SECRET_KEY": "the benchmark's shared session key",
    }
    with tempfile.TemporaryDirectory() as data_dir, contextlib.ExitStack() as stack:
        if kind == "sqlite":
            if processes > 1:
                raise SystemExit("several processes need --database postgres")
            yield Backend(env, Path(data_dir))
            return
        server = stack.enter_context(postgres(durable=True))
        url = server.create_database("arena")
        env["CONNECT_ARENA_DATABASE_URL"] = url
        if processes > 1 or with_redis:
            env["CONNECT_ARENA_REDIS_URL"] = stack.enter_context(redis_server()).url()
        yield Backend(env, Path(data_dir), url)


RUNNER = {"name": "uvicorn"}
"""Which ASGI server runs the app (``--runner``)."""
PIN: dict[str, bool] = {"servers": False}
"""``--pin``: each server process on one CPU of its own (``taskset``), the load generators on
the others (:func:`generator_cpus`)."""
PINNED = "each server process on one CPU (taskset), the load generators on the CPUs left; "
GRANIAN_LAUNCHER = Path(__file__).parent / "results" / "server_profile" / "s47_granian_serve.py"


def generator_cpus(cpus: set[int], processes: int, pinned: bool) -> set[int]:
    """The CPUs the load generators may use: with ``pinned`` servers (``--pin``: process k on
    the k-th of ``cpus``, mod their number) those no server is on, when any remain, so the
    generators stand in for clients on other machines instead of taking turns on a server's
    core; else all of ``cpus``."""
    if not pinned:
        return set(cpus)
    ordered = sorted(cpus)
    taken = {ordered[k % len(ordered)] for k in range(processes)}
    return set(cpus) - taken or set(cpus)


def start_server(
    data_dir: Path, port: int, env: dict[str, str], index: int = 0
) -> subprocess.Popen[bytes]:
    """Start server process ``index`` (with ``--pin``, on CPU ``index`` mod the CPUs this
    process may use, every thread of it: ``taskset`` applies before the interpreter starts)."""
    command = [sys.executable, "-m", "connect_arena.cli.app", "serve", "--port", str(port)]
    if RUNNER["name"] == "granian":
        command = [sys.executable, str(GRANIAN_LAUNCHER), "--port", str(port)]
    command += ["--data-dir", str(data_dir), "--log-level", "warning"]
    if PIN["servers"]:
        cpus = sorted(os.sched_getaffinity(0))
        command = ["taskset", "--cpu-list", str(cpus[index % len(cpus)]), *command]
    return subprocess.Popen(command, env={**os.environ, **env}, stdout=subprocess.DEVNULL)


def thread_files(pid: int, name: str) -> Iterator[tuple[str, str]]:
    """``(tid, text)`` of ``/proc/<pid>/task/<tid>/<name>`` for each thread of process
    ``pid``; a thread that ends as it is read is skipped, and a process gone has none."""
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return
    for task in tasks:
        try:
            yield task.name, (task / name).read_text()
        except OSError:  # the thread ended as it was read
            continue


def process_tree(pids: list[int]) -> list[int]:
    """``pids`` and all their descendants (a server that runs the app in a worker process of
    its own, as Granian does, or computer players' processes)."""
    found: list[int] = []
    todo = list(pids)
    while todo:
        pid = todo.pop()
        found.append(pid)
        for _, children in thread_files(pid, "children"):
            todo += [int(child) for child in children.split()]
    return found


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def cpu_split(pid: int) -> tuple[float, float]:
    """CPU seconds (user + system) of process ``pid`` so far: its main thread's (the event
    loop's: the server's asyncio code) and its other threads' (the database thread, SQLite's
    checkpointer, Starlette's thread pool). A thread that ended meanwhile is missing from the
    second figure. (No user/system split: this machine's tick accounting gave a thread
    spinning in Python two thirds "system".)"""
    loop = threads = 0.0
    for tid, stat in thread_files(pid, "stat"):
        fields = stat.rpartition(")")[2].split()
        spent = (int(fields[11]) + int(fields[12])) / TICKS
        if tid == str(pid):
            loop += spent
        else:
            threads += spent
    return loop, threads


def cpu_splits(pids: list[int]) -> tuple[float, float]:
    """:func:`cpu_split` summed over ``pids``."""
    parts = [cpu_split(pid) for pid in pids]
    return sum(p[0] for p in parts), sum(p[1] for p in parts)


def switches(pids: list[int]) -> dict[str, tuple[int, int]]:
    """Each thread's (voluntary, involuntary) context switches so far, by ``pid/tid``, for
    every thread of ``pids`` (``/proc/<pid>/task/<tid>/status``): a thread that sleeps and
    wakes (an event loop in ``epoll_wait`` for the next frame, a database thread for the next
    batch) switches voluntarily; one the kernel takes its CPU from, involuntarily."""
    found: dict[str, tuple[int, int]] = {}
    for pid in pids:
        for tid, status in thread_files(pid, "status"):
            lines = status.splitlines()
            counts = dict(line.split(":", 1) for line in lines if "ctxt_switches" in line)
            found[f"{pid}/{tid}"] = (
                int(counts.get("voluntary_ctxt_switches", 0)),
                int(counts.get("nonvoluntary_ctxt_switches", 0)),
            )
    return found


def switched(
    before: dict[str, tuple[int, int]], after: dict[str, tuple[int, int]]
) -> tuple[int, int]:
    """The (voluntary, involuntary) switches between two :func:`switches` readings: each
    thread's own difference (a thread started between them counts from 0); a thread that
    ended between them is missing, since its counts went with it (summing totals instead
    would subtract them)."""
    voluntary = involuntary = 0
    for key, (now_voluntary, now_involuntary) in after.items():
        was_voluntary, was_involuntary = before.get(key, (0, 0))
        voluntary += now_voluntary - was_voluntary
        involuntary += now_involuntary - was_involuntary
    return voluntary, involuntary


def loop_waits(pids: list[int]) -> float:
    """Seconds the event loop threads (each process's main thread) of ``pids`` have spent so
    far ready to run but waiting for a CPU (``/proc/<pid>/task/<pid>/schedstat``, its second
    field, in ns): how much the machine, not the server's own work, held the loop back.
    NaN where the kernel keeps no such figure (built without schedstats)."""
    waited = 0
    for pid in pids:
        try:
            waited += int(Path(f"/proc/{pid}/task/{pid}/schedstat").read_text().split()[1])
        except (OSError, IndexError, ValueError):
            return math.nan
    return waited / 1e9


def machine_times() -> tuple[int, int, int]:
    """(busy, stolen, all) CPU time of the whole machine so far, in ticks summed over its CPUs
    (``/proc/stat``): busy is what every process and the kernel used (the database, Redis, the
    load generators and other jobs included; idle and I/O wait are not busy), stolen what a
    virtual machine's host gave to others while a CPU here had work."""
    user, nice, system, idle, iowait, irq, softirq, steal = (
        int(value) for value in Path("/proc/stat").read_text().split("\n")[0].split()[1:9]
    )
    busy = user + nice + system + irq + softirq
    return busy, steal, busy + steal + idle + iowait


def rss_mib(pid: int) -> float:
    """Resident memory of process ``pid`` in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


START_SECONDS = 60.0
"""How long a server may take to answer its first request (``soak_memory`` waits longer)."""


async def wait_ready(base: str, process: subprocess.Popen[bytes]) -> None:
    """Wait until the server answers (at most :data:`START_SECONDS`); exit if it died."""
    async with httpx.AsyncClient(base_url=base) as client:
        for _ in range(round(START_SECONDS / 0.1)):
            if process.poll() is not None:
                raise SystemExit("the server exited")
            try:
                await client.get("/api/session")
                return
            except httpx.TransportError:
                await asyncio.sleep(0.1)
    raise SystemExit("the server did not start")


class Guest:
    """A guest account with its own cookies, on one server process."""

    def __init__(self, base: str, transport: httpx.AsyncHTTPTransport) -> None:
        # One transport (connection pool) for every guest: each client would otherwise build
        # its own TLS context, seconds of CPU for a thousand guests. Cookies stay per client.
        self.http = httpx.AsyncClient(base_url=base, timeout=30, transport=transport)
        self.ws_base = base.replace("http://", "ws://")
        self.csrf = ""

    async def sign_in(self) -> None:
        self.csrf = (await self.http.get("/api/session")).json()["csrf"]
        self.csrf = (await self.post("/api/guest", {}))["csrf"]

    async def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = await self.http.post(path, json=body, headers={"x-csrf-token": self.csrf})
        response.raise_for_status()
        data: dict[str, Any] = response.json()
        return data

    def cookie(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())


SETTINGS: dict[str, Any] = {}
"""The tables' settings (``--clock``: timed tables); set before the generators fork."""
COMPRESSION: dict[str, str | None] = {"offer": None}
"""What the bots' sockets offer (``--compression deflate``: permessage-deflate, as browsers
do); set before the generators fork."""


async def open_table(red: Guest, blue: Guest) -> int:
    seats = [{"kind": "me"}, {"kind": "open"}]
    body = {"game": "quinque", "options": OPTIONS, "seats": seats, "settings": SETTINGS}
    table_id: int = (await red.post("/api/tables", body))["table"]["id"]
    await blue.post(f"/api/tables/{table_id}/join", {"seat": 1})
    return table_id


class LeanSocket(asyncio.Protocol):
    """A bot's WebSocket: websockets' sans-I/O protocol on a plain asyncio protocol, each
    text message handed to ``on_text`` (its UTF-8 bytes) as it is read, in the transport's
    own callback. The generator shares the machine's cores with the server it measures: the
    ``websockets.connect`` client cost about as much CPU a move as the server (session 41:
    ``cli cpu`` 0.87-1.14 ms against ``srv cpu`` 0.86-1.04 at 500 tables), one task wake-up
    and one async iteration per message; here a message is one callback."""

    def __init__(self, url: str, cookie: str, on_text: Any, offer: str | None) -> None:
        extensions = [ClientPerMessageDeflateFactory()] if offer == "deflate" else None
        self.protocol = ClientProtocol(parse_uri(url), extensions=extensions, max_size=None)
        self.request = self.protocol.connect()
        self.request.headers["Cookie"] = cookie
        self.on_text = on_text
        loop = asyncio.get_running_loop()
        self.opened: asyncio.Future[None] = loop.create_future()
        self.closed: asyncio.Future[None] = loop.create_future()
        self.transport: asyncio.Transport | None = None
        self._parts: list[bytes] = []

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self.protocol.send_request(self.request)
        self._flush()

    def data_received(self, data: bytes) -> None:
        self.protocol.receive_data(data)
        for event in self.protocol.events_received():
            if isinstance(event, Frame):
                if event.opcode is Opcode.TEXT or (event.opcode is Opcode.CONT and self._parts):
                    self._parts.append(event.data)
                    if event.fin:
                        text, self._parts = b"".join(self._parts), []
                        self.on_text(text)
            elif not self.opened.done():  # the handshake's response
                failure = self.protocol.handshake_exc
                if failure is None:
                    self.opened.set_result(None)
                else:
                    self.opened.set_exception(failure)
        self._flush()

    def send_text(self, text: str) -> None:
        self.protocol.send_text(text.encode())
        self._flush()

    def close(self) -> None:
        """Close the connection (the closing handshake, then the transport)."""
        if self.transport is not None and not self.transport.is_closing():
            with contextlib.suppress(Exception):
                self.protocol.send_close()
                self._flush()
            self.transport.close()

    def _flush(self) -> None:
        assert self.transport is not None
        for chunk in self.protocol.data_to_send():
            if chunk:
                self.transport.write(chunk)
            else:  # websockets' SEND_EOF: the protocol is done with the connection
                self.transport.close()
                return

    def connection_lost(self, exc: Exception | None) -> None:
        self.protocol.receive_eof()
        if not self.opened.done():
            self.opened.set_exception(exc or ConnectionError("closed before the handshake"))
        if not self.closed.done():
            self.closed.set_result(None)


async def bot(guest: Guest, table_id: int, think: float, stats: Stats, rng: random.Random) -> None:
    """Play one seat of one table until the game ends (or its socket closes)."""
    loop = asyncio.get_running_loop()
    url = f"{guest.ws_base}/ws/tables/{table_id}"
    sent: dict[int, float] = {}
    timers: list[asyncio.TimerHandle] = []

    def move(seq: int, action: str) -> None:
        sent[seq] = time.perf_counter()
        socket.send_text(json.dumps({"type": "action", "seq": seq, "action": action}))

    def on_text(raw: bytes) -> None:
        # orjson: the generator shares the cores with the server it measures
        message = orjson.loads(raw)
        kind = message["type"]
        if kind == "error":
            stats.errors += 1
            return
        if kind == "event" and message["seq"] in sent and stats.measuring:
            now = time.perf_counter()
            stats.latencies.append(now - sent.pop(message["seq"]))
            stats.received.append(now)
            stats.accepted += 1
        state = message.get("state") if kind == "event" else message
        if kind not in ("event", "state") or state is None:
            return
        if state["terminal"]:
            if not socket.closed.done():
                socket.closed.set_result(None)
            return
        for seat, actions in state["legal_actions"].items():
            if int(seat) in state["to_move"] and actions:
                seq = state["seq"] + 1
                if think:
                    delay = rng.expovariate(1 / think)
                    timers.append(loop.call_later(delay, move, seq, rng.choice(actions)))
                    if len(timers) > 8:
                        del timers[: len(timers) - 8]
                else:
                    move(seq, rng.choice(actions))

    offer = COMPRESSION["offer"]
    host, _, port = guest.ws_base.removeprefix("ws://").partition(":")
    cookie = guest.cookie()
    _, socket = await loop.create_connection(
        lambda: LeanSocket(url, cookie, on_text, offer), host, int(port)
    )
    try:
        await socket.opened
        await socket.closed
    finally:
        for timer in timers:
            timer.cancel()
        socket.close()


OPENING = 20
"""Tables a load generator opens at once once the run started (a game ended): httpx's pool
looks through every waiting request for each one it serves, so 250 POSTs queued at once in
a 100-connection pool took seconds of the generator's CPU (its loop lagged 3.7-5.6 s at 500
tables on a loaded machine and no table got going in a 10 s run)."""


async def table_loop(
    pair: tuple[Guest, Guest],
    think: float,
    stats: Stats,
    deadline: float,
    n: int,
    first: int,
    opening: asyncio.Semaphore,
) -> None:
    """Keep one table busy until the deadline, starting with table ``first`` (opened before
    the run) and opening a new one when a game ends."""
    rng = random.Random(n)
    table_id = first
    while time.perf_counter() < deadline:
        if table_id == 0:
            async with opening:
                table_id = await open_table(*pair)
        players = [bot(guest, table_id, think, stats, rng) for guest in pair]
        remaining = deadline - time.perf_counter()
        try:
            await asyncio.wait_for(asyncio.gather(*players), timeout=max(remaining, 0.01))
            stats.games += 1
        except TimeoutError:
            return
        table_id = 0


@dataclass
class Run:
    """One measured run's settings and the server processes' ids."""

    bases: list[str]
    pids: list[int]
    tables: int
    seconds: float
    think: float
    warmup: float
    sample: float
    clients: int
    sticky: bool = False
    """Both players of a table on one process (``--routing sticky``, as ``hash $uri`` in
    ``deploy/nginx.conf`` routes a table's sockets), else on two different ones."""
    cpus: set[int] = field(default_factory=set)
    """The CPUs of the load generators (:func:`generator_cpus`); empty: no change."""
    figures: dict[str, float] = field(default_factory=dict)
    server: str = ""
    """The servers' own figures of the run (:func:`server_line`)."""


async def generate(setup: Run, index: int, barrier: Any) -> Stats:
    """One load generator's share: the tables ``index``, ``index + clients``, ..."""
    # No kept-alive connections: a POST sent on a pooled connection just as the server closes
    # it (keep-alive timeout, a starved loop) is reset (httpx.ReadError), and a POST cannot be
    # retried safely. A fresh loopback connection per request costs ~0.1 ms.
    limits = httpx.Limits(max_keepalive_connections=0, max_connections=100)
    transport = httpx.AsyncHTTPTransport(limits=limits)
    count = len(setup.bases)
    numbers = range(index, setup.tables, setup.clients)
    # A table's two players use different processes when there are several (split), or
    # the table's process (sticky).
    other = 0 if setup.sticky else 1
    pairs = [
        (
            Guest(setup.bases[n % count], transport),
            Guest(setup.bases[(n + other) % count], transport),
        )
        for n in numbers
    ]
    guests = [guest for pair in pairs for guest in pair]
    for start in range(0, len(guests), 50):
        await asyncio.gather(*(g.sign_in() for g in guests[start : start + 50]))
    # Every first table is opened before the run, 50 at a time (as the sign-ins).
    first: list[int] = []
    for start in range(0, len(pairs), 50):
        first += await asyncio.gather(*(open_table(*pair) for pair in pairs[start : start + 50]))
    stats = Stats()
    gc.collect()
    gc.freeze()  # fewer and shorter collector pauses in the measuring client
    await asyncio.to_thread(barrier.wait, 600)
    deadline = time.perf_counter() + setup.warmup + setup.seconds
    opening = asyncio.Semaphore(OPENING)
    loops = [
        table_loop(pair, setup.think, stats, deadline, n, table_id, opening)
        for n, pair, table_id in zip(numbers, pairs, first, strict=True)
    ]

    async def window() -> None:
        await asyncio.sleep(setup.warmup)
        stats.measuring = True
        await asyncio.sleep(max(0.0, deadline - time.perf_counter() - 0.05))
        stats.measuring = False

    async def lag() -> None:
        while time.perf_counter() < deadline:
            before = time.perf_counter()
            await asyncio.sleep(0.01)
            if stats.measuring:
                stats.lags.append(time.perf_counter() - before - 0.01)

    await asyncio.gather(window(), lag(), *loops)
    await transport.aclose()
    return stats


def generator(setup: Run, index: int, barrier: Any, results: Any) -> None:
    """A load-generator process: its stats go to ``results``."""
    if setup.cpus:
        os.sched_setaffinity(0, setup.cpus)
    stats = asyncio.run(generate(setup, index, barrier))
    results.put(stats)


def run(setup: Run, database: Backend) -> Stats:
    """Start the load generators, measure the servers while they run, merge their stats."""
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(setup.clients + 1)
    results = context.Queue()
    workers = [
        context.Process(target=generator, args=(setup, i, barrier, results))
        for i in range(setup.clients)
    ]
    for worker in workers:
        worker.start()
    barrier.wait(600)
    started = time.perf_counter()
    time.sleep(setup.warmup)
    figures = setup.figures
    figures["measured_from"] = time.perf_counter()
    pids = [worker.pid or 0 for worker in workers]
    servers = process_tree(setup.pids)
    figures["cpu0"] = sum(map(cpu_seconds, servers))
    figures["loop0"], figures["threads0"] = cpu_splits(servers)
    figures["waited0"] = loop_waits(setup.pids)
    figures["busy0"], figures["stolen0"], figures["ticks0"] = machine_times()
    switched0 = switches(servers)
    figures["client0"] = sum(map(cpu_seconds, pids))
    figures["rss0"] = sum(map(rss_mib, servers))
    figures["bytes0"] = database.database_bytes()
    figures["actions0"] = database.actions()
    scraped = scrape(setup.bases)
    end = started + setup.warmup + setup.seconds - 0.1
    while setup.sample and time.perf_counter() + setup.sample < end:
        time.sleep(setup.sample)
        print(
            f"  {time.perf_counter() - started - setup.warmup:6.0f} s  server rss "
            f"{sum(map(rss_mib, setup.pids)):7.1f} MiB  stored actions {database.actions():8d}",
            flush=True,
        )
    time.sleep(max(0.0, end - time.perf_counter()))
    figures["cpu1"] = sum(map(cpu_seconds, servers))
    figures["loop1"], figures["threads1"] = cpu_splits(servers)
    figures["waited1"] = loop_waits(setup.pids)
    figures["busy1"], figures["stolen1"], figures["ticks1"] = machine_times()
    figures["switches"], figures["preempted"] = switched(switched0, switches(servers))
    figures["measured_to"] = time.perf_counter()
    figures["client1"] = sum(map(cpu_seconds, pids))
    figures["rss1"] = sum(map(rss_mib, servers))
    setup.server = server_line(scraped, scrape(setup.bases))
    merged = Stats()
    for _ in workers:
        stats: Stats = results.get(timeout=600)
        merged.latencies += stats.latencies
        merged.received += stats.received
        merged.lags += stats.lags
        merged.accepted += stats.accepted
        merged.errors += stats.errors
        merged.games += stats.games
    for worker in workers:
        worker.join(60)
    figures["bytes1"] = database.database_bytes()
    figures["actions1"] = database.actions()
    return merged


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def measure(args: argparse.Namespace, tables: int, processes: int) -> None:
    with backend(args.database, processes, args.redis) as database:
        ports = [free_port() for _ in range(processes)]
        # SQLite lives in the data directory; with PostgreSQL each process has its own.
        directories = [database.data_dir / f"p{i}" for i in range(processes)]
        if args.database == "sqlite":
            directories = [database.data_dir]
        servers = [
            start_server(directory, port, database.env, index)
            for index, (directory, port) in enumerate(zip(directories, ports, strict=True))
        ]
        bases = [f"http://127.0.0.1:{port}" for port in ports]
        setup = Run(
            bases,
            [s.pid for s in servers],
            tables,
            args.seconds,
            args.think,
            args.warmup,
            args.sample,
            args.clients,
            args.routing == "sticky",
            generator_cpus(os.sched_getaffinity(0), processes, PIN["servers"]),
        )
        try:
            for base, server in zip(bases, servers, strict=True):
                asyncio.run(wait_ready(base, server))
            stats = run(setup, database)
            held = [replicas(base) for base in bases] if database.env.get(REDIS) else []
        finally:
            for server in servers:
                server.terminate()
            for server in servers:
                server.wait(20)
    ms = [1000 * value for value in stats.latencies]
    f = setup.figures
    moves = max(stats.accepted, 1)
    stored = max(f["actions1"] - f["actions0"], 1)
    print(
        f"{tables:>6} {processes:>5} {stats.accepted:>7} {stats.accepted / args.seconds:>8.0f} "
        f"{statistics.median(ms) if ms else float('nan'):>7.1f} {percentile(ms, 0.99):>7.1f} "
        f"{max(ms, default=float('nan')):>7.1f} {stats.games:>6} {stats.errors:>6} "
        f"{1000 * (f['cpu1'] - f['cpu0']) / moves:>7.2f} "
        f"{1000 * (f['client1'] - f['client0']) / moves:>7.2f} "
        f"{f['rss0']:>7.0f} {f['rss1']:>7.0f} {(f['bytes1'] - f['bytes0']) / stored:>7.0f} "
        f"{1000 * percentile(stats.lags, 0.99):>7.1f}",
        flush=True,
    )
    split = {k: 1000 * (f[f"{k}1"] - f[f"{k}0"]) / moves for k in ("loop", "threads")}
    print(
        f"  server CPU ms a move: event loop thread {split['loop']:.3f}, other threads "
        f"(database, checkpoints, thread pool) {split['threads']:.3f}"
        + contention_note(f, processes),
        flush=True,
    )
    print(
        f"  server context switches a move: {f['switches'] / moves:.2f} voluntary, "
        f"{f['preempted'] / moves:.2f} involuntary",
        flush=True,
    )
    print(setup.server, flush=True)
    if args.sample:
        print_windows(stats, f["measured_from"], args.sample)
    if held:  # per-table interest: what each process follows, holds dormant, holds described
        print("  followed/dormant/described tables per process: " + ", ".join(held), flush=True)


def contention_note(figures: dict[str, float], processes: int) -> str:
    """How busy the machine was over the measured time (:func:`machine_times`; what its host
    took, when anything) and the share of that time each event loop spent ready but waiting
    for a CPU (:func:`loop_waits`, the mean of the processes; left out where the kernel keeps
    no figure): the machine's part of a run's latency, beside the server's own."""
    ticks = max(figures["ticks1"] - figures["ticks0"], 1)
    busy = (figures["busy1"] - figures["busy0"]) / ticks
    stolen = (figures["stolen1"] - figures["stolen0"]) / ticks
    note = f"; the machine's CPUs {busy:.0%} busy"
    if stolen >= 0.005:
        note += f" and {stolen:.0%} taken by its host"
    waited = figures["waited1"] - figures["waited0"]
    if math.isnan(waited):
        return note
    span = figures["measured_to"] - figures["measured_from"]
    share = waited / max(span, 1e-9) / processes
    return note + f", each event loop ready but waiting for a CPU {share:.1%} of the time"


def print_windows(stats: Stats, start: float, window: float) -> None:
    """The latency of each ``window`` seconds of a soak (moves by when their event arrived):
    whether it holds or degrades as the run goes on."""
    windows: dict[int, list[float]] = {}
    for latency, moment in zip(stats.latencies, stats.received, strict=True):
        windows.setdefault(int((moment - start) // window), []).append(1000 * latency)
    for index in sorted(windows):
        ms = windows[index]
        print(
            f"  {index * window:6.0f}-{(index + 1) * window:<6.0f}s  moves {len(ms):7d}  "
            f"p50 {statistics.median(ms):6.1f}  p99 {percentile(ms, 0.99):7.1f}  "
            f"max {max(ms):7.1f} ms",
            flush=True,
        )


REDIS = "CONNECT_ARENA_REDIS_URL"


HISTOGRAMS = {
    "connect_arena_move_seconds": "move",
    "connect_arena_loop_lag_seconds": "lag",
}
"""The servers' latency histograms read by :func:`scrape` (with each phase of
``connect_arena_move_phase_seconds``), by their short names."""


def scrape(bases: list[str]) -> dict[str, float]:
    """The servers' own counters, summed over the processes (``GET /metrics``, answered to
    loopback): ``NAME<=LE`` and ``NAME#`` (count) for each histogram of :data:`HISTOGRAMS`
    and each move phase (``queued``, ``engine``, ``stored``), ``batches`` and ``batched``
    (database transactions of actions and the actions they held)."""
    figures: dict[str, float] = {}

    def add(key: str, value: float) -> None:
        figures[key] = figures.get(key, 0.0) + value

    for base in bases:
        answer = httpx.get(f"{base}/metrics", timeout=30)
        if answer.status_code != 200:  # a server older than /metrics (a before/after run)
            continue
        for family in text_string_to_metric_families(answer.text):
            for sample in family.samples:
                name = sample.name
                if name == "connect_arena_db_batch_actions_count":
                    add("batches", sample.value)
                elif name == "connect_arena_db_batch_actions_sum":
                    add("batched", sample.value)
                base_name, _, suffix = name.rpartition("_")
                short = HISTOGRAMS.get(base_name)
                if base_name == "connect_arena_move_phase_seconds":
                    short = sample.labels.get("phase")
                if short is None:
                    continue
                if suffix == "bucket":
                    add(f"{short}<={sample.labels['le']}", sample.value)
                elif suffix == "count":
                    add(f"{short}#", sample.value)
    return figures


def p99_ms(name: str, before: dict[str, float], after: dict[str, float]) -> float:
    """The p99 of histogram ``name`` over the run: the bound (ms) of the first bucket that
    holds 99 % of what it observed meanwhile (``inf`` beyond the last bucket)."""
    count = after.get(f"{name}#", 0.0) - before.get(f"{name}#", 0.0)
    prefix = f"{name}<="
    bounds = sorted(
        (float(key[len(prefix) :]), after[key] - before.get(key, 0.0))
        for key in after
        if key.startswith(prefix)
    )
    return 1000 * next((bound for bound, n in bounds if n >= 0.99 * count), float("inf"))


def server_line(before: dict[str, float], after: dict[str, float]) -> str:
    """What the servers measured themselves during the run: the p99 of a move's time inside
    a server and of its phases (bucket bounds), the event loop's p99 lag, and the actions per
    database transaction."""
    batches = after.get("batches", 0.0) - before.get("batches", 0.0)
    batched = after.get("batched", 0.0) - before.get("batched", 0.0)
    phases = ", ".join(
        f"{phase} {p99_ms(phase, before, after):g}" for phase in ("queued", "engine", "stored")
    )
    return (
        f"  servers' own move time (frame to queued broadcast) p99 <= "
        f"{p99_ms('move', before, after):g} ms (phases' p99 <= {phases} ms); event loop lag "
        f"p99 <= {p99_ms('lag', before, after):g} ms; "
        f"{batched / max(batches, 1):.2f} actions per database transaction"
    )


def replicas(base: str) -> str:
    """``followed/dormant/described`` table counts of the process at ``base`` (a tree from
    before games were let go has no ``described``: 0)."""
    answer = httpx.get(f"{base}/api/cluster/replicas", timeout=30).json()
    counts = [len(answer.get(kind, [])) for kind in ("followed", "dormant", "described")]
    return "/".join(map(str, counts))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--seconds", type=float, default=20.0, help="measured time per run")
    parser.add_argument("--warmup", type=float, default=3.0, help="unmeasured start per run")
    parser.add_argument("--think", type=float, default=0.3, help="mean think time (s) per move")
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument(
        "--compression",
        choices=["none", "deflate"],
        default="none",
        help="what the bots' WebSockets offer: deflate as browsers do (the server may decline)",
    )
    parser.add_argument(
        "--processes", type=int, nargs="+", default=[1], help="server processes (2+: Redis)"
    )
    parser.add_argument("--sample", type=float, default=0, help="print memory every S seconds")
    parser.add_argument(
        "--redis",
        action="store_true",
        help="postgres: Redis for one process too (the deployment of several, with one)",
    )
    parser.add_argument(
        "--routing",
        choices=["split", "sticky"],
        default="split",
        help="several processes: a table's two players on two processes, or both on one",
    )
    parser.add_argument(
        "--runner",
        choices=["uvicorn", "granian"],
        default="uvicorn",
        help="the ASGI server running the app: connect-arena serve (uvicorn), or Granian by "
        "session 47's throwaway launcher (results/server_profile/s47_granian_serve.py; needs "
        "pip install granian)",
    )
    parser.add_argument(
        "--clients", type=int, default=2, help="load-generator processes sharing the tables"
    )
    parser.add_argument(
        "--clock",
        default="",
        help="timed tables: real-time clocks BASE_MINUTES+INCREMENT_SECONDS, e.g. 10+5",
    )
    parser.add_argument(
        "--pin",
        action="store_true",
        help="each server process on one CPU (process k on CPU k mod the CPUs), as "
        "'taskset --cpu-list K connect-arena serve' runs it (docs/operations.md), and the "
        "load generators on the CPUs left, if any (clients on other machines in a "
        "deployment)",
    )
    args = parser.parse_args()
    RUNNER["name"] = args.runner
    PIN["servers"] = args.pin
    if args.pin and shutil.which("taskset") is None:
        parser.error("--pin needs taskset (util-linux)")
    COMPRESSION["offer"] = None if args.compression == "none" else args.compression
    if args.clock:
        minutes, _, increment = args.clock.partition("+")
        SETTINGS["time_control"] = {
            "kind": "realtime",
            "base": int(float(minutes) * 60),
            "increment": int(increment or 0),
        }
    timed = f"clock {args.clock}" if args.clock else "untimed"
    print(
        f"Quinque tables of two bots ({timed}), think time ~{args.think:g} s, "
        f"{args.database}, loopback, sockets offering {args.compression} compression; "
        f"{args.clients} load generators; "
        f"{PINNED if args.pin else ''}"
        f"server CPU and client CPU in ms per accepted move, server RSS (MiB) at the start and "
        f"end of the measured time, database bytes per stored action, the load generator's own "
        f"p99 event-loop lag (ms)"
    )
    print(
        f"{'tables':>6} {'procs':>5} {'moves':>7} {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7} "
        f"{'max ms':>7} {'games':>6} {'errors':>6} {'srv cpu':>7} {'cli cpu':>7} "
        f"{'rss0':>7} {'rss1':>7} {'B/act':>7} {'gen lag':>7}",
        flush=True,
    )
    for tables in args.tables:
        for processes in args.processes:
            measure(args, tables, processes)


if __name__ == "__main__":
    main()
