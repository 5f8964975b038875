"""Whom a definite office description nobody was introduced with names
(indexer.annotate.attribution.descriptions.persons.offices.current_person): never the
person its own clause opens with ("the chancellor said Mr Pike was wrong":
not Pike; clause_names), and for a sole office no subject fits, the person last
named who holds no other office (the holder the article names only as an
object)."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.annotator import annotate_article
from onrecord.indexer.annotate.attribution.descriptions.persons.offices import clause_names, current_person
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Metadata, ParsedArticle

_TWO = "Budget row\n\nTom Reed backed the plan on Monday. Sam Pike attacked it on Tuesday. "
_RIFT = "Budget row\n\nLabour MP Ann Vole opened the debate on Monday.\n\nShe spoke amid rumours of a rift with "


def _speakers(text: str) -> list[str | None]:
    article = annotate_article(chunk_article(ParsedArticle(source="t", text=text, meta=Metadata())))
    return [q.speaker for p in article.paragraphs for q in p.quotes]


@pytest.mark.parametrize(("text", "speaker"), [
    # the clause's own topic is not who said it: the subject before him is
    (_TWO + "But the chancellor said Mr Pike was wrong about the figures.\n", "Tom Reed"),
    (_TWO + 'But the chancellor said Mr Pike was "wrong about the figures".\n', "Tom Reed"),
    # nor whom the description told
    (_TWO + "But the chancellor told Mr Pike that the figures were right.\n", "Tom Reed"),
    # a sole office's holder named only as an object, the only subject holding another office
    (_RIFT + "Tom Reed. The chancellor said the economy was strong.\n", "Tom Reed"),
    (_RIFT + 'Tom Reed. The chancellor said: "The economy is strong."\n', "Tom Reed"),
    # ... beside one the article introduced with a changed form of the office, who never holds it
    ('Shadow Chancellor Ann Vole met Tom Reed. "It will work," the chancellor said.\n', "Tom Reed"),
    # ... not when the one named holds another office: unnamed beats wrong
    (_RIFT + "Tory MP Tom Reed. The chancellor said the economy was strong.\n", None),
    # an appositive after the description names its person
    (_RIFT + "Tom Reed. The chancellor, Ann Pike, said the economy was strong.\n", "Ann Pike"),
])
def test_office_description_speaker(text: str, speaker: str | None) -> None:
    assert _speakers(text) == [speaker]


@pytest.mark.parametrize(("tail", "named"), [
    (" said Mr Pike was wrong.", {"Sam Pike"}),
    (" told Mr Pike that it was right.", {"Sam Pike"}),
    (" has said that Mr Pike was wrong.", {"Sam Pike"}),
    (" said the plan was wrong. Mr Pike left.", set()),  # the next sentence: not the clause
    (" said he would take the title of Lord Pike.", set()),  # further in: his own, maybe
    (' said: "Mr Pike is wrong."', set()),  # inside a quote: the quote's words
    (", Mr Pike, said it was wrong.", set()),  # an appositive: the description's own person
])
def test_clause_names(tail: str, named: set[str]) -> None:
    text = _TWO + "The chancellor" + tail
    people = DocSpeakers(text)
    orders = clause_names(people, len(_TWO + "The chancellor"))
    assert {p.name for p in people.by_order if p.order in orders} == named


@pytest.mark.parametrize(("office", "changed", "found"), [
    ({"chancellor"}, set(), "Tom Reed"),  # a sole office: its holder named as an object
    ({"lawyer"}, set(), None),  # many hold it: someone named is no more likely than someone new
    ({"chancellor"}, {"shadow"}, None),  # a changed office: no holder a reader knows
])
def test_named_only_as_object(office: set[str], changed: set[str], found: str | None) -> None:
    text = "Row\n\nCritics spoke of a rift with Tom Reed. The official said it was strong.\n"
    person = current_person(DocSpeakers(text), text.index("The official"), None, frozenset(office), frozenset(changed))
    assert (person.name if person else None) == found
