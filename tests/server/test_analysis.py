"""Fair play and "analyse this game" (issue 16, part 7): no analysis while a game runs; a
finished game's replay gets the engine's evaluation at each position."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import TypeAdapter

from connect_arena.core import load
from connect_arena.service import analysis as analysis_module
from connect_arena.service.analysis import AGENT, positions_of
from connect_arena.service.computer import AnalysisRequest, analyse_position
from connect_arena.service.protocol import AnalysisBranch, AnalysisProgress, GameAnalysis
from tests.server.serverhelpers import Player, wait_for_status

SMALL5 = {"board": "t1", "tokens": 5, "first_player": "0"}
"""A small Connect 5 (test board, five tokens each)."""


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
    assert body["table_id"] == table["id"] and body["agent"] == AGENT
    assert body["positions"] and not body["sampled"]
    for position in body["positions"]:
        assert position["played"] == moves[position["seq"] - 1]
        assert -1.0 <= position["value"] <= 1.0
        assert position["score"] == pytest.approx((position["value"] + 1) / 2, abs=1e-3)
        assert 1 <= position["simulations"] <= 300  # fewer where decided
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


def finished_table(client: TestClient) -> tuple[Player, int]:
    alice = Player(client).signup("alice")
    table_id = alice.create_table(["computer", "computer"])["id"]
    wait_for_status(alice, table_id, "finished")
    return alice, table_id


def test_analyses_are_limited_per_address_with_retry_after(client: TestClient) -> None:
    alice, table_id = finished_table(client)
    answers = [alice.get(f"/api/tables/{table_id}/analysis") for _ in range(7)]
    assert [a.status_code for a in answers] == [200] * 6 + [429]
    assert int(answers[-1].headers["Retry-After"]) >= 1
    assert answers[-1].json()["error"]["code"] == "rate_limited"


def test_a_full_engine_answers_busy_with_retry_after(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, table_id = finished_table(client)
    monkeypatch.setattr(analysis_module, "WAITING", 0)
    refused = alice.get(f"/api/tables/{table_id}/analysis")
    assert refused.status_code == 503 and refused.headers["Retry-After"] == "30"


def test_the_analysis_streams_each_position_then_the_whole(client: TestClient) -> None:
    _, table_id = finished_table(client)
    events: list[tuple[str, Any]] = []
    with client.stream("GET", f"/api/tables/{table_id}/analysis/stream") as answer:
        assert answer.headers["content-type"].startswith("text/event-stream")
        name = ""
        for line in answer.iter_lines():
            if line.startswith("event: "):
                name = line[len("event: ") :]
            elif line.startswith("data: "):
                events.append((name, json.loads(line[len("data: ") :])))
    *progress, (last, whole) = events
    assert last == "done" and progress and {name for name, _ in progress} == {"position"}
    for _, data in progress:
        TypeAdapter(AnalysisProgress).validate_python(data)
        assert data["total"] == len(progress)
    TypeAdapter(GameAnalysis).validate_python(whole)
    assert sorted(p["position"]["seq"] for _, p in progress) == [
        p["seq"] for p in whole["positions"]
    ]


def test_concurrent_requests_for_one_table_search_it_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, table_id = finished_table(client)
    searched: list[int] = []

    def counting(request: AnalysisRequest) -> Any:
        searched.append(len(request.actions))
        return analyse_position(request)

    monkeypatch.setattr(analysis_module, "analyse_position", counting)
    service = client.app.state.arena.service  # type: ignore[attr-defined]

    async def both() -> list[GameAnalysis]:
        return list(await asyncio.gather(*(service.analysis.analyse(table_id) for _ in range(3))))

    results = client.portal.call(both)  # type: ignore[union-attr]
    assert results[0] == results[1] == results[2]
    assert sorted(searched) == sorted(set(searched))  # every position searched once
    assert len(searched) == len(results[0]["positions"])


def forced_connect5_position() -> tuple[tuple[tuple[int, str], ...], int]:
    """A position of a seeded random Connect 5 game (small test board) where the seat to act
    has one legal action."""
    rng = random.Random(1)
    state = load("connect5", 2, **SMALL5).new_initial_state()
    log: list[tuple[int, str]] = []
    while not state.is_terminal():
        seat = min(state.active_players())
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return tuple(log), seat
        action = rng.choice(legal)
        state.apply_action(action, seat)
        log.append((seat, str(action)))
    raise AssertionError("no forced position in this game")


def test_a_decided_position_costs_the_quick_search_only() -> None:
    def search(actions: tuple[tuple[int, str], ...], seat: int) -> tuple[int, list[Any]]:
        request = AnalysisRequest(
            table_id=-99,
            game="connect5",
            num_players=2,
            options=dict(SMALL5),
            actions=actions,
            seat=seat,
            agent=AGENT,
            seed=1,
            lines=5,
            quick=20,
            full=200,
        )
        return analyse_position(request)

    # A forced action: decided after the quick search.
    simulations, lines = search(*forced_connect5_position())
    assert simulations <= 20 and len(lines) == 1
    # The first move, many options none of which stands out: the full search.
    simulations, lines = search((), 0)
    assert simulations == 200 and len(lines) == 5


def test_analyse_from_here_explores_a_branch(client: TestClient) -> None:
    alice, table_id = finished_table(client)
    base = f"/api/tables/{table_id}/analysis/explore"
    start = alice.get(f"{base}?seq=0").json()
    TypeAdapter(AnalysisBranch).validate_python(start)
    assert start["frame"]["seq"] == 0 and start["seat"] is not None and start["lines"]
    legal = {choice["notation"] for choice in start["choices"]}
    assert {line["action"] for line in start["lines"]} <= legal
    record = alice.get(f"/api/tables/{table_id}/record").json()
    played = record["actions"][0]
    played = played if isinstance(played, str) else played["action"]
    # A branch: another action than the game's first, then the position after it.
    other = sorted(legal - {played})[0]
    after = alice.get(f"{base}?seq=0&branch={other}").json()
    assert after["branch"] == [other] and after["frame"]["seq"] == 1
    assert after["frame"]["action"] == other
    # The same position again: the same answer (cached, searched once).
    assert alice.get(f"{base}?seq=0&branch={other}").json() == after
    # Bad input: a clear error, nothing searched.
    bad = alice.get(f"{base}?seq=0&branch=nonsense")
    assert bad.status_code == 400 and "branch action 0" in bad.json()["error"]["message"]
    outside = alice.get(f"{base}?seq=9999")
    assert outside.status_code == 400 and "outside this game" in outside.json()["error"]["message"]


def test_a_running_game_is_not_explored(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    bob = Player(client).signup("bob")
    table_id = alice.create_table(["me", "open"])["id"]
    assert bob.post(f"/api/tables/{table_id}/join", {"seat": 1}).status_code == 200
    refused = bob.get(f"/api/tables/{table_id}/analysis/explore?seq=0")
    assert refused.status_code == 400 and "fair play" in refused.json()["error"]["message"]
