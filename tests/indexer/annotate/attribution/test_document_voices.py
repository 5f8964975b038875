"""Documents and publications that speak (issues #31 and #32): "the report
said" is the body the article wrote as saying something in it ("Acme says in
a report") or named before it ("a Acme Bank report"); "it" right after a
document's or publication's words is that issuer, never the body named last;
a newspaper the article writes only as "The Bugle" is named so."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.indirect.itdocuments import is_document
from tests.indexer.annotate.attribution.articles import kinds_and_speakers as _quotes
from tests.indexer.annotate.attribution.articles import quotes_in


@pytest.mark.parametrize(("text", "speaker"), [
    # the owner wrote as saying something in such a document
    ("Fewer ferries will sail next year, Seawatch says in a report. Tom Dahl of Seawatch said: \u201cIt is sad.\u201d"
     "\n\nThe report said: \u201cThe harbour cannot wait.\u201d", "Seawatch"),
    ("The Norland Harbour Board said in a statement that fares would rise. The Vexa Ferry Company was angry."
     "\n\nThe statement added: \u201cWe had no choice.\u201d", "Norland Harbour Board"),
    # the owner named before the noun, a body the article knows
    ("Ferry use is falling, according to a Norland Ferry Association report. The Norland Council met on Monday."
     "\n\n\u201cFewer people travel by sea,\u201d the report said.", "Norland Ferry Association"),
])
def test_the_document_is_its_owners_words(text: str, speaker: str) -> None:
    assert [s for kind, s in _quotes(text) if kind == "direct"][-1] == speaker


@pytest.mark.parametrize(("text", "speaker"), [
    # "it" after a document's words: the document's issuer, not the body named in between
    ("Seawatch says in a report that fares will rise. The Norland Council met the ferry owners on Monday. "
     "The report said: \u201cThe harbour must act.\u201d It also points out that the ferries are old.", "Seawatch"),
    # "it" after a newspaper credited by "according to", a body the subject of the sentence between
    ("Fares will rise in May, according to the Norland Courier. The Harbour Board was not available to "
     "comment.\n\nIt says the rise will be 5%.", "Norland Courier"),
    ("The Harbour Board is to raise fares, according to the Sunday Courier.\n\nIt says the rise will be 5%.",
     "Sunday Courier"),
])
def test_it_after_a_document_is_its_issuer(text: str, speaker: str) -> None:
    assert [s for kind, s in _quotes(text) if kind == "indirect"][-1] == speaker


def test_it_after_a_person_is_left_alone() -> None:
    text = "Ann Vole said the mine would close. It said 300 jobs would go."
    # a person is never "it"; with no body before it the statement stays unattributed
    assert [s for kind, s in _quotes(text) if kind == "indirect"][-1] is None


@pytest.mark.parametrize(("phrase", "document"), [
    ("the report", True),
    ("The paper", True),
    ("the club website", True),
    ("The Bugle Times", True),  # a masthead
    ("Mr Dahl", False),
    ("the company", False),
    ("it", False),
])
def test_is_document(phrase: str, document: bool) -> None:
    assert is_document(phrase) is document


@pytest.mark.parametrize(("text", "speaker"), [
    # written only as "The ...": the name keeps its "The"
    ("The Bugle Times reported that the mine would close.", "The Bugle Times"),
    ("The Norland Courier newspaper said the mine would close. The paper said 300 jobs would go.",
     "The Norland Courier"),
    # also written after a lowercase "the": no "The"
    ("The Bugle Times reported that the mine would close. Ann Vole told the Bugle Times she was sad.",
     "Bugle Times"),
    # a part of a longer name: no "The"
    ("The Telegraph reported that the mine would close. Ann Vole writes for the Daily Telegraph.", "Telegraph"),
])
def test_a_newspaper_is_named_as_written(text: str, speaker: str) -> None:
    assert [s for kind, s in _quotes(text) if kind == "indirect"][0] == speaker


def test_it_keeps_a_pronouns_tie() -> None:
    text = ("Seawatch says in a report that fares will rise. The Norland Council met the ferry owners on Monday. "
            "The report said: \u201cThe harbour must act.\u201d It also points out that the ferries are old.")
    last = quotes_in(text)[-1]
    assert (last.speaker, last.evidence) == ("Seawatch", "pronoun")
