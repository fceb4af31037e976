"""Rules not pinned by a scenario or a register entry: Free Actions, elimination, bonuses,
objectives, the end of the game, solo mode, simultaneous phases and records."""

from __future__ import annotations

import json

import pytest

from connect_arena.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    IllegalActionError,
    InvalidRecordError,
    record_of,
    replay,
)
from connect_arena.games import load
from connect_arena.games.connnect import sheet as geo
from tests.games.connnect.helpers import (
    LISA,
    LUCAS,
    MIA,
    at_claim,
    at_fill,
    at_roll,
    cell,
    claim_phase,
    dealt,
    finish,
    grant,
    play,
    texts,
)

ZONE4 = {geo.cell_name(c): 1 for c in range(12)}


def test_free_action_track_has_seven_boxes() -> None:
    """ "Free Action can be used up to 7 times": the 7th use is allowed."""
    state = at_fill()
    state.sheets[LISA].free_actions = 6
    state.apply_action("change 2 3", LISA)
    assert state.sheets[LISA].free_actions == 7
    assert not [t for t in texts(state, LISA) if t.startswith("change")]
    with pytest.raises(IllegalActionError, match="all 7 Free Actions are used"):
        state.apply_action("change 5 6", LISA)


def test_a_helpful_switch_saves_a_player_from_elimination() -> None:
    """CN-21: out only when no bonus can help: a Switch to a zone with space keeps him in."""
    state = at_roll(2, sheets={LUCAS: ZONE4})
    state.sheets[LUCAS].free_actions = 7
    grant(state, LUCAS, 0, 3)
    state.apply_action("roll 2 4 5", CHANCE)
    state.apply_action("zone 4", LISA)
    assert not state.sheets[LUCAS].out
    assert texts(state, LUCAS) == ["switch 2", "switch 5"]
    state.apply_action("switch 5", LUCAS)
    assert state.zone[LUCAS] == 5 and state.pending[LUCAS] == [2, 4]


def test_a_switch_to_a_full_zone_does_not_count() -> None:
    full = ZONE4 | {f"{c}{r}": 1 for c in "abcdef" for r in (3, 4, 5, 6)}
    state = at_roll(2, sheets={LUCAS: full})
    state.sheets[LUCAS].free_actions = 7
    grant(state, LUCAS, 0, 3)
    state.apply_action("roll 2 4 5", CHANCE)
    state.apply_action("zone 4", LISA)
    assert state.sheets[LUCAS].out == 1


def test_a_triple_needs_no_zone_choice() -> None:
    state = at_roll(2)
    state.apply_action("roll 3 3 3", CHANCE)
    assert state.phase == "fill" and state.zone == [3, 3] and state.pending == [[3, 3], [3, 3]]


def test_switch_is_not_offered_when_it_changes_nothing() -> None:
    state = at_fill(dice="4 4 5", zone=4)
    grant(state, LISA, 0, 3)
    assert [t for t in texts(state, LISA) if t.startswith("switch")] == ["switch 5"]


def test_move_number_in_the_fill_phase() -> None:
    """ "A player can use ... Move Number Bonus ... to make filling the numbers easier"."""
    state = at_fill(sheets={LISA: {"c3": 2}})
    grant(state, LISA, 0, 1)
    play(state, LISA, "move c3", "write 2 f6")
    assert state.pending[LISA] == [2, 5] and not state.done[LISA]
    play(state, LISA, "write 2 a1", "write 5 a2")
    assert state.done[LISA]


def test_write_a_number_bonus_goes_anywhere() -> None:
    """ "Immediately write the depicted number anywhere in the play area." """
    state = at_claim(2, {LISA: {"a1": 2, "b1": 2, "c1": 2}})
    play(state, LISA, "claim I3 a1 b1 c1", "take 8")
    assert len(texts(state, LISA)) == 33 and texts(state, LISA)[0] == "write 6 d1"
    state.apply_action("write 6 f6", LISA)
    assert state.sheets[LISA].values[cell("f6")] == 6


def test_a_circled_bonus_cannot_be_taken_twice() -> None:
    state = at_claim(2, {LISA: {"a1": 2, "b1": 2, "c1": 2, "a2": 2, "b2": 2, "c2": 2}})
    play(state, LISA, "claim I3 a1 b1 c1", "take 3", "claim I3 a2 b2 c2")
    assert "take 3" not in texts(state, LISA)
    with pytest.raises(IllegalActionError, match="bonus space 3 is not free"):
        state.apply_action("take 3", LISA)
    with pytest.raises(IllegalActionError, match="first circle a bonus"):
        state.apply_action("done", LISA)


def test_two_different_cards_in_one_round_score_the_same_card() -> None:
    """CN-12/CN-13: two different face-up cards in one Claim Phase each score the top score
    card; one score card goes at the end of the round."""
    v_and_p = {"a1": 1, "a2": 1, "a3": 1, "b3": 1, "c3": 1, "d1": 2, "e1": 2, "d2": 2}
    state = at_claim(2, {LISA: v_and_p | {"e2": 2, "d3": 2}})
    play(state, LISA, "claim F a1 a2 a3 b3 c3", "claim D d1 e1 d2 e2 d3")
    finish(state, LISA)
    assert state.sheets[LISA].connect5 == [("F", 16), ("D", 16)]
    assert state.score_cards == [14, 13, 12] and state.face_up == ["B", "G"]


def test_claims_only_in_the_claim_phase() -> None:
    state = at_fill(sheets={LISA: {"a3": 2, "b3": 2, "c3": 2}})
    with pytest.raises(IllegalActionError, match="claimed in the Claim Phase"):
        state.apply_action("claim I3 a3 b3 c3", LISA)


def test_lucas_writes_four_points_for_an_objective_at_the_end_of_the_round() -> None:
    """ "Lucas can complete the Objective Card, so he writes down 4 points in the scoring
    section." Objectives are checked at the end of each round, once per card."""
    blocks = ["a1", "b1", "a2", "b2", "c1", "d1", "c2", "d2", "a3", "b3", "a4", "b4"]
    state = at_claim(2, {LUCAS: dict.fromkeys(blocks, 1)})
    assert state.sheets[LUCAS].objectives == {}
    finish(state, LUCAS)
    assert state.sheets[LUCAS].objectives == {"A1": 4}
    assert state.scores()[LUCAS].objectives == (4,)
    claim_phase(state, 2)
    finish(state, LISA, LUCAS)
    assert state.scores()[LUCAS].objectives == (4,)


def test_the_game_ends_after_round_twelve() -> None:
    state = at_roll(2, round_number=12)
    state.apply_action("roll 1 1 1", CHANCE)
    play(state, LISA, "write 1 a1", "write 1 a2")
    play(state, LUCAS, "write 1 a1", "write 1 a2")
    assert state.is_terminal() and state.current_player == TERMINAL
    assert state.legal_actions() == [] and state.active_players() == frozenset()
    assert state.returns() == [1.0, 1.0]  # 0 points each, no penalty: shared victory


def test_returns_option_score() -> None:
    state = at_roll(2, sheets={LISA: {"a1": 1, "b1": 2, "a2": 3, "b2": 4}}, returns="score")
    assert state.returns() == [1.0, 0.0]


def test_solo_score_attack() -> None:
    """CN-39: 1 player (ours): no first-player draw; returns are the score."""
    state = load("connnect", 1).new_initial_state()
    state.apply_action("objectives A1 B1 C1", CHANCE)
    state.apply_action("cards A B C D", CHANCE)
    assert state.phase == "setup_roll"  # type: ignore[attr-defined]
    state.apply_action("roll 1 2 3", CHANCE)
    assert state.current_player == 0  # one player: not a simultaneous node
    play(state, 0, "write 1 a1", "write 2 a2", "write 3 a3")  # type: ignore[arg-type]
    assert state.returns() == [0.0]
    assert "SOLO score attack" in state.render()


def test_simultaneous_phase_any_order_and_independent_actions() -> None:
    """docs/rules/connnect.md §Flow: each active player acts in any order and is done
    independently; a player's choices do not depend on what the others did in the phase."""
    state = at_fill(players=3)
    assert state.current_player == SIMULTANEOUS
    assert state.active_players() == {LISA, LUCAS, MIA}
    before = texts(state, LUCAS)
    state.apply_action("write 5 a1", MIA)
    state.apply_action("write 2 a1", LISA)
    assert texts(state, LUCAS) == before
    with pytest.raises(IllegalActionError, match="say which seat acts"):
        state.apply_action("write 2 a1")
    play(state, MIA, "write 2 a2")
    assert state.active_players() == {LISA, LUCAS}
    assert state.legal_actions(MIA) == []


def _record_game() -> tuple[object, list[object]]:
    state = dealt(3)
    state.apply_action("roll 1 3 4", CHANCE)
    for seat in (2, 0, 1):
        play(state, seat, "write 1 a1", "write 3 a2", "write 4 a3")
    state.apply_action("roll 2 4 6", CHANCE)
    for seat in (1, 2, 0):
        play(state, seat, "write 2 b4", "write 4 d4", "write 6 f4")
    state.apply_action("roll 2 4 5", CHANCE)
    state.apply_action("zone 4", LISA)
    play(state, LUCAS, "write 2 b1", "write 5 b2")
    return state, record_of(state, ["a", "b", "c"]).actions


def test_records_tag_simultaneous_actions_with_their_seat_and_replay() -> None:
    state, actions = _record_game()
    assert actions[:4] == ["objectives A1 B1 C1", "cards B D F G", "first 0", "roll 1 3 4"]
    tagged = [a for a in actions if not isinstance(a, str)]
    assert tagged[0].seat == MIA and tagged[0].action == "write 1 a1"  # type: ignore[attr-defined]
    assert "zone 4" in actions  # the active player's choice is not simultaneous
    record = record_of(state, ["a", "b", "c"])  # type: ignore[arg-type]
    again = replay(json.loads(record.to_json()))
    assert again.observation(LUCAS) == state.observation(LUCAS)  # type: ignore[attr-defined]


def test_replay_stops_at_an_action_of_the_wrong_seat() -> None:
    state, _ = _record_game()
    record = json.loads(record_of(state, ["a", "b", "c"]).to_json())  # type: ignore[arg-type]
    index = next(i for i, a in enumerate(record["actions"]) if isinstance(a, dict))
    record["actions"][index] = {"seat": 0, "action": "write 9 a1"}
    with pytest.raises(InvalidRecordError, match="not a number 1..6") as caught:
        replay(record)
    assert caught.value.index == index


def test_observation_is_json_and_shows_only_my_pending_numbers() -> None:
    state = at_fill(players=2)
    grant(state, LISA, 0, 3)
    state.apply_action("switch 5", LISA)
    mine, theirs = state.observation(LISA), state.observation(LUCAS)
    assert json.loads(json.dumps(mine)) == mine
    assert mine["you"] == {
        "seat": 0, "pending": [2, 4], "number_dice": [2, 4], "zone": 5, "task": None,
    }  # fmt: skip
    assert theirs["you"]["pending"] == [2, 5]
    assert theirs["sheets"][LISA]["bonuses"][0][2]["used"] is False  # not revealed yet
    assert [c["letter"] for c in mine["cards_face_up"]] == ["B", "D", "F", "G"]


def test_write_two_numbers_bonus_writes_two_of_your_choice() -> None:
    """ "Immediately write any 2 numbers in the active zone of the current round." """
    square = {"c5": 3, "d5": 3, "c6": 3, "d6": 3}
    state = at_claim(2, {LISA: square}, zone=4)
    play(state, LISA, "claim O4 c5 d5 c6 d6", "take 4", "write 6 a1")
    assert state.task[LISA] is not None and state.task[LISA].value == 1
    with pytest.raises(IllegalActionError, match="c3 is not an empty space of your zone 4"):
        state.apply_action("write 6 c3", LISA)
    with pytest.raises(IllegalActionError, match="first write 1 number"):
        state.apply_action("done", LISA)
    state.apply_action("write 1 f2", LISA)
    assert state.task[LISA] is None
    assert [state.sheets[LISA].values[cell(c)] for c in ("a1", "f2")] == [6, 1]


@pytest.mark.parametrize(
    ("ident", "numbers", "claims", "met"),
    [
        ("A3", {f"{c}{r}": 1 for c in "ab" for r in range(1, 7)}, [], True),
        ("A3", {f"{c}{r}": 1 for c in "ab" for r in range(1, 6)}, [], False),
        (
            "A5",
            {
                "a1": 1,
                "b2": 1,
                "c1": 1,
                "d2": 1,
                "e1": 1,
                "f2": 1,
                "a3": 1,
                "b4": 1,
                "a5": 1,
                "b6": 1,
            },
            [],
            True,
        ),
        ("A5", {"a1": 1, "b2": 1}, [], False),
        ("B3", {f"{c}6": 1 for c in "abcdef"}, [], True),
        ("B3", {f"f{r}": 1 for r in range(1, 7)}, [], True),
        ("B3", {f"f{r}": 1 for r in range(1, 6)}, [], False),
        (
            "A4",
            {"a1": 2, "b1": 2, "c1": 2, "a2": 1, "b2": 2, "c2": 3},
            ["claim I3 a1 b1 c1", "claim I3 a2 b2 c2"],
            True,
        ),
        ("A4", {"a1": 2, "b1": 2, "c1": 2}, ["claim I3 a1 b1 c1"], False),
        (
            "C3",  # three Connect-4 claims, but only two shapes (I4 twice)
            {"a1": 2, "b1": 2, "c1": 2, "d1": 2, "a3": 1, "b3": 1, "a4": 1, "b4": 1}
            | {"a6": 4, "b6": 4, "c6": 4, "d6": 4},
            ["claim I4 a1 b1 c1 d1", "claim O4 a3 b3 a4 b4", "claim I4 a6 b6 c6 d6"],
            False,
        ),
        (
            "B2",  # two Connect-4 claims count, whatever their shapes
            {"a1": 2, "b1": 2, "c1": 2, "d1": 2, "a6": 4, "b6": 4, "c6": 4, "d6": 4},
            ["claim I4 a1 b1 c1 d1", "claim I4 a6 b6 c6 d6"],
            True,
        ),
    ],
)
def test_objective_requirements(
    ident: str, numbers: dict[str, int], claims: list[str], met: bool
) -> None:
    """The reconstructed objective kinds (data/cards.toml)."""
    from connect_arena.games.connnect.scoring import objective_met

    state = at_claim(1, {0: numbers}, bonuses=[(0, 0, 1)])
    for text in claims:
        state.apply_action(text, 0)
        state.apply_action(next(t for t in texts(state, 0) if t.startswith("take")), 0)
    assert len(state.sheets[0].claims) == len(claims)
    card = state.comps.objective(ident)
    assert objective_met(card, state.sheets[0], state.comps, True, True) is met


def test_connect4_in_three_shapes_objective() -> None:
    shapes = {"a1": 2, "b1": 2, "c1": 2, "d1": 2, "a3": 1, "b3": 1, "a4": 1, "b4": 1}
    shapes |= {"a6": 4, "b6": 4, "c6": 4, "b5": 4}
    state = at_claim(1, {0: shapes}, bonuses=[(0, 0, 1)])
    for text in ("claim I4 a1 b1 c1 d1", "claim O4 a3 b3 a4 b4", "claim T4 b5 a6 b6 c6"):
        state.apply_action(text, 0)
        state.apply_action(texts(state, 0)[-1], 0)  # the last free Connect-4 bonus
    from connect_arena.games.connnect.scoring import objective_met

    assert objective_met(state.comps.objective("C3"), state.sheets[0], state.comps, True, True)


def test_more_refusals_say_why() -> None:
    state = at_roll(2)
    state.apply_action("roll 2 4 5", CHANCE)
    with pytest.raises(IllegalActionError, match="choose the Zone Die first"):
        state.apply_action("write 2 a1", LISA)
    claim = at_claim(2, {LISA: {"a1": 2, "b1": 2, "c1": 2, "d1": 2}})
    with pytest.raises(IllegalActionError, match="written in the Fill Phase"):
        claim.apply_action("write 2 f6", LISA)
    with pytest.raises(IllegalActionError, match="no unused move bonus"):
        claim.apply_action("move a1", LISA)
    with pytest.raises(IllegalActionError, match="leave out 'reuse'"):
        claim.apply_action("claim I3 a1 b1 c1 reuse", LISA)
    grant(claim, LISA, 0, 1)
    play(claim, LISA, "move d1", "write 2 d2")
    with pytest.raises(IllegalActionError, match="d1 is crossed out"):
        claim.apply_action("claim I4 a1 b1 c1 d1", LISA)
    full = at_fill(sheets={LISA: ZONE4})
    with pytest.raises(IllegalActionError, match="your zone is full: use 'skip'"):
        full.apply_action("change 2 3", LISA)
    with pytest.raises(IllegalActionError, match="no Number Die 6"):
        full.apply_action("skip 6", LISA)


def test_perft_of_the_setup_writing() -> None:
    """Perft (one seat expanded per action in a simultaneous phase): Blue writes 1, 3, 4 in
    the six setup spaces (3 × 6, then 2 × 5, then 1 × 4 choices), then Red starts."""
    from connect_arena.core.perft import perft

    state = dealt(2)
    state.apply_action("roll 1 3 4", CHANCE)
    assert [perft(state, depth) for depth in range(5)] == [1, 18, 180, 720, 12960]
    doubles = dealt(2)
    doubles.apply_action("roll 1 1 3", CHANCE)
    assert perft(doubles, 1) == 12


def test_keep_score_objectives_met_in_the_round_of_elimination_count() -> None:
    """CN-21 ``elimination=keep_score`` (the player "stops writing, keeps score") with "Each
    player checks the requirements on each of the Objective Cards" at the end of the round:
    Lucas's last number fills his third circle (A1) and a connected line (B1) before he goes
    out in that round; he keeps both. With the default (out of the game) he scores none."""
    zone4 = {geo.cell_name(c): 6 for c in range(12) if geo.cell_name(c) != "d2"}
    for mode, expected in (("keep_score", {"A1": 4, "B1": 6}), ("out", {})):
        state = at_roll(2, sheets={LUCAS: zone4}, elimination=mode)
        state.sheets[LUCAS].free_actions = 7
        state.apply_action("roll 2 4 5", CHANCE)
        state.apply_action("zone 4", LISA)
        play(state, LUCAS, "write 2 d2")
        assert state.sheets[LUCAS].out == 1
        play(state, LISA, "write 2 a1", "write 5 a2")
        finish(state, LISA)
        assert state.round == 2 and state.sheets[LUCAS].objectives == expected


def test_keep_score_objectives_when_the_last_player_goes_out() -> None:
    """The game ends when nobody is left in it; the objectives of that round still count
    under ``keep_score``."""
    zone4 = {geo.cell_name(c): 6 for c in range(12) if geo.cell_name(c) != "d2"}
    state = at_roll(1, sheets={0: zone4}, elimination="keep_score")
    state.sheets[0].free_actions = 7
    state.apply_action("roll 2 4 5", CHANCE)
    state.apply_action("zone 4", 0)
    state.apply_action("write 2 d2", 0)
    assert state.is_terminal() and state.sheets[0].objectives == {"A1": 4, "B1": 6}
