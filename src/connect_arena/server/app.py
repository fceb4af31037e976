"""The FastAPI application: ``create_app()`` (also uvicorn's factory, configured from the
environment), its lifespan (migrations, storage, match service) and the pages."""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.middleware.sessions import SessionMiddleware

from connect_arena.server import routes_auth, routes_tables, websocket
from connect_arena.server.arena import Arena
from connect_arena.server.auth import Passwords, RateLimiter
from connect_arena.server.config import Settings
from connect_arena.server.coordination import RedisCoordinator
from connect_arena.server.db import SqlStorage, make_engine, run_migrations
from connect_arena.server.errors import (
    ApiError,
    api_error_handler,
    service_error_handler,
    validation_error_handler,
)
from connect_arena.server.gcpolicy import keep_collections_short
from connect_arena.server.middleware import BodyLimit, SecurityHeaders
from connect_arena.service import MatchService, ServiceConfig, ServiceError

STATIC = Path(__file__).parent / "static"
SESSION_DAYS = 30
log = logging.getLogger("connect_arena.server")


async def open_arena(settings: Settings) -> Arena:
    """Migrate the database, then build the storage and start the match service."""
    engine = make_engine(settings.resolved_database_url())
    await asyncio.to_thread(run_migrations, engine)
    storage = SqlStorage(engine)
    coordinator = RedisCoordinator(settings.redis_url) if settings.redis_url else None
    service = MatchService(
        storage,
        ServiceConfig(
            settings.computer_workers, settings.computer_delay, hint_agent=settings.hint_agent
        ),
        coordinator,
    )
    await service.start()
    return Arena(
        settings=settings,
        storage=storage,
        service=service,
        passwords=Passwords(settings.argon2_time_cost, settings.argon2_memory_kib),
        login_limiter=RateLimiter(*settings.login_limit),
        signup_limiter=RateLimiter(*settings.signup_limit),
    )


def _pages(app: FastAPI) -> None:
    """The HTML pages: each is a static file; its ES modules read the URL."""

    def page(name: str) -> FileResponse:
        return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return page("index.html")

    @app.get("/tables/{table_id}", include_in_schema=False)
    async def table_page(table_id: int) -> FileResponse:
        return page("table.html")

    @app.get("/replay", include_in_schema=False)
    async def replay_page() -> FileResponse:
        return page("replay.html")

    @app.get("/tables/{table_id}/replay", include_in_schema=False)
    async def table_replay_page(table_id: int) -> FileResponse:
        return page("replay.html")


def create_app(settings: Settings | None = None) -> FastAPI:
    """The Connect Arena web application.

    Args:
        settings: the configuration; default: from ``CONNECT_ARENA_*`` environment variables.
    """
    settings = settings or Settings.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        arena = await open_arena(settings)
        app.state.arena = arena
        gc.freeze()  # start-up objects leave the collector's generations: shorter GC pauses
        collector = None
        if settings.gc_freeze > 0:
            collector = asyncio.get_running_loop().create_task(
                keep_collections_short(settings.gc_freeze)
            )
        log.info("database: %s", arena.storage.engine.url.render_as_string(hide_password=True))
        try:
            yield
        finally:
            if collector is not None:
                collector.cancel()
            await arena.service.close()
            await asyncio.to_thread(arena.storage.close)

    app = FastAPI(
        title="Connect Arena",
        lifespan=lifespan,
        openapi_url="/api/openapi.json",
        docs_url=None,  # Swagger UI would load scripts from a CDN, which the CSP forbids
        redoc_url=None,
    )
    app.add_exception_handler(ApiError, api_error_handler)
    app.add_exception_handler(ServiceError, service_error_handler)
    app.add_exception_handler(RequestValidationError, validation_error_handler)
    app.add_middleware(
        SessionMiddleware,
        secret_key=settings.resolved_secret_key(),
        session_cookie="arena_session",
        max_age=SESSION_DAYS * 24 * 3600,
        same_site="lax",
        https_only=settings.secure_cookies,
    )
    app.add_middleware(BodyLimit, limit=settings.max_body)
    app.add_middleware(SecurityHeaders)
    app.include_router(routes_auth.router)
    app.include_router(routes_tables.router)
    app.include_router(websocket.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    _pages(app)
    return app
