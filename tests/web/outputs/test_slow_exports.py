"""Clients that ask for an export and never read it (issue #29, item 9).

Against the real waitress server on 127.0.0.1 (as `onrecord serve` builds
it: web.serving.server over web.app.server_options(), with 1-second timers so the
test is short), ten sockets ask for a ~14 MB export and never read a byte.
waitress at its defaults spooled each reply to a deleted temp file (up to
16 MB each before the export's thread even waited) and never closed those
connections, since its idle sweep closes a connection only on its next
write.  Now a reply waits in memory, at most outbuf_high_watermark (plus
one row) per client, the stalled connections are closed within
channel_timeout plus a sweep, their export slots come back, and an export
read normally afterwards is whole and byte-identical to the test client's.
Loopback only; every wait is bounded."""
from __future__ import annotations

import datetime as dt
import http.client
import os
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from onrecord.search.config import Config
from onrecord.search.model import Article, Metadata, Paragraph, Quote
from onrecord.search.storage.opening import ram_index
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles
from onrecord.web.app import MAX_CONTENT_LENGTH, create_app, server_options
from onrecord.web.serving.server import build_server
from tests.browser_server import LiveServer, run_until_closed

pytestmark = pytest.mark.slow

# The production options with timers short enough for a test (waitress
# takes whole seconds): a stalled connection is closed 1-2 s after it
# stalls, plus up to a second of the main loop's poll.
QUICK_TIMERS = {"channel_timeout": 1, "cleanup_interval": 1}
STALL_BOUND_S = 8.0  # stalled connections closed and slots free within this
STALLED = 10  # sockets that ask for an export and never read
ARTICLES, PARAGRAPHS, QUOTES = 5, 20, 16  # ~2.8 MB of quote rows per article
ROW_BOUND = 64 * 1024  # far above the largest row here (~9 KB)
EXPORT = "/export.csv?rows=quotes"
PARAGRAPHS_EXPORT = "/export.csv?rows=paragraphs"  # ~0.9 MB


def talkative_article(i: int) -> Article:
    """Return an article whose paragraphs are each QUOTES long quotes, so a
    quote export (each row repeats its paragraph) is large from little text."""
    paragraphs, texts, offset = [], [], 0
    for n in range(1, PARAGRAPHS + 1):
        pieces = [f'"Ledger {i} line {n} part {k}, ' + "the budget holds steady " * 18 + '"'
                  for k in range(QUOTES)]
        text = " said the clerk. ".join(pieces)
        quotes, at = [], 0
        for piece in pieces:
            at = text.index(piece, at)
            quotes.append(Quote(text=piece, start=offset + at, end=offset + at + len(piece),
                                speaker="Clerk Person"))
            at += len(piece)
        paragraphs.append(Paragraph(id=f"t{i}-p{n}", n=n, start=offset, end=offset + len(text),
                                    text=text, quotes=quotes, speakers=["Clerk Person"]))
        texts.append(text)
        offset += len(text) + 2
    meta = Metadata(title=f"Ledger {i}", outlet="The Ledger", url=None, published=dt.date(2023, 1, 1))
    return Article(id=f"t{i}", source=f"t{i}.txt", text="\n\n".join(texts), meta=meta,
                   paragraphs=paragraphs)


@pytest.fixture(scope="module")
def big_index() -> Index:
    index = ram_index()
    write_articles(index, [talkative_article(i) for i in range(ARTICLES)])
    return index


@pytest.fixture(scope="module")
def expected_export(big_index: Index) -> bytes:
    """The export as the Flask test client reads it: the bytes to match."""
    response = create_app(index=big_index, config=Config()).test_client().get(EXPORT)
    assert response.status_code == 200
    return response.get_data()


def serve(index: Index, sndbuf: int | None = None) -> LiveServer:
    """Return the app over `index` served as `onrecord serve` serves it
    (QUICK_TIMERS aside) on a free loopback port; with `sndbuf`, each
    connection's kernel send buffer is that size (not autotuned to MBs)."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if sndbuf:  # accepted sockets inherit it
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, sndbuf)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    app = create_app(index=index, config=Config())
    server = build_server(app, sockets=[listener], **{**server_options(), **QUICK_TIMERS})
    stopping = threading.Event()
    thread = threading.Thread(target=run_until_closed, args=(server, stopping), daemon=True)
    thread.start()
    return LiveServer(server=server, thread=thread, stopping=stopping,
                      base_url=f"http://127.0.0.1:{server.effective_port}")


@pytest.fixture()
def live(big_index: Index, expected_export: bytes) -> Iterator[LiveServer]:
    # After expected_export: each create_app gives the index fresh export slots.
    server = serve(big_index)
    try:
        yield server
    finally:
        server.close(drain_seconds=0.5)


def temp_files() -> int:
    """Return how many deleted files in the temp folder this process holds
    open (waitress's spools are such files; a test's own files are not)."""
    folder, count = tempfile.gettempdir(), 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
            count += target.startswith(folder) and target.endswith("(deleted)")
        except OSError:
            pass  # closed since the listing
    return count


def ask_and_never_read(port: int, request: bytes) -> socket.socket:
    """Return a socket that sent `request` and will not read the answer
    (a tiny receive buffer, so the server's side fills up soon)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(10)
    sock.connect(("127.0.0.1", port))
    sock.sendall(request)
    return sock


def watch_until_released(live: LiveServer, index: Index, limit_s: float) -> dict[str, Any]:
    """Wait for the exports to take every slot, then poll the server until
    no connection is open and every slot is free again (or `limit_s`
    passes, from the start); return the most spooled replies and the most
    reply bytes one connection held meanwhile, and when it ended."""
    started, seen = time.monotonic(), {"spooled": 0, "pending": 0}
    slots = index.export_slots
    while slots_free(slots) and time.monotonic() - started < limit_s:
        time.sleep(0.02)  # until the exports have started (and taken every slot)
    while time.monotonic() - started < limit_s:
        channels = list(live.server.active_channels.values())
        # waitress moves a reply past its in-memory limit to a temporary file
        # (an "overflowed" buffer): count those, not the process's open temp
        # files, which the rest of a test run also opens and closes.
        seen["spooled"] = max(seen["spooled"], sum(b.overflowed for c in channels for b in c.outbufs))
        seen["pending"] = max([seen["pending"], *(c.total_outbufs_len for c in channels)])
        if not channels and slots_free(slots) == slots.count:
            break
        time.sleep(0.1)
    seen["seconds"] = time.monotonic() - started
    seen["open"] = len(live.server.active_channels)
    seen["free_slots"] = slots_free(slots)
    return seen


def slots_free(slots: Any) -> int:
    """Return how many export slots are free (taking and giving back each)."""
    taken = 0
    while taken < slots.count and slots.take():
        taken += 1
    for _ in range(taken):
        slots.give_back()
    return taken


def read_export(port: int) -> tuple[int, bytes, float]:
    started = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", EXPORT)
        response = conn.getresponse()
        return response.status, response.read(), time.monotonic() - started
    finally:
        conn.close()


def test_exports_nobody_reads_spool_nothing_and_free_their_slots(
        live: LiveServer, big_index: Index, expected_export: bytes) -> None:
    port = int(live.server.effective_port)
    assert len(expected_export) > 10_000_000  # far more than the kernel's buffers take
    request = f"GET {EXPORT} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    stalled = [ask_and_never_read(port, request) for _ in range(STALLED)]
    try:
        seen = watch_until_released(live, big_index, STALL_BOUND_S)
        status, body, seconds = read_export(port)
    finally:
        for sock in stalled:
            sock.close()
    assert seen["spooled"] == 0  # nothing spooled to disk
    watermark = server_options()["outbuf_high_watermark"]
    assert 0 < seen["pending"] <= watermark + ROW_BOUND  # held in memory, bounded
    assert seen["open"] == 0  # every stalled connection was closed...
    assert seen["free_slots"] == big_index.export_slots.count  # ...and its export slot freed
    assert seen["seconds"] < STALL_BOUND_S
    assert status == 200 and body == expected_export  # whole, byte for byte
    assert seconds < 10


def test_a_request_body_larger_than_the_app_takes_is_refused_unread(live: LiveServer) -> None:
    port = int(live.server.effective_port)
    before = temp_files()
    head = (f"POST /export.csv HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Content-Length: {8 * 1024 * 1024}\r\n\r\n").encode()
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(head + b"x" * (MAX_CONTENT_LENGTH * 40))  # 640 KB: past inbuf_overflow
        answer = sock.recv(200)
        spooled = temp_files() - before
    assert answer.startswith(b"HTTP/1.1 413")
    assert spooled == 0


def test_a_client_that_reads_with_pauses_under_the_timeout_gets_it_all(big_index: Index) -> None:
    """Only a client that takes nothing for channel_timeout is cut off: one
    pausing 0.5 s after every 128 KB (1 s timeout) reads the whole export,
    though the server's buffer is full during each pause (small kernel
    buffers on both sides, so waitress holds what the client has not taken)."""
    expected = create_app(index=big_index, config=Config()).test_client().get(PARAGRAPHS_EXPORT)
    live = serve(big_index, sndbuf=16 * 1024)
    port = int(live.server.effective_port)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.sock = ask_and_never_read(port, b"")  # its small receive buffer; it will read
    held = []
    try:
        conn.request("GET", PARAGRAPHS_EXPORT)
        response = conn.getresponse()
        chunks = []
        while chunk := response.read(128 * 1024):
            chunks.append(chunk)
            time.sleep(0.5)
            held.append(sum(c.total_outbufs_len for c in live.server.active_channels.values()))
    finally:
        conn.close()
        live.close(drain_seconds=0.5)
    assert b"".join(chunks) == expected.get_data() and len(chunks) >= 5
    assert max(held) > 64 * 1024  # the server really was waiting on this client
