"""Provenance on the article page: the WARC record an article was read
from, named on the page and its JSON, and downloaded a record at a time
from the watch's captures folder (nothing outside it)."""
from __future__ import annotations

import gzip as gzip_lib
import io
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from warcio.archiveiterator import ArchiveIterator

from onrecord.indexer.pipeline import ingest_paths
from onrecord.search import SearchRequest, captures_folder, open_index, search
from tests.warcbuild import article_page, mixed_warc

HARBOUR = "https://news.example.org/harbour"


def index_warc(tmp_path: Path, where: Path, gzip: bool = True) -> tuple[Path, dict[str, str]]:
    """Index mixed_warc() saved at `where`; return the index folder and {url: doc_id}."""
    where.parent.mkdir(parents=True, exist_ok=True)
    where.write_bytes(mixed_warc(gzip=gzip))
    index_dir = tmp_path / "ix"
    index = open_index(index_dir, create=True)
    try:
        ingest_paths([where], index)
        hits = search(index, SearchRequest(query="council OR ready")).hits
        return index_dir, {hit.url or "": hit.doc_id for hit in hits}
    finally:
        index.close()


def warc_urls(data: bytes) -> list[str]:
    """Return the target URI of each record in `data`."""
    return [r.rec_headers.get_header("WARC-Target-URI") for r in ArchiveIterator(io.BytesIO(data))]


@pytest.mark.parametrize("gzip", [True, False])
def test_the_article_names_its_capture_and_downloads_that_record(
        tmp_path: Path, app_client: Callable[[Path], FlaskClient], gzip: bool) -> None:
    name = "crawl.warc.gz" if gzip else "crawl.warc"
    index_dir, ids = index_warc(tmp_path, captures_folder(tmp_path / "ix") / name, gzip)
    client = app_client(index_dir)
    capture = client.get(f"/doc/{ids[HARBOUR]}.json").get_json()["capture"]
    assert capture["fetched"] == "2024-05-02T08:00:05+00:00" and capture["url"] == HARBOUR
    assert capture["file"] == name and capture["offset"] > 0
    assert capture["download"] == f"/captures/{name}/{capture['offset']}"
    record = client.get(capture["download"])
    assert record.status_code == 200 and "attachment" in record.headers["Content-Disposition"]
    assert warc_urls(record.data) == [HARBOUR]  # that one record, whole
    page = client.get(f"/doc/{ids[HARBOUR]}").get_data(as_text=True)
    assert "Captured <time datetime=\"2024-05-02T08:00:05+00:00\">2024-05-02 08:00 UTC</time>" in page
    assert f'href="{capture["download"]}"' in page and HARBOUR in page


def test_an_archive_outside_the_captures_folder_is_named_not_served(
        tmp_path: Path, app_client: Callable[[Path], FlaskClient]) -> None:
    index_dir, ids = index_warc(tmp_path, tmp_path / "elsewhere" / "crawl.warc.gz")
    client = app_client(index_dir)
    capture = client.get(f"/doc/{ids[HARBOUR]}.json").get_json()["capture"]
    assert capture["file"] == "crawl.warc.gz" and capture["offset"] > 0 and capture["download"] is None
    assert f"crawl.warc.gz, byte {capture['offset']}" in client.get(f"/doc/{ids[HARBOUR]}").get_data(as_text=True)
    assert client.get(f"/captures/crawl.warc.gz/{capture['offset']}").status_code == 404


def test_only_record_starts_inside_the_captures_folder_are_served(
        tmp_path: Path, app_client: Callable[[Path], FlaskClient]) -> None:
    folder = captures_folder(tmp_path / "ix")
    index_dir, ids = index_warc(tmp_path, folder / "crawl.warc.gz")
    client = app_client(index_dir)
    offset = client.get(f"/doc/{ids[HARBOUR]}.json").get_json()["capture"]["offset"]
    secret = tmp_path / "secret.warc.gz"
    secret.write_bytes((folder / "crawl.warc.gz").read_bytes())
    os.symlink(secret, folder / "link.warc.gz")
    (folder / "page.warc.gz").write_bytes(gzip_lib.compress(article_page("x", "y", "z")))
    assert client.get(f"/captures/crawl.warc.gz/{offset}").status_code == 200
    for path in (f"/captures/crawl.warc.gz/{offset + 1}", "/captures/crawl.warc.gz/999999",
                 f"/captures/link.warc.gz/{offset}", "/captures/page.warc.gz/0",
                 f"/captures/..%2Fsecret.warc.gz/{offset}", "/captures/missing.warc.gz/0"):
        assert client.get(path).status_code == 404, path


def test_a_page_not_read_from_an_archive_says_nothing_of_captures(
        index_dir: Path, app_client: Callable[[Path], FlaskClient]) -> None:
    client = app_client(index_dir)
    assert client.get("/doc/a1.json").get_json()["capture"] is None
    assert "Captured" not in client.get("/doc/a1").get_data(as_text=True)
