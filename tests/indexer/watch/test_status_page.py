"""The /watch page reads a real watch's state.db: each source's last run,
last fetch, failures and next run, each alert's pending, failing and sent
items (HTML and JSON from the same data), and says so when no watch ran."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from flask.testing import FlaskClient

from onrecord.indexer.watch.config import Alert, Source
from onrecord.search import SearchRequest
from tests.indexer.watch.conftest import Watches
from tests.indexer.watch.site import Page, Site
from tests.indexer.watch.test_alerts import SECRET, Receiver
from tests.warcbuild import article_page


def test_the_page_shows_sources_and_alerts(site: Site, watches: Watches, tmp_path: Path,
                                           app_client: Callable[[Path], FlaskClient]) -> None:
    site.routes["/news/harbour"] = Page(article_page("Harbour plan", "Ann Lee", "The harbour plan was approved."))
    site.routes["/feed.xml"] = Page(b"gone", status=404)
    receiver = Receiver()
    try:
        receiver.answers = [503]
        sources = [Source("desk", "urls", None, (site.url("/news/harbour"), site.url("/news/gone")), 60.0),
                   Source("broken feed", "feed", site.url("/feed.xml"), interval=600.0)]
        alerts = (Alert("harbour", SearchRequest(query="harbour"), webhook=receiver.url),
                  Alert("council", SearchRequest(query="council"), webhook=receiver.url))
        watch = watches.open(sources, alerts, alert_secret=SECRET)
        watch.run_due()
        watches.close()
    finally:
        receiver.server.shutdown()
        receiver.server.server_close()
    client = app_client(tmp_path / "index")
    data = client.get("/watch.json").get_json()
    assert data["found"] is True and data["problem"] is None
    by_name = {s["name"]: s for s in data["sources"]}
    desk, broken = by_name["desk"], by_name["broken feed"]
    assert (desk["articles"], desk["failing"], desk["last_error"]) == (2, 1, None)
    assert desk["last_run"] == "2023-11-14T22:13:20+00:00" and desk["next_run"] == "2023-11-14T22:14:20+00:00"
    assert desk["last_fetch"] == desk["last_run"]
    assert "404" in broken["last_error"] and broken["articles"] == 0
    alert_rows = {a["name"]: a for a in data["alerts"]}
    assert set(alert_rows) == {"harbour", "council"}  # the article says both words
    failing = [a for a in alert_rows.values() if a["failing"]]
    assert len(failing) == 1 and "503" in failing[0]["last_error"] and failing[0]["sent"] == 0
    sent = [a for a in alert_rows.values() if a["sent"]]
    assert len(sent) == 1 and sent[0]["pending"] == 0
    page = client.get("/watch").get_data(as_text=True)
    assert "broken feed" in page and "HTTP 404" in page and "HTTP 503" in page and 'href="/watch.json"' in page


def test_without_a_watch_the_page_says_so(index_dir: Path, app_client: Callable[[Path], FlaskClient]) -> None:
    client = app_client(index_dir)
    assert client.get("/watch.json").get_json() == {"found": False, "problem": None, "sources": [], "alerts": []}
    assert "No watch has run beside this index" in client.get("/watch").get_data(as_text=True)
