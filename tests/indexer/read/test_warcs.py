"""WARC files through stages 1-4: each HTML 200 response an article with its
URL and fetch time, everything else counted, damage losing only what follows
it.  Every WARC is built in the test (tests/warcbuild.py)."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from onrecord.indexer.errors import ReadError
from onrecord.indexer.extraction import extract_outcome
from onrecord.indexer.pipeline import ingest_paths
from onrecord.indexer.read.inputs import find_input_files
from onrecord.indexer.read.warcs import read_warc
from onrecord.search.engine import search
from onrecord.search.model import SearchRequest
from onrecord.search.storage.opening import ram_index
from tests.warcbuild import WarcBuilder, article_page, mixed_warc

UTC = dt.UTC


@pytest.mark.parametrize("name, gzip", [("crawl.warc", False), ("crawl.warc.gz", True)])
def test_html_responses_become_articles_with_url_and_fetch_time(tmp_path: Path, name: str, gzip: bool) -> None:
    path = tmp_path / name
    path.write_bytes(mixed_warc(gzip))
    outcome = extract_outcome(path)
    assert outcome.reason is None
    found = [(a.meta.url, a.meta.fetched, a.meta.title, a.meta.author) for a in outcome.articles]
    assert found == [
        ("https://news.example.org/budget", dt.datetime(2024, 5, 1, 12, 30, tzinfo=UTC), "Council agrees the budget",
         "Ada Lowe"),
        ("https://news.example.org/harbour", dt.datetime(2024, 5, 2, 8, 0, 5, tzinfo=UTC), "Harbour to reopen",
         "Olek Tamm"),
    ]
    # the fetch time is never taken for a publication date
    assert all(a.meta.published is None for a in outcome.articles)
    assert any("said Jane Doe" in p.text for p in outcome.articles[0].paragraphs)
    # the four records that are no page are counted by what they were
    assert outcome.notes == ["4 WARC records not read as articles: 1 HTTP 301 (redirect), 1 HTTP 404, "
                             "1 not HTML (application/pdf), 1 request record"]


def test_gzip_and_chunked_bodies_are_decoded(tmp_path: Path) -> None:
    import gzip as gz
    page = article_page("Port closes early", "Ada Lowe", "The port closed early, officials said.")
    squeezed = gz.compress(page)
    chunked = b"%x\r\n%s\r\n0\r\n\r\n" % (len(squeezed), squeezed)
    data = WarcBuilder().response("https://news.example.org/port", chunked,
                                  extra=[("Content-Encoding", "gzip"), ("Transfer-Encoding", "chunked")]).data()
    (tmp_path / "a.warc").write_bytes(data)
    articles = extract_outcome(tmp_path / "a.warc").articles
    assert [a.meta.title for a in articles] == ["Port closes early"]


def test_the_page_charset_is_read_as_for_a_saved_page(tmp_path: Path) -> None:
    page = article_page("Caf\u00e9 owners protest", "Ren\u00e9e Dupont", "Caf\u00e9 owners said rents doubled.")
    latin = page.decode().replace('charset="utf-8"', 'charset="iso-8859-1"').encode("latin-1")
    data = WarcBuilder().response("https://news.example.org/cafe", latin, content_type="text/html").data()
    (tmp_path / "a.warc").write_bytes(data)
    [article] = extract_outcome(tmp_path / "a.warc").articles
    assert article.meta.title == "Caf\u00e9 owners protest"
    assert article.meta.author == "Ren\u00e9e Dupont"


@pytest.mark.parametrize("gzip", [False, True])
def test_a_warc_truncated_mid_record_keeps_the_records_before(tmp_path: Path, gzip: bool) -> None:
    whole = mixed_warc(gzip)
    cut = whole[:len(whole) - 300]  # inside the last record, the second article
    (tmp_path / "cut.warc").write_bytes(cut)
    outcome = extract_outcome(tmp_path / "cut.warc")
    assert outcome.reason is None
    assert [a.meta.url for a in outcome.articles] == ["https://news.example.org/budget"]
    [damage] = [note for note in outcome.notes if "damaged or truncated" in note]
    assert "at record 6" in damage and "the 1 page(s) before it kept" in damage


def test_a_file_that_is_no_warc_is_refused_with_the_reason() -> None:
    with pytest.raises(ReadError, match="not a readable WARC file"):
        read_warc(b"<html><p>a saved page named .warc</p></html>")


def test_a_folder_walk_finds_warc_files(tmp_path: Path) -> None:
    for name in ("a.warc", "b.WARC.GZ", "c.gz", "d.warc.zip"):
        (tmp_path / name).write_bytes(b"x")
    assert sorted(p.name for p in find_input_files([tmp_path]).files) == ["a.warc", "b.WARC.GZ"]


def test_indexing_a_warc_twice_updates_and_never_duplicates(tmp_path: Path) -> None:
    (tmp_path / "crawl.warc.gz").write_bytes(mixed_warc(gzip=True))
    index = ram_index()
    first = ingest_paths([tmp_path], index)
    assert (first.new, first.articles) == (2, 2)
    before = search(index, SearchRequest(query="ready")).total
    again = ingest_paths([tmp_path], index)
    assert (again.new, again.unchanged) == (0, 2)
    result = search(index, SearchRequest(query="ready"))
    assert result.total == before > 0
    assert {h.url for h in result.hits} == {"https://news.example.org/harbour"}
    assert len({h.doc_id for h in result.hits}) == 1


def test_a_later_capture_of_the_same_url_is_an_update(tmp_path: Path) -> None:
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    (tmp_path / "one" / "a.warc").write_bytes(mixed_warc())
    edited = article_page("Council agrees the budget", "Ada Lowe", '"We got this badly wrong," said Jane Doe.')
    (tmp_path / "two" / "b.warc").write_bytes(
        WarcBuilder().response("https://news.example.org/budget", edited, date="2024-05-03T09:00:00Z").data())
    index = ram_index()
    ingest_paths([tmp_path / "one"], index)
    later = ingest_paths([tmp_path / "two"], index)
    assert (later.new, later.updated) == (0, 1)
    assert search(index, SearchRequest(query="badly")).total > 0


def test_the_same_page_fetched_again_later_is_unchanged(tmp_path: Path) -> None:
    page = article_page("Harbour to reopen", "Olek Tamm", '"We are ready," said Olek Tamm.')
    for name, date in (("a.warc", "2024-05-02T08:00:05Z"), ("b.warc", "2024-06-02T08:00:05Z")):
        (tmp_path / name).write_bytes(WarcBuilder().response("https://news.example.org/harbour", page, date=date).data())
    index = ram_index()
    ingest_paths([tmp_path / "a.warc"], index)
    later = ingest_paths([tmp_path / "b.warc"], index)
    assert (later.new, later.updated, later.unchanged) == (0, 0, 1)


def test_html_resource_records_are_pages_and_metadata_records_are_not(tmp_path: Path) -> None:
    page = article_page("Harbour to reopen", "Olek Tamm", '"We are ready," said Olek Tamm.')
    data = (WarcBuilder().resource("https://news.example.org/harbour", page, "text/html")
            .resource("https://news.example.org/logo.png", b"\x89PNG", "image/png")
            .metadata("https://news.example.org/harbour").data())
    (tmp_path / "a.warc").write_bytes(data)
    outcome = extract_outcome(tmp_path / "a.warc")
    assert [(a.meta.url, a.meta.title) for a in outcome.articles] == [("https://news.example.org/harbour",
                                                                        "Harbour to reopen")]
    assert outcome.notes == ["2 WARC records not read as articles: 1 metadata record, 1 not HTML (image/png)"]


def test_a_page_that_is_not_text_is_counted_and_the_others_kept(tmp_path: Path) -> None:
    page = article_page("Harbour to reopen", "Olek Tamm", '"We are ready," said Olek Tamm.')
    data = (WarcBuilder().response("https://news.example.org/blob", b"\x00\x01\x02binary" * 50)
            .response("https://news.example.org/harbour", page).data())
    (tmp_path / "a.warc").write_bytes(data)
    outcome = extract_outcome(tmp_path / "a.warc")
    assert [a.meta.url for a in outcome.articles] == ["https://news.example.org/harbour"]
    assert outcome.notes == ["1 WARC record not read as articles: 1 page not readable as text (binary file)"]


@pytest.mark.parametrize("gzip", [False, True])
def test_each_page_says_where_its_record_starts(tmp_path: Path, gzip: bool) -> None:
    data = mixed_warc(gzip)
    path = tmp_path / ("crawl.warc.gz" if gzip else "crawl.warc")
    path.write_bytes(data)
    outcome = extract_outcome(path)
    found = {a.meta.url: (a.meta.capture_file, a.meta.capture_offset) for a in outcome.articles}
    for url, (file, offset) in found.items():
        assert file == str(path.resolve()) and offset is not None
        assert read_warc(data[offset:]).pages[0].url == url  # the record starts right there
    # a slice of a file (a watch's one record) keeps the file's offsets
    harbour = found["https://news.example.org/harbour"][1]
    assert harbour is not None
    assert read_warc(data[harbour:], base_offset=harbour).pages[0].offset == harbour
