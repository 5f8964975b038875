"""Tests for indexer.read.reader (read_source, sidecars) and indexer.read.metadates."""
from __future__ import annotations

import codecs
import datetime as dt
import os
from pathlib import Path

import pytest

from onrecord.indexer.errors import ReadError
from onrecord.indexer.read.metadates import parse_date
from onrecord.indexer.read.reader import is_sidecar, metadata_from_mapping, read_source
from onrecord.search.model import Metadata


def write(tmp_path: Path, name: str, data: bytes | str) -> Path:
    path = tmp_path / name
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


@pytest.mark.parametrize(
    ("name", "kind"),
    [("a.txt", "txt"), ("a.html", "html"), ("a.HTM", "html"), ("a.json", "json"), ("a.jsonl", "jsonl")],
)
def test_kind_comes_from_extension(tmp_path: Path, name: str, kind: str) -> None:
    src = read_source(write(tmp_path, name, '{"text": "x"}'))
    assert src.kind == kind
    assert src.path == str(tmp_path / name)


@pytest.mark.parametrize(
    ("name", "data", "reason"),
    [
        ("a.pdf", "hello", "unsupported file type .pdf"),
        ("README", "hello", "unsupported file type (no extension)"),
        ("a.txt", b"ab\x00cd", "binary file"),
        ("a.html", b"<p>a\x00b</p>", "binary file"),
        ("a.txt", "", "empty file"),
        ("a.txt", " \n\t\r\n ", "empty file"),
        ("a.txt", codecs.BOM_UTF8, "empty file"),
        ("a.meta.json", '{"title": "x"}', "sidecar metadata file"),
    ],
)
def test_unusable_files_raise_read_error(tmp_path: Path, name: str, data: bytes | str, reason: str) -> None:
    with pytest.raises(ReadError) as info:
        read_source(write(tmp_path, name, data))
    assert str(info.value) == reason


def test_undecodable_text_is_refused_with_the_byte_offset(tmp_path: Path) -> None:
    # Latin-1 is read by guess now (tests/indexer/read/test_encodings.py); bytes that no
    # encoding reads as text still name the first bad UTF-8 byte.
    path = write(tmp_path, "a.txt", b"abc" + bytes(range(0x80, 0x100)) * 8)
    with pytest.raises(ReadError) as info:
        read_source(path)
    assert str(info.value).startswith("not valid UTF-8 at byte 3, and no other text encoding fits")


def test_missing_file_raises_read_error(tmp_path: Path) -> None:
    with pytest.raises(ReadError, match="file not found"):
        read_source(tmp_path / "gone.txt")


def test_too_large_file_names_both_sizes(tmp_path: Path) -> None:
    path = write(tmp_path, "a.txt", "x" * 1_500_000)
    with pytest.raises(ReadError) as info:
        read_source(path, max_bytes=1_000_000)
    assert str(info.value) == "file too large (1.5 MB > 1 MB)"
    assert read_source(path, max_bytes=1_500_000).text == "x" * 1_500_000


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (codecs.BOM_UTF8 + "Hello \u2019world\u2019".encode(), "Hello \u2019world\u2019"),
        (codecs.BOM_UTF16_LE + "Hello w\u00f6rld".encode("utf-16-le"), "Hello w\u00f6rld"),
        (codecs.BOM_UTF16_BE + "Hello w\u00f6rld".encode("utf-16-be"), "Hello w\u00f6rld"),
        (b"plain\r\n\r\ntext", "plain\r\n\r\ntext"),
    ],
)
def test_text_decoding_strips_bom_and_keeps_everything_else(tmp_path: Path, data: bytes, expected: str) -> None:
    assert read_source(write(tmp_path, "a.txt", data)).text == expected


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ('<meta charset="iso-8859-1"><p>Caf\u00e9</p>'.encode("latin-1"), "Caf\u00e9"),
        ('<meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><p>\u201cHi\u201d</p>'
         .encode("cp1252"), "\u201cHi\u201d"),
        (codecs.BOM_UTF8 + "<p>Caf\u00e9</p>".encode(), "Caf\u00e9"),
        (codecs.BOM_UTF16_LE + "<p>Caf\u00e9</p>".encode("utf-16-le"), "Caf\u00e9"),
        ("<p>Caf\u00e9</p>".encode(), "Caf\u00e9"),
        ('<meta charset="no-such-charset"><p>Caf\u00e9</p>'.encode(), "Caf\u00e9"),
        ("<p>Caf\u00e9</p>".encode("latin-1"), "Caf\u00e9"),  # undeclared, not UTF-8: guessed
    ],
)
def test_html_decoding_honours_bom_and_declared_charset(tmp_path: Path, data: bytes, expected: str) -> None:
    text = read_source(write(tmp_path, "a.html", data)).text
    assert expected in text
    assert not text.startswith("\ufeff")


def test_json_in_latin1_is_read_by_guess(tmp_path: Path) -> None:
    src = read_source(write(tmp_path, "a.json", '{"text": "\u00e9t\u00e9"}'.encode("latin-1")))
    assert (src.text, src.guessed_encoding) == ('{"text": "\u00e9t\u00e9"}', "windows-1252")


@pytest.mark.parametrize(
    ("name", "expected"),
    [("a.meta.json", True), ("A.META.JSON", True), ("a.json", False), ("meta.json", False), ("a.txt", False)],
)
def test_is_sidecar(name: str, expected: bool) -> None:
    assert is_sidecar(Path("dir") / name) is expected


def test_sidecar_is_loaded_for_any_input(tmp_path: Path) -> None:
    write(tmp_path, "story.meta.json", '{"title": " Met  apology ", "outlet": "BBC News", "author": "A Writer",'
          ' "url": "https://example.org/a", "published": "2021-03-29T10:00:00Z"}')
    src = read_source(write(tmp_path, "story.txt", "Some text."))
    assert src.sidecar == Metadata(title="Met apology", outlet="BBC News", author="A Writer",
                                   url="https://example.org/a", published=dt.date(2021, 3, 29))
    assert read_source(write(tmp_path, "other.txt", "Some text.")).sidecar is None


def test_sidecar_invalid_values_are_ignored_and_the_rest_kept(tmp_path: Path) -> None:
    write(tmp_path, "story.meta.json", '{"title": 42, "outlet": "Guardian", "published": "last week", "url": ""}')
    src = read_source(write(tmp_path, "story.html", "<p>Hello</p>"))
    assert src.sidecar == Metadata(outlet="Guardian")


@pytest.mark.parametrize(
    ("sidecar", "message"),
    [('{"title": ', "sidecar story.meta.json: invalid JSON at line 1 column 11"),
     ('["title"]', "sidecar story.meta.json: expected a JSON object")],
)
def test_malformed_sidecar_raises_read_error(tmp_path: Path, sidecar: str, message: str) -> None:
    write(tmp_path, "story.meta.json", sidecar)
    with pytest.raises(ReadError) as info:
        read_source(write(tmp_path, "story.txt", "Some text."))
    assert str(info.value).startswith(message)


@pytest.mark.parametrize(
    ("obj", "expected", "problems", "notes"),
    [
        ({"headline": "H", "link": "https://x.org", "date": "29 March 2021", "site": "S", "byline": "B"},
         Metadata(title="H", url="https://x.org", published=dt.date(2021, 3, 29), outlet="S", author="B"), [], []),
        ({"source": {"id": "bbc", "name": "BBC"}, "authors": ["A", "B"]}, Metadata(outlet="BBC", author="A, B"), [], []),
        ({"title": None, "headline": "Fallback"}, Metadata(title="Fallback"), [], []),
        ({"title": ["x"], "published": 20210329}, Metadata(), ["title is a list, expected a string"],
         ["published is a number, expected a string: dropped, the record kept"]),
        ({"published": "soon"}, Metadata(), [], ["published 'soon' is not a date: dropped, the record kept"]),
    ],
)
def test_metadata_from_mapping(obj: dict, expected: Metadata, problems: list[str], notes: list[str]) -> None:
    assert metadata_from_mapping(obj) == (expected, problems, notes)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2021-03-29", dt.date(2021, 3, 29)),
        ("2021-03-29T10:00:00Z", dt.date(2021, 3, 29)),
        ("2021-03-29T23:30:00.000-05:00", dt.date(2021, 3, 29)),
        ("20210329", dt.date(2021, 3, 29)),
        ("Mon, 29 Mar 2021 10:00:00 +0000", dt.date(2021, 3, 29)),
        ("Mon, 29 Mar 2021 10:00:00 GMT", dt.date(2021, 3, 29)),
        ("29 March 2021", dt.date(2021, 3, 29)),
        ("29th March, 2021", dt.date(2021, 3, 29)),
        ("March 29, 2021", dt.date(2021, 3, 29)),
        ("Sept. 3, 2021", dt.date(2021, 9, 3)),
        ("Monday 29 March 2021 10.00 BST", dt.date(2021, 3, 29)),
        ("  2020-06-05  ", dt.date(2020, 6, 5)),
        ("2021-02-30", None),
        ("03/04/2021", None),
        ("17.05.2021", dt.date(2021, 5, 17)),
        ("2/24/2026", dt.date(2026, 2, 24)),
        ("24/2/2026 10:00", dt.date(2026, 2, 24)),
        ("1.2.3.2021", None),
        ("29 Smarch 2021", None),
        ("yesterday", None),
        ("", None),
        ("0001-01-01", None),
    ],
)
def test_parse_date(value: str, expected: dt.date | None) -> None:
    assert parse_date(value) == expected


def test_parse_date_rejects_non_strings() -> None:
    assert parse_date(20210329) is None  # type: ignore[arg-type]


@pytest.mark.parametrize("make", ["dir", "fifo"])
def test_non_regular_files_raise_read_error(tmp_path: Path, make: str) -> None:
    path = tmp_path / "odd.txt"
    if make == "dir":
        path.mkdir()
    else:
        os.mkfifo(path)
    with pytest.raises(ReadError, match="is a directory|not a regular file"):
        read_source(path)
