"""Fetching one URL safely: http(s) only, no private address, capped.

Owns `Fetcher.fetch`: the host resolved and every address it stands for
checked (no private, loopback, link-local, multicast or reserved address
unless watch_allow_private) on the first URL and on every redirect hop,
the connection made to the checked address (a second DNS answer cannot slip
another one in), a User-Agent naming onrecord and the operator's contact,
conditional GET (If-None-Match / If-Modified-Since), at most
watch_max_redirects redirects, a body of at most watch_max_bytes (a longer
one kept truncated), watch_timeout seconds for connecting and for the whole
body, and a 429 or 503 retried after its Retry-After (or a doubling wait)
when that is within watch_max_retry_after.  Each host's rate and
concurrency are indexer.watch.hosts' gates.
"""
from __future__ import annotations

import datetime as dt
import email.utils
import ipaddress
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urljoin, urlsplit

import urllib3

from onrecord.indexer.watch.hosts import Clock, HostGates
from onrecord.search import Config

USER_AGENT = "onrecord/0.1 (news quote archive; +{contact})"
REDIRECTS: frozenset[int] = frozenset({301, 302, 303, 307, 308})
RETRIED: frozenset[int] = frozenset({429, 503})
RETRIES = 2  # further attempts after a 429/503 before the answer is kept
FIRST_BACKOFF = 1.0  # seconds before the first retry when no Retry-After is given
CHUNK = 64 * 1024
Resolver = Callable[[str, int], list[str]]
# Says why a URL may not be fetched (robots.txt), or None: every hop asks.
UrlCheck = Callable[[str], str | None]


class FetchError(Exception):
    """A URL was not fetched: refused (scheme, address, robots.txt, too
    many redirects) or failed (DNS, connection, timeout); str() says which."""


class RefusedError(FetchError):
    """A URL this watch must not fetch: not http(s), credentials in it, a
    private address, or robots.txt's word."""


@dataclass(slots=True)
class Response:
    """One HTTP response: the URL it answers (after redirects), status,
    reason, headers as sent, the body (decoded from gzip/deflate, cut at the
    cap when `truncated`), when it was fetched (UTC) and the hops before it."""

    url: str
    status: int
    reason: str
    headers: list[tuple[str, str]]
    body: bytes
    fetched: dt.datetime
    truncated: bool = False
    redirects: list[str] = field(default_factory=list)

    def header(self, name: str) -> str | None:
        """Return the first header called `name` (any case), None if absent."""
        wanted = name.lower()
        return next((v for k, v in self.headers if k.lower() == wanted), None)


def resolve_host(host: str, port: int) -> list[str]:
    """Return the IP addresses `host` resolves to; raises FetchError."""
    try:
        answers = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        raise FetchError(f"cannot resolve {host}: {exc}") from None
    return list(dict.fromkeys(str(info[4][0]) for info in answers))


def is_public_address(address: str) -> bool:
    """Return True for a global unicast address: not private, loopback,
    link-local, multicast, reserved or unspecified (an IPv4-mapped IPv6
    address judged as its IPv4 one)."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


class Fetcher:
    """Fetches URLs for one watch, politely (HostGates) and safely; its
    connection pools are pinned to checked addresses."""

    def __init__(self, config: Config, gates: HostGates | None = None, clock: Clock = time.monotonic,
                 resolve: Resolver = resolve_host, allowed_address: Callable[[str], bool] | None = None) -> None:
        self.config = config
        # Which resolved addresses may be connected to: public ones unless
        # watch_allow_private (a test may stand loopback in for the internet).
        self.allowed_address = allowed_address or (
            (lambda _address: True) if config.watch_allow_private else is_public_address)
        self.gates = gates or HostGates(config.watch_rate, config.watch_host_concurrency)
        self.clock = clock
        self.resolve = resolve
        self.user_agent = USER_AGENT.format(contact=config.watch_contact)
        self._pools: dict[tuple[str, str, int, str], urllib3.HTTPConnectionPool] = {}

    def fetch(self, url: str, etag: str | None = None, last_modified: str | None = None,
              check: UrlCheck | None = None) -> Response:
        """Return the response to GET `url` after redirects, asking
        conditionally with `etag` / `last_modified` (a 304 is returned as
        is), each hop first passed by `check`.  Raises FetchError."""
        hops: list[str] = []
        while True:
            why = check(url) if check is not None else None
            if why is not None:
                raise RefusedError(f"{url}: {why}")
            response = self._fetch_retrying(url, etag, last_modified)
            location = response.header("Location")
            if response.status not in REDIRECTS or not location:
                response.redirects = hops
                return response
            if len(hops) >= self.config.watch_max_redirects:
                raise FetchError(f"{url}: more than {self.config.watch_max_redirects} redirects")
            hops.append(url)
            url = urljoin(url, location.strip())

    def _fetch_retrying(self, url: str, etag: str | None, last_modified: str | None) -> Response:
        """Return one hop's response; a 429/503 is retried (after its
        Retry-After, the host's gate deferred meanwhile) while the wait is
        within watch_max_retry_after, then returned as it is."""
        wait = FIRST_BACKOFF
        for attempt in range(RETRIES + 1):
            response = self._fetch_once(url, etag, last_modified)
            if response.status not in RETRIED or attempt == RETRIES:
                return response
            wait = retry_after(response.header("Retry-After"), wait)
            if wait > self.config.watch_max_retry_after:
                return response
            self.gates.defer(host_key(url), wait)
            wait *= 2
        return response  # unreachable: the loop returns on its last attempt

    def _fetch_once(self, url: str, etag: str | None, last_modified: str | None) -> Response:
        """Return the response of one GET of `url` (no redirect followed)."""
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise RefusedError(f"{url}: only http and https URLs are fetched")
        if parts.username or parts.password:
            raise RefusedError(f"{url}: a URL with a user name or password is not fetched")
        host, port = parts.hostname, parts.port or (443 if parts.scheme == "https" else 80)
        address = self._checked_address(host, port)
        headers = {"Host": parts.netloc.rpartition("@")[2], "User-Agent": self.user_agent,
                   "Accept": "*/*", "Accept-Encoding": "gzip, deflate"}
        if etag:
            headers["If-None-Match"] = etag
        if last_modified:
            headers["If-Modified-Since"] = last_modified
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        pool = self._pool(parts.scheme, address, port, host)
        with self.gates.slot(host_key(url)):
            return self._read(pool, url, target, headers)

    def _checked_address(self, host: str, port: int) -> str:
        """Return the address to connect to for `host`; raises FetchError
        when any address it resolves to is not public (unless allowed)."""
        addresses = self.resolve(host, port)
        if not addresses:
            raise FetchError(f"cannot resolve {host}")
        refused = [a for a in addresses if not self.allowed_address(a)]
        if refused:
            raise RefusedError(f"{host} is a private, loopback or link-local address ({refused[0]}); "
                               "not fetched (watch_allow_private is off)")
        return addresses[0]

    def _pool(self, scheme: str, address: str, port: int, host: str) -> urllib3.HTTPConnectionPool:
        """Return the connection pool to `address` for `host` (TLS checks the name)."""
        key = (scheme, address, port, host)
        pool = self._pools.get(key)
        if pool is None:
            timeout = urllib3.Timeout(connect=self.config.watch_timeout, read=self.config.watch_timeout)
            size = self.config.watch_host_concurrency
            if scheme == "https":
                pool = urllib3.HTTPSConnectionPool(address, port, timeout=timeout, maxsize=size, block=True,
                                                   server_hostname=host, assert_hostname=host)
            else:
                pool = urllib3.HTTPConnectionPool(address, port, timeout=timeout, maxsize=size, block=True)
            self._pools[key] = pool
        return pool

    def _read(self, pool: urllib3.HTTPConnectionPool, url: str, target: str,
              headers: dict[str, str]) -> Response:
        """Return the response to one request, its body read within the
        size cap and the whole-body deadline; raises FetchError."""
        cap, deadline = self.config.watch_max_bytes, self.clock() + self.config.watch_timeout
        try:
            raw = pool.urlopen("GET", target, headers=headers, redirect=False, retries=False,
                               preload_content=False, assert_same_host=False)
        except urllib3.exceptions.HTTPError as exc:
            raise FetchError(f"{url}: {_describe(exc)}") from None
        fetched = dt.datetime.now(dt.UTC).replace(microsecond=0)  # WARC-Date's precision: one time everywhere
        body, whole = bytearray(), False
        try:
            for chunk in raw.stream(CHUNK, decode_content=True):
                body += chunk
                if len(body) > cap:
                    break
                if self.clock() > deadline:
                    raise FetchError(f"{url}: the body took over {self.config.watch_timeout:g} s")
            else:
                whole = True
        except urllib3.exceptions.HTTPError as exc:
            raise FetchError(f"{url}: {_describe(exc)}") from None
        finally:
            if not whole:  # bytes left unread: this connection cannot serve another request
                raw.close()
            raw.release_conn()  # its pool slot back (a closed connection reconnects)
        truncated = len(body) > cap
        del body[cap:]
        return Response(url, raw.status, raw.reason or "", list(raw.headers.items()), bytes(body),
                        fetched, truncated)

    def close(self) -> None:
        """Close every pooled connection."""
        for pool in self._pools.values():
            pool.close()
        self._pools.clear()


def retry_after(value: str | None, fallback: float) -> float:
    """Return the seconds a Retry-After header (seconds, or an HTTP date)
    asks to wait, `fallback` when it is absent or unreadable."""
    text = (value or "").strip()
    if text.isdigit():
        return float(text)
    try:
        when = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return fallback
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.UTC)
    return max(0.0, (when - dt.datetime.now(dt.UTC)).total_seconds())


def host_key(url: str) -> str:
    """Return the host a URL's requests are counted against (HostGates'
    key: name and port)."""
    parts = urlsplit(url)
    return f"{parts.hostname}:{parts.port or (443 if parts.scheme == 'https' else 80)}"


def _describe(exc: BaseException) -> str:
    """Return a one-line reason for a urllib3 error."""
    text = " ".join(str(exc).split())[:200]
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
