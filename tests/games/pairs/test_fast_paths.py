"""Connect Pairs' quick paths give what the plain definitions give (the playouts' hot spots:
distinct subjects of a zone, the kind of a roll, shared roll events, the bounded log)."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement, product

from connect_arena.core import load, sample_chance_outcome
from connect_arena.core.events import Event
from connect_arena.games.pairs import components, events
from connect_arena.games.pairs.rules import LOG_LENGTH, PairsState


def test_distinct_subjects_of_every_zone_are_the_sorted_set() -> None:
    for size in range(components.ZONE_SIZE + 1):
        for zone in combinations_with_replacement(range(components.NUM_SUBJECTS), size):
            assert components.distinct(zone) == tuple(sorted(set(zone)))
    assert components.distinct((5, 1, 1, 1)) == (1, 5)  # outside the table: still right


def test_the_kind_of_every_roll_counts_its_different_faces() -> None:
    names = {1: "triple", 2: "double", 3: "different"}
    for dice in product(components.FACES, repeat=3):
        assert components.roll_kind(dice) == names[len(set(dice))]


def test_a_roll_event_is_shared_and_equal_to_a_fresh_one() -> None:
    first, again = events.roll_event(1, (2, 2, 5)), events.roll_event(1, (2, 2, 5))
    assert first is again
    assert first == Event.of("pairs.rolls", seat=1, die1=2, die2=2, die3=5)
    assert events.roll_event(0, (2, 2, 5)) != first and events.roll_event(1, (2, 3, 5)) != first


def test_the_log_keeps_the_last_events() -> None:
    rng = random.Random(4)
    state = load("pairs").new_initial_state()
    assert isinstance(state, PairsState)
    for _ in range(200):
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        assert len(state.log) <= LOG_LENGTH
    assert len(state.log) == LOG_LENGTH
    newest = Event.of("pairs.done", seat=1)
    state.note(newest)
    assert len(state.log) == LOG_LENGTH and state.log[-1] is newest
    state.log = [Event.of("pairs.pass", seat=0)] * (LOG_LENGTH + 5)  # set by hand, too long
    state.note(newest)
    assert len(state.log) == LOG_LENGTH and state.log[-1] is newest
