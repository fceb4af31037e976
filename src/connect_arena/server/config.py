"""Server settings, read from ``CONNECT_ARENA_*`` environment variables (``connect-arena serve``
sets the ones its options name)."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path


def default_data_dir() -> Path:
    """``$XDG_DATA_HOME/connect-arena`` (``~/.local/share/connect-arena`` by default)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "connect-arena"


LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1", "[::1]")
"""The host names served by default: this machine only (see ``allowed_hosts``)."""


def _names(text: str | None) -> tuple[str, ...]:
    """A comma-separated list: its items stripped, empty ones dropped."""
    return tuple(item.strip() for item in (text or "").split(",") if item.strip())


def _limit(text: str) -> tuple[int, float]:
    """``"10/300"`` → at most 10 in 300 seconds."""
    count, _, seconds = text.partition("/")
    return int(count), float(seconds or 60)


def _argon2(text: str | None, default: int) -> int:
    """An argon2 cost from the environment: a whole number, else ``default`` when unset.

    Raises:
        ValueError: ``text`` is not a whole number.
    """
    if text is None:
        return default
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"an argon2 cost is a whole number, not {text!r}") from None


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the server can be told.

    Attributes:
        data_dir: where the SQLite database and the session secret live.
        database_url: a SQLAlchemy URL; SQLite in ``data_dir`` by default.
        redis_url: Redis shared by several server processes (``redis://host:6379/0``): table
            leases and broadcasts between them (docs/scaling.md). Empty: one process alone.
        secret_key: signs session cookies; kept in ``data_dir/secret_key`` unless given.
        secure_cookies: mark cookies ``Secure`` (serve behind HTTPS).
        allowed_origins: extra origins allowed to open WebSockets (the server's own always is).
        allowed_hosts: host names (without port) the ``Host`` header may name; other hosts
            get 400 ``bad_host``, which stops DNS-rebinding pages. ``*.example.com`` allows
            subdomains, ``*`` any host.
        computer_workers: processes where computer seats think (0: threads).
        computer_delay: minimum seconds per computer action, so that people can follow.
        hint_agent: the MCTS agent spec whose search gives people's hints.
        login_limit: failed sign-ins allowed per client address in a window (count, seconds).
        login_pair_limits: failed sign-ins per account and device (its cookie, else its
            address): windows of growing length, each (count, seconds) — growing delays.
        login_account_limit: failed sign-ins per account from devices that never signed in
            to it (a known device is never held back by it).
        login_global_limit: failed sign-ins on the whole site from unknown devices (a spray
            over many names and addresses).
        signup_limit: accounts (and guests) created per client address in a window.
        replay_limit: replay uploads per client address in a window.
        token_limit: requests per API token in a window (the bot API).
        chat_limit: chat messages per user in a window.
        report_limit: reports per user in a window.
        smtp_url: the SMTP server that sends e-mail (``smtp://``, ``smtps://``;
            :mod:`connect_arena.server.mail`); empty: the site sends no e-mail.
        public_url: the site's address in links sent by e-mail (default: the address the
            request came to).
        email_limit: e-mails asked for per user (or per address for resets) in a window.
        ws_limit: WebSocket frames per connection: (burst, seconds to refill it), a token
            bucket.
        ws_address_limit: WebSocket frames per client address, all its connections together.
        max_body: largest HTTP request body in bytes (records uploaded for replay included).
        max_frame: largest WebSocket message the table handler reads, in bytes.
        argon2_time_cost, argon2_memory_kib: password hashing cost (argon2id): iterations
            (at least 1) and memory in KiB (at least 32, argon2's 8 per lane of its 4).
        gc_freeze: seconds between freezes of the garbage collector's survivors
            (:mod:`connect_arena.server.gcpolicy`); 0 leaves CPython's defaults.
        static_max_age: seconds a browser may reuse a file of ``/static`` without asking
            again (then it revalidates with its ETag); 0: revalidate every time.
        open_table_ttl: seconds an open table nobody joined stays listed before it expires.
        idle_table_ttl: seconds without an action after which an untimed running table ends
            as abandoned.
        release_after: with Redis (several processes), seconds a running table must have
            had no interest in this process (no viewer, no computer thinking) before it lets
            the table's game go and keeps its description only; 0: at once.

    Raises:
        ValueError: ``static_max_age`` or ``release_after`` is negative, a table TTL is not
            positive, or the argon2 cost is one argon2 refuses.
    """

    data_dir: Path = field(default_factory=default_data_dir)
    database_url: str = ""
    redis_url: str = ""
    secret_key: str = ""
    secure_cookies: bool = False
    allowed_origins: tuple[str, ...] = ()
    allowed_hosts: tuple[str, ...] = LOCAL_HOSTS
    computer_workers: int = 1
    computer_delay: float = 0.6
    hint_agent: str = "mcts:normal"
    login_limit: tuple[int, float] = (10, 300.0)
    login_pair_limits: tuple[tuple[int, float], ...] = ((3, 30.0), (6, 300.0), (10, 3600.0))
    login_account_limit: tuple[int, float] = (20, 900.0)
    login_global_limit: tuple[int, float] = (30, 300.0)
    signup_limit: tuple[int, float] = (30, 600.0)
    replay_limit: tuple[int, float] = (20, 60.0)
    token_limit: tuple[int, float] = (600, 60.0)
    chat_limit: tuple[int, float] = (5, 10.0)
    report_limit: tuple[int, float] = (10, 3600.0)
    smtp_url: str = ""
    public_url: str = ""
    email_limit: tuple[int, float] = (5, 3600.0)
    ws_limit: tuple[int, float] = (30, 3.0)
    ws_address_limit: tuple[int, float] = (300, 3.0)
    max_body: int = 1 << 20
    max_frame: int = 16 << 10
    argon2_time_cost: int = 3
    argon2_memory_kib: int = 65536
    gc_freeze: float = 0.1
    static_max_age: int = 300
    open_table_ttl: float = 3600.0
    idle_table_ttl: float = 14 * 86_400.0
    release_after: float = 30.0

    def __post_init__(self) -> None:
        if self.argon2_time_cost < 1 or self.argon2_memory_kib < 32:
            raise ValueError(
                "argon2 needs at least 1 iteration and 32 KiB, not "
                f"{self.argon2_time_cost} and {self.argon2_memory_kib} KiB"
            )
        if self.static_max_age < 0:
            raise ValueError(f"static_max_age must be >= 0 seconds, not {self.static_max_age}")
        if self.open_table_ttl <= 0 or self.idle_table_ttl <= 0:
            raise ValueError("open_table_ttl and idle_table_ttl must be positive seconds")
        if self.release_after < 0:
            raise ValueError(f"release_after must be >= 0 seconds, not {self.release_after}")

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Settings:
        """Settings from ``CONNECT_ARENA_*`` variables (unset ones keep their defaults)."""
        env = dict(os.environ if env is None else env)

        def get(name: str) -> str | None:
            return env.get(f"CONNECT_ARENA_{name}") or None

        defaults = cls()
        return cls(
            data_dir=Path(get("DATA_DIR") or defaults.data_dir).expanduser(),
            database_url=get("DATABASE_URL") or "",
            redis_url=get("REDIS_URL") or "",
            secret_key=get("SECRET_KEY") or "",
            secure_cookies=(get("SECURE_COOKIES") or "").lower() in ("1", "true", "yes"),
            allowed_origins=_names(get("ALLOWED_ORIGINS")),
            allowed_hosts=tuple(h.lower() for h in _names(get("ALLOWED_HOSTS")))
            or defaults.allowed_hosts,
            computer_workers=int(get("COMPUTER_WORKERS") or defaults.computer_workers),
            computer_delay=float(get("COMPUTER_DELAY") or defaults.computer_delay),
            login_limit=_limit(get("LOGIN_LIMIT") or "10/300"),
            login_pair_limits=tuple(
                _limit(part)
                for part in (get("LOGIN_PAIR_LIMITS") or "3/30,6/300,10/3600").split(",")
            ),
            login_account_limit=_limit(get("LOGIN_ACCOUNT_LIMIT") or "20/900"),
            login_global_limit=_limit(get("LOGIN_GLOBAL_LIMIT") or "30/300"),
            signup_limit=_limit(get("SIGNUP_LIMIT") or "30/600"),
            static_max_age=int(get("STATIC_MAX_AGE") or defaults.static_max_age),
            replay_limit=_limit(get("REPLAY_LIMIT") or "20/60"),
            token_limit=_limit(get("TOKEN_LIMIT") or "600/60"),
            chat_limit=_limit(get("CHAT_LIMIT") or "5/10"),
            report_limit=_limit(get("REPORT_LIMIT") or "10/3600"),
            smtp_url=get("SMTP_URL") or "",
            public_url=get("PUBLIC_URL") or "",
            email_limit=_limit(get("EMAIL_LIMIT") or "5/3600"),
            ws_limit=_limit(get("WS_LIMIT") or "30/3"),
            ws_address_limit=_limit(get("WS_ADDRESS_LIMIT") or "300/3"),
            argon2_time_cost=_argon2(get("ARGON2_TIME_COST"), defaults.argon2_time_cost),
            argon2_memory_kib=_argon2(get("ARGON2_MEMORY_KIB"), defaults.argon2_memory_kib),
            gc_freeze=float(get("GC_FREEZE") or defaults.gc_freeze),
            open_table_ttl=float(get("OPEN_TABLE_TTL") or defaults.open_table_ttl),
            idle_table_ttl=float(get("IDLE_TABLE_TTL") or defaults.idle_table_ttl),
            release_after=float(get("RELEASE_AFTER") or defaults.release_after),
        )

    def resolved_database_url(self) -> str:
        """The database URL: the configured one, else SQLite in the data directory."""
        if self.database_url:
            return self.database_url
        return f"sqlite:///{self.data_dir / 'arena.sqlite3'}"

    def resolved_secret_key(self) -> str:
        """The session-signing key: the configured one, else ``data_dir/secret_key``
        (created with a random key, readable by its owner only)."""
        if self.secret_key:
            return self.secret_key
        path = self.data_dir / "secret_key"
        if not path.exists():
            self.data_dir.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "w") as handle:
                handle.write(secrets.token_urlsafe(48))
        return path.read_text().strip()
