"""Test data built from inline text: model Articles (with Paragraphs and
Quotes) and small indexes holding them.  Shared by the test modules
directly and through the fixtures of tests/conftest.py."""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from pathlib import Path

from onrecord.search.model import Article, Metadata, Paragraph, Quote, QuoteKind
from onrecord.search.storage.opening import open_index, ram_index
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles

PUBLISHED = dt.date(2023, 3, 1)
# A paragraph: its text, or (text, the quoted part of it or None).
Para = str | tuple[str, str | None]


def make_article(doc_id: str, paras: Sequence[Para], *, title: str | None = "Title",
                 outlet: str | None = "The Ledger", published: dt.date | None = PUBLISHED,
                 url: str | None = None, para_id: str = "{doc_id}-p{n}",
                 speaker: str | None = None, role: str | None = None, cue: str | None = None,
                 kind: QuoteKind = "direct", speakers: Sequence[str] = (), institutions: Sequence[str] = (),
                 meta: Metadata | None = None) -> Article:
    """Return article `doc_id` whose paragraphs are `paras`, joined by
    blank lines (offsets to match); ids from `para_id` and the title from
    `title`, formatted with {doc_id} and {n} (from 1), or the whole
    `meta` when given (title, outlet, published and url then unused).  With `speaker`,
    a paragraph given as text is all a quote of theirs, one given as
    (text, quoted) has `quoted` as their quote (None: no quote), with
    `role`, `cue` and `kind` (direct, partial or indirect); each paragraph also names `speakers` and
    `institutions`."""
    paragraphs, offset = [], 0
    for n, para in enumerate(paras, 1):
        text, quoted = (para, para) if isinstance(para, str) else para
        quotes = _quotes(text, quoted, offset, speaker, role, cue, kind)
        paragraphs.append(Paragraph(
            id=para_id.format(doc_id=doc_id, n=n), n=n, start=offset, end=offset + len(text),
            text=text, quotes=quotes, institutions=list(institutions),
            speakers=list(speakers) + ([speaker] if quotes and speaker else [])))
        offset += len(text) + 2
    if meta is None:
        meta = Metadata(title=None if title is None else title.format(doc_id=doc_id), outlet=outlet,
                        url=url, published=published)
    texts = [p.text for p in paragraphs]
    return Article(id=doc_id, source=f"{doc_id}.txt", text="\n\n".join(texts), meta=meta,
                   paragraphs=paragraphs)


def _quotes(text: str, quoted: str | None, offset: int, speaker: str | None,
            role: str | None, cue: str | None, kind: QuoteKind = "direct") -> list[Quote]:
    """Return `speaker`'s quote of `quoted` within `text` (at `offset` in
    the article), or none without a speaker or quoted part."""
    if speaker is None or not quoted:
        return []
    start = offset + max(text.find(quoted), 0)
    return [Quote(text=quoted, start=start, end=start + len(quoted), kind=kind, speaker=speaker,
                  role=role, cue=cue)]


def indexed(*commits: Sequence[Article]) -> Index:
    """Return an in-memory Index holding `commits`, one commit each (so
    as many segments)."""
    index = ram_index()
    for articles in commits:
        write_articles(index, articles)
    return index


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


def segment_files_by_kind(path: Path) -> dict[str, list[bytes]]:
    """Return the bytes of every file in the index directory `path` by extension,
    sorted, but the TOC's (which names the random segment id) and the lock's."""
    files: dict[str, list[bytes]] = {}
    for entry in sorted(path.iterdir()):
        if not entry.name.endswith((".toc", ".lock")):
            files.setdefault(entry.name.rsplit(".", 1)[-1], []).append(entry.read_bytes())
    return {kind: sorted(contents) for kind, contents in files.items()}
