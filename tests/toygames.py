"""Three tiny games that implement the core protocol fully, for testing interfaces generically.

* ``toy-tictactoe``: deterministic two-player tic-tac-toe; notation ``a1`` .. ``c3`` (column
  letter, row digit).
* ``toy-pig``: a two-player dice race with chance nodes. The player to move says ``roll`` (the
  driver then picks a chance outcome ``roll 1`` .. ``roll 6``, each with p = 1/6) or ``hold``
  (bank the turn total; only after at least one roll). A 1 loses the turn total and passes the
  turn; the first to bank ``target`` points (default 20) wins.
* ``toy-rps``: simultaneous rock-paper-scissors, best of ``rounds`` (default 3). Both seats are
  active at once (``current_player == SIMULTANEOUS``) until each has chosen; then the round
  resolves. The match ends once a seat has won a majority of ``rounds`` or all rounds are
  played (tied rounds count); more round wins wins the match, equal is a draw.

Call :func:`register_toy_games` to make them loadable by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from connect_arena.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    Game,
    InvalidActionError,
    OptionSpec,
    State,
    register,
)
from connect_arena.core.gametype import ChanceMode, Dynamics, GameType, Information

# ----- tic-tac-toe ------------------------------------------------------------------------------

_LINES = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
)


@dataclass(frozen=True, slots=True)
class Mark(Action):
    """Put the mover's mark on ``cell`` (0..8, row-major from a1)."""

    cell: int

    def __str__(self) -> str:
        return "abc"[self.cell % 3] + str(self.cell // 3 + 1)


class TicTacToeState(State[Mark]):
    """A tic-tac-toe position."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.board: list[int | None] = [None] * 9
        self.to_move = 0
        self.winner: int | None = None

    @property
    def current_player(self) -> int:
        if self.winner is not None or all(cell is not None for cell in self.board):
            return TERMINAL
        return self.to_move

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def observation(self, player: int) -> dict[str, Any]:
        return {"board": list(self.board), "to_move": self.current_player}

    def render(self, viewer: int | None = None) -> str:
        marks = {None: ".", 0: "X", 1: "O"}
        rows = [
            f"{row + 1}  " + " ".join(marks[self.board[row * 3 + col]] for col in range(3))
            for row in reversed(range(3))
        ]
        return "\n".join([*rows, "   a b c"])

    def clone(self) -> TicTacToeState:
        other = TicTacToeState(self.game)
        other.board = list(self.board)
        other.to_move = self.to_move
        other.winner = self.winner
        other.history = list(self.history)
        return other

    def _legal_actions(self, player: int) -> list[Mark]:
        return [Mark(cell) for cell in range(9) if self.board[cell] is None]

    def _parse(self, text: str) -> Mark:
        text = text.lower()
        if len(text) != 2 or text[0] not in "abc" or text[1] not in "123":
            raise InvalidActionError(f"{text!r} is not a square (expected a1 .. c3)")
        return Mark("abc".index(text[0]) + 3 * (int(text[1]) - 1))

    def _illegal_reason(self, action: Mark, player: int) -> str | None:
        if self.board[action.cell] is not None:
            return f"square {action} is already taken"
        return None

    def _apply(self, action: Mark, player: int) -> None:
        self.board[action.cell] = player
        if any(all(self.board[cell] == player for cell in line) for line in _LINES):
            self.winner = player
        self.to_move = 1 - player


class TicTacToe(Game):
    """Deterministic two-player tic-tac-toe."""

    game_type = GameType(
        short_name="toy-tictactoe",
        long_name="Toy tic-tac-toe",
        summary="Three in a row on a 3x3 grid.",
        player_counts=(2,),
        default_players=2,
        seat_names=("X", "O"),
        seat_colours=("#d62839", "#1e63d6"),
    )

    def new_initial_state(self) -> TicTacToeState:
        return TicTacToeState(self)


# ----- pig ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PigAction(Action):
    """``roll``/``hold`` for a player; ``roll N`` (``die`` = N) for a chance outcome."""

    word: str
    die: int = 0

    def __str__(self) -> str:
        return f"roll {self.die}" if self.die else self.word


class PigState(State[PigAction]):
    """A position of the dice race."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.scores = [0, 0]
        self.turn_total = 0
        self.to_move = 0
        self.rolling = False

    @property
    def target(self) -> int:
        value = self.game.option("target")
        assert isinstance(value, int)
        return value

    @property
    def current_player(self) -> int:
        if max(self.scores) >= self.target:
            return TERMINAL
        return CHANCE if self.rolling else self.to_move

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        return [1.0, -1.0] if self.scores[0] >= self.target else [-1.0, 1.0]

    def observation(self, player: int) -> dict[str, Any]:
        return {"scores": list(self.scores), "turn_total": self.turn_total}

    def render(self, viewer: int | None = None) -> str:
        names = [self.game.seat_name(seat) for seat in range(2)]
        return (
            f"{names[0]} {self.scores[0]} - {self.scores[1]} {names[1]}   "
            f"(target {self.target}; turn total {self.turn_total})"
        )

    def clone(self) -> PigState:
        other = PigState(self.game)
        other.scores = list(self.scores)
        other.turn_total = self.turn_total
        other.to_move = self.to_move
        other.rolling = self.rolling
        other.history = list(self.history)
        return other

    def _legal_actions(self, player: int) -> list[PigAction]:
        hold = [PigAction("hold")] if self.turn_total > 0 else []
        return [PigAction("roll"), *hold]

    def _chance_outcomes(self) -> list[tuple[PigAction, float]]:
        return [(PigAction("roll", die), 1 / 6) for die in range(1, 7)]

    def _parse(self, text: str) -> PigAction:
        words = text.lower().split()
        if words in (["roll"], ["hold"]):
            return PigAction(words[0])
        if len(words) == 2 and words[0] == "roll" and words[1] in "123456":
            return PigAction("roll", int(words[1]))
        raise InvalidActionError(f"{text!r} is not roll, hold or roll 1 .. roll 6")

    def _illegal_reason(self, action: PigAction, player: int) -> str | None:
        if action.die:
            return "dice outcomes are rolled by chance, not by a player"
        if action.word == "hold" and self.turn_total == 0:
            return "you must roll at least once before holding"
        return None

    def _apply(self, action: PigAction, player: int) -> None:
        if player == CHANCE:
            self.rolling = False
            if action.die == 1:
                self.turn_total = 0
                self.to_move = 1 - self.to_move
            else:
                self.turn_total += action.die
        elif action.word == "roll":
            self.rolling = True
        else:
            self.scores[player] += self.turn_total
            self.turn_total = 0
            self.to_move = 1 - player


class Pig(Game):
    """A two-player dice race with chance nodes."""

    game_type = GameType(
        short_name="toy-pig",
        long_name="Toy pig",
        summary="Roll to build a turn total, hold to bank it; a 1 loses it.",
        player_counts=(2,),
        default_players=2,
        seat_names=("Red", "Blue"),
        seat_colours=("#d62839", "#1e63d6"),
        chance_mode=ChanceMode.EXPLICIT,
        draw_possible=False,
    )
    option_specs = (
        OptionSpec("target", 20, "points needed to win", minimum=5, maximum=100, register="T-1"),
    )

    def new_initial_state(self) -> PigState:
        return PigState(self)


# ----- rock-paper-scissors ---------------------------------------------------------------------

_SHAPES = ("rock", "paper", "scissors")


@dataclass(frozen=True, slots=True)
class Throw(Action):
    """A shape: ``rock``, ``paper`` or ``scissors``."""

    shape: str

    def __str__(self) -> str:
        return self.shape


class RpsState(State[Throw]):
    """A position of a simultaneous rock-paper-scissors match."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.pending: dict[int, Throw] = {}
        self.wins = [0, 0]
        self.rounds_played = 0

    @property
    def rounds(self) -> int:
        value = self.game.option("rounds")
        assert isinstance(value, int)
        return value

    @property
    def current_player(self) -> int:
        if max(self.wins) > self.rounds // 2 or self.rounds_played >= self.rounds:
            return TERMINAL
        return SIMULTANEOUS

    def active_players(self) -> frozenset[int]:
        if self.is_terminal():
            return frozenset()
        return frozenset(seat for seat in range(2) if seat not in self.pending)

    def returns(self) -> list[float]:
        if not self.is_terminal() or self.wins[0] == self.wins[1]:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.wins[0] > self.wins[1] else [-1.0, 1.0]

    def observation(self, player: int) -> dict[str, Any]:
        mine = self.pending.get(player)
        return {
            "wins": list(self.wins),
            "rounds_played": self.rounds_played,
            "chosen": sorted(self.pending),
            "my_choice": None if mine is None else str(mine),
        }

    def render(self, viewer: int | None = None) -> str:
        names = [self.game.seat_name(seat) for seat in range(2)]
        score = f"{names[0]} {self.wins[0]} - {self.wins[1]} {names[1]}"
        if self.is_terminal():
            return f"after {self.rounds_played} rounds: {score}"
        lines = [f"round {self.rounds_played + 1} of {self.rounds}: {score}"]
        for seat, throw in sorted(self.pending.items()):
            shown = str(throw) if seat == viewer else "(hidden)"
            lines.append(f"{names[seat]} has chosen {shown}")
        return "\n".join(lines)

    def clone(self) -> RpsState:
        other = RpsState(self.game)
        other.pending = dict(self.pending)
        other.wins = list(self.wins)
        other.rounds_played = self.rounds_played
        other.history = list(self.history)
        return other

    def _legal_actions(self, player: int) -> list[Throw]:
        return [Throw(shape) for shape in _SHAPES]

    def _parse(self, text: str) -> Throw:
        shape = text.lower()
        if shape not in _SHAPES:
            raise InvalidActionError(f"{text!r} is not rock, paper or scissors")
        return Throw(shape)

    def _illegal_reason(self, action: Throw, player: int) -> str | None:
        return None

    def _apply(self, action: Throw, player: int) -> None:
        self.pending[player] = action
        if len(self.pending) < 2:
            return
        first, second = (_SHAPES.index(self.pending[seat].shape) for seat in range(2))
        if (first - second) % 3 == 1:
            self.wins[0] += 1
        elif (second - first) % 3 == 1:
            self.wins[1] += 1
        self.rounds_played += 1
        self.pending = {}


class RockPaperScissors(Game):
    """Simultaneous rock-paper-scissors, best of ``rounds``."""

    game_type = GameType(
        short_name="toy-rps",
        long_name="Toy rock-paper-scissors",
        summary="Both players choose at once; rock beats scissors beats paper beats rock.",
        player_counts=(2,),
        default_players=2,
        seat_names=("North", "South"),
        seat_colours=("#2a9d4f", "#f4a81d"),
        dynamics=Dynamics.SIMULTANEOUS_PHASES,
        information=Information.IMPERFECT,
        hidden="each seat's choice, until both have chosen",
    )
    option_specs = (OptionSpec("rounds", 3, "number of rounds (best of)", minimum=1, maximum=99),)

    def new_initial_state(self) -> RpsState:
        return RpsState(self)


TOY_GAMES: tuple[type[Game], ...] = (TicTacToe, Pig, RockPaperScissors)


def register_toy_games() -> None:
    """Register the toy games under their names (idempotent)."""
    for game in TOY_GAMES:
        register(game.name, game)
