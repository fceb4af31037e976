"""Hints: what the computer suggests a person play now. The search runs in the computer
players' pool (never on the event loop); nothing is played. Hints follow the table's hint
policy (:func:`~connect_arena.service.messages.hints_allowed`); a hint used at a table with other
people is noted in its record."""

from __future__ import annotations

from connect_arena.service.computer import ComputerPlayers, HintRequest
from connect_arena.service.computer_seats import pool_request
from connect_arena.service.messages import hints_allowed
from connect_arena.service.model import (
    ErrorCode,
    SeatKind,
    ServiceConfig,
    ServiceError,
    TableStatus,
    mix,
    utcnow,
)
from connect_arena.service.pipeline import not_running
from connect_arena.service.protocol import Hint
from connect_arena.service.settings import NoteKind, TableNote
from connect_arena.service.table_registry import TableRegistry

HINT_LINES = 3
"""Candidate actions a hint returns."""


class Hints:
    """People's hints, one at a time per user and ``config.hint_limit`` at once.

    Args:
        registry: the tables.
        computer: the pool where the search runs.
        config: ``hint_agent`` and ``hint_limit``.
    """

    def __init__(
        self, registry: TableRegistry, computer: ComputerPlayers, config: ServiceConfig
    ) -> None:
        self.registry = registry
        self.computer = computer
        self.config = config
        self._hinting: set[int] = set()  # users whose hint is being searched

    async def hint(self, table_id: int, user_id: int | None, seat: int) -> Hint:
        """Suggest actions to the person at ``seat``: see :meth:`MatchService.hint`.

        Returns:
            ``{"table_id", "seq", "seat", "agent", "legal", "lines"}``: ``seq``, the actions
            applied at the position searched; ``legal``, the seat's legal actions there (sorted
            notation): the hint holds while the seat may still play exactly those, even if
            other seats act meanwhile (their hidden choices are not searched).

        Raises:
            ServiceError: ``not_found``, ``bad_request``, ``not_seated``, ``not_running``,
                ``not_your_turn``, ``hint_pending``, ``busy`` or ``conflict``.
        """
        table = await self.registry.get(table_id)
        if not 0 <= seat < table.info.num_players:
            raise ServiceError(ErrorCode.BAD_REQUEST, f"there is no seat {seat} at this table")
        if user_id is None or seat not in table.viewer_seats(user_id):
            raise ServiceError(
                ErrorCode.NOT_SEATED, f"seat {seat} is not yours: only its player gets hints"
            )
        state = table.state
        if table.info.status is not TableStatus.RUNNING or state is None:
            raise not_running(table)
        if seat not in state.active_players():
            raise ServiceError(
                ErrorCode.NOT_YOUR_TURN, f"it is not your turn: seat {seat} may not act now"
            )
        if not hints_allowed(table.info):
            raise ServiceError(
                ErrorCode.NOT_ALLOWED,
                "no hints at this table: an engine's hint against a person is unfair play",
            )
        if user_id in self._hinting:
            raise ServiceError(
                ErrorCode.HINT_PENDING, "your previous hint is still being searched: wait for it"
            )
        if len(self._hinting) >= self.config.hint_limit:
            raise ServiceError(ErrorCode.BUSY, "too many hints are being searched: try again")
        seed = mix(table.id, table.seq) + 1 + seat
        agent = self.config.hint_agent
        request = pool_request(HintRequest, table, seat, agent, seed, lines=HINT_LINES)
        # The position searched, as the seat sees it: other seats' hidden choices of a
        # simultaneous phase change neither this list nor the search (decision_state).
        legal = sorted(str(action) for action in state.legal_actions(seat))
        self._hinting.add(user_id)
        try:
            lines = await self.computer.hint(request)
        except ValueError as error:
            raise ServiceError(ErrorCode.CONFLICT, f"no hint: {error}") from None
        finally:
            self._hinting.discard(user_id)
        others = {s.user_id for s in table.info.seats if s.kind is SeatKind.HUMAN} - {user_id}
        if others:  # hints allowed among people: everyone sees them in the record
            note = TableNote(NoteKind.HINT, len(request.actions), seat, utcnow())
            async with self.registry.exclusive(table):
                await self.registry.storage.add_notes(table.id, [note])
                table.info.notes.append(note)
                table.broadcast_table()
        return {
            "table_id": table.id,
            "seq": len(request.actions),
            "seat": seat,
            "agent": request.agent,
            "legal": legal,
            "lines": lines,
        }
