"""Request bodies and WebSocket messages (pydantic), with size bounds on every field."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Strict(BaseModel):
    """Unknown fields are errors."""

    model_config = ConfigDict(extra="forbid")


class Credentials(Strict):
    """Sign-up and sign-in."""

    name: str = Field(min_length=1, max_length=64)
    password: str = Field(min_length=1, max_length=1024)


class SeatChoice(Strict):
    """A seat of a new table: ``me``, ``open`` or ``computer`` (with its agent)."""

    kind: Literal["me", "open", "computer"] = "open"
    agent: str = Field(default="random", max_length=32)


class NewTable(Strict):
    """A table to create."""

    game: str = Field(max_length=64)
    options: dict[str, bool | int | str] = Field(default_factory=dict, max_length=64)
    seats: list[SeatChoice] = Field(min_length=1, max_length=16)


class SeatNumber(Strict):
    """A seat to join or leave."""

    seat: int = Field(ge=0, lt=64)


class ActionMessage(Strict):
    """A player's action: ``{"type": "action", "seq": n, "action": "mark 3,1"}``.

    ``seq`` is the seq the action claims (the table's seq + 1); ``seat`` picks one of the
    user's seats (default: the one to act); ``id`` is echoed in an error reply.
    """

    type: Literal["action"]
    seq: int = Field(ge=0)
    action: str = Field(max_length=200)
    seat: int | None = Field(default=None, ge=0, lt=64)
    id: str | int | None = None


class SyncMessage(Strict):
    """``{"type": "sync", "since": n}``: send the events after ``n`` and the state."""

    type: Literal["sync"]
    since: int = Field(ge=0)


class HistoryMessage(Strict):
    """``{"type": "history", "before": seq, "limit": n}``: the events before ``seq`` (a page
    of at most ``n``, oldest first)."""

    type: Literal["history"]
    before: int = Field(ge=0, le=2**53)
    limit: int = Field(default=100, ge=1, le=500)


class PingMessage(Strict):
    """``{"type": "ping"}``: answered by ``pong``."""

    type: Literal["ping"]
    id: str | int | None = None


ClientMessage = Annotated[
    ActionMessage | SyncMessage | HistoryMessage | PingMessage, Field(discriminator="type")
]


class RecordUpload(Strict):
    """A record sent to the replay viewer."""

    record: dict[str, Any]
