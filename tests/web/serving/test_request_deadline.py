"""The per-request hard deadline (Config.query_timeout) fires where the
server really runs searches: in waitress worker threads, not the main
thread (so no signal-based timer can be what stops them).  A search that
runs out of time answers 200 with "partial": true and a note."""
from __future__ import annotations

import json
import threading
import time
import urllib.request
from typing import Any

import pytest

from onrecord.search import engine
from onrecord.search.config import Config
from onrecord.search.model import Article, SearchRequest
from onrecord.search.query.resultcache import ResultCache
from onrecord.search.storage.opening import ram_index
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles
from onrecord.web.app import create_app
from tests.browser_server import start_server
from tests.factories import indexed, make_article

VOCAB = ["council", "budget", "ferry", "harbour", "library", "police", "apology", "minister",
         "hospital", "school", "strike", "election", "report", "inquiry", "vote", "funding"]


def make_articles(count: int) -> list[Article]:
    """Return `count` three-paragraph articles over a small vocabulary, so
    every common word matches thousands of paragraphs."""
    articles = []
    for a in range(count):
        paras = [" ".join(VOCAB[(a * 7 + p * 3 + i * i) % len(VOCAB)] for i in range(12)) + f" tag{a % 97}"
                 for p in range(3)]
        articles.append(make_article(f"a{a}", paras, title=f"Story {a}", outlet="Herald",
                                     published=None))
    return articles


@pytest.fixture(autouse=True)
def no_result_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests time real query work: a cached complete answer (which
    the engine rightly returns at once, whatever the deadline) would hide it."""
    monkeypatch.setattr(ResultCache, "get", lambda self, request: None)


@pytest.fixture(scope="module")
def index() -> Index:
    return indexed(make_articles(1500))


REQUESTS = [SearchRequest(query="council"), SearchRequest(query="council OR budget OR ferry"),
            SearchRequest(query='"council budget"'), SearchRequest(query="coun*"),
            SearchRequest(query="council", sort="newest"), SearchRequest(),
            SearchRequest(query="council NOT ferry", outlets=("Herald",))]


def run_in_thread(call: Any) -> Any:
    """Return call()'s value, computed in a fresh non-main thread."""
    box: dict[str, Any] = {}

    def target() -> None:
        assert threading.current_thread() is not threading.main_thread()
        try:
            box["value"] = call()
        except BaseException as exc:  # re-raised in the caller's thread
            box["error"] = exc

    worker = threading.Thread(target=target)
    worker.start()
    worker.join(30)
    if "error" in box:
        raise box["error"]
    return box["value"]


@pytest.mark.parametrize("request_", REQUESTS, ids=lambda r: r.query or r.sort or "browse")
def test_zero_timeout_stops_a_search_in_a_worker_thread(index: Index, request_: SearchRequest) -> None:
    full = engine.search(index, request_, timeout=None)
    assert full.total > 100 and not full.partial
    cut = run_in_thread(lambda: engine.search(index, request_, timeout=0.0))
    assert cut.partial and cut.note
    assert cut.total < full.total


def test_index_query_timeout_is_the_default(index: Index) -> None:
    saved = index.query_timeout
    index.query_timeout = 0.0
    try:
        assert run_in_thread(lambda: engine.search(index, SearchRequest(query="council"))).partial
    finally:
        index.query_timeout = saved


def test_config_query_timeout_reaches_the_app() -> None:
    idx = ram_index()
    write_articles(idx, make_articles(200))
    client = create_app(index=idx, config=Config(query_timeout=0.0)).test_client()
    body = run_in_thread(lambda: client.get("/api/search?q=council").get_json())
    assert body["partial"] is True and body["note"]
    generous = create_app(index=idx, config=Config(query_timeout=30.0)).test_client()
    assert "partial" not in generous.get("/api/search?q=council").get_json()


@pytest.fixture()
def waitress_url(index: Index) -> Any:
    """Yield the URL of the app served by waitress on a free loopback port,
    with a deadline so short every search is cut."""
    saved = index.query_timeout
    live = start_server(index, Config(query_timeout=0.0))
    try:
        yield live.base_url
    finally:
        live.close()
        index.query_timeout = saved


def test_deadline_fires_inside_waitress_workers(waitress_url: str) -> None:
    for path in ("/api/search?q=council+OR+budget", "/api/search?q=%22council+budget%22",
                 "/api/search?q=coun*&sort=newest", "/api/search"):
        started = time.perf_counter()
        with urllib.request.urlopen(waitress_url + path, timeout=10) as response:
            assert response.status == 200
            body = json.loads(response.read())
        assert body["partial"] is True and "took too long" in body["note"], path
        assert time.perf_counter() - started < 2.0, path
    with urllib.request.urlopen(waitress_url + "/?q=council", timeout=10) as response:
        assert response.status == 200


def test_search_page_tells_the_user_when_results_are_partial() -> None:
    idx = ram_index()
    write_articles(idx, make_articles(200))
    client = create_app(index=idx, config=Config(query_timeout=0.0)).test_client()
    page = run_in_thread(lambda: client.get("/?q=council").get_data(as_text=True))
    assert 'class="partial-note"' in page and "Results are incomplete" in page
    generous = create_app(index=idx, config=Config(query_timeout=30.0)).test_client()
    assert "partial-note" not in generous.get("/?q=council").get_data(as_text=True)
