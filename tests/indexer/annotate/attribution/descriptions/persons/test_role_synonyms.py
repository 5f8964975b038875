"""A role description names the person introduced with a role word of the same
job (indexer.annotate.attribution.descriptions.persons.rolesynonyms, the lexicon's
"role_synonyms"): "the Vole boss" is whom the article introduced as Vole's
manager, "the Acme striker" its forward; one row a case, both ways."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.descriptions.persons.rolesynonyms import with_synonyms
from tests.indexer.annotate.attribution.articles import speakers_of_kind as _quotes


@pytest.mark.parametrize(("roles", "found"), [
    ({"manager"}, {"manager", "boss"}),
    ({"boss"}, {"boss", "manager"}),
    ({"forward"}, {"forward", "striker"}),
    ({"striker"}, {"striker", "forward"}),
    # a word of no row stays alone
    ({"coach"}, {"coach"}),
    (set(), set()),
])
def test_with_synonyms(roles: set[str], found: set[str]) -> None:
    assert with_synonyms(roles) == frozenset(found)


@pytest.mark.parametrize(("text", "speaker"), [
    # boss / manager: not the player the sentence before was about
    ('Winger Tom Reed has fallen out with Vole Town manager Ann Marsh. Tom Reed has asked to leave. '
     '"He will not play again," the Vole boss said.', "Ann Marsh"),
    ('Winger Tom Reed has fallen out with Vole Town boss Ann Marsh. Tom Reed has asked to leave. '
     '"He will not play again," the Vole manager said.', "Ann Marsh"),
    # striker / forward
    ('Acme forward Tom Reed met coach Ann Marsh. Ann Marsh smiled at the end. '
     '"I am happy here," the Acme striker said.', "Tom Reed"),
])
def test_a_role_names_the_person_introduced_with_its_synonym(text: str, speaker: str) -> None:
    assert _quotes(text, "direct") == [speaker]


@pytest.mark.parametrize(("text", "speaker"), [
    # reported speech: a role no one was introduced with names no one, but its synonym's holder is someone
    ('Acme forward Tom Reed has been linked with a move to Vole Rovers for many weeks now, and the talk goes on '
     'in the papers every day of the week, with the fans and the pundits all asking the same questions about '
     'what comes next for the club and for its players this summer and later in the year. But the Acme '
     'striker said he was happy at the club.', "Tom Reed"),
])
def test_a_reported_role_names_the_person_introduced_with_its_synonym(text: str, speaker: str) -> None:
    assert _quotes(text, "indirect") == [speaker]
