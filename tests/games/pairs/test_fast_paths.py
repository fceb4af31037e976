"""Connect Pairs' quick paths give what the plain definitions give (the playouts' hot spots:
distinct subjects of a zone, the kind of a roll, shared roll, move, take, swap and exchange
events, the bounded log, the protocol queries answered without the base class's frozenset)."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement, product

import pytest

from connect_arena.core import CHANCE, load, sample_chance_outcome
from connect_arena.core.events import Event
from connect_arena.core.state import State
from connect_arena.games.pairs import components, events, legal
from connect_arena.games.pairs.notation import Swap, Take
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


def test_move_take_swap_exchange_connection_and_round_events_are_shared() -> None:
    swap = Swap(2, 1, 5, 3)
    cases = [
        (
            lambda: events.move_event(3, 2, 1, 6),
            Event.of("pairs.move", seat=3, subject="C", source=1, target=6),
        ),
        (
            lambda: events.take_event(0, 5, (4,)),
            Event.of("pairs.take_one", seat=0, subject="F", zone=4),
        ),
        (
            lambda: events.take_event(1, 0, (2, 6)),
            Event.of("pairs.take", seat=1, subject="A", zone=2, other_zone=6),
        ),
        (
            lambda: events.swap_event(2, swap),
            Event.of("pairs.swap", seat=2, subject="B", zone=2, other_subject="D", other_zone=5),
        ),
        (
            lambda: events.exchange_event(1, 4, 0, 5),
            Event.of("pairs.exchange", zone=4, seat=1, given="A", partner_seat=0, taken="F"),
        ),
    ]
    cases += [
        (lambda: events.connects_event(2), Event.of("pairs.connects", seat=2, partner_seat=3)),
        (lambda: events.done_event(3, False), Event.of("pairs.done", seat=3)),
        (lambda: events.done_event(3, True), Event.of("pairs.pass", seat=3)),
        (lambda: events.offer_event(0, 4, 6), Event.of("pairs.offer", seat=0, subject="E", zone=6)),
        (lambda: events.round_event(7, 3), Event.of("pairs.round", round=7, pawn=3)),
    ]
    made = []
    for make, fresh in cases:
        first = make()
        assert first is make()
        assert first == fresh and list(first.params) == list(fresh.params)
        made.append(first)
    assert len({id(event) for event in made}) == len(made)
    assert events.move_event(3, 2, 1, 5) != made[0] and events.take_event(0, 5, (3,)) != made[1]
    late = events.round_event(5000, 3)  # beyond the rounds kept: a new one, still equal
    assert late == Event.of("pairs.round", round=5000, pawn=3) and late is not events.round_event(
        5000, 3
    )


@pytest.mark.parametrize(
    "options",
    [{"num_players": 2}, {"num_players": 4, "key": "random"}, {"num_players": 8, "max_rounds": 6}],
)
def test_protocol_queries_answer_as_the_base_class(options: dict[str, object]) -> None:
    """``is_terminal``, ``is_chance_node`` and ``active_players`` answer as ``State``'s own
    (through ``current_player``) at every position of random games; ``active_players`` hands
    out one set per seat (it is immutable), not a new one per call."""
    game = load("pairs", **options)
    rng = random.Random(len(options))
    for _ in range(2):
        state = game.new_initial_state()
        while True:
            assert state.is_terminal() == State.is_terminal(state)
            assert state.is_chance_node() == State.is_chance_node(state)
            assert state.active_players() == State.active_players(state)
            assert state.active_players() is state.active_players()
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
                continue
            player = min(state.active_players())
            state.apply_legal_action(rng.choice(state.legal_actions(player)), player)


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


def _plain_takes(state: PairsState, seat: int) -> list[object]:
    """PG-12, PG-13 as first written: the zones with room listed, then the takes."""
    assert state.dice is not None
    key = state.keys[components.pair_of(seat)]
    assert key is not None
    zones, supply = state.zones[seat], state.supply[components.pair_of(seat)]
    a, b, c = state.dice
    found: list[object] = []
    for s, p, q in ((a, b, c), (b, a, c), (c, a, b)):
        subject = key[s - 1]
        room = [z for z in (p, q) if len(zones[z - 1]) < components.ZONE_SIZE]
        if supply[subject] >= 2 and len(room) == 2:
            found.append(Take(subject, (p, q)))
        elif supply[subject] == 1 and state.cfg.take_partial:
            found += [Take(subject, (z,)) for z in room]
    return found


@pytest.mark.parametrize("short", ["partial", "forbid"])
def test_the_takes_are_the_plain_definitions(short: str) -> None:
    game = load("pairs", 2, take_short_supply=short, tokens_per_subject=4, max_rounds=60)
    rng = random.Random(11)
    seen = 0
    for _ in range(4):
        state = game.new_initial_state()
        assert isinstance(state, PairsState)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
                continue
            seat = state.turn_seat
            if state.stage == "choose" and seat is not None and state.dice is not None:
                assert legal.take_actions(state, seat) == _plain_takes(state, seat)
                seen += 1
            player = min(state.active_players())
            state.apply_legal_action(rng.choice(state.legal_actions(player)), player)
    assert seen > 50
