"""A person the article names by surname alone is a pronoun's antecedent from
their first mention on, not only once they speak by name
(indexer.annotate.attribution.registry.singles.cued_words)."""
from __future__ import annotations

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Metadata, ParsedArticle


def _speakers(text: str) -> list[str | None]:
    article = annotate_quotes(chunk_article(ParsedArticle(source="t", text=text, meta=Metadata())))
    return [q.speaker for p in article.paragraphs for q in p.quotes if q.kind != "indirect"]


def test_a_surname_only_person_is_a_pronoun_candidate_before_speaking_by_name() -> None:
    text = ("The club is in talks over a new ground, its chief executive confirmed.\n\n"
            "But Quillfeather, speaking on local radio, also admits Tom Reed, who has been linked "
            'with a move abroad, will decide his own future. He told the station: "Tom is the heart of this club." '
            "Later Quillfeather said the board would meet on Monday.")
    assert _speakers(text) == ["Quillfeather"]
