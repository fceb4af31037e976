"""The error hierarchy. Every error a player or a record can cause is a ``ValueError``.

Messages are written for the person who caused them: they name the action, option, or record
entry at fault and say why, e.g. ``tile T2,0 is surrounded on all four sides and cannot move``.
"""

from __future__ import annotations


class GameError(ValueError):
    """Base of every error raised for bad input to a game (never for a bug in the engine)."""


class InvalidActionError(GameError):
    """The text is not an action of this game's notation (a syntax error)."""


class IllegalActionError(GameError):
    """The action is well formed but the rules forbid it in this state.

    Attributes:
        event: the reason as a structured event (:class:`~connect_arena.core.events.Event`)
            for interfaces that translate it, or ``None`` when only the English message exists.
    """

    def __init__(self, message: str, event: object | None = None) -> None:
        super().__init__(message)
        self.event = event


class InvalidOptionError(GameError):
    """A game option is unknown, of the wrong type or out of range, or options conflict.

    Attributes:
        option: the offending option name (``None`` for a conflict between several).
    """

    def __init__(self, message: str, option: str | None = None) -> None:
        super().__init__(message)
        self.option = option


class UnknownGameError(GameError):
    """No game is registered under that name."""


class InvalidRecordError(GameError):
    """A game record is malformed, or one of its actions cannot be replayed.

    Attributes:
        index: 0-based index in ``record["actions"]`` of the first bad action, or ``None``
            when the record itself (format, game, options, players) is at fault.
        action: the offending action text, if any.
        reason: the message without the index prefix.
        state: the state reached just before the bad action (``None`` if the game could
            not even be set up), so that callers can show where the record went wrong.
    """

    def __init__(
        self,
        reason: str,
        *,
        index: int | None = None,
        action: str | None = None,
        state: object | None = None,
    ) -> None:
        where = f"action {index} ({action!r}): " if index is not None else ""
        super().__init__(where + reason)
        self.reason = reason
        self.index = index
        self.action = action
        self.state = state
