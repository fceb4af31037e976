"""Results decided outside the rules: sides, wins by resignation or claim, agreed draws, and
forfeited seats ranked last (pure functions of a game and a table's notes)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from connect_arena.core import Game
from connect_arena.service.settings import NoteKind, TableNote


def sides(game: Game) -> list[tuple[int, ...]]:
    """The sides of ``game``: its teams of partners (``Game.teams()``), each seat alone
    otherwise."""
    return [tuple(team) for team in game.teams()]


def side_of(game: Game, seat: int) -> tuple[int, ...]:
    """The side (team) ``seat`` plays on."""
    return next(team for team in sides(game) if seat in team)


def win_for(game: Game, winners: Sequence[int]) -> list[float]:
    """Returns where the seats ``winners`` win and every other seat loses: the game's
    ``max_utility`` and ``min_utility`` (a resignation, a timeout, a leaver claim)."""
    kind = game.game_type
    return [
        kind.max_utility if seat in winners else kind.min_utility
        for seat in range(game.num_players)
    ]


def draw(game: Game) -> list[float]:
    """Returns of an agreed draw: every seat the middle of the game's range (0 for
    win/draw/loss games)."""
    kind = game.game_type
    middle = (kind.min_utility + kind.max_utility) / 2
    return [middle] * game.num_players


def forfeited(notes: Sequence[TableNote]) -> list[int]:
    """The seats ranked last, in the order they forfeited: a resignation or a timeout for
    good, a leaver claim until its person returns."""
    out: list[int] = []
    for note in notes:
        if note.seat is None:
            continue
        if note.kind in (NoteKind.RESIGN, NoteKind.TIMEOUT, NoteKind.CLAIM):
            if note.seat not in out:
                out.append(note.seat)
        elif note.kind is NoteKind.RETURN and note.seat in out:
            out.remove(note.seat)
    return out


def final_returns(game: Game, returns: Sequence[float], notes: Sequence[TableNote]) -> list[float]:
    """The returns of a game played to its end by the rules, with forfeited seats (and their
    partners: a side shares its result) ranked last: given the game's ``min_utility``.

    Args:
        game: the game.
        returns: the engine's returns, one per seat.
        notes: the table's notes.
    """
    out = list(returns)
    for seat in forfeited(notes):
        for partner in side_of(game, seat):
            out[partner] = game.game_type.min_utility
    return out


def final_points(state: Any) -> list[float] | None:
    """Each seat's points (``State.points``) of a game that reached its end by the rules,
    ``None`` for a game still going on (a resignation, a timeout, an abort: its points would
    be half a game's), with no state, or that counts no points."""
    if state is None or not state.is_terminal():
        return None
    points: list[float] | None = state.points()
    return None if points is None else [float(value) for value in points]
