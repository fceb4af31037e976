"""``connect-arena play``: a game in the terminal, for any mix of humans and agents."""

from __future__ import annotations

import contextlib
import random
import sys
from collections.abc import Sequence
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from connect_arena.agents import Agent
from connect_arena.agents.base import close_agents
from connect_arena.agents.engine_agent import DEFAULT_TIMEOUT
from connect_arena.cli.analyse import analysis_agent, analysis_table
from connect_arena.cli.common import (
    HUMAN,
    CliError,
    EngineTimeoutArg,
    OptionsArg,
    fresh_seed,
    load_game,
    make_agents,
    parse_seats,
    user_errors,
)
from connect_arena.cli.display import (
    describe_turn,
    legal_actions_view,
    result_line,
    returns_table,
    seat_label,
)
from connect_arena.core import (
    CHANCE,
    SIMULTANEOUS,
    Action,
    Game,
    GameError,
    State,
    record_of,
    sample_chance_outcome,
)
from connect_arena.core.simultaneous import phase_resolved
from connect_arena.service.model import utcnow
from connect_arena.service.results import final_returns, side_of, sides, win_for
from connect_arena.service.settings import NoteKind, TableNote

HELP = """\
Type an action in the game's notation, or one of these commands:
  ?, moves    list the legal actions (long groups summed up)
  ? WORD      every legal action starting with WORD, e.g. ? key
  board       show the position again
  sheet SEAT  show one player's sheet or board (games that have one), SEAT = number or name
  hint        the computer's advice for the seat to move (best actions, value, line)
  undo        take back the last action (only when every seat is human)
  resign      give up: with two sides the other side wins; with more, you are ranked
              last and the computer plays your seat on
  save FILE   write the game record to FILE (also works after the end)
  help        this text
  quit        leave the game"""


class Next(Enum):
    """What the prompt loop should do after a line of input."""

    ASK = "ask"
    DONE = "done"
    QUIT = "quit"


class PlaySession:
    """One game in the terminal: the state, who sits where, and the prompt loop.

    Args:
        game: the game, with its number of seats.
        players: one entry per seat: ``"human"`` or an agent spec.
        agents: one agent per seat, ``None`` for the human seats.
        seed: seed of the chance stream (recorded in the record's meta).
        console: where to print.
        autosave: where to write the record when the session ends (``--save``), if anywhere.
    """

    def __init__(
        self,
        game: Game,
        players: Sequence[str],
        agents: Sequence[Agent | None],
        seed: int,
        console: Console,
        autosave: Path | None = None,
    ) -> None:
        self.game = game
        self.autosave = autosave
        self.players = list(players)
        self.agents = list(agents)
        self.seed = seed
        self.console = console
        self.rng = random.Random(seed)
        self.state: State[Action] = game.new_initial_state()
        humans = [seat for seat, agent in enumerate(agents) if agent is None]
        self.humans = humans
        self.viewer = humans[0] if len(humans) == 1 else None
        self.rendered_at = -1  # len(history) when the position was last shown
        self.last_mover: int | None = None
        self.phase: list[tuple[int, Action]] = []  # simultaneous choices not yet revealed
        self.ended = False
        self.resigned: list[int] = []  # seats that gave up, in order (ranked last)
        self.result: list[float] | None = None  # the returns when a resignation ended it

    # ----- the main loop -----------------------------------------------------------------------
    def run(self) -> None:
        """Play until the game ends (and, with humans, until they quit or input ends)."""
        self.header()
        if not self.state.is_chance_node():
            self.show()
        while True:
            if self.state.is_terminal() or self.result is not None:
                if not self.ended:
                    self.announce_end()
                if not self.humans or self.prompt(None) is Next.QUIT:
                    return
            elif self.state.is_chance_node():
                self.chance_turn()
            else:
                seat = self.next_seat()
                self.show_if_needed(seat)
                if self.agents[seat] is not None:
                    self.agent_turn(seat)
                elif self.prompt(seat) is Next.QUIT:
                    return

    def header(self) -> None:
        """Print the game, who sits where, the seed, and how to get help."""
        seats = ", ".join(
            seat_label(self.game, seat, self.players) for seat in range(self.game.num_players)
        )
        self.console.print(
            f"[bold]{escape(self.game.title)}[/] - {escape(seats)} - seed {self.seed}"
        )
        if self.humans:
            self.console.print("Type ? for the legal actions, help for the commands.")

    def next_seat(self) -> int:
        """The seat that acts next: agents first in a simultaneous phase, then the lowest."""
        active = sorted(self.state.active_players())
        if not active:
            raise RuntimeError(f"{self.game.name}: no active seat in a non-terminal state")
        for seat in active:
            if self.agents[seat] is not None:
                return seat
        return active[0]

    def show_if_needed(self, seat: int) -> None:
        """Show the position if it changed and a human is to act (or, in a game between
        agents, the turn passed to another seat)."""
        if len(self.state.history) == self.rendered_at:
            return
        if self.agents[seat] is None or (not self.humans and seat != self.last_mover):
            self.show()

    def show(self) -> None:
        """Print the position (from the human's side if there is exactly one) and the turn."""
        self.console.print()
        self.console.print(self.state.render(self.viewer))
        self.console.print(f"[bold]{escape(describe_turn(self.state, self.players))}[/]")
        self.rendered_at = len(self.state.history)

    # ----- turns ------------------------------------------------------------------------------
    def chance_turn(self) -> None:
        """Pick a chance outcome from the seeded stream, apply it and announce it."""
        action = sample_chance_outcome(self.state, self.rng)
        words = self.words(action, CHANCE)
        self.state.apply_action(action, CHANCE)
        self.console.print(f"chance: {escape(str(action))} [dim]({escape(words)})[/]")

    def agent_turn(self, seat: int) -> None:
        """Let the agent in ``seat`` act and announce it (hidden in a simultaneous phase)."""
        agent = self.agents[seat]
        assert agent is not None
        action = agent.act(self.state, seat)
        simultaneous = self.state.current_player == SIMULTANEOUS
        label = escape(seat_label(self.game, seat, self.players))
        if simultaneous and self.humans:
            self.console.print(f"{label} has chosen.")
        else:
            words = escape(self.words(action, seat))
            self.console.print(f"{label} plays: [bold]{escape(str(action))}[/] [dim]({words})[/]")
        self.apply(seat, action)

    def words(self, action: Action, player: int) -> str:
        """``action`` in English words (the game's event for it), before it is applied."""
        return self.game.render_event(self.state.describe_action(action, player))

    def apply(self, seat: int, action: Action) -> None:
        """Apply ``action`` for ``seat``; track the mover and simultaneous choices to reveal.

        Raises:
            GameError: the action is not legal (the state is unchanged).
        """
        simultaneous = self.state.current_player == SIMULTANEOUS
        before, phase = self.state.active_players(), self.state.simultaneous_phase()
        self.state.apply_action(action, seat)
        self.last_mover = seat
        if simultaneous:
            self.phase.append((seat, action))
        # A seat left alone in a phase (CO'NNN'ECT: the other was eliminated) plays the rest
        # of it in turn: the phase resolves at one of those actions.
        if self.phase and phase_resolved(self.state, before, phase):
            self.reveal()

    def reveal(self) -> None:
        """Show what every seat chose in the simultaneous phase that just ended."""
        if self.humans and self.phase:
            chosen = "; ".join(
                f"{seat_label(self.game, seat, self.players)} chose {action}"
                for seat, action in sorted(self.phase, key=lambda choice: choice[0])
            )
            self.console.print(f"revealed: {escape(chosen)}")
        self.phase = []

    def announce_end(self) -> None:
        """Show the final position, the result and the returns."""
        self.ended = True
        self.console.print()
        self.console.print(self.state.render(self.viewer))
        self.rendered_at = len(self.state.history)
        actions = len(self.state.history)
        returns = self.final_returns()
        line = result_line(self.state, returns)
        if self.resigned:
            names = ", ".join(self.game.seat_name(seat) for seat in self.resigned)
            line = f"{line} ({names} resigned)"
        self.console.print(f"[bold]Game over after {actions} actions: {escape(line)}[/]")
        self.console.print(returns_table(self.state, self.players, "Returns", returns))
        if self.humans:
            self.console.print("Type save FILE to keep the record, or quit.")
        elif self.autosave is None:
            self.console.print("(Run with --save FILE to keep the record.)")

    # ----- human input ---------------------------------------------------------------------------
    def prompt(self, seat: int | None) -> Next:
        """Read lines for ``seat`` (``None`` after the end) until an action or ``quit``."""
        label = "game over" if seat is None else seat_label(self.game, seat, self.players)
        while True:
            line = self.read_line(f"{label} > ")
            if line is None:
                self.console.print("End of input: leaving the game.")
                return Next.QUIT
            outcome = self.handle(line.strip(), seat)
            if outcome is not Next.ASK:
                return outcome

    def read_line(self, prompt: str) -> str | None:
        """One line from stdin (echoed when stdin is not a terminal); ``None`` at EOF."""
        try:
            line = self.console.input(escape(prompt))
        except EOFError:
            self.console.print()
            return None
        if not sys.stdin.isatty():
            self.console.print(escape(line), highlight=False)
        return line

    def handle(self, line: str, seat: int | None) -> Next:
        """Carry out one line of input: a command, or an action for ``seat``."""
        word, _, argument = line.partition(" ")
        command = word.lower()
        if not line:
            return Next.ASK
        if command in ("quit", "exit"):
            return Next.QUIT
        if command in ("?", "moves") and len(argument.split()) <= 1:
            self.console.print(legal_actions_view(self.state, argument.strip()))
        elif command == "help" and not argument:
            self.console.print(escape(HELP))
        elif command == "board" and not argument:
            self.show()
        elif command == "sheet" and argument:
            self.sheet(argument.strip())
        elif command == "undo" and not argument:
            return self.undo()
        elif command == "resign" and not argument and seat is not None:
            return self.resign(seat)
        elif command == "hint" and not argument and seat is not None:
            self.hint(seat)
        elif command == "save":
            self.save(argument.strip())
        elif seat is None:
            self.error("the game is over: you can save FILE, undo, look at the board, or quit")
        else:
            return self.human_action(line, seat)
        return Next.ASK

    def human_action(self, text: str, seat: int) -> Next:
        """Apply ``text`` for ``seat``; on an error say why and leave the state unchanged."""
        try:
            action = self.state.parse_action(text, seat)
            self.apply(seat, action)
        except GameError as error:
            self.error(str(error))
            return Next.ASK
        return Next.DONE

    def sheet(self, which: str) -> None:
        """Show one seat's own sheet or board, as the viewer may see it."""
        render_sheet = getattr(self.state, "render_sheet", None)
        if render_sheet is None:
            self.error(f"{self.game.title} has no per-player sheet: type board")
            return
        names = {self.game.seat_name(s).lower(): s for s in range(self.game.num_players)}
        seat = int(which) if which.isdigit() else names.get(which.lower(), -1)
        if not 0 <= seat < self.game.num_players:
            seats = ", ".join(
                f"{s} ({self.game.seat_name(s)})" for s in range(self.game.num_players)
            )
            self.error(f"no seat {which!r}; the seats are {seats}")
            return
        self.console.print(render_sheet(seat, self.viewer))

    def hint(self, seat: int) -> None:
        """Show the three best actions for ``seat`` by an ``mcts:normal`` search (seeded by
        the game's seed and the position, so the same position gets the same advice); in a
        simultaneous phase the search does not see the other seats' unrevealed choices."""
        agent = analysis_agent("mcts:normal", self.seed + len(self.state.history))
        lines = agent.analyse(self.state, seat)
        self.console.print(analysis_table(lines, 3, f"hint for {self.game.seat_name(seat)}"))

    def error(self, message: str) -> None:
        """Print ``message`` in red."""
        self.console.print(f"[red]{escape(message)}[/]")

    def undo(self) -> Next:
        """Take back the last non-chance action and the chance outcomes after it."""
        if len(self.humans) != self.game.num_players:
            self.error("undo is only available when every seat is human")
            return Next.ASK
        history = self.state.history
        movers = [index for index, entry in enumerate(history) if entry.player != CHANCE]
        if not movers:
            self.error("there is nothing to undo")
            return Next.ASK
        keep, undone = history[: movers[-1]], history[movers[-1] :]
        state = self.game.new_initial_state()
        for entry in keep:
            state.apply_legal_action(entry.action, entry.player)
        self.state, self.phase, self.ended = state, [], False
        self.last_mover = keep[-1].player if keep else None
        taken = ", ".join(str(entry.action) for entry in undone)
        self.console.print(f"undone: {escape(taken)}")
        self.show()
        return Next.DONE

    def final_returns(self) -> list[float]:
        """The returns: a resignation's result, else the engine's with the seats that
        resigned ranked last (``service.results``, as at web tables)."""
        if self.result is not None:
            return list(self.result)
        notes = [TableNote(NoteKind.RESIGN, 0, seat, utcnow()) for seat in self.resigned]
        return final_returns(self.game, self.state.returns(), notes)

    def resign(self, seat: int) -> Next:
        """``seat`` gives up: with two sides the other side wins at once; with more, the
        seat is ranked last and ``mcts:normal`` plays it on while a person is left."""
        self.resigned.append(seat)
        name = seat_label(self.game, seat, self.players)
        all_sides = sides(self.game)
        people_left = [s for s in self.humans if s not in self.resigned]
        if len(all_sides) == 2 or not people_left:
            out = {s for gave_up in self.resigned for s in side_of(self.game, gave_up)}
            winners = [s for s in range(self.game.num_players) if s not in out]
            self.result = win_for(self.game, winners)
            self.console.print(f"{escape(name)} resigns.")
            return Next.DONE
        self.agents[seat] = make_agents(["mcts:normal"], self.seed + 1 + seat, False)[0]
        self.players[seat] = f"{self.players[seat]} (resigned; mcts:normal plays on)"
        self.humans = people_left
        self.viewer = people_left[0] if len(people_left) == 1 else None
        self.console.print(f"{escape(name)} resigns: ranked last, the computer plays on.")
        return Next.DONE

    def save(self, path: str) -> None:
        """Write the record so far to ``path`` and confirm (or say why not)."""
        if not path:
            self.error("usage: save FILE")
            return
        try:
            meta: dict[str, object] = {}
            if self.resigned:
                meta = {"reason": "resignation", "resigned": list(self.resigned)}
                if self.ended:
                    meta["returns"] = self.final_returns()
            write_record(self.state, self.players, self.seed, Path(path).expanduser(), meta)
        except OSError as error:
            self.error(f"cannot write {path}: {error.strerror}")
            return
        self.console.print(f"saved {len(self.state.history)} actions to {escape(path)}")


def write_record(
    state: State[Action],
    players: Sequence[str],
    seed: int,
    path: Path,
    meta: dict[str, object] | None = None,
) -> None:
    """Write the record of ``state`` to ``path`` (``meta``: the seed, plus ``meta``).

    Raises:
        OSError: the file cannot be written.
    """
    record = record_of(state, players, meta={"seed": seed, **(meta or {})})
    path.write_text(record.to_json() + "\n", encoding="utf-8")


def run_play(
    game: Game,
    players: Sequence[str],
    agents: Sequence[Agent | None],
    seed: int,
    save: Path | None,
) -> None:
    """Play one game in the terminal; with ``save``, write the record when it stops.

    Raises:
        typer.Exit: status 2 when the record cannot be written to ``save``, 130 after Ctrl-C.
    """
    if any(agent is None for agent in agents) and sys.stdin.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (line editing and history for input())
    session = PlaySession(game, players, agents, seed, Console(highlight=False), save)
    interrupted = False
    with user_errors():
        try:
            session.run()
        except KeyboardInterrupt:
            session.console.print("\nInterrupted: leaving the game.")
            interrupted = True
        finally:
            close_agents(agents)  # external engines end their programs
            if save is not None:
                _save_at_exit(session, save)
    if interrupted:
        raise typer.Exit(130)


def _save_at_exit(session: PlaySession, path: Path) -> None:
    try:
        write_record(session.state, session.players, session.seed, path)
    except OSError as error:
        raise CliError(f"cannot write {path}: {error.strerror}") from None
    count = len(session.state.history)
    session.console.print(f"saved {count} actions to {escape(str(path))}")


def play_command(
    game: Annotated[
        str, typer.Argument(metavar="GAME", help="The game to play (see connect-arena games).")
    ],
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            "-p",
            metavar="LIST",
            help="Who sits at each seat, comma-separated: human or an agent (random, greedy, "
            "mcts:hard, engine:COMMAND…). "
            "The number of entries is the number of seats.",
            show_default="human, then random",
        ),
    ] = None,
    option: OptionsArg = None,
    seed: Annotated[
        int | None,
        typer.Option(help="Seed for dice and shuffles; agent at seat s gets SEED + 1 + s."),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="Write the game record to FILE when the game stops."),
    ] = None,
    engine_timeout: EngineTimeoutArg = DEFAULT_TIMEOUT,
) -> None:
    """Play a game in the terminal, humans at the keyboard and agents in the other seats.

    At the prompt type an action in the game's notation, or ? for the legal actions,
    board, hint, undo, save FILE, help or quit.
    """
    with user_errors():
        specs = parse_seats(players, game, HUMAN, "random")
        # no human to stop it: the game's anti-endless limit, as in simulate and on the server
        loaded = load_game(game, len(specs), option or [], ai_only=HUMAN not in specs)
        chosen = fresh_seed() if seed is None else seed
        agents = make_agents(specs, chosen, allow_human=True, engine_timeout=engine_timeout)
    run_play(loaded, specs, agents, chosen, save)
