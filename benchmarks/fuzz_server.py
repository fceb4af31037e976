"""Fuzz the web server (issue 13): every HTTP body, every WebSocket frame type, records, and the
board and variant files, from a seeded generator.

The app runs in-process (Starlette's ``TestClient``, loopback only, a fresh SQLite database in a
temporary directory). Valid inputs are mutated: values of the wrong type, huge numbers, unicode
(lone surrogates, NUL, emoji, right-to-left), long strings, truncated or corrupted JSON text,
deep nesting, extra and missing keys. After each input the harness checks:

* no HTTP answer is a 5xx;
* a WebSocket frame is answered (an ``error``, ``pong``, ``history``, ``state`` or ``event``
  message) and the socket stays open (a ``ping`` sentinel follows each frame);
* nothing changed (the users and tables counted in the database, and the status, seq and seats
  of the harness's own tables) unless the input was accepted (a 2xx ``POST``, or an action
  answered with its event).

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
import string
import sys
import tempfile
import time
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
from sqlalchemy import func, select  # noqa: E402

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
from connect_arena.server.db.models import TableRow, UserRow  # noqa: E402

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
            f"sockets dropped: {self.dropped}; frames unanswered: {self.unanswered}",
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
    """A cookie jar and CSRF token (``None``: anonymous)."""

    def __init__(self, client: TestClient, name: str | None) -> None:
        self.client = client
        self.cookies = httpx.Cookies()
        self.csrf = ""
        self.name = name
        self.request("GET", "/api/session")
        if name is not None:
            answer = self.request(
                "POST", "/api/signup", json={"name": name, "password": "a long password"}
            )
            assert answer.status_code == 200, answer.text

    def request(self, method: str, path: str, keep: bool = True, **kwargs: Any) -> httpx.Response:
        self.client.cookies = self.cookies
        headers = {"x-csrf-token": self.csrf, **kwargs.pop("headers", {})}
        response = self.client.request(method, path, headers=headers, **kwargs)
        if keep:
            self.cookies = httpx.Cookies(self.client.cookies)
            if "json" in response.headers.get("content-type", ""):
                body = response.json()
                if isinstance(body, dict) and "csrf" in body:
                    self.csrf = body["csrf"]
        return response


class Harness:
    """The app, its people and tables, and the checks."""

    def __init__(self, client: TestClient, rng: random.Random, tally: Tally) -> None:
        self.client = client
        self.rng = rng
        self.tally = tally
        self.alice = Person(client, "alice")
        self.bob = Person(client, "bob")
        self.anonymous = Person(client, None)
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
        self.baseline = self.snapshot()

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
    def snapshot(self) -> tuple[Any, ...]:
        arena = self.client.app.state.arena  # type: ignore[attr-defined]
        with arena.storage.engine.connect() as connection:
            users = connection.scalar(select(func.count()).select_from(UserRow))
            tables = connection.scalar(select(func.count()).select_from(TableRow))
        service = arena.service
        mine = []
        for table_id in self.tables:
            table = service.tables.get(table_id) or service.finished.get(table_id)
            if table is not None:
                mine.append((table_id, table.info.status.value, table.seq, tuple(table.info.seats)))
        return users, tables, tuple(mine)

    def check(self, kind: str, accepted: bool, detail: str) -> None:
        (self.tally.accepted if accepted else self.tally.rejected)[kind] += 1
        after = self.snapshot()
        if not accepted and after != self.baseline:
            self.tally.changed += 1
            self.tally.failure("changed", f"{kind} {detail}: {self.baseline} -> {after}")
        self.baseline = after

    # ----- HTTP -------------------------------------------------------------------------------
    def http_input(self) -> None:
        rng = self.rng
        person = rng.choice([self.alice, self.bob, self.anonymous])
        table = rng.choice([*self.tables, 0, 10**30, -1])
        record = rng.choice(self.records)
        endpoints: list[tuple[str, str, Any]] = [
            ("POST", "/api/signup", {"name": f"user{rng.randrange(10**6)}", "password": "pw" * 5}),
            ("POST", "/api/login", {"name": "alice", "password": "a long password"}),
            ("POST", "/api/guest", {}),
            ("POST", "/api/logout", {}),
            (
                "POST",
                "/api/tables",
                {"game": "quinque", "options": QUICK, "seats": [{"kind": "me"}, {"kind": "open"}]},
            ),
            ("POST", f"/api/tables/{table}/join", {"seat": 1}),
            ("POST", f"/api/tables/{table}/leave", {"seat": 0}),
            ("POST", f"/api/tables/{table}/hint", {"seat": 0}),
            ("POST", "/api/replay", {"record": record}),
            ("POST", f"/api/replay?from={rng.randrange(70)}&to={rng.randrange(99)}", {"record": 1}),
        ]  # fmt: skip
        method, path, base = rng.choice(endpoints)
        if base == {"record": 1}:
            base = {"record": record}
        if rng.random() < 0.1:  # a GET with a mutated path or query
            method = "GET"
            weird = rng.choice(["", "x", "-1", "1e3", "99999999999999999999", "%00", "é", "0x1f"])
            path = rng.choice(
                [
                    f"/api/tables/{weird}",
                    f"/api/tables/{table}/replay?from={weird}&to={weird}",
                    f"/api/tables/{weird}/record",
                    f"/api/tables/{weird}/game",
                    "/api/lobby",
                    "/api/games",
                    f"/tables/{weird}",
                ]
            )
            text, detail = "", "GET"
        else:
            text, detail = mutate(rng, base)
        kind = "http " + ("GET" if method == "GET" else path.split("?")[0].split("/")[-1])
        self.tally.tried[kind] += 1
        headers = {"content-type": "application/json"}
        if rng.random() < 0.03:
            headers["x-csrf-token"] = "wrong"
        content = text.encode("utf-8", "surrogatepass") if method == "POST" else None
        response = person.request(method, path, keep=False, content=content, headers=headers)
        if response.status_code >= 500:
            self.tally.server_errors += 1
            self.tally.failure("5xx", f"{method} {path} {detail} -> {response.text}")
        accepted = method == "POST" and 200 <= response.status_code < 300
        if path.startswith("/api/replay"):
            accepted = False  # never changes anything
        self.check(kind, accepted, f"{method} {path} {detail}")

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
            self.tally.dropped += 1
            self.tally.failure("dropped", f"{kind} {detail} {text[:200]!r}: {error!r}")
            return False
        if not replies:
            self.tally.unanswered += 1
            self.tally.failure("unanswered", f"{kind} {detail} {text[:200]!r}")
        accepted = any(m.get("type") == "event" for m in replies) and not any(
            m.get("type") == "error" for m in replies
        )
        self.check(kind, accepted, f"{detail} {text[:100]!r}")
        return True


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
