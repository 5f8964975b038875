"""A speaker value that is a body's lowercase common noun is typed a body's
(issues #31/#32, invented text): "government", "police", "the statistical
office" credited as written are organisations, read after attribution from
the lexicon's body-noun rows, and a value with a name's shape stays a person."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text
from onrecord.indexer.annotate.attribution.cleanup.bodynouns import is_body_noun_value


def typed(text: str) -> list[tuple[str, str | None, str | None]]:
    return [(q.kind, q.speaker, q.speaker_type) for p in extract_text(text).paragraphs for q in p.quotes]


@pytest.mark.parametrize("value, want", [
    ("government", True),  # self_named_bodies
    ("police", True),  # self_named_bodies
    ("statistical office", True),  # described_bodies
    ("prime minister's office", True),  # described_bodies, a possessive before it
    ("company", True),  # org_heads
    ("Norlandic government", True),  # a country's adjective cut from its government
    ("film maker", False),  # org_nouns is not read: a maker may be a person
    ("Ann Office", False),  # a name's shape: the last word capitalised
    ("Government", False),  # capitalised: a name's shape, the registry's to type
    ("mark Vole", False),  # a surname last
    ("", False),
])
def test_a_lowercase_body_noun_last_is_a_body_value(value: str, want: bool) -> None:
    assert is_body_noun_value(value) is want


@pytest.mark.parametrize("text, speaker", [
    ("Tax plan\n\nThe government said the new tax would raise little money in its first year.\n", "government"),
    ("Flood\n\nThe statistical office said output fell by 2% in the last three months of the year.\n",
     "statistical office"),
])
def test_a_body_credited_by_its_noun_is_typed_an_organisation(text: str, speaker: str) -> None:
    got = typed(text)
    assert got and all(s == speaker and t == "organisation" for _, s, t in got), got


def test_a_person_credited_by_name_stays_a_person() -> None:
    text = "Tax plan\n\nAnn Vole, a tax adviser, said the new tax would raise little money in its first year.\n"
    assert typed(text) == [("indirect", "Ann Vole", "person")]
