"""Bots on a real server (issue 18): the NDJSON event and game streams, and two bots written
in JavaScript (``examples/bot/connect-arena-bot.mjs``, node without dependencies) that find
each other by a challenge and play a whole game."""

from __future__ import annotations

import json
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Any

import httpx

from tests.server.live import free_port, server

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "examples" / "bot" / "connect-arena-bot.mjs"
OPTIONS = {"parachutes": 2, "tiles": 1, "first_player": "0"}


class Account:
    """A person on the live server who makes a bot token."""

    def __init__(self, base: str, name: str) -> None:
        self.http = httpx.Client(base_url=base, timeout=10)
        self.csrf = self.http.get("/api/session").json()["csrf"]
        self.csrf = self.post("/api/signup", {"name": name, "password": "a long password"})["csrf"]
        self.token = self.post(
            "/api/tokens", {"name": "bot", "scopes": ["bot:play", "challenge:write"]}
        )["token"]
        self.name = name

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = self.http.post(path, json=body, headers={"x-csrf-token": self.csrf})
        assert response.status_code < 300, response.text
        data: dict[str, Any] = response.json()
        return data

    def bearer(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def upgrade(self, base: str) -> None:
        answer = httpx.post(f"{base}/api/bot/account/upgrade", headers=self.bearer())
        assert answer.status_code == 200, answer.text


def test_the_event_stream_announces_challenges_and_game_starts(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with server(tmp_path, port):
        robo = Account(base, "robo")
        robo.upgrade(base)
        alice = Account(base, "alice")
        seen: list[dict[str, Any]] = []
        ready = threading.Event()

        def listen() -> None:
            with httpx.stream(
                "GET", f"{base}/api/bot/stream/event", headers=robo.bearer(), timeout=30
            ) as response:
                assert response.status_code == 200
                assert response.headers["content-type"].startswith("application/x-ndjson")
                ready.set()
                for line in response.iter_lines():
                    if line.strip():
                        seen.append(json.loads(line))
                    if any(event["type"] == "gameStart" for event in seen):
                        return

        listener = threading.Thread(target=listen, daemon=True)
        listener.start()
        assert ready.wait(10)
        body = {"game": "quinque", "options": OPTIONS, "seats": [{"kind": "me"}, {"kind": "open"}]}
        challenge = alice.post("/api/challenge/robo", body)["challenge"]
        accepted = httpx.post(
            f"{base}/api/challenge/{challenge['id']}/accept", headers=robo.bearer()
        )
        assert accepted.status_code == 200, accepted.text
        listener.join(20)
        assert [event["type"] for event in seen] == ["challenge", "gameStart"]
        start = seen[1]["game"]
        assert start["id"] == accepted.json()["table_id"] and start["you"] == [1]
        # The game stream opens with the table and the state: legal actions and clocks.
        with httpx.stream(
            "GET", f"{base}/api/bot/game/stream/{start['id']}", headers=robo.bearer(), timeout=30
        ) as response:
            lines = response.iter_lines()
            first = json.loads(next(lines))
            state = json.loads(next(line for line in lines if '"type":"state"' in line))
        assert first["type"] == "table" and first["you"] == [1]
        assert "legal_actions" in state and "clocks" in state


def test_two_javascript_bots_find_each_other_and_play_a_whole_game(tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node is not None, "node is needed (python3 dev.py test installs it)"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with server(tmp_path, port):
        first, second = Account(base, "first"), Account(base, "second")
        first.upgrade(base)
        second.upgrade(base)
        common = [node, str(BOT), "--server", base, "--games", "2", "--random"]
        waiting = subprocess.Popen(
            common,
            env={"CONNECT_ARENA_TOKEN": first.token, "PATH": ""},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        challenger = subprocess.Popen(
            [
                *common,
                "--challenge",
                "first",
                "--game",
                "quinque",
                "--options",
                json.dumps(OPTIONS),
            ],
            env={"CONNECT_ARENA_TOKEN": second.token, "PATH": ""},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        try:
            out_challenger, _ = challenger.communicate(timeout=180)
            out_waiting, _ = waiting.communicate(timeout=60)
        finally:
            for process in (waiting, challenger):
                if process.poll() is None:
                    process.kill()
        assert challenger.returncode == 0, out_challenger
        assert waiting.returncode == 0, out_waiting
        assert out_challenger.count("over: normal") == 2, out_challenger  # --games 2: two games
        assert out_waiting.count("over: normal") == 2, out_waiting
        assert out_challenger.count("challenged first") == 2
        table_id = int(out_waiting.split("playing table ")[2].split()[0])
        table = httpx.get(f"{base}/api/tables/{table_id}").json()["table"]
        assert table["status"] == "finished" and table["reason"] == "normal"
        assert sorted((s["name"], s["bot"]) for s in table["seats"]) == [
            ("first", True),
            ("second", True),
        ]
        record = httpx.get(f"{base}/api/tables/{table_id}/record").json()
        assert len(record["actions"]) == table["seq"] > 2


def test_a_persons_bot_play_token_follows_its_events_but_does_not_play(tmp_path: Path) -> None:
    """Issue 26, item 5, as docs/bot-api.md decides: the event stream is any account's, the
    game stream and moves are a bot account's."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with server(tmp_path, port):
        person = Account(base, "person")  # never upgraded
        with httpx.stream(
            "GET", f"{base}/api/bot/stream/event", headers=person.bearer(), timeout=10
        ) as response:
            assert response.status_code == 200
        refused = httpx.get(f"{base}/api/bot/game/stream/1", headers=person.bearer())
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_a_bot"


def _recipe() -> list[str]:
    """The lines of docs/bot-api.md's curl recipe (comments dropped), in order."""
    text = (ROOT / "docs" / "bot-api.md").read_text()
    block = text.split("<!-- recipe -->")[1].split("<!-- /recipe -->")[0]
    lines = block.strip().removeprefix("```sh").removesuffix("```").strip().splitlines()
    return [line for line in lines if line.strip() and not line.lstrip().startswith("#")]


def test_the_documented_curl_recipe_runs_from_a_fresh_cookie_jar(tmp_path: Path) -> None:
    """Issue 26, item 4: session, CSRF, sign-up (a new CSRF), token, upgrade, challenge,
    event stream, game stream and a move, exactly as docs/bot-api.md writes them; alice
    accepts the challenge between the challenge and the event stream."""
    assert shutil.which("curl"), "curl is needed (python3 dev.py test installs it)"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    lines = [line.replace("http://127.0.0.1:8000", base) for line in _recipe()]
    split = next(i for i, line in enumerate(lines) if "/api/bot/stream/event" in line)
    prelude = [line for line in lines if line.startswith(("S=", "json()"))]
    with server(tmp_path, port):
        alice = Account(base, "alice")
        setup = "\n".join([*lines[:split], 'echo; echo "$TOKEN $CHALLENGE"'])
        first = _bash(setup, tmp_path)
        token, challenge = first.split()[-2:]
        assert token.startswith("ca_")
        alice.post(f"/api/challenge/{challenge}/accept", {})
        rest = "\n".join([*prelude, f"TOKEN={token}", *lines[split:], 'echo; echo "$TABLE"'])
        *_, moved, table_id = _bash(rest, tmp_path).splitlines()
        table = httpx.get(f"{base}/api/tables/{table_id}").json()["table"]
    assert json.loads(moved)["seq"] == 1 and table["seq"] >= 1  # the move was stored
    assert [seat["name"] for seat in table["seats"]] == ["mybot", "alice"]


def _bash(script: str, folder: Path) -> str:
    """Run ``script`` with bash (stopping at the first failure); its standard output."""
    done = subprocess.run(
        ["bash", "-c", f"set -eu\n{script}"],  # a stream is cut by --max-time: no pipefail
        capture_output=True,
        text=True,
        cwd=folder,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr + done.stdout
    return done.stdout
