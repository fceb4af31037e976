"""Failed sign-ins (issue 30, item 3): strangers cannot lock an owner out of a device that
signed in before (a signed "known device" cookie, as Lichess and GitHub do); one address's
failures for one account meet growing delays; a spray over many names and addresses meets a
limit; the per-address limit stays."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from fastapi.testclient import TestClient

from connect_arena.server import create_app
from tests.server.serverhelpers import Player, fast_settings

PASSWORD = "a long password"


@contextmanager
def address(client: TestClient, host: str) -> Iterator[None]:
    """Requests of ``client`` come from ``host`` meanwhile (the test client's transport)."""
    transport = client._transport
    before = transport.client
    transport.client = (host, 40000)
    try:
        yield
    finally:
        transport.client = before


def sign_in(client: TestClient, player: Player, name: str, password: str, host: str) -> int:
    with address(client, host):
        return player.post("/api/login", {"name": name, "password": password}).status_code


def test_strangers_cannot_lock_the_owner_out_of_a_known_device(client: TestClient) -> None:
    owner = Player(client).signup("alice")  # this browser is now a known device of alice's
    owner.post("/api/logout")
    for n in range(40):  # one failure each from forty fresh addresses
        assert sign_in(client, Player(client), "alice", f"guess {n}", f"10.1.0.{n}") in (401, 429)
    stranger = sign_in(client, Player(client), "alice", PASSWORD, "10.2.0.1")
    assert stranger == 429  # the account is closed to new devices for a while...
    assert sign_in(client, owner, "alice", PASSWORD, "10.3.0.1") == 200  # ...not to its own


def test_the_owner_can_change_the_password_while_strangers_fail(client: TestClient) -> None:
    owner = Player(client).signup("alice")
    for n in range(40):
        sign_in(client, Player(client), "alice", f"guess {n}", f"10.1.0.{n}")
    change = {"old_password": PASSWORD, "new_password": "another long password"}
    assert owner.post("/api/password", change).status_code == 200


def test_failures_for_one_account_from_one_address_meet_growing_delays(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path, login_pair_limits=((3, 0.5), (5, 600.0)))
    with TestClient(create_app(settings)) as client:
        Player(client).signup("bob")
        device = Player(client)
        codes = [sign_in(client, device, "bob", "wrong password", "10.4.0.1") for _ in range(4)]
        assert codes == [401, 401, 401, 429]
        with address(client, "10.4.0.1"):
            first = device.post("/api/login", {"name": "bob", "password": "x" * 9})
        assert int(first.headers["retry-after"]) == 1
        time.sleep(0.6)  # the first delay passes; the next one is longer
        codes = [sign_in(client, device, "bob", "wrong password", "10.4.0.1") for _ in range(3)]
        assert codes == [401, 401, 429]
        with address(client, "10.4.0.1"):
            second = device.post("/api/login", {"name": "bob", "password": "x" * 9})
        assert int(second.headers["retry-after"]) > 500
        # Another address is not held back by this one's delays.
        assert sign_in(client, Player(client), "bob", PASSWORD, "10.4.0.2") == 200


def test_a_spray_over_many_names_and_addresses_meets_a_limit(client: TestClient) -> None:
    names = [f"member{i}" for i in range(14)]
    members = [Player(client).signup(name) for name in names]
    for member in members:
        member.post("/api/logout")
    codes = []
    for attempt in range(3):  # 14 names x 3 passwords, each from its own address
        for n, name in enumerate(names):
            host = f"10.5.{attempt}.{n}"
            codes.append(sign_in(client, Player(client), name, f"spring{attempt}!", host))
    assert 429 in codes
    assert codes.count(401) <= 30  # the site-wide limit of failures from unknown devices
    # The members themselves still sign in from their own devices.
    assert sign_in(client, members[0], "member0", PASSWORD, "10.7.0.1") == 200


def test_the_per_address_limit_stays(tmp_path: Path) -> None:
    with TestClient(create_app(fast_settings(tmp_path, login_limit=(4, 60.0)))) as client:
        player = Player(client)
        codes = [
            sign_in(client, player, f"name{n}", "wrong password", "10.6.0.1") for n in range(5)
        ]
        assert codes == [401, 401, 401, 401, 429]


def test_password_changes_refused_before_the_check_do_not_count(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path, login_pair_limits=((2, 600.0),))
    with TestClient(create_app(settings)) as client:
        owner = Player(client).signup("alice")
        weak = {"old_password": PASSWORD, "new_password": "12345678"}
        assert [owner.post("/api/password", weak).status_code for _ in range(4)] == [400] * 4
        wrong = {"old_password": "not the password", "new_password": "another long password"}
        codes = [owner.post("/api/password", wrong).status_code for _ in range(3)]
        assert codes == [401, 401, 429]  # wrong old passwords do
