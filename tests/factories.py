"""Test data built from inline text: model Articles (with Paragraphs and
Quotes) and small on-disk indexes.  Shared by the test modules directly and
through the fixtures of tests/conftest.py."""
from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Iterable, Sequence

from onrecord.search.model import Article, Metadata, Paragraph, Quote
from onrecord.search.storage.store import open_index, write_articles

PUBLISHED = dt.date(2023, 3, 1)


def make_article(doc_id: str, texts: Sequence[str], *, title: str = "Title",
                 outlet: str | None = "The Ledger", published: dt.date | None = PUBLISHED,
                 url: str | None = None, para_id: str = "{doc_id}-p{n}",
                 speaker: str | None = None) -> Article:
    """Return article `doc_id` whose paragraphs are `texts` (joined by blank
    lines, offsets to match), ids from `para_id` ({doc_id}, {n} from 1).
    With `speaker`, each paragraph is one quote of theirs, said."""
    paragraphs, offset = [], 0
    for n, text in enumerate(texts, 1):
        quotes = [Quote(text=text, start=offset, end=offset + len(text), speaker=speaker,
                        cue="said")
                  ] if speaker else []
        paragraphs.append(Paragraph(id=para_id.format(doc_id=doc_id, n=n), n=n, start=offset,
                                    end=offset + len(text), text=text, quotes=quotes,
                                    speakers=[speaker] if speaker else []))
        offset += len(text) + 2
    meta = Metadata(title=title, outlet=outlet, url=url, published=published)
    return Article(id=doc_id, source=f"{doc_id}.txt", text="\n\n".join(texts), meta=meta,
                   paragraphs=paragraphs)


def write_index(path: Path, commits: Iterable[Sequence[Article]]) -> Path:
    """Create the index at `path` with one commit per list of `commits`,
    close it and return `path`."""
    index = open_index(path, create=True)
    try:
        for articles in commits:
            write_articles(index, articles)
    finally:
        index.close()
    return path
