"""Hostile input files through the real `onrecord index` command: binary,
wrong encodings, empty, over 50 MB, broken and 10,000-deep HTML, JSON of
the wrong shape.  Each bad file is skipped with its own reason, the exit
status says some were skipped, and every good file is still searchable."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from onrecord.cli import main
from onrecord.search import engine
from onrecord.search.model import SearchRequest
from onrecord.search.storage.opening import open_index

GOOD_TEXT = ("Harbour ferry delayed again\n\n"
             '"The timetable is a fiction," said commuter Ruth Okafor on Tuesday.\n\n'
             "The operator blamed a broken ramp.\n")
GOOD_HTML = ("<html><head><title>Library saved</title></head><body><article>"
             "<h1>Library saved</h1><p>The council voted to keep the zebrafinch library open.</p>"
             "<p>&ldquo;Books matter,&rdquo; said librarian Tom Price.</p></article></body></html>")
# Not UTF-8 but readable: read as windows-1252 (named in the summary), not skipped.
GOOD_LATIN1 = ("Caf\u00e9 society backs the pelicanbudget\n\n"
               "The mayor's \u00abplan\u00bb was na\u00efve, said Ren\u00e9e Dupr\u00e9.\n").encode("latin-1")
GOOD_JSON = {"title": "Pool reopens", "outlet": "Herald", "published": "2021-05-01",
             "text": "The quokkapool reopened after repairs.\n\nSwimmers queued from dawn."}

# name -> (bytes, words that must appear in its skip reason)
BAD_FILES: dict[str, tuple[bytes, tuple[str, ...]]] = {
    "binary.txt": (bytes(range(256)) * 64, ("binary",)),
    "png-renamed.html": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + os.urandom(2000), ("binary",)),
    "undecodable.txt": (b"Caf" + bytes(range(0x80, 0x100)) * 20, ("utf-8", "encoding")),
    "empty.txt": (b"", ("empty",)),
    "blank.txt": (b" \n\t\n  \r\n", ("empty",)),
    "empty.json": (b"", ("empty",)),
    "truncated.json": (b'{"title": "Half", "text": "cut o', ("json",)),
    "wrong-types.json": (json.dumps({"title": ["not", "a", "string"], "text": 42}).encode(), ("text",)),
    "list-of-numbers.json": (b"[1, 2, 3]", ("object",)),
    "null.json": (b"null", ("object", "null", "no articles")),
    "text-is-object.json": (json.dumps({"text": {"body": "nested"}}).encode(), ("text",)),
    "deep.json": (b"[" * 100_000 + b"]" * 100_000, ("deep",)),
    "bad-lines.jsonl": (b'{"text": 5}\nnot json\n[]\n', ("line",)),
    "nul-bytes.txt": (b"Some text\x00\x00\x00 with NULs\x00" * 50, ("binary",)),
    "no-text.html": (b"<html><head><title>x</title></head><body><div></div></body></html>", ("text",)),
    "image.jpg.html": (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + os.urandom(1000), ("binary",)),
}
BIG_NAME = "huge.txt"
BIG_BYTES = 50_000_000 + 4096


def write_corpus(folder: Path) -> None:
    """Write the good and bad files into `folder` (the huge one sparse, so
    the test writes a few bytes, not 50 MB)."""
    folder.mkdir()
    (folder / "good.txt").write_text(GOOD_TEXT, encoding="utf-8")
    (folder / "good.html").write_text(GOOD_HTML, encoding="utf-8")
    (folder / "good.json").write_text(json.dumps(GOOD_JSON), encoding="utf-8")
    (folder / "latin1.txt").write_bytes(GOOD_LATIN1)
    deep = "<div>" * 10_000 + "<p>The albatrossbudget vote was deep inside.</p>" + "</div>" * 10_000
    (folder / "deep.html").write_text(f"<html><body>{deep}</body></html>", encoding="utf-8")
    broken = ("<html><body><p>The <b>narwhalcouncil <i>met</b> late</p><p>Unclosed <div><span>"
              "<table><tr><td>cell<p>Still reporting on the narwhalcouncil.")
    (folder / "broken.html").write_text(broken, encoding="utf-8")
    for name, (data, _words) in BAD_FILES.items():
        (folder / name).write_bytes(data)
    with (folder / BIG_NAME).open("wb") as handle:
        handle.truncate(BIG_BYTES)


# Slow, as every test of it: the huge file takes the run past
# cluster_min_bytes, onto a local cluster of one worker process per core.
@pytest.fixture(scope="module")
def ingest(tmp_path_factory: pytest.TempPathFactory, cli_runner: CliRunner) -> tuple[Result, Path]:
    root = tmp_path_factory.mktemp("hostile")
    write_corpus(root / "in")
    result = cli_runner.invoke(main, ["index", str(root / "in"), "--index", str(root / "ix")])
    return result, root / "ix"


def skip_lines(result: Result) -> dict[str, str]:
    """Return file name -> reason from the 'skipped PATH: REASON' lines."""
    reasons: dict[str, str] = {}
    for line in result.stderr.splitlines():
        line = line.strip()
        if line.startswith("skipped "):
            path, _, reason = line[len("skipped "):].partition(": ")
            reasons[Path(path).name] = reason
    return reasons


@pytest.mark.slow
def test_exit_status_says_files_were_skipped(ingest: tuple[Result, Path]) -> None:
    result, _ = ingest
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert f"skipped {len(BAD_FILES) + 1} files" in result.stdout


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_each_bad_file_has_its_reason(ingest: tuple[Result, Path], name: str) -> None:
    reasons = skip_lines(ingest[0])
    assert name in reasons, sorted(reasons)
    reason = reasons[name].lower()
    assert any(word in reason for word in BAD_FILES[name][1]), reason


@pytest.mark.slow
def test_huge_file_is_skipped_as_too_large(ingest: tuple[Result, Path]) -> None:
    reason = skip_lines(ingest[0])[BIG_NAME]
    assert "too large" in reason and "50" in reason


@pytest.mark.slow
def test_good_files_are_not_skipped(ingest: tuple[Result, Path]) -> None:
    reasons = skip_lines(ingest[0])
    for name in ("good.txt", "good.html", "good.json", "deep.html", "broken.html", "latin1.txt"):
        assert name not in reasons, reasons.get(name)


@pytest.mark.slow
@pytest.mark.parametrize("word, source", [
    ("timetable", "good.txt"),
    ("zebrafinch", "good.html"),
    ("quokkapool", "good.json"),
    ("albatrossbudget", "deep.html"),
    ("narwhalcouncil", "broken.html"),
    ("pelicanbudget", "latin1.txt"),
])
def test_good_files_are_searchable(ingest: tuple[Result, Path], word: str, source: str) -> None:
    index = open_index(ingest[1])
    try:
        result = engine.search(index, SearchRequest(query=word))
    finally:
        index.close()
    assert result.total >= 1
    assert {h.doc_id for h in result.hits}


@pytest.mark.slow
def test_nothing_from_bad_files_is_indexed(ingest: tuple[Result, Path]) -> None:
    index = open_index(ingest[1])
    try:
        for word in ("nested", "NULs", "half"):
            assert engine.search(index, SearchRequest(query=word)).total == 0, word
    finally:
        index.close()


def test_all_good_folder_exits_zero(tmp_path: Path, cli_runner: CliRunner) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "good.txt").write_text(GOOD_TEXT, encoding="utf-8")
    result = cli_runner.invoke(main, ["index", str(folder), "--index", str(tmp_path / "ix")])
    assert result.exit_code == 0, result.output
    assert "skipped 0 files" in result.stdout


@pytest.mark.slow
def test_the_latin1_file_is_named_as_read_by_guess(ingest: tuple[Result, Path]) -> None:
    line = next(line for line in ingest[0].stdout.splitlines() if line.startswith("Read "))
    assert line.startswith("Read 1 file as windows-1252") and line.endswith("latin1.txt")
