"""Issue 31, item 1, for every limiter: forty requests sent at the same moment are limited
exactly like forty sent one after another — the check and the count are one step (failed
sign-ins, sign-ups, API tokens, replay uploads, reports, seeks, challenges; the chat's own
test is in ``test_chat.py``). One real server, its limits made small through the environment."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.live import free_port, server

AT_ONCE = 40
LIMITS = {
    "CONNECT_ARENA_SIGNUP_LIMIT": "100/600",
    "CONNECT_ARENA_TOKEN_LIMIT": "5/60",
    "CONNECT_ARENA_REPLAY_LIMIT": "5/60",
    "CONNECT_ARENA_REPORT_LIMIT": "4/3600",
}
PASSWORD = "a long password"
RECORD = {"format": "connect-arena/record@1", "game": "quinque", "players": ["a", "b"],
          "options": {"first_player": "0"}, "actions": []}  # fmt: skip


@contextmanager
def limited_server(data: Path, limits: dict[str, str]) -> Iterator[str]:
    """A real server whose limits are ``limits`` (environment variables)."""
    saved = {name: os.environ.get(name) for name in limits}
    os.environ.update(limits)
    port = free_port()
    try:
        with server(data, port):
            yield f"http://127.0.0.1:{port}"
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with limited_server(tmp_path_factory.mktemp("limits"), LIMITS) as address:
        yield address


async def person(http: httpx.AsyncClient, name: str) -> dict[str, str]:
    """Sign ``name`` up on ``http`` (its cookies); the headers for its requests."""
    csrf = (await http.get("/api/session")).json()["csrf"]
    body = {"name": name, "password": PASSWORD}
    answer = await http.post("/api/signup", json=body, headers={"x-csrf-token": csrf})
    assert answer.status_code == 200, answer.text
    return {"x-csrf-token": answer.json()["csrf"]}


def at_once(base: str, work: Callable[[httpx.AsyncClient], Awaitable[list[int]]]) -> list[int]:
    async def main() -> list[int]:
        async with httpx.AsyncClient(base_url=base, timeout=60) as http:
            return await work(http)

    return asyncio.run(main())


def burst(http: httpx.AsyncClient, make: Callable[[int], Awaitable[httpx.Response]]) -> Any:
    return asyncio.gather(*(make(i) for i in range(AT_ONCE)))


def test_failed_sign_ins_at_once(base: str) -> None:
    async def work(http: httpx.AsyncClient) -> list[int]:
        headers = await person(http, "locked")
        http.cookies.clear()  # a stranger's device
        csrf = (await http.get("/api/session")).json()["csrf"]
        headers = {"x-csrf-token": csrf}
        wrong = {"name": "locked", "password": "not the password"}
        answers = await burst(http, lambda _i: http.post("/api/login", json=wrong, headers=headers))
        return [a.status_code for a in answers]

    codes = at_once(base, work)
    assert codes.count(401) == 3  # the first window per account and device: 3 failures
    assert codes.count(429) == AT_ONCE - 3


def test_sign_ups_at_once(tmp_path: Path) -> None:
    async def work(http: httpx.AsyncClient) -> list[int]:
        csrf = (await http.get("/api/session")).json()["csrf"]

        async def one(i: int) -> httpx.Response:
            async with httpx.AsyncClient(base_url=base, timeout=60) as own:
                own.cookies.set("arena_session", http.cookies.get("arena_session") or "")
                body = {"name": f"many{i}", "password": PASSWORD}
                return await own.post("/api/signup", json=body, headers={"x-csrf-token": csrf})

        return [a.status_code for a in await burst(http, one)]

    with limited_server(tmp_path, {"CONNECT_ARENA_SIGNUP_LIMIT": "6/600"}) as base:
        codes = at_once(base, work)
    assert codes.count(200) == 6 and codes.count(429) == AT_ONCE - 6


def test_token_requests_at_once(base: str) -> None:
    async def work(http: httpx.AsyncClient) -> list[int]:
        headers = await person(http, "tokener")
        made = await http.post(
            "/api/tokens", json={"name": "t", "scopes": ["bot:play"]}, headers=headers
        )
        bearer = {"authorization": f"Bearer {made.json()['token']}"}
        async with httpx.AsyncClient(base_url=base, timeout=60) as bot:  # no cookies
            answers = await burst(bot, lambda _i: bot.get("/api/account", headers=bearer))
        return [a.status_code for a in answers]

    codes = at_once(base, work)
    assert codes.count(200) == 5 and codes.count(429) == AT_ONCE - 5


def test_replay_uploads_at_once(base: str) -> None:
    async def work(http: httpx.AsyncClient) -> list[int]:
        csrf = (await http.get("/api/session")).json()["csrf"]
        headers = {"x-csrf-token": csrf, "content-type": "application/json"}
        text = json.dumps({"record": RECORD})
        answers = await burst(
            http, lambda _i: http.post("/api/replay", content=text, headers=headers)
        )
        return [a.status_code for a in answers]

    codes = at_once(base, work)
    assert codes.count(200) == 5 and codes.count(429) == AT_ONCE - 5


def test_reports_at_once(base: str) -> None:
    async def work(http: httpx.AsyncClient) -> list[int]:
        async with httpx.AsyncClient(base_url=base, timeout=60) as other:
            await person(other, "reported")
            target = (await other.get("/api/session")).json()["user"]["id"]
        headers = await person(http, "reporter")
        body = {"user_id": target, "reason": "abuse", "text": "at once"}
        answers = await burst(
            http, lambda _i: http.post("/api/reports", json=body, headers=headers)
        )
        return [a.status_code for a in answers]

    codes = at_once(base, work)
    assert codes.count(201) == 4 and codes.count(429) == AT_ONCE - 4


def test_seeks_at_once(base: str) -> None:
    async def work(http: httpx.AsyncClient) -> list[int]:
        headers = await person(http, "seeker")
        body = {"game": "quinque", "settings": {"time_control": {"kind": "unlimited"},
                "rated": False}, "range": None}  # fmt: skip
        answers = await burst(http, lambda _i: http.post("/api/seeks", json=body, headers=headers))
        return [a.status_code for a in answers]

    codes = at_once(base, work)
    assert codes.count(201) == 3 and codes.count(409) == AT_ONCE - 3  # 3 waiting per user


def test_challenges_at_once(base: str) -> None:
    async def work(http: httpx.AsyncClient) -> list[int]:
        async with httpx.AsyncClient(base_url=base, timeout=60) as other:
            await person(other, "challenged")
        headers = await person(http, "challenger")
        body = {"game": "quinque", "seats": [{"kind": "me"}, {"kind": "open"}]}
        answers = await burst(
            http, lambda _i: http.post("/api/challenge/challenged", json=body, headers=headers)
        )
        return [a.status_code for a in answers]

    codes = at_once(base, work)
    assert codes.count(201) == 20 and codes.count(429) == AT_ONCE - 20  # 20 waiting at most
