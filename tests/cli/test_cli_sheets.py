"""``sheet SEAT`` in ``play`` and hidden simultaneous choices (issue 4: other players' sheets on
request; choices revealed only when the phase resolves)."""

from __future__ import annotations

from tests.cli.conftest import Invoke


def test_sheet_shows_another_players_sheet(cli: Invoke) -> None:
    result = cli(
        "play",
        "connnect",
        "--players",
        "human,random",
        "--seed",
        "1",
        input="sheet 1\nsheet Blue\nsheet 7\nquit\n",
    )
    assert result.exit_code == 0
    out = result.stdout
    assert "Red — done for this phase" in out  # seat 1's sheet, as Blue may see it
    assert out.count("Blue (you)") >= 2  # the board, then "sheet Blue"
    assert "no seat '7'; the seats are 0 (Blue), 1 (Red)" in out


def test_sheet_in_a_game_without_sheets(cli: Invoke) -> None:
    result = cli(
        "play", "quinque", "--players", "human,random", "--seed", "2", input="sheet 1\nquit\n"
    )
    assert "Quinque has no per-player sheet" in result.stdout


def test_agent_choices_stay_hidden_while_the_phase_goes_on(cli: Invoke) -> None:
    """The agent writes its setup numbers (several actions, staying active) before the human
    has acted: nothing is revealed until the phase resolves."""
    result = cli("play", "connnect", "--players", "human,random", "--seed", "1", input="quit\n")
    out = result.stdout
    assert "Red (random) has chosen." in out
    assert not any(line.startswith("revealed:") for line in out.splitlines())
    assert "Red (random) plays" not in out
