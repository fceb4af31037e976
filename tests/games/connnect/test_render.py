"""The terminal view: valid Rich markup, the sheet grid, the panel, and what others see."""

from __future__ import annotations

import pytest
from rich.text import Text

from connect_arena.core import CHANCE
from tests.games.connnect.helpers import LISA, LUCAS, at_claim, at_fill, dealt, grant, play


def plain(markup: str) -> str:
    """The text a terminal without colour shows (fails on invalid markup)."""
    return Text.from_markup(markup).plain


def test_sheet_grid_and_panel() -> None:
    state = at_claim(2, {LISA: {"a5": 5, "b5": 5, "b6": 5, "a1": 1, "b1": 2, "a2": 3, "b2": 4}})
    grant(state, LISA, 0, 1)
    play(state, LISA, "claim L3 a5 b5 b6", "take 2", "move a1", "write 1 f6")
    text = plain(state.render(LISA))
    assert "a   b   c   d   e   f" in text
    assert "Z4 1 │ ✗   2 │" in text  # a1 crossed out, b1 free
    assert "Z6 5 │(5) (5)│" in text and "6 │ ·  (5)│" in text  # the claim
    assert "●" in text  # circle O11 stays filled (CN-19)
    assert "◀" in text and "▲" in text  # arrow lines row 6 and column f
    assert "Connect-3 bonuses" in text and "✗1:move★1" in text and "◉2:move★1" in text
    assert "Claims: L3 a5 b5 b6" in text
    assert "Score: Connect-3 2" in text and all(len(line) <= 80 for line in text.splitlines())
    assert "Other players" in text and "Red:" in text


def test_header_shows_dice_cards_and_objectives() -> None:
    state = at_fill(players=2)
    text = plain(state.render(LISA))
    assert "Zone Die 4 (rows 1-2)   Number Dice 2 5" in text
    assert "B      D      F      G" in text
    assert "Objective A1 (4 pts): Fill 3 circles" in text
    assert "write 2 5 in zone 4 (rows 1-2)" in text


def test_setup_spaces_are_marked_during_setup() -> None:
    state = dealt(2)
    state.apply_action("roll 1 3 4", CHANCE)
    text = plain(state.render(LISA))
    assert sum(line.count("◦") for line in text.splitlines() if "│" in line) == 6
    assert "write 1 3 4 in the setup spaces" in text


def test_others_see_a_sheet_as_it_was_when_the_phase_began() -> None:
    """CN-36: Lucas does not see Lisa's numbers before the Fill Phase resolves."""
    state = at_fill(players=2)
    state.apply_action("write 2 a1", LISA)
    assert "Z4 1 │ 2" in plain(state.render_sheet(LISA, LISA))
    assert "Z4 1 │ ·" in plain(state.render_sheet(LISA, LUCAS))
    assert "still playing this phase" in plain(state.render_sheet(LISA, LUCAS))
    assert "Z4 1 │ 2" in plain(state.render(None))  # the shared screen shows everything
    with pytest.raises(ValueError, match="no seat 5"):
        state.render_sheet(5)


def test_game_over_line() -> None:
    state = at_claim(2, {LISA: {"a1": 2, "b1": 2, "c1": 2}}, round_number=12)
    play(state, LISA, "claim I3 a1 b1 c1", "take 9")
    assert state.is_terminal()
    assert "Blue wins (Blue 2, Red 0)" in plain(state.render(LISA))


def test_status_lines() -> None:
    state = at_claim(2, {LISA: {"a1": 2, "b1": 2, "c1": 2}, LUCAS: {"a1": 1, "b1": 1, "c1": 1}})
    state.apply_action("claim I3 a1 b1 c1", LISA)
    assert "circle a bonus of your Connect-3 section" in plain(state.render(LISA))
    state.apply_action("take 9", LISA)
    assert "Blue — done for this phase" in plain(state.render(None))
    state.apply_action("done", LUCAS)
    assert "Dice: not rolled yet" in plain(state.render(LISA))
    state.apply_action("roll 1 2 3", CHANCE)
    assert "Dice: 1 2 3 (the active player picks the zone)" in plain(state.render(LISA))


def test_out_of_the_game_and_solo_final_score() -> None:
    state = at_claim(1, {0: {"a1": 2, "b1": 2, "c1": 2}}, round_number=12)
    play(state, 0, "claim I3 a1 b1 c1", "take 9")
    assert "Final score: Blue 2" in plain(state.render(0))
    other = at_fill(players=2)
    other.sheets[LUCAS].out = 1
    assert "out of the game since round 1" in plain(other.render_sheet(LUCAS))
