"""E-mail, when ``CONNECT_ARENA_SMTP_URL`` is set (``docs/server.md``, "E-mail"): an
account's address and its verification, password reset by a single-use expiring link, and
the opt-in "your turn" e-mail. Without the URL every route says e-mail is not available.

* ``GET /api/account/email``, ``POST /api/account/email`` ``{"email"}``,
  ``POST /api/account/turn-emails`` ``{"on"}``;
* ``GET /verify-email?token=`` (the link of the verification mail);
* ``POST /api/password/forgot`` ``{"name"}`` (the same answer whether or not the name
  exists), ``POST /api/password/reset`` ``{"token", "password"}``; ``/reset-password`` is the
  page the reset mail links to.
"""

from __future__ import annotations

import hashlib
import logging
import re
import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import RedirectResponse
from pydantic import Field

from connect_arena.server.auth import acceptable_password
from connect_arena.server.db.email import SqlEmail
from connect_arena.server.dependencies import Arena, ArenaDep, CsrfDep, UserDep
from connect_arena.server.errors import ApiError
from connect_arena.server.ratelimit import client_address, limited_error
from connect_arena.server.schemas import Strict

router = APIRouter()
log = logging.getLogger(__name__)

VERIFY_FOR = timedelta(hours=24)
RESET_FOR = timedelta(hours=1)
ADDRESS = re.compile(r"[^@\s]{1,64}@[^@\s.]+(\.[^@\s.]+)+")
"""An address that mail can reach: one ``@``, a dotted domain, no spaces (the verification
mail proves the rest)."""


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def _mailer_or_503(arena: Arena) -> Any:
    if arena.mailer is None:
        raise ApiError(503, "email_unavailable", "this site sends no e-mail (no SMTP server)")
    return arena.mailer


def _base(request: Request, arena: Arena) -> str:
    """The site's address for links (the configured public URL, else the request's; its
    Host was checked against the allowed hosts)."""
    return (arena.settings.public_url or str(request.base_url)).rstrip("/")


@router.get("/api/account/email", response_model=None)
async def email_status(user: UserDep, arena: ArenaDep) -> dict[str, Any]:
    """``{"available", "email", "verified", "turn_emails"}`` of the caller."""
    status = await SqlEmail(arena.storage).status(user.id)
    return {
        "available": arena.mailer is not None,
        "email": status.email,
        "verified": status.verified,
        "turn_emails": status.turn_emails,
    }


class Address(Strict):
    """An e-mail address."""

    email: str = Field(min_length=3, max_length=254)


@router.post("/api/account/email", dependencies=[CsrfDep], response_model=None)
async def set_email(
    request: Request, body: Address, user: UserDep, arena: ArenaDep
) -> dict[str, Any]:
    """Set the caller's address (unverified) and send it a verification link (24 h)."""
    mailer = _mailer_or_503(arena)
    if user.guest:
        raise ApiError(403, "guest", "create an account (with a password) first")
    email = body.email.strip()
    if not ADDRESS.fullmatch(email):
        raise ApiError(400, "bad_request", "that is not an e-mail address")
    wait = await arena.email_limiter.take(f"email:{user.id}")
    if wait > 0:
        raise limited_error(wait, "e-mails")
    secret = secrets.token_urlsafe(32)
    now = datetime.now(UTC)
    await SqlEmail(arena.storage).set_address(user.id, email, _digest(secret), now + VERIFY_FOR)
    link = f"{_base(request, arena)}/verify-email?token={secret}"
    await mailer.send(
        email,
        "Connect Arena: confirm your e-mail address",
        f"Hello {user.name},\n\nconfirm that this is your address by opening this link "
        f"(valid for 24 hours):\n\n{link}\n\nIf you did not ask for this, ignore this mail.\n",
    )
    return {"ok": True, "email": email, "verified": False}


@router.get("/verify-email", include_in_schema=False)
async def verify_email(
    arena: ArenaDep, token: str = Query(default="", max_length=128)
) -> RedirectResponse:
    """The verification link: marks the address verified once, then shows the lobby."""
    used = await SqlEmail(arena.storage).use(_digest(token), "verify", datetime.now(UTC))
    if used is not None:
        arena.forget_user(used[0])
    return RedirectResponse(f"/?email={'verified' if used else 'invalid'}", status_code=303)


class TurnEmails(Strict):
    """Whether to get "your turn" e-mails."""

    on: bool


@router.post("/api/account/turn-emails", dependencies=[CsrfDep], response_model=None)
async def turn_emails(body: TurnEmails, user: UserDep, arena: ArenaDep) -> dict[str, Any]:
    """Opt in to (or out of) "your turn" e-mails for turn-based tables; needs a verified
    address (409 otherwise)."""
    _mailer_or_503(arena)
    if not await SqlEmail(arena.storage).set_turn_emails(user.id, body.on):
        raise ApiError(409, "conflict", "verify your e-mail address first")
    return {"ok": True, "turn_emails": body.on}


class Forgot(Strict):
    """The account whose password was forgotten."""

    name: str = Field(min_length=1, max_length=64)


@router.post("/api/password/forgot", dependencies=[CsrfDep], response_model=None)
async def forgot(request: Request, body: Forgot, arena: ArenaDep) -> dict[str, Any]:
    """Send a reset link (1 h, single use) to the account's verified address. The answer is
    the same whether or not the name exists or has an address (names are not revealed)."""
    mailer = _mailer_or_503(arena)
    wait = await arena.email_limiter.take(f"forgot:{client_address(request)}")
    if wait > 0:
        raise limited_error(wait, "password resets")
    secret = secrets.token_urlsafe(32)
    found = await SqlEmail(arena.storage).add_reset(
        body.name, _digest(secret), datetime.now(UTC) + RESET_FOR
    )
    if found is not None:
        link = f"{_base(request, arena)}/reset-password?token={secret}"
        try:
            await mailer.send(
                found[1],
                "Connect Arena: reset your password",
                f"Hello {body.name},\n\nchoose a new password by opening this link (valid for "
                f"one hour, once):\n\n{link}\n\nIf you did not ask for this, ignore this mail: "
                "your password stays as it is.\n",
            )
        except Exception:  # a failed mail must not tell the caller that the name exists
            log.exception("the password-reset mail could not be sent")
    return {"ok": True}


class Reset(Strict):
    """A reset link's token and the new password."""

    token: str = Field(min_length=1, max_length=128)
    password: str = Field(min_length=1, max_length=1024)


@router.post("/api/password/reset", dependencies=[CsrfDep], response_model=None)
async def reset(body: Reset, arena: ArenaDep) -> dict[str, Any]:
    """Set a new password from a reset link (once, within the hour): every session of the
    account ends and its API tokens are revoked, as after a password change."""
    password = await acceptable_password(body.password)  # the rules of a sign-up, NFKC form
    used = await SqlEmail(arena.storage).use(_digest(body.token), "reset", datetime.now(UTC))
    if used is None:
        raise ApiError(400, "bad_token", "this link is not valid (any more): ask for a new one")
    user_id = used[0]
    await arena.storage.set_password(user_id, await arena.passwords.hash(password))
    arena.forget_user(user_id)
    await arena.sessions.end_all(user_id)
    await arena.bots.delete_user_tokens(user_id)
    return {"ok": True}
