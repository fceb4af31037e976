"""The HTTP API: accounts, sessions, CSRF, limits, games, tables, records and replays."""

from __future__ import annotations

import json
import random
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient

from connect_arena.agents import make_agent
from connect_arena.agents.playout import play_game
from connect_arena.core import OptionSpec, load, record_of, register, unregister
from connect_arena.server import create_app
from connect_arena.server.db import make_engine, run_migrations
from connect_arena.server.db.models import Base
from tests.server.serverhelpers import QUICK, Player, fast_settings, wait_for_status
from toygames import Pig


def test_sign_up_sign_in_sign_out(client: TestClient) -> None:
    alice = Player(client)
    assert alice.user is None and alice.csrf
    alice.signup("Alice")
    assert alice.user == {
        "id": 1,
        "name": "Alice",
        "guest": False,
        "bot": False,
        "moderator": False,
    }
    cookie = client.cookies.jar
    assert any(c.name == "arena_session" for c in cookie)
    assert alice.post("/api/logout").json()["user"] is None
    assert alice.get("/api/session").json()["user"] is None
    wrong = alice.post("/api/login", {"name": "alice", "password": "not the password"})
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "bad_credentials"
    right = alice.post("/api/login", {"name": "alice", "password": "a long password"})
    assert right.status_code == 200 and right.json()["user"]["name"] == "Alice"


def test_session_cookie_is_http_only_and_same_site(client: TestClient) -> None:
    response = client.get("/api/session")
    header = response.headers["set-cookie"].lower()
    assert "httponly" in header and "samesite=lax" in header


def test_bad_names_passwords_and_taken_names(client: TestClient) -> None:
    player = Player(client)
    for name, password, words in [
        ("al", "a long password", "3 to 20"),
        ("<script>", "a long password", "3 to 20"),
        ("guest-me", "a long password", "kept for guests"),
        ("bob", "short", "at least 8"),
    ]:
        response = player.post("/api/signup", {"name": name, "password": password})
        assert response.status_code == 400 and words in response.json()["error"]["message"]
    player.signup("bob")
    again = Player(client).post("/api/signup", {"name": "BOB", "password": "a long password"})
    assert again.status_code == 409 and again.json()["error"]["code"] == "name_taken"


def test_guests_get_a_generated_name(client: TestClient) -> None:
    guest = Player(client)
    body = guest.post("/api/guest").json()
    assert body["user"]["guest"] and body["user"]["name"].startswith("Guest-")


def test_state_changing_requests_need_the_csrf_token(client: TestClient) -> None:
    player = Player(client)
    player.csrf = "forged"
    response = player.post("/api/signup", {"name": "mallory", "password": "a long password"})
    assert response.status_code == 403 and response.json()["error"]["code"] == "csrf"
    client.cookies.clear()
    assert client.post("/api/guest").status_code == 403


def test_login_is_rate_limited(tmp_path: Path) -> None:
    app = create_app(fast_settings(tmp_path, login_limit=(3, 60.0)))
    with TestClient(app) as client:
        player = Player(client).signup("carol")
        attempt = {"name": "carol", "password": "wrong password"}
        codes = [player.post("/api/login", attempt).status_code for _ in range(4)]
        assert codes == [401, 401, 401, 429]
        blocked = player.post("/api/login", {"name": "carol", "password": "a long password"})
        assert blocked.status_code == 429 and int(blocked.headers["retry-after"]) > 0


def test_successful_sign_ins_do_not_count_against_the_address(tmp_path: Path) -> None:
    """Issue 32, item 5: ten people behind one address sign in correctly; the eleventh too."""
    app = create_app(fast_settings(tmp_path, login_limit=(3, 60.0)))
    with TestClient(app) as client:
        people = [Player(client).signup(f"person{i}") for i in range(5)]
        for person in people * 2:
            answer = person.post(
                "/api/login", {"name": person.user["name"], "password": "a long password"}
            )  # type: ignore[index]
            assert answer.status_code == 200, answer.text
        failures = [
            people[0].post("/api/login", {"name": "nobody", "password": "x" * 8}) for _ in range(4)
        ]
        assert [f.status_code for f in failures] == [401, 401, 401, 429]  # failures still do


def test_an_unknown_name_costs_a_password_check_too(client: TestClient) -> None:
    """Issue 30, item 4: an unknown name is checked against a dummy hash, so the answer takes
    as long as for a known name with a wrong password."""
    arena = client.app.state.arena  # type: ignore[attr-defined]
    checked: list[str | None] = []
    verify = arena.passwords.verify

    async def counting(encoded: str | None, password: str) -> bool:
        checked.append(encoded)
        return bool(await verify(encoded, password))

    arena.passwords.verify = counting
    player = Player(client).signup("dora")
    for name in ("dora", "nobody-at-all"):
        answer = player.post("/api/login", {"name": name, "password": "wrong password"})
        assert answer.status_code == 401
    assert len(checked) == 2 and checked[1] is None  # the unknown name was verified too


def test_request_bodies_are_limited(client: TestClient) -> None:
    player = Player(client)
    huge = {"name": "x" * (2 << 20), "password": "a long password"}
    response = player.post("/api/signup", huge)
    assert response.status_code == 413 and response.json()["error"]["code"] == "too_large"


def test_pages_and_security_headers(client: TestClient) -> None:
    for path in ("/", "/tables/3", "/replay", "/tables/3/replay", "/static/app.css"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert "default-src 'self'" in response.headers["content-security-policy"]
        assert response.headers["x-frame-options"] == "DENY"


def test_games_list_options_but_not_free_text_ones(client: TestClient) -> None:
    body = client.get("/api/games").json()
    games = {game["name"]: game for game in body["games"]}
    quinque = games["quinque"]
    assert quinque["player_counts"] == [2] and quinque["seat_names"] == ["Red", "Blue"]
    assert {"advanced", "parachutes", "tiles"} <= {o["name"] for o in quinque["options"]}
    assert "random" in body["agents"]
    for game in games.values():
        for option in game["options"]:
            assert option["type"] != "str" or option["choices"], (game["name"], option)


def test_games_give_each_computer_levels_time_cap(client: TestClient) -> None:
    """The seat menus show "thinks up to 1 s": the cap comes with each game (issue 24)."""
    from connect_arena.agents.knowledge import level_settings

    games = {game["name"]: game for game in client.get("/api/games").json()["games"]}
    for name in ("quinque", "connect5", "connnect", "pairs"):
        caps = games[name]["agent_time_caps"]
        assert caps == {
            f"mcts:{level}": level_settings(name, level).seconds
            for level in ("easy", "normal", "hard")
        }


def test_tables_seats_and_the_lobby(client: TestClient) -> None:
    alice, bob = Player(client).signup("alice"), Player(client).signup("bob")
    assert Player(client).post("/api/tables", {"game": "quinque", "seats": []}).status_code in (
        401,
        422,
    )
    bad = alice.post("/api/tables", {"game": "chess", "seats": [{"kind": "me"}]})
    assert bad.status_code == 400 and "unknown game" in bad.json()["error"]["message"]
    table = alice.create_table(["me", "open"])
    assert table["status"] == "open" and table["seats"][0]["name"] == "alice"
    lobby = bob.get("/api/lobby").json()
    assert [t["id"] for t in lobby["tables"]] == [table["id"]]
    assert bob.post(f"/api/tables/{table['id']}/join", {"seat": 0}).status_code == 409
    joined = bob.post(f"/api/tables/{table['id']}/join", {"seat": 1})
    assert joined.json()["table"]["status"] == "running"
    left = bob.post(f"/api/tables/{table['id']}/leave", {"seat": 1})
    assert left.status_code == 409 and left.json()["error"]["code"] == "not_running"
    assert bob.get(f"/api/tables/{table['id']}").json()["you"] == [1]
    assert bob.get("/api/tables/999").status_code == 404


def test_the_lobby_is_paged_open_tables_first(client: TestClient) -> None:
    alice, bob = Player(client).signup("alice"), Player(client).signup("bob")
    ids = [alice.create_table(["me", "open"])["id"] for _ in range(5)]
    for table_id in ids[:2]:  # the two oldest start running
        assert bob.post(f"/api/tables/{table_id}/join", {"seat": 1}).status_code == 200
    first = bob.get("/api/lobby?per_page=2").json()
    assert [t["id"] for t in first["tables"]] == [ids[4], ids[3]]
    assert (first["page"], first["per_page"], first["total"]) == (1, 2, 5)
    second = bob.get("/api/lobby?page=2&per_page=2").json()
    assert [t["id"] for t in second["tables"]] == [ids[2], ids[1]]
    assert [t["status"] for t in second["tables"]] == ["open", "running"]
    assert [t["id"] for t in bob.get("/api/lobby?page=3&per_page=2").json()["tables"]] == [ids[0]]
    assert bob.get("/api/lobby?page=4&per_page=2").json()["tables"] == []
    for bad in ("page=0", "per_page=0", "per_page=101", "page=x"):
        assert bob.get(f"/api/lobby?{bad}").status_code == 422, bad


class FilePig(Pig):
    """A game with a free-text option naming a file."""

    name = "toy-file-pig"
    option_specs = (*Pig.option_specs, OptionSpec("data", "builtin", "a data file to load"))


def test_free_text_options_cannot_be_set(client: TestClient) -> None:
    register(FilePig.name, FilePig)
    try:
        alice = Player(client).signup("alice")
        games = {game["name"]: game for game in client.get("/api/games").json()["games"]}
        assert [o["name"] for o in games["toy-file-pig"]["options"]] == ["target"]
        body = {"game": "toy-file-pig", "seats": [{"kind": "me"}, {"kind": "open"}]}
        refused = alice.post("/api/tables", {**body, "options": {"data": "/etc/passwd"}})
        assert refused.status_code == 400 and "'data'" in refused.json()["error"]["message"]
        assert alice.post("/api/tables", body).status_code == 201
    finally:
        unregister(FilePig.name)


def test_bad_option_values_are_refused(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    body = {"game": "quinque", "options": {"advanced": "maybe"}, "seats": [{"kind": "me"}] * 2}
    response = alice.post("/api/tables", body)  # a string for a bool: a wrong JSON type
    assert response.status_code == 422 and "advanced" in response.json()["error"]["message"]
    body["options"] = {"parachutes": 500}  # the right type, out of range
    response = alice.post("/api/tables", body)
    assert response.status_code == 400 and "parachutes" in response.json()["error"]["message"]


def test_record_download_and_replay_frames(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    table = alice.create_table(["computer", "computer"])
    wait_for_status(alice, table["id"], "finished")
    record = alice.get(f"/api/tables/{table['id']}/record")
    assert record.status_code == 200
    assert "attachment" in record.headers["content-disposition"]
    data = json.loads(record.text)
    assert data["format"] == "connect-arena/record@1" and len(data["actions"]) == 4
    summary = alice.get(f"/api/tables/{table['id']}/replay").json()
    assert summary["positions"] == 5 and len(summary["events"]) == 4
    frames = alice.get(f"/api/tables/{table['id']}/replay?from=0&to=4").json()["frames"]
    assert len(frames) == 5 and frames[-1]["terminal"]
    assert summary["frames"] == [frames[0], frames[-1]]
    uploaded = alice.post("/api/replay?from=0&to=4", {"record": data}).json()
    assert uploaded["frames"] == frames
    data["actions"][2] = "mark 7,7"
    broken = alice.post("/api/replay", {"record": data})
    assert broken.status_code == 400 and "action 2" in broken.json()["error"]["message"]
    finished = alice.get("/api/lobby").json()["finished"]
    assert finished[0]["id"] == table["id"] and finished[0]["returns"] == [0.0, 0.0]


def test_records_of_games_not_started_are_refused(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    table = alice.create_table(["me", "open"], QUICK)
    assert alice.get(f"/api/tables/{table['id']}/record").status_code == 409
    assert alice.get(f"/api/tables/{table['id']}/replay").status_code == 409


def test_migrations_create_the_models_schema(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'schema.sqlite3'}")
    run_migrations(engine)
    run_migrations(engine)  # idempotent
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert differences == []


def test_suggested_values_of_an_open_option_can_be_chosen_and_nothing_else(
    client: TestClient,
) -> None:
    """Connect 5's board accepts a file path on the command line, but the web offers and
    accepts only the shipped boards (issue 8: board choice at table creation)."""
    alice = Player(client).signup("alice")
    games = {game["name"]: game for game in client.get("/api/games").json()["games"]}
    board = next(o for o in games["connect5"]["options"] if o["name"] == "board")
    assert board["choices"] == ["basic", "advanced", "t1"]
    body = {"game": "connect5", "seats": [{"kind": "me"}, {"kind": "open"}]}
    made = alice.post("/api/tables", {**body, "options": {"board": "advanced"}})
    assert made.status_code == 201
    assert made.json()["table"]["options"]["board"] == "advanced"
    refused = alice.post("/api/tables", {**body, "options": {"board": "/etc/passwd.toml"}})
    assert refused.status_code == 400
    assert "must be one of: basic, advanced, t1" in refused.json()["error"]["message"]


def test_uploaded_records_cannot_make_the_server_read_files(client: TestClient) -> None:
    """An uploaded record's options are checked like a new table's (security review #1)."""
    alice = Player(client).signup("alice")
    record = {
        "format": "connect-arena/record@1",
        "game": "connnect",
        "players": ["a", "b"],
        "actions": [],
        "options": {"data": "/etc/passwd"},
    }
    refused = alice.post("/api/replay", {"record": record})
    assert refused.status_code == 400
    assert "'data' cannot be set here" in refused.json()["error"]["message"]
    record.update(game="connect5", options={"board": "../../../../etc/x.toml"})
    refused = alice.post("/api/replay", {"record": record})
    assert refused.status_code == 400
    assert "must be one of: basic, advanced, t1" in refused.json()["error"]["message"]
    record.update(options={"board": "t1"})
    assert alice.post("/api/replay", {"record": record}).status_code == 200


def test_the_record_of_a_running_game_keeps_the_seed_secret(client: TestClient) -> None:
    """The seed predicts every chance outcome still to come (security review #2)."""
    alice, bob = Player(client).signup("alice"), Player(client).signup("bob")
    table = alice.create_table(["me", "open"])
    bob.post(f"/api/tables/{table['id']}/join", {"seat": 1})
    running = alice.get(f"/api/tables/{table['id']}/record").json()
    assert running["meta"]["status"] == "running"
    assert "seed" not in running["meta"]


def test_a_downloaded_connnect_record_replays_by_upload(client: TestClient) -> None:
    """Records written by the server name every option, CO'NNN'ECT's ``data=reconstructed``
    included: an option at its default is accepted, only another value is refused."""
    alice = Player(client).signup("alice")
    state = load("connnect", 1).new_initial_state()
    play_game(state, [make_agent("random", 1)], random.Random(2), max_actions=60)
    record = json.loads(record_of(state, ["alice"]).to_json())
    assert record["options"]["data"] == "reconstructed"
    answer = alice.post("/api/replay", {"record": record})
    assert answer.status_code == 200, answer.text
    assert answer.json()["positions"] == len(record["actions"]) + 1


def test_every_answer_has_the_security_headers_errors_included(tmp_path: Path) -> None:
    """Issue 31, item 2 and issue 32, item 6: a 500 and a refused host carry the same headers
    as every other answer, a failure leaves the connection usable, and API answers are not
    stored by caches unless they say otherwise."""
    app = create_app(fast_settings(tmp_path))

    async def boom() -> None:
        raise RuntimeError("a bug")

    app.add_api_route("/api/boom", boom)
    with TestClient(app) as client:
        failed = client.get("/api/boom")
        assert failed.status_code == 500 and failed.json()["error"]["code"] == "internal"
        bad_host = client.get("/api/session", headers={"host": "evil.example"})
        assert bad_host.status_code == 400
        for answer in (failed, bad_host):
            assert "default-src 'self'" in answer.headers["content-security-policy"]
            assert answer.headers["x-frame-options"] == "DENY"
            assert answer.headers["x-content-type-options"] == "nosniff"
        session = client.get("/api/session")  # the same client goes on after the failure
        assert session.status_code == 200
        assert session.headers["cache-control"] == "no-store"  # it carries the CSRF token
        assert client.get("/static/app.css").headers["cache-control"] != "no-store"
