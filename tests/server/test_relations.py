"""Follow and block: the list of the people one follows (online, playing now), and a block
refusing challenges both ways and hiding the blocked person's chat."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

from fastapi.testclient import TestClient

from tests.server.serverhelpers import QUICK, Player, receive_until
from tests.server.test_community_api import play

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
    seek = {"game": "quinque", "settings": {"time_control": {"kind": "unlimited"}, "rated": False},
            "range": None}  # fmt: skip
    with alice.connect_user(), bob.connect_user():  # seeks live with the user's socket
        first = alice.post("/api/seeks", seek)
        second = bob.post("/api/seeks", seek)
        assert first.status_code == second.status_code == 201, second.text
        assert first.json()["table"] is None and second.json()["table"] is None  # never matched
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


def test_a_block_is_enforced_on_every_path_that_reaches_the_blocker(client: TestClient) -> None:
    """Every path by which the blocked person could reach the blocker: challenges (signed in,
    and by a bot's API token, both ways), a rematch offer, chat at a table (the history and
    live on the table's socket), seek pairing; a tournament pairs them (allowed) but its
    table's chat stays hidden. The site has no lobby or private chat: table chat is the only
    one (``docs/community.md``)."""
    alice = Player(client).signup("alice")
    bob = Player(client).signup("bob")
    finished = play(client, alice, bob, bob, rated=False)  # before the block
    alice.post("/api/relations", {"user_id": uid(bob), "kind": "block"})
    token = bob.post("/api/tokens", {"name": "bot", "scopes": ["bot:play", "challenge:write"]})
    bearer = {"authorization": f"Bearer {token.json()['token']}"}
    client.cookies.clear()
    by_bot = client.post("/api/challenge/alice", json=CHALLENGE, headers=bearer)
    assert by_bot.status_code == 403 and by_bot.json()["error"]["code"] == "blocked"
    for offerer in (bob, alice):  # a rematch is a challenge too
        offer = offerer.post(f"/api/tables/{finished['id']}/rematch", {"op": "offer"})
        assert offer.status_code == 403, offer.text
        assert offer.json()["error"]["code"] == "blocked"
    table = alice.create_table(["me", "open"])
    assert bob.post(f"/api/tables/{table['id']}/join", {"seat": 1}).status_code == 200
    with alice.connect(table["id"]) as alice_socket:
        receive_until(alice_socket, "state")
        assert bob.post(f"/api/tables/{table['id']}/chat", {"text": "hey"}).status_code == 201
        assert alice.post(f"/api/tables/{table['id']}/chat", {"text": "hi"}).status_code == 201
        assert receive_until(alice_socket, "chat")["text"] == "hi"  # bob's never came
    paired = tournament_table(client, alice, bob)
    seats = alice.get(f"/api/tables/{paired}").json()["table"]["seats"]
    assert sorted(seat["name"] for seat in seats) == ["alice", "bob"]  # paired all the same
    assert bob.post(f"/api/tables/{paired}/chat", {"text": "hey"}).status_code == 201
    assert alice.get(f"/api/tables/{paired}/chat").json()["messages"] == []
    alice.post("/api/relations", {"user_id": uid(bob), "kind": "block", "on": False})
    assert [m["text"] for m in alice.get(f"/api/tables/{paired}/chat").json()["messages"]] == [
        "hey"
    ]  # it was the block that hid it


def tournament_table(client: TestClient, *people: Player) -> int:
    """A one-round Swiss of ``people`` (starting at once): the table it pairs them at."""
    organiser = Player(client).signup("club")
    starts = (datetime.now(UTC) + timedelta(seconds=1)).isoformat()
    body = {
        "name": "Blocks", "game": "quinque", "options": QUICK, "format": "swiss", "rounds": 1,
        "settings": {"time_control": {"kind": "realtime", "base": 600, "increment": 0}},
        "pause": 0, "starts_at": starts,
    }  # fmt: skip
    made = organiser.post("/api/tournaments", body)
    assert made.status_code in (200, 201), made.text
    tournament_id = made.json()["tournament"]["id"]
    for person in people:
        joined = person.post(f"/api/tournaments/{tournament_id}/join", {})
        assert joined.status_code == 200, joined.text
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        games = client.get(f"/api/tournaments/{tournament_id}").json()["tournament"]["games"]
        if games:
            table_id: int = games[0]["table_id"]
            return table_id
        time.sleep(0.1)
    raise AssertionError("the tournament paired nobody")
