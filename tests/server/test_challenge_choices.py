"""The challenge dialog's choices reach the table (issue 27.14): the game's rule options, the
challenger's colour (seat), or a colour drawn when the challenge is accepted."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from tests.server.serverhelpers import Player

QUICK = {"parachutes": 2, "tiles": 1, "first_player": "0"}


def accepted_table(client: TestClient, body: dict[str, object]) -> dict[str, object]:
    """Alice challenges bob with ``body``; bob accepts; the table."""
    alice, bob = Player(client), Player(client)
    alice.post("/api/login", {"name": "alice", "password": "a long password"})
    bob.post("/api/login", {"name": "bob", "password": "a long password"})
    made = alice.post("/api/challenge/bob", body)
    assert made.status_code == 201, made.text
    challenge = made.json()["challenge"]
    accepted = bob.post(f"/api/challenge/{challenge['id']}/accept")
    assert accepted.status_code == 200, accepted.text
    table: dict[str, object] = alice.get(f"/api/tables/{accepted.json()['table_id']}").json()[
        "table"
    ]
    return table


def names(table: dict[str, object]) -> list[str]:
    return [seat["name"] for seat in table["seats"]]  # type: ignore[attr-defined,index]


def test_options_and_the_chosen_colour_are_honoured(client: TestClient) -> None:
    Player(client).signup("alice"), Player(client).signup("bob")
    body = {
        "game": "quinque",
        "options": {**QUICK, "advanced": True},
        "seats": [{"kind": "open"}, {"kind": "me"}],  # alice plays Blue
    }
    table = accepted_table(client, body)
    assert names(table) == ["bob", "alice"]
    assert table["options"]["advanced"] is True  # type: ignore[index]


def test_a_random_colour_is_drawn_on_acceptance(client: TestClient) -> None:
    Player(client).signup("alice"), Player(client).signup("bob")
    challenges = client.app.state.arena.service.challenges  # type: ignore[attr-defined]
    challenges.rng = random.Random(3)
    body = {
        "game": "quinque",
        "options": QUICK,
        "seats": [{"kind": "me"}, {"kind": "open"}],
        "random_seat": True,
    }
    seen = {tuple(names(accepted_table(client, body))) for _ in range(8)}
    assert seen == {("alice", "bob"), ("bob", "alice")}
