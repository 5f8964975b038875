"""A dash and a name after a quote sign it (indexer.annotate.attribution.phrases.clues.byline_after)."""
from __future__ import annotations

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Metadata, ParsedArticle


def _speakers(text: str) -> list[str | None]:
    article = annotate_quotes(chunk_article(ParsedArticle(source="t", text=text, meta=Metadata())))
    return [q.speaker for p in article.paragraphs for q in p.quotes]


def test_a_byline_with_a_trailing_parenthetical_names_the_speaker() -> None:
    text = "Box Two\n\nWhat Buyers Say | \u201cThe boxes came on time and the food was fresh.\u201d \u2013 Lena K. (Read all reviews.)"
    assert _speakers(text) == ["Lena K."]


def test_a_single_name_after_a_dash_signs_the_quote() -> None:
    text = "Box Three\n\nWhat Buyers Say | \u201cThey are tasty salads.\u201d \u2013 Zabeth"
    assert _speakers(text) == ["Zabeth"]


def test_initials_after_a_dash_sign_the_quote() -> None:
    text = "Box Four\n\n\u201cThe prep is easy to follow.\u201d \u2014 QT"
    assert _speakers(text) == ["QT"]
