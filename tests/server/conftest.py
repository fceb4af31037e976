"""Fixtures for the server tests: an app on a temporary SQLite database, a local SMTP server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from connect_arena.server import create_app
from tests.server.mailhelpers import Inbox, smtp_server
from tests.server.serverhelpers import TestClient, fast_settings


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A running app (lifespan included) on a fresh database."""
    with TestClient(create_app(fast_settings(tmp_path))) as test_client:
        yield test_client


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    """A local SMTP server (``tests/server/mailhelpers.py``): its inbox and port."""
    with smtp_server() as running:
        yield running
