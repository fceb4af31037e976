"""``connect-arena games``: the registered games and their options."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from connect_arena.core import Game, game_class, game_names


def player_counts(game: type[Game]) -> str:
    """``"2-4"`` for a range, ``"2, 4"`` otherwise, with the default marked: ``"2-4 (2)"``."""
    counts = sorted(game.player_counts)
    contiguous = len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1))
    shown = f"{counts[0]}-{counts[-1]}" if contiguous else ", ".join(map(str, counts))
    return shown if len(counts) == 1 else f"{shown} (default {game.default_players})"


def _options_table(game: type[Game]) -> Table:
    """One row per option: name and accepted values, default, register entry, description."""
    table = Table(title=f"Options of {game.name}", title_justify="left", show_lines=True)
    table.add_column("option / values", overflow="fold")
    table.add_column("default", overflow="fold")
    table.add_column("register", no_wrap=True)
    table.add_column("description")
    for spec in game.option_specs:
        default = str(spec.default).lower() if isinstance(spec.default, bool) else spec.default
        table.add_row(
            f"[bold]{escape(spec.name)}[/]\n{escape(spec.describe_values())}",
            escape(str(default)),
            escape(spec.register),
            escape(spec.description),
        )
    return table


def games_command() -> None:
    """List the registered games, their player counts and their options."""
    console = Console(highlight=False)
    table = Table(title="Games", title_justify="left")
    for column in ("name", "title", "players", "chance"):
        table.add_column(column)
    loaded: list[type[Game]] = []
    for name in game_names():
        try:
            game = game_class(name)
        except Exception as error:  # a broken plug-in must not hide the other games
            table.add_row(escape(name), f"[red]cannot be loaded: {escape(str(error))}[/]", "", "")
            continue
        loaded.append(game)
        chance = "deterministic" if game.deterministic else "dice / shuffles"
        table.add_row(escape(name), escape(game.title), player_counts(game), chance)
    console.print(table)
    for game in loaded:
        if game.option_specs:
            console.print(_options_table(game))
        else:
            console.print(f"{escape(game.name)} has no options.")
    console.print("Set options with --option KEY=VALUE, e.g. connect-arena play GAME -o key=value")
