"""A "he"/"she" right after a sentence a spokesperson's description opens as its cue's
subject is that spokesperson (issue #31, invented text): the body the description
speaks for, not a person named before (described_pronouns.py).  A gendered noun agrees
with the pronoun, the paragraph's first sentence and a description no cue follows name
no one, and many ("officials") are no "he".  A definite description ("The official
said") is asked only where the learned choice finds no one: it may be a person named
before in that office."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.described_pronouns import described_subject
from onrecord.indexer.annotate.attribution.spans.frames import Frame
from onrecord.search import Paragraph
from tests.indexer.annotate.attribution.test_attribution import quotes

LEAD = ("Harbour bank fined\n\nThe Quill Harbour Bank was fined on Monday, its chief executive Tom Reed "
        "confirmed to shareholders.\n\n")


@pytest.mark.parametrize("sentence, pronoun", [
    ("A spokesman said the bank would appeal.", "he added"),  # spokes: spokesman
    ("But a spokeswoman insisted the bank had done nothing wrong.", "she said"),  # spokeswoman
    ("A Quill Harbour Bank spokesperson said the fine was unfair.", "she said"),  # spokesperson
    ("A Quill Harbour Bank representative said the fine was unfair.", "he said"),  # representative
    ("A senior Quill Harbour Bank official also said it was unfair.", "he said"),  # official, an adverb first
])
def test_the_pronoun_is_the_spokespersons_body(sentence: str, pronoun: str) -> None:
    text = LEAD + f'{sentence} "We will appeal against it," {pronoun}.\n'
    assert quotes(text)[-1].speaker == "Quill Harbour Bank"


def test_a_definite_description_where_no_one_else_fits() -> None:
    text = ("Harbour bank fined\n\nThe Quill Harbour Bank was fined on Monday.\n\n"
            'The official said the fine was unfair. "We will appeal against it," he said.\n')
    assert quotes(text)[-1].speaker == "Quill Harbour Bank"


def frame_of(paragraph: str) -> Frame:
    """Return the Frame of `paragraph` alone, its quotes unmasked (none are needed here)."""
    return Frame(paragraph, Paragraph(id="t-1", n=1, start=0, end=len(paragraph), text=paragraph), [])


@pytest.mark.parametrize("paragraph, gender, found", [
    ("A spokesman said it was over. He added that it was.", "m", True),
    ("The spokesman said it was over. He added that it was.", "m", True),
    ("A spokeswoman said it was over. He added that it was.", "m", False),  # she is no "he"
    ("A spokesman said it was over. She added that it was.", "f", False),
    ("Officials said it was over. He added that it was.", "m", False),  # many voices, no "he"
    ("A spokesman was sacked on Monday. He added that it was.", "m", False),  # no cue after the noun
    ("A lawyer said it was over. He added that it was.", "m", False),  # no spokesperson noun
    ("He added that it was over.", "m", False),  # the paragraph's first sentence
])
def test_described_subject(paragraph: str, gender: str, found: bool) -> None:
    pos = paragraph.rfind("He" if gender == "m" else "She")
    assert (described_subject(frame_of(paragraph), pos, gender) is not None) is found


@pytest.mark.parametrize("opening, definite", [
    ("A spokesperson", False), ("An Acme spokeswoman", False), ("The spokeswoman", True), ("Its official", True),
    ("Our representative", True),
])
def test_a_definite_description_is_marked(opening: str, definite: bool) -> None:
    paragraph = f"{opening} said it was over. She added that it was."
    found = described_subject(frame_of(paragraph), paragraph.rfind("She"), "f")
    assert found is not None and found.definite is definite
