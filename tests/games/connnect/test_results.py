"""Issue 15, defects 9 and 10: the end of a game explains itself (why it ended, why its winners
won: a player who goes out cannot win, CN-21), a finished game's replay shows every
simultaneous choice where it was made, and spectators see the public setup rolls."""

from __future__ import annotations

import pytest

from connect_arena.core import CHANCE
from connect_arena.games.connnect import sheet as geo
from connect_arena.games.connnect.events import ENGLISH, result_events
from connect_arena.games.connnect.rules import ConnnectState
from tests.games.connnect.helpers import LISA, LUCAS, at_fill, at_roll, dealt, finish, play

ZONE4 = {geo.cell_name(c): 6 for c in range(12) if geo.cell_name(c) != "d2"}
"""Lucas's zone 4, full but for d2: his 2 has nowhere to go, so he goes out."""


def last_round(**options: object) -> ConnnectState:
    """Round 12: Lucas goes out (0 points thanks to an objective), Lisa ends with -3."""
    state = at_roll(2, round_number=12, sheets={LUCAS: ZONE4}, **options)
    state.sheets[LUCAS].free_actions = 7
    state.sheets[LUCAS].objectives = {"C1": 8}
    state.sheets[LISA].free_actions = 3
    state.apply_action("roll 2 4 5", CHANCE)
    state.apply_action("zone 4", LISA)
    play(state, LUCAS, "write 2 d2")
    play(state, LISA, "write 2 a1", "write 5 a2")
    finish(state, LISA)
    finish(state, LISA)
    assert state.is_terminal()
    return state


def keys(state: ConnnectState) -> list[tuple[str, dict[str, object]]]:
    return [(event["key"], event["params"]) for event in state.public_observation()["result"]]


def test_a_player_who_went_out_cannot_win_and_the_result_says_so() -> None:
    """The issue's game: Blue (Lisa) wins with -3 over Red's 0 because Red went out."""
    state = last_round()
    assert [s.total for s in state.scores()] == [-3, 0] and state.winners() == [LISA]
    assert keys(state) == [
        ("connnect.end_rounds", {"rounds": 12}),
        ("connnect.win_out", {"seats": [LISA], "points": -3, "out_seats": [LUCAS]}),
    ]
    text = [event.render(ENGLISH, lambda s: ["Blue", "Red"][s]) for event in result_events(state)]
    assert text[1] == (
        "Blue won with -3 points: Red scored as much or more but went out of the game, "
        "and a player who goes out cannot win"
    )
    assert state.observation(LISA)["result"] == state.public_observation()["result"]


def set_total(state: ConnnectState, seat: int, total: int) -> None:
    """Give ``seat`` an objective worth what brings its total to ``total``."""
    state.sheets[seat].objectives = {}
    state.sheets[seat].objectives = {"C1": total - state.scores()[seat].total}


def test_with_keep_score_the_player_out_wins_on_points() -> None:
    state = last_round(elimination="keep_score")
    set_total(state, LUCAS, 0)
    assert keys(state)[1] == ("connnect.win_score", {"seats": [LUCAS], "points": 0})


def test_ties_are_explained() -> None:
    """CN-35: the fewest minus points break a tie (Lisa 3, Lucas 13), else it is shared."""
    state = last_round(elimination="keep_score")
    set_total(state, LISA, 0)
    set_total(state, LUCAS, 0)
    assert keys(state)[1] == ("connnect.win_tiebreak", {"seats": [LISA], "points": 0, "penalty": 3})
    state.sheets[LUCAS].free_actions = 3
    set_total(state, LUCAS, 0)
    assert keys(state)[1] == ("connnect.win_shared", {"seats": [LISA, LUCAS], "points": 0})


def test_when_everybody_goes_out_nobody_wins() -> None:
    state = at_roll(1, sheets={0: ZONE4})
    state.sheets[0].free_actions = 7
    state.apply_action("roll 2 4 5", CHANCE)
    state.apply_action("zone 4", 0)
    state.apply_action("write 2 d2", 0)
    assert state.is_terminal()
    assert [key for key, _ in keys(state)] == ["connnect.end_all_out", "connnect.solo_score"]
    assert keys(state)[0][1] == {"round": 1}


def test_no_result_while_the_game_goes_on() -> None:
    assert at_fill(players=2).public_observation()["result"] == []


def test_a_finished_games_view_shows_each_choice_where_it_was_made() -> None:
    """Defect 10: the replay's view (revealed_observation) shows Lisa's write at once, while
    spectators of the live game see it only when the phase resolves (CN-36)."""
    state = at_fill(players=2)
    play(state, LISA, "write 2 a1")
    a1 = geo.parse_cell("a1") or 0
    assert state.public_observation()["sheets"][LISA]["values"][a1] == 0
    revealed = state.revealed_observation()
    assert revealed["sheets"][LISA]["values"][a1] == 2
    assert revealed["players"][LISA]["pending"] == [5]
    assert revealed["players"][LUCAS] == state.observation(LUCAS)["you"]


@pytest.mark.parametrize("setup", ["shared", "individual"])
def test_spectators_see_the_setup_rolls(setup: str) -> None:
    """Defect 10: the setup numbers are rolled in public; a spectator's dice card shows them
    while the players write them (each player's own numbers left stay private)."""
    state = dealt(2, setup=setup)
    assert state.public_observation()["setup_rolls"] == [[], []]
    state.apply_action("roll 1 3 4", CHANCE)
    if setup == "individual":
        state.apply_action("roll 2 2 6", CHANCE)
    assert state.phase == "setup_write"
    play(state, LISA, "write 1 a1")
    expected = [[1, 3, 4], [1, 3, 4]] if setup == "shared" else [[1, 3, 4], [2, 2, 6]]
    assert state.public_observation()["setup_rolls"] == expected
    assert "you" not in state.public_observation()


def test_the_terminal_says_why_too() -> None:
    from connect_arena.games.connnect.render import result_text

    assert result_text(last_round()) == (
        "[bold]Blue wins[/] (Blue -3, Red 0): the game ended after the 12 rounds; Blue won with "
        "-3 points: Red scored as much or more but went out of the game, and a player who goes "
        "out cannot win."
    )
