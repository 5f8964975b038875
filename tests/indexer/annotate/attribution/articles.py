"""An inline article run through chunking and quote attribution (speaker_opening: the whole
annotation): the helpers the attribution tests share (each test file once wrote its own copy)."""
from __future__ import annotations

from bench.extraction import extract_text
from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Metadata, ParsedArticle, Quote


def quotes_in(text: str) -> list[Quote]:
    """Return every quote of `text`, attributed, in order."""
    article = annotate_quotes(chunk_article(ParsedArticle(source="t", text=text, meta=Metadata())))
    return [q for p in article.paragraphs for q in p.quotes]


def quoted_only(text: str) -> list[Quote]:
    """Return the direct and partial quotes of `text` (no reported clause), attributed, in order."""
    return [q for q in quotes_in(text) if q.kind != "indirect"]


def kinds_and_speakers(text: str) -> list[tuple[str, str | None]]:
    """Return (kind, speaker) of every quote of `text`, in order."""
    return [(q.kind, q.speaker) for q in quotes_in(text)]


def speakers_of_kind(text: str, kind: str) -> list[str | None]:
    """Return the speaker of every quote of `text` of `kind`, in order."""
    return [q.speaker for q in quotes_in(text) if q.kind == kind]


def speaker_of(text: str, needle: str) -> str | None:
    """Return the speaker of the last quote of `text` holding `needle` (one must)."""
    found = [q for q in quotes_in(text) if needle in q.text]
    assert found, needle
    return found[-1].speaker


def speaker_opening(text: str, opening: str) -> str | None:
    """Return the speaker of the one quote or reported clause of `text` whose words open with
    `opening`, through the whole annotation (bench.extraction.extract_text: cleanup stages too)."""
    found = [q.speaker for p in extract_text(text).paragraphs for q in p.quotes
             if text[q.start:q.end].startswith(opening)]
    assert len(found) == 1, [(text[q.start:q.start + 12], q.speaker) for p in extract_text(text).paragraphs
                             for q in p.quotes]
    return found[0]
