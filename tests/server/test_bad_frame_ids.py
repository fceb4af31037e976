"""A refused frame's error echoes the request ``id`` when the frame is a JSON object with a
string or integer ``id``, so a client can tell which of its requests failed."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from tests.server.serverhelpers import receive_until
from tests.server.test_websocket import opening, running_table


@pytest.mark.parametrize(
    ("frame", "echoed"),
    [
        (json.dumps({"type": "action", "seq": "one", "action": "pass", "id": "a-7"}), "a-7"),
        (json.dumps({"type": "launch", "id": 12}), 12),
        (json.dumps({"type": "launch", "id": True}), None),  # not an id: a boolean
        (json.dumps({"type": "launch", "id": [1]}), None),
        (json.dumps(["type", "launch"]), None),
        ("this is not json", None),
        ("[" * 5_000, None),  # nested deeper than Python's parser goes (the fuzzer's case)
        ('{"id": 3, "a": ' + '{"a": ' * 1_500 + "1" + "}" * 1_501, None),
    ],
)
def test_a_bad_message_echoes_its_id(
    client: TestClient, frame: str, echoed: str | int | None
) -> None:
    alice, _bob, table_id = running_table(client)
    with alice.connect(table_id) as socket:
        opening(socket)
        socket.send_text(frame)
        error = receive_until(socket, "error")
        assert error["code"] == "bad_message"
        assert error.get("id") == echoed
    assert alice.get(f"/api/tables/{table_id}").json()["table"]["seq"] == 0
