"""The heavy-input benchmark's generators: deterministic, and they hold what
the table says (n quotes; JSONL records and an HTML page of the asked size)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.ingest.heavy import quote_heavy_text, write_html, write_jsonl
from onrecord.indexer.pipeline import extract_file


@pytest.mark.parametrize("layout", ["paragraphs", "lines", "block"])
def test_quote_heavy_text_holds_about_n_attributed_quotes(tmp_path: Path, layout: str) -> None:
    text = quote_heavy_text(400, layout=layout)
    assert text == quote_heavy_text(400, layout=layout)  # seeded
    path = tmp_path / "a.txt"
    path.write_text(text, encoding="utf-8")
    quotes = [q for a in extract_file(path) for p in a.paragraphs for q in p.quotes]
    assert 380 <= len(quotes) <= 420
    assert sum(1 for q in quotes if q.speaker) > 300


def test_written_files_have_the_asked_size_and_parse(tmp_path: Path) -> None:
    jsonl, page = tmp_path / "a.jsonl", tmp_path / "a.html"
    records = write_jsonl(jsonl, 0.2)
    paragraphs = write_html(page, 0.2)
    assert 200_000 <= jsonl.stat().st_size < 230_000 and 200_000 <= page.stat().st_size < 260_000
    assert len(jsonl.read_text(encoding="utf-8").splitlines()) == records
    assert all(json.loads(line)["text"] for line in jsonl.read_text(encoding="utf-8").splitlines())
    (article,) = extract_file(page)
    assert len(article.paragraphs) == paragraphs
    assert len(extract_file(jsonl)) == records
