"""A web site on 127.0.0.1 in a thread (http.server) for the watch's tests:
routes set per test, every request recorded."""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Page:
    """What a route answers: status, headers, body; `delay` seconds before
    answering; an `etag` makes a matching If-None-Match a 304."""

    body: bytes = b""
    status: int = 200
    headers: dict[str, str] = field(default_factory=lambda: {"Content-Type": "text/html; charset=utf-8"})
    delay: float = 0.0
    etag: str | None = None


Route = Page | Callable[[BaseHTTPRequestHandler], Page]


class Site:
    """The routes (path -> Page, or a function of the request) and the log
    of requests received (path, headers)."""

    def __init__(self) -> None:
        self.routes: dict[str, Route] = {}
        self.requests: list[tuple[str, dict[str, str]]] = []
        self.in_flight = 0
        self.most_in_flight = 0
        self.lock = threading.Lock()
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                site.answer(self)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.02,), daemon=True)
        self.thread.start()

    @property
    def root(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def url(self, path: str) -> str:
        return self.root + path

    def hits(self, path: str) -> int:
        return sum(1 for p, _ in self.requests if p == path)

    def answer(self, handler: BaseHTTPRequestHandler) -> None:
        with self.lock:
            self.requests.append((handler.path, dict(handler.headers.items())))
            self.in_flight += 1
            self.most_in_flight = max(self.most_in_flight, self.in_flight)
        counted = True
        try:
            route = self.routes.get(handler.path)
            page = route(handler) if callable(route) else route or Page(b"not found", 404)
            time.sleep(page.delay)
            # Out of flight before a byte of the answer is sent: once the
            # client has it, it may free its slot and send the next request
            # before this thread would get to the finally below.
            with self.lock:
                self.in_flight -= 1
                counted = False
            if page.etag is not None and handler.headers.get("If-None-Match") == page.etag:
                handler.send_response(304)
                handler.send_header("ETag", page.etag)
                handler.end_headers()
                return
            handler.send_response(page.status)
            for name, value in page.headers.items():
                handler.send_header(name, value)
            if page.etag is not None:
                handler.send_header("ETag", page.etag)
            handler.send_header("Content-Length", str(len(page.body)))
            handler.end_headers()
            handler.wfile.write(page.body)
        except (BrokenPipeError, ConnectionResetError):
            pass
        finally:
            if counted:
                with self.lock:
                    self.in_flight -= 1

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class FakeClock:
    """A monotonic clock that only the fake sleeper moves (thread-safe);
    `slept` lists every wait asked for."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self.now = start
        self.slept: list[float] = []
        self.lock = threading.Lock()

    def __call__(self) -> float:
        with self.lock:
            return self.now

    def sleep(self, seconds: float) -> None:
        with self.lock:
            self.slept.append(seconds)
            self.now += seconds

    def advance(self, seconds: float) -> None:
        with self.lock:
            self.now += seconds
