"""Hints: ``POST /api/tables/{id}/hint`` and the search behind it (``service/computer.py``).

* the seat's player gets the three best actions, legal, in canonical notation, with a value
  and a principal line; the same position and seat give the same hint;
* spectators, other players, a seat that may not act, a finished or unknown table are refused;
* a hint changes nothing: the seq, the record and the other viewers' queues stay as they were;
* one hint at a time per user;
* CO'NNN'ECT: the search never sees another seat's hidden choice of the current simultaneous
  phase (the API's hint is the one searched without it, and ``decision_state`` is checked on
  random games against the phase's starting position).
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from connect_arena.core import SIMULTANEOUS, load
from connect_arena.core.simultaneous import decision_state
from connect_arena.server import create_app
from connect_arena.service import (
    ErrorCode,
    MatchService,
    MemoryStorage,
    SeatRequest,
    ServiceConfig,
    ServiceError,
    User,
)
from connect_arena.service.computer import HintRequest, hint
from connect_arena.service.match import _mix
from tests.server.serverhelpers import (
    QUICK,
    Player,
    TestClient,
    fast_settings,
    receive_until,
    wait_for_status,
)

AGENT = "mcts:40"
"""An iteration budget (reproducible on any machine) instead of the time-capped normal level."""


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The app with hints searched by :data:`AGENT`."""
    with TestClient(create_app(fast_settings(tmp_path, hint_agent=AGENT))) as test_client:
        yield test_client


def opening_state(player: Player, table_id: int) -> dict[str, Any]:
    """The table's current ``state`` message as ``player`` sees it."""
    with player.connect(table_id) as socket:
        return receive_until(socket, "state")


def ask(player: Player, table_id: int, seat: int) -> Any:
    return player.post(f"/api/tables/{table_id}/hint", {"seat": seat})


def test_the_seat_gets_three_legal_lines_and_only_the_notes_change(client: TestClient) -> None:
    """Hints allowed at a table with people: nothing is played; every seat sees the hint
    noted (a ``table`` message with a ``hint`` note), and the record keeps it."""
    alice = Player(client).signup("alice")
    bob = Player(client).signup("bob")
    table_id = alice.create_table(
        ["me", "open"], options={"first_player": "0"}, settings={"hints": "allowed"}
    )["id"]
    assert bob.post(f"/api/tables/{table_id}/join", {"seat": 1}).status_code == 200
    state = opening_state(alice, table_id)
    legal = set(state["legal_actions"]["0"])
    record = alice.get(f"/api/tables/{table_id}/record").text

    with bob.connect(table_id) as watcher:
        receive_until(watcher, "state")
        answer = ask(alice, table_id, 0)
        assert answer.status_code == 200, answer.text
        body = answer.json()
        # Bob is told that alice used a hint, and of nothing else.
        noted = watcher.receive_json()
        assert noted["type"] == "table"
        assert [(n["kind"], n["seat"], n["seq"]) for n in noted["table"]["notes"]] == [
            ("hint", 0, state["seq"])
        ]
        watcher.send_json({"type": "ping", "id": "after-hint"})
        assert watcher.receive_json() == {"type": "pong", "id": "after-hint"}

    assert body["table_id"] == table_id and body["seat"] == 0 and body["seq"] == state["seq"]
    assert body["agent"] == AGENT
    lines = body["lines"]
    assert len(lines) == 3
    assert len({line["action"] for line in lines}) == 3
    for line in lines:
        assert line["action"] in legal
        assert line["principal"][0] == line["action"]
        assert all(isinstance(action, str) for action in line["principal"])
        assert -1.0 <= line["value"] <= 1.0 and line["visits"] >= 1
    assert [line["visits"] for line in lines] == sorted((x["visits"] for x in lines), reverse=True)
    # The same position and seat give the same hint (seeded by the table id and the seq).
    assert ask(alice, table_id, 0).json() == body
    # A hint is not an action: the seq and the actions are unchanged; the record notes it.
    assert alice.get(f"/api/tables/{table_id}").json()["table"]["seq"] == state["seq"]
    after = alice.get(f"/api/tables/{table_id}/record").json()
    before = json.loads(record)
    assert after["actions"] == before["actions"]
    assert [n["kind"] for n in after["meta"]["notes"]] == ["hint", "hint"]


def test_hints_follow_the_table_setting(client: TestClient) -> None:
    """``auto``: no hints between people, hints against computers; ``off``: none; rated
    tables cannot allow them."""
    alice = Player(client).signup("alice")
    bob = Player(client).signup("bob")
    people = alice.create_table(["me", "open"], options={"first_player": "0"})["id"]
    assert bob.post(f"/api/tables/{people}/join", {"seat": 1}).status_code == 200
    refused = ask(alice, people, 0)
    assert (refused.status_code, refused.json()["error"]["code"]) == (400, "not_allowed")
    assert alice.get(f"/api/tables/{people}").json()["table"]["hints_allowed"] is False
    computer = alice.create_table(["me", "computer"], options={"first_player": "0"})
    assert computer["hints_allowed"] is True
    assert ask(alice, computer["id"], 0).status_code == 200
    off = alice.create_table(
        ["me", "computer"], options={"first_player": "0"}, settings={"hints": "off"}
    )
    assert ask(alice, off["id"], 0).json()["error"]["code"] == "not_allowed"
    bad = alice.post(
        "/api/tables",
        {
            "game": "quinque",
            "seats": [{"kind": "me"}, {"kind": "open"}],
            "settings": {"hints": "allowed", "rated": True},
        },
    )
    assert bad.status_code == 400 and "rated" in bad.json()["error"]["message"]


def test_refusals(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    bob = Player(client).signup("bob")
    carol = Player(client).signup("carol")  # signed in, not seated
    anonymous = Player(client)
    table_id = alice.create_table(
        ["me", "open"], options={"first_player": "0"}, settings={"hints": "allowed"}
    )["id"]

    def code(response: Any) -> tuple[int, str]:
        return response.status_code, response.json()["error"]["code"]

    # Before the start: seat 1 is nobody's, seat 0 cannot act yet.
    assert code(ask(alice, table_id, 0)) == (409, "not_running")
    assert bob.post(f"/api/tables/{table_id}/join", {"seat": 1}).status_code == 200
    assert code(ask(carol, table_id, 0)) == (403, "not_seated")  # a spectator
    assert code(ask(bob, table_id, 0)) == (403, "not_seated")  # another player's seat
    assert code(ask(anonymous, table_id, 0)) == (401, "not_signed_in")
    assert code(ask(bob, table_id, 1)) == (409, "not_your_turn")  # red (seat 0) starts
    assert code(ask(alice, table_id, 2)) == (400, "bad_request")
    assert code(ask(alice, 9999, 0)) == (404, "not_found")
    assert code(alice.post(f"/api/tables/{table_id}/hint", {})) == (422, "bad_request")
    forged = alice.request(
        "POST", f"/api/tables/{table_id}/hint", json={"seat": 0}, headers={"x-csrf-token": "x"}
    )
    assert code(forged) == (403, "csrf")
    assert ask(alice, table_id, 0).status_code == 200

    # A finished game gives no hints.
    done = alice.create_table(["me", "computer"], options=QUICK)["id"]
    with alice.connect(done) as socket:
        state = receive_until(socket, "state")
        while not state["terminal"]:
            if "0" in state["legal_actions"]:
                action = state["legal_actions"]["0"][0]
                socket.send_json({"type": "action", "seq": state["seq"] + 1, "action": action})
            state = receive_until(socket, "event")["state"]
    wait_for_status(alice, done, "finished")
    assert code(ask(alice, done, 0)) == (409, "not_running")


def test_one_hint_at_a_time_per_user() -> None:
    alice, bob = User(1, "alice"), User(2, "bob")

    async def main() -> None:
        service = MatchService(MemoryStorage(), ServiceConfig(0, 0.0, hint_agent="mcts:300"))
        await service.start()
        try:
            info = await service.create_table(
                alice, "quinque", [SeatRequest("me"), SeatRequest("me")], {"first_player": "0"}
            )
            first = asyncio.ensure_future(service.hint(info.id, alice.id, 0))
            await asyncio.sleep(0)  # the first hint is being searched
            with pytest.raises(ServiceError) as refused:
                await service.hint(info.id, alice.id, 0)
            assert refused.value.code is ErrorCode.HINT_PENDING
            with pytest.raises(ServiceError) as other:
                await service.hint(info.id, bob.id, 0)
            assert other.value.code is ErrorCode.NOT_SEATED
            assert len((await first)["lines"]) == 3
            # Once answered, the next one is welcome.
            assert (await service.hint(info.id, alice.id, 0))["seq"] == 0
        finally:
            await service.close()

    asyncio.run(main())


def test_connnect_hint_never_sees_another_seats_hidden_choice(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    bob = Player(client).signup("bob")
    table = alice.create_table(
        ["me", "open"], options={}, game="connnect", settings={"hints": "allowed"}
    )
    table_id = table["id"]
    assert bob.post(f"/api/tables/{table_id}/join", {"seat": 1}).status_code == 200
    with alice.connect(table_id) as socket:
        state = receive_until(socket, "state")
        assert set(state["to_move"]) == {0, 1}  # the simultaneous setup writing
        # Alice writes a number: hidden from bob until the end.
        choice = state["legal_actions"]["0"][0]
        socket.send_json({"type": "action", "seq": state["seq"] + 1, "action": choice})
        after = receive_until(socket, "event", seq=state["seq"] + 1)["state"]
    seq = after["seq"]
    answer = ask(bob, table_id, 1)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["seq"] == seq

    live = client.app.state.arena.service.tables[table_id]
    log = [(entry.seat, entry.action) for entry in live.log]
    options = dict(live.info.options)
    assert log[-1] == (0, choice)
    base = {"table_id": 0, "game": "connnect", "num_players": 2, "options": options, "seat": 1}
    seed = _mix(table_id, seq) + 1 + 1
    # The same search from the position without alice's choice gives exactly bob's hint ...
    blind = HintRequest(**base, actions=tuple(log[:-1]), agent=AGENT, seed=seed)
    assert hint(blind) == body["lines"]
    # ... and the position searched is the one bob knows: alice's sheet without her number.
    current = load("connnect", 2, **options).new_initial_state()
    before = current.clone()
    for who, text in log:
        before = current.clone()
        current.apply_action(text, who)
    seen = decision_state(current, 1)
    assert seen is not current
    assert seen.render_sheet(0) == before.render_sheet(0) != current.render_sheet(0)
    assert seen.observation(1) == before.observation(1) == current.observation(1)
    # Alice's own hint keeps her choice (it is hers).
    assert ask(alice, table_id, 0).status_code == 200


@pytest.mark.parametrize("players", [2, 3, 4])
def test_decision_state_drops_exactly_the_others_choices_of_the_phase(players: int) -> None:
    """Random CO'NNN'ECT games: at positions of simultaneous phases (setup writing, Fill and
    Claim, whose boundary has no chance action between them), for every active seat, the
    searched position has the other seats' sheets, numbers and tasks as the phase began and
    the seat's own as they are now, with the same legal actions."""
    rng = random.Random(players)
    game = load("connnect", players)
    checked = 0
    for _ in range(2):
        state = game.new_initial_state()
        log: list[tuple[int, str]] = []
        phase_key: tuple[Any, ...] = ()
        start = state.clone()
        while not state.is_terminal():
            key = (state.phase, state.round, state.setup_step)
            if key != phase_key:
                phase_key, start = key, state.clone()
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
                seat = -1
            else:
                active = sorted(state.active_players())
                seat = rng.choice(active)
                if state.current_player == SIMULTANEOUS and rng.random() < 0.3:
                    for asking in active:
                        seen: Any = decision_state(state, asking)
                        for other in range(players):
                            ref: Any = state if other == asking else start
                            assert seen.render_sheet(other) == ref.render_sheet(other)
                            assert seen.pending[other] == ref.pending[other]
                            assert seen.task[other] == ref.task[other]
                        assert (seen.phase, seen.round) == (state.phase, state.round)
                        assert sorted(map(str, seen.legal_actions(asking))) == sorted(
                            map(str, state.legal_actions(asking))
                        )
                        checked += 1
                action = rng.choice(state.legal_actions(seat))
            state.apply_action(action, seat)
            log.append((seat, str(action)))
    assert checked > 20
