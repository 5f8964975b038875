"""Who a sentence quotes when one cue reports another's clause ("X say he ...",
indexer.annotate.attribution.phrases.clues): the outer cue's subject, not the pronoun
opening the reported clause."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.articles import quotes_in as _quotes


@pytest.mark.parametrize("sentence", [
    'Critics say he had proposed to "dismantle" the whole system.',
    'Critics say that he told a reporter, "We will tear it down."',
])
def test_a_pronoun_after_a_strong_cue_opens_the_reported_clause(sentence: str) -> None:
    quotes = _quotes("Tavo Brenn has long fought the plan. " + sentence)
    assert [q.speaker_mention.text for q in quotes if q.speaker_mention] == ["Critics"]
    assert [q.speaker for q in quotes] == [None]


def test_a_named_outer_speaker_is_credited() -> None:
    quotes = _quotes('Tavo Brenn met the board. Quill Marsh said he told them, "We are done here."')
    assert [q.speaker for q in quotes] == ["Quill Marsh"]


def test_a_pronoun_with_its_own_cue_still_speaks() -> None:
    quotes = _quotes('Tavo Brenn met the board on Monday. Later he told them: "We are done here."')
    assert [q.speaker for q in quotes] == ["Tavo Brenn"]
