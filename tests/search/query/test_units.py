"""Which parsed queries can match paragraph documents only (issue #33):
paragraph mode then leaves its matches as they are instead of taking the
index's quote documents away from them on every search."""
from __future__ import annotations

import pytest
from whoosh import query as wq

from onrecord.search.query.collecting import restrict_query
from onrecord.search.query.units import only_paragraphs, only_quotes, quote_term, restrict_unit

WORD = wq.Term("text", "police")
SPEAKER = wq.Term("speaker_facet", "Ann Vole")


@pytest.mark.parametrize(("q", "expected"), [
    (WORD, True),
    (wq.Phrase("exact", ["missing", "persons"]), True),
    (wq.Or([WORD, wq.Term("title", "police")]), True),
    (wq.And([SPEAKER, WORD]), True),                  # a required paragraph word
    (wq.AndNot(WORD, wq.Term("text", "war")), True),
    (wq.ConstantScoreQuery(WORD, 1.0), True),
    (SPEAKER, False),                                 # speaker: is a quote document's field too
    (wq.Or([WORD, SPEAKER]), False),                  # the speaker side may match a quote
    (wq.AndNot(wq.Every(), WORD), False),             # "-police": everything else, quotes too
    (wq.Every(), False),
])
def test_only_paragraphs(q: wq.Query, expected: bool) -> None:
    assert only_paragraphs(q) is expected


def test_paragraph_mode_keeps_the_restriction_only_where_a_quote_could_match() -> None:
    assert restrict_query(WORD, restrict_unit(None, "paragraphs")) == WORD
    assert restrict_query(SPEAKER, restrict_unit(None, "paragraphs")) == wq.AndNot(SPEAKER, quote_term())
    flt = restrict_unit(wq.Term("outlet_facet", "BBC"), "paragraphs")
    assert restrict_query(WORD, flt) == wq.And([WORD, wq.ConstantScoreQuery(wq.Term("outlet_facet", "BBC"), 0.0)])


SAID = wq.Term("said", "police")


@pytest.mark.parametrize(("q", "expected"), [
    (SAID, True),
    (wq.Phrase("said_exact", ["missing", "persons"]), True),
    (wq.And([SPEAKER, SAID]), True),                  # a required word of the quote
    (wq.AndNot(SAID, wq.Term("said", "war")), True),
    (WORD, False),                                    # a paragraph word (never in quotes mode)
    (SPEAKER, False),                                 # paragraphs hold speakers too
    (wq.Or([SAID, SPEAKER]), False),
    (wq.AndNot(wq.Every(), SAID), False),
])
def test_only_quotes(q: wq.Query, expected: bool) -> None:
    assert only_quotes(q) is expected


def test_quotes_mode_keeps_the_restriction_only_where_a_paragraph_could_match() -> None:
    assert restrict_query(SAID, restrict_unit(None, "quotes")) == SAID
    outlet = wq.Term("outlet_facet", "BBC")
    assert restrict_query(SAID, restrict_unit(outlet, "quotes")) == wq.And(
        [SAID, wq.ConstantScoreQuery(outlet, 0.0)])
    assert restrict_query(SPEAKER, restrict_unit(None, "quotes")) == wq.And(
        [SPEAKER, wq.ConstantScoreQuery(quote_term(), 0.0)])
