"""Helpers for the server tests: test settings and players.

One ``TestClient`` runs the app (and its lifespan); each :class:`Player` keeps its own cookie
jar and swaps it into the client for its requests, so several people share one server.
"""

from __future__ import annotations

import asyncio
import threading
import time
import warnings
from pathlib import Path
from typing import Any

import httpx
import pytest

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")

from fastapi.testclient import TestClient  # noqa: E402
from starlette.testclient import WebSocketTestSession  # noqa: E402

from connect_arena.server import Settings  # noqa: E402

QUICK = {"parachutes": 2, "tiles": 1, "first_player": "0"}
"""A Quinque that ends after four marks (both supplies empty: a tie)."""


def fast_settings(data_dir: Path, **changes: Any) -> Settings:
    """Settings for tests: cheap password hashing, computer players in threads, no delays."""
    base: dict[str, Any] = {
        "data_dir": data_dir,
        "computer_workers": 0,
        "computer_delay": 0.0,
        "argon2_time_cost": 1,
        "argon2_memory_kib": 1024,
        "secret_key": "test-secret",
        "allowed_hosts": ("testserver", "localhost", "127.0.0.1"),  # TestClient: testserver
    }
    return Settings(**{**base, **changes})


class Player:
    """A person using the site, with their own cookies and CSRF token.

    Args:
        client: the shared test client.
    """

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.cookies = httpx.Cookies()
        self.csrf = ""
        self.user: dict[str, Any] | None = None
        self.request("GET", "/api/session")

    def request(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        """Send a request with this player's cookies and CSRF token."""
        self.client.cookies = self.cookies
        headers = {"x-csrf-token": self.csrf, **kwargs.pop("headers", {})}
        response = self.client.request(method, path, headers=headers, **kwargs)
        self.cookies = httpx.Cookies(self.client.cookies)
        body = response.json() if "json" in response.headers.get("content-type", "") else {}
        if isinstance(body, dict) and "csrf" in body:
            self.csrf = body["csrf"]
            self.user = body.get("user")
        return response

    def post(self, path: str, body: Any = None) -> httpx.Response:
        """POST JSON."""
        return self.request("POST", path, json=body)

    def get(self, path: str) -> httpx.Response:
        """GET."""
        return self.request("GET", path)

    def signup(self, name: str, password: str = "a long password") -> Player:
        """Create an account and sign in; returns ``self``."""
        response = self.post("/api/signup", {"name": name, "password": password})
        assert response.status_code == 200, response.text
        return self

    def create_table(
        self,
        seats: list[str],
        options: dict[str, Any] | None = None,
        game: str = "quinque",
        settings: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Create a table (``seats`` like ``["me", "open"]``, ``settings`` as in
        ``docs/lifecycle.md``) and return its description."""
        body: dict[str, Any] = {
            "game": game,
            "options": QUICK if options is None else options,
            "seats": [{"kind": kind} for kind in seats],
        }
        if settings is not None:
            body["settings"] = settings
        response = self.post("/api/tables", body)
        assert response.status_code == 201, response.text
        table: dict[str, Any] = response.json()["table"]
        return table

    def connect(self, table_id: int, since: int = 0, **kwargs: Any) -> WebSocketTestSession:
        """Open the table's WebSocket with this player's cookies."""
        self.client.cookies = self.cookies
        return self.client.websocket_connect(f"/ws/tables/{table_id}?since={since}", **kwargs)

    def connect_user(self) -> Any:
        """Open this person's ``/ws/user`` socket (their own events)."""
        self.client.cookies = self.cookies
        return self.client.websocket_connect("/ws/user")


def receive_until(socket: WebSocketTestSession, kind: str, **match: Any) -> dict[str, Any]:
    """Read messages until one of type ``kind`` (with the given fields) arrives."""
    for _ in range(200):
        message: dict[str, Any] = socket.receive_json()
        if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
            return message
    raise AssertionError(f"no {kind} message {match}")


def wait_for_status(player: Player, table_id: int, status: str, seconds: float = 10) -> None:
    """Poll the table until it reaches ``status`` (computer players run in the background)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if player.get(f"/api/tables/{table_id}").json()["table"]["status"] == status:
            return
        time.sleep(0.02)
    raise AssertionError(f"table {table_id} did not become {status}")


async def cancel_as_its_answer_lands(
    task: asyncio.Task[Any], go: threading.Event, turns: int
) -> None:
    """Let ``task``'s worker thread answer (set ``go``) while the loop is busy, cancel the task
    ``turns`` loop turns later, and check the cancel ends it: Python 3.11's ``wait_for``
    returned such an answer and swallowed the cancel (session 39's CI hang).

    Raises:
        AssertionError: the task had already finished, or it swallowed the cancel.
    """
    await asyncio.sleep(0.05)  # the work runs in its thread
    go.set()
    time.sleep(0.2)  # the loop is busy while the answer is handed back to it
    for _ in range(turns):
        await asyncio.sleep(0)
    assert task.cancel()  # still running (a turn more and the answer is taken)
    with pytest.raises(asyncio.CancelledError):
        await task
