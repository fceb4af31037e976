"""Server-authoritative clocks: per-seat time, charged while a seat may act.

Pure arithmetic over times given by the caller (tests pass a fake clock): the service holds
one :class:`Clocks` per timed table, charges a seat when it acts, starts the seats that become
active and tells when the next flag falls. Chance actions take no time; only the seats given
as *timed* (people's seats that no computer plays for) have clocks.

* Real time (Fischer): each seat starts with ``base`` seconds and gains ``increment`` after each
  of its actions.
* Turn-based: each time a seat becomes active it has ``days`` days for that move.
* Simultaneous phases: every active timed seat's clock runs at once and stops when it acts.

A table's clocks are derived from its log (``LiveTable`` replays it through :meth:`Clocks.act`
with the recorded values): each logged action of a
timed seat carries the seat's remaining time after it, and the running clocks resume from the
moment of the rebuild (the time between the last action and a restart, which holds the
downtime, is charged to nobody).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from connect_arena.service.settings import TimeControl, TimeControlKind


@dataclass(frozen=True, slots=True)
class Flag:
    """When the next clock reaches zero: ``seat``'s, at ``at`` (UTC)."""

    seat: int
    at: datetime


class Clocks:
    """The clocks of one table.

    Args:
        control: the time control (timed).
        seats: the number of seats.
        timed: the seats that have clocks (people's seats no computer plays for).
    """

    def __init__(self, control: TimeControl, seats: int, timed: Iterable[int]) -> None:
        self.control = control
        self.timed: set[int] = set(timed)
        self.remaining: dict[int, float] = dict.fromkeys(range(seats), control.initial)
        """Seconds left of each seat when its clock last stopped or started."""
        self.running: dict[int, datetime] = {}
        """The seats whose clocks run, and since when."""

    # ----- reading ---------------------------------------------------------------------------
    def left(self, seat: int, now: datetime) -> float:
        """Seconds ``seat`` has left at ``now`` (may be negative once flagged)."""
        since = self.running.get(seat)
        spent = 0.0 if since is None else (now - since).total_seconds()
        return self.remaining[seat] - max(0.0, spent)

    def flagged(self, seat: int, now: datetime) -> bool:
        """Whether ``seat``'s clock runs and has reached zero at ``now`` (exactly zero
        included: the flag falls at zero)."""
        return seat in self.running and self.left(seat, now) <= 0

    def next_flag(self) -> Flag | None:
        """The running clock that reaches zero first (``None`` when none runs)."""
        flags = [
            Flag(seat, since + _seconds(self.remaining[seat]))
            for seat, since in self.running.items()
        ]
        return min(flags, key=lambda f: (f.at, f.seat), default=None)

    def snapshot(self, now: datetime) -> dict[str, float]:
        """``{"<seat>": seconds left}`` for the timed seats at ``now`` (not below 0)."""
        return {str(seat): max(0.0, self.left(seat, now)) for seat in sorted(self.timed)}

    # ----- changes ---------------------------------------------------------------------------
    def start(self, active: Iterable[int], now: datetime) -> None:
        """Make the clocks follow who may act at ``now``: timed seats in ``active`` run (from
        ``now`` if they were stopped: turn-based, with a fresh budget); the others stop and
        are charged the time they ran."""
        active = set(active) & self.timed
        for seat in list(self.running):
            if seat not in active:
                self._stop(seat, now)
        for seat in active:
            if seat not in self.running:
                if self.control.kind is TimeControlKind.TURN:
                    self.remaining[seat] = self.control.initial
                self.running[seat] = now

    def act(
        self,
        seat: int,
        now: datetime,
        active_after: Iterable[int],
        recorded: float | None = None,
    ) -> float | None:
        """Charge ``seat`` for an action at ``now`` and restart the clocks for the seats in
        ``active_after``.

        Args:
            seat: the acting seat (a chance outcome: any seat that is not timed, e.g. -1).
            now: the action's time.
            active_after: the seats that may act after it.
            recorded: the mover's remaining time as logged (rebuilding from a log): taken as
                is instead of being computed.

        Returns:
            The mover's remaining seconds after the action, increment included (``None``
            for an untimed seat).
        """
        after: float | None = None
        active_after = set(active_after)
        if seat in self.timed:
            if recorded is not None:
                self.running.pop(seat, None)
                self.remaining[seat] = recorded
            else:
                self._stop(seat, now)
                if self.control.kind is TimeControlKind.REALTIME:
                    self.remaining[seat] += self.control.increment
            after = self.remaining[seat]
            if self.control.kind is TimeControlKind.TURN and seat in active_after:
                # The budget is per turn: an action after which the seat acts again (a
                # capture chain, a simultaneous phase) does not refill it.
                self.running[seat] = now
        self.start(active_after, now)
        return after

    def set_timed(self, seat: int, timed: bool, active: Iterable[int], now: datetime) -> None:
        """A computer takes ``seat`` over (``timed=False``: its clock stops where it is) or
        its person takes it back (``timed=True``: it runs again if the seat may act)."""
        if timed:
            self.timed.add(seat)
        else:
            if seat in self.running:
                self._stop(seat, now)
            self.timed.discard(seat)
        self.start(active, now)

    def resume(self, now: datetime) -> None:
        """Restart every running clock from ``now`` without charging the time before (after a
        rebuild: that time holds the server's downtime)."""
        for seat in self.running:
            self.running[seat] = now

    def stop_all(self, now: datetime) -> None:
        """Stop every clock (the game ended)."""
        for seat in list(self.running):
            self._stop(seat, now)

    def _stop(self, seat: int, now: datetime) -> None:
        since = self.running.pop(seat)
        self.remaining[seat] -= max(0.0, (now - since).total_seconds())


def _seconds(value: float) -> timedelta:
    return timedelta(seconds=max(0.0, value))
