"""A headline quote over a lead that only describes its speaker ("The new
transport minister for Tarnford says ...") takes the speaker the next
paragraph opens with: its first sentence's credited quote, else the name
opening it, not one the lead already names (headlines.subjects).  A body's
description never takes the quote of its staff below it: test_speaker_values'
"US firm" case guards that."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text
from onrecord.indexer.annotate.attribution.headlines.subjects import described_head, first_sentence


def _headline_speaker(text: str) -> str | None:
    return extract_text(text).paragraphs[0].quotes[0].speaker


@pytest.mark.parametrize("sentence, head", [
    ("The new transport minister for Tarnford says the roads need work.", "minister"),
    ("A ferry operator has halted sailings after claiming the harbour was unsafe.", "operator"),
    ("The head of Vole Radio has admitted the station lost listeners.", "head"),
    # a name opens it: the lead names its speaker itself
    ("Ann Vole says the roads need work.", None),
    # no speaker noun heads the description: its topic, not its speaker
    ("The new road plan is to go ahead, according to the council.", None),
    # a speaker noun but no cue: the lead reports an act, no one's words
    ("A ferry operator has halted sailings on the northern route.", None),
    # a capitalised word after the lowercase ones: "senior" is a modifier, not the head
    ("A senior Tarnford Party MP has criticised the fees.", None),
])
def test_a_lead_describes_its_speaker(sentence: str, head: str | None) -> None:
    assert described_head(sentence) == head


@pytest.mark.parametrize("text, first", [
    ("Sailings stopped. Ann Vole said so.", "Sailings stopped."),
    ("No end here", "No end here"),
])
def test_first_sentence(text: str, first: str) -> None:
    assert first_sentence(text) == first


@pytest.mark.parametrize("second, speaker", [
    # the next paragraph's first sentence credits a quote: its speaker
    ("Dr Ann Vole, on her first day in the post, admitted \u201cbig gaps\u201d in the budget. "
     "Bob Tamm said she was wrong.", "Ann Vole"),
    # no quote there: the name opening it
    ("Harbour Ferries Ltd made the move after two crossings were cancelled. "
     "\u201cWe are worried,\u201d said Bob Tamm.", "Harbour Ferries Ltd"),
])
def test_a_headline_takes_the_speaker_the_lead_describes(second: str, speaker: str) -> None:
    text = (f"Tarnford 'must fix its roads'\n\n"
            "The new transport minister for Tarnford says the town has to repair its roads.\n\n"
            f"{second}\n\n\u201cThe roads are fine,\u201d said council leader Cy Pell.")
    assert _headline_speaker(text) == speaker


def test_a_name_the_lead_already_names_is_not_the_described_speaker() -> None:
    text = ("Ferry firm 'bids for harbour'\n\n"
            "A ferry firm has said it is in talks with shipping group Norsal to buy the harbour.\n\n"
            "Norsal has been selling its ports for two years. \u201cWe are keen,\u201d said Bob Tamm.")
    # guards the lead-names filter of described_source: without it the opening name Norsal is taken
    assert _headline_speaker(text) != "Norsal"


def test_a_possessive_opening_the_next_paragraph_is_its_topic_not_the_speaker() -> None:
    text = ("Ferry chief who 'left' still at work\n\n"
            "The head of the ferry board said to have quit in May is still in the post.\n\n"
            "Ann Vole's departure was announced by the minister in May. \u201cShe stays,\u201d said Bob Tamm.")
    # guards the possessive lookbehind of the opening-name pattern: without it "Ann Vole" is taken
    assert _headline_speaker(text) != "Ann Vole"

