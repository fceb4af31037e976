"""``benchmarks/bench_server.py``'s bots (session 42: websockets' sans-I/O protocol on a plain
asyncio protocol, cheaper than ``websockets.connect`` for the load generator that shares the
cores with the server it measures) play a table of the real server to its end: every action
they send is accepted, each timed from its frame to its event."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import httpx

from scripts import benchmark_script

from .live import free_port, server


def test_two_bots_play_a_table_of_the_real_server_to_its_end(tmp_path: Path) -> None:
    bench = benchmark_script("bench_server")
    port = free_port()

    async def play(base: str) -> tuple[object, str]:
        limits = httpx.Limits(max_keepalive_connections=0)
        transport = httpx.AsyncHTTPTransport(limits=limits)
        red, blue = bench.Guest(base, transport), bench.Guest(base, transport)
        await red.sign_in()
        await blue.sign_in()
        table_id = await bench.open_table(red, blue)
        stats = bench.Stats(measuring=True)
        rng = random.Random(7)
        # thinking 0.15 s on average: within a socket's frame allowance (30, then 10 a second)
        bots = [bench.bot(guest, table_id, 0.15, stats, rng) for guest in (red, blue)]
        await asyncio.wait_for(asyncio.gather(*bots), 120)
        status = (await red.http.get(f"/api/tables/{table_id}")).json()["table"]["status"]
        await transport.aclose()
        return stats, status

    with server(tmp_path, port):
        stats, status = asyncio.run(play(f"http://127.0.0.1:{port}"))
    assert status == "finished"
    assert stats.errors == 0  # type: ignore[attr-defined]
    assert stats.accepted > 20  # type: ignore[attr-defined]
    assert len(stats.latencies) == stats.accepted  # type: ignore[attr-defined]
