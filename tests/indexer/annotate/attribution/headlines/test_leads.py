"""A headline quote no cue credits takes the speaker of the body quote that
repeats it, else of the lead paragraph's own attribution (its reported
clause too: "..., business lobby group the CBI says"), else the first quote
after it; a reported clause past the lead is detail, not the headline's."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text


def _quotes(text: str) -> list[tuple[str, str | None]]:
    return [(q.kind, q.speaker) for p in extract_text(text).paragraphs for q in p.quotes]


@pytest.mark.parametrize("lead", [
    "Rising costs are hitting small makers, business lobby group the Vole Federation says.",
    "Rising costs are hitting small makers, the Vole Federation says.",
])
def test_a_headline_takes_the_lead_s_reported_speaker_before_a_later_quote(lead: str) -> None:
    body = (f"Small firms 'hit by costs'\n\n{lead}\n\n"
            "\u201cWe face a struggle,\u201d said Ann Tamm, chair of the federation's council.")
    found = _quotes(body)
    assert found[0] == ("partial", "Vole Federation")
    assert ("indirect", "Vole Federation") in found


def test_a_reported_clause_past_the_lead_does_not_credit_the_headline() -> None:
    body = ("Greens predict 'best ever poll'\n\n"
            "The Greens expect their best results yet, one of their frontbenchers has predicted.\n\n"
            "The Tories say the Greens would raise taxes. Ann Tamm said: \u201cWe are going to win seats.\u201d")
    assert _quotes(body)[0] == ("partial", "Ann Tamm")


@pytest.mark.parametrize("headline, speaker", [
    # the headline names its speaker by surname before the quoted words
    ("Tamm 'proud of economy record'", "Ann Tamm"),
    ("Tamm puts Vole 'above money'", "Ann Tamm"),
    # no name the body's speakers carry: the first quote below, as before
    ("Economy 'proud of its record'", "Bob Vole"),
])
def test_a_headline_takes_the_quote_of_the_person_it_names(headline: str, speaker: str) -> None:
    body = (f"{headline}\n\nAnn Tamm has given a rousing speech to the party conference.\n\n"
            "\u201cWe are ready,\u201d said party official Bob Vole. \u201cWe are strong,\u201d Ms Tamm said.")
    assert _quotes(body)[0] == ("partial", speaker)


def test_a_headline_reporting_the_named_person_s_speech_is_another_s_claim() -> None:
    body = ("Tamm 'said she would stand down'\n\nAnn Tamm promised to go before the vote.\n\n"
            "\u201cShe said so twice,\u201d said biographer Bob Vole. Ms Tamm said she had not decided.")
    assert _quotes(body)[0] == ("partial", "Bob Vole")


def test_a_lead_crediting_nobody_gives_the_headline_to_the_source_named_next() -> None:
    body = ("Ferry trade 'slowing'\n\n"
            "Ferry bookings grew at their slowest pace in a year in May, according to a survey.\n\n"
            "The Harbour Traders Guild said its bookings index fell to 51.2 from 53.0. Analysts were surprised.\n\n"
            "\u201cThe summer looks weak,\u201d said Ann Tamm, an economist at Vole Bank.")
    assert _quotes(body)[0] == ("partial", "Harbour Traders Guild")


def test_a_headline_whose_named_subject_acts_before_the_quote_is_that_person_s_over_the_lead() -> None:
    # "Tamm attacks ... 'lies'": the subject does the attacking, though the lead credits her party
    body = ("Tamm attacks Vole's Green 'lies'\n\n"
            "Bob Vole lied about the budget and will lie about the harbour, say the Greens.\n\n"
            "Green co-chair Ann Tamm was speaking after Mr Vole told members the Greens had no plan. "
            "Ms Tamm said: \u201cHe does not tell the truth.\u201d")
    assert _quotes(body)[0] == ("partial", "Ann Tamm")


@pytest.mark.parametrize("lead", [
    # a passive report names no one: "a court has been told", "X is said to"
    "Dockers at Lowport will be paid twice what the council offered, a tribunal has been told.",
    "Dockers at Lowport are said to have won double what the council offered.",
    # a reported clause whose source the registry cannot name: "the local press has said"
    "Dockers at Lowport will be paid twice what the council offered, the local press has said.",
])
def test_a_lead_crediting_no_one_gives_the_headline_to_the_next_paragraph_s_source(lead: str) -> None:
    body = (f"Dockers 'win double pay'\n\n{lead}\n\n"
            "Union official Ann Tamm said the deal was the best in a decade. The talks took a month.\n\n"
            "\u201cWe will fight on,\u201d said Bob Vole, a council spokesman.")
    assert _quotes(body)[0] == ("partial", "Ann Tamm")


@pytest.mark.parametrize("body, speaker", [
    # the lead's claim is about the person the headline names, its source someone else
    ("Tamm 'aware' of harbour fraud\n\n"
     "Former harbour boss Ann Tamm knew of the fraud at the port, her closest aide has told a court.\n\n"
     "Giving evidence, ex-treasurer Bob Vole implicated his former boss. Ms Tamm denies the charges.\n\n"
     "\u201cShe ran everything,\u201d Mr Vole said. Ms Tamm said she was innocent.", "Bob Vole"),
    ("Tamm medals 'must go if guilty'\n\n"
     "Harbour agency chief Bob Vole says Ann Tamm should lose her medals if she is found guilty.\n\n"
     "\u201cThe rules are clear,\u201d said Vole. Ms Tamm said she would fight the charges.", "Bob Vole"),
    # a passive report: the person is what is said, the next paragraph names who said it
    ("Tamm 'turned down lead role'\n\n"
     "The late actor Ann Tamm is said to have turned down the lead role in Harbour Lights.\n\n"
     "Her friend Bob Vole told a magazine that she threw the script away. "
     "\u201cI never liked it,\u201d Ms Tamm once said.", "Bob Vole"),
    # "reportedly" over the person's own words: still theirs
    ("Tamm 'eyes harbour move'\n\nStriker Ann Tamm reportedly wants to leave Lowport.\n\n"
     "A newspaper reports that Tamm told a magazine: \u201cI want to win titles.\u201d", "Ann Tamm"),
])
def test_a_headline_naming_what_the_lead_reports_takes_the_report_s_source(body: str, speaker: str) -> None:
    assert _quotes(body)[0] == ("partial", speaker)
