"""Follow and block: the list of the people one follows (online, playing now), and a block
refusing challenges both ways and hiding the blocked person's chat."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.serverhelpers import QUICK, Player

CHALLENGE = {"game": "quinque", "options": QUICK, "seats": [{"kind": "me"}, {"kind": "open"}]}


def uid(player: Player) -> int:
    assert player.user is not None
    user_id: int = player.user["id"]
    return user_id


def test_following_shows_who_plays_now(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    bob = Player(client).signup("bob")
    carol = Player(client).signup("carol")
    for other in (bob, carol):
        answer = alice.post("/api/relations", {"user_id": uid(other), "kind": "follow"})
        assert answer.status_code == 200, answer.text
    table = bob.create_table(["me", "open"])
    assert carol.post(f"/api/tables/{table['id']}/join", {"seat": 1}).status_code == 200
    listed = alice.get("/api/relations").json()
    names = {f["name"]: f for f in listed["following"]}
    assert set(names) == {"bob", "carol"}
    assert names["bob"]["playing"] == [
        {"table_id": table["id"], "game": "quinque", "title": "Quinque"}
    ]
    assert listed["blocked"] == []
    with bob.connect(table["id"]):
        online = {f["name"]: f["online"] for f in alice.get("/api/relations").json()["following"]}
        assert online == {"bob": True, "carol": False}
    alice.post("/api/relations", {"user_id": uid(carol), "kind": "follow", "on": False})
    assert [f["name"] for f in alice.get("/api/relations").json()["following"]] == ["bob"]


def test_a_block_refuses_challenges_both_ways_and_hides_chat(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    bob = Player(client).signup("bob")
    alice.post("/api/relations", {"user_id": uid(bob), "kind": "follow"})
    blocked = alice.post("/api/relations", {"user_id": uid(bob), "kind": "block"})
    assert blocked.status_code == 200
    listed = alice.get("/api/relations").json()
    assert listed["following"] == []  # a block ends the follow
    assert listed["blocked"] == [{"id": uid(bob), "name": "bob"}]
    for challenger, challenged in ((bob, "alice"), (alice, "bob")):
        refused = challenger.post(f"/api/challenge/{challenged}", CHALLENGE)
        assert refused.status_code == 403, refused.text
        assert refused.json()["error"]["code"] == "blocked"
    assert alice.get("/api/challenges").json()["in"] == []
    table = alice.create_table(["me", "open"])
    assert bob.post(f"/api/tables/{table['id']}/join", {"seat": 1}).status_code == 200
    assert bob.post(f"/api/tables/{table['id']}/chat", {"text": "hey"}).status_code == 201
    assert alice.post(f"/api/tables/{table['id']}/chat", {"text": "hi"}).status_code == 201
    seen = [m["text"] for m in alice.get(f"/api/tables/{table['id']}/chat").json()["messages"]]
    assert seen == ["hi"]
    alice.post("/api/relations", {"user_id": uid(bob), "kind": "block", "on": False})
    assert bob.post("/api/challenge/alice", CHALLENGE).status_code == 201


def test_bad_relations_are_refused(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    assert (
        alice.post("/api/relations", {"user_id": uid(alice), "kind": "follow"}).status_code == 400
    )
    assert alice.post("/api/relations", {"user_id": 99_999, "kind": "block"}).status_code == 404
    assert alice.post("/api/relations", {"user_id": 2, "kind": "friend"}).status_code == 422
    guest = Player(client)
    guest.post("/api/guest", {})
    assert (
        guest.post("/api/relations", {"user_id": uid(alice), "kind": "follow"}).status_code == 403
    )
    assert alice.get("/api/relations").json() == {"following": [], "blocked": []}
