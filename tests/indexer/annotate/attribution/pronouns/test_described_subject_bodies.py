""""It said" after a sentence a body's description opens, and ", it said." closing a reported clause
with no quote marks: both continue the subject of the sentence before (pronouns.subjectbodies)."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.articles import speaker_opening


@pytest.mark.parametrize("text, opening, expected", [
    # a description opens the sentence before: the body it stands for, not the last capitalised name
    ('Video withdrawn\n\nThe singer\'s record label Vexo Records has withdrawn the video. The label believed '
     'the school name was fictitious until they received a complaint from Harlow High School. They have said '
     'the reference to the school was unintentional.\n', "the reference", "Vexo Records"),
    # ", it noted." after a clause with no quote marks: the sentence before's subject, not the body the
    # clause itself names
    ('Listing rules eased\n\nThe Kelvar Commission said it had taken the new rules into account. The Arden '
     'Union, in particular, was imposing new reporting rules, it noted.\n', "The Arden", "Kelvar Commission"),
    # the same through a sentence "It" opens, back to the description before it
    ('Coal miner loses money\n\nNorcoal Group said its losses had deepened. The company said wage cuts should '
     'lift earnings. It expected '
     '2005 to be a "transitional year".\n\nThe Dunmore Energy Group cut prices, which has failed to help the '
     'company, it said.\n', "The Dunmore", "Norcoal Group"),
    # a present cue after the clause: the same
    ('Tariff row\n\nThe Kelvar Commission said it would act. Arden Union tariffs are unfair, it says.\n',
     "Arden Union", "Kelvar Commission"),
])
def test_the_sentence_before_s_body_continues(text: str, opening: str, expected: str) -> None:
    assert speaker_opening(text, opening) == expected


@pytest.mark.parametrize("text, opening, expected", [
    # a description whose reading is no name continues nothing: the body named before stands
    ('Builder warns\n\nShares in Multiplex Vole, which is building the new Harlow stadium, fell after it said '
     'it would lose money.\n\nThe Australian firm said it would only break even on the rebuild. Any profits '
     'would depend on the outcome of legal cases, it added.\n', "Any profits", "Multiplex Vole"),
    # the sentence before reports another's words of its subject: the reporter, as a quote's "it said"
    ('Carmaker mulls listing\n\nKarvel could be listed on the stock market, the Daily Vole has reported.\n\n'
     'Sales at Quorra fell by a fifth last year, it said.\n', "Sales at", "Daily Vole"),
])
def test_no_new_reading_where_none_fits(text: str, opening: str, expected: str | None) -> None:
    assert speaker_opening(text, opening) == expected
