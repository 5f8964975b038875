"""A cue-less partial quote whose sentence opens on another person's name and a
stance verb of theirs is that person's, not the speaker carried from the quote before
in its paragraph (issue #31, invented text; partial_subjects.py).  A name without its
stance verb is what the words are about, a participle's object is no subject, and a
body's name or the carried speaker's own name changes nothing."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_stance_voicing import speakers

CARRIED = 'Ann Vole, the harbour master, spoke on Monday. "The plan is ready," she said. '


@pytest.mark.parametrize("sentence, speaker", [
    ('Green councillor Tom Reed welcomed Vole\'s "courage in keeping her word" on the plan.', "Tom Reed"),
    ('Tom Reed, one of the plan\'s critics, condemned the vote as a "charade" on Monday.', "Tom Reed"),
    ('Speaking in Lund, Mr Reed also attacked the "unfair" harbour fees.', "Tom Reed"),
    ('Harbour pilot Tom Reed thanked fans for enduring "rubbish weather" all week.', "Tom Reed"),
])
def test_a_named_subjects_stance_is_theirs(sentence: str, speaker: str) -> None:
    text = "Tom Reed, a harbour pilot, joined the talks.\n\n" + CARRIED + sentence + "\n"
    assert speakers(text)[-1] == speaker


@pytest.mark.parametrize("sentence", [
    'Lund is a "dramatically growing port" all the same.',  # a place, no stance verb: what the words are about
    'Tom Reed is a "dramatically growing talent" all the same.',  # a name without a stance verb of his
    'So backing Tom Reed has led her to attack the "unfair" fees.',  # a participle's object is no subject
    'Ann Vole also attacked the "unfair" harbour fees.',  # the carried speaker herself
])
def test_the_carried_speaker_keeps_the_words(sentence: str) -> None:
    text = "Tom Reed, a harbour pilot, joined the talks.\n\n" + CARRIED + sentence + "\n"
    assert speakers(text)[-1] == "Ann Vole"
