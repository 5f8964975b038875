"""Slow and idle clients (slowloris) must not lock others out: with 100
sockets held open against the real waitress server on 127.0.0.1, half of them
silent and half dribbling a request header a byte at a time, /healthz still
answers promptly.  At waitress's default connection_limit (100) it did not.
Loopback only; every loop is bounded."""
from __future__ import annotations

import http.client
import socket
import threading
import time
from collections.abc import Iterator

import pytest

from onrecord.search.storage.opening import ram_index
from onrecord.web.app import SERVER_OPTIONS, server_options
from tests.browser_server import LiveServer, start_server

HELD = 100
DRIBBLE_EVERY = 0.05  # seconds between bytes a dribbling socket sends
HEALTH_TIMEOUT = 2.0  # a liveness bound, not a speed target
DRIBBLE = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Slow: " + b"a" * 4000


@pytest.fixture()
def live() -> Iterator[LiveServer]:
    server = start_server(ram_index(), **server_options())
    try:
        yield server
    finally:
        server.close(drain_seconds=0.5)


def open_sockets(port: int, count: int) -> list[socket.socket]:
    return [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(count)]


def dribble(sockets: list[socket.socket], stop: threading.Event, limit_s: float = 30.0) -> None:
    """Send the next byte of DRIBBLE on each socket every DRIBBLE_EVERY s,
    until `stop` is set (or `limit_s` passes, or the header is used up)."""
    deadline = time.monotonic() + limit_s
    for offset in range(len(DRIBBLE)):
        if stop.is_set() or time.monotonic() > deadline:
            return
        for sock in sockets:
            try:
                sock.send(DRIBBLE[offset:offset + 1])
            except OSError:
                pass  # closed by the server: that is allowed
        time.sleep(DRIBBLE_EVERY)


def healthz(port: int) -> tuple[int, float]:
    started = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=HEALTH_TIMEOUT)
    try:
        conn.request("GET", "/healthz")
        status = conn.getresponse().status
    finally:
        conn.close()
    return status, time.monotonic() - started


def wait_for_channels(live: LiveServer, wanted: int, limit_s: float = 5.0) -> int:
    deadline = time.monotonic() + limit_s
    while len(live.server.active_channels) < wanted and time.monotonic() < deadline:
        time.sleep(0.02)
    return len(live.server.active_channels)


def test_healthz_answers_while_100_slow_clients_hold_connections(live: LiveServer) -> None:
    port = live.server.effective_port
    silent = open_sockets(port, HELD // 2)
    slow = open_sockets(port, HELD - len(silent))
    stop = threading.Event()
    dribbler = threading.Thread(target=dribble, args=(slow, stop), daemon=True)
    dribbler.start()
    try:
        held = wait_for_channels(live, HELD)
        answers = []
        for _ in range(5):  # spread over a second, while the dribbling goes on
            answers.append(healthz(port))
            time.sleep(0.2)
        assert [status for status, _ in answers] == [200] * 5
        assert max(seconds for _, seconds in answers) < HEALTH_TIMEOUT
        assert held >= HELD  # the server really was holding every slow socket
    finally:
        stop.set()
        dribbler.join(5)
        for sock in silent + slow:
            sock.close()


def test_connection_limit_fits_the_open_files_limit() -> None:
    assert server_options(open_files=100_000)["connection_limit"] == SERVER_OPTIONS["connection_limit"]
    assert server_options(open_files=1024)["connection_limit"] == 924
    assert server_options(open_files=50)["connection_limit"] == 10
    assert server_options(open_files=-1)["connection_limit"] == SERVER_OPTIONS["connection_limit"]
    assert SERVER_OPTIONS["connection_limit"] > 5 * HELD
    assert SERVER_OPTIONS["channel_timeout"] <= 30
