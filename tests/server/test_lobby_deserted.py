"""Issue 27 polish: the lobby (and the landing page) no longer lists a waiting table whose
only person left it long ago (a guest who closed the tab); it stays reachable by its link."""

from __future__ import annotations

from datetime import timedelta

from fastapi.testclient import TestClient

from connect_arena.service.lobby import LISTED_AWAY
from tests.server.serverhelpers import Player, receive_until


def listed(player: Player) -> list[int]:
    return [table["id"] for table in player.get("/api/lobby").json()["tables"]]


def test_a_table_left_long_ago_is_no_longer_listed(client: TestClient) -> None:
    guest = Player(client)
    assert guest.post("/api/guest").status_code == 200
    left = guest.create_table(["me", "open"])
    watcher = Player(client)
    assert listed(watcher) == [left["id"]]
    service = client.app.state.arena.service  # type: ignore[attr-defined]
    service.clock.offset += timedelta(seconds=LISTED_AWAY - 60)
    assert listed(watcher) == [left["id"]]  # a while away: still waiting for someone
    service.clock.offset += timedelta(seconds=120)
    assert listed(watcher) == []
    assert watcher.get(f"/api/tables/{left['id']}").status_code == 200  # the link still works


def test_a_table_whose_person_is_there_stays_listed(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    table = alice.create_table(["me", "open"])
    service = client.app.state.arena.service  # type: ignore[attr-defined]
    with alice.connect(table["id"]) as socket:
        receive_until(socket, "table")
        service.clock.offset += timedelta(seconds=LISTED_AWAY * 2)
        assert listed(Player(client)) == [table["id"]]
