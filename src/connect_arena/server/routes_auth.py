"""Accounts: sign up, sign in, guests (and a guest's upgrade to an account), sign out (here or
everywhere), password change, and the session with its CSRF token (server-side sessions:
:mod:`connect_arena.server.sessions`)."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from connect_arena.server.auth import acceptable_password, check_name, guest_name
from connect_arena.server.db import StoredUser
from connect_arena.server.db.storage import NameTakenError
from connect_arena.server.dependencies import (
    Arena,
    ArenaDep,
    CsrfDep,
    MaybeUserDep,
    UserDep,
    user_json,
)
from connect_arena.server.errors import ApiError
from connect_arena.server.protocol import Session
from connect_arena.server.ratelimit import client_address, limited_error
from connect_arena.server.schemas import Credentials, PasswordChange
from connect_arena.server.sessions import cookie_token, new_token

router = APIRouter(prefix="/api")


async def _signed_in(
    request: Request, response: Response, arena: Arena, user: StoredUser
) -> Session:
    """Start a new session for ``user`` (a fresh token, so a fresh CSRF token too); the
    session the request came with, if any, ends; the account is read afresh (a role given
    meanwhile applies now)."""
    arena.forget_user(user.id)
    await arena.sessions.end(cookie_token(request))
    token = await arena.sessions.start(user.id, request.headers.get("user-agent"))
    arena.sessions.set_cookie(request, response, token)
    arena.signin_limits.remember(request, response, user.name)  # a known device from now on
    return {"user": user_json(user), "csrf": arena.sessions.csrf(token)}


_LIMITED = {
    "address": "failed sign-ins from your address",
    "account-device": "failed sign-ins for this account from your device",
    "account": "failed sign-ins for this account from new devices (a device that signed in "
    "to it before is not held back)",
    "site": "failed sign-ins from new devices on this site (a device that signed in to the "
    "account before is not held back)",
}


def _signed_out(request: Request, response: Response, arena: Arena) -> Session:
    """Give the visitor a fresh anonymous token (and CSRF token)."""
    token = new_token()
    arena.sessions.set_cookie(request, response, token)
    return {"user": None, "csrf": arena.sessions.csrf(token)}


@router.get("/session", response_model=None)
async def session(
    request: Request, response: Response, user: MaybeUserDep, arena: ArenaDep
) -> Session:
    """The signed-in user (or ``null``) and the CSRF token for state-changing requests; the
    cookie is sent again (its 30 days start again), a new anonymous one if there is none."""
    token = cookie_token(request)
    if token is None:
        return _signed_out(request, response, arena)
    arena.sessions.set_cookie(request, response, token)
    return {"user": user_json(user), "csrf": arena.sessions.csrf(token)}


@router.post("/signup", dependencies=[CsrfDep], response_model=None)
async def signup(
    request: Request, response: Response, body: Credentials, arena: ArenaDep
) -> Session:
    """Create an account with a password and sign in (the password's rules:
    ``auth.check_password``)."""
    problem = check_name(body.name)
    if problem:
        raise ApiError(400, "bad_request", problem)
    password = await acceptable_password(body.password, body.name)
    wait = await arena.signup_limiter.take(client_address(request))  # checked and counted
    if wait:
        raise limited_error(wait, "new accounts from your address")
    password_hash = await arena.passwords.hash(password)
    try:
        user = await arena.storage.create_user(body.name, password_hash)
    except NameTakenError:
        raise ApiError(409, "name_taken", f"the name {body.name!r} is taken") from None
    return await _signed_in(request, response, arena, user)


@router.post("/login", dependencies=[CsrfDep], response_model=None)
async def login(
    request: Request, response: Response, body: Credentials, arena: ArenaDep
) -> Session:
    """Sign in with a name and password (failed attempts are rate-limited)."""
    address = client_address(request)
    limits = arena.signin_limits
    attempt = limits.attempt(body.name, address, limits.device(request, body.name))
    # Checked and counted in one step: attempts sent at the same time are all counted.
    wait, which = await limits.take(attempt, arena.login_limiter)
    if wait:
        raise limited_error(wait, _LIMITED[which])
    user = await arena.storage.user_by_name(body.name)
    encoded = None if user is None else user.password_hash
    # Always verify (an unknown name against a dummy hash): the time tells no name apart.
    matches = await arena.passwords.matches(encoded, body.password)
    if user is None or not matches:
        raise ApiError(401, "bad_credentials", "wrong name or password")
    await limits.succeeded(attempt, arena.login_limiter)
    return await _signed_in(request, response, arena, user)


@router.post("/guest", dependencies=[CsrfDep], response_model=None)
async def guest(request: Request, response: Response, arena: ArenaDep) -> Session:
    """Play as a guest with a generated name (a new account without a password)."""
    wait = await arena.signup_limiter.take(client_address(request))  # checked and counted
    if wait:
        raise limited_error(wait, "new accounts from your address")
    for _ in range(10):
        try:
            user = await arena.storage.create_user(guest_name(), None)
        except NameTakenError:
            continue
        return await _signed_in(request, response, arena, user)
    raise ApiError(503, "busy", "no free guest name: try again")


@router.post("/upgrade", dependencies=[CsrfDep], response_model=None)
async def upgrade(
    request: Request, response: Response, body: Credentials, user: UserDep, arena: ArenaDep
) -> Session:
    """Turn the signed-in guest into an account with a name and password, in place: the same
    user id, so its tables and seats stay its own. The name and password rules of sign-up
    apply, and so does its rate limit; the session goes on under a fresh token (a fresh CSRF
    token too). Its seats, live and stored, take the new name."""
    if not user.guest:
        raise ApiError(400, "bad_request", "this is already an account with a password")
    problem = check_name(body.name)
    if problem:
        raise ApiError(400, "bad_request", problem)
    password = await acceptable_password(body.password, body.name)
    wait = await arena.signup_limiter.take(client_address(request))  # checked and counted
    if wait:
        raise limited_error(wait, "new accounts from your address")
    password_hash = await arena.passwords.hash(password)
    try:
        upgraded = await arena.storage.upgrade_guest(user.id, body.name, password_hash)
    except NameTakenError:
        raise ApiError(409, "name_taken", f"the name {body.name!r} is taken") from None
    arena.forget_user(user.id)
    if upgraded is None:  # upgraded meanwhile by another request
        raise ApiError(400, "bad_request", "this is already an account with a password")
    await arena.service.rename_player(user.id, upgraded.name)
    return await _signed_in(request, response, arena, upgraded)


@router.post("/logout", dependencies=[CsrfDep], response_model=None)
async def logout(request: Request, response: Response, arena: ArenaDep) -> Session:
    """Sign out: the session is revoked on the server (a copy of the cookie signs nobody in)
    and its WebSockets are closed; a new CSRF token is returned."""
    await arena.sessions.end(cookie_token(request))
    return _signed_out(request, response, arena)


@router.post("/logout-all", dependencies=[CsrfDep], response_model=None)
async def logout_all(
    request: Request, response: Response, user: UserDep, arena: ArenaDep
) -> Session:
    """Sign out everywhere: every session of the user ends, this one included, with every
    socket they opened, and every API token of the user is revoked (a stolen one too)."""
    await arena.sessions.end_all(user.id)
    await arena.bots.delete_user_tokens(user.id)
    return _signed_out(request, response, arena)


@router.post("/password", dependencies=[CsrfDep], response_model=None)
async def change_password(
    request: Request, body: PasswordChange, user: UserDep, arena: ArenaDep
) -> Session:
    """Change the password (the old one is asked, attempts are rate-limited like sign-ins);
    every other session of the user ends, this one stays, and every API token is revoked
    (as GitHub and Lichess do: whoever had the old password may have made one)."""
    # Signed in: a known device, so only the address and the account-and-device windows.
    limits = arena.signin_limits
    attempt = limits.attempt(user.name, client_address(request), f"session:{user.id}")
    # Checked and counted in one step (concurrent guesses all count); taken back when
    # refused for another reason than the old password.
    wait, _ = await limits.take(attempt, arena.login_limiter)
    if wait:
        raise limited_error(wait, "failed attempts")
    try:
        current = await arena.storage.user_by_id(user.id)
        if current is None or current.password_hash is None:
            raise ApiError(400, "bad_request", "a guest has no password: sign up for an account")
        password = await acceptable_password(body.new_password, user.name)
    except ApiError:
        await limits.take_back(attempt, arena.login_limiter)
        raise
    if not await arena.passwords.matches(current.password_hash, body.old_password):
        raise ApiError(401, "bad_credentials", "the current password is wrong")
    await limits.succeeded(attempt, arena.login_limiter)
    await arena.storage.set_password(user.id, await arena.passwords.hash(password))
    arena.forget_user(user.id)
    token = cookie_token(request)
    await arena.sessions.end_all(user.id, keep=token)
    await arena.bots.delete_user_tokens(user.id)
    csrf = arena.sessions.csrf(token) if token is not None else ""
    return {"user": user_json(current), "csrf": csrf}
