"""A definite person epithet naming no office is the sentence before's acting subject
(indexer.annotate.attribution.descriptions.persons.subjectepithets, issue #31): "Ann Vole has also not
ruled out the race. '...,' said the two-time champion" is Vole's, not the champion the article
introduced earlier nor its last speaker.  One row per shape and per guard.  Made-up sentences."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.descriptions.persons.subjectepithets import previous_subject_of_epithet
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from tests.indexer.annotate.attribution.articles import speaker_of as _speaker_of

_OPENING = ("Reed targets cross country\n\nDouble Olympic champion Tom Reed is set to race in March. "
            "\"I can win,\" said Reed. \"I am on the right track.\"\n\n")




@pytest.mark.parametrize(("body", "speaker"), [
    # the epithet after the quote: the sentence before the quote names its subject
    (" - Britain's Ann Vole has also not ruled out the race. \"It is special to me,\" said the two-time "
     "champion.", "Ann Vole"),
    # the epithet opening its sentence
    ("Britain's Ann Vole has also not ruled out the race. The two-time champion said it was \"special\".",
     "Ann Vole"),
])
def test_an_epithet_is_the_sentence_before_s_acting_subject(body: str, speaker: str) -> None:
    assert _speaker_of(_OPENING + body, "special") == speaker


@pytest.mark.parametrize(("body", "phrase"), [
    # an office is the holder the text ties it to, never whoever acted last
    ("Britain's Ann Vole has also not ruled out the race. \"It is special,\" said the chancellor.", "the chancellor"),
    # the paragraph's first sentence: the one before ends another paragraph
    ("Britain's Ann Vole has also not ruled out the race.\n\n\"It is special,\" said the two-time champion.",
     "the two-time champion"),
    # the subject named again inside the quote the epithet closes is not who speaks it
    ("Britain's Ann Vole has also not ruled out the race. \"Vole's race is special,\" said the two-time champion.",
     "the two-time champion"),
    # no verb after the first name: no subject read
    ("The race suits Ann Vole. \"It is special,\" said the two-time champion.", "the two-time champion"),
    # an epithet of the other gender
    ("Britain's Ann Vole has also not ruled out the race. \"It is special,\" said the Norland man.",
     "the Norland man"),
    # "While ..." opens a subordinate clause: its name is no main subject
    ("While Ann Vole waits, the race goes on. \"It is special,\" said the two-time champion.",
     "the two-time champion"),
])
def test_an_epithet_takes_no_subject_outside_the_rule(body: str, phrase: str) -> None:
    text = _OPENING + body
    people = DocSpeakers(text)
    pos = text.rindex(phrase)
    words = [w.lower() for w in phrase.split()[1:]]
    assert any(p.name == "Ann Vole" for p in people.by_order)
    assert previous_subject_of_epithet(people, words, pos, None) is None


def test_the_rule_reads_the_sentence_before_the_quote_its_cue_closes() -> None:
    text = _OPENING + "Britain's Ann Vole has also not ruled out the race. \"It is special,\" said the two-time champion."
    people = DocSpeakers(text)
    found = previous_subject_of_epithet(people, ["two-time", "champion"], text.rindex("the two-time"), None)
    assert found is not None and found.name == "Ann Vole"
