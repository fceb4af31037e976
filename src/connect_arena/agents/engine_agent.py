"""External engines: a program that speaks the engine protocol over stdin/stdout sits at a seat.

The protocol (``docs/engine-protocol.md``) is line-based, like UCI: a handshake, a game set-up
(game, players, options, seat, seed), then one exchange per decision: the position (the actions
so far, from the start), the seat's legal actions, its observation and a ``go`` with its time;
the engine answers ``action <notation>``. The engine only ever receives what its seat may see:
in a simultaneous phase the other seats' choices not yet revealed are left out of the position
(:func:`connect_arena.core.simultaneous.decision_state`).

:class:`EngineAgent` is the driver side (the agent spec ``engine:<command>``);
``python -m connect_arena.engine`` is a reference engine wrapping any built-in agent.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shlex
import shutil
import subprocess
import threading
import time
import weakref
from collections import deque
from collections.abc import Iterable, Sequence
from types import TracebackType
from typing import IO, Final

from connect_arena.agents.base import Budget
from connect_arena.core.errors import GameError
from connect_arena.core.game import Action, Game, State
from connect_arena.core.simultaneous import decision_state

PROTOCOL_VERSION: Final = 1
"""The protocol version this driver speaks (sent in the handshake)."""
DEFAULT_TIMEOUT: Final = 30.0
"""Seconds an engine may take to start, to get ready, or to answer one ``go``."""
QUIT_GRACE: Final = 1.0
"""Seconds an engine gets to exit after ``quit`` before it is terminated, then killed."""
STDERR_TAIL: Final = 8
"""Lines of the engine's stderr kept for error messages."""

_EOF: Final = None


class EngineError(GameError):
    """An external engine could not be started, broke the protocol, timed out, exited, reported
    an error or answered an illegal action; the message names the engine and says which."""


def action_lines(state: State[Action]) -> list[str]:
    """The actions of ``state.history`` as position lines: the notation, prefixed ``@<seat> ``
    for an action taken while several seats could act (as records tag them with their seat)."""
    return [
        f"@{entry.player} {entry.action}" if entry.simultaneous else str(entry.action)
        for entry in state.history
    ]


def option_text(value: object) -> str:
    """An option value as the protocol writes it: ``true``/``false``, an integer, or text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def setup_lines(game: Game, seat: int, seed: int | None) -> list[str]:
    """The ``newgame`` block for ``game`` with the engine at ``seat`` (0-based)."""
    lines = [f"newgame {game.name} {game.num_players}"]
    lines += [f"option {name} {option_text(value)}" for name, value in game.options.items()]
    lines.append(f"seat {seat}")
    if seed is not None:
        lines.append(f"seed {seed}")
    lines.append("isready")
    return lines


def decision_lines(
    state: State[Action], seat: int, time_ms: int, inc_ms: int = 0, budget: Budget | None = None
) -> list[str]:
    """What the engine at ``seat`` is sent for one decision: ``position``, ``legal``,
    ``observation`` and ``go``, all from what ``seat`` may see.

    Args:
        state: the authoritative state; not modified.
        seat: the deciding seat (0-based), active in ``state``.
        time_ms: the seat's time left, in milliseconds (its hard limit for this answer).
        inc_ms: the seat's increment per action, in milliseconds.
        budget: the thinking budget asked of the engine (``movetime``/``iterations``), if any.
    """
    view = decision_state(state, seat)  # the others' hidden choices taken back
    history = action_lines(view)
    legal = [str(action) for action in view.legal_actions(seat)]
    observation = json.dumps(view.observation(seat), separators=(",", ":"), ensure_ascii=False)
    go = f"go time {time_ms} inc {inc_ms}"
    if budget is not None and budget.seconds is not None:
        go += f" movetime {round(budget.seconds * 1000)}"
    if budget is not None and budget.iterations is not None:
        go += f" iterations {budget.iterations}"
    return [
        f"position {len(history)}",
        *history,
        f"legal {len(legal)}",
        *legal,
        f"observation {observation}",
        go,
    ]


def resolve_command(command: str | Sequence[str]) -> list[str]:
    """The argument vector of an engine command (``shlex``-split when a string; never a shell).

    Raises:
        EngineError: an empty command, a program that does not exist or cannot be executed.
    """
    try:
        argv = shlex.split(command) if isinstance(command, str) else list(command)
    except ValueError as error:
        raise EngineError(f"cannot read the engine command {command!r}: {error}") from None
    if not argv:
        raise EngineError("the engine command is empty (write engine:PROGRAM [ARGS...])")
    program = argv[0]
    if os.sep in program or (os.altsep is not None and os.altsep in program):
        if not os.path.isfile(program):
            raise EngineError(f"engine program not found: {program}")
        if not os.access(program, os.X_OK):
            raise EngineError(f"engine program is not executable: {program}")
    elif shutil.which(program) is None:
        raise EngineError(f"engine program not found on PATH: {program}")
    return argv


def _pump(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    """Copy ``stream``'s lines to ``lines`` (a reader thread), then ``_EOF``."""
    try:
        for line in stream:
            lines.put(line.rstrip("\r\n"))
    except (OSError, ValueError):
        pass  # the pipe was closed under us: same as the end of the stream
    finally:
        lines.put(_EOF)


def _keep_tail(stream: IO[str], tail: deque[str]) -> None:
    """Keep the last lines of the engine's stderr (a reader thread) for error messages."""
    try:
        for line in stream:
            tail.append(line.rstrip("\r\n"))
    except (OSError, ValueError):
        pass


def _feed(stream: IO[str], outbox: queue.Queue[str | None]) -> None:
    """Write ``outbox``'s texts to the engine's stdin (a writer thread, so that an engine that
    stops reading blocks this thread, never the driver), until ``None``."""
    try:
        while (text := outbox.get()) is not None:
            stream.write(text)
            stream.flush()
    except (OSError, ValueError):
        pass  # the engine is gone: the reader sees the end of its output
    finally:
        with contextlib.suppress(OSError, ValueError):
            stream.close()


def _shutdown(process: subprocess.Popen[str], outbox: queue.Queue[str | None]) -> None:
    """End ``process``: ``quit``, then terminate, then kill; never waits long."""
    outbox.put("quit\n")
    outbox.put(None)
    if process.poll() is None:
        try:
            process.wait(QUIT_GRACE)
        except subprocess.TimeoutExpired:
            process.terminate()
            try:
                process.wait(QUIT_GRACE)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    for stream in (process.stdout, process.stderr):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()


class EngineAgent:
    """An agent played by an external program speaking the engine protocol.

    The program is started at the first decision (so building the agent to check a spec starts
    nothing) and kept for later decisions and games; :meth:`close` (or leaving a ``with`` block)
    ends it, and a forgotten agent's program is ended when the agent is garbage collected.

    Args:
        command: the program and its arguments, as a string (``shlex``-split, no shell) or a
            sequence.
        seed: sent to the engine with each game (``seed <n>``), for engines with randomness.
        timeout: seconds the engine may take to start, to get ready or to answer one decision.
        name: the agent's label (default ``engine:<command>``).

    Raises:
        EngineError: the program does not exist or cannot be executed.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        seed: int | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        name: str | None = None,
    ) -> None:
        if timeout <= 0:
            raise ValueError("the engine timeout must be positive")
        self.argv = resolve_command(command)
        self.command = command if isinstance(command, str) else shlex.join(self.argv)
        self.name = name or f"engine:{self.command}"
        self.seed = seed
        self.timeout = timeout
        self.engine_name: str | None = None
        """The engine's ``id name`` once started."""
        self.engine_author: str | None = None
        """The engine's ``id author`` once started (``None`` if it gives none)."""
        self._process: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=STDERR_TAIL)
        self._outbox: queue.Queue[str | None] = queue.Queue()
        self._finalizer: (
            weakref.finalize[[subprocess.Popen[str], queue.Queue[str | None]], EngineAgent] | None
        ) = None
        self._game: tuple[Game, int] | None = None
        self._stderr_reader: threading.Thread | None = None

    # ----- the agent protocol -------------------------------------------------------------------
    def act(self, state: State[Action], player: int, budget: Budget | None = None) -> Action:
        """The engine's action for ``player``: sends what the seat may see, waits for the answer.

        The engine gets ``time`` = the agent's timeout (or the budget's seconds plus the timeout
        when a budget in seconds is given), in milliseconds.

        Raises:
            EngineError: the engine cannot be started, breaks the protocol, does not answer in
                time, exits, reports an error, or answers an action that is not legal (the
                message quotes the engine's text and the rules' reason). The program is ended.
            ValueError: ``player`` has no legal action.
        """
        if not state.legal_actions(player):
            raise ValueError(f"{state.game.seat_name(player)} has no legal action")
        try:
            self._start()
            if self._game != (state.game, player):
                self._send(setup_lines(state.game, player, self.seed))
                self._expect("readyok", "getting ready")
                self._game = (state.game, player)
            limit = self.timeout + (budget.seconds if budget and budget.seconds else 0.0)
            self._send(decision_lines(state, player, round(limit * 1000), 0, budget))
            text = self._expect("action", "choosing an action", limit)
            try:
                return state.parse_action(text, player)
            except GameError as error:
                raise self._error(f"answered an illegal action {text!r}: {error}") from None
        except EngineError:
            self.close()
            raise

    def close(self) -> None:
        """End the program (``quit``, then terminate, then kill); idempotent."""
        if self._finalizer is not None:
            self._finalizer()
        self._process = None
        self._game = None

    def __enter__(self) -> EngineAgent:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    # ----- the conversation ---------------------------------------------------------------------
    def _start(self) -> None:
        """Start the program and do the handshake, unless it is running."""
        if self._process is not None:
            return
        try:
            process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except OSError as error:
            raise EngineError(f"cannot start engine {self.command!r}: {error.strerror}") from None
        self._process = process
        self._lines = queue.Queue()
        self._outbox = queue.Queue()
        self._finalizer = weakref.finalize(self, _shutdown, process, self._outbox)
        self._stderr.clear()
        assert process.stdin is not None
        assert process.stdout is not None and process.stderr is not None
        threading.Thread(target=_feed, args=(process.stdin, self._outbox), daemon=True).start()
        threading.Thread(target=_pump, args=(process.stdout, self._lines), daemon=True).start()
        self._stderr_reader = threading.Thread(
            target=_keep_tail, args=(process.stderr, self._stderr), daemon=True
        )
        self._stderr_reader.start()
        self._send([f"protocol {PROTOCOL_VERSION}"])
        self.engine_name = self.engine_author = None
        version = self._expect("protocolok", "starting")
        if version != str(PROTOCOL_VERSION):
            raise self._error(
                f"speaks protocol version {version!r}; this program speaks {PROTOCOL_VERSION}"
            )
        if not self.engine_name:
            raise self._error("gave no 'id name' line before 'protocolok'")

    def _send(self, lines: Iterable[str]) -> None:
        """Queue ``lines`` for the engine (written by the writer thread)."""
        self._outbox.put("".join(f"{line}\n" for line in lines))

    def _expect(self, keyword: str, doing: str, seconds: float | None = None) -> str:
        """Read lines until ``<keyword> <rest>`` and return ``rest``; ``id`` and ``info`` lines
        and blank lines are taken in passing.

        Raises:
            EngineError: another line, ``error <text>``, the end of the output, or no answer
                within ``seconds`` (default: the timeout).
        """
        limit = self.timeout if seconds is None else seconds
        deadline = time.monotonic() + limit
        while True:
            left = deadline - time.monotonic()
            try:
                if left <= 0:  # checked here too: an engine flooding 'info' lines times out
                    raise queue.Empty
                line = self._lines.get(timeout=left)
            except queue.Empty:
                raise self._error(f"did not answer within {limit:g} s while {doing}") from None
            if line is _EOF:
                raise self._exited(f"while {doing}")
            word, _, rest = line.strip().partition(" ")
            rest = rest.strip()
            if word == keyword:
                return rest
            if word == "error":
                raise self._error(f"reported an error while {doing}: {rest}")
            if word == "id":
                field, _, value = rest.partition(" ")
                if field == "name":
                    self.engine_name = value.strip()
                elif field == "author":
                    self.engine_author = value.strip()
                continue
            if word in ("", "info"):
                continue
            raise self._error(
                f"broke the protocol while {doing}: expected '{keyword} ...', got {line[:200]!r}"
            )

    def _exited(self, when: str) -> EngineError:
        process = self._process
        status = None
        if process is not None:
            try:
                status = process.wait(QUIT_GRACE)
            except subprocess.TimeoutExpired:
                status = None
        if status is not None and self._stderr_reader is not None:
            self._stderr_reader.join(QUIT_GRACE)  # its last words explain the exit
        how = "closed its output" if status is None else f"exited with status {status}"
        return self._error(f"{how} {when}")

    def _error(self, message: str) -> EngineError:
        tail = " | ".join(line for line in self._stderr if line.strip())
        where = f" (its stderr: {tail[-500:]})" if tail else ""
        return EngineError(f"engine {self.command!r} {message}{where}")
