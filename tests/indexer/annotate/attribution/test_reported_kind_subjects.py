"""Reported speech (issue #32): "It said" / "The firm said" continue the
sentence before's subject (pronouns.subjectbodies) also when that subject
writes the body's kind before its name after the capitalised words opening
the sentence ("Norland investment bank Vole Bank has", "Bookmaker Vole Hill
has"), and when its own speech verb follows an auxiliary ("has challenged",
"has also warned"): that verb is the subject's, not a report of it.  A
sentence whose subject is no body, or that reports another's words, keeps
the old reading; a rival's kind ("Rival club Acme") is guarded in
test_org_kinds."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.pronouns import subjectbodies
from tests.indexer.annotate.attribution.test_reported import reported

_HEAD = "Harbour row\n\n"


def _speaker_of(text: str, mention: str) -> str | None:
    """Return the speaker of the last reported clause whose mention is `mention`."""
    said = [q for q in reported(text) if q.speaker_mention and q.speaker_mention.text == mention]
    assert said, "no clause with that mention"
    return said[-1].speaker


@pytest.mark.parametrize(("sentence", "mention", "speaker"), [
    # a nationality and a lowercase kind before the name; the verb a cue after "has"
    ("Norland investment bank Vole Bank has challenged the right of Acme Ferries to claim protection.\n\n"
     "In a court filing on Tuesday, it said the ferry firm has few local ties.", "it", "Vole Bank"),
    # the kind itself capitalised, opening the sentence
    ("Bookmaker Vole Hill has stopped taking bets on the regatta after large wagers on Acme Ferries.\n\n"
     "The firm said insider tips could have helped.", "The firm", "Vole Hill"),
    ("Carmaker Tarn Motors has won a contract from Acme Ferries for two boats. "
     "It said the work would start in May.", "It", "Tarn Motors"),
    # two capitalised words and one lowercase word before the kind
    ("South Norland ferry firm Vole Lines has bought two boats from Acme Yards. "
     "It said the boats would sail in June.", "It", "Vole Lines"),
])
def test_kind_before_the_name_is_the_subject(sentence: str, mention: str, speaker: str) -> None:
    assert _speaker_of(_HEAD + sentence, mention) == speaker


@pytest.mark.parametrize(("sentence", "speaks"), [
    # the subject's own cue after its auxiliaries: read past, the rest of the sentence reports nothing
    ("Vole Bank has challenged the plan of Acme Ferries.", True),
    ("Vole Bank has also warned about the plan.", True),
    ("Vole Bank said the plan was late.", True),
    # no cue after the auxiliary: the subject does not speak
    ("Vole Bank has bought the ferry line.", False),
    ("Vole Bank acquired the ferry line.", False),
])
def test_a_cue_after_an_auxiliary_is_the_subjects_own(sentence: str, speaks: bool) -> None:
    m = subjectbodies.subject_match(sentence, 0, len(sentence))
    assert m is not None
    assert subjectbodies._own_verb(sentence, m)[1] is speaks


@pytest.mark.parametrize(("sentence", "mention", "wrong"), [
    # a person after a capitalised word and a role: no kind before a name
    ("Bank chief executive Alan Vole has warned about the rates. It said costs would rise.", "It", "Alan Vole"),
    # another's words reported after the subject's own verb chain
    ("Bookmaker Vole Hill has stopped taking bets, the Daily Tarn reported. "
     "The firm said insider tips could have helped.", "The firm", "Vole Hill"),
])
def test_no_body_subject_keeps_the_old_reading(sentence: str, mention: str, wrong: str) -> None:
    assert _speaker_of(_HEAD + sentence, mention) != wrong
