"""The reference engine: any built-in agent behind the engine protocol on stdin/stdout.

Run ``python -m connect_arena.engine --agent mcts:easy`` (or ``connect-arena-engine``) and seat
it with ``--agents "engine:connect-arena-engine --agent mcts:easy"``. The protocol is described
in ``docs/engine-protocol.md``; the driver side is :mod:`connect_arena.agents.engine_agent`.

Seeded like the agent it wraps (``seed`` from the driver), it plays exactly the actions that
agent would play in the driver's own process.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterator, Sequence
from typing import IO

from connect_arena import __version__
from connect_arena.agents import Agent, Budget, make_agent
from connect_arena.agents.engine_agent import PROTOCOL_VERSION
from connect_arena.core import Action, GameError, State, load

NAME = "connect-arena reference engine"


class ProtocolError(Exception):
    """A message this engine cannot take; answered with ``error <message>``."""


class ReferenceEngine:
    """The engine side of the protocol, wrapping a built-in agent.

    Args:
        agent_spec: the built-in agent to play with (``make_agent`` spec, e.g. ``"greedy"``).
        seed: the agent's seed when the driver sends none.

    Raises:
        ValueError: an unknown agent spec.
    """

    def __init__(self, agent_spec: str, seed: int | None = None) -> None:
        make_agent(agent_spec, seed)  # checks the spec now, not at the first game
        self.agent_spec = agent_spec
        self.default_seed = seed
        self._setup: dict[str, object] = {}
        self._agent: Agent | None = None
        self._seat = 0
        self._state: State[Action] | None = None
        self._applied: list[str] = []
        self._position: list[str] = []
        self._legal: list[str] | None = None

    def serve(self, source: IO[str], sink: IO[str]) -> None:
        """Answer the messages read from ``source`` on ``sink`` until ``quit`` or the end."""
        lines = (line.rstrip("\r\n") for line in source)
        for line in lines:
            word, _, rest = line.strip().partition(" ")
            if word == "quit":
                return
            try:
                answer = self.handle(word, rest.strip(), lines)
            except (ProtocolError, GameError) as error:
                answer = [f"error {_one_line(str(error))}"]
            if answer:
                sink.write("".join(f"{text}\n" for text in answer))
                sink.flush()

    def handle(self, word: str, rest: str, more: Iterator[str]) -> list[str]:
        """The answer lines to the message ``word rest`` (``more`` gives a block's lines).

        Raises:
            ProtocolError: an unknown or malformed message.
            GameError: a game that cannot be set up, or a position that does not replay.
        """
        if word == "":
            return []
        if word == "protocol":
            if rest != str(PROTOCOL_VERSION):
                raise ProtocolError(f"protocol version {rest!r} unsupported (this speaks 1)")
            name = f"{NAME} ({self.agent_spec})"
            return [f"id name {name}", f"id author connect-arena {__version__}", "protocolok 1"]
        if word in ("newgame", "option", "seat", "seed"):
            self._set_up(word, rest)
            return []
        if word == "isready":
            self._get_ready()
            return ["readyok"]
        if word == "position":
            self._position = _block(rest, more)
            return []
        if word == "legal":
            self._legal = _block(rest, more)
            return []
        if word == "observation":
            return []  # everything is in the position: this engine knows the rules
        if word == "go":
            return [f"action {self._go(_go_fields(rest))}"]
        raise ProtocolError(f"unknown message {word!r}")

    def _set_up(self, word: str, rest: str) -> None:
        if word == "newgame":
            game, _, players = rest.partition(" ")
            if not game or not players.strip().isdigit():
                raise ProtocolError("newgame needs a game and a number of players")
            self._setup = {"game": game, "players": int(players), "options": {}}
            return
        if not self._setup:
            raise ProtocolError(f"{word} before newgame")
        if word == "option":
            name, _, value = rest.partition(" ")
            options = self._setup["options"]
            assert isinstance(options, dict)
            options[name] = value
        elif not rest.lstrip("-").isdigit():
            raise ProtocolError(f"{word} needs an integer, not {rest!r}")
        else:
            self._setup[word] = int(rest)

    def _get_ready(self) -> None:
        """Build the game and the agent of the last ``newgame``."""
        if not self._setup:
            raise ProtocolError("isready before newgame")
        options = self._setup["options"]
        players = self._setup["players"]
        assert isinstance(options, dict) and isinstance(players, int)
        game = load(str(self._setup["game"]), players, **options)
        seat = self._setup.get("seat", 0)
        assert isinstance(seat, int)
        if not 0 <= seat < game.num_players:
            raise ProtocolError(f"seat {seat} does not exist in a {players}-player game")
        seed = self._setup.get("seed", self.default_seed)
        self._agent = make_agent(self.agent_spec, seed if isinstance(seed, int) else None)
        self._seat = seat
        self._state = game.new_initial_state()
        self._applied = []

    def _go(self, fields: dict[str, int]) -> str:
        if self._agent is None or self._state is None:
            raise ProtocolError("go before isready")
        state = self._replay()
        legal = [str(action) for action in state.legal_actions(self._seat)]
        if self._legal is not None and sorted(self._legal) != sorted(legal):
            raise ProtocolError("the legal actions sent differ from the position's")
        budget = None
        if "movetime" in fields or "iterations" in fields:
            seconds = fields["movetime"] / 1000 if "movetime" in fields else None
            budget = Budget(seconds=seconds, iterations=fields.get("iterations"))
        return str(self._agent.act(state, self._seat, budget))

    def _replay(self) -> State[Action]:
        """The state of the last ``position``: only its new actions are applied when it
        extends the previous one."""
        assert self._state is not None
        known = len(self._applied)
        if self._position[:known] != self._applied:
            self._state = self._state.game.new_initial_state()
            self._applied, known = [], 0
        for index, line in enumerate(self._position[known:], start=known):
            seat: int | None = None
            text = line
            if line.startswith("@"):
                tag, _, text = line.partition(" ")
                if not tag[1:].isdigit():
                    raise ProtocolError(f"position line {index + 1}: bad seat tag {tag!r}")
                seat = int(tag[1:])
            try:
                self._state.apply_action(text, seat)
            except GameError as error:
                self._applied = []  # the state is rebuilt at the next position
                self._state = self._state.game.new_initial_state()
                raise ProtocolError(f"position line {index + 1} ({line!r}): {error}") from None
            self._applied.append(line)
        return self._state


def _block(count: str, more: Iterator[str]) -> list[str]:
    """The ``count`` lines of a ``position``/``legal`` block."""
    if not count.isdigit():
        raise ProtocolError(f"a block needs its number of lines, not {count!r}")
    lines = []
    for _ in range(int(count)):
        line = next(more, None)
        if line is None:
            raise ProtocolError("the input ended inside a block")
        lines.append(line.strip())
    return lines


def _go_fields(rest: str) -> dict[str, int]:
    """``time 1000 inc 0 movetime 500`` → ``{"time": 1000, "inc": 0, "movetime": 500}``."""
    words = rest.split()
    if len(words) % 2 or not all(value.isdigit() for value in words[1::2]):
        raise ProtocolError(f"go takes name/integer pairs, not {rest!r}")
    return {name: int(value) for name, value in zip(words[::2], words[1::2], strict=True)}


def _one_line(text: str) -> str:
    return " ".join(text.split())


def main(argv: Sequence[str] | None = None) -> None:
    """``connect-arena-engine --agent SPEC [--seed N]``: serve the protocol on stdin/stdout."""
    parser = argparse.ArgumentParser(
        prog="connect-arena-engine",
        description="A built-in agent behind the engine protocol (docs/engine-protocol.md).",
    )
    parser.add_argument("--agent", default="random", help="built-in agent spec (random)")
    parser.add_argument("--seed", type=int, help="the agent's seed when the driver sends none")
    args = parser.parse_args(argv)
    try:
        engine = ReferenceEngine(args.agent, args.seed)
    except ValueError as error:
        parser.error(str(error))
    for stream in (sys.stdin, sys.stdout):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(encoding="utf-8")  # the protocol's encoding, whatever the locale
    engine.serve(sys.stdin, sys.stdout)


if __name__ == "__main__":
    main()
