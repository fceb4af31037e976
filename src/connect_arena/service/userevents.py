"""Each user's own event stream (the bot API's ``/api/bot/stream/event``, and any page that
wants it): challenges received, declined or cancelled, and games starting and finishing at
tables where the user sits.

A stream is a :class:`~connect_arena.service.live_table.Subscription` per connection; messages are
JSON objects with a ``type``: ``challenge``, ``challengeDeclined``, ``challengeCanceled``,
``gameStart``, ``gameFinish`` (the names of Lichess's bot API, so its bot authors feel at
home). See ``docs/bot-api.md``.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Literal, cast

from connect_arena.service.cluster import Relay
from connect_arena.service.live_table import LiveTable, Subscription
from connect_arena.service.messages import table_json
from connect_arena.service.model import SeatKind
from connect_arena.service.protocol import GameEventOfUser, Table, UserEvent
from connect_arena.service.table_events import GameStarted, TableFinished


class UserEvents:
    """Per-user subscriptions, and what tables tell them.

    Args:
        relay: the other processes (several only): an event published here reaches the
            user's streams on every process.
    """

    def __init__(self, relay: Relay | None = None) -> None:
        self.streams: defaultdict[int, set[Subscription]] = defaultdict(set)
        self.relay = relay

    def watch(self, user_id: int) -> Subscription:
        """Subscribe ``user_id`` to their events."""
        subscription = Subscription(user_id)
        self.streams[user_id].add(subscription)
        return subscription

    def unwatch(self, subscription: Subscription) -> None:
        """Drop a subscription (its connection closed)."""
        subscription.close()
        if subscription.user_id is not None:
            streams = self.streams.get(subscription.user_id)
            if streams is not None:
                streams.discard(subscription)
                if not streams:
                    del self.streams[subscription.user_id]

    def publish(self, user_id: int, message: UserEvent) -> None:
        """Send ``message`` to every stream of ``user_id``, on every process."""
        self._deliver(user_id, message)
        if self.relay is not None:
            self.relay.send("user", {"user_id": user_id, "message": message})

    async def relayed(self, body: dict[str, Any]) -> None:
        """An event another process published (``{"user_id", "message"}``)."""
        self._deliver(int(body["user_id"]), cast(UserEvent, body["message"]))

    def _deliver(self, user_id: int, message: UserEvent) -> None:
        """Send ``message`` to the streams of ``user_id`` in this process."""
        for subscription in list(self.streams.get(user_id, ())):
            if subscription.closed:
                self.streams[user_id].discard(subscription)
            else:
                subscription.push_json(message)

    def game_started(self, event: GameStarted) -> None:
        """Tell the people seated at the table that its game started (``gameStart``)."""
        self._tell(event.table, "gameStart")

    def game_finished(self, event: TableFinished) -> None:
        """Tell the people seated at the table that its game ended (``gameFinish``): by the
        process where it ended (a replica that follows it elsewhere stays silent)."""
        if not event.remote:
            self._tell(event.table, "gameFinish")

    def _tell(self, table: LiveTable, kind: Literal["gameStart", "gameFinish"]) -> None:
        game = game_json(table)
        users = {s.user_id for s in table.info.seats if s.kind is SeatKind.HUMAN}
        for user_id in users:
            if user_id is not None:
                seats = table.viewer_seats(user_id)
                event: GameEventOfUser = {"type": kind, "game": {**game, "you": list(seats)}}
                self.publish(user_id, event)


def game_json(table: LiveTable) -> Table:
    """A table as the event stream describes it: its id, game, status, seats, settings and
    result (``table_json``)."""
    return table_json(table.info, table.seq)
