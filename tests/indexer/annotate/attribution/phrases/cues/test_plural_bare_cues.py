"""A bare speech verb after a plural subject is a cue, as after "they"
(indexer.annotate.attribution.phrases.cues.cuewords._PLURAL_SUBJECT_RE): a plural
speaker noun ("critics", "officials"), a capitalised plural after "the" ("The
Lib Dems"), at most one adverb of body_act_adverbs between; only verbs the
reported pass reads as speech (clause_cues).  Without it a partial quote in
such a sentence was carried from the last speaker."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import find_cues


@pytest.mark.parametrize(("text", "cue"), [
    ("Still, critics argue the toll is too high.", "argue"),  # a plural of speaker_nouns
    ("Some analysts warn the pound will fall.", "warn"),  # a plural of org_staff_nouns
    ("Officials insist the bridge is safe.", "insist"),  # capitalised, opening the sentence
    ("Acme officials also claim the deal is off.", "claim"),  # an adverb of body_act_adverbs between
    ("The Lib Dems accuse Mr Reed of a cynical budget.", "accuse"),  # a capitalised plural after "the"
])
def test_a_bare_verb_after_a_plural_subject_is_a_cue(text: str, cue: str) -> None:
    assert [m.group() for m in find_cues(text, 0, len(text))] == [cue]


@pytest.mark.parametrize("text", [
    "Then the Whigs challenge Acme in its heartlands.",  # not a clause_cues verb: reports nothing
    "The caucus note was lost.",  # "caucus" is no plural
    "The staff claim forms were lost.",  # "staff" ends in no "s": a noun compound
    "Acme officials strongly argue the deal is off.",  # an adverb outside body_act_adverbs
    "The Acme claim was thrown out.",  # a capitalised word that is no plural
])
def test_no_bare_cue_without_a_plural_subject_row(text: str) -> None:
    assert [m.group() for m in find_cues(text, 0, len(text))] == []


def test_a_partial_after_a_plural_subjects_bare_verb_is_not_the_last_speakers() -> None:
    text = 'Tolls\n\nAnn Vole said: "It is fine." Critics argue the toll is "a tax on the poor" in all but name.'
    quotes = [q for p in extract_text(text).paragraphs for q in p.quotes if q.kind == "partial"]
    assert [(q.speaker, q.cue) for q in quotes] == [(None, "argue")]


# _cues_in searches once for a plural bare cue before it scans for them all: the scan must
# still find every one in the span, sorted among the other cues, and none before its lo
@pytest.mark.parametrize(("text", "lo", "cues"), [
    ("Critics argue it is wrong and officials insist it is right.", 0, ["argue", "insist"]),
    ("He said critics argue it is wrong.", 0, ["said", "argue"]),
    ("Critics argue it is wrong and officials insist it is right.", 3, ["insist"]),
])
def test_every_plural_bare_cue_of_the_span_is_found(text: str, lo: int, cues: list[str]) -> None:
    assert [m.group() for m in find_cues(text, lo, len(text))] == cues
