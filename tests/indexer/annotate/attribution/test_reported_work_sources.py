"""Reported speech (issue #32): a description of a work in a reported
clause's speaker phrase whose maker the sentence names right after it, by a
link of work_source_links ("from", "by": one row each here), is the maker's
(indirect/worksources.py); a maker named after the sentence's stop is not."""
from __future__ import annotations

import pytest

from onrecord.indexer.lexicon import words
from tests.indexer.annotate.attribution.test_reported import reported

_LINKS = ["from", "by"]


def test_the_links_tested_are_the_lexicon_s() -> None:
    assert set(_LINKS) == words("work_source_links")


@pytest.mark.parametrize("link", _LINKS)
def test_a_work_s_maker_after_the_link_speaks(link: str) -> None:
    text = f"Harbour fees will rise next year, according to a report earlier this week {link} the Norland Ports Council."
    assert [q.speaker for q in reported(text)] == ["Norland Ports Council"]


@pytest.mark.parametrize(("text", "speaker"), [
    # a participle before "by" (the phrase finder stops before it)
    ("Harbour fees will rise next year, according to a round-up of port costs compiled by Acme Magazine.",
     "Acme Magazine"),
    # an owner before the maker's name
    ("Ann Vole earned 5m euros last year, according to a table drawn up by Norland's Daily Post newspaper.",
     "Daily Post"),
])
def test_the_maker_is_found_past_a_participle_or_an_owner(text: str, speaker: str) -> None:
    assert [q.speaker for q in reported(text)] == [speaker]


def test_a_maker_after_the_sentence_s_stop_names_no_one() -> None:
    text = "Harbour fees will rise next year, according to a report earlier this week. By Friday Acme Group agreed."
    assert [q.speaker for q in reported(text)][:1] == [None]
