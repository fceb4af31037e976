"""Rendering helpers shared by ``play``, ``replay`` and ``perft``: turns, actions, results."""

from __future__ import annotations

import math
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


def result_line(state: State[Action], returns: Sequence[float] | None = None) -> str:
    """The result of a finished game: ``"Red wins"``, ``"draw"`` or who shares first place
    (from ``returns`` when given: a resignation's)."""
    returns = state.returns() if returns is None else list(returns)
    top = winners(returns)
    names = [state.game.seat_name(seat) for seat in top]
    if len(top) == 1:
        return f"{names[0]} wins"
    if len(top) == len(returns):
        return "draw"
    return " and ".join(names) + " share first place"


def returns_table(
    state: State[Action],
    players: Sequence[str],
    title: str,
    returns: Sequence[float] | None = None,
) -> Table:
    """A table of seat, player and return (``returns`` when given, else the state's)."""
    table = Table(title=title, title_justify="left")
    table.add_column("seat")
    table.add_column("player")
    table.add_column("return", justify="right")
    for seat, value in enumerate(state.returns() if returns is None else returns):
        shown = f"{value:g}"
        table.add_row(escape(state.game.seat_name(seat)), escape(players[seat]), shown)
    return table


GROUP_LIMIT = 40
"""The most actions of one group (first word) listed by ``?``; ``? WORD`` lists them all."""


def actions_view(actions: Sequence[str], limit: int | None = GROUP_LIMIT) -> RenderableType:
    """Action notations in columns, grouped by first word (``mark``, ``add``...).

    One-word actions go in one group without a heading; a group of several-word actions
    shows its first word once, then the rest of each action. A group of more than ``limit``
    actions (``None``: no limit) is summed up: "every order of ..." when its actions are the
    orders of the same letters (Connect Pairs' 720 keys), else its first ``limit`` actions and
    how to list them all (``? WORD``).
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
        shown = items
        heading = f"{word} ({len(items)}):"
        if limit is not None and len(items) > limit:
            letters = _orders_of(items)
            if letters is not None:
                spelled = " ".join(letters)
                count = f"{word} ({len(items)}): " if word else ""
                example = f"{word} {items[0]}" if word else items[0]
                parts.append(
                    Text(
                        f"{count}every order of the {_number(len(letters))} letters "
                        f"{spelled}, e.g. {example}",
                        style="bold",
                    )
                )
                continue
            shown = items[:limit]
            heading = (
                f"{word} ({len(items)}): the first {limit} shown; type ? {word} for all of them"
            )
        if word:
            parts.append(Text(heading, style="bold"))
        parts.append(Columns([Text(item) for item in shown], padding=(0, 2)))
    return Group(*parts)


def _orders_of(items: Sequence[str]) -> str | None:
    """The letters of which ``items`` are every order (each once), or ``None``."""
    letters = "".join(sorted(items[0]))
    if " " in letters or len(set(letters)) != len(letters):
        return None
    if any("".join(sorted(item)) != letters for item in items):
        return None
    return letters if len(set(items)) == math.factorial(len(letters)) else None


def _number(count: int) -> str:
    words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
    return words[count] if count < len(words) else str(count)


def legal_actions_view(state: State[Action], word: str = "") -> RenderableType:
    """The legal actions now: of the mover, of each active seat, or the chance outcomes;
    with ``word``, only those starting with it, all of them (``? key``)."""
    if state.is_terminal():
        return Text("no legal actions: the game is over")
    seats = [None] if state.current_player != SIMULTANEOUS else sorted(state.active_players())
    parts: list[RenderableType] = []
    for seat in seats:
        actions = [str(action) for action in state.legal_actions(seat)]
        what = "chance outcome" if state.is_chance_node() else "legal action"
        chosen = [a for a in actions if a.split(" ", 1)[0] == word] if word else actions
        if word and not chosen:
            kinds = ", ".join(dict.fromkeys(a.split(" ", 1)[0] for a in actions))
            parts.append(Text(f"no {what} starts with {word!r} (the kinds now: {kinds})"))
            continue
        whose = "" if seat is None else f" of {state.game.seat_name(seat)}"
        only = f" ({word})" if word else ""
        heading = f"{_count(len(chosen), what)}{only}{whose}:"
        parts += [Text(heading), actions_view(chosen, None if word else GROUP_LIMIT)]
    return Group(*parts)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
