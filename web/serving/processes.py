"""Serving on every core: several waitress processes sharing one port.

Owns serve_processes(): this process first binds the port (so a taken port
fails at once, as with one process), then forks config.processes
children.  Where SO_REUSEPORT exists (Linux, BSD, macOS) each child binds
its own listening socket to the port and the kernel spreads connections
evenly over them (the parent's probe socket is closed first: a listening
socket nobody accepts on would be handed connections too); elsewhere the
children share the parent's one socket, and whichever accepts first gets
the connection (keep-alive connections then stay where they landed, so the
spread can be uneven).  Each child serves the app with waitress with its
own index handle, searchers and caches over the same read-only index; a commit by `onrecord index` reaches
each of them as it does one process (search.store's generation check).  A
child dies with this process, even by SIGKILL (search.lifeline); one that
exits on its own is started again, unless children keep failing at once
(then everything stops, status 1).  SIGTERM or SIGINT stops the children
and returns.  Needs fork (Linux, macOS).
"""
from __future__ import annotations

import logging
import os
import signal
import socket
import time
from collections.abc import Callable
from typing import Any

from onrecord.search import Config, OnrecordError, die_with_parent

log = logging.getLogger(__name__)

# A child that exits within this many seconds of starting failed to start.
FAILED_START_SECONDS = 5.0
# Failed starts in a row before serving gives up.
FAILED_STARTS_ALLOWED = 3
BACKLOG = 1024


class ServingError(OnrecordError):
    """The serving processes keep failing to start; str() says so."""


REUSE_PORT = getattr(socket, "SO_REUSEPORT", None)


def listen(host: str, port: int, reuse_port: bool = False) -> socket.socket:
    """Return a listening TCP socket on host:port (SO_REUSEADDR, as
    waitress binds; SO_REUSEPORT too if `reuse_port`).  Raises OSError if
    the port is taken."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuse_port and REUSE_PORT is not None:
        sock.setsockopt(socket.SOL_SOCKET, REUSE_PORT, 1)
    try:
        sock.bind((host, port))
        sock.listen(BACKLOG)
    except OSError:
        sock.close()
        raise
    return sock


def serve_processes(config: Config, run_child: Callable[[Config, socket.socket], None]) -> None:
    """Serve with config.processes children, each calling run_child(config,
    sock) on the shared listening socket; return when SIGTERM or SIGINT
    stops them.  Raises OSError if the port cannot be bound, ServingError
    if children keep exiting at once."""
    sock: socket.socket | None = listen(config.host, config.port, reuse_port=True)
    if REUSE_PORT is not None and sock is not None:
        sock.close()  # each child binds its own socket to the port
        sock = None
    children: dict[int, float] = {}  # pid -> start time
    stopping: list[int] = []

    def stop(signum: int, _frame: Any) -> None:
        stopping.append(signum)

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    failures = 0
    try:
        for _ in range(config.processes):
            _start(children, config, sock, run_child)
        while not stopping:
            failures = _reap(children, config, sock, run_child, failures)
            if failures >= FAILED_STARTS_ALLOWED:
                raise ServingError(f"serving processes exited {failures} times within "
                                   f"{FAILED_START_SECONDS:.0f} s of starting; see their errors above")
            time.sleep(0.2)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        _stop_all(children)
        if sock is not None:
            sock.close()


def _start(children: dict[int, float], config: Config, sock: socket.socket | None,
           run_child: Callable[[Config, socket.socket], None]) -> None:
    """Fork a child serving on `sock`, or on its own SO_REUSEPORT socket
    when `sock` is None."""
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:  # the child: never returns into the parent's code
        status = 0
        try:
            for sig in (signal.SIGTERM, signal.SIGINT):
                signal.signal(sig, signal.SIG_DFL)
            die_with_parent(parent)
            run_child(config, sock or listen(config.host, config.port, reuse_port=True))
        except BaseException:
            log.exception("serving process %d failed", os.getpid())
            status = 1
        finally:
            os._exit(status)  # no atexit: run_child writes what it must (web.app's flushes the audit records)
    children[pid] = time.monotonic()


def _reap(children: dict[int, float], config: Config, sock: socket.socket | None,
          run_child: Callable[[Config, socket.socket], None], failures: int) -> int:
    """Start a child again for each that exited; return the count of
    failed starts in a row."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return failures
        if pid == 0:
            return failures
        started = children.pop(pid, None)
        if started is None:
            continue
        quick = time.monotonic() - started < FAILED_START_SECONDS
        failures = failures + 1 if quick else 0
        log.warning("serving process %d exited (status %d); starting another", pid, status)
        _start(children, config, sock, run_child)


def _stop_all(children: dict[int, float], seconds: float = 10.0) -> None:
    """SIGTERM every child, wait up to `seconds`, then SIGKILL the rest."""
    for pid in children:
        _signal(pid, signal.SIGTERM)
    deadline = time.monotonic() + seconds
    while children and time.monotonic() < deadline:
        for pid in list(children):
            try:
                done, _status = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                done = pid
            if done:
                children.pop(pid)
        time.sleep(0.05)
    for pid in children:
        _signal(pid, signal.SIGKILL)
        os.waitpid(pid, 0)


def _signal(pid: int, sig: int) -> None:
    try:
        os.kill(pid, sig)
    except ProcessLookupError:
        pass
