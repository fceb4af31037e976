"""The request path of a new game stays on the event loop: FastAPI runs a synchronous
dependency in its thread pool (a hand-over to a worker thread and back for every request), so
the dependencies every route uses (the arena, the CSRF check, a table id) are coroutines."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anyio.to_thread
import pytest

from tests.server.serverhelpers import Player, TestClient


def test_creating_joining_and_reading_a_table_runs_nothing_in_the_thread_pool(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    red, blue = Player(client), Player(client)
    assert red.post("/api/guest", {}).status_code == 200
    assert blue.post("/api/guest", {}).status_code == 200
    hops: list[str] = []
    run_sync = anyio.to_thread.run_sync

    async def counted(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        hops.append(getattr(function, "__name__", repr(function)))
        return await run_sync(function, *args, **kwargs)

    monkeypatch.setattr(anyio.to_thread, "run_sync", counted)
    table = red.create_table(["me", "open"])
    assert blue.post(f"/api/tables/{table['id']}/join", {"seat": 1}).status_code == 200
    assert red.get(f"/api/tables/{table['id']}").status_code == 200
    assert red.post("/api/tables/x/join", {"seat": 1}).status_code == 404  # a bad id, refused
    assert (
        red.request("POST", "/api/tables", json={}, headers={"x-csrf-token": "no"}).status_code
        == 403
    )
    assert hops == []
