"""A description opening the article is the person or organisation the next
sentence names: news describes first and names next (#31, invented text)."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text


def _partial_speakers(text: str) -> list[str | None]:
    return [q.speaker for p in extract_text(text).paragraphs for q in p.quotes if q.kind == "partial"]


@pytest.mark.parametrize("opening", ["Norland's harbour minister", "The harbour minister"])
def test_a_role_in_the_lead_is_the_person_named_next(opening: str) -> None:
    text = (f'Fines for captains\n\n{opening} has warned captains that she will act "without delay".\n\n'
            "Ola Brandt said the fines would rise in May.")
    assert _partial_speakers(text) == ["Ola Brandt"]


def test_a_role_in_the_lead_after_someone_else_is_left_to_the_backward_rules() -> None:
    text = ('Fines for captains\n\nAfter Tom Reed left, Norland\'s harbour minister has warned captains that she '
            'will act "without delay".\n\nOla Brandt said the fines would rise in May.')
    assert _partial_speakers(text) == [None]


def test_a_role_past_the_lead_never_looks_forward() -> None:
    text = ('Fines for captains\n\nCaptains met on Monday.\n\nThe port was shut.\n\n'
            'Norland\'s harbour minister has warned captains that she will act "without delay".\n\n'
            "Ola Brandt said the fines would rise in May.")
    assert _partial_speakers(text) == [None]


@pytest.mark.parametrize(("lead", "named", "speaker"), [
    ('Ferry fees are "far too high", a Norland Party backbencher has said.',
     "Ola Brandt said the fees had doubled.", "Ola Brandt"),
    ('A harbour expert has told the Tom Reed inquiry that the ferry fees were "a disaster".',
     "Ola Brandt told the court she had been hired to review them.", "Ola Brandt"),
    ('Tom Reed will cut the ferry fees "within a year", according to his former chief adviser.',
     "Formerly one of Mr Reed's closest aides, Ola Brandt hinted at a cut in May.", "Ola Brandt"),
    # one test per row of the lexicon's "newcomer_openers" (a, an, his above; her, its, their)
    ('Tom Reed\'s ferry fees are "far too high", her lawyer has said.',
     "Ola Brandt said the fees had doubled.", "Ola Brandt"),
    ('Acme Ferries has held "friendly" talks with the port, its chief has said.',
     "Ola Brandt met the harbour master on Monday.", "Ola Brandt"),
    ('The Reed family will fight the ferry fees "to the end", their lawyer has said.',
     "Ola Brandt said the fees had doubled.", "Ola Brandt"),
    # the phrase may start after its opener and adjectives ("A senior Norland Party MP": "Norland Party MP")
    ('A senior Norland Party MP has criticised the port\'s "lackadaisical" fees.',
     "Harbour committee chairman Ola Brandt was giving his reaction.", "Ola Brandt"),
])
def test_a_new_speaker_described_in_the_lead_is_the_person_named_new_next(
        lead: str, named: str, speaker: str) -> None:
    # whom the lead sentence itself names (Tom Reed) is its subject matter, never the describer
    assert _partial_speakers(f"Fees 'too high'\n\n{lead}\n\n{named}")[0] == speaker


@pytest.mark.parametrize("text", [
    # past the lead a new speaker description never looks forward
    'Fees \'too high\'\n\nCaptains met on Monday.\n\nThe port was shut.\n\nFerry fees are "far too high", '
    "a Norland Party backbencher has said.\n\nOla Brandt said the fees had doubled.",
    # a plural or bare description is no one new person ("Austrian authorities")
    'Fees \'too high\'\n\nTom Reed has "failed" the ferry test, according to Austrian authorities.\n\n'
    "Ola Brandt said the fees had doubled.",
    # a description heading on a thing, a role only after its link ("a book about the minister")
    'Fees \'too high\'\n\nTom Reed "will cut the ferry fees", a new book about the minister claims.\n\n'
    "The book by journalist Ola Brandt said the fees had doubled.",
    # no one new named after the lead sentence: unnamed, never the person it is about
    'Fees \'too high\'\n\nTom Reed will cut the ferry fees "within a year", according to his former chief '
    "adviser.\n\nMr Reed has said the fees had doubled.",
])
def test_a_new_speaker_description_names_no_one_here(text: str) -> None:
    assert _partial_speakers(text)[0] is None
