"""The games' pictures for the landing page: ``GET /api/games/{name}/picture.svg``.

Each picture is a typical position drawn on the server from the engine's geometry and
observation (:mod:`connect_arena.service.pictures`), computed once per process in a worker
thread and cacheable by browsers (``ETag``, a day's ``max-age``; a matching
``If-None-Match`` gets 304).
"""

from __future__ import annotations

import asyncio
import hashlib

from fastapi import APIRouter, Request, Response

from connect_arena.core import game_names
from connect_arena.server.errors import ApiError
from connect_arena.service.pictures import picture

router = APIRouter(prefix="/api")


@router.get("/games/{name}/picture.svg")
async def game_picture(name: str, request: Request) -> Response:
    """The SVG picture of game ``name`` (404 ``not_found`` for a game that is not registered)."""
    if name not in game_names():
        raise ApiError(404, "not_found", f"there is no game {name[:32]!r}")
    text = await asyncio.to_thread(picture, name)
    etag = '"' + hashlib.sha256(text.encode()).hexdigest()[:32] + '"'
    headers = {"ETag": etag, "Cache-Control": "public, max-age=86400"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(text, media_type="image/svg+xml", headers=headers)
