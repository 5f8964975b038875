"""A "He said" opening its sentence means the subject of the sentence before when
a finite verb follows that subject's name, however long the lead-in before it
(indexer.annotate.attribution.pronouns.subjectverbs, issue #31): not the last speaker."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.attribution.pronouns.subjectverbs import acts
from onrecord.search.model import Article, Metadata, Paragraph


def speakers(text: str) -> list[str | None]:
    """Return the speakers of the text's direct quotes, in order."""
    para = Paragraph(id="t-p1", n=1, start=0, end=len(text), text=text)
    article = Article(id="t", source="t.txt", text=text, meta=Metadata(), paragraphs=[para])
    return [q.speaker for p in annotate_quotes(article).paragraphs for q in p.quotes if q.kind == "direct"]


@pytest.mark.parametrize("text, name, expected", [
    ("But Reed's Acme counterpart Tom Vole was in no mood.", "Tom Vole", True),  # an auxiliary
    ("On the late show Ann Vole was asked why.", "Ann Vole", True),
    ("Late on Friday Tom Vole admitted it.", "Tom Vole", True),  # a regular past
    ("Tom Vole, who chairs the panel, said it.", "Tom Vole", True),  # after an appositive
    ("Ann Vole quickly agreed.", "Ann Vole", True),  # an -ly adverb between
    ("It came from Tom Vole, an analyst at Acme.", "Tom Vole", False),  # no verb of his
    ("Tom Vole's lawyer was there.", "Tom Vole", False),  # a possessive: the lawyer acts
    ("The film stars Tom Vole and Ann Reed.", "Tom Vole", False),  # a list's item
])
def test_a_finite_verb_after_a_name_makes_it_a_subject(text: str, name: str, expected: bool) -> None:
    assert acts(text, text.index(name)) is expected


@pytest.mark.parametrize("text, expected", [
    # the last speaker (Brenn) loses to the subject of the sentence before, after a long lead-in
    ('"We lost the final," said Tavo Brenn. "It was a bad night." But Brenn\'s Norland counterpart '
     'Karl Ostrander was in no mood to celebrate either. He said: "We were lucky today."',
     ["Tavo Brenn", "Tavo Brenn", "Karl Ostrander"]),
    # guards (the code before subjectverbs reads these three right too): the rule must not break them.
    # the one who speaks in the sentence before, not the topic named first
    ('"The plan is sound," said Tavo Brenn. Karl Ostrander was "very wrong", said Piet Marsh. '
     'He added: "We will see."', ["Tavo Brenn", "Piet Marsh"]),
    ('"The plan is sound," said Tavo Brenn. Karl Ostrander was very wrong about it, Piet Marsh said. '
     'He added: "We will see."', ["Tavo Brenn", "Piet Marsh"]),
    # the speaker of the sentence before, though his first mention is an owner's and another name acts after
    ('"The plan is sound," said Tavo Brenn. Acme\'s harbour warden, Karl Ostrander, said it appeared Mr Brenn '
     'was wrong. But he said: "We will see."', ["Tavo Brenn", "Karl Ostrander"]),
])
def test_he_said_means_the_subject_of_the_sentence_before(text: str, expected: list[str]) -> None:
    assert speakers(text) == expected
