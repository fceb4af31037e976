"""A template's plural ``{name|one|other}`` follows the number (issue 27 polish: no "1 points"
in the terminal or the server's English)."""

from __future__ import annotations

from connect_arena.core.events import Event

TEMPLATES = {"demo.shared": "{seats} share the victory with {points} {points|point|points}"}


def test_one_point_and_several_points() -> None:
    one = Event.of("demo.shared", seats=[0, 1], points=1).render(TEMPLATES)
    many = Event.of("demo.shared", seats=[0, 1], points=12).render(TEMPLATES)
    assert one == "Player 1, Player 2 share the victory with 1 point"
    assert many == "Player 1, Player 2 share the victory with 12 points"
