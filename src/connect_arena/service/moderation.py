"""Reports and moderation: what a player may report, what a moderator may do, and the checks
both pass before anything is stored (``docs/community.md``, "Reports and moderation").

* A signed-in player (not a guest) reports another account for ``abuse``, ``cheating`` or
  ``other``, with up to :data:`MAX_TEXT` characters and, optionally, the table or the chat
  message it is about. Reports are rate-limited by the server.
* A moderator handles an open report with one action: ``warn`` (the user is told),
  ``mute`` (no chat for ``minutes``), ``cheater`` (off the leaderboards, and the rating its
  victims lost to it given back: :func:`refund`), ``close`` (the
  account is closed), or ``dismiss``. Every action is written to the audit log with who and
  why, in the same transaction as its effect; the reporter is told the report was handled.
"""

from __future__ import annotations

import enum
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta

from connect_arena.service.model import ErrorCode, ServiceError
from connect_arena.service.ratings import Skill

MAX_TEXT = 500
"""The longest report or moderation reason, in characters."""

MAX_MUTE = timedelta(days=30)
"""The longest chat mute."""


class ReportReason(enum.StrEnum):
    """Why a player reports another."""

    ABUSE = "abuse"
    CHEATING = "cheating"
    OTHER = "other"


class ModAction(enum.StrEnum):
    """What a moderator does about a report (or the operator about an account)."""

    WARN = "warn"
    MUTE = "mute"
    CHEATER = "cheater"
    CLOSE = "close"
    DISMISS = "dismiss"


class ReportStatus(enum.StrEnum):
    """A report's state."""

    OPEN = "open"
    HANDLED = "handled"
    DISMISSED = "dismissed"


@dataclass(frozen=True, slots=True)
class Report:
    """A stored report.

    Attributes:
        id: its id; ``reporter_id``/``reporter``: who reported; ``user_id``/``user``: whom.
        reason, text: why, in the reporter's words.
        table_id, chat_id: what it is about (``None``: the account in general).
        created_at: when (UTC); ``status``; ``action``: what the moderator did, once handled.
    """

    id: int
    reporter_id: int
    reporter: str
    user_id: int
    user: str
    reason: ReportReason
    text: str
    table_id: int | None
    chat_id: int | None
    created_at: datetime
    status: ReportStatus = ReportStatus.OPEN
    action: ModAction | None = None


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of the moderators' audit log (``moderator`` ``None``: the operator's command)."""

    id: int
    moderator: str | None
    user: str
    action: ModAction
    reason: str
    report_id: int | None
    until: datetime | None
    at: datetime


def clean_text(text: str, what: str = "text") -> str:
    """``text`` normalised (NFC), without control characters, stripped.

    Raises:
        ServiceError: ``bad_message`` when longer than :data:`MAX_TEXT` characters.
    """
    kept = "".join(
        c for c in unicodedata.normalize("NFC", text) if unicodedata.category(c)[0] != "C"
    )
    kept = " ".join(kept.split())
    if len(kept) > MAX_TEXT:
        raise ServiceError(
            ErrorCode.BAD_MESSAGE, f"the {what} is longer than {MAX_TEXT} characters"
        )
    return kept


def check_report(reporter_id: int, user_id: int, reason: ReportReason, text: str) -> str:
    """The report's cleaned text.

    Raises:
        ServiceError: ``bad_message`` for a report of oneself, or a reason ``other`` without
            words (the moderator must know what it is about).
    """
    if reporter_id == user_id:
        raise ServiceError(ErrorCode.BAD_MESSAGE, "you cannot report yourself")
    cleaned = clean_text(text)
    if reason is ReportReason.OTHER and not cleaned:
        raise ServiceError(ErrorCode.BAD_MESSAGE, "say what the report is about")
    return cleaned


def mute_until(now: datetime, action: ModAction, minutes: int | None) -> datetime | None:
    """When a ``mute`` ends (``None`` for other actions).

    Raises:
        ServiceError: ``bad_message`` for a mute without ``minutes`` between 1 and 30 days.
    """
    if action is not ModAction.MUTE:
        return None
    if minutes is None or minutes < 1 or timedelta(minutes=minutes) > MAX_MUTE:
        raise ServiceError(ErrorCode.BAD_MESSAGE, "a mute lasts from 1 minute to 30 days")
    return now + timedelta(minutes=minutes)


def refund(before: Skill, after: Skill) -> float:
    """What a game against a cheater cost a victim, to be added back to its ``mu``: the fall
    of its conservative rating ``mu - 3 sigma`` over that game (``0.0`` when it did not fall).

    Adding it to the victim's current ``mu`` raises the displayed rating by the points the
    game took (``20`` displayed points a unit); ``sigma`` and the games played stay, so the
    games played since keep their effect (as Lichess refunds points to a cheater's victims).
    """
    return max(0.0, (before.mu - 3 * before.sigma) - (after.mu - 3 * after.sigma))
