"""A capitalised auxiliary before another capitalised word is a first name
("Will Vole, a fellow at Acme, told"), not the verb
(indexer.annotate.attribution.phrases.persons.unclosed_role_appositive)."""
from __future__ import annotations

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Metadata, ParsedArticle


def _speakers(text: str) -> list[str | None]:
    article = annotate_quotes(chunk_article(ParsedArticle(source="t", text=text, meta=Metadata())))
    return [q.speaker for p in article.paragraphs for q in p.quotes if q.kind != "indirect"]


def test_will_before_a_surname_and_an_unclosed_appositive_is_a_first_name() -> None:
    text = ("Planners want a new square for the market town. Sharing the costs would help shops stay open. "
            '"What we want is a village green," Will Quarrendon, senior planner at the Trust told the radio. '
            '"One place for everyone."')
    assert _speakers(text) == ["Will Quarrendon", "Will Quarrendon"]
