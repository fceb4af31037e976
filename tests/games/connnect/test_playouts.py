"""Whole games: the conformance checks with 4 players (the shared suite runs 1-3), and games
by an eager player that claims whenever it can, so that late-game rules (Connect-5 cards,
score cards, objectives, bonus combos) are exercised; invariants hold after every action and
the record replays."""

from __future__ import annotations

import json
import random

import pytest

from connect_arena.core import CHANCE, load, record_of, replay, sample_chance_outcome
from connect_arena.games.connnect.notation import Change, Claim, Done, Skip, Take, Write
from connect_arena.games.connnect.rules import ConnnectState
from tests.games.test_conformance import _check_node, _check_replay


@pytest.mark.parametrize("seed", [0, 1])
def test_four_player_random_playouts_conform(seed: int) -> None:
    rng = random.Random(seed)
    state = load("connnect", 4).new_initial_state()
    count = 0
    while not state.is_terminal():
        _check_node(state, rng)
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng), CHANCE)
        else:
            seat = min(state.active_players())
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        state.check_invariants()  # type: ignore[attr-defined]
        count += 1
        if count % 40 == 0:
            _check_replay(state)
    _check_replay(state)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"move_source": "empty", "adjust": "split", "objectives": "decreasing"}),
        (3, {"move_source": "empty", "adjust": "split", "elimination": "keep_score"}),
    ],
)
def test_random_playouts_with_the_newer_options_conform(
    players: int, options: dict[str, object]
) -> None:
    """The options added after the review (CN-16 (b), CN-17, CN-28 (c)) under the shared
    conformance checks (tests/games/test_conformance.py lists the older ones)."""
    rng = random.Random(players)
    state = load("connnect", players, **options).new_initial_state()
    count = 0
    while not state.is_terminal():
        _check_node(state, rng)
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng), CHANCE)
        else:
            seat = rng.choice(sorted(state.active_players()))
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        state.check_invariants()  # type: ignore[attr-defined]
        count += 1
        if count % 60 == 0:
            _check_replay(state)
    _check_replay(state)


def eager(state: ConnnectState, seat: int, rng: random.Random) -> object:
    """Claim Connect-4/5 whenever possible and Connect-3 from round 7, take bonuses, write,
    avoid Free Actions."""
    actions = state.legal_actions(seat)
    claims = [a for a in actions if isinstance(a, Claim) and (len(a.cells) > 3 or state.round > 6)]
    if claims:
        return max(claims, key=lambda a: (len(a.cells), rng.random()))
    for kind in (Take, Write, Skip, Done):
        chosen = [a for a in actions if isinstance(a, kind)]
        if chosen:
            return rng.choice(chosen)
    rest = [a for a in actions if not isinstance(a, Change)]
    return rng.choice(rest or actions)


@pytest.mark.parametrize(
    ("players", "seed", "connect5"), [(1, 6, True), (2, 0, False), (3, 1, True), (4, 0, False)]
)
def test_eager_games_keep_the_invariants_and_replay(
    players: int, seed: int, connect5: bool
) -> None:
    rng = random.Random(seed)
    state = load("connnect", players).new_initial_state()
    assert isinstance(state, ConnnectState)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng), CHANCE)
        else:
            seat = min(state.active_players())
            state.apply_action(eager(state, seat, rng), seat)  # type: ignore[arg-type]
        state.check_invariants()
    assert state.round == 12
    claims = [len(claim.cells) for sheet in state.sheets for claim in sheet.claims]
    assert claims.count(3) > 0 and (claims.count(5) > 0) is connect5
    assert (len(state.score_cards) == 3) is connect5 and len(state.face_down) == connect5
    for score in state.scores():
        breakdown = score.as_dict()
        assert breakdown["total"] == score.total
    record = record_of(state, [f"p{i}" for i in range(players)])
    again = replay(json.loads(record.to_json()))
    assert again.returns() == state.returns()
    assert [s.total for s in again.scores()] == [s.total for s in state.scores()]  # type: ignore[attr-defined]
