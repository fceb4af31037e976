"""``connect-arena perft``: count positions at a depth, from a game's start or a record's end."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from connect_arena.cli.common import CliError, OptionsArg, load_game, stdout_console, user_errors
from connect_arena.core import Action, State, read_record, replay
from connect_arena.core.perft import perft, perft_divide


def start_state(
    target: str, num_players: int | None, option_pairs: list[str]
) -> tuple[State[Action], str]:
    """The root position and a label: a record's final position, or a game's initial state.

    Raises:
        CliError: options or a player count given with a record.
        GameError: unknown game, bad option, or a record that does not replay.
    """
    path = Path(target)
    if path.is_file():
        if option_pairs or num_players is not None:
            raise CliError("--option and --players cannot be used with a record: it has its own")
        state = replay(read_record(path))
        return state, f"{state.game.name} after the {len(state.history)} actions of {target}"
    game = load_game(target, num_players, option_pairs)
    return game.new_initial_state(), f"{game.name} from the initial position"


def perft_command(
    target: Annotated[
        str,
        typer.Argument(
            metavar="RECORD_OR_GAME",
            help="A record file (start from its final position) or a game name (its start).",
        ),
    ],
    depth: Annotated[int, typer.Option("--depth", "-d", min=0, help="Number of actions.")],
    divide: Annotated[
        bool, typer.Option("--divide", help="Also count below each first action.")
    ] = False,
    option: OptionsArg = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", min=1, help="Number of seats (game name only).")
    ] = None,
) -> None:
    """Count the positions reachable in exactly DEPTH actions (a move-generator check).

    Chance outcomes count as branches; games ended before DEPTH count 0; in a simultaneous
    phase one seat is expanded per action.
    """
    console = stdout_console()
    with user_errors():
        state, label = start_state(target, players, option or [])
        if divide and depth < 1:
            raise CliError("--divide needs --depth 1 or more")
    console.print(f"perft {escape(label)}, depth {depth}")
    started = time.perf_counter()
    if divide:
        rows = perft_divide(state, depth)
        total = sum(count for _, count in rows)
    else:
        rows, total = [], perft(state, depth)
    seconds = time.perf_counter() - started
    if divide:
        console.print(divide_table(rows, total))
    console.print(f"[bold]{total}[/] positions at depth {depth}")
    rate = f"{total / seconds:,.0f} nodes/s" if seconds > 0 else "-"
    console.print(f"time {seconds:.3f} s, {rate}")


def divide_table(rows: list[tuple[str, int]], total: int) -> Table:
    """The per-first-action counts with the total as footer."""
    table = Table("first action", "count", show_footer=True)
    table.columns[0].footer = "total"
    table.columns[1].footer = str(total)
    table.columns[1].justify = "right"
    for action, count in rows:
        table.add_row(escape(action), str(count))
    return table
