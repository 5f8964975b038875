"""An office description ("the chancellor", "the Irish prime minister") never
names a person the article introduced with another office
(indexer.annotate.attribution.descriptions.persons.otheroffices): a shadow, deputy or
vice office is not the office, a sole office is not another, and of two
holders of one office the description's nationality or party picks one."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.attribution.descriptions.persons.otheroffices import holds_other_office, same_polity
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Metadata, ParsedArticle


def _speakers(text: str) -> list[str | None]:
    article = annotate_quotes(chunk_article(ParsedArticle(source="t", text=text, meta=Metadata())))
    return [q.speaker for p in article.paragraphs for q in p.quotes]


@pytest.mark.parametrize(("roles", "office", "changed", "other"), [
    # an office changer on one side only
    ({"shadow", "chancellor"}, {"chancellor"}, set(), True),
    ({"deputy", "mayor"}, {"mayor"}, set(), True),
    ({"vice", "president"}, {"president"}, set(), True),
    ({"chancellor"}, {"chancellor"}, {"shadow"}, True),
    ({"shadow", "chancellor"}, {"chancellor"}, {"shadow"}, False),
    # a past changer says when, not which office
    ({"teacher"}, {"teacher"}, {"former"}, False),
    ({"former", "teacher"}, {"teacher"}, set(), False),
    # a changer of the person's other office: "deputy leader and Labour MP Ann Vole" is "the Labour MP"
    ({"deputy", "leader", "mp"}, {"mp"}, set(), False),
    # a sole office is not another office
    ({"prime", "minister"}, {"chancellor"}, set(), True),
    ({"prime", "minister"}, {"mayor"}, set(), True),
    ({"leader"}, {"mayor"}, set(), True),
    ({"mp"}, {"president"}, set(), True),
    ({"chancellor"}, {"chancellor"}, set(), False),
    # an office shared by many is not sole: "Home Secretary Ann Vole" may be "the minister"
    ({"home", "secretary"}, {"minister"}, set(), False),
    # no office on either side: nothing to differ from
    (set(), {"chancellor"}, set(), False),
    ({"prime", "minister"}, set(), set(), False),
])
def test_holds_other_office(roles: set[str], office: set[str], changed: set[str], other: bool) -> None:
    assert holds_other_office(roles, frozenset(office), frozenset(changed)) is other


@pytest.mark.parametrize(("roles", "described", "office", "fits"), [
    ({"irish", "prime", "minister"}, {"the", "irish", "prime", "minister"}, {"prime", "minister"}, True),
    ({"prime", "minister"}, {"the", "irish", "prime", "minister"}, {"prime", "minister"}, False),
    ({"prime", "minister"}, {"the", "prime", "minister"}, {"prime", "minister"}, True),
    ({"irish", "prime", "minister"}, {"the", "prime", "minister"}, {"prime", "minister"}, False),
    # a bare office held by many: every holder fits alike
    ({"labour", "mp"}, {"the", "mp"}, {"mp"}, True),
])
def test_same_polity(roles: set[str], described: set[str], office: set[str], fits: bool) -> None:
    assert same_polity(roles, described, frozenset(office)) is fits


@pytest.mark.parametrize(("text", "speaker"), [
    # a shadow office is not the office, nor the other way round
    # (no one else named: descriptions.persons.offices would take a sole office's holder named only as an object)
    ('Shadow Chancellor Ann Vole spoke in Leeds. "It will work," the chancellor said.', None),
    ('Chancellor Tom Reed met Ann Vole in Leeds. "It will fail," the shadow chancellor said.', None),
    ('Deputy Mayor Ann Vole toured the town. "We will build," the mayor said.', None),
    # a sole office is not another one
    ('Prime Minister Tom Reed toured the port. "We will build," the mayor said.', None),
    ('Tom Reed, leader of the Acme Party, toured the port. "We will build," the mayor said.', None),
    # the holder of the sole office the description names still speaks
    ('Prime Minister Tom Reed met Mayor Ann Vole at the port. "We will build," the mayor said.', "Ann Vole"),
    # of two prime ministers, the description's nationality picks one; a bare one is the one with none
    ('Irish Prime Minister Ann Vole met Prime Minister Tom Reed in Cork. "Good talks," the Irish prime minister said.',
     "Ann Vole"),
    ('Prime Minister Tom Reed met Irish Prime Minister Ann Vole in Cork. "Good talks," the prime minister said.',
     "Tom Reed"),
])
def test_an_office_never_names_the_holder_of_another(text: str, speaker: str | None) -> None:
    assert _speakers(text) == [speaker]


@pytest.mark.parametrize(("text", "speakers"), [
    # the person "the shadow chancellor" named keeps the changer: the same description names him again
    ('Tom Reed spoke first. Ann Vole attacked the plan. "It is weak," the shadow chancellor said. '
     '"It is late," the shadow chancellor said.', ["Ann Vole", "Ann Vole"]),
    # ... and "the chancellor" later is not him
    ('Tom Reed spoke first. Ann Vole attacked the plan. "It is weak," the shadow chancellor said.\n\n'
     '"It is fine," the chancellor said.', ["Ann Vole", "Tom Reed"]),
])
def test_a_changed_office_a_description_gave_stays_with_its_changer(text: str, speakers: list[str | None]) -> None:
    assert _speakers(text) == speakers
