"""A quote inside a report nested in another's is the outer speaker's
(indexer.annotate.attribution.descriptions.claims.outer_report): "X said the police
had said ...", "students who were told ..." name nobody who speaks; a named
inner speaker and a quote a colon opens stay the inner speaker's."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Metadata, ParsedArticle

_LEAD = "Card plan splits the party\n\nThe party met in Leeds on Monday.\n\n"


def _speakers(text: str) -> list[str | None]:
    article = annotate_quotes(chunk_article(ParsedArticle(source="t", text=_LEAD + text, meta=Metadata())))
    return [q.speaker for p in article.paragraphs for q in p.quotes if q.kind != "indirect"]


@pytest.mark.parametrize("text", [
    'Mark Vole said the police had said the cards could "help them stop a bomb plot".',
    'Mark Vole said pensioners were poor and students who were told there would be no fees '
    '"have been given debts instead".',
    'He met the board. Mark Vole said the officials had promised the cards would be "free for all".',
])
def test_a_description_reporting_inside_a_report_gives_the_quote_to_the_outer_speaker(text: str) -> None:
    assert _speakers(text)[-1] == "Mark Vole"


def test_a_named_inner_speaker_keeps_the_quote() -> None:
    text = 'Mark Vole said he had met Tom Reed, who had told him the plan could "mean anything at all".'
    assert _speakers(text)[-1] == "Tom Reed"


def test_a_quote_a_colon_opens_is_the_inner_speakers() -> None:
    text = 'Mark Vole said the officials had told him: "We need the cards."'
    assert _speakers(text)[-1] != "Mark Vole"
