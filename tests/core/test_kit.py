"""The game kit (``core/kit.py``): one entry point per game names every part it offers; the
registry resolves kits and bare game classes alike; the built-in kits' references all hold."""

from __future__ import annotations

import pytest
from tests.toygames import TicTacToe

from connect_arena.core import GameKit, game_class, kit_of, registry
from connect_arena.core.errors import UnknownGameError
from connect_arena.core.kit import PARTS, resolve

GAMES = ("quinque", "connect5", "connnect", "pairs")


@pytest.mark.parametrize("name", GAMES)
def test_each_builtin_kit_names_every_part_and_each_resolves(name: str) -> None:
    kit = kit_of(name)
    assert all(kit.has(part) for part in PARTS), name
    assert kit.game_class().name == name and game_class(name) is kit.game_class()
    for part in ("encoding", "picture", "knowledge"):
        assert kit.load(part) is not None
    assert kit.load("encoding").__name__.lower() == f"{name}encoding"  # type: ignore[union-attr]
    assert callable(kit.load("picture"))
    for part in ("tutorial", "ui_module"):
        assert kit.file(part) is not None, part
    assert kit.file("i18n", f"{name}.en.json") is not None
    assert kit.file("rules", f"{name}.it.html") is not None
    assert kit.file("rules", f"{name}.xx.html") is None  # a file the folder lacks


def test_a_registered_class_is_a_kit_with_no_parts() -> None:
    registry.register("kitless", TicTacToe)
    try:
        kit = kit_of("kitless")
        assert kit.game is TicTacToe and not any(kit.has(part) for part in PARTS)
        assert kit.load("picture") is None and kit.file("tutorial") is None
        assert game_class("kitless") is TicTacToe
    finally:
        registry.unregister("kitless")


def test_a_lazy_path_may_name_a_kit_or_a_class() -> None:
    registry.register("lazy-kit", "tests.core.test_kit:TOY_KIT")
    registry.register("lazy-class", "tests.toygames:TicTacToe")
    try:
        assert kit_of("lazy-kit") == TOY_KIT
        assert kit_of("lazy-class").game is TicTacToe
        assert game_class("lazy-kit") is TicTacToe
    finally:
        registry.unregister("lazy-kit")
        registry.unregister("lazy-class")


def test_a_path_to_something_else_is_refused() -> None:
    registry.register("not-a-game", "tests.core.test_kit:GAMES")
    try:
        with pytest.raises(TypeError, match="neither a GameKit nor a Game class"):
            kit_of("not-a-game")
    finally:
        registry.unregister("not-a-game")


def test_an_unknown_game_has_no_kit() -> None:
    with pytest.raises(UnknownGameError, match="registered games: .*quinque"):
        kit_of("chess")


def test_references_are_checked_when_the_kit_is_made() -> None:
    with pytest.raises(ValueError, match="picture='draw' is not 'package:name'"):
        GameKit(TicTacToe, picture="draw")
    with pytest.raises(TypeError, match="is not a Game class"):
        GameKit("tests.core.test_kit:GAMES").game_class()


def test_parts_are_asked_for_by_their_kind() -> None:
    kit = kit_of("quinque")
    with pytest.raises(ValueError, match="not an object part"):
        kit.load("tutorial")
    with pytest.raises(ValueError, match="not a resource part"):
        kit.file("picture")
    with pytest.raises(ValueError, match="unknown kit part"):
        kit.has("sounds")
    for name in ("../quinque.en.json", "a/b.json", ".hidden", ""):
        with pytest.raises(ValueError, match="not a file name"):
            kit.file("i18n", name)


def test_resolve_follows_dotted_attributes() -> None:
    assert resolve("tests.toygames:TicTacToe.game_type") is TicTacToe.game_type


TOY_KIT = GameKit(TicTacToe)
