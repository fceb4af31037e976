"""The web server: FastAPI app, routes, WebSockets, accounts, database and the static UI.

Start it with ``connect-arena serve``; ``create_app`` builds the application.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from connect_arena.server.app import create_app
    from connect_arena.server.config import Settings

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> Any:
    # Loaded on first use: the terminal commands import ``server.db`` and must not pay for
    # the whole web app (FastAPI, every route) to start.
    if name == "create_app":
        from connect_arena.server.app import create_app

        return create_app
    if name == "Settings":
        from connect_arena.server.config import Settings

        return Settings
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
