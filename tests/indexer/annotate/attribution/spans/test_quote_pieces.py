"""A quote's verbatim pieces (Quote.pieces: the words inside its marks) and a
partial quote's span ending before its attribution.  Invented sentences."""
from __future__ import annotations

import pytest

from onrecord.search import Quote
from tests.indexer.annotate.attribution.articles import quotes_in as _quotes


def _pieces(text: str, quote: Quote) -> list[str]:
    return [text[lo:hi] for lo, hi in quote.pieces]


@pytest.mark.parametrize(("text", "kind", "pieces"), [
    ('"We will appeal the ruling," said Jane Porter.', "direct", ["We will appeal the ruling,"]),
    ('Jane Porter said the ruling was "a travesty" and vowed to fight.', "partial", ["a travesty"]),
    ('The port will pay an ""unfair and grossly low" sum, Ola Brandt said.', "partial",
     ["unfair and grossly low"]),
])
def test_each_quote_has_the_words_inside_its_marks(text: str, kind: str, pieces: list[str]) -> None:
    [quote] = _quotes(text)
    assert quote.kind == kind
    assert _pieces(text, quote) == pieces


def test_later_fragments_of_one_clause_are_pieces_of_its_quote() -> None:
    text = 'Mr Vole said the plan was "reckless" and "doomed from the start".'
    [quote] = _quotes(text)
    assert quote.kind == "partial"
    assert _pieces(text, quote) == ["reckless", "doomed from the start"]
    assert all(quote.start <= lo < hi <= quote.end for lo, hi in quote.pieces)


@pytest.mark.parametrize(("text", "clause"), [
    ('Ola Brandt said the harbour was "in a sorry state" which she said was the fault of the council.',
     'the harbour was "in a sorry state"'),
    ('She called the bill "a disgrace" but he said it would pass.', 'the bill "a disgrace"'),
    ('Ola Brandt runs the port. The deputy had "caused uproar" when he said it would close.',
     'The deputy had "caused uproar"'),
    ('The rules were "too strict" for small firms, he added.', 'The rules were "too strict" for small firms'),
])
def test_a_partial_span_stops_before_its_attribution(text: str, clause: str) -> None:
    quote = _quotes(text)[0]
    assert quote.kind == "partial"
    assert quote.text == clause


def test_the_pieces_travel_in_the_json_contract() -> None:
    text = 'Jane Porter said the ruling was "a travesty".'
    data = _quotes(text)[0].to_dict()
    assert [text[lo:hi] for lo, hi in data["pieces"]] == ["a travesty"]

