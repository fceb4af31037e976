"""Five stones' action encoding for the research adapters (``connect_arena.rl``).

Ids ``0 .. 2``: take 1, 2 or 3 stones. No chance. Observation, shape ``(stones + 3,)``: a
one-hot of the stones left (``0 .. stones``), then whether the observer is to move, then
whether the observer is North.
"""

from __future__ import annotations

from typing import Any

from connect_arena.core import Action, Game, State
from connect_arena.rl.encoding.base import Encoding, Tensor


class FiveStonesEncoding(Encoding):
    """One id per pile size taken."""

    game_name = "fivestones"

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.stones = int(game.option("stones"))
        self.num_distinct_actions = 3
        self.observation_shape = (self.stones + 3,)

    def encode(self, state: State[Any], action: Action) -> tuple[int, ...]:
        return (action.count - 1,)  # type: ignore[attr-defined]

    def id_name(self, action_id: int) -> str:
        return f"take {action_id + 1}"

    def observe(self, state: State[Any], player: int, prefix: tuple[int, ...], out: Tensor) -> None:
        out[state.pile] = 1.0  # type: ignore[attr-defined]
        out[self.stones + 1] = float(state.current_player == player)
        out[self.stones + 2] = float(player == 0)

    def max_game_length(self) -> int:
        return self.stones  # every turn takes at least one stone
