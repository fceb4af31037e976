"""The conformance suite: every registered game obeys the engine protocol (design.md "Habits").

Seeded random playouts of each game, each player count and a few option sets check, after
every action: legal actions exist until the end, every legal action's notation round-trips,
clones are independent, the record of the history replays to the same state, returns are
defined at the end, and each game's own invariants hold (``INVARIANTS``).
"""

from __future__ import annotations

import json
import math
import os
import random
from collections.abc import Callable
from typing import Any

import pytest

from connect_arena.core import (
    CHANCE,
    Action,
    State,
    game_names,
    load,
    record_of,
    replay,
    sample_chance_outcome,
)
from connect_arena.games.quinque import geometry
from connect_arena.games.quinque.rules import QuinqueState

MAX_ACTIONS = 3000
EXTRA_OPTIONS: dict[str, list[dict[str, object]]] = {
    "quinque": [{"advanced": True}, {"connectivity": "corner", "add_adjacency": "corner"}],
    "connect5": [
        {"board": "advanced"},
        {
            "board": "t1",
            "mode": "full",
            "double_capture_removes": "top",
            "retrace_rule": "previous_turn",
            "sandwich_in_chain": True,
            "stack_by_step": True,
            "jump_turn_at_T_dot": True,
            "t_turns": "from_stem",
        },
    ],
    "connnect": [
        {
            "setup": "individual",
            "setup_spaces": "groups",
            "order_rule": "cyclic",
            "order_adjacency": "all_pairs",
            "connect4_shapes": "path",
            "repeat_connect4": "forbidden",
            "same_card_twice": True,
            "empty_section": "forbidden",
            "adjust": "dice",
            "crossed_counts": False,
            "circles": "final",
            "elimination": "keep_score",
            "lightning": "forbidden",
            "objectives": "first",
            "returns": "score",
        },
        {"move_source": "empty", "adjust": "split", "objectives": "decreasing"},
    ],
    # Default-option random games of pairs can run very long (PG-5): they stop at
    # MAX_ACTIONS; these sets end by a round limit or a short track.
    "pairs": [
        {
            "max_rounds": 30,
            "manches": 2,
            "key": "random",
            "turn_order": "interleaved",
            "connect_chooser": "active",
            "event_trigger": "recheck",
            "partner_matching": "advice",
            "double_swap": "optional",
            "take_short_supply": "partial",
        },
        {
            "track_step": 10,
            "track_end": "end",
            "play_on": True,
            "double_empty_zone": "forward",
            "connect_swaps": "mandatory",
            "repeated_subject": "nothing",
            "replacement": "optional",
        },
    ],
}


def check_quinque(state: State[Any]) -> None:
    """Parachutes are conserved and the formation stays one edge-connected piece."""
    assert isinstance(state, QuinqueState)
    cfg = state.cfg
    assert sum(state.supply) + len(state.marks) == 2 * cfg.parachutes
    assert state.stack + len(state.tiles) == cfg.tiles
    assert all(geometry.tile_of(s, cfg.side) in state.tiles for s in state.marks)
    assert geometry.connected(state.tiles, cfg.connect_nbrs)
    assert all(state.parachutes_on(tile) >= 1 for tile in state.tiles)


INVARIANTS: dict[str, Callable[[State[Any]], None]] = {
    "quinque": check_quinque,
    "connect5": lambda state: state.check_invariants(),  # type: ignore[attr-defined]
    "connnect": lambda state: state.check_invariants(),  # type: ignore[attr-defined]
    "pairs": lambda state: state.check_invariants(),  # type: ignore[attr-defined]
}


def _cases() -> list[Any]:
    cases = []
    for name in game_names():
        cls = load(name).__class__
        for players in cls.player_counts[:3]:
            for options in [{}, *EXTRA_OPTIONS.get(name, [])]:
                label = f"{name}-{players}p" + "".join(f"-{k}={v}" for k, v in options.items())
                cases.append(pytest.param(name, players, options, id=label))
    return cases


def _snapshot(state: State[Any]) -> str:
    views = [state.observation(p) for p in range(state.game.num_players)]
    last = str(state.history[-1].action) if state.history else ""
    return json.dumps([views, len(state.history), last], sort_keys=True)


def _replay_due(count: int) -> bool:
    """Replaying costs the whole history: often early in a game, rarely in long games."""
    return count % 25 == 0 and (count < 300 or count % 500 == 0)


def _node_due(count: int) -> bool:
    """Every node of a game's first 100 actions, then every third: a long game (thousands of
    actions) still has each of its phases checked, at a third of the cost."""
    return count < 100 or count % 3 == 0


def _check_node(state: State[Any], rng: random.Random) -> None:
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert outcomes and math.isclose(sum(p for _, p in outcomes), 1.0)
        assert state.active_players() == frozenset()
        for action, _ in outcomes:
            assert state.parse_action(str(action), CHANCE) == action
        return
    active = state.active_players()
    assert active, "a non-terminal state must have an active player"
    for player in active:
        actions = state.legal_actions(player)
        assert actions, f"{state.game.seat_name(player)} has no legal action"
        assert len(set(actions)) == len(actions), "duplicate legal actions"
        for action in actions:
            assert state.parse_action(str(action), player) == action
    for player in set(range(state.game.num_players)) - active:
        assert state.legal_actions(player) == []
    json.dumps(state.public_observation())  # a spectator's view exists and is JSON
    # Clone independence: acting on the clone leaves the original untouched.
    before = _snapshot(state)
    twin = state.clone()
    player = min(active)
    twin.apply_action(rng.choice(twin.legal_actions(player)), player)
    assert _snapshot(state) == before


SEEDS = range(max(1, int(os.environ.get("CONFORMANCE_SEEDS", "3"))))
"""The seeded playouts of each case: three, or as many as ``CONFORMANCE_SEEDS`` says (the
pure-Python run of ``tests/test_build.py`` plays the first one: the same code paths)."""


@pytest.mark.parametrize(("name", "players", "options"), _cases())
def test_random_playouts_conform(name: str, players: int, options: dict[str, object]) -> None:
    game = load(name, players, **options)
    invariant = INVARIANTS.get(name)
    for seed in SEEDS:
        rng = random.Random(seed)
        state: State[Action] = game.new_initial_state()
        for count in range(MAX_ACTIONS):
            if state.is_terminal():
                break
            if _node_due(count):
                _check_node(state, rng)
            if state.is_chance_node():
                state.apply_action(sample_chance_outcome(state, rng))
            else:
                player = min(state.active_players())
                state.apply_action(rng.choice(state.legal_actions(player)), player)
            if invariant is not None:
                invariant(state)
            if _replay_due(count):
                _check_replay(state)
        _check_replay(state)
        if state.is_terminal():
            returns = state.returns()
            assert len(returns) == players and all(math.isfinite(r) for r in returns)
            assert state.legal_actions() == [] and state.active_players() == frozenset()


def _check_replay(state: State[Any]) -> None:
    seats = [f"seat{i}" for i in range(state.game.num_players)]
    record = record_of(state, seats)
    again = replay(json.loads(record.to_json()))
    assert _snapshot(again) == _snapshot(state)
    assert [str(e.action) for e in again.history] == [str(e.action) for e in state.history]
    assert again.is_terminal() == state.is_terminal()
    assert again.returns() == state.returns()
