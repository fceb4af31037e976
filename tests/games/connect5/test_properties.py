"""Properties of random games: tokens are conserved, no stack exceeds two, no double stands
on a single dot, no Connect 5 of any seat is left standing while the round goes on (AMB-24:
the check after each action must see every run it completed); the fast legality check
agrees with the generated actions; every illegal candidate is refused without changing
anything; and the conformance suite with 5 players on both shipped boards (the suite itself
runs 2-4 players)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from connect_arena.core import CHANCE, IllegalActionError, load, sample_chance_outcome
from connect_arena.games.connect5 import legal
from connect_arena.games.connect5.notation import Connect5Action, Jump, Place, Split, Stack, Step
from connect_arena.games.connect5.rules import Connect5State
from tests.games import test_conformance as conformance
from tests.games.connect5.helpers import P2, check_invariants

OPTION_SETS: list[dict[str, object]] = [
    {},
    {"double_capture_removes": "top", "retrace_rule": "previous_turn", "stack_by_step": True},
    {"sandwich_in_chain": True, "jump_turn_at_T_dot": True, "t_turns": "from_stem"},
    {
        "retrace_rule": "no_revisit",
        "tie_break": "connect5_then_captures",
        "round_end": "mover_stuck",
    },
    {"sandwich_mode": "strict_only_double_start", "capture_compulsory": True, "mode": "full"},
    {"connect5_straight_only": True, "end_without_connect5": False, "idle_limit": 60},
]


def candidates(state: Connect5State) -> list[Connect5Action]:
    """Every placement, stack, step and split on the board, and every single jump and
    sandwich the geometry allows, legal or not."""
    ids, topo = state.cfg.ids, state.cfg.topo
    found: list[Connect5Action] = [Place(d) for d in ids] + [Stack(d) for d in ids]
    for a in range(len(ids)):
        for b in range(len(ids)):
            if a != b and (topo.adjacent(a, b) or (a + b) % 7 == 0):
                found += [Step(ids[a], ids[b]), Split(ids[a], ids[b])]
        for jump in topo.jumps[a]:
            path = (ids[a], ids[jump.over], ids[jump.to])
            found += [Jump(path), Jump(path, sandwich=True)]
    return found


def playout(
    board: str, players: int, options: dict[str, object], seed: int, limit: int
) -> list[Connect5State]:
    """A seeded random game (at most ``limit`` actions); returns sampled positions."""
    state = load("connect5", players, board=board, **options).new_initial_state()
    assert isinstance(state, Connect5State)
    rng = random.Random(seed)
    samples = []
    for count in range(limit):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng), CHANCE)
            continue
        if count % 9 == 0:
            samples.append(state.clone())
        player = state.current_player
        state.apply_action(rng.choice(state.legal_actions(player)), player)
        check_invariants(state)
    return samples


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
@pytest.mark.parametrize(
    ("board", "players"), [("t1", 2), ("t1", 4), ("basic", 2), ("basic", 5), ("advanced", 3)]
)
def test_random_games_keep_the_invariants(
    board: str, players: int, options: dict[str, object]
) -> None:
    """Checked after every action (``check_invariants``)."""
    for seed in range(2):
        playout(board, players, options, seed, 600)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
@pytest.mark.parametrize("players", [2, 3])
def test_illegal_candidates_are_refused_and_the_fast_path_agrees(
    players: int, options: dict[str, object]
) -> None:
    """On T1: every candidate that is not generated raises ``IllegalActionError`` and leaves
    the state as it was; the fast legality check never accepts one."""
    for seed in range(2):
        for state in playout("t1", players, options, seed, 300)[::2]:
            player = state.current_player
            allowed = set(state.legal_actions(player))
            for action in candidates(state):
                fresh = state.clone()
                fresh._legal = None
                if legal.quick_legal(fresh, action, player):
                    assert action in allowed, f"fast path accepts illegal {action}"
                if action in allowed:
                    continue
                before = json.dumps(fresh.observation(0), sort_keys=True)
                with pytest.raises(IllegalActionError):
                    fresh.apply_action(action, player)
                assert json.dumps(fresh.observation(0), sort_keys=True) == before


def test_the_fast_path_covers_ordinary_moves() -> None:
    """With the default options the fast path decides every legal place/stack/step/split
    (so replays seldom generate every action)."""
    for state in playout("basic", 2, {}, 5, 300):
        player = state.current_player
        for action in state.legal_actions(player):
            if isinstance(action, Place | Stack | Step | Split):
                fresh = state.clone()
                fresh._legal = None
                assert legal.quick_legal(fresh, action, player), str(action)


@pytest.mark.parametrize("board", ["basic", "advanced"])
def test_conformance_with_five_players(board: str) -> None:
    options: dict[str, Any] = {"board": board}
    conformance.test_random_playouts_conform("connect5", 5, options)


def test_the_invariant_check_sees_broken_positions() -> None:
    from tests.games.connect5.helpers import position

    state = position("P1²:a1, P2:a0")
    state.supply[P2] += 1
    assert state.invariant_violations() == [
        "a double on the single dot a1",
        "Blue's tokens are not conserved",
    ]
    with pytest.raises(AssertionError, match="a double on the single dot a1"):
        state.check_invariants()
