"""A speaker value never begins with its sentence's first word (issue #31, invented text):
"But police", "Like Labour", "Some council", "Said Vole" are "police", "Labour", "council"
and Vole (whole: "Ann Vole").  Not when the article writes the value mid-sentence too
("Said Aouita" the runner), nor a speech verb with no colon or comma after the name."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.annotator import annotate_article
from onrecord.indexer.annotate.attribution.cleanup.openers import cut_opener
from tests.indexer.annotate.attribution.test_attribution import chunk

LEAD = "Harbour news\n\nThe story began on Monday in a small town.\n\n"


@pytest.mark.parametrize("text, value, cut", [
    ("The band said it was attacked. But police said the singer kicked a guard.", "But police", "police"),
    ('Ann Vole said: "Like Labour, the Greens want more." Like Labour, they won.', "Like Labour", "Labour"),
    ("Some council staff were told to go. Some council managers stayed.", "Some council", "council"),
    ('The club signed Ann Vole. Said Vole: "I did not think twice."', "Said Vole", "Vole"),
    ('Fans cheered.\n\nAdded Quill Bank, "We are pleased."', "Added Quill Bank", "Quill Bank"),
    ("Meanwhile Quill Bank said it would wait.", "Meanwhile Quill Bank", "Quill Bank"),
])
def test_a_sentence_opening_word_is_cut_off_the_value(text: str, value: str, cut: str) -> None:
    assert cut_opener(text, value) == cut


@pytest.mark.parametrize("text, value", [
    ('Said Aouita won in Rome. "It was hard," said Said Aouita.', "Said Aouita"),  # written mid-sentence
    ("Said Aouita won the race in Rome.", "Said Aouita"),  # a speech verb with no colon after the name
    ("Quill Bank said it would wait.", "Quill Bank"),  # no opener word
    ("But police said so.", "police"),  # one word: nothing left to cut to
    ("Ann Vole said it would wait.", "Ann Vole"),
])
def test_a_name_keeps_its_first_word(text: str, value: str) -> None:
    assert cut_opener(text, value) is None


def test_a_speech_verb_before_a_surname_gives_the_whole_name() -> None:
    text = 'Harbour signed their former winger Ann Vole on a short deal. Said Vole: "I did not think twice."'
    article = annotate_article(chunk(LEAD + text))
    assert [q.speaker for p in article.paragraphs for q in p.quotes] == ["Ann Vole"]
