"""The web server: FastAPI app, routes, WebSockets, accounts, database and the static UI.

Start it with ``connect-arena serve``; ``create_app`` builds the application.
"""

from connect_arena.server.app import create_app
from connect_arena.server.config import Settings

__all__ = ["Settings", "create_app"]
