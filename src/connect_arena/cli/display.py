"""Rendering helpers shared by ``play``, ``replay`` and ``perft``: turns, actions, results."""

from __future__ import annotations

from collections.abc import Sequence

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from connect_arena.core import SIMULTANEOUS, Action, Game, State


def seat_label(game: Game, seat: int, players: Sequence[str]) -> str:
    """``"Red (human)"``: the seat's name and who sits there."""
    return f"{game.seat_name(seat)} ({players[seat]})"


def describe_turn(state: State[Action], players: Sequence[str]) -> str:
    """Who acts now, e.g. ``"Red (human) to move"`` or ``"game over"`` (plain text)."""
    if state.is_terminal():
        return "game over"
    if state.is_chance_node():
        return "chance to act"
    seats = sorted(state.active_players())
    labels = [seat_label(state.game, seat, players) for seat in seats]
    if state.current_player == SIMULTANEOUS:
        return " and ".join(labels) + " to choose (simultaneous)"
    return " and ".join(labels) + " to move"


def winners(returns: Sequence[float]) -> list[int]:
    """The seats with the highest return (one seat: a win; several: shared first place)."""
    best = max(returns)
    return [seat for seat, value in enumerate(returns) if value == best]


def result_line(state: State[Action]) -> str:
    """The result of a finished game: ``"Red wins"``, ``"draw"`` or who shares first place."""
    returns = state.returns()
    top = winners(returns)
    names = [state.game.seat_name(seat) for seat in top]
    if len(top) == 1:
        return f"{names[0]} wins"
    if len(top) == len(returns):
        return "draw"
    return " and ".join(names) + " share first place"


def returns_table(state: State[Action], players: Sequence[str], title: str) -> Table:
    """A table of seat, player and return."""
    table = Table(title=title, title_justify="left")
    table.add_column("seat")
    table.add_column("player")
    table.add_column("return", justify="right")
    for seat, value in enumerate(state.returns()):
        shown = f"{value:g}"
        table.add_row(escape(state.game.seat_name(seat)), escape(players[seat]), shown)
    return table


def actions_view(actions: Sequence[str]) -> RenderableType:
    """Action notations in columns, grouped by first word (``mark``, ``add``...).

    One-word actions go in one group without a heading; a group of several-word actions
    shows its first word once, then the rest of each action.
    """
    groups: dict[str, list[str]] = {}
    for text in actions:
        word, _, rest = text.partition(" ")
        if rest:
            groups.setdefault(word, []).append(rest)
        else:
            groups.setdefault("", []).append(word)
    parts: list[RenderableType] = []
    for word, items in groups.items():
        cells = [Text(item) for item in items]
        if word:
            parts.append(Text(f"{word} ({len(items)}):", style="bold"))
        parts.append(Columns(cells, padding=(0, 2)))
    return Group(*parts)


def legal_actions_view(state: State[Action]) -> RenderableType:
    """The legal actions now: of the mover, of each active seat, or the chance outcomes."""
    if state.is_terminal():
        return Text("no legal actions: the game is over")
    if state.current_player != SIMULTANEOUS:
        actions = [str(action) for action in state.legal_actions()]
        what = "chance outcome" if state.is_chance_node() else "legal action"
        return Group(Text(f"{_count(len(actions), what)}:"), actions_view(actions))
    parts: list[RenderableType] = []
    for seat in sorted(state.active_players()):
        actions = [str(action) for action in state.legal_actions(seat)]
        name = state.game.seat_name(seat)
        heading = f"{_count(len(actions), 'legal action')} of {name}:"
        parts += [Text(heading), actions_view(actions)]
    return Group(*parts)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
