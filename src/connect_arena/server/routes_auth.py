"""Accounts: sign up, sign in, guests (and a guest's upgrade to an account), sign out (here or
everywhere), password change, and the session with its CSRF token (server-side sessions:
:mod:`connect_arena.server.sessions`)."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from connect_arena.server.auth import check_name, check_password, guest_name
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
    return {"user": user_json(user), "csrf": arena.sessions.csrf(token)}


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
    """Create an account with a password and sign in."""
    problem = check_name(body.name) or check_password(body.password)
    if problem:
        raise ApiError(400, "bad_request", problem)
    wait = arena.signup_limiter.retry_after(client_address(request))
    if wait:
        raise limited_error(wait, "new accounts from your address")
    arena.signup_limiter.hit(client_address(request))  # before awaiting, as for sign-ins
    password_hash = await arena.passwords.hash(body.password)
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
    keys = (f"ip:{client_address(request)}", f"name:{body.name.casefold()}")
    wait = arena.login_limiter.retry_after(*keys)
    if wait:
        raise limited_error(wait, "failed sign-ins")
    # Count the attempt before awaiting: attempts sent at the same time are all counted.
    arena.login_limiter.hit(*keys)
    user = await arena.storage.user_by_name(body.name)
    encoded = None if user is None else user.password_hash
    # Always verify (an unknown name against a dummy hash): the time tells no name apart.
    matches = await arena.passwords.verify(encoded, body.password)
    if user is None or not matches:
        raise ApiError(401, "bad_credentials", "wrong name or password")
    arena.login_limiter.clear(keys[1])
    arena.login_limiter.forget_one(keys[0])  # only failures count against the address
    return await _signed_in(request, response, arena, user)


@router.post("/guest", dependencies=[CsrfDep], response_model=None)
async def guest(request: Request, response: Response, arena: ArenaDep) -> Session:
    """Play as a guest with a generated name (a new account without a password)."""
    wait = arena.signup_limiter.retry_after(client_address(request))
    if wait:
        raise limited_error(wait, "new accounts from your address")
    arena.signup_limiter.hit(client_address(request))  # before awaiting, as for sign-ins
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
    problem = check_name(body.name) or check_password(body.password)
    if problem:
        raise ApiError(400, "bad_request", problem)
    wait = arena.signup_limiter.retry_after(client_address(request))
    if wait:
        raise limited_error(wait, "new accounts from your address")
    arena.signup_limiter.hit(client_address(request))  # before awaiting, as for sign-ins
    password_hash = await arena.passwords.hash(body.password)
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
    keys = (f"ip:{client_address(request)}", f"name:{user.name.casefold()}")
    wait = arena.login_limiter.retry_after(*keys)
    if wait:
        raise limited_error(wait, "failed attempts")
    current = await arena.storage.user_by_id(user.id)
    if current is None or current.password_hash is None:
        raise ApiError(400, "bad_request", "a guest has no password: sign up for an account")
    problem = check_password(body.new_password)
    if problem:
        raise ApiError(400, "bad_request", problem)
    arena.login_limiter.hit(*keys)
    if not await arena.passwords.verify(current.password_hash, body.old_password):
        raise ApiError(401, "bad_credentials", "the current password is wrong")
    arena.login_limiter.clear(keys[1])
    await arena.storage.set_password(user.id, await arena.passwords.hash(body.new_password))
    arena.forget_user(user.id)
    token = cookie_token(request)
    await arena.sessions.end_all(user.id, keep=token)
    await arena.bots.delete_user_tokens(user.id)
    csrf = arena.sessions.csrf(token) if token is not None else ""
    return {"user": user_json(current), "csrf": csrf}
