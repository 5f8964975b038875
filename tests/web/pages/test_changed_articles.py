"""Changed after publication: a hit of an article whose current version
is not its first says so (HTML and JSON, with the change's time), and
/changes.atom lists those articles, one entry per changed version, under
the same filters as the other feeds."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from onrecord.indexer.pipeline import ingest_paths
from onrecord.search import open_index
from tests.search.writing.test_identity import page

A = "{http://www.w3.org/2005/Atom}"
HARBOUR = ["The harbour authority said the berth would reopen in May.",
           "Dock workers were told to expect overtime on the harbour."]
BUDGET = ["The council budget passed after a late vote on the harbour.",
          "Councillors argued for hours about the budget."]


@pytest.fixture()
def client(tmp_path: Path, app_client: Callable[[Path], FlaskClient]) -> Iterator[FlaskClient]:
    """An index of two articles; the harbour one edited once after it was indexed."""
    index = open_index(tmp_path / "ix", create=True)
    ingest_paths([page(tmp_path / "v1", "h.html", HARBOUR, canonical="https://news.example.org/harbour",
                       title="Harbour to reopen"),
                  page(tmp_path / "v1", "b.html", BUDGET, canonical="https://news.example.org/budget",
                       title="Budget passes")], index, workers=1)
    edited = [HARBOUR[0].replace("in May", "in June, not May"), HARBOUR[1]]
    summary = ingest_paths([page(tmp_path / "v2", "h.html", edited, canonical="https://news.example.org/harbour",
                                 title="Harbour to reopen")], index, workers=1)
    assert summary.updated == 1
    index.close()
    yield app_client(tmp_path / "ix")


def test_a_hit_of_an_edited_article_is_marked_changed(client: FlaskClient) -> None:
    hits = client.get("/api/search?q=harbour").get_json()["hits"]
    marks = {hit["url"]: (hit["changed_after_publication"], hit["changed_at"]) for hit in hits}
    assert marks["https://news.example.org/budget"] == (False, None)
    changed, when = marks["https://news.example.org/harbour"]
    assert changed and when and when[:4].isdigit()
    soup = BeautifulSoup(client.get("/?q=harbour").get_data(as_text=True), "html.parser")
    badges = [hit.select_one("a.changed") for hit in soup.select("li.hit")]
    titles = [hit.select_one(".hit-title").get_text(strip=True) for hit in soup.select("li.hit")]
    assert {t for t, b in zip(titles, badges, strict=True) if b is not None} == {"Harbour to reopen"}
    assert all(b is None for t, b in zip(titles, badges, strict=True) if t == "Budget passes")


def test_the_feed_of_changes_lists_changed_versions_under_the_filters(client: FlaskClient) -> None:
    response = client.get("/changes.atom?q=harbour")
    assert response.status_code == 200 and response.mimetype == "application/atom+xml"
    entries = ET.fromstring(response.get_data()).findall(f"{A}entry")
    assert len(entries) == 1  # the budget article never changed
    [entry] = entries
    assert "version 2" in (entry.findtext(f"{A}title") or "") and ":v2:" in (entry.findtext(f"{A}id") or "")
    link = entry.find(f"{A}link[@rel='alternate']")
    assert link is not None and link.get("href", "").startswith("/doc/")
    article = client.get(link.get("href", "")).get_data(as_text=True)
    assert "<ins>" in article and "Changed since it was first indexed" in article  # the diff view
    assert ET.fromstring(client.get("/changes.atom?q=councillors").get_data()).findall(f"{A}entry") == []
    page_html = client.get("/?q=harbour").get_data(as_text=True)
    assert 'href="/changes.atom?q=harbour"' in page_html
