"""Table chat: two rooms per table, kept with it.

* ``players``: the seated people write and read;
* ``spectators``: the others (signed in) write and read; the players do not see it while the
  game runs (as on Lichess, so nobody can be helped from the rail); once it is over, everyone
  reads both.

A message is free text (at most :data:`MAX_LENGTH` characters, control characters removed;
pages show it as text, never as markup) or a preset (:data:`PRESETS`, shown in the reader's
language). Guests may read but not write at rated tables. A user can mute another: the muted
user's messages are no longer shown to them. Every message is stored before it is shown.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol, cast

from connect_arena.service import protocol
from connect_arena.service.cluster import Relay
from connect_arena.service.live_table import LiveTable
from connect_arena.service.model import ErrorCode, ServiceError, TableStatus, User, utcnow
from connect_arena.service.table_registry import TableRegistry

MAX_LENGTH = 300
"""The longest message, in characters."""

PRESETS = ("hello", "good_luck", "have_fun", "thanks", "well_played", "good_game", "sorry")
"""Quick messages (the page shows each in the reader's language)."""

ROOMS = ("players", "spectators")

HISTORY = 200
"""Messages a viewer gets when it opens the chat (the latest)."""


@dataclass(frozen=True, slots=True)
class ChatMessage:
    """One message.

    Attributes:
        id: its id (order of arrival).
        table_id: the table; ``room``: players or spectators.
        user_id, name: the writer; ``guest``: whether it is a guest account.
        text: the words (``None`` for a preset); ``preset``: the preset's key.
        at: when it was stored (UTC).
    """

    id: int
    table_id: int
    room: str
    user_id: int
    name: str
    text: str | None
    preset: str | None
    at: datetime

    def to_json(self) -> protocol.ChatMessage:
        """``{"type": "chat", "id", "table_id", "room", "user_id", "name", "text", "preset",
        "at"}``."""
        return {
            "type": "chat",
            "id": self.id,
            "table_id": self.table_id,
            "room": self.room,
            "user_id": self.user_id,
            "name": self.name,
            "text": self.text,
            "preset": self.preset,
            "at": self.at.isoformat(),
        }


class ChatStore(Protocol):
    """Where chat messages and mutes are kept (each method one transaction)."""

    async def add_message(
        self,
        table_id: int,
        room: str,
        user_id: int,
        name: str,
        text: str | None,
        preset: str | None,
        at: datetime,
    ) -> int:
        """Store a message; its id."""
        ...

    async def messages(self, table_id: int, limit: int) -> list[ChatMessage]:
        """The table's latest ``limit`` messages, oldest first."""
        ...

    async def mute(self, user_id: int, muted_id: int, on: bool) -> None:
        """``user_id`` mutes (or unmutes) ``muted_id``."""
        ...

    async def muted_by(self, user_id: int) -> set[int]:
        """The users ``user_id`` muted."""
        ...


class MemoryChatStore:
    """A :class:`ChatStore` in memory (tests, tools)."""

    def __init__(self) -> None:
        self.rows: list[ChatMessage] = []
        self.mutes: set[tuple[int, int]] = set()

    async def add_message(
        self,
        table_id: int,
        room: str,
        user_id: int,
        name: str,
        text: str | None,
        preset: str | None,
        at: datetime,
    ) -> int:
        """See :meth:`ChatStore.add_message`."""
        message_id = len(self.rows) + 1
        self.rows.append(ChatMessage(message_id, table_id, room, user_id, name, text, preset, at))
        return message_id

    async def messages(self, table_id: int, limit: int) -> list[ChatMessage]:
        """See :meth:`ChatStore.messages`."""
        return [row for row in self.rows if row.table_id == table_id][-limit:]

    async def mute(self, user_id: int, muted_id: int, on: bool) -> None:
        """See :meth:`ChatStore.mute`."""
        (self.mutes.add if on else self.mutes.discard)((user_id, muted_id))

    async def muted_by(self, user_id: int) -> set[int]:
        """See :meth:`ChatStore.muted_by`."""
        return {muted for muter, muted in self.mutes if muter == user_id}


def clean(text: str) -> str:
    """``text`` without control characters (line breaks become spaces), trimmed."""
    kept = (
        " " if char in "\r\n\t" else char
        for char in text
        if char in "\r\n\t" or unicodedata.category(char)[0] != "C"
    )
    return "".join(kept).strip()


def readable_rooms(table: LiveTable, user_id: int | None) -> set[str]:
    """The rooms ``user_id`` reads at ``table``: until the game is over, the seated people
    their own room and everyone else the spectators'; afterwards, everyone both."""
    if table.info.status in (TableStatus.FINISHED, TableStatus.ABANDONED):
        return set(ROOMS)
    return {"players"} if table.viewer_seats(user_id) else {"spectators"}


class Chat:
    """Table chat.

    Args:
        registry: the tables (and their viewers).
        store: where messages and mutes are kept.
        relay: the other processes (several only): a line said here reaches the table's
            viewers on every process.
    """

    def __init__(
        self, registry: TableRegistry, store: ChatStore, relay: Relay | None = None
    ) -> None:
        self.registry = registry
        self.store = store
        self.relay = relay
        self._muted: dict[int, set[int]] = {}

    async def muted(self, user_id: int | None) -> set[int]:
        """The users ``user_id`` muted (cached)."""
        if user_id is None:
            return set()
        if user_id not in self._muted:
            self._muted[user_id] = await self.store.muted_by(user_id)
        return self._muted[user_id]

    async def history(self, table_id: int, user_id: int | None) -> list[protocol.ChatMessage]:
        """The latest messages of the rooms ``user_id`` reads, without the muted users'."""
        table = await self.registry.get(table_id)
        rooms = readable_rooms(table, user_id)
        muted = await self.muted(user_id)
        return [
            message.to_json()
            for message in await self.store.messages(table_id, HISTORY)
            if message.room in rooms and message.user_id not in muted
        ]

    async def say(
        self,
        table_id: int,
        user: User,
        guest: bool,
        text: str | None = None,
        preset: str | None = None,
    ) -> protocol.ChatMessage:
        """Write in the room ``user`` belongs to at the table (players if seated, else
        spectators); the message is stored, then sent to every viewer who reads that room
        and has not muted ``user``.

        Raises:
            ServiceError: ``bad_request`` (empty, too long, unknown preset, both or neither of
                text and preset), ``not_allowed`` (a guest at a rated table).
        """
        if (text is None) == (preset is None):
            raise ServiceError(ErrorCode.BAD_REQUEST, "send either text or a preset")
        if preset is not None and preset not in PRESETS:
            raise ServiceError(
                ErrorCode.BAD_REQUEST, f"unknown preset (known: {', '.join(PRESETS)})"
            )
        if text is not None:
            text = clean(text)
            if not text:
                raise ServiceError(ErrorCode.BAD_REQUEST, "an empty message")
            if len(text) > MAX_LENGTH:
                raise ServiceError(
                    ErrorCode.BAD_REQUEST, f"messages are at most {MAX_LENGTH} characters"
                )
        table = await self.registry.get(table_id)
        if guest and table.info.settings.rated:
            raise ServiceError(
                ErrorCode.NOT_ALLOWED, "guests read but do not write at rated tables"
            )
        room = "players" if table.viewer_seats(user.id) else "spectators"
        at = utcnow()
        message_id = await self.store.add_message(
            table_id, room, user.id, user.name, text, preset, at
        )
        message = ChatMessage(message_id, table_id, room, user.id, user.name, text, preset, at)
        body = message.to_json()
        if self.relay is not None:
            self.relay.send("chat", {"message": body})
        await self._deliver(table, body)
        return body

    async def relayed(self, body: dict[str, Any]) -> None:
        """A line said through another process (``{"message": ChatMessage JSON}``): shown to
        this process's viewers of the table, if it has any."""
        message = cast(protocol.ChatMessage, body["message"])
        table_id = int(message["table_id"])
        table = self.registry.tables.get(table_id) or self.registry.finished.get(table_id)
        if table is not None and table.subscribers:
            await self._deliver(table, message)

    async def _deliver(self, table: LiveTable, body: protocol.ChatMessage) -> None:
        """Push ``body`` to this process's viewers of ``table`` who read its room and have
        not muted its writer."""
        room, writer = body["room"], body["user_id"]
        for subscriber in list(table.subscribers):
            reader = subscriber.user_id
            if room in readable_rooms(table, reader) and writer not in await self.muted(reader):
                subscriber.push_json(body)

    async def mute(self, user_id: int, muted_id: int, on: bool = True) -> None:
        """``user_id`` mutes (``on``) or unmutes another user.

        Raises:
            ServiceError: ``bad_request``: muting oneself.
        """
        if user_id == muted_id:
            raise ServiceError(ErrorCode.BAD_REQUEST, "you cannot mute yourself")
        await self.store.mute(user_id, muted_id, on)
        self._muted.pop(user_id, None)
        if self.relay is not None:  # every process's cache of the user's mutes
            self.relay.send("mutes", {"user_id": user_id})

    async def mutes_changed(self, body: dict[str, Any]) -> None:
        """``{"user_id"}`` changed their mutes through another process: forget the cache."""
        self._muted.pop(int(body["user_id"]), None)
