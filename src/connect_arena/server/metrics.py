"""This process's metrics (``prometheus-client``), exposed by ``GET /metrics``
(:mod:`connect_arena.server.operations`); ``docs/operations.md`` explains each."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from connect_arena.service.live_table import LiveTable
from connect_arena.service.table_events import ActionCommitted, TableEvents

LATENCY_BUCKETS = (
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.035, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1.0, 2.5
)  # fmt: skip
"""Seconds; finer around the 50 ms target, so a p99 near it is told apart."""
LOOP_LAG_INTERVAL = 0.05
"""Seconds between the event loop's lag samples (:meth:`Metrics.watch_loop`). Every 10 ms, the
sampler was two thirds of an idle process's CPU (PostgreSQL + Redis: 15 ms a second, 8-9 at
50 ms, 5 at 100 ms; ``benchmarks/results/server_profile/s49/``); 20 samples a second still
give a p99."""
BATCH_BUCKETS = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512)


class _Tables(Collector):
    """``connect_arena_tables{status}``: the tables this process holds, by status, and
    ``connect_arena_tables_described``: the running ones held as their description only (their
    game let go: another process plays them; ``docs/scaling.md``), read at scrape time (no
    bookkeeping on the move path)."""

    def __init__(self, tables: Callable[[], dict[int, LiveTable]]) -> None:
        self._tables = tables

    def collect(self) -> Iterator[GaugeMetricFamily]:
        family = GaugeMetricFamily(
            "connect_arena_tables", "Tables held by this process, by status", labels=["status"]
        )
        counts: dict[str, int] = {}
        described = 0
        for table in list(self._tables().values()):
            status = str(table.info.status.value)
            counts[status] = counts.get(status, 0) + 1
            described += table.released is not None
        for status, count in sorted(counts.items()):
            family.add_metric([status], count)
        yield family
        yield GaugeMetricFamily(
            "connect_arena_tables_described",
            "Running tables held by this process as their description only (game let go)",
            value=described,
        )


class Metrics:
    """One process's metrics, in a registry of its own (several apps may live in one test
    process).

    Attributes:
        registry: what ``/metrics`` exposes.
        actions: ``connect_arena_actions_total{game,by}``: actions stored and applied (``by``:
            ``seat`` or ``chance``).
        move_latency: ``connect_arena_move_seconds``: from an action's frame or request to its
            broadcast to the table's viewers (stored, applied, queued), seconds.
        sockets: ``connect_arena_sockets{path}``: open WebSockets by endpoint.
        db_batch: ``connect_arena_db_batch_actions``: actions written per database transaction.
        errors: ``connect_arena_http_errors_total{status}``: answers of status 400 or more.
        rating_updates: ``connect_arena_rating_updates_total``: tables scored.
        move_phases: ``connect_arena_move_phase_seconds{phase}``: a person's action's time in
            the pipeline by phase (``queued``: waiting for the table's lock and lease;
            ``engine``: checks, validation, apply; ``stored``: waiting for the database's
            group commit), seconds (:class:`~connect_arena.service.table_events.MoveTiming`).
        loop_lag: ``connect_arena_loop_lag_seconds``: how late the event loop ran a timer
            (:meth:`watch_loop`): what every frame and every send waited behind.
    """

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        registry = self.registry
        self.actions = Counter(
            "connect_arena_actions", "Actions stored and applied", ["game", "by"], registry=registry
        )
        self.move_latency = Histogram(
            "connect_arena_move_seconds",
            "From an action's frame or request to its broadcast, seconds",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.sockets = Gauge(
            "connect_arena_sockets", "Open WebSockets by endpoint", ["path"], registry=registry
        )
        self.db_batch = Histogram(
            "connect_arena_db_batch_actions",
            "Actions written per database transaction",
            buckets=BATCH_BUCKETS,
            registry=registry,
        )
        self.errors = Counter(
            "connect_arena_http_errors", "Answers of status 400 or more", ["status"],
            registry=registry,
        )  # fmt: skip
        self.rating_updates = Counter(
            "connect_arena_rating_updates", "Tables scored", registry=registry
        )
        self.move_phases = Histogram(
            "connect_arena_move_phase_seconds",
            "A person's action's time in the pipeline by phase (queued, engine, stored), seconds",
            ["phase"],
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self._phases = tuple(
            self.move_phases.labels(phase) for phase in ("queued", "engine", "stored")
        )
        self._action_counters: dict[tuple[str, str], Counter] = {}
        self.loop_lag = Histogram(
            "connect_arena_loop_lag_seconds",
            "How late the event loop ran a timer, seconds",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )

    def watch(self, hub: TableEvents, tables: Callable[[], dict[int, LiveTable]]) -> None:
        """Count the hub's actions and report ``tables()`` by status at each scrape."""
        hub.subscribe(ActionCommitted, self._committed)
        self.registry.register(_Tables(tables))

    def _committed(self, event: ActionCommitted) -> None:
        key = (event.table.info.game, "chance" if event.entry.seat < 0 else "seat")
        counter = self._action_counters.get(key)
        if counter is None:  # labels() takes a lock and checks its names at every call
            counter = self._action_counters[key] = self.actions.labels(*key)
        counter.inc()
        timing = event.timing
        if timing is not None:
            queued, engine, stored = self._phases
            queued.observe(timing.queued)
            engine.observe(timing.engine)
            stored.observe(timing.stored)

    async def watch_loop(self, interval: float = LOOP_LAG_INTERVAL) -> None:
        """Observe into :attr:`loop_lag` how late each ``interval``-second timer fires, until
        cancelled (run it as a task of the server's event loop)."""
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + interval
            await asyncio.sleep(interval)
            self.loop_lag.observe(max(0.0, loop.time() - due))

    def timed_move(self) -> _Timer:
        """A context manager observing one move's latency into :attr:`move_latency`."""
        return _Timer(self.move_latency)


class _Timer:
    def __init__(self, histogram: Histogram) -> None:
        self._histogram = histogram
        self._start = 0.0

    def __enter__(self) -> None:
        self._start = time.perf_counter()

    def __exit__(self, *_exc: object) -> None:
        self._histogram.observe(time.perf_counter() - self._start)


def _socket_path(path: str) -> str:
    """A WebSocket's endpoint without ids (``/ws/tables/{id}``), a bounded label."""
    parts = path.strip("/").split("/")
    return "/" + "/".join("{id}" if p.isdigit() else p for p in parts[:3])


class CountAnswers:
    """ASGI middleware: counts open WebSockets and error answers into ``metrics``."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            gauge = self.metrics.sockets.labels(_socket_path(scope.get("path", "")))
            gauge.inc()
            try:
                await self.app(scope, receive, send)
            finally:
                gauge.dec()
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def counting(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] >= 400:
                self.metrics.errors.labels(str(message["status"])).inc()
            await send(message)

        await self.app(scope, receive, counting)
