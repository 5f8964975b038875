"""A lowercase word describing the name after it may be hyphen-joined ("co-chairman",
"team-mate") or an age ("28-year-old"): each speaker-phrase reader passes over it as over
"chairman" (descriptions.DESCRIPTION_WORD_SHAPES; #31, invented text)."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text
from onrecord.indexer.annotate.attribution.phrases.descriptions import (
    DESCRIPTION_WORD_SHAPES,
    is_description_word,
    is_person_noun,
)

# one example per row of the table: each row must be there for its word to pass
_EXAMPLES = {"plain": "adviser", "hyphen-joined": "co-chairman", "age": "28-year-old"}


@pytest.mark.parametrize("shape", [name for name, _ in DESCRIPTION_WORD_SHAPES])
def test_each_shape_has_its_description_word(shape: str) -> None:
    assert is_description_word(_EXAMPLES[shape])


@pytest.mark.parametrize("word", ["Vole", "chairman's", "2005", "-year-old", "co-", "Co-Chairman",
                                  "long-serving"])  # a hyphen-joined adjective, no person noun
def test_other_words_are_no_description_words(word: str) -> None:
    assert not is_description_word(word)


@pytest.mark.parametrize("word, expected", [
    ("co-chairman", True),  # a role after a prefix that makes another office of it
    ("ex-minister", True),
    ("co-chairman's", False),  # an owner, not the person
    ("well-known", False),  # hyphen-joined but no role
])
def test_a_prefixed_role_is_a_person_noun(word: str, expected: bool) -> None:
    assert is_person_noun(word) is expected


def _quotes(text: str) -> list[tuple[str, str | None]]:
    """Return (kind, speaker) of every quote of `text`, in order."""
    return [(q.kind, q.speaker) for p in extract_text(text).paragraphs for q in p.quotes]


@pytest.mark.parametrize("text, expected", [
    # a participle cue's subject, a hyphen-joined role before the name
    ('Quillan Party co-chairman Tam Brack derided the launch, saying: "It was the worst acting I have seen."',
     [("direct", "Tam Brack")]),
    ('Quillan Party chairman Tam Brack derided the launch, saying: "It was the worst acting I have seen."',
     [("direct", "Tam Brack")]),
    # an inverted cue, an age before the name
    ('Rovers want Piet Vole back. "I would be keen to leave," admitted the 28-year-old Vole.',
     [("direct", "Piet Vole")]),
    # a cue after the quote, an age before the name
    ('Piet Vole has quit the band. Bandmate Tom Reed admitted he was "devastated" by the news. '
     '"This has been a really difficult decision," 19-year-old Vole revealed.',
     [("partial", "Tom Reed"), ("direct", "Piet Vole")]),
])
def test_a_described_name_speaks_its_quote(text: str, expected: list[tuple[str, str | None]]) -> None:
    assert _quotes(text) == expected


def test_an_adjective_does_not_lead_past_a_verb_to_a_name() -> None:
    text = "Norland recently ousted long-serving leader Tam Brack and has said it wants closer trade links."
    assert ("indirect", "Norland") in _quotes(text)


def test_a_described_name_speaks_its_reported_clause() -> None:
    text = ("At a rally in Tarnford, Ohio, 62-year-old Ada Quell also railed against the plan, and "
            "explained how much it upset her to see the park closed.")
    assert ("indirect", "Ada Quell") in _quotes(text)
