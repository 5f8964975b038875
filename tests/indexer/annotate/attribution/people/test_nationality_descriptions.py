"""'said the American', 'said the Australian': a capitalised nationality noun
after "the" before or after a cue (lexicon: person_nouns) is the person the
text is about, as 'the Scot' is, never nobody."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text


def _speakers(text: str) -> list[str | None]:
    return [q.speaker for p in extract_text(text).paragraphs for q in p.quotes if q.kind == "direct"]


# "Swiss", "Czech", "New Zealander": rows added to person_nouns (and "zealander" to descriptors, as
# "yorker" is, so "New Zealander" is a description, no name to keep as the value)
@pytest.mark.parametrize("noun", ["American", "Australian", "Argentine", "Briton", "Swiss", "Czech", "New Zealander"])
def test_a_nationality_noun_is_the_person_the_text_is_about(noun: str) -> None:
    text = (f"Final\n\nTomas Brell lost the final in straight sets on Sunday.\n\n"
            f"\u201cI had my chances and did not take them,\u201d said the {noun}.")
    assert _speakers(text) == ["Tomas Brell"]


@pytest.mark.parametrize("noun", ["Frenchman", "Swiss", "Australian"])
def test_an_aged_nationality_noun_before_the_cue_is_the_person(noun: str) -> None:
    # "The 55-year-old Frenchman told": the description, never a name "Frenchman" read alone
    text = (f"Final\n\nTomas Brell signed a new deal with the club on Sunday.\n\n"
            f"The 31-year-old {noun} told the club website: \u201cI love it here.\u201d")
    assert _speakers(text) == ["Tomas Brell"]
