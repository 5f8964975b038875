"""An inline article run through chunking and quote attribution, for the description tests."""
from __future__ import annotations

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Metadata, ParsedArticle, Quote


def quotes_in(text: str) -> list[Quote]:
    """Return every quote of `text`, attributed, in order."""
    article = annotate_quotes(chunk_article(ParsedArticle(source="t", text=text, meta=Metadata())))
    return [q for p in article.paragraphs for q in p.quotes]


def speaker_of(text: str, needle: str) -> str | None:
    """Return the speaker of the last quote of `text` holding `needle` (one must)."""
    found = [q for q in quotes_in(text) if needle in q.text]
    assert found, needle
    return found[-1].speaker
