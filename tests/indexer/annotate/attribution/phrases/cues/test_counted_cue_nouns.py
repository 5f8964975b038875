"""A cue's -s form after a count word is a plural noun, not a speech verb
("six new pledges", "180 million calls", "further questions"), unless "of"
leads the count (indexer.annotate.attribution.phrases.cues.cuewords._is_counted)."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import find_cues


@pytest.mark.parametrize("text", [
    "The Greens listed the Whigs' six new pledges as hollow.",
    "As Acme routes 90 million calls a day the job is vast.",
    "She would take no further questions on the matter.",
    "The board faces two legal challenges from growers.",
])
def test_a_counted_cue_form_is_no_cue(text: str) -> None:
    assert [m.group() for m in find_cues(text, 0, len(text))] == []


@pytest.mark.parametrize(("text", "cue"), [
    ("One of the two men says it was late.", "says"),
    ("The 1999 report says it was late.", "says"),
    ("Two growers said it was late.", "said"),
])
def test_a_verb_after_a_count_stays_a_cue(text: str, cue: str) -> None:
    assert [m.group() for m in find_cues(text, 0, len(text))] == [cue]


def test_a_partial_before_a_later_cue_is_not_the_counters() -> None:
    text = ('Phones\n\nAcme boss Ada Vole spoke on Monday.\n\n'
            'But as Acme routes 90 million calls "a day, checking each one is a job in itself", she added.')
    quotes = [q for p in extract_text(text).paragraphs for q in p.quotes]
    assert [(q.speaker, q.cue_mention and q.cue_mention.text) for q in quotes] == [("Ada Vole", "added")]
