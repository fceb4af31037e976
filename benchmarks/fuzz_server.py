"""Fuzz the web server (issue 13): every HTTP body, every WebSocket frame type, records, and the
board and variant files, from a seeded generator.

The app runs in-process (Starlette's ``TestClient``, loopback only, a fresh SQLite database in a
temporary directory). Valid inputs are mutated: values of the wrong type, huge numbers, unicode
(lone surrogates, NUL, emoji, right-to-left), long strings, truncated or corrupted JSON text,
deep nesting, extra and missing keys. After each input the harness checks:

* no HTTP answer is a 5xx;
* a WebSocket frame is answered (an ``error``, ``pong``, ``history``, ``state`` or ``event``
  message) and the socket stays open (a ``ping`` sentinel follows each frame);
* every HTTP request is answered (a transport error or an escaped exception counts as
  unanswered);
* nothing changed unless the input was accepted (a 2xx ``POST`` or ``DELETE``, or a frame
  answered with an event and no error): the harness snapshots only the rows the input could
  touch — the acting person's account rows (user, sessions, tokens, challenges, mutes, the
  number of tables they created), the rows of the table, tournament, challenge or token the
  route names, and the live table's status, seq, seats and offers, and the person's seeks —
  so a change made meanwhile elsewhere (a tournament's computers, another table) is not
  taken for the refusal's.

Every route of the OpenAPI schema (and every HTML page) is fuzzed, its path parameters drawn
from the harness's own rows or from odd values, its body from a valid one (``BODIES``),
mutated; every frame type of the table socket (actions, sync, history, ping and the
lifecycle requests) too; when a fuzzed resign or abort ends the running table, a new one
takes its place.

Board files (Connect 5) and variant files (CO'NNN'ECT) cannot be set from the web (the server
keeps the shipped ones), so they are fuzzed through their loaders: each must load or be refused
with the game's own error (``BoardError``, ``DataError``), nothing else.

Prints the tally; exits 1 if any check failed. ``run()`` is also used by ``tests/server/
test_fuzz.py`` with a few hundred inputs.

Run: ``.venv/bin/python benchmarks/fuzz_server.py [--count 10000] [--seed 1] [--seconds 900]``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import re
import string
import sys
import tempfile
import time
import unicodedata
import warnings
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")

import httpx  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402
from sqlalchemy import func, or_, select  # noqa: E402

from connect_arena.core import (  # noqa: E402
    CHANCE,
    Action,
    GameError,
    State,
    load,
    record_of,
    sample_chance_outcome,
)
from connect_arena.server import Settings, create_app  # noqa: E402
from connect_arena.server.db.models import Base, TableRow  # noqa: E402

WEIRD: list[Any] = [
    None, True, False, 0, -1, 1, 7, 2**31, 2**53 + 1, 2**63, -(2**63) - 1, 10**100, 1.5, -0.0,
    1e308, "", " ", "0", "-1", "a" * 5000, "é", "😀" * 50, "\u0000", "\ud800", "\u202e", "\ufeff",
    "'; DROP TABLE users; --", "../../etc/passwd", "/etc/passwd", "basic.toml", "basic", "me",
    "open", "computer", "mcts:hard", "random", "quinque", "connect5", "pass", "add 0,0",
    "mark 1,1", [], {}, [1, 2, 3], {"a": 1}, [[[[]]]], {"type": "ping"}, "NaN",
]  # fmt: skip
"""Values that replace parts of valid inputs."""

NUMBER_TEXT = ["NaN", "Infinity", "-Infinity", "1e999", "99999999999999999999999999", "-0", "0x10"]
QUICK = {"parachutes": 2, "tiles": 1, "first_player": "0"}
OPS = ["offer", "accept", "decline", "request", "withdraw"]


@dataclass
class Tally:
    """What the fuzzing found (``examples``: the first few failures)."""

    tried: Counter[str] = field(default_factory=Counter)
    accepted: Counter[str] = field(default_factory=Counter)
    rejected: Counter[str] = field(default_factory=Counter)
    changed: int = 0
    server_errors: int = 0
    dropped: int = 0
    unanswered: int = 0
    crashes: int = 0
    signed_out: int = 0
    examples: list[str] = field(default_factory=list)

    def failure(self, kind: str, detail: str) -> None:
        if len(self.examples) < 20:
            self.examples.append(f"{kind}: {detail[:400]}")

    @property
    def failed(self) -> int:
        return self.changed + self.server_errors + self.dropped + self.unanswered + self.crashes

    def report(self) -> str:
        total = sum(self.tried.values())
        rejected = sum(self.rejected.values())
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(self.tried.items()))
        lines = [
            f"inputs tried: {total} ({kinds})",
            f"rejected cleanly: {rejected}; accepted (valid): {sum(self.accepted.values())}",
            f"state changed by a rejected input: {self.changed}",
            f"5xx answers: {self.server_errors}",
            f"sockets dropped: {self.dropped}; requests or frames unanswered: {self.unanswered}",
            f"sockets closed because a fuzzed sign-out or sign-in ended their session "
            f"(expected, reopened): {self.signed_out}",
            f"file loaders failing with another error than the game's: {self.crashes}",
        ]
        lines += [f"  - {example}" for example in self.examples]
        return "\n".join(lines)


# ----- mutations -----------------------------------------------------------------------------


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:20]):
            yield from _paths(item, (*path, index))


def _replace(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = _replace(value[path[0]], path[1:], new)
    return copy


def _weird(rng: random.Random) -> Any:
    if rng.random() < 0.15:
        return "".join(
            rng.choice(string.printable + "éß😀\u0000") for _ in range(rng.randint(0, 40))
        )
    if rng.random() < 0.1:
        return rng.randint(-(2**70), 2**70)
    return rng.choice(WEIRD)


def _text_mutation(rng: random.Random, text: str) -> str:
    choice = rng.randrange(7)
    at = rng.randrange(len(text) + 1)
    if choice == 0:
        return text[:at]  # truncated
    if choice == 1:
        return text[:at] + text[at + 1 :]
    if choice == 2:
        return text[:at] + rng.choice('{}[]",:\\ 0aZ\u0000é') + text[at:]
    if choice == 3:
        digits = [i for i, c in enumerate(text) if c.isdigit()]
        if digits:
            i = rng.choice(digits)
            return text[:i] + rng.choice(NUMBER_TEXT) + text[i + 1 :]
        return text + "0"
    if choice == 4:
        depth = rng.choice([10, 100, 1000, 20_000])
        return "[" * depth + text + "]" * depth
    if choice == 5:
        return text.replace('"', "'", 1)
    return text + text[: rng.randrange(len(text) + 1)]


def mutate(rng: random.Random, base: Any) -> tuple[str, str]:
    """A mutated JSON text of ``base`` and a short description of the mutation."""
    choice = rng.random()
    if choice < 0.05:
        return json.dumps(base), "unchanged"
    if choice < 0.45:
        path = rng.choice(list(_paths(base)))
        new = _weird(rng)
        return json.dumps(_replace(base, path, new)), f"{list(path)} = {new!r:.40}"
    if choice < 0.6:
        dicts = [p for p in _paths(base) if isinstance(_get(base, p), dict)]
        if dicts:
            path = rng.choice(dicts)
            target = dict(_get(base, path))
            if target and rng.random() < 0.5:
                key = rng.choice(list(target))
                del target[key]
                return json.dumps(_replace(base, path, target)), f"drop {[*path, key]}"
            key = rng.choice(["extra", "type", "__proto__", "seat", "id", "é", ""])
            target[key] = _weird(rng)
            return json.dumps(_replace(base, path, target)), f"add {[*path, key]}"
    if choice < 0.7:
        new = _weird(rng)
        return json.dumps(new), f"whole = {new!r:.40}"
    text = json.dumps(base)
    return _text_mutation(rng, text), "text"


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


# ----- the harness ---------------------------------------------------------------------------


class Person:
    """A cookie jar and CSRF token (``None``: anonymous; ``guest``: a guest account)."""

    def __init__(self, client: TestClient, name: str | None, guest: bool = False) -> None:
        self.client = client
        self.cookies = httpx.Cookies()
        self.csrf = ""
        self.name = name
        self.password = PASSWORD
        self.user_id: int | None = None
        self.request("GET", "/api/session")
        if guest:
            answer = self.request("POST", "/api/guest")
            assert answer.status_code == 200, answer.text
            self.user_id = answer.json()["user"]["id"]
        elif name is not None:
            answer = self.request(
                "POST", "/api/signup", json={"name": name, "password": self.password}
            )
            assert answer.status_code == 200, answer.text
            self.user_id = answer.json()["user"]["id"]

    def request(self, method: str, path: str, keep: bool = True, **kwargs: Any) -> httpx.Response:
        self.client.cookies = self.cookies
        headers = {"x-csrf-token": self.csrf, **kwargs.pop("headers", {})}
        response: httpx.Response = self.client.request(method, path, headers=headers, **kwargs)
        if keep:
            self.cookies = httpx.Cookies(self.client.cookies)
            if "json" in response.headers.get("content-type", ""):
                body = response.json()
                if isinstance(body, dict) and "csrf" in body:
                    self.csrf = body["csrf"]
        return response

    def ensure_signed_in(self) -> None:
        """Sign in again when a fuzzed input signed this person out (or changed who it is)."""
        if self.name is None:
            return
        session = self.request("GET", "/api/session").json()
        user = session.get("user")
        if user is None or user.get("id") != self.user_id:
            body = {"name": self.name, "password": self.password}
            answer = self.request("POST", "/api/login", json=body)
            assert answer.status_code == 200, answer.text


PASSWORD = "a long password"

STREAMS = {"/api/bot/stream/event", "/api/bot/game/stream/{table_id}"}
"""Endless event streams: asked only anonymously (refused), as a test client would wait."""

ACCOUNT_ROUTES = {"/api/upgrade", "/api/bot/account/upgrade"}
"""Routes that turn the caller into another kind of account: sent by a fresh guest."""


def bodies(rng: random.Random, record: dict[str, Any]) -> dict[tuple[str, str], Any]:
    """A valid body of each route that reads one (the base the mutations start from)."""
    seats = [{"kind": "me"}, {"kind": "open"}]
    return {
        ("POST", "/api/signup"): {"name": f"user{rng.randrange(10**6)}", "password": PASSWORD},
        ("POST", "/api/login"): {"name": "alice", "password": PASSWORD},
        ("POST", "/api/upgrade"): {"name": f"up{rng.randrange(10**6)}", "password": PASSWORD},
        ("POST", "/api/password"): {"old_password": PASSWORD, "new_password": PASSWORD},
        ("POST", "/api/tokens"): {"name": "fuzz", "scopes": ["bot:play"]},
        ("POST", "/api/bot/game/{table_id}/move"): {"action": "add 0,0", "seq": 1},
        ("POST", "/api/bot/game/{table_id}/resign"): {"seat": 0},
        ("POST", "/api/bot/game/{table_id}/draw"): {"op": "offer"},
        ("POST", "/api/challenge/{username}"): {"game": "quinque", "options": QUICK, "players": 2},
        ("POST", "/api/challenge/{challenge_id}/decline"): {"reason": "later"},
        ("POST", "/api/seeks"): {"game": "quinque", "players": 2, "range": None},
        ("POST", "/api/tables/{table_id}/chat"): {"text": "hello"},
        ("POST", "/api/mutes"): {"user_id": 2, "on": True},
        ("POST", "/api/tournaments"): {
            "name": "cup",
            "game": "quinque",
            "options": QUICK,
            "settings": {"time_control": {"kind": "realtime", "base": 60, "increment": 1}},
            "format": "swiss",
            "rounds": 1,
            "starts_at": "2099-01-01T00:00:00+00:00",
        },
        ("POST", "/api/tournaments/{tournament_id}/computers"): {"agent": "random", "count": 1},
        ("POST", "/api/tables/{table_id}/resign"): {"seat": 0},
        ("POST", "/api/tables/{table_id}/draw"): {"op": "offer"},
        ("POST", "/api/tables/{table_id}/takeback"): {"op": "request"},
        ("POST", "/api/tables/{table_id}/claim"): {"seat": 1},
        ("POST", "/api/tables/{table_id}/return"): {"seat": 0},
        ("POST", "/api/tables/{table_id}/rematch"): {"op": "offer"},
        ("POST", "/api/tables"): {"game": "quinque", "options": QUICK, "seats": seats},
        ("POST", "/api/tables/{table_id}/join"): {"seat": 1},
        ("POST", "/api/tables/{table_id}/leave"): {"seat": 0},
        ("POST", "/api/tables/{table_id}/hint"): {"seat": 0},
        ("POST", "/api/replay"): {"record": record},
    }


@dataclass
class Scope:
    """The rows an input could touch: the acting person's account and what its path names."""

    users: set[int] = field(default_factory=set)
    tables: set[int] = field(default_factory=set)
    rows: dict[str, set[int]] = field(default_factory=dict)


ACCOUNT_COLUMNS = {
    "users": ("id",),
    "sessions": ("user_id",),
    "api_tokens": ("user_id",),
    "challenges": ("challenger_id", "challenged_id"),
    "chat_mutes": ("user_id",),
}
"""The rows of a person's account, by the columns naming them."""
TABLE_ROWS = ("seats", "actions", "table_notes", "chat_messages", "scored_tables", "user_games")
VOLATILE = {"last_seen_at", "last_used_at", "expires_at"}
"""Columns a read refreshes (a session's sliding expiry, a token's last use)."""
PARAMETER_ROWS = {
    "token_id": "api_tokens",
    "challenge_id": "challenges",
    "tournament_id": "tournaments",
}


class Harness:
    """The app, its people and their rows (tables, a tournament, a challenge, a token, a
    seek), and the checks."""

    def __init__(self, client: TestClient, rng: random.Random, tally: Tally) -> None:
        self.client = client
        self.rng = rng
        self.tally = tally
        self.alice = Person(client, "alice")
        self.bob = Person(client, "bob")
        self.anonymous = Person(client, None)
        self.guest = Person(client, None, guest=True)
        self.open_table = self._table(self.alice, ["me", "open"])
        self.running = self._table(self.alice, ["me", "me"], {"advanced": True})
        others = [  # hot-seat tables of every game: Alice may act at each
            self._table(self.alice, ["me"] * 3, {}, "connect5"),
            self._table(self.alice, ["me"] * 2, {}, "connnect"),
            self._table(self.alice, ["me"] * 2, {}, "pairs"),
        ]
        self.finished = self._finished_table()
        self.tables = [self.open_table, self.running, *others, self.finished]
        self.records = self._records()
        self.tournament = self._made(self.alice, "/api/tournaments", ("tournament", "id"))
        self.challenge = self._made(
            self.bob, "/api/challenge/alice", ("challenge", "id"), {"game": "quinque", "players": 2}
        )
        self.token = self._made(
            self.alice, "/api/tokens", ("id",), {"name": "t", "scopes": ["bot:play"]}
        )
        self.seek = self._made(self.bob, "/api/seeks", ("seek", "id"), {"game": "pairs"})
        self.routes = self._routes()
        self.engine = client.app.state.arena.storage.engine  # type: ignore[attr-defined]

    def _made(self, person: Person, path: str, where: tuple[str, ...], body: Any = None) -> int:
        if body is None:
            body = bodies(self.rng, {})[("POST", path)]
        answer = person.request("POST", path, json=body)
        assert answer.status_code in (200, 201), (path, answer.text)
        found: Any = answer.json()
        for key in where:
            found = found.get(key, found)
        assert isinstance(found, int), (path, answer.text)
        return found

    def _routes(self) -> list[tuple[str, str]]:
        """Every (method, path) of the OpenAPI schema, and every HTML page."""
        schema = self.client.app.openapi()  # type: ignore[attr-defined]
        found = [
            (method.upper(), path)
            for path, operations in schema["paths"].items()
            for method in operations
        ]
        for route in self.client.app.routes:  # type: ignore[attr-defined]
            methods = getattr(route, "methods", None) or set()
            path = getattr(route, "path", "")
            if "GET" in methods and not path.startswith(("/api/", "/static")):
                found.append(("GET", path))
        return sorted(set(found))

    def _table(
        self, person: Person, seats: list[str], options: Any = None, game: str = "quinque"
    ) -> int:
        body = {"game": game, "options": options or {}, "seats": [{"kind": k} for k in seats]}
        answer = person.request("POST", "/api/tables", json=body)
        assert answer.status_code == 201, answer.text
        table_id: int = answer.json()["table"]["id"]
        return table_id

    def _finished_table(self) -> int:
        table_id = self._table(self.bob, ["me", "me"], QUICK)
        with self._socket(self.bob, table_id) as socket:
            for seq, action in enumerate(["add 0,0", "mark 1,0", "mark 0,1", "mark 1,1"], 1):
                socket.send_json({"type": "action", "seq": seq, "action": action})
                while socket.receive_json().get("seq") != seq:
                    pass
        return table_id

    def _records(self) -> list[dict[str, Any]]:
        found = [self.bob.request("GET", f"/api/tables/{self.finished}/record").json()]
        for game, players, options in [
            ("connect5", 3, {}),
            ("connnect", 2, {}),
            ("pairs", 2, {}),
            ("quinque", 2, {"advanced": True}),
        ]:
            rng = random.Random(len(found))
            state: State[Action] = load(game, players, **options).new_initial_state()
            while not state.is_terminal() and len(state.history) < 60:
                if state.is_chance_node():
                    state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
                    continue
                seat = state.current_player
                seat = seat if seat >= 0 else min(state.active_players())
                state.apply_legal_action(rng.choice(state.legal_actions(seat)), seat)
            names = [f"p{i}" for i in range(players)]
            found.append(json.loads(record_of(state, names).to_json()))
        return found

    @contextmanager
    def _socket(self, person: Person, table_id: int | str) -> Iterator[Any]:
        self.client.cookies = person.cookies
        with self.client.websocket_connect(f"/ws/tables/{table_id}") as socket:
            yield socket

    # ----- state ------------------------------------------------------------------------------
    def snapshot(self, scope: Scope) -> Any:
        """The rows of ``scope`` (without the columns a read refreshes) and the live state of
        its tables and of its people's seeks."""
        rows: list[Any] = []
        with self.engine.connect() as connection:
            for table in Base.metadata.sorted_tables:
                conditions = []
                for column in ACCOUNT_COLUMNS.get(table.name, ()):
                    conditions.append(table.c[column].in_(scope.users))
                if table.name in TABLE_ROWS:
                    conditions.append(table.c.table_id.in_(scope.tables))
                if table.name == "tables":
                    conditions.append(table.c.id.in_(scope.tables))
                if table.name in scope.rows:
                    conditions.append(table.c.id.in_(scope.rows[table.name]))
                if not conditions:
                    continue
                columns = [c for c in table.c if c.name not in VOLATILE]
                found = connection.execute(select(*columns).where(or_(*conditions))).all()
                rows.append((table.name, sorted(map(repr, found))))
            created = connection.scalar(
                select(func.count())
                .select_from(TableRow)
                .where(TableRow.created_by.in_(scope.users))
            )
        service = self.client.app.state.arena.service  # type: ignore[attr-defined]
        live = []
        for table_id in sorted(scope.tables):
            table = service.tables.get(table_id) or service.finished.get(table_id)
            if table is not None:
                offers = json.dumps(table.offers.standing(), sort_keys=True, default=str)
                seats = tuple(table.info.seats)
                live.append((table_id, table.info.status.value, table.seq, seats, offers))
        seeks = [s for s in service.seeks.listing() if s["user"]["id"] in scope.users]
        return rows, created, live, json.dumps(seeks, sort_keys=True, default=str)

    def settle(self, scope: Scope, seconds: float = 5.0) -> None:
        """Wait while a computer plays at one of the scope's tables (a computer seat, or a
        person's seat taken over after a claim): its moves are not the next input's doing."""
        service = self.client.app.state.arena.service  # type: ignore[attr-defined]
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            busy = False
            for table_id in scope.tables:
                table = service.tables.get(table_id)
                if table is None or table.state is None or table.state.is_terminal():
                    continue
                computers = {
                    seat.index
                    for seat in table.info.seats
                    if seat.kind.value == "computer" or seat.takeover is not None
                }
                to_act = set(table.state.active_players())
                busy = busy or bool(computers & to_act) or table.state.is_chance_node()
            if not busy:
                return
            time.sleep(0.01)

    def scope(self, person: Person, tables: list[int], rows: dict[str, set[int]]) -> Scope:
        users = {p.user_id for p in (person,) if p.user_id is not None}
        return Scope(users, set(tables), rows)

    def check(self, kind: str, accepted: bool, detail: str, scope: Scope, before: Any) -> None:
        (self.tally.accepted if accepted else self.tally.rejected)[kind] += 1
        after = self.snapshot(scope)
        if not accepted and after != before:
            self.tally.changed += 1
            self.tally.failure("changed", f"{kind} {detail}: {_difference(before, after)}")

    def renew_running(self) -> bool:
        """Open a new running table when a fuzzed input ended the running one."""
        service = self.client.app.state.arena.service  # type: ignore[attr-defined]
        live = service.tables.get(self.running)
        if live is not None and live.info.status.value == "running":
            return False
        self.alice.ensure_signed_in()
        self.running = self._table(self.alice, ["me", "me"], {"advanced": True})
        self.tables.append(self.running)
        return True

    # ----- HTTP -------------------------------------------------------------------------------
    def _fill(self, path: str) -> tuple[str, list[int], dict[str, set[int]]]:
        """``path`` with its parameters filled (the harness's rows or odd values), the tables
        and rows it names."""
        rng = self.rng
        tables: list[int] = []
        rows: dict[str, set[int]] = {}
        odd = ["0", "-1", str(2**63), str(-(2**63) - 1), "x", "1e3", "%00", "é", "9" * 30]
        for name in re.findall(r"{(\w+)}", path):
            if rng.random() < 0.15:
                value = rng.choice(odd)
            elif name == "table_id":
                table = rng.choice(self.tables)
                tables.append(table)
                value = str(table)
            elif name in PARAMETER_ROWS:
                number = {
                    "token_id": self.token,
                    "challenge_id": self.challenge,
                    "tournament_id": self.tournament,
                }[name]
                number = rng.choice([number, number + 1, 1])
                rows.setdefault(PARAMETER_ROWS[name], set()).add(number)
                value = str(number)
            elif name == "seek_id":
                value = str(rng.choice([self.seek, self.seek + 1]))
            elif name in ("username", "name"):
                value = rng.choice(["alice", "bob", "nobody", "Guest-x"])
            else:  # a game
                value = rng.choice(["quinque", "connect5", "connnect", "pairs", "chess"])
            path = path.replace(f"{{{name}}}", value)
        return path, tables, rows

    def _query(self, path: str) -> str:
        rng = self.rng
        if rng.random() < 0.5:
            return path
        names = ["from", "to", "page", "per_page", "played", "attempt", "game", "result",
                 "since", "until", "opponent", "before", "limit"]  # fmt: skip
        values = ["0", "1", "-1", "99999999999999999999", "x", "", "mark 2,2", "basic",
                  "add T2,0 4,0", "2024-01-01", "win", "%00", "é"]  # fmt: skip
        pairs = [f"{rng.choice(names)}={rng.choice(values)}" for _ in range(rng.randint(1, 3))]
        return f"{path}?{'&'.join(pairs)}"

    def http_input(self) -> None:
        rng = self.rng
        method, template = rng.choice(self.routes)
        person = rng.choice([self.alice, self.bob, self.anonymous])
        if template in STREAMS:
            person = self.anonymous
        if template in ACCOUNT_ROUTES:
            person = self.guest
        path, tables, rows = self._fill(template)
        path = self._query(path)
        base = bodies(rng, rng.choice(self.records)).get((method, template))
        if method == "GET":
            text, detail = "", "GET"
        elif base is None:
            text, detail = ("", "empty") if rng.random() < 0.5 else mutate(rng, {})
        else:
            text, detail = mutate(rng, base)
        kind = f"http {method} {template}"
        self.tally.tried[kind] += 1
        headers = {"content-type": "application/json"}
        if rng.random() < 0.03:
            headers["x-csrf-token"] = "wrong"
        content = text.encode("utf-8", "surrogatepass") if method != "GET" else None
        scope = self.scope(person, tables, rows)
        self.settle(scope)
        before = self.snapshot(scope)
        try:
            response = person.request(method, path, keep=False, content=content, headers=headers)
        except Exception as error:  # no answer: the app failed outside its error handlers
            self.tally.unanswered += 1
            self.tally.failure("unanswered", f"{method} {path} {detail}: {error!r}")
            return
        if response.status_code >= 500:
            self.tally.server_errors += 1
            self.tally.failure("5xx", f"{method} {path} {detail} -> {response.text[:200]}")
        accepted = method in ("POST", "DELETE") and 200 <= response.status_code < 300
        if path.startswith("/api/replay"):
            accepted = False  # never changes anything
        self.check(kind, accepted, f"{method} {path} {detail}", scope, before)
        if accepted:
            self._after_accepted(person, template, text)

    def _after_accepted(self, person: Person, template: str, text: str) -> None:
        """Keep the harness's people usable after an accepted input changed them."""
        if template == "/api/password":
            with contextlib.suppress(ValueError, TypeError, KeyError, AttributeError):
                person.password = unicodedata.normalize("NFKC", json.loads(text)["new_password"])
        if template in ACCOUNT_ROUTES:
            self.guest = Person(self.client, None, guest=True)
        for someone in (self.alice, self.bob):
            someone.ensure_signed_in()

    # ----- WebSocket frames -------------------------------------------------------------------
    def frame_input(self, socket: Any, person: Person, table_id: int, serial: int) -> bool:
        """One fuzzed frame on ``socket``; ``False`` when the socket was dropped."""
        rng = self.rng
        arena = self.client.app.state.arena  # type: ignore[attr-defined]
        live = arena.service.tables.get(table_id) or arena.service.finished.get(table_id)
        seq = live.seq if live is not None else 0
        legal = ["add 0,0"]
        if live is not None and live.state is not None and not live.state.is_terminal():
            seat = min(live.state.active_players(), default=0)
            legal = [str(a) for a in live.state.legal_actions(seat)] or ["pass"]
        bases: list[Any] = [
            {"type": "action", "seq": seq + 1, "action": rng.choice(legal), "id": serial},
            {"type": "sync", "since": rng.randrange(seq + 2)},
            {"type": "history", "before": rng.randrange(seq + 2), "limit": rng.randrange(1, 600)},
            {"type": "ping", "id": serial},
            {"type": "abort", "id": serial},
            {"type": "resign", "seat": rng.randrange(3), "id": serial},
            {"type": "draw", "op": rng.choice(OPS), "id": serial},
            {"type": "takeback", "op": rng.choice(OPS), "id": serial},
            {"type": "claim", "seat": rng.randrange(3), "id": serial},
            {"type": "return", "seat": rng.randrange(3), "id": serial},
            {"type": "rematch", "op": rng.choice(OPS), "id": serial},
        ]
        base = rng.choice(bases)
        if rng.random() < 0.05:
            text, detail = rng.choice(["", " ", "x" * 20_000, "\u0000", "null"]), "raw"
        elif base["type"] == "action" and rng.random() < 0.4:
            notation = _notation_mutation(rng, base["action"])
            text, detail = json.dumps({**base, "action": notation}), f"action {notation!r:.60}"
        else:
            text, detail = mutate(rng, base)
        kind = f"frame {base['type']}"
        self.tally.tried[kind] += 1
        scope = self.scope(person, [table_id], {})
        self.settle(scope)
        before = self.snapshot(scope)
        try:
            if rng.random() < 0.05:
                socket.send_bytes(text.encode("utf-8", "surrogatepass"))
            else:
                socket.send_text(text.encode("utf-8", "surrogatepass").decode("utf-8", "replace"))
            socket.send_json({"type": "ping", "id": f"sentinel-{serial}"})
            replies = []
            while True:
                message = socket.receive_json()
                if message.get("type") == "pong" and message.get("id") == f"sentinel-{serial}":
                    break
                replies.append(message)
        except Exception as error:  # the socket was closed or the handler failed
            if getattr(error, "reason", "") == "signed out":
                # An earlier input signed this person out (or in again, which ends the old
                # session): the server closes its sockets on purpose, with a reason.
                self.tally.signed_out += 1
                return False
            self.tally.dropped += 1
            self.tally.failure(
                "dropped",
                f"{kind} {detail} {text[:200]!r}: {error!r} {getattr(error, 'reason', '')}",
            )
            return False
        if not replies:
            self.tally.unanswered += 1
            self.tally.failure("unanswered", f"{kind} {detail} {text[:200]!r}")
        refused = any(m.get("type") == "error" for m in replies)
        if base["type"] in ("action", "sync", "history", "ping"):
            accepted = not refused and any(m.get("type") == "event" for m in replies)
        else:  # a lifecycle request: its effect reaches every viewer, a refusal is an error
            accepted = not refused
        self.check(kind, accepted, f"{detail} {text[:100]!r}", scope, before)
        return True


def _difference(before: Any, after: Any) -> str:
    """What differs between two snapshots (the rows' tables, the counts, the live tables)."""
    rows_before, created_before, live_before, seeks_before = before
    rows_after, created_after, live_after, seeks_after = after
    parts = [
        f"{name}: {[r for r in rows if r not in dict(rows_before).get(name, [])]}"
        for name, rows in rows_after
        if rows != dict(rows_before).get(name)
    ]
    if created_before != created_after:
        parts.append(f"tables created {created_before} -> {created_after}")
    if live_before != live_after:
        parts.append(f"live {live_before} -> {live_after}")
    if seeks_before != seeks_after:
        parts.append(f"seeks {seeks_before} -> {seeks_after}")
    return "; ".join(parts)


def _notation_mutation(rng: random.Random, action: str) -> str:
    """A legal action's notation, damaged: numbers out of range, tokens lost or repeated,
    other games' words, unicode, odd spacing and case."""
    tokens = action.split()
    choice = rng.randrange(8)
    if choice == 0:
        digits = [i for i, c in enumerate(action) if c.isdigit()]
        if digits:
            i = rng.choice(digits)
            number = rng.choice(["-1", "99", "99999999999999999999", "0" * 50, "٣", "1e3"])
            return action[:i] + number + action[i + 1 :]
    if choice == 1 and tokens:
        del tokens[rng.randrange(len(tokens))]
        return " ".join(tokens)
    if choice == 2 and tokens:
        tokens.insert(rng.randrange(len(tokens) + 1), rng.choice(tokens))
        return " ".join(tokens)
    if choice == 3:
        words = ["add", "mark", "move", "pass", "place", "step", "jump", "write", "claim", "roll",
                 "take", "key", "T0,0", "1,1", "a1", "b2", "@", ",", "->", "-"]  # fmt: skip
        tokens.insert(rng.randrange(len(tokens) + 1), rng.choice(words))
        return " ".join(tokens)
    if choice == 4:
        return action.upper() if rng.random() < 0.5 else f"  {action}\t\n"
    if choice == 5:
        at = rng.randrange(len(action) + 1)
        return (
            action[:at]
            + rng.choice(["\u0000", "😀", "\u202e", "é", "\ud800", ",", " "])
            + action[at:]
        )
    if choice == 6:
        return action[: rng.randrange(len(action) + 1)]
    return action.replace(",", rng.choice([";", ",,", " ", ""]))


# ----- board and variant files ---------------------------------------------------------------


def file_inputs(rng: random.Random, count: int, tally: Tally, folder: Path) -> None:
    """Mutated Connect 5 board files and CO'NNN'ECT variant files through their loaders."""
    from connect_arena.games.connect5.boardfile import parse_board
    from connect_arena.games.connect5.boards import check
    from connect_arena.games.connnect.data import DATA_DIR, load_components

    boards_dir = Path(parse_board.__code__.co_filename).parent / "data" / "boards"
    boards = [path.read_text("utf-8") for path in sorted(boards_dir.glob("*.toml"))]
    variants = [
        (DATA_DIR / "sheet.toml").read_text("utf-8"),
        (DATA_DIR / "cards.toml").read_text("utf-8"),
    ]
    loaders: list[tuple[str, list[str], Callable[[str], object]]] = [
        ("board file", boards, lambda text: check(parse_board(text, "fuzz.toml"))),
        ("variant file", variants, lambda text: _load_variant(text, folder, load_components)),
    ]
    for _ in range(count):
        kind, texts, loader = rng.choice(loaders)
        text = _toml_mutation(rng, rng.choice(texts))
        tally.tried[kind] += 1
        try:
            loader(text)
        except GameError:
            tally.rejected[kind] += 1
        except Exception as error:
            tally.crashes += 1
            tally.failure(kind, f"{error!r} from {text[:300]!r}")
        else:
            tally.accepted[kind] += 1


def _load_variant(text: str, folder: Path, loader: Callable[[str], object]) -> object:
    path = folder / "variant.toml"
    path.write_text(text, "utf-8", errors="surrogatepass")
    return loader(str(path))


def _toml_mutation(rng: random.Random, text: str) -> str:
    lines = text.splitlines()
    for _ in range(rng.randint(1, 3)):
        if not lines:
            break
        i = rng.randrange(len(lines))
        choice = rng.randrange(6)
        if choice == 0:
            del lines[i]
        elif choice == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif choice == 2 and "=" in lines[i]:
            key = lines[i].split("=", 1)[0]
            value = rng.choice(
                ["-1", "0", "99999999999999999999", "1e308", '"é😀"', "[]", "{}", "true", '""',
                 "[[1, 2], [3]]", '"../../x"', "nan", "inf", '"\\u0000"', "[" * 50 + "]" * 50]
            )  # fmt: skip
            lines[i] = f"{key}= {value}"
        elif choice == 3:
            lines[i] = _text_mutation(rng, lines[i])
        elif choice == 4:
            lines = lines[:i]
        else:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


# ----- running ---------------------------------------------------------------------------------


def run(
    count: int = 10_000, seed: int = 1, seconds: float = 900.0, file_share: float = 0.1
) -> Tally:
    """Fuzz with about ``count`` inputs (HTTP bodies, frames, records; ``file_share`` of them
    board and variant files) within ``seconds``.

    Returns:
        The tally (``failed`` is 0 when every check held).
    """
    rng = random.Random(seed)
    tally = Tally()
    deadline = time.monotonic() + seconds
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            data_dir=Path(folder),
            computer_workers=0,
            computer_delay=0.0,
            argon2_time_cost=1,
            argon2_memory_kib=1024,
            secret_key="fuzz",
            hint_agent="mcts:easy",
            allowed_hosts=("testserver",),  # the test client's host name
            # The limits are tested on their own (tests/server/test_rate_limits.py); here they
            # would only turn most inputs into rate_limited refusals.
            replay_limit=(10**6, 1.0),
            login_limit=(10**6, 1.0),
            login_pair_limits=((10**6, 1.0),),
            login_account_limit=(10**6, 1.0),
            login_global_limit=(10**6, 1.0),
            signup_limit=(10**6, 1.0),
            ws_limit=(10**6, 1.0),
            ws_address_limit=(10**6, 1.0),
        )
        files = int(count * file_share)
        file_inputs(rng, files, tally, Path(folder))
        with TestClient(create_app(settings), raise_server_exceptions=False) as client:
            harness = Harness(client, rng, tally)
            sockets = _Sockets(harness)
            serial = 0
            while sum(tally.tried.values()) < count and time.monotonic() < deadline:
                serial += 1
                if rng.random() < 0.5:
                    harness.http_input()
                else:
                    person, table_id, socket = sockets.pick()
                    if not harness.frame_input(socket, person, table_id, serial):
                        sockets.reopen(person, table_id)
                    if harness.renew_running():  # resigned or aborted: play on a new one
                        for someone in sockets.people:
                            sockets.reopen(someone, harness.running)
            sockets.close()
    return tally


class _Sockets:
    """Open sockets: Alice (seated) and an anonymous spectator at each of the tables."""

    def __init__(self, harness: Harness) -> None:
        self.harness = harness
        self.open: dict[tuple[int, int], tuple[Any, Any]] = {}
        self.people = [harness.alice, harness.anonymous]
        for person in self.people:
            for table_id in harness.tables:
                self.reopen(person, table_id)

    def reopen(self, person: Person, table_id: int) -> None:
        if person.name is not None:  # signed out by a fuzzed input: sign in again
            session = person.request("GET", "/api/session").json()
            if session.get("user") is None:
                person.request(
                    "POST", "/api/login", json={"name": person.name, "password": "a long password"}
                )
        key = (id(person), table_id)
        old = self.open.pop(key, None)
        if old is not None:
            with contextlib.suppress(Exception):
                old[0].__exit__(None, None, None)
        manager = self.harness._socket(person, table_id)
        socket = manager.__enter__()
        first = socket.receive_json()  # the table (or an error: the table is gone)
        if first["type"] == "table" and first["table"]["status"] != "open":
            while socket.receive_json()["type"] != "state":
                pass
        if first["type"] == "error":  # abandoned: the server closed it
            with contextlib.suppress(Exception):
                manager.__exit__(None, None, None)
            return
        self.open[key] = (manager, socket)

    def pick(self) -> tuple[Person, int, Any]:
        rng = self.harness.rng
        person = rng.choice(self.people)
        table_id = rng.choice(self.harness.tables)
        while (id(person), table_id) not in self.open:  # the running table is always open
            person, table_id = rng.choice(self.people), self.harness.running
        return person, table_id, self.open[(id(person), table_id)][1]

    def close(self) -> None:
        for manager, _socket in self.open.values():
            with contextlib.suppress(Exception):
                manager.__exit__(None, None, None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=900.0)
    parser.add_argument("--file-share", type=float, default=0.1, help="share of file inputs")
    args = parser.parse_args()
    started = time.monotonic()
    tally = run(args.count, args.seed, args.seconds, args.file_share)
    print(f"fuzz, seed {args.seed}, {time.monotonic() - started:.0f} s")
    print(tally.report())
    sys.exit(1 if tally.failed else 0)


if __name__ == "__main__":
    main()
