"""Fixtures for the server tests: an app on a temporary SQLite database."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from connect_arena.server import create_app
from tests.server.serverhelpers import TestClient, fast_settings


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A running app (lifespan included) on a fresh database."""
    with TestClient(create_app(fast_settings(tmp_path))) as test_client:
        yield test_client
