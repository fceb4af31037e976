"""What each viewer may see (review findings 2, 7, 12) and why an action is refused
(finding 13)."""

from __future__ import annotations

import json
import random

import pytest
from rich.text import Text

from connect_arena.core import CHANCE, IllegalActionError, InvalidActionError
from connect_arena.games.connnect import sheet as geo
from connect_arena.games.connnect.explain import explain
from connect_arena.games.connnect.notation import parse_action
from connect_arena.games.connnect.rules import ConnnectState
from connect_arena.service.messages import spectator_observation
from tests.games.connnect.helpers import LISA, LUCAS, MIA, at_claim, at_fill, grant, play


def plain(markup: str) -> str:
    return Text.from_markup(markup).plain


# ----- finding 2: spectators ----------------------------------------------------------------------


def test_spectators_see_no_choice_before_the_phase_ends() -> None:
    """CN-36 (commit and reveal): a spectator sees each sheet as the other players do — as it
    was when the simultaneous phase began — and no player's private numbers or zone."""
    state = at_fill(players=3)
    before = state.public_observation()
    assert "you" not in before and json.loads(json.dumps(before)) == before
    grant(state, LISA, 0, 3)
    play(state, LISA, "switch 5", "write 2 a3")
    play(state, MIA, "write 2 a1")
    after = state.public_observation()
    assert after["sheets"] == before["sheets"]
    assert after["sheets"][LISA]["values"][geo.parse_cell("a3") or 0] == 0
    for seat in range(3):
        other = (seat + 1) % 3
        assert after["sheets"][seat] == state.observation(other)["sheets"][seat]
    assert spectator_observation(state) == after  # what the server sends spectators


def test_spectators_see_everything_once_the_phase_resolves() -> None:
    state = at_fill(players=2, sheets={LISA: {"a3": 1, "b3": 1, "c3": 1}})
    play(state, LISA, "write 2 a1", "write 5 a2")
    play(state, LUCAS, "write 2 b1", "write 5 b2")
    public = state.public_observation()
    assert public["phase"] == "claim"
    assert [public["sheets"][LISA]["values"][i] for i in (0, 6)] == [2, 5]
    assert public["sheets"] == state.observation(LISA)["sheets"]


@pytest.mark.parametrize("seat", [-1, 2, 7])
def test_observation_and_render_refuse_a_seat_outside_the_game(seat: int) -> None:
    """``observation(-1)`` used to return the last seat's private view (negative index)."""
    state = at_fill(players=2)
    with pytest.raises(ValueError, match="no seat"):
        state.observation(seat)
    with pytest.raises(ValueError, match="no seat"):
        state.render(seat)
    assert "Blue" in state.render(None)  # the shared screen


# ----- finding 7: observations are copies ---------------------------------------------------------


def test_editing_an_observation_changes_nothing() -> None:
    state = at_fill(players=2)
    clone = state.clone()
    for view in (state.observation(LUCAS), state.public_observation(), state.observation(LISA)):
        for sheet in view["sheets"]:
            sheet["values"][0] = 6
            sheet["bonuses"][0][0]["circled"] = True
        view["cards_face_up"].clear()
    for current in (state, clone):
        for view in (current.observation(LUCAS), current.public_observation()):
            assert all(sheet["values"][0] == 0 for sheet in view["sheets"])
            assert not view["sheets"][LISA]["bonuses"][0][0]["circled"]
            assert len(view["cards_face_up"]) == 4


# ----- finding 12: the Free Action track ----------------------------------------------------------


@pytest.mark.parametrize("used", range(8))
def test_leftmost_available_box_shows_the_penalty(used: int) -> None:
    """ "When a Free Action is used, the player crosses the leftmost box on the Free Action
    track. At the end of the game, the player gets minus points shown on the leftmost
    available box." The drawn track's first uncrossed box is the score's penalty."""
    state = at_fill(players=2)
    state.sheets[LISA].free_actions = used
    line = next(x for x in plain(state.render(LISA)).splitlines() if "Free Actions:" in x)
    boxes = line.split("Free Actions:")[1].split()
    assert boxes[:used] == ["✗"] * used and len(boxes) == 8
    penalty = state.scores()[LISA].penalty
    assert boxes[used] == (f"[-{penalty}]" if penalty else "[0]")


# ----- finding 13: every refusal says why ---------------------------------------------------------


def test_a_player_who_is_done_is_told_so() -> None:
    state = at_claim(2, {LISA: {"a1": 1, "b1": 1, "c1": 1}, LUCAS: {"a1": 1, "b1": 1, "c1": 1}})
    state.apply_action("done", LISA)
    with pytest.raises(IllegalActionError, match="Blue is done with this Claim Phase"):
        state.apply_action("claim I3 a1 b1 c1", LISA)


def test_a_player_out_of_the_game_is_told_so() -> None:
    state = at_fill(players=3)
    state.sheets[LUCAS].out = 1
    state.done[LUCAS] = True
    with pytest.raises(IllegalActionError, match="Red is out of the game since round 1"):
        state.apply_action("write 2 a1", LUCAS)


def _candidates(rng: random.Random) -> list[str]:
    names = [geo.cell_name(c) for c in range(36)]
    v, w = rng.randint(1, 6), rng.randint(1, 6)
    shape, size = rng.choice([("I3", 3), ("L3", 3), ("O4", 4), ("T4", 4), ("F", 5), ("A", 5)])
    claim = f"claim {shape} " + " ".join(rng.sample(names, size))
    return [
        f"write {v} {rng.choice(names)}",
        f"change {v} {w}",
        f"skip {v}",
        f"switch {v}",
        f"adjust {rng.choice(names)} {rng.choice(['+1', '-1', '+2', '-2'])}",
        f"adjust {v} {rng.choice(['+1', '-2'])}",
        f"move {rng.choice(names)}",
        claim + rng.choice(["", " reuse"]),
        f"take {rng.randint(0, 12)}",
        "done",
        f"zone {v}",
    ]


@pytest.mark.parametrize("seed", range(6))
def test_no_refusal_is_unexplained(seed: int) -> None:
    """Random games with bonuses handed out; every well-formed action an active player may
    not take gets a specific reason, never the generic "... is not legal now"."""
    rng = random.Random(seed)
    state = at_fill(players=2)
    for seat in (LISA, LUCAS):
        for section, slot in ((0, 1), (0, 3), (0, 5), (0, 9), (1, 2)):
            if rng.random() < 0.7:
                grant(state, seat, section, slot)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions(CHANCE)), CHANCE)
            continue
        seat = rng.choice(sorted(state.active_players()))
        _check_explanations(state, seat, rng)
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)


def _check_explanations(state: ConnnectState, seat: int, rng: random.Random) -> None:
    legal_now = set(state.legal_actions(seat))
    for text in _candidates(rng):
        try:
            action = parse_action(text, state.comps)
        except InvalidActionError:
            continue
        if action not in legal_now:
            reason = explain(state, action, seat)
            assert reason, f"{text!r} in {state.phase} has no reason"
