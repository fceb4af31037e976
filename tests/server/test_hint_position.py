"""Issue 15, defect 2: CO'NNN'ECT hints vanished when another seat chose during the search (a
computer writing its numbers at the start of a simultaneous phase): the page dropped every hint
whose ``seq`` was not the page's. The hint now names the position it answers for — the seat's
legal actions there (``legal``) — and that position is unchanged by the other seats' hidden
choices, so the page keeps the hint while the seat's actions are those (``static/js/hints.js``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from connect_arena.server import create_app
from tests.server.serverhelpers import Player, TestClient, fast_settings, receive_until


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(fast_settings(tmp_path, hint_agent="mcts:40"))) as test_client:
        yield test_client


def legal_of(player: Player, table_id: int, seat: int) -> tuple[int, list[str]]:
    with player.connect(table_id) as socket:
        state: dict[str, Any] = receive_until(socket, "state")
    return state["seq"], sorted(state["legal_actions"][str(seat)])


def test_a_hint_names_its_position_and_other_seats_choices_keep_it(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    bob = Player(client).signup("bob")
    table_id = alice.create_table(
        ["me", "open"], options={}, game="connnect", settings={"hints": "allowed"}
    )["id"]
    assert bob.post(f"/api/tables/{table_id}/join", {"seat": 1}).status_code == 200
    seq, legal = legal_of(alice, table_id, 0)

    answer = alice.post(f"/api/tables/{table_id}/hint", {"seat": 0})
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    assert hint["seq"] == seq and hint["legal"] == legal
    assert {line["action"] for line in hint["lines"]} <= set(legal)

    # Bob writes a setup number (hidden from alice): the seq moves on, alice's position not.
    with bob.connect(table_id) as socket:
        state = receive_until(socket, "state")
        choice = state["legal_actions"]["1"][0]
        socket.send_json({"type": "action", "seq": state["seq"] + 1, "action": choice})
        receive_until(socket, "event", seq=state["seq"] + 1)
    later, still = legal_of(alice, table_id, 0)
    assert later == seq + 1 and still == hint["legal"]
    # A hint asked now answers for the same position, found the same way.
    again = alice.post(f"/api/tables/{table_id}/hint", {"seat": 0}).json()
    assert again["seq"] == seq + 1 and again["legal"] == hint["legal"]

    # Alice's own write changes her position: its legal actions differ from the hint's.
    with alice.connect(table_id) as socket:
        state = receive_until(socket, "state")
        socket.send_json({"type": "action", "seq": state["seq"] + 1, "action": legal[0]})
        after = receive_until(socket, "event", seq=state["seq"] + 1)["state"]
    assert sorted(after["legal_actions"]["0"]) != hint["legal"]
