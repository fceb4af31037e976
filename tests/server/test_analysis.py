"""Fair play and "analyse this game" (issue 16, part 7): no analysis while a game runs; a
finished game's replay gets the engine's evaluation at each position."""

from __future__ import annotations

from fastapi.testclient import TestClient
from pydantic import TypeAdapter

from connect_arena.service.analysis import positions_of
from connect_arena.service.protocol import GameAnalysis
from tests.server.serverhelpers import Player, wait_for_status


def test_analysis_waits_for_the_end_then_weighs_every_move(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    table = alice.create_table(["computer", "computer"])
    refused = alice.get(f"/api/tables/{table['id']}/analysis")
    if refused.status_code != 200:  # still running: fair play
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "not_allowed"
    wait_for_status(alice, table["id"], "finished")
    body = alice.get(f"/api/tables/{table['id']}/analysis").json()
    TypeAdapter(GameAnalysis).validate_python(body)  # the protocol's type, no key extra
    record = alice.get(f"/api/tables/{table['id']}/record").json()
    moves = [a if isinstance(a, str) else a["action"] for a in record["actions"]]
    assert body["table_id"] == table["id"] and body["agent"] == "mcts:300"
    assert body["positions"] and not body["sampled"]
    for position in body["positions"]:
        assert position["played"] == moves[position["seq"] - 1]
        assert -1.0 <= position["value"] <= 1.0
        assert position["rank"] is None or 1 <= position["rank"] <= 5
        assert position["best"]
    # Cached: the same answer at once.
    assert alice.get(f"/api/tables/{table['id']}/analysis").json() == body


def test_a_running_game_is_not_analysed(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    bob = Player(client).signup("bob")
    table_id = alice.create_table(["me", "open"])["id"]
    assert bob.post(f"/api/tables/{table_id}/join", {"seat": 1}).status_code == 200
    refused = bob.get(f"/api/tables/{table_id}/analysis")
    assert refused.status_code == 400 and "fair play" in refused.json()["error"]["message"]


def test_long_games_are_sampled_evenly() -> None:
    assert positions_of(list(range(10)), 20) == list(range(10))
    picked = positions_of(list(range(1000)), 120)
    assert len(picked) == 120 and picked[0] == 0 and picked[-1] == 999
