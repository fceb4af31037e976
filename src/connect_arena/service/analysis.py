""" "Analyse this game": the engine's evaluation along a finished game's replay.

For each position where a seat acted (every one, or :data:`MAX_POSITIONS` spread evenly over a
long game), a search from that seat's view gives its best action, the value it expects (the
seat's expected return, and the same on the 0..1 scale of hints) and where the action played
ranks among the candidates. Fair play: only a finished game is analysed.

Live play comes first: the searches run in the computer players' background pool (lowest CPU
priority, never in the queue of computer moves and hints), at most :data:`AT_ONCE` analyses
search at a time and at most :data:`WAITING` are accepted at all (more: ``busy``). A position
is searched ``quick`` simulations, topped up to ``full`` only when undecided
(:func:`~connect_arena.service.computer.analyse_position`); an analysis's positions are searched
in parallel and reported as each ends (:meth:`AnalysisRun.positions`, streamed to the page).
One search per table: requests for a table being analysed follow the same run, and finished
runs are cached per table (the :data:`CACHED` most recent).

"Analyse from here" (:meth:`Analysis.explore`, Lichess's analysis board): from any position
of a finished game, a branch of actions chosen by the person (chance outcomes chosen too: the
dice are the person's to set), the choices at its end and the engine's evaluation there.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import AsyncIterator

from connect_arena.core import CHANCE, GameError, State, load
from connect_arena.core.game import Action
from connect_arena.service.computer import AnalysisRequest, ComputerPlayers, analyse_position
from connect_arena.service.live_table import LiveTable, apply_log
from connect_arena.service.model import ErrorCode, ServiceError, TableStatus, mix
from connect_arena.service.protocol import (
    AnalysedPosition,
    AnalysisBranch,
    BranchChoice,
    GameAnalysis,
    HintLine,
    ReplayFrame,
)
from connect_arena.service.table_registry import TableRegistry

log = logging.getLogger(__name__)

AGENT = "mcts:100-300"
"""The search at each position: 100 simulations, 300 where the position is undecided."""

QUICK, FULL = 100, 300
"""Simulations of a decided and of an undecided position."""

MAX_POSITIONS = 120
"""The most positions one analysis searches."""

CANDIDATES = 5
"""Candidate actions searched per position (the action played is ranked among them)."""

CACHED = 32
"""Analyses kept in memory."""

AT_ONCE = 2
"""Analyses searching at the same time (the others wait their turn)."""

WAITING = 8
"""Analyses searching or waiting at most; beyond, a new one is refused (``busy``)."""

RETRY_SECONDS = 30
"""What a refused analysis is told to wait."""

MAX_BRANCH = 200
"""The most actions of an explored branch."""

BRANCHES_CACHED = 256
"""Explored positions kept in memory."""


def positions_of(acting: list[int], limit: int = MAX_POSITIONS) -> list[int]:
    """The indices of ``acting`` (log indices where a seat acted) to search: all of them, or
    ``limit`` spread evenly (first and last included)."""
    if len(acting) <= limit:
        return acting
    step = (len(acting) - 1) / (limit - 1)
    return sorted({acting[round(k * step)] for k in range(limit)})


class AnalysisRun:
    """One table's analysis, running or done: the positions found so far, in the order their
    searches ended.

    Attributes:
        table_id: the table.
        total: the positions searched in all.
        sampled: only some of the seats' actions are searched (a long game).
        found: the positions searched so far (a position whose search failed is left out).
        done: every search has ended.
    """

    def __init__(self, table_id: int, total: int, sampled: bool) -> None:
        self.table_id = table_id
        self.total = total
        self.sampled = sampled
        self.found: list[AnalysedPosition] = []
        self.done = False
        self._changed = asyncio.Event()

    def add(self, position: AnalysedPosition) -> None:
        """A position's search ended."""
        self.found.append(position)
        self._wake()

    def finish(self) -> None:
        """Every search ended (or failed)."""
        self.done = True
        self._wake()

    def _wake(self) -> None:
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def positions(self) -> AsyncIterator[AnalysedPosition]:
        """Every position, those found so far at once, then each as its search ends."""
        seen = 0
        while True:
            changed = self._changed
            while seen < len(self.found):
                seen += 1
                yield self.found[seen - 1]
            if self.done:
                return
            await changed.wait()

    async def result(self) -> GameAnalysis:
        """The whole analysis, once every search has ended."""
        async for _ in self.positions():
            pass
        return {
            "table_id": self.table_id,
            "agent": AGENT,
            "sampled": self.sampled,
            "positions": sorted(self.found, key=lambda position: position["seq"]),
        }


class Analysis:
    """Analyses of finished games.

    Args:
        registry: the tables (an analysis's search is one of its background tasks).
        computer: the pools where searches run (its background pool).
    """

    def __init__(self, registry: TableRegistry, computer: ComputerPlayers) -> None:
        self.registry = registry
        self.computer = computer
        self._runs: OrderedDict[int, AnalysisRun] = OrderedDict()  # finished, most recent last
        self._running: dict[int, AnalysisRun] = {}
        self._slots = asyncio.Semaphore(AT_ONCE)
        self._branches: OrderedDict[tuple[int, int, tuple[str, ...]], AnalysisBranch] = (
            OrderedDict()
        )

    async def analyse(self, table_id: int) -> GameAnalysis:
        """The evaluation of table ``table_id``'s game: :meth:`start`, then its whole result.

        Returns:
            ``{"table_id", "agent", "sampled", "positions": [{"seq", "seat", "played",
            "best", "value", "score", "best_event", "rank", "simulations"}]}`` by seq: ``seq``
            is the action's seq (the position searched is the one before it), ``value`` the
            acting seat's expected return there (the best line's), ``score`` the same on the
            0..1 scale, ``rank`` the action played among the candidates (1 = the engine's
            choice; ``null`` when not among them).

        Raises:
            ServiceError: see :meth:`start`.
        """
        return await (await self.start(table_id)).result()

    async def explore(self, table_id: int, seq: int, branch: list[str]) -> AnalysisBranch:
        """ "Analyse from here": the position after the game's first ``seq`` actions and then
        ``branch`` (each action of the seat to act, the lowest active one, or a chance
        outcome where chance acts), its choices and the engine's evaluation for its seat.

        Raises:
            ServiceError: ``not_found``; ``not_allowed`` while the game runs (fair play);
                ``bad_request`` for a ``seq`` outside the game, a branch over
                :data:`MAX_BRANCH` actions or an action of the branch that is not legal there
                (its index and the reason; nothing is searched).
        """
        table = await self.registry.get(table_id)
        self._finished(table)
        if not 0 <= seq <= len(table.log):
            raise ServiceError(
                ErrorCode.BAD_REQUEST, f"seq {seq} is outside this game (0-{len(table.log)})"
            )
        if len(branch) > MAX_BRANCH:
            raise ServiceError(ErrorCode.BAD_REQUEST, f"a branch has {MAX_BRANCH} actions at most")
        key = (table.id, seq, tuple(branch))
        cached = self._branches.get(key)
        if cached is not None:
            return cached
        game = load(table.info.game, table.info.num_players, **table.info.options)
        actions = [(e.seat, e.action) for e in table.log[:seq]]
        state = apply_log(game.new_initial_state(), actions)
        for index, text in enumerate(branch):
            actions.append(_apply(state, index, text))
        seat = (
            None if state.is_terminal() or state.is_chance_node() else min(state.active_players())
        )
        simulations, lines = 0, list[HintLine]()
        if seat is not None:
            request = AnalysisRequest(
                table_id=-table.id,
                game=table.info.game,
                num_players=table.info.num_players,
                options=dict(table.info.options),
                actions=tuple(actions),
                seat=seat,
                agent=AGENT,
                seed=mix(table.id, len(actions)),
                lines=CANDIDATES,
                quick=QUICK,
                full=FULL,
            )
            simulations, lines = await self.computer.background(analyse_position, request)
        last = actions[-1] if actions else None
        answer: AnalysisBranch = {
            "table_id": table.id,
            "seq": seq,
            "branch": list(branch),
            "frame": _frame(state, last),
            "seat": seat,
            "choices": _choices(state, seat),
            "lines": lines,
            "simulations": simulations,
        }
        self._branches[key] = answer
        while len(self._branches) > BRANCHES_CACHED:
            self._branches.popitem(last=False)
        return answer

    @staticmethod
    def _finished(table: LiveTable) -> None:
        if table.info.status is not TableStatus.FINISHED or table.state is None:
            raise ServiceError(
                ErrorCode.NOT_ALLOWED,
                "fair play: a game is analysed once it is over, never while it runs",
            )

    async def start(self, table_id: int) -> AnalysisRun:
        """The analysis of table ``table_id``: cached, already running, or started now.

        Raises:
            ServiceError: ``not_found``; ``not_allowed`` while the game runs (fair play) or
                for a game nobody played (aborted at once); ``busy`` when :data:`WAITING`
                analyses are already searching or waiting.
        """
        table = await self.registry.get(table_id)
        self._finished(table)
        run = self._runs.get(table.id) or self._running.get(table.id)
        if run is not None:
            return run
        acting = [index for index, entry in enumerate(table.log) if entry.seat >= 0]
        if not acting:
            raise ServiceError(ErrorCode.NOT_ALLOWED, "nobody played at this table")
        if len(self._running) >= WAITING:
            raise ServiceError(
                ErrorCode.BUSY, "the engine is busy with other analyses: try again in a minute"
            )
        chosen = positions_of(acting)
        run = self._running[table.id] = AnalysisRun(
            table.id, len(chosen), len(chosen) < len(acting)
        )
        self.registry.spawn(self._search(run, table, chosen))
        return run

    async def _search(self, run: AnalysisRun, table: LiveTable, chosen: list[int]) -> None:
        """Search the positions of ``chosen`` in parallel, reporting each as it ends."""
        try:
            async with self._slots:
                searches = [self._position(table, index) for index in chosen]
                for search in asyncio.as_completed(searches):
                    try:
                        position = await search
                    except ValueError:  # e.g. a forced pass: nothing to weigh
                        continue
                    if position is not None:
                        run.add(position)
        except Exception:
            log.exception("analysis of table %s failed", table.id)
        finally:
            run.finish()
            self._running.pop(table.id, None)
            self._runs[table.id] = run
            while len(self._runs) > CACHED:
                self._runs.popitem(last=False)

    async def _position(self, table: LiveTable, index: int) -> AnalysedPosition | None:
        """The search of the position before log entry ``index``."""
        log_so_far = table.log[:index]
        entry = table.log[index]
        request = AnalysisRequest(
            table_id=-table.id,  # its own cache line in the workers
            game=table.info.game,
            num_players=table.info.num_players,
            options=dict(table.info.options),
            actions=tuple((e.seat, e.action) for e in log_so_far),
            seat=entry.seat,
            agent=AGENT,
            seed=mix(table.id, index),
            lines=CANDIDATES,
            quick=QUICK,
            full=FULL,
        )
        simulations, lines = await self.computer.background(analyse_position, request)
        if not lines:
            return None
        played = [line["action"] for line in lines]
        return {
            "seq": entry.seq,
            "seat": entry.seat,
            "played": entry.action,
            "best": lines[0]["action"],
            "best_event": lines[0]["event"],
            "value": lines[0]["value"],
            "score": lines[0]["score"],
            "rank": played.index(entry.action) + 1 if entry.action in played else None,
            "simulations": simulations,
        }


def _apply(state: State[Action], index: int, text: str) -> tuple[int, str]:
    """Apply action ``index`` of a branch (the lowest active seat's, or chance's); its
    ``(seat, notation)``.

    Raises:
        ServiceError: ``bad_request``: the game is over, or the action is not legal there.
    """
    if state.is_terminal():
        raise ServiceError(ErrorCode.BAD_REQUEST, f"branch action {index}: the game is over")
    seat = CHANCE if state.is_chance_node() else min(state.active_players())
    try:
        action = state.parse_action(text, seat)
        state.apply_action(action, seat)
    except GameError as error:
        raise ServiceError(ErrorCode.BAD_REQUEST, f"branch action {index}: {error}") from None
    return seat, str(action)


def _frame(state: State[Action], last: tuple[int, str] | None) -> ReplayFrame:
    """The position as a replay frame (what the record may show)."""
    terminal = state.is_terminal()
    return {
        "seq": len(state.history),
        "seat": None if last is None else last[0],
        "action": None if last is None else last[1],
        "event": None,
        "chance": last is not None and last[0] == CHANCE,
        "to_move": sorted(state.active_players()),
        "terminal": terminal,
        "returns": state.returns() if terminal else None,
        "observation": state.revealed_observation(),
    }


def _choices(state: State[Action], seat: int | None) -> list[BranchChoice]:
    """The seat's legal actions, or the chance outcomes with their probabilities."""
    if state.is_terminal():
        return []
    if seat is None:
        return [
            {
                "notation": str(action),
                "parts": action.parts(),
                "event": state.describe_action(action, CHANCE).to_json(),
                "probability": round(probability, 6),
            }
            for action, probability in state.chance_outcomes()
        ]
    return [
        {
            "notation": str(action),
            "parts": action.parts(),
            "event": state.describe_action(action, seat).to_json(),
            "probability": None,
        }
        for action in state.legal_actions(seat)
    ]
