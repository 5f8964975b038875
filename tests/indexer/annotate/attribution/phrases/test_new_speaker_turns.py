"""A sentence opening with a name (or a pronoun) its speech cue follows turns the paragraph
to that person (indexer.annotate.attribution.phrases.introductions.opens_on_named_cue):
a quote standing alone after it is theirs, not the previous quote's speaker's."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.annotator import annotate_article
from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search import ParsedArticle
from onrecord.search.model import Article, Metadata, Paragraph


def speakers(text: str) -> list[str | None]:
    para = Paragraph(id="t-p1", n=1, start=0, end=len(text), text=text)
    article = Article(id="t", source="t.txt", text=text, meta=Metadata(), paragraphs=[para])
    return [q.speaker for p in annotate_quotes(article).paragraphs for q in p.quotes if q.kind == "direct"]


@pytest.mark.parametrize("text, expected", [
    ('"The ferry will run all winter," said Tavo Brenn. Harbour warden Ann Vole said the plan '
     'would strain the crews. "We cannot staff it every night."', ["Tavo Brenn", "Ann Vole"]),
    ('"The ferry will run all winter," said Tavo Brenn. But the head of the boatmen\'s guild '
     'Ann Vole criticised the timetable. "We cannot staff it every night."', ["Tavo Brenn", "Ann Vole"]),
    ('"The ferry will run all winter," said Tavo Brenn. Ann Vole, the harbour warden, was at the meeting. '
     'She said the plan would strain the crews. "We cannot staff it every night."', ["Tavo Brenn", "Ann Vole"]),
    # a sentence quoting something itself, or a name its cue does not follow, turns nothing
    ('"The ferry will run all winter," said Tavo Brenn. The council thanked Ann Vole for her report. '
     '"We can staff it every night."', ["Tavo Brenn", "Tavo Brenn"]),
])
def test_a_named_speech_cue_before_a_lone_quote_names_its_speaker(text: str, expected: list[str]) -> None:
    assert speakers(text) == expected


@pytest.mark.parametrize("text, expected", [
    # an appositive between the opening name and its cue
    ('"The ferry will run all winter," said Tavo Brenn. Ann Vole, the harbour warden, said the plan '
     'would strain the crews. "We cannot staff it every night."', ["Tavo Brenn", "Ann Vole"]),
    # a participle cue after the comma reports the sentence's opening name
    ('"The ferry will run all winter," said Tavo Brenn. Warden Ann Vole put a brave face on the plan, '
     'saying the crews would cope. "We can staff it every night."', ["Tavo Brenn", "Ann Vole"]),
    # a participle after a preposition reports nothing: the last speaker goes on
    ('"The ferry will run all winter," said Tavo Brenn. Norland now trails Ostby after claiming two '
     'late sailings. "We can staff it every night."', ["Tavo Brenn", "Tavo Brenn"]),
])
def test_a_cue_whose_speaker_opens_the_sentence_names_a_lone_quote(text: str, expected: list[str]) -> None:
    assert speakers(text) == expected


def article_speakers(text: str) -> list[str | None]:
    """Return the direct quotes' speakers of a text whose blank lines part paragraphs."""
    article = annotate_article(chunk_article(ParsedArticle(source="t.txt", text=text, meta=Metadata())))
    return [q.speaker for p in article.paragraphs for q in p.quotes if q.kind == "direct"]


def test_a_paragraph_ending_on_a_named_cue_names_the_next_paragraphs_lone_quote() -> None:
    text = ('Ferry row\n\n"The ferry will run all winter," writes Tavo Brenn in the harbour newsletter. '
            'Ann Vole, the harbour warden, says the crews are already stretched thin.\n\n'
            '"We cannot staff it every night."')
    assert article_speakers(text) == ["Tavo Brenn", "Ann Vole"]
