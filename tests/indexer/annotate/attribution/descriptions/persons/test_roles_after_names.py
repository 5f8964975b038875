"""A person's role in apposition after her name, before the cue
(indexer.annotate.attribution.descriptions.persons.rolesafter): 'Dr Ola Brandt, Vextra
senior vice president, Research and Patents, said:' and '..., but Ola Brandt,
head of the radio unit at the firm says that:' read the role (or the body in
it) as the phrase, which names nobody; after a quote, '," Ola Brandt, from
Kestrel Capital told Reuters' leaves the appositive unclosed.  The name before
the role is the speaker; where no role stands between, nobody is named."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text


def _speakers(text: str) -> list[str | None]:
    return [q.speaker for p in extract_text(text).paragraphs for q in p.quotes if q.kind == "direct"]


@pytest.mark.parametrize("before", [
    "In a statement, Dr Ola Brandt, Vextra senior vice president, Research and Patents, said:",
    "Vextra's plan may be more than a buyer needs, but Ola Brandt, head of the radio unit at the firm says that:",
    "Ola Brandt, president of the radio unit at the firm says:",  # a guard: read so before rolesafter too
])
def test_the_name_before_a_role_appositive_is_the_speaker(before: str) -> None:
    text = f"Vextra plans\n\nVextra plans a new radio network.\n\n{before} \"By then the need will be far greater.\"\n"
    assert _speakers(text) == ["Ola Brandt"]


@pytest.mark.parametrize("after", [
    "Ola Brandt, from Kestrel Capital told Reuters news agency.",
    "Ola Brandt, of Kestrel Capital told Reuters.",
    "Ola Brandt, executive director of Kestrel Bank - one of the firm's lenders - said.",  # a guard: read so before
    "Ola Brandt, chief economist at Kestrel Bank told the BBC.",  # a guard: read so before rolesafter too
])
def test_a_name_before_an_unclosed_appositive_after_a_quote_is_the_speaker(after: str) -> None:
    text = f"Vextra rescue\n\nVextra avoided collapse.\n\n\"It is a fragile recovery,\" {after}\n"
    assert _speakers(text) == ["Ola Brandt"]


@pytest.mark.parametrize("after", [
    "Ola Brandt, who runs Kestrel Bank told Reuters.",  # a relative clause, no role: left as it was
    "Kestrel Bank, the firm's lender said.",  # a body before the comma: no person
])
def test_no_role_or_no_person_before_the_cue_names_nobody(after: str) -> None:
    text = f"Vextra rescue\n\nVextra avoided collapse.\n\n\"It is a fragile recovery,\" {after}\n"
    assert _speakers(text) != ["Ola Brandt"]
    assert _speakers(text) in ([None], ["Kestrel Bank"])


def test_a_name_before_a_phrase_that_is_no_role_names_nobody() -> None:
    text = ("Vextra plans\n\nVextra plans a new radio network.\n\nOla Brandt, the radio unit at the firm says that: "
            "\"By then the need will be far greater.\"\n")
    assert _speakers(text) == [None]


def test_a_name_in_the_sentence_before_is_not_looked_back_to() -> None:
    text = ("Vextra trial\n\nThe blogger was accused of insulting the founder of the party, Dr Ola Brandt, and its "
            "current leader Ed Reed.  Mr Kast's lawyer said: \"The court has no right to try him.\"\n")
    assert _speakers(text) == [None]
