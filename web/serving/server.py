"""The waitress server `onrecord serve` runs, with stalled replies closed.

Owns build_server() and run_server(): a waitress server built from the
options of web.app.server_options(), whose idle sweep also closes a
connection whose client has stopped taking its reply.  waitress's own
sweep (every cleanup_interval) only marks an idle connection to close
and leaves the closing to its next write, which never comes while the
socket takes no bytes; and it skips a connection whose request is still
running.  So a client that asks for an export and never reads held its
reply (spooled to a temp file) and, once the output buffer was full, a
worker thread and an export slot, for as long as it kept the socket open.
Also flush_on_stop(): a server stopped by SIGTERM (or by SIGINT where
that would end it at once: a child of `serve --processes`) first calls
its caller's flush (web.app passes web.access.audit's, which writes the
audit records its requests queued), then ends by the signal as before.
The flush is passed in so serving/ imports nothing of access/, which
sits above it.
"""
from __future__ import annotations

import logging
import os
import signal
import threading
from collections.abc import Callable
from functools import partial
from types import FrameType
from typing import Any

log = logging.getLogger("onrecord.web")


def build_server(app: Any, **options: Any) -> Any:
    """Return a waitress server for the WSGI `app` (not yet running) with
    waitress `options` (host, port or sockets, and web.app.server_options()),
    every listening socket's sweep closing stalled connections
    (close_stalled_channels).  Raises OSError if the address cannot be bound."""
    from waitress.server import BaseWSGIServer, create_server

    server: Any = create_server(app, **options)  # Any: its sweep is replaced below
    # Several listening addresses (a host name with an IPv4 and an IPv6
    # address) give a MultiSocketServer over one server per socket.
    listeners: list[Any] = [server] if isinstance(server, BaseWSGIServer) else [
        d for d in server.map.values() if isinstance(d, BaseWSGIServer)]
    for listener in listeners:
        listener.maintenance = partial(sweep_channels, listener, listener.maintenance)
    return server


def run_server(app: Any, on_stop: Callable[[], None], **options: Any) -> None:
    """Serve the WSGI `app` as build_server(app, **options) builds it,
    saying where, until the process is stopped (calling `on_stop` first
    when a signal stops it: flush_on_stop)."""
    logging.basicConfig()  # waitress logs its warnings through logging
    server = build_server(app, **options)
    flush_on_stop(on_stop)
    server.print_listen("Serving on http://{}:{}")
    server.run()


def flush_on_stop(flush: Callable[[], None]) -> None:
    """Make SIGTERM to this process, and SIGINT where it has no handler
    (a serving child; elsewhere Python's KeyboardInterrupt exits, and the
    exit writes them), call `flush` (write the queued audit records) before the signal
    ends the process (by the signal, as without this: the exit status says
    so).  Only the main thread can set a handler: elsewhere (a test's
    server thread) nothing is done."""
    if threading.current_thread() is not threading.main_thread():
        return
    handler = partial(_flush_then_end, flush)
    signal.signal(signal.SIGTERM, handler)
    if signal.getsignal(signal.SIGINT) == signal.SIG_DFL:
        signal.signal(signal.SIGINT, handler)


# A stop signal's handler is running: the process is ending.
_ending = {"now": False}


def _flush_then_end(flush: Callable[[], None], signum: int, _frame: FrameType | None) -> None:
    """Call `flush` (write the queued audit records), then end this process by `signum`.

    A second stop signal during the flush (`make run` stopped: make passes
    its SIGTERM on as the test or systemd sends one too) runs this handler
    again inside the first, on the same thread: it returns at once, and the
    first ends the process when its flush is done.  Before, it flushed
    again and waited for the audit write lock the first already held: the
    server hung until killed."""
    if _ending["now"]:
        return
    _ending["now"] = True
    try:
        flush()
    finally:
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)


def sweep_channels(server: Any, waitress_sweep: Callable[[Any], None], now: float) -> None:
    """Run waitress's idle sweep of `server`'s connections at time `now`,
    then close those stalled for channel_timeout seconds."""
    waitress_sweep(now)
    cutoff = now - server.adj.channel_timeout
    for channel in list(server.active_channels.values()):  # closing removes it from the dict
        if close_stalled_channel(channel, cutoff):
            log.info("closed a connection from %s: it took none of its reply for %s s",
                     channel.addr, server.adj.channel_timeout)


def close_stalled_channel(channel: Any, cutoff: float) -> bool:
    """Close `channel` and return True if it has reply bytes waiting and
    has sent none since `cutoff` (time.time() seconds).  waitress tries to
    send as soon as a reply has bytes, and notes the time of each send, so
    bytes left waiting that long mean a client that stopped reading.
    Closing wakes a worker blocked on the full output buffer: its write
    raises, the app's response iterator is closed (an export frees its
    slot) and the buffered bytes are dropped."""
    # A worker holding the buffer's lock is adding to it right now (and
    # sends at once): not stalled.  Never wait for it in the main loop.
    if not channel.outbuf_lock.acquire(blocking=False):
        return False
    try:
        if not channel.total_outbufs_len or channel.last_activity >= cutoff:
            return False
        channel.handle_close()
        return True
    finally:
        channel.outbuf_lock.release()
