"""The "your turn" e-mail: when a turn-based table (days per move) waits for a person who has
opted in, has a verified address and has no page open at that table, one short mail with the
table's link — at most one per table and person every :data:`QUIET` (a day of silence
between reminders, as correspondence sites do)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict

from connect_arena.server.db.email import SqlEmail
from connect_arena.server.mail import Mailer
from connect_arena.service.live_table import LiveTable
from connect_arena.service.messages import game_title
from connect_arena.service.model import SeatKind
from connect_arena.service.settings import TimeControlKind
from connect_arena.service.table_events import AwaitingAction, TableEvents

log = logging.getLogger(__name__)

QUIET = 12 * 3600.0
"""Seconds between two mails for the same table and person."""
REMEMBERED = 50_000
"""(table, person) pairs remembered (the oldest are forgotten first)."""


class TurnMail:
    """Subscribes to :class:`AwaitingAction` and sends the mails in the background.

    Args:
        mailer: the SMTP server.
        email: the accounts' addresses and choices.
        base_url: the site's address for links (``https://arena.example.org``).
    """

    def __init__(self, mailer: Mailer, email: SqlEmail, base_url: str) -> None:
        self.mailer = mailer
        self.email = email
        self.base_url = base_url.rstrip("/")
        self._sent: OrderedDict[tuple[int, int], float] = OrderedDict()
        self._tasks: set[asyncio.Task[None]] = set()

    def watch(self, hub: TableEvents) -> None:
        """Listen to the hub."""
        hub.subscribe(AwaitingAction, self._awaiting)

    def _awaiting(self, event: AwaitingAction) -> None:
        table = event.table
        if table.info.settings.time_control.kind is not TimeControlKind.TURN:
            return
        waiting = self._waiting_people(table)
        if waiting:
            task = asyncio.get_running_loop().create_task(self._send(table, waiting))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def _waiting_people(self, table: LiveTable) -> list[int]:
        """The people to act now who are not looking at the table and were not mailed
        lately."""
        if table.state is None:
            return []
        now = time.monotonic()
        people = []
        for seat in sorted(table.state.active_players()):
            info = table.info.seats[seat]
            user_id = info.user_id
            if info.kind is not SeatKind.HUMAN or user_id is None or info.takeover is not None:
                continue
            if table.online(user_id):
                continue
            last = self._sent.get((table.id, user_id))
            if last is not None and now - last < QUIET:
                continue
            people.append(user_id)
        return people

    async def _send(self, table: LiveTable, people: list[int]) -> None:
        try:
            recipients = await self.email.turn_recipients(people)
            for user_id, (name, address) in recipients.items():
                self._sent[(table.id, user_id)] = time.monotonic()
                self._sent.move_to_end((table.id, user_id))
                while len(self._sent) > REMEMBERED:
                    self._sent.popitem(last=False)
                title = game_title(table.info.game)
                await self.mailer.send(
                    address,
                    f"Connect Arena: your turn at table {table.id}",
                    f"Hello {name},\n\nit is your turn in {title} at "
                    f"table {table.id}:\n\n{self.base_url}/tables/{table.id}\n\n"
                    "You get this mail because you asked for it; turn it off in your account "
                    "(your name at the top of the page).\n",
                )
        except Exception:  # a mail that fails must not disturb the table
            log.exception("a 'your turn' mail for table %s failed", table.id)

    async def close(self) -> None:
        """Wait for the mails under way."""
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
