"""Per-host politeness: a rate limit, a concurrency limit and backoff.

Owns `HostGates`: each host's gate lets one request start at most every
1/watch_rate seconds (or the host's robots.txt Crawl-delay, when longer, or
until a Retry-After has passed) and at most watch_host_concurrency at once.
The clock and the sleeper are injected, so tests run without real waiting.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

Clock = Callable[[], float]
Sleeper = Callable[[float], None]


@dataclass(slots=True)
class _Gate:
    """One host's state: when its next request may start, its crawl delay,
    and the slots of its concurrent requests."""

    slots: threading.BoundedSemaphore
    next_start: float = 0.0
    last_start: float | None = None
    delay: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)


class HostGates:
    """The gates of every host a watch talks to (thread-safe)."""

    def __init__(self, rate: float, concurrency: int, clock: Clock = time.monotonic,
                 sleep: Sleeper = time.sleep) -> None:
        self.interval = 1.0 / rate
        self.concurrency = concurrency
        self.clock = clock
        self.sleep = sleep
        self._gates: dict[str, _Gate] = {}
        self._lock = threading.Lock()

    def _gate(self, host: str) -> _Gate:
        with self._lock:
            gate = self._gates.get(host)
            if gate is None:
                gate = self._gates[host] = _Gate(threading.BoundedSemaphore(self.concurrency))
            return gate

    def set_crawl_delay(self, host: str, seconds: float) -> None:
        """Make `host`'s requests start at least `seconds` apart (robots.txt's
        Crawl-delay), when that is longer than the rate limit's spacing;
        the next one waits for it after the last (robots.txt's own fetch)."""
        gate = self._gate(host)
        with gate.lock:
            gate.delay = max(0.0, seconds)
            if gate.last_start is not None:
                gate.next_start = max(gate.next_start, gate.last_start + gate.delay)

    def defer(self, host: str, seconds: float) -> None:
        """Start no request to `host` for `seconds` (a 429's Retry-After)."""
        gate = self._gate(host)
        with gate.lock:
            gate.next_start = max(gate.next_start, self.clock() + seconds)

    @contextmanager
    def slot(self, host: str) -> Iterator[None]:
        """Hold one of `host`'s request slots, entered once its spacing has
        passed (sleeping on the injected sleeper until then)."""
        gate = self._gate(host)
        with gate.slots:
            while True:
                with gate.lock:
                    now = self.clock()
                    wait = gate.next_start - now
                    if wait <= 0:
                        gate.last_start = now
                        gate.next_start = now + max(self.interval, gate.delay)
                        break
                self.sleep(wait)
            yield
