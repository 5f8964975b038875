"""A title-case quote inside a headline is speech when the body quotes its
words inside longer speech: a headline capitalises its words, so its capitals
show no title.  Invented articles."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.spans.test_titles import quotes


@pytest.mark.parametrize(("text", "speaker"), [
    # the body quotes the words inside a longer partial
    ("Tamm eyes 'Old Guard' seats\n\n"
     "Port boss Olek Tamm has said the council is run by an \"Old Guard clique\" of friends.\n\n"
     "The council did not reply.", "Olek Tamm"),
    # the body quotes the words inside a whole quote
    ("Greens condemn harbour 'Flip-Flops'\n\n"
     "Green leader Ada Lowe has criticised the council over its harbour plan.\n\n"
     '"We have seen two Flip-Flops in a month and nobody explains them," Ms Lowe said.', "Ada Lowe"),
])
def test_a_headline_quote_the_body_quotes_in_speech_is_kept(text: str, speaker: str) -> None:
    head = quotes(text)[0]
    assert head.start == 0
    assert head.speaker == speaker


@pytest.mark.parametrize("text", [
    # no body quote holds the words: a name in quotes
    ("Tamm joins 'Sea Party'\n\nPort boss Olek Tamm has joined the Sea Party, he said on Monday.\n\n"
     '"It is a fresh start," Mr Tamm said.'),
    # the body quotes the lone word again: a term both times
    ("Ports pick 'Quayside' as brand\n\nThe term \"Quayside\" was chosen by the harbour board.\n\n"
     '"It sounds warm," said board chair Ada Lowe.'),
    # a quote opening the headline is mostly its topic, even when speech repeats it
    ("'Kraken' row at harbour meeting\n\nA row broke out at the harbour meeting on Monday.\n\n"
     '"Nobody called the mayor a Kraken at any point," said Olek Tamm.'),
])
def test_a_headline_title_the_body_does_not_quote_in_speech_stays_out(text: str) -> None:
    assert all(q.start > 0 for q in quotes(text))
