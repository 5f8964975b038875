"""A titled word naming the first word of a full name the article gave is that person:
a family name written first (indexer.annotate.attribution.people.speakers)."""
from __future__ import annotations

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Metadata, ParsedArticle


def _speakers(text: str) -> list[str | None]:
    article = annotate_quotes(chunk_article(ParsedArticle(source="t", text=text, meta=Metadata())))
    return [q.speaker for p in article.paragraphs for q in p.quotes if q.kind != "indirect"]


def test_mr_and_a_family_name_written_first_is_the_full_name() -> None:
    # "Kim" reads as a woman's first name: a title's gender is no clash with a family name first
    text = ('Analysts are cautious. "It will take time," said Kim Joonho, a strategist at Acme Securities.\n\n'
            'The firm owes about $12bn. "They have been stalling to win concessions," said Mr Kim.')
    assert _speakers(text) == ["Kim Joonho", "Kim Joonho"]


def test_a_man_s_first_name_after_mr_is_a_surname_not_that_first_name() -> None:
    text = ('Tory MP Howard Vole was sacked on Friday.\n\n'
            'At a news conference, Mr Howard insisted he had played by the rules. "We stay," Mr Howard said.')
    assert _speakers(text) == ["Howard"]
