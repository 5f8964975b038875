"""A headline opening with a body's name and a stance verb ("Acme Party
attacks 'U-turns'") quotes that body, not a member who repeats the words
below, unless the lead gives its words to a voice it names no one for
(headlines.actors)."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text


def _headline_speaker(text: str) -> str | None:
    """Return the speaker of the article's first quote (its headline's)."""
    return [q for p in extract_text(text).paragraphs for q in p.quotes][0].speaker


def _story(verb: str, lead: str) -> str:
    """Return a made-up story whose headline has Acme Bank `verb` the quoted words."""
    return (f"Acme Bank {verb} 'bright' harbour future\n\n{lead}\n\n"
            "\u201cThe future is bright for the harbour,\u201d said Ann Tamm, its chief executive.")


@pytest.mark.parametrize("verb", ["attacks", "targets", "sees", "praise", "urges", "predicts", "hails"])
def test_a_body_doing_something_to_the_headline_s_words_is_their_speaker(verb: str) -> None:
    lead = "Acme Bank has posted a jump in quarterly sales at its Lowport branches."
    assert _headline_speaker(_story(verb, lead)) == "Acme Bank"


@pytest.mark.parametrize("verb, lead", [
    # a verb of rebuttal: the words are another's
    ("rebuts", "Acme Bank has posted a jump in quarterly sales at its Lowport branches."),
    # the lead gives the words to a voice it names no one for
    ("sees", "Acme Bank expects a record year at Lowport, one of its directors has predicted."),
])
def test_a_body_subject_leaves_the_headline_to_the_body_quote(verb: str, lead: str) -> None:
    assert _headline_speaker(_story(verb, lead)) == "Ann Tamm"
