"""Five stones: a toy fifth game that exists only as a plug-in (tests/plugins/).

Two players take turns taking 1, 2 or 3 stones from a pile of ``stones`` (default 15); whoever
takes the last stone wins. Notation: ``take N``. It is registered only through the
``connect_arena.games`` entry-point group of its own distribution (``fivestones-0.1.dist-info``
beside it), so a test that puts this folder on ``sys.path`` sees the platform find it with no
edit anywhere else.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from connect_arena.core import (
    TERMINAL,
    Action,
    Event,
    Game,
    GameType,
    InvalidActionError,
    OptionSpec,
    State,
)


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take ``count`` stones (1-3)."""

    count: int

    def __str__(self) -> str:
        return f"take {self.count}"


class FiveStonesState(State[Take]):
    """The pile and the seat to move."""

    def __init__(self, game: FiveStonesGame) -> None:
        super().__init__(game)
        self.pile = int(game.option("stones"))
        self.to_move = 0
        self.winner: int | None = None

    @property
    def current_player(self) -> int:
        return TERMINAL if self.winner is not None else self.to_move

    def _legal_actions(self, player: int) -> list[Take]:
        return [Take(n) for n in (1, 2, 3) if n <= self.pile]

    def _parse(self, text: str) -> Take:
        word, _, count = text.partition(" ")
        if word != "take" or not count.isdigit():
            raise InvalidActionError(f"{text!r} is not 'take N'")
        return Take(int(count))

    def _illegal_reason(self, action: Take, player: int) -> str | Event | None:
        if not 1 <= action.count <= 3:
            return Event.of("fivestones.one_to_three")
        if action.count > self.pile:
            return Event.of("fivestones.too_many", left=self.pile)
        return None

    def _apply(self, action: Take, player: int) -> None:
        self.pile -= action.count
        if self.pile == 0:
            self.winner = player
        self.to_move = 1 - player

    def describe_action(self, action: Take, player: int) -> Event:
        return Event.of("fivestones.take", seat=player, count=action.count)

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if seat == self.winner else -1.0 for seat in (0, 1)]

    def observation(self, player: int) -> dict[str, object]:
        return {"pile": self.pile, "to_move": self.to_move, "winner": self.winner}

    def clone(self) -> FiveStonesState:
        other = FiveStonesState.__new__(FiveStonesState)
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        return other


class FiveStonesGame(Game):
    """Take 1-3 stones; the last stone wins."""

    game_type = GameType(
        short_name="fivestones",
        long_name="Five stones",
        summary="Take one to three stones; whoever takes the last stone wins.",
        player_counts=(2,),
        default_players=2,
        seat_names=("North", "South"),
        seat_colours=("#2a9d4f", "#7b3fb8"),
        draw_possible=False,
    )
    option_specs = (OptionSpec("stones", 15, "stones in the pile", minimum=1, maximum=99),)
    event_templates = MappingProxyType(
        {
            "fivestones.take": "{seat} takes {count}",
            "fivestones.one_to_three": "take one, two or three stones",
            "fivestones.too_many": "only {left} stones are left",
        }
    )

    def new_initial_state(self) -> FiveStonesState:
        return FiveStonesState(self)
