"""The protocol's fast paths against the base class's plain versions (issue 24).

* :class:`~connect_arena.core.state.ChanceTable` draws what ``rng.choices`` drew before (the
  same outcome for the same seed), so seeded games, tests and records are unchanged;
* :func:`~connect_arena.core.state.history_entry` builds a ``HistoryEntry`` equal to the
  named tuple's own constructor;
* Connect 5's and Connect Pairs' own ``legal_actions`` and ``apply_legal_action`` give what
  :class:`~connect_arena.core.state.State`'s do, along random games, for every seat asked.
"""

from __future__ import annotations

import pickle
import random

import pytest

from connect_arena.core import CHANCE, State, load, sample_chance_outcome
from connect_arena.core.game import Action, HistoryEntry
from connect_arena.core.state import ChanceTable, history_entry


def reference_sample(state: State[Action], rng: random.Random) -> Action:
    """The draw before the chance tables: ``rng.choices`` over the outcomes."""
    outcomes = state.chance_outcomes()
    actions = [action for action, _ in outcomes]
    weights = [probability for _, probability in outcomes]
    return rng.choices(actions, weights=weights, k=1)[0]


@pytest.mark.parametrize("seed", range(5))
def test_a_chance_table_draws_what_random_choices_drew(seed: int) -> None:
    outcomes: list[tuple[object, float]] = [("a", 0.5), ("b", 0.125), ("c", 0.375)]
    table, new, old = ChanceTable(outcomes), random.Random(seed), random.Random(seed)
    drawn = [table.sample(new) for _ in range(500)]
    expected = [old.choices(["a", "b", "c"], weights=[0.5, 0.125, 0.375])[0] for _ in range(500)]
    assert drawn == expected
    assert new.random() == old.random()  # one ``random()`` per draw, as before


def test_an_empty_chance_table_refuses_to_draw() -> None:
    with pytest.raises(ValueError, match="not a chance node"):
        ChanceTable([]).sample(random.Random(1))
    with pytest.raises(ValueError, match="not a chance node"):
        sample_chance_outcome(load("pairs", 2).new_initial_state(), random.Random(1))


def test_history_entry_equals_the_named_tuple() -> None:
    entry = history_entry(1, "x", True)
    assert entry == HistoryEntry(1, "x", True)
    assert type(entry) is HistoryEntry
    assert (entry.player, entry.action, entry.simultaneous) == (1, "x", True)
    assert history_entry(0, "y") == HistoryEntry(0, "y", False)
    assert pickle.loads(pickle.dumps(entry)) == entry


GAMES = [("connect5", 2), ("connect5", 3), ("pairs", 2), ("pairs", 4)]


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_fast_protocol_paths_equal_the_base_class(name: str, players: int) -> None:
    """Along the first 300 actions of random games: the same legal actions for every seat
    (and chance), the same chance draws as before, the same history and returns as the base
    class's apply."""
    game = load(name, players)
    for seed in range(3):
        rng, old = random.Random(seed), random.Random(seed)
        fast, plain = game.new_initial_state(), game.new_initial_state()
        while not fast.is_terminal() and len(fast.history) < 300:
            for seat in [None, CHANCE, *range(players)]:
                assert fast.legal_actions(seat) == State.legal_actions(plain, seat)
            if fast.is_chance_node():
                action, player = sample_chance_outcome(fast, rng), CHANCE
                assert action == reference_sample(plain, old)
            else:
                player = fast.current_player
                action = rng.choice(fast.legal_actions())
                old.choice(State.legal_actions(plain))
            fast.apply_legal_action(action, player)
            State.apply_legal_action(plain, action, player)
            assert fast.history[-1] == plain.history[-1]
            assert type(fast.history[-1]) is HistoryEntry
            assert fast.returns() == plain.returns()
            assert fast.current_player == plain.current_player
