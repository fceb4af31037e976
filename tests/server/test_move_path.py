"""The move path's shortcuts (issue 25, CPU per move): an action sent as listed is taken from
the listed legal actions without a second legality check, and one broadcast builds what its
views share once — with the same messages to every viewer as before."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from connect_arena.core import CHANCE, game_class, game_names, load
from connect_arena.service import ErrorCode, MatchService, ServiceError, User, live_table
from connect_arena.service.live_table import encode
from connect_arena.service.messages import state_json
from connect_arena.service.pipeline import MovePipeline
from tests.server.test_lifecycle import ALICE, BOB, drain, move, new_table, run


def test_an_action_sent_as_listed_is_the_listed_action() -> None:
    async def body(service: MatchService) -> None:
        table = await service.get_table(await new_table(service, [ALICE, BOB]))
        assert table.state is not None
        seat = min(table.state.active_players())
        listed = table.legal_actions(seat)
        assert listed == table.state.legal_actions(seat)
        chosen = listed[len(listed) // 2]
        # Found among the listed actions (no parse, no legality check), spaces trimmed.
        assert MovePipeline.validate(table, seat, f" {chosen} ") is chosen
        # Anything else still goes to the engine, with its refusals.
        with pytest.raises(ServiceError) as bad:
            MovePipeline.validate(table, seat, "no such move")
        assert bad.value.code is ErrorCode.INVALID_ACTION
        other = 1 - seat
        with pytest.raises(ServiceError) as wrong:
            MovePipeline.validate(table, other, str(chosen))
        assert wrong.value.code is ErrorCode.ILLEGAL_ACTION
        # The state message lists the very entries the lookup used (built once a move).
        entries, notations, _ = table.legal_lists(seat)
        message = table.state_message((seat,))
        assert message is not None and entries is table.legal_lists(seat).entries
        assert message["legal"][str(seat)] is entries
        assert message["legal_actions"][str(seat)] is notations
        assert notations == [str(action) for action in listed]
        # After the move the list is the new state's.
        await move(service, table.id, ALICE if seat == 0 else BOB)
        assert table.state is not None
        now = min(table.state.active_players())
        assert table.legal_actions(now) == table.state.legal_actions(now)

    run(body)


def test_a_state_is_written_from_its_kept_texts_as_the_same_json() -> None:
    async def body(service: MatchService) -> None:
        table = await service.get_table(await new_table(service, [ALICE, BOB]))
        assert table.state is not None
        seat = min(table.state.active_players())
        message = table.state_message((seat,))
        assert message is not None and message["legal"][str(seat)]
        written: list[Any] = []
        real = live_table.encode_written

        def spy(original: Any, copy: Any) -> str:
            written.append(copy)
            return real(original, copy)

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(live_table, "encode_written", spy)
            text = table.encode(message)
            event = {"type": "event", "table_id": table.id, "seq": 1, "state": message}
            event_text = table.encode(event)  # type: ignore[arg-type]
        # Written from the kept texts, and the very text the entries give.
        texts = {str(seat): table.legal_lists(seat).texts}
        assert len(written) == 2
        assert written[0]["legal"] == texts and written[1]["state"]["legal"] == texts
        assert text == encode(message) and event_text == encode(event)
        assert json.loads(text)["legal"][str(seat)] == message["legal"][str(seat)]
        # Entries that are not the table's kept lists are encoded as they are.
        copied = dict(message, legal={str(seat): list(message["legal"][str(seat)])})
        written.clear()
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(live_table, "encode_written", spy)
            assert table.encode(copied) == encode(copied)  # type: ignore[arg-type]
        assert written == []
        # What orjson refuses (an integer beyond 64 bits) is written by json.dumps, entries
        # and all.
        huge = dict(message, seq=1 << 70)
        assert json.loads(table.encode(huge))["legal"] == json.loads(text)["legal"]  # type: ignore[arg-type]
        assert json.loads(table.encode(huge))["seq"] == 1 << 70  # type: ignore[arg-type]

    run(body)


def test_each_viewer_gets_the_same_messages_as_built_one_by_one() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB])
        viewers = {
            (0,): await service.watch(table_id, ALICE.id),
            (1,): await service.watch(table_id, BOB.id),
            (): await service.watch(table_id, User(3, "carol").id),
        }
        for subscription in viewers.values():
            drain(subscription)
        table = await service.get_table(table_id)
        for _ in range(4):
            assert table.state is not None
            seat = min(table.state.active_players())
            await move(service, table_id, ALICE if seat == 0 else BOB, pick=3)
            for seats, subscription in viewers.items():
                messages: list[dict[str, Any]] = drain(subscription)
                state = [m for m in messages if m["type"] == "event"][-1]["state"]
                alone = json.loads(json.dumps(state_json(table.id, table.state, table.seq, seats)))
                assert {k: state[k] for k in alone} == alone
                assert state["presence"] == json.loads(
                    json.dumps(table.presence(table.last_activity())["seats"])
                )

    run(body)


@pytest.mark.parametrize("name", game_names())
def test_every_seat_of_a_perfect_information_game_sees_the_public_view(name: str) -> None:
    # What lets one broadcast build a perfect-information game's observation once for all
    # its viewers (State.public_observation: every seat sees everything).
    if not game_class(name).game_type.perfect_information:
        pytest.skip("hides something from some seats")
    state = load(name, 2).new_initial_state()
    rng = random.Random(5)
    for _ in range(60):
        if state.is_terminal():
            break
        public = state.public_observation()
        assert all(state.observation(seat) == public for seat in range(2))
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]), CHANCE)
            continue
        seat = min(state.active_players())
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)


def test_every_broadcast_message_is_the_text_json_writes_for_it() -> None:
    """Byte for byte: what a viewer receives is the compact JSON of its content, in order."""

    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB], options={"first_player": "0"})
        viewers = [await service.watch(table_id, u.id) for u in (ALICE, BOB, User(3, "carol"))]
        table = await service.get_table(table_id)
        texts: list[str] = []
        for _ in range(4):
            assert table.state is not None
            seat = min(table.state.active_players())
            await move(service, table_id, ALICE if seat == 0 else BOB, pick=3)
            for subscription in viewers:
                while subscription.pending():
                    text = subscription._queue.popleft()
                    assert text is not None
                    texts.append(text)
        assert any('"legal":{"' in text for text in texts)
        for text in texts:
            assert text == json.dumps(json.loads(text), separators=(",", ":"), ensure_ascii=False)

    run(body)
