"""The fetcher against the loopback site: addresses refused on every hop,
the User-Agent, conditional GET, Retry-After, size, time and redirect caps."""
from __future__ import annotations

import threading
from pathlib import Path

import pytest

from onrecord.indexer.watch.fetching import FetchError, RefusedError, is_public_address, retry_after
from tests.indexer.watch.conftest import make_config, make_fetcher
from tests.indexer.watch.site import FakeClock, Page, Site


def test_the_default_refuses_a_loopback_address(site: Site, clock: FakeClock, tmp_path: Path) -> None:
    site.routes["/a"] = Page(b"hello")
    fetcher = make_fetcher(make_config(tmp_path, watch_allow_private=False), clock)
    with pytest.raises(RefusedError, match="127.0.0.1"):
        fetcher.fetch(site.url("/a"))
    assert site.requests == []


def test_a_name_resolving_to_a_private_address_is_refused(clock: FakeClock, tmp_path: Path) -> None:
    fetcher = make_fetcher(make_config(tmp_path, watch_allow_private=False), clock,
                           resolve=lambda host, port: ["93.184.215.14", "10.1.2.3"])
    with pytest.raises(RefusedError, match="10.1.2.3"):
        fetcher.fetch("http://intranet.example.org/")


def test_a_redirect_to_a_private_address_is_refused_before_connecting(site: Site, clock: FakeClock,
                                                                     tmp_path: Path) -> None:
    # Loopback stands in for the public internet; the redirect's target
    # (the cloud metadata address, link-local) must not be reached.
    site.routes["/a"] = Page(b"", 302, {"Location": "http://169.254.169.254/latest/meta-data/"})
    fetcher = make_fetcher(make_config(tmp_path, watch_allow_private=False), clock,
                           allowed_address=lambda a: a == "127.0.0.1" or is_public_address(a))
    with pytest.raises(RefusedError, match="169.254.169.254"):
        fetcher.fetch(site.url("/a"))
    assert [path for path, _ in site.requests] == ["/a"]


@pytest.mark.parametrize("address, public", [("8.8.8.8", True), ("127.0.0.1", False), ("10.0.0.1", False),
                                             ("192.168.1.1", False), ("169.254.169.254", False),
                                             ("::1", False), ("fe80::1", False), ("::ffff:10.0.0.1", False),
                                             ("100.64.0.1", False), ("224.0.0.1", False)])
def test_public_addresses(address: str, public: bool) -> None:
    assert is_public_address(address) is public


def test_only_http_and_https_are_fetched(clock: FakeClock, tmp_path: Path) -> None:
    fetcher = make_fetcher(make_config(tmp_path), clock)
    with pytest.raises(RefusedError, match="only http"):
        fetcher.fetch("file:///etc/passwd")


def test_redirects_are_followed_up_to_the_cap(site: Site, clock: FakeClock, tmp_path: Path) -> None:
    for n in range(4):
        site.routes[f"/r{n}"] = Page(b"", 301, {"Location": f"/r{n + 1}"})
    site.routes["/r4"] = Page(b"landed")
    response = make_fetcher(make_config(tmp_path), clock).fetch(site.url("/r0"))
    assert (response.url, response.body, len(response.redirects)) == (site.url("/r4"), b"landed", 4)
    with pytest.raises(FetchError, match="more than 3 redirects"):
        make_fetcher(make_config(tmp_path, watch_max_redirects=3), clock).fetch(site.url("/r0"))


def test_the_user_agent_names_onrecord_and_the_contact(site: Site, clock: FakeClock, tmp_path: Path) -> None:
    site.routes["/a"] = Page(b"hello")
    make_fetcher(make_config(tmp_path), clock).fetch(site.url("/a"))
    agent = site.requests[0][1]["User-Agent"]
    assert agent.startswith("onrecord/") and "desk@example.org" in agent


def test_a_matching_etag_gets_a_304(site: Site, clock: FakeClock, tmp_path: Path) -> None:
    site.routes["/a"] = Page(b"hello", etag='"v1"')
    fetcher = make_fetcher(make_config(tmp_path), clock)
    first = fetcher.fetch(site.url("/a"))
    second = fetcher.fetch(site.url("/a"), etag=first.header("ETag"), last_modified="Tue, 01 Dec 2026 10:00:00 GMT")
    assert (first.status, second.status, second.body) == (200, 304, b"")
    assert site.requests[1][1]["If-Modified-Since"] == "Tue, 01 Dec 2026 10:00:00 GMT"


def test_a_429_is_retried_after_its_retry_after(site: Site, clock: FakeClock, tmp_path: Path) -> None:
    answers = iter([Page(b"slow down", 429, {"Retry-After": "7"}), Page(b"hello")])
    site.routes["/a"] = lambda handler: next(answers)
    response = make_fetcher(make_config(tmp_path), clock).fetch(site.url("/a"))
    assert (response.status, response.body, site.hits("/a")) == (200, b"hello", 2)
    assert any(abs(wait - 7) < 0.01 for wait in clock.slept)  # the fake clock: no real wait


def test_a_retry_after_beyond_the_limit_is_not_waited_for(site: Site, clock: FakeClock, tmp_path: Path) -> None:
    site.routes["/a"] = Page(b"busy", 503, {"Retry-After": "7200"})
    response = make_fetcher(make_config(tmp_path), clock).fetch(site.url("/a"))
    assert (response.status, site.hits("/a"), clock.slept) == (503, 1, [])


def test_retry_after_reads_seconds_and_dates() -> None:
    assert retry_after("120", 1.0) == 120.0
    assert retry_after("Wed, 21 Oct 2015 07:28:00 GMT", 1.0) == 0.0  # in the past
    assert retry_after("soon", 5.0) == 5.0


def test_a_body_over_the_cap_is_cut(site: Site, clock: FakeClock, tmp_path: Path) -> None:
    site.routes["/big"] = Page(b"x" * 50_000)
    response = make_fetcher(make_config(tmp_path, watch_max_bytes=1000), clock).fetch(site.url("/big"))
    assert (response.truncated, len(response.body)) == (True, 1000)


def test_a_slow_answer_times_out(site: Site, clock: FakeClock, tmp_path: Path) -> None:
    site.routes["/slow"] = Page(b"late", delay=1.0)
    with pytest.raises(FetchError, match="(?i)timed? ?out"):
        make_fetcher(make_config(tmp_path, watch_timeout=0.2), clock).fetch(site.url("/slow"))


def test_a_cut_body_gives_its_connection_back(site: Site, clock: FakeClock, tmp_path: Path) -> None:
    # One connection per host: a slot lost to a cut body would block the next fetch for ever.
    site.routes["/big"] = Page(b"x" * 500_000)  # cut mid-stream, past the first chunk read
    site.routes["/a"] = Page(b"hello")
    fetcher = make_fetcher(make_config(tmp_path, watch_max_bytes=1000, watch_host_concurrency=1), clock)
    bodies: list[bytes] = []
    worker = threading.Thread(target=lambda: bodies.extend(fetcher.fetch(site.url(p)).body[:5]
                                                           for p in ("/big", "/big", "/a")), daemon=True)
    worker.start()
    worker.join(timeout=5)
    assert bodies == [b"xxxxx", b"xxxxx", b"hello"]
