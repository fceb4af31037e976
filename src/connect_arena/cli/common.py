"""Helpers shared by the commands: consoles, user errors, options, games and seats."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from connect_arena.agents import Agent, make_agent
from connect_arena.agents.engine_agent import DEFAULT_TIMEOUT
from connect_arena.agents.levels import normalise_spec
from connect_arena.agents.playout import ai_only_options
from connect_arena.core import Game, GameError, game_class, load
from connect_arena.core.options import parse_option_pairs

USAGE_ERROR = 2
"""Exit status for bad input: unknown game, bad option, unreadable record, bad player list."""
BAD_RECORD = 1
"""Exit status of ``replay`` for a record that cannot be read or replayed."""
HUMAN = "human"

OptionsArg = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="KEY=VALUE", help="A game option (repeatable)."),
]
"""The ``--option KEY=VALUE`` parameter shared by the commands that set up a game."""

EngineTimeoutArg = Annotated[
    float,
    typer.Option(
        "--engine-timeout",
        min=0.001,
        metavar="SECONDS",
        help="Seconds an engine:COMMAND program may take to start or to answer one decision.",
    ),
]
"""The ``--engine-timeout SECONDS`` parameter of the commands that seat agents."""


class CliError(Exception):
    """A mistake in the user's input: shown as one red line on stderr, then exit.

    Args:
        message: what is wrong, for the user.
        exit_code: the process exit status.
    """

    def __init__(self, message: str, exit_code: int = USAGE_ERROR) -> None:
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code


def stdout_console() -> Console:
    """The console for normal output (no automatic highlighting: games bring their own)."""
    return Console(highlight=False)


def stderr_console() -> Console:
    """The console for errors and progress bars."""
    return Console(stderr=True, highlight=False)


def fail(message: str, exit_code: int = USAGE_ERROR) -> NoReturn:
    """Print ``message`` as one red line on stderr and exit with ``exit_code``."""
    stderr_console().print(f"[bold red]error:[/] [red]{escape(message)}[/]", soft_wrap=True)
    raise typer.Exit(exit_code)


@contextmanager
def user_errors(exit_code: int = USAGE_ERROR) -> Iterator[None]:
    """Turn :class:`CliError` and every ``GameError`` into a red line and an exit status."""
    try:
        yield
    except CliError as error:
        fail(error.message, error.exit_code)
    except GameError as error:
        fail(str(error), exit_code)


def load_game(
    name: str, num_players: int | None, option_pairs: Sequence[str], ai_only: bool = False
) -> Game:
    """The game ``name`` with ``num_players`` seats and ``key=value`` options.

    With ``ai_only`` (no human seat), the game's anti-endless limit
    (``GameType.anti_endless_option``, see :func:`connect_arena.agents.playout.ai_only_options`)
    applies unless an option sets it.

    Raises:
        GameError: unknown game, bad option or bad player count (the message says which).
    """
    options: dict[str, object] = dict(parse_option_pairs(list(option_pairs)))
    if ai_only:
        options = ai_only_options(name, options)
    return load(name, num_players, **options)


def parse_seats(text: str | None, game: str, first: str, rest: str) -> list[str]:
    """Split a ``--players``/``--agents`` list and check its length against the game.

    Args:
        text: comma-separated entries, e.g. ``"human,random"``; ``None`` for the default.
        game: the game name.
        first: the default entry of seat 0 (used when ``text`` is ``None``).
        rest: the default entry of the other seats, up to the game's default player count.

    Raises:
        CliError: an empty entry, or a number of seats the game does not support.
        GameError: unknown game.
    """
    cls = game_class(game)
    if text is None:
        return [first] + [rest] * (cls.default_players - 1)
    entries = [normalise_spec(entry) for entry in text.split(",")]
    if any(not entry for entry in entries):
        raise CliError(f"empty entry in the player list {text!r}")
    if len(entries) not in cls.player_counts:
        counts = ", ".join(map(str, cls.player_counts))
        raise CliError(f"{game} is played by {counts} players, not {len(entries)} ({text})")
    return entries


def make_agents(
    specs: Sequence[str], seed: int, allow_human: bool, engine_timeout: float = DEFAULT_TIMEOUT
) -> list[Agent | None]:
    """One agent per seat (``None`` for a human seat); seat ``s`` is seeded ``seed + 1 + s``;
    an external engine may take ``engine_timeout`` seconds per decision.

    The ``+ 1`` keeps every agent's random stream apart from the chance stream, which is
    seeded with ``seed`` itself.

    Raises:
        CliError: an unknown agent, or ``human`` where only agents may sit.
    """
    agents: list[Agent | None] = []
    for seat, spec in enumerate(specs):
        if spec == HUMAN:
            if not allow_human:
                raise CliError("'human' cannot sit here: only computer agents can")
            agents.append(None)
            continue
        try:
            agents.append(make_agent(spec, seed + 1 + seat, engine_timeout=engine_timeout))
        except ValueError as error:
            raise CliError(str(error)) from None
    return agents


def fresh_seed() -> int:
    """A random seed, to be printed and recorded so that the game can be reproduced."""
    return random.SystemRandom().randrange(1, 2**31)
