"""A scare quote in a narrative sentence is the writer's, not its subject's (issue #31,
invented text).  A stance word between the subject and the quote keeps the subject as
the speaker only when it is the subject's own verb: not a word the stem merely opens
("stations" for "stat"), not another's noun ("the Quill Bank's offer"), not a passive
("was hailed for", "credited with"); and a name ending like an agent noun ("Rodgers") is
a name, not a speaker noun."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.annotator import annotate_article
from onrecord.indexer.annotate.attribution.cleanup.voicing import is_narrated_person, voices_view
from tests.indexer.annotate.attribution.test_attribution import chunk

NARRATED = "Harbour news\n\nAnn Vole began on stage in Lund in 1990.\n\n"


def speakers(text: str) -> list[str | None]:
    """Return the speaker value of every direct or partial quote of NARRATED + text, fully annotated."""
    article = annotate_article(chunk(NARRATED + text))
    return [q.speaker for p in article.paragraphs for q in p.quotes if q.kind in ("direct", "partial")]


@pytest.mark.parametrize("between, voiced", [
    # lexicon stance_endings: a verb's ending keeps it, another word the stem opens does not
    (["has", "attacked"], True),
    (["quipped", "that", "she", "was"], True),
    (["and", "nine", "stations", "showed", "a"], False),
    (["statistics", "showed", "that"], False),
    (["issued", "a", "statement", "that"], True),  # a speech noun of the stem
    (["thanked", "the", "crew", "and"], True),  # stance_stems: thanks are voiced words
    # stance_stems (issue #31, attr95): a view felt, seen, linked or committed to is the subject's own
    (["felt", "that", "there"], True),
    (["feels", "that", "it", "is"], True),
    (["sees"], True),
    (["seems"], False),  # "sees" is a whole form: "seem" opens no view of the subject's
    (["links", "the", "harbour", "to", "the", "new"], True),
    (["was", "linked", "to", "the"], False),  # a passive: others linked her to it
    (["has", "committed", "itself", "to"], True),
    # be_forms: a passive after a be-form is a view of the subject, not hers
    (["was", "hailed", "for", "her"], False),
    # passive_agent_words: an -ed form before "with" or "by" is passive too
    (["the", "woman", "credited", "with", "a"], False),
    (["credited", "the", "actor", "s"], True),
    # voiced_participles: "is concerned" stays the subject's view
    (["is", "concerned", "about"], True),
    # an owner's noun right after "'s" is not the subject's verb
    (["wanted", "the", "quill", "bank", "s", "offer", "of", "a"], False),
])
def test_voices_view_reads_the_stance_word(between: list[str], voiced: bool) -> None:
    assert voices_view(between) is voiced


@pytest.mark.parametrize("mention, narrated", [
    ("Rodgers", True),
    ("Tom Walker", True),
    ("She", True),
    ("A Quill Trust spokeswoman", False),
    ("Vole's", False),
])
def test_a_capitalised_name_is_never_a_speaker_noun(mention: str, narrated: bool) -> None:
    assert is_narrated_person(mention) is narrated


@pytest.mark.parametrize("text", [
    'Ann Vole, the woman credited with inventing "total theatre", has died aged 90.',
    'Ann Vole was hailed for her "fearless staging" of old plays.',
    'Ann Vole wanted the Quill Bank\'s offer of a "golden share" kept.',
    'Tom Rodgers was a painter with the Lund Group, a small "collective" of ten artists.',
])
def test_a_scare_quote_in_a_narrative_sentence_gets_no_value(text: str) -> None:
    assert speakers(text) == [None]


@pytest.mark.parametrize("text, speaker", [
    ('Ann Vole felt that there "might well be" a sweep for the film.', "Ann Vole"),
    ('The Quill Bank sees "the opportunity to create value" in Lund.', "Quill Bank"),
    ('Ann Vole links "harbour fees" to the new "threat" of closure.', "Ann Vole"),
    ('The Quill Party has committed itself to "universal" harbour care.', "Quill Party"),
])
def test_a_subject_voicing_a_view_keeps_the_value(text: str, speaker: str) -> None:
    assert set(speakers(text)) == {speaker}
