"""Passwords per NIST SP 800-63B (issue 30, item 5): Unicode NFKC, no control characters, at
least 8 real characters, none of the common or easily guessed ones (``zxcvbn``); a refusal
says why with its own code (the page words it in five languages) and changes nothing."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from connect_arena.server.auth import check_password, normalize_password
from tests.server.serverhelpers import Player

REFUSED = [
    ("password", "password_common"),
    ("12345678", "password_common"),
    ("qwertyuiop", "password_common"),
    ("alice2024", "password_common"),  # the account's own name
    (" " * 8, "password_too_short"),
    ("abc  def", "password_too_short"),  # seven real characters
    ("\u200b" * 8, "password_control"),  # zero-width spaces
    ("a long pass\x00word", "password_control"),
    ("a long\npassword", "password_control"),
    ("a long \u202epassword", "password_control"),  # right-to-left override
    ("x" * 257, "password_too_long"),
]


@pytest.mark.parametrize(("password", "code"), REFUSED)
def test_a_refused_password_says_why(password: str, code: str) -> None:
    problem = check_password(normalize_password(password), "alice")
    assert problem is not None and problem[0] == code


@pytest.mark.parametrize("password", ["a long password", "staple battery horse", "Tr0ub4dor&3x"])
def test_good_passwords_pass(password: str) -> None:
    assert check_password(normalize_password(password), "alice") is None


def test_passwords_are_compared_after_nfkc() -> None:
    assert normalize_password("ｆｕｌｌ ｗｉｄｔｈ ｐｗ") == "full width pw"
    assert normalize_password("caf\u0065\u0301 au lait") == "caf\u00e9 au lait"


@pytest.mark.parametrize(("password", "code"), REFUSED[:8])
def test_sign_up_refuses_with_the_reason_and_creates_nothing(
    client: TestClient, password: str, code: str
) -> None:
    player = Player(client)
    answer = player.post("/api/signup", {"name": "alice", "password": password})
    assert answer.status_code == 400 and answer.json()["error"]["code"] == code
    assert Player(client).get("/api/users/alice").status_code == 404


def test_a_password_change_and_an_upgrade_refuse_common_passwords(client: TestClient) -> None:
    owner = Player(client).signup("alice")
    change = owner.post(
        "/api/password", {"old_password": "a long password", "new_password": "12345678"}
    )
    assert change.status_code == 400 and change.json()["error"]["code"] == "password_common"
    assert owner.post("/api/logout").status_code == 200
    again = owner.post("/api/login", {"name": "alice", "password": "a long password"})
    assert again.status_code == 200  # unchanged
    guest = Player(client)
    guest.post("/api/guest")
    upgrade = guest.post("/api/upgrade", {"name": "gina", "password": "password1"})
    assert upgrade.status_code == 400 and upgrade.json()["error"]["code"] == "password_common"


def test_a_password_signs_in_in_any_unicode_form(client: TestClient) -> None:
    Player(client).signup("alice", "ｆｕｌｌ ｗｉｄｔｈ ｐａｓｓ")
    answer = Player(client).post("/api/login", {"name": "alice", "password": "full width pass"})
    assert answer.status_code == 200


def test_the_hashing_cost_is_set_by_the_environment() -> None:
    from argon2 import extract_parameters

    from connect_arena.server.auth import Passwords
    from connect_arena.server.config import Settings

    default = Settings.from_env({})
    assert (default.argon2_time_cost, default.argon2_memory_kib) == (3, 65536)
    env = {"CONNECT_ARENA_ARGON2_TIME_COST": "2", "CONNECT_ARENA_ARGON2_MEMORY_KIB": "4096"}
    settings = Settings.from_env(env)
    assert (settings.argon2_time_cost, settings.argon2_memory_kib) == (2, 4096)
    hashed = Passwords(settings.argon2_time_cost, settings.argon2_memory_kib).hasher.hash("pw")
    parameters = extract_parameters(hashed)
    assert (parameters.time_cost, parameters.memory_cost) == (2, 4096)


@pytest.mark.parametrize(
    ("name", "value"),
    [("TIME_COST", "0"), ("TIME_COST", "-1"), ("MEMORY_KIB", "16"), ("MEMORY_KIB", "lots")],
)
def test_a_hashing_cost_argon2_refuses_is_a_clear_error(name: str, value: str) -> None:
    from connect_arena.server.config import Settings

    with pytest.raises(ValueError, match="argon2"):
        Settings.from_env({f"CONNECT_ARENA_ARGON2_{name}": value})
