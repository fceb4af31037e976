"""Quick pairing (issue 16, part 5): seeks are matched by game, players, time control, rated
and rating range, each seek in exactly one table, many at once; cancelled seeks and the
lobby's listing; the user's WebSocket tells the seeker and withdraws seeks when it closes."""

from __future__ import annotations

import asyncio
import random
from collections import Counter

import pytest
from fastapi.testclient import TestClient

from connect_arena.service import MatchService, MemoryStorage, ServiceConfig, ServiceError, User
from connect_arena.service.settings import TableSettings, TimeControl, TimeControlKind
from tests.server.serverhelpers import Player

BLITZ = TableSettings(TimeControl(TimeControlKind.REALTIME, 300, 3))


def service() -> MatchService:
    return MatchService(MemoryStorage(), ServiceConfig(0, 0.0, sweep_every=0))


def test_many_concurrent_seeks_each_end_in_exactly_one_table() -> None:
    async def main() -> None:
        arena = service()
        await arena.start()
        try:
            rng = random.Random(5)
            users = [User(i, f"u{i}") for i in range(1, 61)]
            kinds = [
                ("quinque", 2, TableSettings()),
                ("quinque", 2, BLITZ),
                ("connect5", 3, TableSettings()),
            ]
            wanted = [(user, *rng.choice(kinds)) for user in users]
            results = await asyncio.gather(
                *(arena.seeks.seek(u, g, n, s, None) for u, g, n, s in wanted)
            )
            tables = {table.id: table for _seek, table in results if table is not None}
            seated = Counter(seat.user_id for table in tables.values() for seat in table.seats)
            waiting = {seek["user"]["id"] for seek in arena.seeks.listing()}
            # Every seeker sits at exactly one table or still waits, never both.
            assert all(count == 1 for count in seated.values())
            assert not set(seated) & waiting
            assert set(seated) | waiting == {u.id for u in users}
            for table in tables.values():
                kind = {(g, n, s) for u, g, n, s in wanted if u.id == table.seats[0].user_id}
                ((game, players, settings),) = kind
                assert table.game == game and table.num_players == players
                assert table.settings == settings
                assert table.status.value == "running"
            # What still waits cannot be matched: fewer than a table's worth per kind.
            left = Counter(
                (s["game"], s["players"], s["settings"]["time_control"]["label"])
                for s in arena.seeks.listing()
            )
            assert all(count < players for (_g, players, _l), count in left.items())
        finally:
            await arena.close()

    asyncio.run(main())


def test_rating_ranges_and_cancelling() -> None:
    async def main() -> None:
        arena = service()
        ratings = {1: 1500.0, 2: 2100.0, 3: 1650.0}

        async def rating_of(user_id: int, game: str) -> float:
            return ratings[user_id]

        arena.seeks.rating_of = rating_of
        await arena.start()
        try:
            low, high, middle = User(1, "low"), User(2, "high"), User(3, "mid")
            first, table = await arena.seeks.seek(low, "quinque", 2, None, 300)
            assert table is None
            _, table = await arena.seeks.seek(high, "quinque", 2, None, None)
            assert table is None  # high accepts anyone, but low's range excludes 2100
            _, table = await arena.seeks.seek(middle, "quinque", 2, None, 100)
            assert table is None  # low is 150 away: outside middle's 100
            await arena.seeks.cancel(first.id, low.id)
            with pytest.raises(ServiceError):
                await arena.seeks.cancel(first.id, low.id)
            _, table = await arena.seeks.seek(low, "quinque", 2, None, 700)
            assert table is not None  # now high (600 away, accepts anyone) fits
            assert {s.user_id for s in table.seats} == {1, 2}
            with pytest.raises(ServiceError):
                await arena.seeks.seek(low, "quinque", 1)  # no one-player quick pairing
            with pytest.raises(ServiceError):
                await arena.seeks.seek(low, "nonesuch")
        finally:
            await arena.close()

    asyncio.run(main())


def test_seeks_over_http_and_the_user_socket(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    bob = Player(client).signup("bob")
    guest = Player(client)
    assert guest.post("/api/guest", {}).status_code == 200
    rated = {"game": "quinque", "settings": {"rated": True}}
    assert guest.post("/api/seeks", rated).status_code == 403
    with alice.connect_user() as events:
        made = alice.post("/api/seeks", {"game": "quinque", "range": None})
        assert made.status_code == 201, made.text
        assert made.json()["table"] is None
        listed = client.get("/api/seeks").json()["seeks"]
        assert [s["user"]["name"] for s in listed] == ["alice"]
        matched = bob.post("/api/seeks", {"game": "quinque"})
        table = matched.json()["table"]
        assert table is not None and table["status"] == "running"
        message = events.receive_json()
        while message["type"] != "seekMatched":
            message = events.receive_json()
        assert message["table_id"] == table["id"]
        assert client.get("/api/seeks").json()["seeks"] == []
        waiting = alice.post("/api/seeks", {"game": "connect5", "players": 3})
        assert waiting.status_code == 201
    # Alice's last connection closed: her seek went with her visit.
    assert client.get("/api/seeks").json()["seeks"] == []
