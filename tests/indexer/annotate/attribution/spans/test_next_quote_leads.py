"""A sentence after a quote that ends its own sentence, whose cue runs into a colon and the next
quote, leads that next quote and never tags the one before
(indexer.annotate.attribution.spans.nextleads); a quote closed by a period with a space before
its mark (BBC text) is closed by a period too (clues' closing tag)."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.attribution.spans.nextleads import SENTENCE_ENDS, leads_next_quote
from onrecord.search.model import Article, Metadata, Paragraph


def speakers(text: str) -> list[str | None]:
    para = Paragraph(id="t-p1", n=1, start=0, end=len(text), text=text)
    article = Article(id="t", source="t.txt", text=text, meta=Metadata(), paragraphs=[para])
    return [q.speaker for p in annotate_quotes(article).paragraphs for q in p.quotes if q.kind == "direct"]


_FIRST = '"The ferry will run all winter," said Tavo Brenn. '


_ENDINGS = ['."', '. "']  # one per row of SENTENCE_ENDS, in order


def test_one_ending_per_row() -> None:
    assert len(_ENDINGS) == len(SENTENCE_ENDS)


@pytest.mark.parametrize("ending", _ENDINGS)
def test_each_sentence_end_lets_a_colon_lead_pass_over_the_quote(ending: str) -> None:
    text = _FIRST + '"It will strain the crews' + ending + ' Harbour warden Ann Vole said: "We cannot staff it."'
    assert speakers(text) == ["Tavo Brenn", "Tavo Brenn", "Ann Vole"]


@pytest.mark.parametrize("lead", [
    'Harbour warden Ann Vole said: ',
    'Guild chief executive, Ann Vole, added: ',
    'Ann Vole told the Gazette: ',
])
def test_a_colon_lead_after_a_question_names_the_next_quote_only(lead: str) -> None:
    text = _FIRST + '"Who would staff it every night?" ' + lead + '"We cannot."'
    assert speakers(text) == ["Tavo Brenn", "Tavo Brenn", "Ann Vole"]


@pytest.mark.parametrize("text, expected", [
    # a comma ends the quote's words: the cue after it tags it, colon or not
    ('"It will strain the crews," Ann Vole said: "We cannot staff it."', ["Ann Vole", "Ann Vole"]),
    # a closing tag with no colon still tags the quote before it
    ('"It will strain the crews." Ann Vole said.', ["Ann Vole"]),
])
def test_a_cue_that_tags_the_quote_still_does(text: str, expected: list[str]) -> None:
    assert speakers(text) == expected


def test_a_bbc_period_before_a_spaced_mark_ends_the_quote() -> None:
    # '... homes. " A spokesman said ...' starts a new sentence that reports something else
    text = _FIRST + '"It will strain the crews. " A spokesman said the council had no comment.'
    assert speakers(text) == ["Tavo Brenn", "Tavo Brenn"]


@pytest.mark.parametrize("quote, s, expected", [
    ('"Done."', '####### Ann Vole said: ####', True),
    ('"Done?"', '####### Ann Vole said: ####', True),
    ('"Done,"', '####### Ann Vole said: ####', False),  # the comma: the cue tags it
    ('"Done."', '####### Ann Vole said the plan. Ann: ####', False),  # a sentence ends first
    ('"Done."', '####### Ann Vole said ####', False),  # no colon
])
def test_leads_next_quote(quote: str, s: str, expected: bool) -> None:
    assert leads_next_quote(quote, 0, len(quote), s, len(quote) + 1) is expected
