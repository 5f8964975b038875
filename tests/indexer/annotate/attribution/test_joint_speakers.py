"""Words two people said together have no speaker value (issue #31, invented text): a
speaker value is one person or one organisation, so "Princes Olek and Tam said" credits
neither prince, while an "and" inside an office ("Ports and Harbours Minister Ada Lowe")
or after a preposition's object ("a draw at Quill Park and Vole said") leaves the one
speaker as she was.  The phrase stays as the quote's mention."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.annotator import annotate_article
from onrecord.indexer.annotate.attribution.joint import is_joint
from tests.indexer.annotate.attribution.test_attribution import chunk

LEAD = "Harbour news\n\nThe story began on Monday in a small town.\n\n"


def credited(text: str) -> list[tuple[str | None, str | None]]:
    """Return (speaker, mention text) of every direct or partial quote of LEAD + text, fully annotated."""
    article = annotate_article(chunk(LEAD + text))
    return [(q.speaker, q.speaker_mention.text if q.speaker_mention else None)
            for p in article.paragraphs for q in p.quotes if q.kind in ("direct", "partial")]


@pytest.mark.parametrize("text", [
    'Princes Olek and Tam said they were "delighted" by the news.',
    'The Vole Trust and Quill Society said the plan was "a fudge".',
    '"The results are clear," said Ann Vole and Bob Pike.',
    'Mr Vole and Mr Pike issued a statement saying they stayed "long-term investors".',
    'The Quill Fellowship (QF) and Harbour Fellowship (HF) said the bill went "too far".',
])
def test_words_two_people_said_together_have_no_speaker_value(text: str) -> None:
    [(speaker, mention)] = credited(text)
    assert speaker is None and mention  # the phrase is still the evidence shown


@pytest.mark.parametrize("text, speaker", [
    ('Ports and Harbours Minister Ada Lowe said: "We will act."', "Ada Lowe"),
    ('After a draw at Quill Park and Vole said: "We were unlucky."', "Vole"),
    ('"We will act," said Ann Vole. "Soon."', "Ann Vole"),
])
def test_an_and_inside_an_office_or_before_a_place_leaves_one_speaker(text: str, speaker: str) -> None:
    assert {s for s, _ in credited(text)} == {speaker}


def test_is_joint_reads_the_name_beside_the_phrase() -> None:
    text = "The Queen and Duke of Quill said"
    start = text.index("Duke")
    assert is_joint(text, start, start + len("Duke of Quill"))
    assert not is_joint("A tie at Quill Park and Vole said", 24, 28)
