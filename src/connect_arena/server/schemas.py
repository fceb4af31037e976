"""Request bodies and WebSocket messages (pydantic), with size bounds on every field.

Every schema is *strict*: a JSON value must have the field's type (``true`` is not the integer
1, ``"3"`` is not 3, ``1.0`` is not an integer), so a confused client gets a clear error rather
than an action it did not mean.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from connect_arena.core import game_class

MAX_SEQ = 2**31 - 1
"""Larger than any table's seq (``actions.seq`` is a 32-bit integer in the database)."""

_JSON_TYPES = {"bool": "true or false", "int": "an integer", "str": "a string"}


class Strict(BaseModel):
    """Unknown fields are errors, and no value is converted to another type."""

    model_config = ConfigDict(extra="forbid", strict=True)


class Credentials(Strict):
    """Sign-up and sign-in."""

    name: str = Field(min_length=1, max_length=64)
    password: str = Field(min_length=1, max_length=1024)


class PasswordChange(Strict):
    """A password change: the current password and the new one."""

    old_password: str = Field(min_length=1, max_length=1024)
    new_password: str = Field(min_length=1, max_length=1024)


class SeatChoice(Strict):
    """A seat of a new table: ``me``, ``open`` or ``computer`` (with its agent)."""

    kind: Literal["me", "open", "computer"] = "open"
    agent: str = Field(default="random", max_length=32)


class TimeControlChoice(Strict):
    """A time control (``docs/lifecycle.md``): ``unlimited``; ``realtime`` with ``base`` and
    ``increment`` seconds; ``turn`` with ``days`` per move."""

    kind: Literal["unlimited", "realtime", "turn"] = "unlimited"
    base: int = Field(default=0, ge=0, le=10_800)
    increment: int = Field(default=0, ge=0, le=180)
    days: int = Field(default=0, ge=0, le=7)


class SettingsChoice(Strict):
    """A new table's settings: time control, hints, take-over level, rated, claim grace."""

    time_control: TimeControlChoice = Field(default_factory=TimeControlChoice)
    hints: Literal["auto", "allowed", "off"] = "auto"
    takeover: Literal["mcts:easy", "mcts:normal", "mcts:hard"] = "mcts:normal"
    rated: bool = False
    grace: int | None = Field(default=None, ge=1, le=30 * 86_400)


class NewTable(Strict):
    """A table to create."""

    game: str = Field(max_length=64)
    options: dict[str, bool | int | str] = Field(default_factory=dict, max_length=64)
    seats: list[SeatChoice] = Field(min_length=1, max_length=16)
    settings: SettingsChoice = Field(default_factory=SettingsChoice)

    @model_validator(mode="after")
    def _option_types(self) -> NewTable:
        """Each option the game declares has its JSON type (the game's own check, made for
        the command line, would read ``"2"`` as 2 and ``"true"`` as true)."""
        try:
            specs = {spec.name: spec for spec in game_class(self.game).option_specs}
        except ValueError:
            return self  # an unknown game: the route says so
        for name, value in self.options.items():
            spec = specs.get(name)
            if spec is not None and type(value) is not type(spec.default):
                wanted = _JSON_TYPES.get(spec.kind, spec.kind)
                raise ValueError(f"option {name!r} of {self.game} takes {wanted}")
        return self


class SeatNumber(Strict):
    """A seat to join or leave."""

    seat: int = Field(ge=0, lt=64)


class ActionMessage(Strict):
    """A player's action: ``{"type": "action", "seq": n, "action": "mark 3,1"}``.

    ``seq`` is the seq the action claims (the table's seq + 1); ``seat`` picks one of the
    user's seats (default: the one to act); ``id`` is echoed in an error reply.
    """

    type: Literal["action"]
    seq: int = Field(ge=0, le=MAX_SEQ)
    action: str = Field(max_length=200)
    seat: int | None = Field(default=None, ge=0, lt=64)
    id: str | int | None = None


class SyncMessage(Strict):
    """``{"type": "sync", "since": n}``: send the events after ``n`` and the state."""

    type: Literal["sync"]
    since: int = Field(ge=0, le=MAX_SEQ)


class HistoryMessage(Strict):
    """``{"type": "history", "before": seq, "limit": n}``: the events before ``seq`` (a page
    of at most ``n``, oldest first)."""

    type: Literal["history"]
    before: int = Field(ge=0, le=2**53)
    limit: int = Field(default=100, ge=1, le=500)


class SeatOrNone(Strict):
    """An optional seat (resign: default the caller's seat that plays)."""

    seat: int | None = Field(default=None, ge=0, lt=64)


class OfferOp(Strict):
    """A draw, takeback or rematch answer."""

    op: Literal["offer", "accept", "decline", "request"]


class AbortMessage(Strict):
    """``{"type": "abort"}``: end the game with no result before every first action."""

    type: Literal["abort"]
    id: str | int | None = None


class ResignMessage(Strict):
    """``{"type": "resign", "seat"?}``."""

    type: Literal["resign"]
    seat: int | None = Field(default=None, ge=0, lt=64)
    id: str | int | None = None


class DrawMessage(Strict):
    """``{"type": "draw", "op": "offer" | "accept" | "decline"}``."""

    type: Literal["draw"]
    op: Literal["offer", "accept", "decline"]
    id: str | int | None = None


class TakebackMessage(Strict):
    """``{"type": "takeback", "op": "request" | "accept" | "decline"}``."""

    type: Literal["takeback"]
    op: Literal["request", "accept", "decline"]
    id: str | int | None = None


class ClaimMessage(Strict):
    """``{"type": "claim", "seat": n}``: claim a leaver's seat."""

    type: Literal["claim"]
    seat: int = Field(ge=0, lt=64)
    id: str | int | None = None


class ReturnMessage(Strict):
    """``{"type": "return", "seat": n}``: take one's seat back from the computer."""

    type: Literal["return"]
    seat: int = Field(ge=0, lt=64)
    id: str | int | None = None


class RematchMessage(Strict):
    """``{"type": "rematch", "op": "offer" | "accept" | "decline"}``."""

    type: Literal["rematch"]
    op: Literal["offer", "accept", "decline"]
    id: str | int | None = None


LifecycleMessage = (
    AbortMessage
    | ResignMessage
    | DrawMessage
    | TakebackMessage
    | ClaimMessage
    | ReturnMessage
    | RematchMessage
)


class PingMessage(Strict):
    """``{"type": "ping"}``: answered by ``pong``."""

    type: Literal["ping"]
    id: str | int | None = None


ClientMessage = Annotated[
    ActionMessage
    | SyncMessage
    | HistoryMessage
    | PingMessage
    | AbortMessage
    | ResignMessage
    | DrawMessage
    | TakebackMessage
    | ClaimMessage
    | ReturnMessage
    | RematchMessage,
    Field(discriminator="type"),
]


class RecordUpload(Strict):
    """A record sent to the replay viewer."""

    record: dict[str, Any]
