"""The ``Host`` allow-list (issue 13, defect 7): a request or WebSocket naming another host (a
DNS-rebinding page, say) gets 400 in the API's error shape; the localhost names pass by
default; the list is configurable."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.types import Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

from connect_arena.cli.app import app as cli
from connect_arena.server import Settings, create_app
from connect_arena.server.middleware import AllowedHosts
from connect_arena.server.ratelimit import Buckets, FrameLimit
from connect_arena.server.websocket import Connection, _pump
from connect_arena.service import Subscription
from tests.server.serverhelpers import fast_settings

LOCAL = ("localhost", "127.0.0.1", "::1", "[::1]")


def test_the_default_allows_the_localhost_names_only() -> None:
    assert set(Settings().allowed_hosts) == set(LOCAL)
    assert set(Settings.from_env({}).allowed_hosts) == set(LOCAL)


def test_the_environment_sets_the_list() -> None:
    env = {"CONNECT_ARENA_ALLOWED_HOSTS": " arena.example, Play.Example ,"}
    assert Settings.from_env(env).allowed_hosts == ("arena.example", "play.example")


@pytest.mark.parametrize(
    "host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example", "", "[::2]:80"]
)
def test_other_hosts_are_refused(tmp_path: Path, host: str) -> None:
    settings = fast_settings(tmp_path, allowed_hosts=LOCAL)
    with TestClient(create_app(settings), base_url="http://localhost") as client:
        response = client.get("/api/session", headers={"host": host})
        assert response.status_code == 400
        assert response.json() == {
            "error": {"code": "bad_host", "message": response.json()["error"]["message"]}
        }
        assert "host" in response.json()["error"]["message"]
        refused = client.post("/api/guest", headers={"host": host})
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad_host"
        with (
            pytest.raises(WebSocketDisconnect),
            client.websocket_connect("/ws/lobby", headers={"host": host}) as socket,
        ):
            socket.receive_json()


@pytest.mark.parametrize("host", ["localhost", "localhost:8000", "127.0.0.1:1234", "[::1]:8000"])
def test_local_hosts_are_served(tmp_path: Path, host: str) -> None:
    settings = fast_settings(tmp_path, allowed_hosts=LOCAL)
    with TestClient(create_app(settings), base_url="http://localhost") as client:
        assert client.get("/api/session", headers={"host": host}).status_code == 200
        with client.websocket_connect("/ws/lobby", headers={"host": host}) as socket:
            assert socket.receive_json()["type"] == "lobby"


def test_serve_passes_the_option_on(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import uvicorn

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: calls.append(kwargs))
    environ = {k: v for k, v in os.environ.items() if k != "CONNECT_ARENA_ALLOWED_HOSTS"}
    monkeypatch.setattr(os, "environ", environ)  # what serve sets stays in this test
    options = ["serve", "--data-dir", str(tmp_path), "--allowed-hosts", "arena.example,localhost"]
    result = CliRunner().invoke(cli, options)
    assert result.exit_code == 0, result.output
    assert calls and calls[0]["factory"]
    assert Settings.from_env(environ).allowed_hosts == ("arena.example", "localhost")


def test_an_allowed_socket_sends_through_the_servers_own_send() -> None:
    # Every message of an allowed request or WebSocket went through one more wrapper (a
    # frame on each of a move's broadcasts); the check is made once, at the start.
    given: list[Send] = []

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        given.append(send)

    async def receive() -> Message:
        return {"type": "websocket.connect"}

    async def send(message: Message) -> None:
        return None

    scope = {"type": "websocket", "path": "/ws/lobby", "headers": [(b"host", b"localhost")]}
    asyncio.run(AllowedHosts(app, LOCAL)(scope, receive, send))
    assert given == [send]


def test_a_sockets_queued_messages_go_straight_to_the_servers_send() -> None:
    # Each message of a broadcast, once encoded, costs one call of the server's send: not
    # Starlette's send_text with its state checks and the routes' exception wrappers.
    sent: list[Message] = []
    closed: list[tuple[int, str]] = []

    async def server_send(message: Message) -> None:
        sent.append(message)

    class Socket:  # what _pump reads of a Starlette WebSocket
        def __init__(self, scope: Scope) -> None:
            self.scope = scope

        async def send_text(self, _text: str) -> None:
            raise AssertionError("sent through Starlette")

        async def close(self, code: int, reason: str) -> None:
            closed.append((code, reason))

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        subscription = Subscription(None)
        connection = Connection(subscription, FrameLimit(30, 3.0, Buckets(300, 3.0), "a"))
        for text in ('{"type":"event","seq":1}', '{"type":"event","seq":2}'):
            subscription.push(text)
        connection.end("signed out")
        await _pump(Socket(scope), connection)  # type: ignore[arg-type]

    async def receive() -> Message:
        return {"type": "websocket.connect"}

    scope = {"type": "websocket", "path": "/ws/tables/1", "headers": [(b"host", b"localhost")]}
    asyncio.run(AllowedHosts(app, LOCAL)(scope, receive, server_send))
    assert sent == [
        {"type": "websocket.send", "text": '{"type":"event","seq":1}'},
        {"type": "websocket.send", "text": '{"type":"event","seq":2}'},
    ]
    assert closed == [(1008, "signed out")]
