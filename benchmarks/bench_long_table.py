"""How long a long table takes to open (issue 13, defect 4): a five-player full Connect 5 table
whose log holds N actions (default 2,500: random games of that kind reach 721-9,800).

It stores the first N actions of a seeded random game (one that lasts longer) in a fresh
SQLite database, then measures, in-process:

* ``rebuild``: the service's start, which replays the running table's log through the engine
  (``service.tables.rebuild``, with each action's description);
* ``watch``: the service's part of opening the table (``MatchService.watch`` from ``since=0``:
  the messages queued for the viewer);
* ``open``: a viewer's WebSocket from ``since=0`` until its ``state`` message (the table page's
  opening, through Starlette's in-process ``TestClient``, whose per-message hop between
  threads is most of it), and the bytes it received;
* ``history``: paging back to seq 1 with ``history`` requests of 500 events;
* ``finished``: opening the same table once finished and evicted from the memory cache
  (``get_table`` rebuilds it from storage).

Prints figures; asserts nothing. Run: ``.venv/bin/python benchmarks/bench_long_table.py
[--actions 2500] [--repeat 5]``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")

from fastapi.testclient import TestClient  # noqa: E402

from connect_arena.core import CHANCE, Action, State, load, sample_chance_outcome  # noqa: E402
from connect_arena.server import Settings, create_app  # noqa: E402
from connect_arena.server.db import SqlStorage, make_engine, run_migrations  # noqa: E402
from connect_arena.service import LogEntry, Seat, SeatKind, TableStatus  # noqa: E402
from connect_arena.service.live_table import LiveTable  # noqa: E402

OPTIONS: dict[str, Any] = {"mode": "full"}


def long_log(actions: int) -> tuple[dict[str, Any], list[LogEntry]]:
    """The options and the first ``actions`` actions of a seeded random five-player game that
    lasts longer than that."""
    for seed in range(1000):
        rng = random.Random(seed)
        game = load("connect5", 5, **OPTIONS)
        state: State[Action] = game.new_initial_state()
        log: list[LogEntry] = []
        while not state.is_terminal() and len(log) < actions:
            if state.is_chance_node():
                seat, action = CHANCE, sample_chance_outcome(state, rng)
            else:
                seat = state.current_player
                seat = seat if seat >= 0 else min(state.active_players())
                action = rng.choice(state.legal_actions(seat))
            state.apply_legal_action(action, seat)
            log.append(LogEntry(len(log) + 1, seat, str(action)))
        if len(log) == actions:
            return dict(game.options), log
    raise SystemExit(f"no random game reached {actions} actions")


def settings(data_dir: Path) -> Settings:
    return Settings(
        data_dir=data_dir,
        computer_workers=0,
        computer_delay=0.0,
        argon2_time_cost=1,
        argon2_memory_kib=1024,
        secret_key="bench",
    )


def store(data_dir: Path, options: dict[str, Any], log: list[LogEntry]) -> int:
    """A running table with ``log``, stored; returns its id."""

    async def body() -> int:
        engine = make_engine(f"sqlite:///{data_dir / 'arena.sqlite3'}")
        run_migrations(engine)
        storage = SqlStorage(engine)
        user = await storage.create_user("bench", None)
        seats = [Seat(i, SeatKind.HUMAN, user.id, "bench") for i in range(5)]
        info = await storage.create_table("connect5", options, seats, user.id, 1)
        await storage.update_table(info.id, seats, TableStatus.RUNNING)
        for entry in log:
            await storage.append_action(info.id, entry)
        storage.close()
        return info.id

    return asyncio.run(body())


def median_ms(samples: list[float]) -> str:
    return f"{1000 * statistics.median(samples):.1f} ms (min {1000 * min(samples):.1f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=2500)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    options, log = long_log(args.actions)
    rebuild, watching, opening, history, finished = [], [], [], [], []
    received = 0
    with tempfile.TemporaryDirectory() as folder:
        data_dir = Path(folder)
        table_id = store(data_dir, options, log)
        for _ in range(args.repeat):
            started = time.perf_counter()
            with TestClient(create_app(settings(data_dir))) as client:
                rebuild.append(time.perf_counter() - started)
                service = client.app.state.arena.service
                started = time.perf_counter()
                subscription = client.portal.call(service.watch, table_id, None, 0)
                watching.append(time.perf_counter() - started)
                service.unwatch(table_id, subscription)
                started = time.perf_counter()
                with client.websocket_connect(f"/ws/tables/{table_id}?since=0") as socket:
                    received = 0
                    while True:
                        text = socket.receive_text()
                        received += len(text.encode())
                        if text.startswith('{"type":"state"'):
                            break
                    opening.append(time.perf_counter() - started)
                    started = time.perf_counter()
                    before = args.actions - 199
                    while before > 1:
                        socket.send_json({"type": "history", "before": before, "limit": 500})
                        page = socket.receive_json()
                        before = page["events"][0]["seq"]
                    history.append(time.perf_counter() - started)
                table = service.tables[table_id]
                started = time.perf_counter()
                LiveTable(table.info, table.log)  # what get_table does for an evicted table
                finished.append(time.perf_counter() - started)
    print(f"five-player full Connect 5 table of {args.actions} actions, {args.repeat} runs")
    print(f"  service start (rebuild from the log): {median_ms(rebuild)}")
    print(f"  watch() from since=0 in the service:  {median_ms(watching)}")
    print(f"  open from since=0 until the state:    {median_ms(opening)}, {received} bytes")
    print(f"  whole history in pages of 500:        {median_ms(history)}")
    print(f"  rebuild of the table alone:           {median_ms(finished)}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
