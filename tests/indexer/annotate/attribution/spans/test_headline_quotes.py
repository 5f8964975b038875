"""Headlines quote in single marks whatever the body's style, and their
speaker is the body's, not the headline's subject.  Invented articles."""
from __future__ import annotations

import re

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.attribution.spans.quotes import line_style
from onrecord.search.model import Article, Metadata, Paragraph, Quote


def quotes(text: str) -> list[Quote]:
    paras = [Paragraph(id=f"t-{i}", n=i, start=m.start(), end=m.end(), text=m.group())
             for i, m in enumerate(re.finditer(r"\S(?:.*?\S)?(?=\s*\n\s*\n|\s*$)", text, re.S), 1)]
    article = Article(id="t", source="t", text=text, meta=Metadata(), paragraphs=paras)
    return [q for p in annotate_quotes(article).paragraphs for q in p.quotes]


@pytest.mark.parametrize(("line", "heading", "expected"), [
    ("Harbour plan 'a fudge'", True, "single"),
    ("Harbour plan 'a fudge'", False, "double"),  # not a headline: the body's style
    ("Harbour plan 'a fudge' said the mayor.", True, "double"),  # a sentence, not a headline
    ('Mayor calls harbour plan "a fudge"', True, "double"),  # double marks: the body's style
])
def test_line_style(line: str, heading: bool, expected: str) -> None:
    assert line_style(line, 0, len(line), "double", heading) == expected


def test_single_marks_quote_in_a_double_style_headline() -> None:
    text = ("Harbour plan 'a total fudge'\n\n"
            'Port boss Olek Tamm called the plan "a total fudge" on Monday.\n\n'
            '"We were never asked," said Mr Tamm. "It will not work," he said.')
    found = quotes(text)
    assert found[0].text == "Harbour plan 'a total fudge'"
    assert found[0].speaker == "Olek Tamm"  # the body quote repeating its words, not "Harbour"
    assert found[0].speaker_source == "rule:headline"


def test_headline_quote_takes_the_first_speaker_below_when_nothing_repeats_it() -> None:
    text = ("Council 'to sell the harbour'\n\n"
            "The council will sell the harbour, its leader Ada Lowe has said.\n\n"
            '"We cannot afford it any more," Mrs Lowe said.')
    assert quotes(text)[0].speaker == "Ada Lowe"


def test_apostrophes_in_a_headline_are_not_quotes() -> None:
    text = ("Port's boss won't sell\n\n"
            '"We are not selling," said Olek Tamm.')
    assert [q.text for q in quotes(text)] == ['"We are not selling,"']


def test_a_headline_subject_is_no_speaker_in_a_document_without_double_marks() -> None:
    """No double marks anywhere: the headline still quotes in single marks, and its subject
    is whom the story is about ('Acme 'in back-tax claim''), not who said it: a lead quoting no
    one leaves the headline to the source the next paragraph names, the paper reporting it."""
    text = ("Acme 'in $36m back-tax claim'\n\nThe unit of Acme is facing a back-tax claim for 2001.\n\n"
            "Vedomo newspaper reported that the authorities made the demand.")
    assert quotes(text)[0].speaker == "Vedomo"
