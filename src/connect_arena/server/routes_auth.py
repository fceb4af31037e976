"""Accounts: sign up, sign in, guests, sign out, and the session (with its CSRF token)."""

from __future__ import annotations

import math
from typing import Any

from fastapi import APIRouter, Request

from connect_arena.server.arena import ArenaDep, CsrfDep, MaybeUserDep, user_json
from connect_arena.server.auth import check_name, check_password, csrf_token, guest_name
from connect_arena.server.db import StoredUser
from connect_arena.server.db.storage import NameTakenError
from connect_arena.server.errors import ApiError
from connect_arena.server.schemas import Credentials

router = APIRouter(prefix="/api")


def _client(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _signed_in(request: Request, user: StoredUser) -> dict[str, Any]:
    """Start a fresh session for ``user`` (a new CSRF token too)."""
    request.session.clear()
    request.session["uid"] = user.id
    return {"user": user_json(user), "csrf": csrf_token(request.session)}


def _limited(wait: float, what: str) -> ApiError:
    seconds = max(1, math.ceil(wait))
    return ApiError(
        429,
        "rate_limited",
        f"too many {what}: try again in {seconds} s",
        {"Retry-After": str(seconds)},
    )


@router.get("/session")
async def session(request: Request, user: MaybeUserDep) -> dict[str, Any]:
    """The signed-in user (or ``null``) and the CSRF token for state-changing requests."""
    return {"user": user_json(user), "csrf": csrf_token(request.session)}


@router.post("/signup", dependencies=[CsrfDep])
async def signup(request: Request, body: Credentials, arena: ArenaDep) -> dict[str, Any]:
    """Create an account with a password and sign in."""
    problem = check_name(body.name) or check_password(body.password)
    if problem:
        raise ApiError(400, "bad_request", problem)
    wait = arena.signup_limiter.retry_after(_client(request))
    if wait:
        raise _limited(wait, "new accounts from your address")
    arena.signup_limiter.hit(_client(request))  # before awaiting, as for sign-ins
    password_hash = await arena.passwords.hash(body.password)
    try:
        user = await arena.storage.create_user(body.name, password_hash)
    except NameTakenError:
        raise ApiError(409, "name_taken", f"the name {body.name!r} is taken") from None
    return _signed_in(request, user)


@router.post("/login", dependencies=[CsrfDep])
async def login(request: Request, body: Credentials, arena: ArenaDep) -> dict[str, Any]:
    """Sign in with a name and password (failed attempts are rate-limited)."""
    keys = (f"ip:{_client(request)}", f"name:{body.name.casefold()}")
    wait = arena.login_limiter.retry_after(*keys)
    if wait:
        raise _limited(wait, "failed sign-ins")
    # Count the attempt before awaiting: attempts sent at the same time are all counted.
    arena.login_limiter.hit(*keys)
    user = await arena.storage.user_by_name(body.name)
    encoded = None if user is None else user.password_hash
    if user is None or not await arena.passwords.verify(encoded, body.password):
        raise ApiError(401, "bad_credentials", "wrong name or password")
    arena.login_limiter.clear(keys[1])
    return _signed_in(request, user)


@router.post("/guest", dependencies=[CsrfDep])
async def guest(request: Request, arena: ArenaDep) -> dict[str, Any]:
    """Play as a guest with a generated name (a new account without a password)."""
    wait = arena.signup_limiter.retry_after(_client(request))
    if wait:
        raise _limited(wait, "new accounts from your address")
    arena.signup_limiter.hit(_client(request))  # before awaiting, as for sign-ins
    for _ in range(10):
        try:
            user = await arena.storage.create_user(guest_name(), None)
        except NameTakenError:
            continue
        return _signed_in(request, user)
    raise ApiError(503, "busy", "no free guest name: try again")


@router.post("/logout", dependencies=[CsrfDep])
async def logout(request: Request) -> dict[str, Any]:
    """Sign out (the session is cleared; a new CSRF token is returned)."""
    request.session.clear()
    return {"user": None, "csrf": csrf_token(request.session)}
