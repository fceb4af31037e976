"""The table-event hub: what happened to a table, published once, heard by every service that
cares. ``docs/architecture.md`` lists who publishes and who subscribes.

Publishers are the services that change a table (the move pipeline, seating, the finisher,
the lifecycle, the cluster's replicas); subscribers (ratings, tournaments, user events, the
lobby, computer seats, flag timers, the cluster) register in one composition root,
:class:`~connect_arena.service.match.MatchService`. Each event is a frozen dataclass; handlers
run synchronously, in subscription order, inside the publisher's call (under the table's lock
when the publisher holds it), so a handler that needs to wait spawns a task. A handler's
exception is logged and does not stop the others nor the publisher: the change it reports is
already stored.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from connect_arena.service.live_table import LiveTable
from connect_arena.service.model import LogEntry
from connect_arena.service.settings import ResultReason

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class TableEvent:
    """Base of every event: the table it happened to."""

    table: LiveTable = field(repr=False)

    @property
    def table_id(self) -> int:
        """The table's id."""
        return self.table.id


@dataclass(frozen=True, slots=True)
class TableCreated(TableEvent):
    """A table was created and stored (open, or running when every seat was filled)."""


@dataclass(frozen=True, slots=True)
class SeatsChanged(TableEvent):
    """Who sits or plays at a table changed: a join, a leave, a computer taking a seat over
    or a person taking it back."""


@dataclass(frozen=True, slots=True)
class GameStarted(TableEvent):
    """Every seat was filled: the game is running (its first chance outcomes are drawn)."""


@dataclass(frozen=True, slots=True)
class MoveTiming:
    """Where a person's action spent its time in the pipeline, in seconds (the parts of the
    server's move latency that come before the broadcast; ``/metrics`` reports them).

    Attributes:
        queued: from the pipeline's start until the table's lock (and lease, with several
            processes) was held: the wait behind the table's other operations.
        engine: the checks, the engine's validation and apply, the event's description.
        stored: waiting for the storage to commit the action (its group commit).
    """

    queued: float
    engine: float
    stored: float


@dataclass(frozen=True, slots=True)
class ActionCommitted(TableEvent):
    """An action (a seat's or a chance outcome) was stored and applied; ``timing`` for a
    person's action (:meth:`MovePipeline.submit`), ``None`` for the others."""

    entry: LogEntry = field(kw_only=True)
    timing: MoveTiming | None = field(default=None, kw_only=True)


@dataclass(frozen=True, slots=True)
class TakenBack(TableEvent):
    """A takeback shortened the table's log to ``seq`` actions."""

    seq: int = field(kw_only=True)


@dataclass(frozen=True, slots=True)
class AwaitingAction(TableEvent):
    """A running table now waits for its seats (chance outcomes drawn): a computer seat to
    act may start thinking."""


@dataclass(frozen=True, slots=True)
class PresenceChanged(TableEvent):
    """A seated person's first connection opened, or their last one closed."""


@dataclass(frozen=True, slots=True)
class ClockFlagged(TableEvent):
    """``seat``'s clock ran out (the timeout is applied right after)."""

    seat: int = field(kw_only=True)


@dataclass(frozen=True, slots=True)
class TableFinished(TableEvent):
    """The game ended: ``returns`` per seat (``None``: no result, aborted or abandoned) and
    the ``reason``. Published exactly once per table and process; ``remote``: it ended in
    another process and this process's replica followed. ``replayed``: the replica here holds
    the whole game (``False``: it did not follow the table, so the end was taken from the
    description published with it and its log and state are as of its last use; the process
    where the game ended scores it)."""

    returns: list[float] | None = field(kw_only=True)
    reason: ResultReason = field(kw_only=True)
    remote: bool = field(default=False, kw_only=True)
    replayed: bool = field(default=True, kw_only=True)


@dataclass(frozen=True, slots=True)
class TableAbandoned(TableEvent):
    """An open table nobody joined expired (it leaves the lobby)."""


@dataclass(frozen=True, slots=True)
class ReplicaChanged(TableEvent):
    """Another process changed this table and the replica here caught up (several
    processes only)."""


@dataclass(frozen=True, slots=True)
class SeeksChanged:
    """A seek was placed, matched or withdrawn (the lobby lists them)."""


Event = TableEvent | SeeksChanged
E = TypeVar("E", bound=Event)
Handler = Callable[[Any], None]


class TableEvents:
    """The hub: ``subscribe(kind, handler)`` once at construction, ``publish(event)``."""

    def __init__(self) -> None:
        self._handlers: defaultdict[type[Any], list[Handler]] = defaultdict(list)

    def subscribe(self, kind: type[E], handler: Callable[[E], None]) -> None:
        """Call ``handler(event)`` for each published event of class ``kind``."""
        self._handlers[kind].append(handler)

    def publish(self, event: Event) -> None:
        """Hand ``event`` to its subscribers, in subscription order."""
        for handler in self._handlers.get(type(event), ()):
            try:
                handler(event)
            except Exception:
                log.exception("a subscriber of %s failed", type(event).__name__)

    def subscribers(self, kind: type[Event]) -> list[str]:
        """The qualified names of ``kind``'s handlers (for docs and tests)."""
        return [getattr(h, "__qualname__", repr(h)) for h in self._handlers.get(kind, ())]
