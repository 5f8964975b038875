"""A whole-sentence quote in title case that no cue reports and no one is
credited with names a thing (a show, a book, a post, a slogan), not anyone's
words.  Invented sentences."""
from __future__ import annotations

import re

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.search.model import Article, Metadata, Paragraph, Quote


def quotes(text: str) -> list[Quote]:
    paras = [Paragraph(id=f"t-{i}", n=i, start=m.start(), end=m.end(), text=m.group())
             for i, m in enumerate(re.finditer(r"\S(?:.*?\S)?(?=\s*\n\s*\n|\s*$)", text, re.S), 1)]
    article = Article(id="t", source="t", text=text, meta=Metadata(), paragraphs=paras)
    return [q for p in annotate_quotes(article).paragraphs for q in p.quotes]


@pytest.mark.parametrize("text", [
    'Readers passed around copies of her memoir, "Salt And Harbour Lights."',
    'My best posts this year:\n\n"How To Rig A Dinghy" - 3,210 views, 90 comments',
    'The mayor now hosts a weekly radio show, "The Harbour Hour," on Fridays.',
])
def test_title_case_quote_nobody_says_is_not_a_quote(text: str) -> None:
    assert quotes(text) == []


@pytest.mark.parametrize("text", [
    '"Never Again," said Ola Brandt.',  # a cue reports it
    'Ola Brandt opened the harbour on Monday. "It Is Done."',  # the sentence before names who says it
])
def test_title_case_speech_with_a_cue_or_speaker_stays(text: str) -> None:
    found = quotes(text)
    assert len(found) == 1


def test_sentence_case_quote_nobody_says_stays() -> None:
    assert len(quotes('The banner read: "we will not sail again this year."')) == 1


@pytest.mark.parametrize("text", [
    'Calling\n\n"harbour".slice(2)\n\ngives the rest of the word.',
    'Try it.\n\n"Happy holidays"\n\nThe card says it all.',
    'Examples of strings:\n\n"dog"\n\n"sail boat"\n\nBoth are text.',
])
def test_few_words_nobody_says_are_not_a_quote(text: str) -> None:
    assert quotes(text) == []

