"""What an anonymous replay upload costs the server (issue 13, defect 11): the answer's size and
how long the event loop (every other table) stalls while it is served.

It builds the record of a seeded random five-player full Connect 5 game (the longest of the
first seeds, about 140-190 KB), starts the app in-process (Starlette's ``TestClient``), runs a
ticker task on the app's event loop that sleeps 1 ms at a time and records how late it wakes,
then posts the record to ``/api/replay`` (the summary) and fetches every page of frames
(``?from=&to=``). It prints the sizes, the request times and the worst lateness of the ticker
during the requests (the stall other tables would see). ``replay_frames`` (every frame, as the
API answered before) gives the old answer's size. Prints figures; asserts nothing.

Run: ``.venv/bin/python benchmarks/bench_replay_upload.py [--seeds 50] [--pages 5]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")

from fastapi.testclient import TestClient  # noqa: E402

from connect_arena.core import Action, State, load, record_of, sample_chance_outcome  # noqa: E402
from connect_arena.server import Settings, create_app  # noqa: E402
from connect_arena.service import encode, replay_frames  # noqa: E402


def longest_record(seeds: int) -> dict[str, Any]:
    """The record of the longest of ``seeds`` random five-player full Connect 5 games."""
    best: State[Action] | None = None
    for seed in range(seeds):
        rng = random.Random(seed)
        state: State[Action] = load("connect5", 5, mode="full").new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_legal_action(sample_chance_outcome(state, rng), -1)
                continue
            seat = state.current_player
            seat = seat if seat >= 0 else min(state.active_players())
            state.apply_legal_action(rng.choice(state.legal_actions(seat)), seat)
        if best is None or len(state.history) > len(best.history):
            best = state
    assert best is not None
    record: dict[str, Any] = json.loads(record_of(best, list("abcde")).to_json())
    return record


class Ticker:
    """Sleeps 1 ms at a time on the app's loop and keeps the worst lateness."""

    def __init__(self) -> None:
        self.worst = 0.0
        self.running = True

    async def run(self) -> None:
        while self.running:
            before = time.perf_counter()
            await asyncio.sleep(0.001)
            self.worst = max(self.worst, time.perf_counter() - before - 0.001)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=50)
    parser.add_argument("--pages", type=int, default=5, help="pages of frames to fetch")
    args = parser.parse_args()
    record = longest_record(args.seeds)
    upload = json.dumps({"record": record}).encode()
    old = len(encode(replay_frames(record)))
    headers = {"content-type": "application/json"}
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(data_dir=Path(folder), computer_workers=0, secret_key="bench")
        with TestClient(create_app(settings)) as client:
            csrf = client.get("/api/session").json()["csrf"]
            headers["x-csrf-token"] = csrf
            ticker = Ticker()
            client.portal.start_task_soon(ticker.run)
            time.sleep(0.05)
            ticker.worst = 0.0
            started = time.perf_counter()
            answer = client.post("/api/replay", content=upload, headers=headers)
            summary_time = time.perf_counter() - started
            summary_stall = ticker.worst
            assert answer.status_code == 200, answer.text
            positions = answer.json()["positions"]
            ticker.worst = 0.0
            sizes, times = [], []
            for page in range(args.pages):
                start = page * (positions - 100) // max(1, args.pages - 1)
                started = time.perf_counter()
                frames = client.post(
                    f"/api/replay?from={start}&to={start + 99}", content=upload, headers=headers
                )
                times.append(time.perf_counter() - started)
                sizes.append(len(frames.content))
            page_stall = ticker.worst
            ticker.running = False
    actions = len(record["actions"])
    print(f"record: {actions} actions, upload {len(upload) / 1000:.0f} KB")
    print(f"  before: every frame, {old / 1e6:.1f} MB ({old / len(upload):.0f}x the upload)")
    print(
        f"  summary: {len(answer.content) / 1000:.0f} KB "
        f"({len(answer.content) / len(upload):.1f}x), {1000 * summary_time:.0f} ms, "
        f"event loop late by at most {1000 * summary_stall:.1f} ms"
    )
    print(
        f"  {args.pages} pages of 100 frames: {sum(sizes) / len(sizes) / 1000:.0f} KB each, "
        f"{1000 * max(times):.0f} ms at most, event loop late by at most "
        f"{1000 * page_stall:.1f} ms"
    )


if __name__ == "__main__":
    main()
