"""A body inside a person's role appositive read as the speaker phrase
(indexer.annotate.attribution.descriptions.persons.rolesafter.affiliated_person, and
phrases.persons.person_of_organisation past a body's own "of"): 'Ola Brandt,
general secretary of the Kestrel Workers Union (KWU), said' stops the phrase
finder at the acronym, ', which ..., said' at the relative clause, and
'Ola Brandt from the Vextra Office of Drug Safety told' at the body's "of";
each read the body.  The person her role or link word ties it to spoke."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text


def _speakers(text: str) -> list[str | None]:
    return [q.speaker for p in extract_text(text).paragraphs for q in p.quotes if q.kind in ("direct", "partial")]


def _story(sentence: str) -> str:
    return f"Vextra cuts\n\nVextra cut 200 jobs on Monday.\n\n{sentence}\n"


@pytest.mark.parametrize("sentence", [
    'Ola Brandt, general secretary of the Kestrel Workers Union (KWU), said the cuts were "a disgrace".',
    'Ola Brandt, founder of Kestrel Media, which backs small firms, said the cuts were "a disgrace".',
    'Ola Brandt, editor of union-backed Kestrel magazine, which did the research, said: "It is a disgrace."',
    'However, Ola Brandt, chief economist at the Kestrel Institute (KI), said the cuts were "a disgrace".',
    # a spokeswoman named before "for": she speaks, not the body she speaks for (nor nobody)
    'Ola Brandt, spokeswoman for the Kestrel Workers Union (KWU), said the cuts were "a disgrace".',
    'Ola Brandt, a researcher with the Kestrel Institute (KI), said the cuts were "a disgrace".',
    "On Thursday, Ola Brandt from the Vextra Office of Drug Safety told the panel the cuts were \"a disgrace\".",
])
def test_the_person_whose_appositive_holds_the_body_is_the_speaker(sentence: str) -> None:
    assert _speakers(_story(sentence)) == ["Ola Brandt"]


@pytest.mark.parametrize("sentence", [
    # the name is an object, not the subject its appositive follows: "which said" is the body's
    'The minister met Ola Brandt, boss of Kestrel Media, which said the cuts were "a disgrace".',
    # the body is the object of a clause's verb, not of a role's link
    'Ola Brandt, the former president, was replaced by Kestrel Media, which said the cuts were "a disgrace".',
])
def test_a_body_outside_a_role_appositive_keeps_the_phrase(sentence: str) -> None:
    assert _speakers(_story(sentence)) != ["Ola Brandt"]


def test_a_body_alone_before_the_cue_is_the_speaker() -> None:
    assert _speakers(_story('The Kestrel Workers Union (KWU) said the cuts were "a disgrace".')) == [
        "Kestrel Workers Union"]
