"""Each speaker value's type, person or organisation, is one answer for the
whole article, whenever it is asked (issue #31, invented text): the
organisations scan is read whether or not "it" or "the company" built it
first, a person a first name, title or office vouches for stays a person
where a rule let them speak as a body, and a body's name the registry cut
at "of" as well as a describing word ("British") speaks whole."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text
from onrecord.indexer.annotate.attribution.people.people import Person
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.people.speakertypes import is_org_value


def typed(text: str) -> list[tuple[str, str | None, str | None]]:
    return [(q.kind, q.speaker, q.speaker_type) for p in extract_text(text).paragraphs for q in p.quotes]


@pytest.mark.parametrize("text, want", [
    ('Abuse row\n\nUS policy "condemns and prohibits" torture, the Quarlon said. The Quarlon said there was no '
     "evidence that any detainee was abused.\n",
     [("partial", "Quarlon", "organisation"), ("indirect", "Quarlon", "organisation")]),
    ('Abuse row\n\nUS policy "condemns and prohibits" torture, the Pentagon said.\n\nThe Pentagon said there was '
     "no evidence that any detainee was abused.\n",
     [("partial", "Pentagon", "organisation"), ("indirect", "Pentagon", "organisation")]),
])
def test_a_body_the_scan_shows_is_typed_one_without_the_scan_built_first(
        text: str, want: list[tuple[str, str, str]]) -> None:
    assert typed(text) == want


@pytest.mark.parametrize("name", ["Trimco", "Vole Widgets"])
def test_is_org_gives_one_answer_before_and_after_the_scan_is_built(name: str) -> None:
    people = DocSpeakers(f"{name}, which makes widgets, called the plan wrong. {name} said later it would sue.")
    first = people.is_org(name)
    assert "organisations" in people.__dict__  # asked, the scan was built ...
    assert first and people.is_org(name)  # ... and read the first time too


class _Registry:
    """A registry holding one person by surname, knowing no institution."""

    def __init__(self, person: Person | None) -> None:
        self.by_last = {person.last: [person]} if person else {}
        self.organisations = DocSpeakers("Nothing here.").organisations

    def match_org(self, phrase: str) -> str | None:
        return None

    def org_like(self, name: str) -> bool:
        return False  # no strong words in this article


@pytest.mark.parametrize("name, first, spoke_as_body, want", [
    ("Ann Vole", "Ann", True, False),  # a first name vouches for her
    ("Lord Pimm", "", True, False),  # a title
    ("Jean-Luc Vole", "Jean-Luc", True, False),  # a hyphenated first name's first part
    ("President Vole", "", True, False),  # an office
    ("Acme Vole", "Acme", True, True),  # no first name: a body that spoke as one
    ("Zelkor", "", True, True),
    ("Zelkor", "", False, False),
    ("Quorn Vale", "Quorn", False, False),  # a first name by the registry's reading, no org word
    ("Quorn Group", "Quorn", False, True),  # an org word ends it
])
def test_a_vouched_person_is_a_person_even_where_a_rule_made_them_speak_as_a_body(
        name: str, first: str, spoke_as_body: bool, want: bool) -> None:
    person = Person(name, first, name.split()[-1])
    people = _Registry(person)
    assert is_org_value(people, name, {name} if spoke_as_body else set()) is want


@pytest.mark.parametrize("text, speaker", [
    ('Growth slows\n\nExports will face "serious challenges", the British Chamber of Trade (BCT) has said.\n',
     "British Chamber of Trade"),  # not "Chamber" with "British" its role
    ('Growth slows\n\nExports will face "serious challenges", the Scottish Guild of Weavers (SGW) has said.\n',
     "Scottish Guild of Weavers"),
])
def test_a_body_cut_at_of_and_a_describing_word_speaks_whole(text: str, speaker: str) -> None:
    assert typed(text) == [("partial", speaker, "organisation")]
