"""Throwaway PostgreSQL and Redis servers for the scale-out tests and the benchmark.

Each runs from Debian's binaries (``python3 dev.py test`` installs ``postgresql`` and
``redis-server`` when missing) in a temporary directory, on a free loopback port, and is
stopped and deleted after. PostgreSQL refuses to run as root: as root, its programs run as the
``postgres`` user (Debian's package creates it) through ``runuser``.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import psycopg

PG_USER = "arena"
"""The superuser of the throwaway cluster (trust authentication on loopback only)."""


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def postgres_bindir() -> Path | None:
    """The directory of ``initdb``, ``pg_ctl`` and ``postgres`` (Debian keeps them in
    ``/usr/lib/postgresql/<version>/bin``), or ``None``."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    candidates = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    return candidates[-1].parent if candidates else None


def _runas() -> tuple[list[str], int | None, int | None]:
    """The command prefix to run PostgreSQL's programs, and the owner for its directory.

    Raises:
        RuntimeError: running as root and there is no ``postgres`` user to switch to.
    """
    if os.geteuid() != 0:
        return [], None, None
    try:
        account = pwd.getpwnam("postgres")
    except KeyError:
        raise RuntimeError("running as root and there is no 'postgres' user") from None
    runuser = shutil.which("runuser")
    if runuser is None:
        raise RuntimeError("running as root and runuser is missing")
    return [runuser, "-u", "postgres", "--"], account.pw_uid, account.pw_gid


def missing_services() -> str | None:
    """Why the throwaway servers cannot be had here, or ``None`` when they can."""
    if postgres_bindir() is None:
        return "PostgreSQL is not installed (python3 dev.py test installs Debian's postgresql)"
    if shutil.which("redis-server") is None:
        return "redis-server is not installed (python3 dev.py test installs Debian's package)"
    try:
        _runas()
    except RuntimeError as error:
        return f"PostgreSQL cannot run here: {error}"
    return None


@dataclass
class Postgres:
    """A running throwaway PostgreSQL cluster."""

    port: int
    directory: Path

    def url(self, database: str = "postgres") -> str:
        """The SQLAlchemy/psycopg URL of ``database``."""
        return f"postgresql://{PG_USER}@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        """Create an empty database and return its URL."""
        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@contextmanager
def postgres(durable: bool = False) -> Iterator[Postgres]:
    """A PostgreSQL cluster on a free loopback port, deleted after.

    Args:
        durable: keep PostgreSQL's defaults (``fsync``, synchronous commit): for benchmarks.
            Otherwise the tests' cluster skips flushing to disk.
    """
    bindir = postgres_bindir()
    if bindir is None:
        raise RuntimeError("PostgreSQL is not installed")
    prefix, uid, gid = _runas()
    directory = Path(tempfile.mkdtemp(prefix="arena-pg-"))
    data = directory / "data"
    if uid is not None and gid is not None:
        os.chown(directory, uid, gid)
    port = free_port()
    settings = f"-p {port} -c listen_addresses=127.0.0.1 -k {directory} -c max_connections=200"
    if not durable:
        settings += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.STDOUT, "cwd": directory}
    try:
        initdb = [str(bindir / "initdb"), "-D", str(data), "-U", PG_USER, "-A", "trust"]
        subprocess.run([*prefix, *initdb, "-E", "UTF8", "--no-sync"], check=True, **quiet)
        pg_ctl = [str(bindir / "pg_ctl"), "-D", str(data), "-l", str(directory / "log")]
        subprocess.run(
            [*prefix, *pg_ctl, "-o", settings, "-w", "-t", "60", "start"], check=True, **quiet
        )
        yield Postgres(port, directory)
    finally:
        pg_ctl = [str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"]
        subprocess.run([*prefix, *pg_ctl], check=False, **quiet)
        shutil.rmtree(directory, ignore_errors=True)


@dataclass
class Redis:
    """A running throwaway Redis server."""

    port: int

    def url(self, db: int = 0) -> str:
        """The ``redis://`` URL of logical database ``db``."""
        return f"redis://127.0.0.1:{self.port}/{db}"


@contextmanager
def redis_server() -> Iterator[Redis]:
    """A Redis server on a free loopback port, without persistence, stopped after."""
    executable = shutil.which("redis-server")
    if executable is None:
        raise RuntimeError("redis-server is not installed")
    directory = Path(tempfile.mkdtemp(prefix="arena-redis-"))
    port = free_port()
    command = [executable, "--port", str(port), "--bind", "127.0.0.1", "--save", ""]
    command += ["--appendonly", "no", "--dir", str(directory), "--databases", "64"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as probe:
                    probe.sendall(b"PING\r\n")
                    if probe.recv(16).startswith(b"+PONG"):
                        break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("redis-server did not start")
            time.sleep(0.05)
        yield Redis(port)
    finally:
        process.terminate()
        process.wait(10)
        shutil.rmtree(directory, ignore_errors=True)
