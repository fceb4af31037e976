"""Issue 15, defect 10: a record's replay hides nothing — each simultaneous choice shows on its
frame, not when its phase resolves (``service/records.py``, ``State.revealed_observation``)."""

from __future__ import annotations

import random

from connect_arena.core import CHANCE, load, record_of
from connect_arena.games.connnect import sheet as geo
from connect_arena.service.records import replay_frames, replay_page


def connnect_record() -> tuple[dict[str, object], int, str, int]:
    """A CO'NNN'ECT game up to Blue's first setup number: the record, the index of that write,
    its cell and number."""
    state = load("connnect", 2).new_initial_state()
    rng = random.Random(5)
    while not any(entry.player == 0 for entry in state.history):
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]), CHANCE)
        else:
            seat = min(state.active_players())
            state.apply_action(state.legal_actions(seat)[0], seat)
    state.apply_action(state.legal_actions(1)[0], 1)  # Red writes too; the phase goes on
    index = next(i for i, entry in enumerate(state.history) if entry.player == 0)
    _, number, cell = str(state.history[index].action).split()
    record = record_of(state, ["Ann", "Bob"]).model_dump()
    record["options"].pop("data")  # a file option a client may not send
    return record, index, cell, int(number)


def test_each_simultaneous_write_shows_on_its_own_frame() -> None:
    record, index, cell, number = connnect_record()
    frames = replay_frames(record)["frames"]
    where = geo.parse_cell(cell)
    assert where is not None
    before, after = frames[index], frames[index + 1]
    assert before["observation"]["sheets"][0]["values"][where] == 0
    assert after["observation"]["sheets"][0]["values"][where] == number
    assert after["observation"]["phase"] == "setup_write"  # the phase has not resolved
    assert after["observation"]["players"][0]["seat"] == 0  # each seat's private block
    # The pages the viewer asks for give the same frames.
    page = replay_page(record, index, index + 1)["frames"]
    assert page == [before, after]
