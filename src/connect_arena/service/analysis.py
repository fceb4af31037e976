""" "Analyse this game": the engine's evaluation along a finished game's replay.

For each position where a seat acted (every one, or :data:`MAX_POSITIONS` spread evenly over a
long game), the analysis agent searches from that seat's view: its best action, the value it
expects (the seat's expected return), and where the action played ranks among the candidates.
The searches run in the computer players' pool, one analysis at a time. Fair play: only a
finished game is analysed (no engine help while it runs). Results are cached per table.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict

from connect_arena.service.computer import ComputerPlayers, HintRequest
from connect_arena.service.model import ErrorCode, ServiceError, TableStatus, mix
from connect_arena.service.protocol import AnalysedPosition, GameAnalysis
from connect_arena.service.table_registry import TableRegistry

AGENT = "mcts:300"
"""The search run at each position (300 simulations: a quick, steady opinion)."""

MAX_POSITIONS = 120
"""The most positions one analysis searches."""

CANDIDATES = 5
"""Candidate actions searched per position (the action played is ranked among them)."""

CACHED = 32
"""Analyses kept in memory."""


def positions_of(acting: list[int], limit: int = MAX_POSITIONS) -> list[int]:
    """The indices of ``acting`` (log indices where a seat acted) to search: all of them, or
    ``limit`` spread evenly (first and last included)."""
    if len(acting) <= limit:
        return acting
    step = (len(acting) - 1) / (limit - 1)
    return sorted({acting[round(k * step)] for k in range(limit)})


class Analysis:
    """Analyses of finished games.

    Args:
        registry: the tables.
        computer: the pool where searches run.
    """

    def __init__(self, registry: TableRegistry, computer: ComputerPlayers) -> None:
        self.registry = registry
        self.computer = computer
        self._cache: OrderedDict[int, GameAnalysis] = OrderedDict()
        self._one = asyncio.Semaphore(1)

    async def analyse(self, table_id: int) -> GameAnalysis:
        """The evaluation of table ``table_id``'s game.

        Returns:
            ``{"table_id", "agent", "sampled", "positions": [{"seq", "seat", "played",
            "best", "value", "best_event", "rank"}]}``: ``seq`` is the action's seq (the
            position searched is the one before it), ``value`` the acting seat's expected
            return there (the best line's), ``rank`` the action played among the candidates
            (1 = the engine's choice; ``null`` when not among them).

        Raises:
            ServiceError: ``not_found``; ``not_allowed`` while the game runs (fair play) or
                for a game that ended without being played (aborted at once).
        """
        table = await self.registry.get(table_id)
        if table.info.status is not TableStatus.FINISHED or table.state is None:
            raise ServiceError(
                ErrorCode.NOT_ALLOWED,
                "fair play: a game is analysed once it is over, never while it runs",
            )
        cached = self._cache.get(table.id)
        if cached is not None:
            return cached
        log = list(table.log)
        acting = [index for index, entry in enumerate(log) if entry.seat >= 0]
        if not acting:
            raise ServiceError(ErrorCode.NOT_ALLOWED, "nobody played at this table")
        chosen = positions_of(acting)
        async with self._one:
            found: list[AnalysedPosition] = []
            for index in chosen:
                entry = log[index]
                request = HintRequest(
                    table_id=-table.id,  # its own cache line in the workers
                    game=table.info.game,
                    num_players=table.info.num_players,
                    options=dict(table.info.options),
                    actions=tuple((e.seat, e.action) for e in log[:index]),
                    seat=entry.seat,
                    agent=AGENT,
                    seed=mix(table.id, index),
                    lines=CANDIDATES,
                )
                try:
                    lines = await self.computer.hint(request)
                except ValueError:  # e.g. a forced pass: nothing to weigh
                    continue
                if not lines:
                    continue
                played = [line["action"] for line in lines]
                found.append(
                    {
                        "seq": entry.seq,
                        "seat": entry.seat,
                        "played": entry.action,
                        "best": lines[0]["action"],
                        "best_event": lines[0]["event"],
                        "value": lines[0]["value"],
                        "rank": played.index(entry.action) + 1 if entry.action in played else None,
                    }
                )
        result: GameAnalysis = {
            "table_id": table.id,
            "agent": AGENT,
            "sampled": len(chosen) < len(acting),
            "positions": found,
        }
        self._cache[table.id] = result
        while len(self._cache) > CACHED:
            self._cache.popitem(last=False)
        return result
