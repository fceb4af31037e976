"""The FastAPI application: ``create_app()`` (also uvicorn's factory, configured from the
environment), its lifespan (migrations, storage, match service) and the pages."""

from __future__ import annotations

import asyncio
import gc
import hashlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import jinja2
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.templating import Jinja2Templates
from starlette.exceptions import HTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp

from connect_arena.core import game_names
from connect_arena.server import (
    operations,
    protocol,
    routes_analysis,
    routes_auth,
    routes_bot,
    routes_chat,
    routes_cluster,
    routes_email,
    routes_lifecycle,
    routes_moderation,
    routes_pictures,
    routes_puzzles,
    routes_relations,
    routes_seeks,
    routes_tables,
    routes_tournaments,
    routes_tutorials,
    routes_users,
    websocket,
    ws_user,
)
from connect_arena.server.auth import Passwords, RateLimiter
from connect_arena.server.config import Settings
from connect_arena.server.coordination import RedisCoordinator
from connect_arena.server.db import SqlStorage, make_engine, run_migrations
from connect_arena.server.db.bots import SqlBots
from connect_arena.server.db.chat import SqlChat
from connect_arena.server.db.email import SqlEmail
from connect_arena.server.db.rating_store import SqlRatings
from connect_arena.server.db.tournaments import SqlTournaments
from connect_arena.server.dependencies import PUZZLE_LIMIT, Arena, TableId
from connect_arena.server.errors import (
    ApiError,
    api_error_handler,
    http_error_handler,
    internal_error_handler,
    service_error_handler,
    validation_error_handler,
)
from connect_arena.server.game_assets import KitStaticFiles
from connect_arena.server.gcpolicy import keep_collections_short
from connect_arena.server.logcontext import LogContext
from connect_arena.server.mail import Mailer
from connect_arena.server.metrics import CountAnswers, Metrics
from connect_arena.server.middleware import AllowedHosts, BodyLimit, SecurityHeaders, StaticCaching
from connect_arena.server.ratelimit import Buckets
from connect_arena.server.sessions import Sessions
from connect_arena.server.shared_limits import RedisRateLimiter
from connect_arena.server.shared_seeks import RedisSeekBook
from connect_arena.server.signins import SignInLimits
from connect_arena.server.turn_mail import TurnMail
from connect_arena.service import MatchService, ServiceConfig, ServiceError

STATIC = Path(__file__).parent / "static"
TEMPLATES = Path(__file__).parent / "templates"
log = logging.getLogger("connect_arena.server")


def rate_limiter(settings: Settings, name: str, limit: tuple[int, float]) -> RateLimiter:
    """The limiter ``name`` allowing ``limit`` (count, seconds): in this process alone, or in
    Redis (shared by every process) when ``redis_url`` is set."""
    if settings.redis_url:
        return RedisRateLimiter(settings.redis_url, name, *limit)
    return RateLimiter(*limit)


async def open_arena(settings: Settings, metrics: Metrics | None = None) -> Arena:
    """Migrate the database, then build the storage and start the match service.

    Args:
        settings: the configuration.
        metrics: where the process's figures go (``/metrics``); default: new ones.
    """
    engine = make_engine(settings.resolved_database_url())
    await asyncio.to_thread(run_migrations, engine)
    metrics = metrics or Metrics()
    storage = SqlStorage(engine, on_batch=metrics.db_batch.observe)
    secret = settings.resolved_secret_key()

    def limiter(name: str, limit: tuple[int, float]) -> RateLimiter:
        return rate_limiter(settings, name, limit)

    coordinator = RedisCoordinator(settings.redis_url) if settings.redis_url else None
    bots = SqlBots(storage)
    ratings = SqlRatings(storage, on_scored=metrics.rating_updates.inc)
    service = MatchService(
        storage,
        ServiceConfig(
            settings.computer_workers,
            settings.computer_delay,
            hint_agent=settings.hint_agent,
            open_table_ttl=settings.open_table_ttl,
            idle_table_ttl=settings.idle_table_ttl,
            release_after=settings.release_after,
        ),
        coordinator,
        challenges=bots,
        chat=SqlChat(storage),
        ratings=ratings,
        tournaments=SqlTournaments(storage),
        seeks=RedisSeekBook(settings.redis_url) if settings.redis_url else None,
    )
    sessions = Sessions(storage, secret, secure=settings.secure_cookies, relay=service.cluster)
    if service.cluster is not None:  # a revocation reaches every process's sockets
        service.cluster.on("revoke", sessions.revoked)
    metrics.watch(service.hub, lambda: service.tables)
    mailer = Mailer.from_url(settings.smtp_url) if settings.smtp_url else None
    if mailer is not None:
        base = settings.public_url or "http://localhost:8000"  # `serve` sets the real one
        TurnMail(mailer, SqlEmail(storage), base).watch(service.hub)
    await service.start()
    return Arena(
        settings=settings,
        storage=storage,
        service=service,
        passwords=Passwords(settings.argon2_time_cost, settings.argon2_memory_kib),
        login_limiter=limiter("login", settings.login_limit),
        signin_limits=SignInLimits(
            secret,
            settings.login_pair_limits,
            settings.login_account_limit,
            settings.login_global_limit,
            settings.secure_cookies,
            limiter=lambda count, seconds: limiter(f"signin-{count}-{seconds:g}", (count, seconds)),
        ),
        signup_limiter=limiter("signup", settings.signup_limit),
        sessions=sessions,
        frame_limiter=Buckets(*settings.ws_address_limit),
        replay_limiter=limiter("replay", settings.replay_limit),
        bots=bots,
        token_limiter=limiter("token", settings.token_limit),
        chat_limiter=limiter("chat", settings.chat_limit),
        report_limiter=limiter("report", settings.report_limit),
        mailer=mailer,
        email_limiter=limiter("email", settings.email_limit),
        puzzle_limiter=limiter("puzzle", PUZZLE_LIMIT),
        ratings=ratings,
        metrics=metrics,
        coordinator=coordinator,
    )


def static_files(max_age: int) -> ASGIApp:
    """The ``/static`` app: the files of ``STATIC``, gzipped and cacheable.

    Starlette's ``StaticFiles`` sends an ``ETag`` and ``Last-Modified`` and answers 304 to a
    matching ``If-None-Match``; ``GZipMiddleware`` compresses files of 500 bytes or more for
    clients that accept gzip (``Vary: Accept-Encoding``); ``StaticCaching`` lets browsers reuse
    a file for ``max_age`` seconds, then revalidate it. A game's module, translations and rules
    pages are its kit's files (``server/game_assets.py``). The API is not compressed: its answers
    carry the CSRF token (BREACH). See docs/server.md.

    Args:
        max_age: seconds a file may be reused without asking (0: always revalidate).
    """
    files = KitStaticFiles(directory=STATIC)  # a game's own files come from its kit
    # Level 6 (zlib's default): nearly level 9's size at a fraction of the CPU per request.
    return StaticCaching(GZipMiddleware(files, minimum_size=500, compresslevel=6), max_age)


def page_templates() -> Jinja2Templates:
    """The HTML pages: Jinja2 templates in ``TEMPLATES``, each extending ``base.html`` (the
    head every page shares) with its style sheets, its ES modules and its ``main``."""
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=jinja2.select_autoescape(),
        trim_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,  # a page that forgets `styles` fails, not renders bare
    )
    return Jinja2Templates(env=environment)


def _pages(app: FastAPI) -> None:
    """The HTML pages: each is a template without data; its ES modules read the URL."""
    templates = page_templates()

    def page(request: Request, name: str) -> HTMLResponse:
        response = templates.TemplateResponse(request, name, headers={"Cache-Control": "no-cache"})
        digest = hashlib.md5(bytes(response.body), usedforsecurity=False).hexdigest()
        response.headers["ETag"] = f'"{digest}"'  # as the static file had: a page's version
        return response

    @app.get("/", include_in_schema=False)
    async def index(request: Request) -> HTMLResponse:
        return page(request, "index.html")

    @app.get("/tables/{table_id}", include_in_schema=False)
    async def table_page(request: Request, table_id: TableId) -> HTMLResponse:
        return page(request, "table.html")

    @app.get("/replay", include_in_schema=False)
    async def replay_page(request: Request) -> HTMLResponse:
        return page(request, "replay.html")

    @app.get("/puzzles", include_in_schema=False)
    async def puzzles_page(request: Request) -> HTMLResponse:
        return page(request, "puzzles.html")

    @app.get("/puzzles/{game}", include_in_schema=False)
    @app.get("/puzzles/{game}/{puzzle_id}", include_in_schema=False)
    async def puzzle_page(request: Request) -> HTMLResponse:
        return page(request, "puzzle.html")

    @app.get("/tutorial/{game}", include_in_schema=False)
    async def tutorial_page(request: Request, game: str) -> HTMLResponse:
        return page(request, "tutorial.html")

    @app.get("/tournaments", include_in_schema=False)
    async def tournaments_page(request: Request) -> HTMLResponse:
        return page(request, "tournaments.html")

    @app.get("/tournaments/{tournament_id}", include_in_schema=False)
    async def tournament_page(request: Request, tournament_id: int) -> HTMLResponse:
        return page(request, "tournament.html")

    @app.get("/tables/{table_id}/replay", include_in_schema=False)
    async def table_replay_page(request: Request, table_id: TableId) -> HTMLResponse:
        return page(request, "replay.html")

    @app.get("/users/{name}", include_in_schema=False)
    async def user_page(request: Request, name: str) -> HTMLResponse:
        return page(request, "users.html")

    @app.get("/reset-password", include_in_schema=False)
    async def reset_password_page(request: Request) -> HTMLResponse:
        return page(request, "reset.html")

    @app.get("/moderation", include_in_schema=False)
    async def moderation_page(request: Request) -> HTMLResponse:
        return page(request, "moderation.html")

    @app.get("/leaderboard", include_in_schema=False)
    async def first_leaderboard() -> RedirectResponse:
        return RedirectResponse(f"/leaderboard/{game_names()[0]}", status_code=307)

    @app.get("/leaderboard/{game}", include_in_schema=False)
    async def leaderboard_page(request: Request, game: str) -> HTMLResponse:
        return page(request, "leaderboard.html")


def create_app(settings: Settings | None = None) -> FastAPI:
    """The Connect Arena web application.

    Args:
        settings: the configuration; default: from ``CONNECT_ARENA_*`` environment variables.
    """
    settings = settings or Settings.from_env()
    metrics = Metrics()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        arena = await open_arena(settings, metrics)
        app.state.arena = arena
        gc.freeze()  # start-up objects leave the collector's generations: shorter GC pauses
        collector = None
        if settings.gc_freeze > 0:
            collector = asyncio.get_running_loop().create_task(
                keep_collections_short(settings.gc_freeze)
            )
        lag = asyncio.get_running_loop().create_task(metrics.watch_loop())
        log.info("database: %s", arena.storage.engine.url.render_as_string(hide_password=True))
        try:
            yield
        finally:
            lag.cancel()
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
    app.add_exception_handler(HTTPException, http_error_handler)
    app.add_exception_handler(Exception, internal_error_handler)
    app.add_middleware(LogContext)
    app.add_middleware(BodyLimit, limit=settings.max_body)
    app.add_middleware(AllowedHosts, hosts=settings.allowed_hosts)
    app.add_middleware(SecurityHeaders)  # every answer, a refused host included
    app.add_middleware(CountAnswers, metrics=metrics)  # the outermost: sees every status
    # A request is matched against the routers in this order, and each included router costs
    # FastAPI ~6 us to look into (its routes' version is walked for every request): the pages,
    # the table sockets, the table routes and the session, matched on every page load and
    # every new game, come first. No two routers' paths overlap, except /api/tables/mine,
    # which must come before /api/tables/{table_id}.
    _pages(app)
    app.include_router(websocket.router)
    app.include_router(routes_lifecycle.router)  # before /tables/{id}: /tables/mine
    app.include_router(routes_tables.router)
    app.include_router(routes_auth.router)  # /api/session: every page asks it
    app.include_router(operations.router)
    app.include_router(protocol.router)
    app.include_router(routes_bot.router)
    app.include_router(routes_seeks.router)
    app.include_router(routes_chat.router)
    app.include_router(routes_analysis.router)
    app.include_router(routes_tournaments.router)
    app.include_router(ws_user.router)
    app.include_router(routes_tutorials.router)
    app.include_router(routes_puzzles.router)
    app.include_router(routes_pictures.router)
    app.include_router(routes_users.router)
    app.include_router(routes_moderation.router)
    app.include_router(routes_email.router)
    app.include_router(routes_relations.router)
    app.include_router(routes_cluster.router)
    app.mount("/static", static_files(settings.static_max_age), name="static")
    return app
