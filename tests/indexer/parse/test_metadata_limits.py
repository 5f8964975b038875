"""Metadata as ingested: bidi and control characters stripped from every
source's fields, over-long values cut (URLs dropped), sidecars size-capped
and never read through a symbolic link.  Issues #16 and #17."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from onrecord.indexer.errors import ReadError
from onrecord.indexer.parse.metaclean import LIMITS, clean_metadata, clean_value, cut_utf8
from onrecord.indexer.parse.parser import parse_source_report
from onrecord.indexer.pipeline import extract_file
from onrecord.indexer.read.reader import SIDECAR_MAX_BYTES, read_source
from onrecord.search.model import Metadata

BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
BODY = "The council met on Tuesday.\n\nIt agreed the budget after a long debate.\n"
HTML_BODY = "<article><p>The council met on Tuesday.</p><p>It agreed the budget.</p></article>"


def spiked(text: str) -> str:
    """Return `text` with a bidi control before each character (RLO first)."""
    return "".join(f"{BIDI[i % len(BIDI)]}{ch}" for i, ch in enumerate(text))


META = {"title": "Mayor quits", "author": "Ana Ruiz", "outlet": "Daily Post",
        "url": "https://example.org/mayor-quits"}


def _html_page(meta: dict[str, str]) -> str:
    return ("<html><head>"
            f'<meta property="og:title" content="{meta["title"]}">'
            f'<meta name="author" content="{meta["author"]}">'
            f'<meta property="og:site_name" content="{meta["outlet"]}">'
            f'<link rel="canonical" href="{meta["url"]}">'
            f"</head><body>{HTML_BODY}</body></html>")


def _write_case(folder: Path, source: str, meta: dict[str, str]) -> Path:
    """Write one input carrying `meta` through the reader path `source`."""
    if source == "sidecar":
        (folder / "a.meta.json").write_text(json.dumps(meta), encoding="utf-8")
        (folder / "a.txt").write_text(BODY, encoding="utf-8")
        return folder / "a.txt"
    if source in ("json", "jsonl"):
        (folder / f"a.{source}").write_text(json.dumps({**meta, "text": BODY}), encoding="utf-8")
        return folder / f"a.{source}"
    if source == "html":
        (folder / "a.html").write_text(_html_page(meta), encoding="utf-8")
        return folder / "a.html"
    (folder / "a.txt").write_text(f"{meta['title']}\n\n{BODY}", encoding="utf-8")  # headline
    return folder / "a.txt"


@pytest.mark.parametrize("source", ["sidecar", "json", "jsonl", "html", "headline"])
def test_bidi_controls_are_stripped_from_every_reader_path(tmp_path: Path, source: str) -> None:
    path = _write_case(tmp_path, source, {key: spiked(value) for key, value in META.items()})
    (article,) = extract_file(path)
    expected = {"title": META["title"]} if source == "headline" else dict(META)
    if source == "html":  # parse/html/meta.py takes only a URL that starts with http(s)://
        del expected["url"]
    got = {key: getattr(article.meta, key) for key in META if getattr(article.meta, key) is not None}
    assert got == expected


@pytest.mark.parametrize(("raw", "clean"), [
    ("\u202eevil.exe\u202c", "evil.exe"),
    ("Ali\u200fce\u2066 Smith\u2069", "Alice Smith"),
    ("Line one\nline\ttwo\x1b[31m", "Line one line two[31m"),
    ("\u061c\u200e  \u200f", ""),
    ("Caf\u00e9 \u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627", "Caf\u00e9 \u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627"),
])
def test_clean_value(raw: str, clean: str) -> None:
    assert clean_value(raw) == clean


def test_a_value_left_empty_becomes_unknown() -> None:
    assert clean_metadata(Metadata(title="\u202e\u202c", author="A")) == (Metadata(author="A"), [])


@pytest.mark.parametrize(("value", "limit", "expected"), [
    ("abcdef", 4, "abcd"),
    ("\u00e9\u00e9\u00e9", 5, "\u00e9\u00e9"),  # 2-byte characters: no half character
    ("\u20ac\u20ac", 5, "\u20ac"),  # 3 bytes each
    ("\U0001f600x", 3, ""),  # a 4-byte emoji does not fit in 3
    ("ab cd", 3, "ab"),
])
def test_cut_utf8_ends_on_a_whole_character(value: str, limit: int, expected: str) -> None:
    assert cut_utf8(value, limit) == expected


@pytest.mark.parametrize(("field", "char"), [("title", "a"), ("title", "\u00e9"), ("author", "\u20ac"),
                                             ("outlet", "o")])
def test_long_values_are_cut_at_the_limit(field: str, char: str) -> None:
    limit = LIMITS[field][0]
    meta, notes = clean_metadata(Metadata(**{field: char * 100_000}))
    value = getattr(meta, field)
    assert limit - 4 < len(value.encode("utf-8")) <= limit
    assert set(value) == {char}
    size = len((char * 100_000).encode("utf-8"))
    assert notes == [f"{field} cut to {limit:,} bytes (was {size:,})"]


def test_values_at_the_limit_are_kept_whole() -> None:
    meta = Metadata(title="t" * 2_048, author="a" * 500, outlet="o" * 500,
                    url="https://example.org/" + "u" * (2_048 - 20))
    assert clean_metadata(meta) == (meta, [])


def test_an_over_long_url_is_dropped_not_cut(tmp_path: Path) -> None:
    url = "https://example.org/" + "x" * 3_000
    path = _write_case(tmp_path, "json", {**META, "url": url})
    (article,) = extract_file(path)
    assert article.meta.url is None
    assert article.id.startswith("t")  # identified by its text, not by a cut URL
    src = read_source(path)
    assert parse_source_report(src)[1] == ["record 1: url dropped: 3,020 bytes, over the 2,048-byte limit"]


def test_a_100000_character_html_title_is_cut_and_noted(tmp_path: Path) -> None:
    path = _write_case(tmp_path, "html", {**META, "title": "Long " * 20_000})
    articles, notes = parse_source_report(read_source(path))
    assert len(articles[0].meta.title.encode()) <= 2_048
    assert notes == ["title cut to 2,048 bytes (was 99,999)"]


def test_a_records_dropped_url_is_not_replaced_by_the_sidecars(tmp_path: Path) -> None:
    # One sidecar URL for every record would make them all one article.
    (tmp_path / "a.meta.json").write_text('{"url": "https://example.org/feed", "outlet": "Feed"}')
    path = _write_case(tmp_path, "json", {"url": "https://example.org/" + "y" * 3_000})
    (article,) = extract_file(path)
    assert (article.meta.url, article.meta.outlet) == (None, "Feed")


def test_a_sidecars_dropped_url_leaves_the_pages_own(tmp_path: Path) -> None:
    (tmp_path / "a.meta.json").write_text(json.dumps({"url": "https://example.org/" + "z" * 3_000}))
    path = _write_case(tmp_path, "html", META)
    articles, notes = parse_source_report(read_source(path))
    assert articles[0].meta.url == META["url"]
    assert notes == ["sidecar url dropped: 3,020 bytes, over the 2,048-byte limit"]


def test_a_huge_sidecar_makes_the_file_skipped_with_the_reason(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("A 68-byte article about the harbour, its ferry and the new timetable.")
    with (tmp_path / "a.meta.json").open("wb") as handle:
        handle.truncate(60_000_000)  # sparse: nothing is written
    with pytest.raises(ReadError) as info:
        read_source(tmp_path / "a.txt")
    assert str(info.value) == "sidecar a.meta.json: file too large (60 MB > 64 KB)"


@pytest.mark.parametrize(("size", "ok"), [(SIDECAR_MAX_BYTES, True), (SIDECAR_MAX_BYTES + 1, False)])
def test_sidecar_size_limit_is_inclusive(tmp_path: Path, size: int, ok: bool) -> None:
    head = '{"title": "Padded"}'
    (tmp_path / "a.meta.json").write_text(head + " " * (size - len(head)))
    (tmp_path / "a.txt").write_text(BODY)
    if ok:
        assert read_source(tmp_path / "a.txt").sidecar == Metadata(title="Padded")
    else:
        with pytest.raises(ReadError, match="too large"):
            read_source(tmp_path / "a.txt")


def test_a_symlinked_sidecar_is_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside.json"
    outside.write_text('{"title": "Secret title from elsewhere"}')
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.txt").write_text(BODY)
    os.symlink(outside, tmp_path / "in" / "a.meta.json")
    with pytest.raises(ReadError, match="sidecar a.meta.json: is a symbolic link"):
        read_source(tmp_path / "in" / "a.txt")
