"""Records: writing, reading, replaying, and every way a record can be bad."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from connect_arena.agents import RandomAgent, play_game
from connect_arena.core import (
    RECORD_FORMAT,
    IllegalActionError,
    InvalidRecordError,
    State,
    load,
    parse_record,
    read_record,
    record_of,
    replay,
)


def _finished_game() -> tuple[dict[str, object], list[str]]:
    state = load("quinque").new_initial_state()
    play_game(state, [RandomAgent(1), RandomAgent(2)], random.Random(3))
    record = json.loads(record_of(state, ["alice", "random"], {"seed": 3}).to_json())
    return record, [str(entry.action) for entry in state.history]


def test_record_shape_and_replay() -> None:
    record, actions = _finished_game()
    assert record["format"] == RECORD_FORMAT
    assert record["game"] == "quinque"
    assert record["players"] == ["alice", "random"]
    assert record["options"]["advanced"] is False
    assert record["actions"] == actions
    assert record["actions"][0] in ("first 0", "first 1")  # the chance outcome is recorded
    assert record["meta"] == {"seed": 3}
    state = replay(record)
    assert state.is_terminal()
    assert [str(e.action) for e in state.history] == actions


def test_record_file_round_trip(tmp_path: Path) -> None:
    record, _ = _finished_game()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert read_record(path).actions == record["actions"]


def test_illegal_action_reports_index_action_and_reason() -> None:
    record, _ = _finished_game()
    record["actions"] = [*record["actions"][:3], "mark 99,99", *record["actions"][4:]]
    with pytest.raises(InvalidRecordError) as info:
        replay(record)
    error = info.value
    assert error.index == 3 and error.action == "mark 99,99"
    assert str(error).startswith("action 3 ('mark 99,99'): ")
    before = error.state
    assert isinstance(before, State) and len(before.history) == 3
    with pytest.raises(IllegalActionError) as direct:
        before.apply_action("mark 99,99")
    assert error.reason == str(direct.value)


def test_syntax_error_in_an_action() -> None:
    record, _ = _finished_game()
    record["actions"] = [record["actions"][0], "fly away"]
    with pytest.raises(InvalidRecordError, match="action 1 \\('fly away'\\): .*not a Quinque"):
        replay(record)


def test_actions_after_the_end_are_rejected() -> None:
    record, _ = _finished_game()
    record["actions"] = [*record["actions"], "pass"]
    with pytest.raises(InvalidRecordError, match="the game is over") as info:
        replay(record)
    assert info.value.index == len(record["actions"]) - 1


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: r.update(format="connect-arena/record@9"), "format"),
        (lambda r: r.pop("actions"), "actions: Field required"),
        (lambda r: r.update(players=[]), "players"),
        (lambda r: r.update(actions="mark 1,1"), "actions"),
        (lambda r: r.update(extra=1), "extra"),
        (lambda r: r.update(game="chess"), "unknown game 'chess'"),
        (lambda r: r.update(options={"advanced": "perhaps"}), "option 'advanced'"),
        (lambda r: r.update(players=["a", "b", "c"]), "played by 2 players, not 3"),
    ],
)
def test_malformed_records(mutate, message: str) -> None:  # type: ignore[no-untyped-def]
    record, _ = _finished_game()
    mutate(record)
    with pytest.raises(InvalidRecordError, match=message) as info:
        replay(record)
    assert info.value.index is None


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", "null", '{"format": '])
def test_corrupt_and_truncated_json(text: str) -> None:
    with pytest.raises(InvalidRecordError, match="not a valid connect-arena/record@1 record"):
        parse_record(text)


def test_truncated_file_and_missing_file(tmp_path: Path) -> None:
    record, _ = _finished_game()
    text = json.dumps(record)
    path = tmp_path / "cut.json"
    path.write_text(text[: len(text) // 2])
    with pytest.raises(InvalidRecordError):
        read_record(path)
    with pytest.raises(InvalidRecordError, match="cannot read"):
        read_record(tmp_path / "nope.json")


def test_seat_tag_for_a_seat_that_does_not_exist() -> None:
    record, _ = _finished_game()
    record["actions"] = [record["actions"][0], {"seat": 5, "action": "add T0,0 0,0"}]
    with pytest.raises(InvalidRecordError, match="seat 5 does not exist") as info:
        replay(record)
    assert info.value.index == 1


def test_record_needs_one_name_per_seat() -> None:
    state = load("quinque").new_initial_state()
    with pytest.raises(ValueError, match="2 player names needed"):
        record_of(state, ["solo"])
