"""A page's section heading names a section, never who speaks the quotes
under it (indexer.annotate.attribution.attribution).  Invented text."""
from __future__ import annotations

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Block, Metadata, ParsedArticle


def _speakers(parts: list[tuple[str, str]]) -> list[str | None]:
    """Return the quotes' speakers of an article made of (kind, text) blocks."""
    text, blocks, at = "", [], 0
    for kind, part in parts:
        text += ("\n\n" if text else "") + part
        at = len(text) - len(part)
        blocks.append(Block(start=at, end=len(text), kind=kind))  # type: ignore[arg-type]
    parsed = ParsedArticle(source="t.html", text=text, meta=Metadata(), blocks=tuple(blocks))
    return [q.speaker for p in annotate_quotes(chunk_article(parsed)).paragraphs for q in p.quotes]


def test_quotes_under_a_heading_are_not_the_headings_words() -> None:
    parts = [("body", "Learning slowly pays off for most new programmers over a career."),
             ("heading", "Usual Complaints"),
             ("body", "\u201cThis takes far too long. I have deadlines to meet.\u201d"),
             ("body", "A deadline matters this week, but a career lasts decades.")]
    assert _speakers(parts) == [None]


def test_a_heading_ending_on_a_colon_introduces_no_speaker() -> None:
    parts = [("body", "Mentors repeat one picture to every new learner they meet."),
             ("heading", "The Pier Picture:"),
             ("body", "\u201cThink of the sign as a pier. Everything before it is the name.\u201d")]
    assert _speakers(parts) == [None]


def test_a_body_line_before_the_quote_still_names_its_speaker() -> None:
    parts = [("body", "Ines Karvo runs the course and puts it plainly."),
             ("body", "\u201cThis takes far too long for most people, and that is the point.\u201d")]
    assert _speakers(parts) == ["Ines Karvo"]
