"""The real server in a child process (``connect-arena serve``), for crash and browser tests.

Each test process starts the servers from one *fork server* (:class:`_Forker`): a Python
process that imported the server's modules once and forks a child per server, which runs
``python -m connect_arena.cli.app serve`` as a fresh process would (its own environment,
working directory, argv; stdout to ``/dev/null``, stderr to the caller's stderr of the moment,
so a server's traceback shows in the running test's captured output). Importing the server
costs ~2.3 s of CPU a start (``connect_arena.server.app`` and its libraries, session 42): the
suite starts ~100 servers. A request whose import-time inputs differ from the fork server's
(:data:`IMPORT_KEYS`, any variable not named as in :data:`IGNORED`, such as a plug-in's
``PYTHONPATH``, the working directory) starts a plain ``subprocess.Popen`` instead.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import select
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, Protocol

import httpx

COMMAND = ["-m", "connect_arena.cli.app"]
IMPORT_KEYS = ("CONNECT_ARENA_PURE", "CONNECT_ARENA_CONNECT5_BOARDS")
"""The server's environment variables read while its modules are imported (the compiled or
pure engines; Connect 5's board names in its option schema): the fork server serves only
requests that agree with it on these and on every variable not named ``CONNECT_ARENA_*``
(``PYTHONPATH``...); the other ``CONNECT_ARENA_*`` are read when the app is built."""
PRELOAD = (
    "connect_arena.cli.app",
    "uvicorn",
    "uvicorn.main",
    "connect_arena.server.app",
)
"""What the fork server imports once (uvicorn imports the app by name at run)."""


FORKING = hasattr(os, "pidfd_open") and hasattr(os, "fork")
"""Whether servers are forked (the fork server watches its children through pidfds, Linux
5.3+); elsewhere each is a fresh interpreter."""


class ServerProcess(Protocol):
    """What the tests use of a server's process (:class:`subprocess.Popen` has it too)."""

    @property
    def pid(self) -> int: ...

    def poll(self) -> int | None: ...

    def wait(self, timeout: float | None = None) -> int: ...

    def kill(self) -> None: ...

    def terminate(self) -> None: ...


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


IGNORED = ("CONNECT_ARENA_", "PYTEST_", "PYGAME_", "SDL_")
"""Prefixes of the variables left out of the comparison: the app's own (read when the app is
built, the forked child has the request's), pytest's, and the two PettingZoo's import sets
(``PYGAME_HIDE_SUPPORT_PROMPT``, ``SDL_AUDIODRIVER``: the suite's collection imports it, so
counting them sent every server of a whole run to a fresh interpreter, CI of session 42)."""


def _import_key(env: dict[str, str], cwd: str) -> tuple[object, ...]:
    kept = (k for k in env if k in IMPORT_KEYS or not k.startswith(IGNORED))
    return (sys.executable, cwd, sorted((k, env[k]) for k in kept))


_START_ENV = {k: v for k, v in os.environ.items() if not k.startswith("CONNECT_ARENA_")} | {
    k: os.environ[k] for k in IMPORT_KEYS if k in os.environ
}
_START_CWD = os.getcwd()
"""The fork server's environment and working directory: this process's as the tests'
collection found them (a test may change them before it starts its first server)."""


class _Forked:
    """A server forked by the fork server; exits are reported by it (it is the parent).
    ``wait`` returns the exit code, or ``-signal`` for a signal, as ``Popen.wait`` does."""

    def __init__(self, pid: int) -> None:
        self._pid = pid
        self.returncode: int | None = None
        self.exited = threading.Event()

    @property
    def pid(self) -> int:
        return self._pid

    def poll(self) -> int | None:
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        if not self.exited.wait(timeout):
            raise subprocess.TimeoutExpired(COMMAND, timeout or 0)
        assert self.returncode is not None
        return self.returncode

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def send_signal(self, number: int) -> None:
        if self.returncode is None:
            with contextlib.suppress(ProcessLookupError):  # exited, not yet reported
                os.kill(self._pid, number)


class _Forker:
    """The fork server of this test process, and a thread reading its exit reports."""

    def __init__(self, key: tuple[object, ...]) -> None:
        self.key = key
        code = f"import runpy; runpy.run_path({__file__!r}, run_name='__forker__')"
        self.process = subprocess.Popen(
            [sys.executable, "-c", code],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=_START_ENV,
            cwd=_START_CWD,
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        self.requests: IO[bytes] = self.process.stdin
        self.lock = threading.Lock()
        self.children: dict[int, _Forked] = {}
        self.started: list[_Forked] = []
        self.started_ready = threading.Condition(self.lock)
        self.reader = threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True)
        self.reader.start()

    def _read(self, answers: IO[bytes]) -> None:
        for line in answers:
            message = json.loads(line)
            with self.lock:
                if "started" in message:
                    child = _Forked(message["started"])
                    self.children[child.pid] = child
                    self.started.append(child)
                    self.started_ready.notify_all()
                else:
                    child = self.children.pop(message["exited"])
                    child.returncode = message["code"]
                    child.exited.set()
        with self.lock:  # the fork server is gone: so are its children (it killed them)
            for child in self.children.values():
                child.returncode = -signal.SIGKILL
                child.exited.set()
            self.children.clear()
            self.started_ready.notify_all()

    def start(self, argv: list[str], env: dict[str, str], output: dict[str, str]) -> _Forked:
        request = {"argv": argv, "env": env, "cwd": os.getcwd(), **output}
        with self.lock:
            self.requests.write(json.dumps(request).encode() + b"\n")
            self.requests.flush()
            while not self.started:
                assert self.process.poll() is None, "the fork server exited"
                self.started_ready.wait(1)
            return self.started.pop(0)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.requests.close()
        self.process.wait(30)


_forker: _Forker | None = None
_forker_registered: list[bool] = []


def stop_forker() -> None:
    """End the fork server (it kills the servers left) and wait for it."""
    global _forker
    if _forker is not None:
        _forker.close()
        _forker = None


CHEAP_HASHING = {"CONNECT_ARENA_ARGON2_TIME_COST": "1", "CONNECT_ARENA_ARGON2_MEMORY_KIB": "1024"}
"""The password hashing cost of the servers and commands the tests start (unless their
``env`` sets it): argon2id's default costs ~0.25 s of CPU a hash, and the browser tests sign
up hundreds of accounts. The in-process test servers use the same (``serverhelpers.py``)."""


def launch(
    args: list[str], env: dict[str, str], stdout: Path | None = None, stderr: Path | None = None
) -> ServerProcess:
    """``python -m connect_arena.cli.app ARGS`` with ``env``, its stdout (default
    ``/dev/null``) and stderr (default: this process's) written to the files given: forked by
    this test process's fork server when its imports fit, else a plain child process."""
    global _forker
    env = {**CHEAP_HASHING, **env}
    key = _import_key(env, os.getcwd())
    if FORKING and (_forker is None or _forker.process.poll() is not None):
        if not _forker_registered:
            atexit.register(stop_forker)
            _forker_registered.append(True)
        _forker = _Forker(_import_key(_START_ENV, _START_CWD))
    argv = [sys.executable, *COMMAND, *args]
    if _forker is None or _forker.process.poll() is not None or key != _forker.key:
        with contextlib.ExitStack() as files:
            out = files.enter_context(stdout.open("wb")) if stdout else subprocess.DEVNULL
            err = files.enter_context(stderr.open("wb")) if stderr else None
            return subprocess.Popen(argv, env=env, stdout=out, stderr=err)
    output = {name: str(path) for name, path in (("stdout", stdout), ("stderr", stderr)) if path}
    if stderr is None:  # this process's stderr now (pytest's capture of the running test)
        output["stderr_append"] = f"/proc/{os.getpid()}/fd/2"
    return _forker.start(argv, env, output)


def spawn(options: list[str], env: dict[str, str]) -> ServerProcess:
    """``python -m connect_arena.cli.app serve OPTIONS`` with ``env`` (see :func:`launch`)."""
    return launch(["serve", *options], env)


def run_cli(
    args: list[str], env: dict[str, str], timeout: float
) -> subprocess.CompletedProcess[str]:
    """``python -m connect_arena.cli.app ARGS`` to its end, as ``subprocess.run(...,
    capture_output=True, text=True, timeout=timeout)`` (see :func:`launch`).

    Raises:
        subprocess.TimeoutExpired: it ran longer than ``timeout`` seconds (it is killed).
    """
    with tempfile.TemporaryDirectory() as directory:
        out, err = Path(directory, "stdout"), Path(directory, "stderr")
        process = launch(args, env, out, err)
        try:
            code = process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
            raise
        return subprocess.CompletedProcess(args, code, out.read_text(), err.read_text())


def wait_until_answering(process: ServerProcess, port: int, seconds: float = 90) -> None:
    """Wait until the server ``process`` started answers on ``port`` (``/api/session``);
    fails if it exits first or takes over ``seconds`` (a start took 30+ s at load 12,
    session 41)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/session", timeout=1)
            return
        except httpx.TransportError:
            assert process.poll() is None, "the server exited"
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)


@contextmanager
def server(data_dir: Path, port: int, *extra: str) -> Iterator[ServerProcess]:
    """``connect-arena serve`` in a child process, ready to answer (``extra``: more options)."""
    env = {
        **os.environ,
        "CONNECT_ARENA_COMPUTER_WORKERS": "0",
        "CONNECT_ARENA_COMPUTER_DELAY": "0",
    }
    options = ["--port", str(port), "--data-dir", str(data_dir), "--log-level", "warning"]
    process = spawn([*options, *extra], env)
    try:
        wait_until_answering(process, port)
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)


def _child(request: dict[str, Any], keep: set[int]) -> None:
    """In the forked child: become ``python ARGV`` with the request's environment."""
    import runpy

    code = 1
    try:
        for fd in keep:
            os.close(fd)
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(null, 0)
        os.dup2(null, 1)
        os.close(null)
        for fd, name in ((1, "stdout"), (2, "stderr")):
            if name in request:
                file = os.open(request[name], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
                os.dup2(file, fd)
                os.close(file)
        if "stderr_append" in request:
            with contextlib.suppress(OSError):  # a socket cannot be opened: keep the forker's
                file = os.open(request["stderr_append"], os.O_WRONLY | os.O_APPEND)
                os.dup2(file, 2)
                os.close(file)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        sys.argv = [request["argv"][2], *request["argv"][3:]]
        sys.modules.pop(request["argv"][2], None)  # run as ``__main__`` only, as ``-m`` does
        runpy.run_module(request["argv"][2], run_name="__main__", alter_sys=True)
        code = 0
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
        if done.code is not None and not isinstance(done.code, int):
            print(done.code, file=sys.stderr)
    except BaseException:
        import traceback

        traceback.print_exc()
    finally:
        # What the interpreter's own exit does: join the threads, run the atexit handlers.
        with contextlib.suppress(BaseException):
            threading._shutdown()  # type: ignore[attr-defined]
        with contextlib.suppress(BaseException):
            atexit._run_exitfuncs()
        with contextlib.suppress(BaseException):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def _serve_forks() -> None:
    """The fork server: one JSON request a line on stdin (argv, env, cwd), answered
    ``{"started": pid}``; ``{"exited": pid, "code": returncode}`` when a child ends. At the
    end of stdin it kills the children left and exits."""
    import importlib

    for name in PRELOAD:
        with contextlib.suppress(ImportError):  # an optional protocol library
            importlib.import_module(name)
    requests = sys.stdin.buffer
    answers = os.fdopen(os.dup(1), "wb")
    watched: dict[int, int] = {}  # pidfd -> pid
    buffered = b""
    while True:
        ready, _, _ = select.select([requests.fileno(), *watched], [], [])
        for fd in ready:
            if fd in watched:
                pid = watched.pop(fd)
                os.close(fd)
                _, status = os.waitpid(pid, 0)
                code = os.waitstatus_to_exitcode(status)
                answers.write(json.dumps({"exited": pid, "code": code}).encode() + b"\n")
                answers.flush()
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                for pid in watched.values():
                    os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)
                return
            buffered += chunk
            while b"\n" in buffered:
                line, buffered = buffered.split(b"\n", 1)
                request = json.loads(line)
                pid = os.fork()
                if pid == 0:
                    _child(request, {*watched, answers.fileno()})
                watched[os.pidfd_open(pid)] = pid
                answers.write(json.dumps({"started": pid}).encode() + b"\n")
                answers.flush()


if __name__ == "__forker__":
    _serve_forks()
