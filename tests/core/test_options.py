"""Game options: defaults, coercion of command-line strings, and errors that name the culprit."""

from __future__ import annotations

import pytest

from connect_arena.core import InvalidOptionError, UnknownGameError, load
from connect_arena.core.options import parse_option_pairs


def test_defaults_are_filled_in_and_read_only() -> None:
    game = load("quinque")
    assert game.options["advanced"] is False
    assert game.options["parachutes"] == 18
    assert game.num_players == 2
    with pytest.raises(TypeError):
        game.options["advanced"] = True  # type: ignore[index]


@pytest.mark.parametrize(
    ("value", "expected"), [("true", True), ("Yes", True), ("0", False), (True, True)]
)
def test_bool_options_accept_command_line_words(value: object, expected: bool) -> None:
    assert load("quinque", advanced=value).options["advanced"] is expected


def test_int_and_choice_options_are_coerced() -> None:
    game = load("quinque", parachutes="10", tiles="5", opponent_line="ignored")
    assert game.options["parachutes"] == 10 and game.options["tiles"] == 5
    assert game.options["opponent_line"] == "ignored"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"advnced": True}, "quinque has no option 'advnced' \\(its options are: advanced, "),
        ({"advanced": "maybe"}, "option 'advanced' of quinque: 'maybe' is not valid"),
        ({"parachutes": 0}, "option 'parachutes' of quinque: 0 is not valid \\(expected integer"),
        ({"parachutes": "ten"}, "'ten' is not valid"),
        ({"parachutes": "²"}, "'²' is not valid"),
        ({"parachutes": True}, "True is not valid"),
        ({"opponent_line": "never"}, "expected opponent_wins \\| at_turn_start \\| ignored"),
    ],
)
def test_bad_options_raise_naming_the_option(options: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message) as info:
        load("quinque", **options)
    assert info.value.option == next(iter(options))


def test_unknown_game_lists_the_known_ones() -> None:
    with pytest.raises(
        UnknownGameError, match="unknown game 'chess' \\(registered games: .*quinque"
    ):
        load("chess")


def test_option_errors_are_value_errors() -> None:
    with pytest.raises(ValueError, match="no option"):
        load("quinque", colour="green")


def test_parse_option_pairs() -> None:
    assert parse_option_pairs(["advanced=true", " tiles = 5 "]) == {
        "advanced": "true",
        "tiles": "5",
    }
    with pytest.raises(InvalidOptionError, match="not of the form key=value"):
        parse_option_pairs(["advanced"])


def test_games_compare_by_name_players_and_options() -> None:
    assert load("quinque", advanced=True) == load("quinque", advanced="true")
    assert load("quinque") != load("quinque", advanced=True)
    assert len({load("quinque"), load("quinque")}) == 1
    assert repr(load("quinque", advanced=True)) == "load('quinque', num_players=2, advanced=True)"


def test_a_bad_value_with_braces_is_named_in_the_error() -> None:
    """A value holding ``{`` or ``}`` is quoted in the message, never read as a format field
    (found by fuzzing the server: it escaped as a plain ValueError, a 500)."""
    for value in ("{7x", "}", "{0}", "{seat!r}"):
        with pytest.raises(InvalidOptionError) as refused:
            load("quinque", 2, first_player=value)
        assert repr(value) in str(refused.value)
