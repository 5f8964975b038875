"""Versions of a long article shown one window at a time, and the article
records of an index rebuilt under a running server (the identity work of
issue 17 meeting windowed article pages and per-thread searchers)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from onrecord.indexer.pipeline import ingest_paths
from onrecord.search.config import Config
from onrecord.search.engine import search
from onrecord.search.features.articleview import get_article
from onrecord.search.model import SearchRequest
from onrecord.search.storage.opening import open_index
from onrecord.search.storage.store import Index
from tests.search.writing.test_identity import page

WINDOW = 50


def long_story(edited: int | None = None, count: int = 120) -> list[str]:
    """Return `count` distinct paragraphs; paragraph `edited` (1-based) reworded."""
    paragraphs = [f"Paragraph {i} of the harbour inquiry report names witness number {i} "
                  f"and the berth where cargo {i} was unloaded." for i in range(1, count + 1)]
    if edited is not None:
        paragraphs[edited - 1] = paragraphs[edited - 1].replace("unloaded", "seized by customs")
    return paragraphs


@pytest.fixture()
def updated(tmp_path: Path) -> tuple[Index, str]:
    """An index holding a 120-paragraph article and its update that rewords paragraph 80."""
    index = open_index(tmp_path / "ix", create=True)
    ingest_paths([page(tmp_path / "v1", "a.html", long_story())], index, workers=1)
    summary = ingest_paths([page(tmp_path / "v2", "a.html", long_story(edited=80))], index,
                           workers=1)
    assert summary.updated == 1
    doc_id = search(index, SearchRequest(query="harbour")).hits[0].doc_id
    yield index, doc_id
    index.close()


def test_a_window_of_an_updated_article_marks_only_its_own_changes(updated: tuple[Index, str]) -> None:
    index, doc_id = updated
    first = get_article(index, doc_id, window=WINDOW, page=1)
    assert first.pages == 3 and first.compared_to == 1 and first.changes == []
    second = get_article(index, doc_id, window=WINDOW, page=2)
    assert [(c.kind, c.n) for c in second.changes] == [("changed", 80)]
    assert [p.n for p in second.paragraphs] == list(range(51, 101))


def test_an_earlier_version_is_windowed_too(updated: tuple[Index, str]) -> None:
    index, doc_id = updated
    old = get_article(index, doc_id, version=1, window=WINDOW, around=80)
    assert old.version == 1 and old.page == 2 and old.pages == 3 and old.paragraph_count == 120
    assert "unloaded" in next(p.text for p in old.paragraphs if p.n == 80)
    current = get_article(index, doc_id, window=WINDOW, around=80)
    assert "seized by customs" in next(p.text for p in current.paragraphs if p.n == 80)


def test_a_rebuilt_index_serves_its_own_article_records(tmp_path: Path) -> None:
    built = tmp_path / "ix"
    handle = open_index(built, create=True)
    ingest_paths([page(tmp_path / "a", "a.html", long_story(count=3), title="First headline")],
                 handle, workers=1)
    assert search(handle, SearchRequest(query="harbour")).hits[0].title == "First headline"
    # Rebuilt elsewhere and moved into place while `handle` stays open (a server).
    other = open_index(tmp_path / "new", create=True)
    ingest_paths([page(tmp_path / "b", "b.html", long_story(count=3), title="Second headline")],
                 other, workers=1)
    other.close()
    shutil.rmtree(built)
    shutil.move(str(tmp_path / "new"), str(built))
    assert search(handle, SearchRequest(query="harbour")).hits[0].title == "Second headline"
    handle.close()


def test_the_article_page_pages_an_earlier_version_and_keeps_it_in_links(
        updated: tuple[Index, str]) -> None:
    from onrecord.web.app import create_app
    index, doc_id = updated
    client = create_app(index=index, config=Config(article_window=WINDOW)).test_client()
    html = client.get(f"/doc/{doc_id}?version=1&p=80").get_data(as_text=True)
    assert "An earlier version" in html and 'id="p80"' in html and "unloaded" in html
    assert f"/doc/{doc_id}?version=1&amp;page=3" in html  # the pager stays on version 1
    current = client.get(f"/doc/{doc_id}?p=80").get_data(as_text=True)
    assert "Changed since it was first indexed" in current and "<ins>" in current
