"""A role with its "of" field before a name ("Vandria's minister of tourism
Jarel Oskovitz was quick to ...") vouches for the name as a person's and makes
him the sentence's subject, whatever his first name: the "he said" after is
his, not the man who spoke before."""
from __future__ import annotations

from bench.extraction import extract_text
from onrecord.indexer.annotate.attribution.names.names import first_name_gender
from onrecord.indexer.annotate.attribution.names.placements import follows_role, is_subject


def _speakers(text: str) -> list[str | None]:
    return [q.speaker for p in extract_text(text).paragraphs for q in p.quotes if q.kind == "direct"]


def test_a_minister_of_a_field_named_cue_less_is_the_next_he() -> None:
    assert first_name_gender("Jarel") is None  # the rule is for a first name no list knows
    text = ('Ferry row\n\nCoach Tomas Brell was fined over his remarks. "It was a joke," Brell said.\n\n'
            "Vandria's minister of tourism Jarel Oskovitz was quick to back the league's ruling. "
            '"Every coach must weigh his words," he said. "We will not bend on this."\n')
    assert _speakers(text)[-2:] == ["Jarel Oskovitz", "Jarel Oskovitz"]


def test_the_role_field_reads_one_lowercase_word_after_of() -> None:
    text = "Vandria's minister of tourism Jarel Oskovitz spoke. The head of the Orr Trust Kip Vane spoke."
    at = text.index("Jarel")
    assert follows_role(text, at) and is_subject(text, at)
    assert not follows_role(text, text.index("Kip"))  # "head of the Orr Trust": a body's name between
