"""Limits on failed sign-ins that strangers cannot turn against an account's owner.

Four counts of failures (every one a :class:`~connect_arena.server.auth.RateLimiter`, so a
shared backend can replace them), checked and counted before the password is verified:

* per client address (``login_limit``, the arena's ``login_limiter``): one address guessing
  many names;
* per account and device — the device's cookie when it has one, else its address — with
  growing delays (``login_pair_limits``: several windows, each longer and allowing more);
* per account (``login_account_limit``) and for the whole site (``login_global_limit``), both
  counting only attempts from devices that never signed in to the account: a spray over many
  names and addresses meets the site-wide limit, and guesses from everywhere meet the
  account's, yet neither ever blocks the owner's right password from a known device.

A known device carries a cookie (``arena_device``, a year, ``HttpOnly``, ``SameSite=Strict``,
path ``/api``) given at every successful sign-in, sign-up or upgrade: the account's name and a
random nonce, signed with an HMAC under the server's secret key, as Lichess and GitHub do.
Successes do not count (``forget_one``); a success clears the account's own counts.
See ``docs/server.md``.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field

from starlette.requests import HTTPConnection
from starlette.responses import Response

from connect_arena.server.auth import RateLimiter, take_all

DEVICE_COOKIE = "arena_device"
DEVICE_LIFETIME = 365 * 24 * 3600
"""Seconds a device stays known after its last successful sign-in."""


@dataclass(frozen=True, slots=True)
class Attempt:
    """The keys one sign-in attempt counts against (``None``: a key it does not count for)."""

    address: str
    pair: str
    account: str | None
    everyone: str | None


@dataclass
class SignInLimits:
    """The per-account, per-device and site-wide limits (the per-address one is the arena's
    ``login_limiter``).

    Args:
        secret: the server's secret key (device cookies are signed with a key derived from it).
        pair_limits: (count, seconds) windows per account and device, shortest first.
        account_limit: (count, seconds) failures per account from unknown devices.
        global_limit: (count, seconds) failures on the whole site from unknown devices.
        secure: always mark the cookie ``Secure`` (else only over HTTPS).
        limiter: makes a limiter of (count, seconds): the in-memory one, or a shared backend's
            (the limits then hold across processes).
    """

    secret: str
    pair_limits: tuple[tuple[int, float], ...]
    account_limit: tuple[int, float]
    global_limit: tuple[int, float]
    secure: bool = False
    limiter: Callable[[int, float], RateLimiter] = RateLimiter
    pairs: list[RateLimiter] = field(init=False)
    account: RateLimiter = field(init=False)
    everyone: RateLimiter = field(init=False)
    _key: bytes = field(init=False)

    def __post_init__(self) -> None:
        self.pairs = [self.limiter(count, seconds) for count, seconds in self.pair_limits]
        self.account = self.limiter(*self.account_limit)
        self.everyone = self.limiter(*self.global_limit)
        self._key = hashlib.sha256(b"connect-arena device\0" + self.secret.encode()).digest()

    # ----- the known-device cookie -------------------------------------------------------------
    def _sign(self, payload: str) -> str:
        digest = hmac.new(self._key, payload.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:24]).decode()

    def device(self, connection: HTTPConnection, name: str) -> str | None:
        """The nonce of the request's known-device cookie when it is valid for account
        ``name`` (case-insensitive), else ``None``."""
        value = connection.cookies.get(DEVICE_COOKIE, "")
        nonce, _, rest = value.partition(".")
        encoded, _, signature = rest.partition(".")
        if not nonce or not signature or len(value) > 200:
            return None
        if not hmac.compare_digest(self._sign(f"{nonce}.{encoded}"), signature):
            return None
        try:
            owner = base64.urlsafe_b64decode(encoded.encode()).decode()
        except ValueError:
            return None
        return nonce if owner == name.casefold() else None

    def remember(self, connection: HTTPConnection, response: Response, name: str) -> None:
        """Make the browser a known device of account ``name``."""
        nonce = self.device(connection, name) or secrets.token_urlsafe(12)
        encoded = base64.urlsafe_b64encode(name.casefold().encode()).decode()
        value = f"{nonce}.{encoded}.{self._sign(f'{nonce}.{encoded}')}"
        response.set_cookie(
            DEVICE_COOKIE,
            value,
            max_age=DEVICE_LIFETIME,
            path="/api",
            httponly=True,
            samesite="strict",
            secure=self.secure or connection.url.scheme == "https",
        )

    # ----- counting -------------------------------------------------------------------------
    def attempt(self, name: str, address: str, device: str | None) -> Attempt:
        """The keys of an attempt on account ``name`` from ``address`` (and ``device``)."""
        folded = name.casefold()
        source = f"device:{device}" if device is not None else f"ip:{address}"
        unknown = device is None
        return Attempt(
            address=f"ip:{address}",
            pair=f"{folded}|{source}",
            account=f"name:{folded}" if unknown else None,
            everyone="all" if unknown else None,
        )

    def _limits(self, attempt: Attempt) -> list[tuple[RateLimiter, str, str]]:
        """Each limit ``attempt`` counts against: (limiter, key, which limit)."""
        limits = [(limiter, attempt.pair, "account-device") for limiter in self.pairs]
        if attempt.account is not None:
            limits.append((self.account, attempt.account, "account"))
        if attempt.everyone is not None:
            limits.append((self.everyone, attempt.everyone, "site"))
        return limits

    async def take(self, attempt: Attempt, address: RateLimiter) -> tuple[float, str]:
        """Check and count ``attempt`` in one step (before the password is checked:
        concurrent guesses all count) against ``address`` (the per-address limiter) and the
        account's limits: counted in all, or, when one refuses, in none.

        Returns:
            The seconds to wait (0: counted) and which limit refused: ``address`` first,
            else the one asking to wait longest (``account-device``, ``account``, ``site``).
        """
        limits = [(address, attempt.address, "address"), *self._limits(attempt)]
        waits = await take_all([(limiter, key) for limiter, key, _ in limits])
        if waits[0] > 0:
            return waits[0], "address"
        others = zip(waits[1:], (which for _, _, which in limits[1:]), strict=True)
        return max(others, default=(0.0, ""))

    async def take_back(self, attempt: Attempt, address: RateLimiter) -> None:
        """Uncount ``attempt``: it was refused before its password was checked."""
        await address.forget_one(attempt.address)
        for limiter, key, _ in self._limits(attempt):
            await limiter.forget_one(key)

    async def succeeded(self, attempt: Attempt, address: RateLimiter) -> None:
        """The attempt was right: it does not count, and the account's counts start again."""
        await address.forget_one(attempt.address)  # only failures count against the address
        for limiter, key, which in self._limits(attempt):
            if which == "site":
                await limiter.forget_one(key)
            else:
                await limiter.clear(key)
