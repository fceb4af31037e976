"""Fixtures of the scale-out tests: one throwaway PostgreSQL and one Redis for the session
(started from Debian's binaries, stopped after), a fresh database and Redis database per test.
The tests skip, saying why, only when the binaries cannot be had at all."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
import redis

from tests.scale.services import Postgres, Redis, missing_services, postgres, redis_server

_numbers = itertools.count(1)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Postgres]:
    """A PostgreSQL cluster for the session."""
    reason = missing_services()
    if reason:
        pytest.skip(reason)
    with postgres() as server:
        yield server


@pytest.fixture(scope="session")
def redis_instance() -> Iterator[Redis]:
    """A Redis server for the session."""
    reason = missing_services()
    if reason:
        pytest.skip(reason)
    with redis_server() as server:
        yield server


@pytest.fixture
def database_url(pg_server: Postgres) -> str:
    """The URL of a new, empty PostgreSQL database."""
    return pg_server.create_database(f"arena_{next(_numbers)}")


@pytest.fixture
def redis_url(redis_instance: Redis) -> str:
    """The URL of an emptied Redis logical database of its own."""
    return _fresh_redis(redis_instance)


@pytest.fixture(scope="module")
def module_database_url(pg_server: Postgres) -> str:
    """A new, empty PostgreSQL database shared by a module's tests."""
    return pg_server.create_database(f"arena_{next(_numbers)}")


@pytest.fixture(scope="module")
def module_redis_url(redis_instance: Redis) -> str:
    """An emptied Redis logical database shared by a module's tests."""
    return _fresh_redis(redis_instance)


def _fresh_redis(redis_instance: Redis) -> str:
    url = redis_instance.url(next(_numbers) % 64)
    with redis.Redis.from_url(url) as client:
        client.flushdb()
    return url
