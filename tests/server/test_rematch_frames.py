"""Every frame gets an answer (issue 30, item 7, found by the fuzzer): a rematch frame at a
table whose rematch already exists is answered with the ``rematch`` message (where to go),
not left without a word."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tests.server.serverhelpers import Player


def answers(socket: WebSocketTestSession, frame: dict[str, Any]) -> list[dict[str, Any]]:
    """The messages a frame gets before the answer to a ping sent after it."""
    socket.send_json(frame)
    socket.send_json({"type": "ping", "id": "sentinel"})
    found = []
    while (message := socket.receive_json()) != {"type": "pong", "id": "sentinel"}:
        found.append(message)
    return found


def test_a_rematch_frame_after_the_rematch_is_answered(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    table = alice.create_table(["me", "me"])
    with alice.connect(table["id"]) as socket:
        opening = answers(socket, {"type": "sync", "since": 0})
        state = next(m for m in opening if m["type"] == "state")
        while set(state["legal"]) != {"0"} or state["seq"] < 2:  # both seats move once
            seat, [first_action, *_] = next(iter(state["legal"].items()))
            frame = {"type": "action", "seq": state["seq"] + 1, "action": first_action["notation"],
                     "seat": int(seat)}  # fmt: skip
            state = next(m for m in answers(socket, frame) if m["type"] == "event")["state"]
        assert answers(socket, {"type": "resign", "seat": 0})  # after moves: a real result
        made = answers(socket, {"type": "rematch", "op": "accept"})
        (first,) = [m for m in made if m["type"] == "rematch"]
        for op in ("accept", "offer", "decline"):
            again = answers(socket, {"type": "rematch", "op": op, "id": 9})
            assert again == [first], op
