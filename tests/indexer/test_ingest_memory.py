"""What keeps ingest memory bounded (issue 17): JSONL records parsed one at
a time, commits every batch even inside one export, and a text-identified
article hashed without splitting its whole text.  Peak RSS itself is
measured by `python -m bench.ingest.heavy`, not here."""
from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from onrecord.indexer import pipeline
from onrecord.indexer.chunk import chunker
from onrecord.indexer.parse.parser import iter_articles
from onrecord.search.model import Metadata, SourceFile
from onrecord.search.storage.opening import ram_index


def test_jsonl_records_are_parsed_only_when_reached() -> None:
    text = json.dumps({"text": "First story."}) + "\n{not json\n" + json.dumps({"text": "Third."}) + "\n"
    warnings: list[str] = []
    articles = iter_articles(SourceFile(path="a.jsonl", kind="jsonl", text=text), warnings)
    assert next(articles).text == "First story."
    assert warnings == []  # line 2 not read yet
    assert [a.text for a in articles] == ["Third."]
    assert warnings == ["line 2: invalid JSON at column 2: Expecting property name enclosed in double quotes"]


def test_a_big_export_is_committed_batch_by_batch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "many.jsonl"
    path.write_text("\n".join(json.dumps({"text": f"Story number {i} about the council.",
                                          "url": f"https://example.org/{i}"}) for i in range(5)),
                    encoding="utf-8")
    sizes: list[int] = []
    real = pipeline.write_articles
    monkeypatch.setattr(pipeline, "write_articles", lambda index, articles, records, **kw: (
        sizes.append(len(articles)), real(index, articles, records, **kw))[1])
    summary = pipeline.ingest_paths([path], ram_index(), batch_articles=2)
    assert sizes == [2, 2, 1] and summary.articles == 5


@pytest.mark.parametrize("piece", [1, 3, 64])
def test_text_ids_hash_the_same_bytes_as_the_joined_text(piece: int) -> None:
    rng = random.Random(piece)
    alphabet = ["a", "B", "\u00df", "\u03a3", "\u03c2", " ", "\n", "\t", "\x1c", "\u2028", "\u00a0",
                "\u0130", "\ufb01", "  ", "word"]
    for _ in range(500):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60)))
        expected = hashlib.sha1(" ".join(text.split()).casefold().encode("utf-8")).hexdigest()[:16]
        assert chunker._normalised_text_sha1(text, piece) == expected
        assert chunker.make_article_id(Metadata(), text) == "t" + expected  # in one piece
