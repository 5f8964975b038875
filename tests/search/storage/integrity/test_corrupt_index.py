"""A damaged index on disk (truncated table of contents, a segment file
deleted or overwritten with garbage) makes every page and the API answer
503 with repair instructions: never a 500, a traceback or wrong results."""
from __future__ import annotations

import datetime as dt
import os
import re
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from onrecord.search.config import load_config
from onrecord.search.errors import IndexUnavailableError
from onrecord.search.model import Article
from onrecord.search.storage.integrity.damage import is_damage, translate_damage
from onrecord.web.app import create_app
from tests.factories import make_article as article
from tests.factories import write_index


def make_article(doc_id: str, words: str) -> Article:
    """Return a two-paragraph article about `words`."""
    return article(doc_id, [f"The council discussed {words} on Monday.",
                            f"Residents said {words} mattered."],
                   title=f"About {words}", outlet="Herald", published=dt.date(2021, 3, 1))


def build_index(path: Path) -> None:
    """Write a small index in two commits (so there are two segments)."""
    write_index(path, [[make_article("one", "budget"), make_article("two", "library")],
                       [make_article("three", "ferry timetable")]])


def toc_files(path: Path) -> list[Path]:
    return sorted(path.glob("*.toc"))


def segment_files(path: Path) -> list[Path]:
    return sorted(p for p in path.iterdir() if p.suffix not in (".toc",) and not p.name.endswith("LOCK"))


def truncate_toc(path: Path) -> None:
    toc = toc_files(path)[-1]
    toc.write_bytes(toc.read_bytes()[: toc.stat().st_size // 2])


def empty_toc(path: Path) -> None:
    toc_files(path)[-1].write_bytes(b"")


def garbage_toc(path: Path) -> None:
    toc = toc_files(path)[-1]
    toc.write_bytes(os.urandom(toc.stat().st_size))


def delete_segment_files(path: Path) -> None:
    for segment in segment_files(path):
        segment.unlink()


def delete_postings(path: Path) -> None:
    for segment in segment_files(path):
        if segment.suffix in (".pst", ".trm"):
            segment.unlink()


def garbage_segments(path: Path) -> None:
    for segment in segment_files(path):
        size = segment.stat().st_size
        segment.write_bytes(b"\xde\xad\xbe\xef" * (size // 4 + 1))


def truncate_segments(path: Path) -> None:
    for segment in segment_files(path):
        segment.write_bytes(segment.read_bytes()[:7])


def zero_segments(path: Path) -> None:
    for segment in segment_files(path):
        segment.write_bytes(bytes(segment.stat().st_size))


CORRUPTIONS: dict[str, Callable[[Path], None]] = {
    "truncated toc": truncate_toc,
    "empty toc": empty_toc,
    "garbage toc": garbage_toc,
    "deleted segments": delete_segment_files,
    "deleted postings": delete_postings,
    "garbage segments": garbage_segments,
    "truncated segments": truncate_segments,
    "zeroed segments": zero_segments,
}
PATHS = ["/", "/?q=budget", "/?q=budget&sort=newest", "/?q=budget*", '/?q="council+discussed"',
         "/api/search?q=budget", "/api/search", "/api/search?q=ferry&speaker=Ann", "/doc/one"]

# GET routes that never read the index.
NO_INDEX_ENDPOINTS = ("static", "api.healthz", "pages.help_page", "pages.favicon", "access.login", "access.logout",
                      # a WARC record of the watch's captures, and the watch's state: not the index
                      "captures.capture_record", "watch.watch_status", "watch.watch_status_json")


def index_routes(app) -> list[str]:  # type: ignore[no-untyped-def]
    """Return a URL for every GET route that reads the index (all but
    /healthz, /help, /favicon.ico, /static and the login pages), placeholders
    filled with a plausible value."""
    rules = [r.rule for r in app.url_map.iter_rules() if r.endpoint not in NO_INDEX_ENDPOINTS]
    return sorted(re.sub(r"<[^>]+>", "Ann", rule) + "?q=budget" for rule in rules)


def assert_503_with_repair(response) -> None:  # type: ignore[no-untyped-def]
    body = response.get_data(as_text=True)
    assert response.status_code == 503, (response.status_code, body[:400])
    assert "Traceback" not in body and "File \"" not in body
    if response.is_json:
        message = response.get_json()["error"]
    else:
        message = BeautifulSoup(body, "html.parser").get_text(" ")
    assert "onrecord index" in message, message


def test_intact_index_answers(tmp_path: Path, app_client: Callable[[Path], FlaskClient]) -> None:
    """The baseline the corruptions break: the same index, untouched, works."""
    build_index(tmp_path / "ix")
    client = app_client(tmp_path / "ix")
    assert client.get("/api/search?q=budget").get_json()["total"] == 2
    for path in PATHS:
        assert client.get(path).status_code == 200, path


@pytest.mark.parametrize("damage", list(CORRUPTIONS), ids=list(CORRUPTIONS))
def test_corrupt_index_is_503_with_repair_instructions(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "ix"
    build_index(path)
    CORRUPTIONS[damage](path)
    app = create_app(config=load_config(index_dir=path))
    client = app.test_client()
    for url in PATHS + index_routes(app):
        assert_503_with_repair(client.get(url))
    assert_503_with_repair(client.get("/healthz"))  # a load balancer takes it out


@pytest.mark.parametrize("damage", ["deleted postings", "garbage segments", "truncated segments",
                                    "zeroed segments"])
def test_damage_after_the_server_opened_the_index_is_503(tmp_path: Path, damage: str, app_client: Callable[[Path], FlaskClient]) -> None:
    """Segment files damaged while the server runs: a search that trips
    over the damage is a 503 with repair instructions, never a 500.  (Damage
    that still decodes, such as zeroed postings, cannot be told from an
    empty result without checksums, so 200 and 404 are allowed here.)"""
    path = tmp_path / "ix"
    build_index(path)
    client = app_client(path)
    assert client.get("/api/search?q=budget").status_code == 200
    CORRUPTIONS[damage](path)
    for url in ("/api/search?q=library", "/api/search?q=ferry+timetable", "/?q=council", "/doc/two"):
        response = client.get(url)
        body = response.get_data(as_text=True)
        assert response.status_code in (200, 404, 503), (url, response.status_code, body[:300])
        assert "Traceback" not in body
        if response.status_code == 503:
            assert_503_with_repair(response)


def test_rebuilt_index_recovers_without_restart(tmp_path: Path, app_client: Callable[[Path], FlaskClient]) -> None:
    path = tmp_path / "ix"
    build_index(path)
    truncate_toc(path)
    client = app_client(path)
    assert client.get("/api/search?q=budget").status_code == 503
    for leftover in path.iterdir():
        leftover.unlink()
    build_index(path)
    assert client.get("/api/search?q=budget").get_json()["total"] == 2


def raise_in_whoosh_decoder() -> None:
    """Raise the TypeError Whoosh's BM25 raises when a length column is garbage."""
    from whoosh import scoring
    scoring.bm25(1.0, None, 1.0, 1.0, 0.75, 1.2)  # type: ignore[arg-type]


@pytest.mark.parametrize("raise_it, damaged", [
    (lambda: struct.unpack("<I", b"\x00"), True),
    (lambda: zlib.decompress(b"garbage"), True),
    (lambda: b"\xff".decode("utf-8"), True),
    (raise_in_whoosh_decoder, True),
    (lambda: [][1], False),                      # a bug in our own code
    (lambda: {}["missing"], False),
    (lambda: int("x"), False),
])
def test_damage_is_told_from_bugs(raise_it: Callable[[], object], damaged: bool) -> None:
    with pytest.raises(Exception) as caught:
        raise_it()
    assert is_damage(caught.value) is damaged
    expected = IndexUnavailableError if damaged else type(caught.value)
    with pytest.raises(expected) as translated:
        with translate_damage("/srv/ix"):
            raise_it()
    if damaged:
        assert "onrecord index" in str(translated.value) and "/srv/ix" in str(translated.value)
