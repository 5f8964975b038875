"""A live onrecord server and a Chromium for the browser tests.

Owns the pieces tests/web/browser/test_browser.py needs around Playwright: the flags
Chromium runs with here, a background waitress server serving the real app over a given index, and collecting
console errors (CSP violations and script errors land there).  Not a test
module and not a conftest: test_browser.py imports it by name.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
from waitress import create_server

from onrecord.search.config import Config
from onrecord.search.storage.store import Index
from onrecord.web.app import create_app

# These flags make Chromium (Debian's or Playwright's) start in a container:
# no sandbox, GPU or background traffic.
CHROMIUM_ARGS: list[str] = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                            "--disable-background-networking", "--disable-component-update",
                            "--disable-sync"]
MISSING_CHROMIUM = ("No Chromium for the browser tests: `make test` installs one "
                    "(tests/ensure_browser.py: apt-get as root, else Playwright's download).")


@dataclass
class LiveServer:
    """A waitress server running the app in a daemon thread."""

    server: Any
    thread: threading.Thread
    base_url: str
    stopping: threading.Event = field(default_factory=threading.Event)

    def close(self, drain_seconds: float = 2.0) -> None:
        """Stop the server once its connections have closed (or after
        `drain_seconds`), then wait briefly for its thread."""
        # Closing under a live channel makes waitress's worker write to a
        # closed trigger socket (EBADF tracebacks on stderr).
        deadline = time.monotonic() + drain_seconds
        while self.server.active_channels and time.monotonic() < deadline:
            time.sleep(0.02)
        self.stopping.set()
        self.server.close()
        self.thread.join(timeout=5)



@contextmanager
def launched_chromium() -> Iterator[Any]:
    """Yield a Playwright Chromium browser (tests/ensure_browser.py finds
    it); a missing Chromium fails the test with what to do, never skips."""
    from playwright.sync_api import sync_playwright

    from tests.ensure_browser import find_chromium

    executable = find_chromium()
    if executable is None:
        pytest.fail(MISSING_CHROMIUM)
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(executable), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def start_server(index: Index, config: Config | None = None, **options: Any) -> LiveServer:
    """Return a LiveServer serving create_app(index) on a free loopback port;
    `options` are waitress settings (default: 4 threads)."""
    app = create_app(index=index, config=config or Config(per_page=10))
    server = create_server(app, host="127.0.0.1", port=0, **(options or {"threads": 4}))
    stopping = threading.Event()
    thread = threading.Thread(target=run_until_closed, args=(server, stopping),
                              name="onrecord-test-server", daemon=True)
    thread.start()
    return LiveServer(server=server, thread=thread, stopping=stopping,
                      base_url=f"http://127.0.0.1:{server.effective_port}")


def run_until_closed(server: Any, stopping: threading.Event) -> None:
    """Run `server`'s loop; a socket error raised because close() pulled
    the sockets out from under select() is the normal end, not a crash."""
    try:
        server.run()
    except OSError:
        if not stopping.is_set():
            raise


@dataclass
class ConsoleLog:
    """Console errors and uncaught page errors seen by one page."""

    errors: list[str] = field(default_factory=list)

    def watch(self, page: Any) -> None:
        """Record `page`'s console errors (a favicon 404 too: the app serves
        one) and page errors."""
        page.on("console", self._on_console)
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))

    def _on_console(self, message: Any) -> None:
        if message.type != "error":
            return
        url = (message.location or {}).get("url", "")
        self.errors.append(f"console: {message.text} ({url})")

    def take(self) -> list[str]:
        """Return the errors seen since the last call and forget them."""
        seen, self.errors = self.errors, []
        return seen
