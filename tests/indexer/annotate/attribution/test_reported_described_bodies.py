"""Reported speech (issue #32): bodies behind descriptions.  A group of a
body's members or staff that a lead's clause credits ("..., MPs have said.",
"police chiefs have told") is the body the next sentence names
(indirect.described.group_named_next); "the bank said" is the body whose
clause came last (indirect.described.speaking_body)."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("lead", "named", "speaker"), [
    ("Harbour fees should be cut, a committee of MPs has said.",
     "The Norland Affairs Committee said ferry firms paid too much.", "Norland Affairs Committee"),
    ("Harbour fees should be cut, MPs have said.",
     "The Norland Affairs Committee said ferry firms paid too much.", "Norland Affairs Committee"),
    ("New powers are needed to close ferry terminals, port chiefs have told ministers.",
     "The Association of Norland Harbour Masters said ferry firms paid too much.",
     "Association of Norland Harbour Masters"),
])
def test_a_lead_group_is_the_body_named_next(lead: str, named: str, speaker: str) -> None:
    text = "Fees 'too high'\n\n" + lead + "\n\n" + named
    assert reported(text)[0].speaker == speaker


@pytest.mark.parametrize(("lead", "named", "body"), [
    # MPs speak as their committee, never as the department the committee blamed
    ("Harbour fees should be cut, MPs have said.", "The Department for Norland Ports was slow, the report found.",
     "Department for Norland Ports"),
    # analysts speak for themselves, not for the body whose figures they read; researchers stay unnamed
    ("Ferry fares will rise by a tenth next year, analysts said.", "The Norland Statistics Office said fares rose.",
     "Norland Statistics Office"),
    ("Ferry fares will rise by a tenth next year, say researchers.",
     "The Vexa Transport Institute said ferry firms paid too much.", "Vexa Transport Institute"),
    # an owner named in the phrase is the staff rule's, never the body named next
    ("Ferry fares will rise, Vexa officials said.", "The Norland Ports Authority said fares rose.",
     "Norland Ports Authority"),
])
def test_a_lead_group_names_no_other_body(lead: str, named: str, body: str) -> None:
    text = "Fees 'too high'\n\n" + lead + "\n\n" + named
    assert reported(text)[0].speaker != body


def test_a_group_after_the_lead_looks_no_further() -> None:
    text = ("Fees 'too high'\n\nFerry firms met on Monday.\n\nThe talks went on late.\n\n"
            "Harbour fees should be cut, MPs said. The Norland Affairs Committee said firms paid too much.")
    assert reported(text)[0].speaker != "Norland Affairs Committee"


@pytest.mark.parametrize(("text", "speaker"), [
    # the body whose clause came last, not the bank the registry names
    ("The Bank of Norland kept rates on hold in May. Prices rose by 2% in June, the Vole Society said. "
     "The bank said the rise was the smallest since 2001.", "Vole Society"),
    ("Bexco and Acme Air met in Paris. Separately, Vexa Parcels said it had ordered ten Acme Air jets. "
     "The US company said it needed more room for freight.", "Vexa Parcels"),
])
def test_a_definite_body_is_the_body_that_spoke_last(text: str, speaker: str) -> None:
    assert reported(text)[-1].speaker == speaker


def test_a_bank_named_since_the_last_clause_stays_the_bank() -> None:
    text = ("Prices rose by 2% in June, the Vole Society said. The Bank of Norland published its figures on Tuesday. "
            "Loans fell to 79,000 in May, the bank said.")
    assert reported(text)[-1].speaker == "Bank of Norland"


@pytest.mark.parametrize(("text", "speaker"), [
    # a role or descriptor the registry read before the body's last word
    ("The British Harbour Board (BHB) met. Ferry fares face hard times, the British Harbour Board said.",
     "British Harbour Board"),
    ("General Ferries, the biggest ferry firm, has confirmed that it will build ships in Norland.",
     "General Ferries"),
])
def test_a_body_s_whole_name_is_not_cut_to_a_word_of_it(text: str, speaker: str) -> None:
    assert reported(text)[-1].speaker == speaker


def test_a_person_after_a_role_keeps_the_name() -> None:
    text = "General Ann Vole met the crews. General Vole said the ships would sail in May."
    assert reported(text)[-1].speaker == "Ann Vole"


@pytest.mark.parametrize(("text", "speaker"), [
    # a plural of staff opening a sentence is no organisation "the company" could mean
    ("Vexa cuts 300 jobs\n\nUp to 300 jobs are to go at Norland broker Vexa Holdings.\n\n"
     "Analysts expect its cuts to fall on its ferry arm. The company said it was halving its dividend.",
     "Vexa Holdings"),
    # nor a word the article writes in lowercase elsewhere ("Probe" heading, "the probe")
    ("Probe into harbour fees\n\nThe probe by the Norland Ports Authority began in May. "
     "The company said it had paid every fee on time.", None),
])
def test_a_sentence_opening_common_noun_is_no_body(text: str, speaker: str | None) -> None:
    found = [q for q in reported(text) if q.text.startswith(("it was", "it had"))]
    assert found and found[0].speaker != ("Analysts" if speaker else "Probe")
    if speaker:
        assert found[0].speaker == speaker


@pytest.mark.parametrize(("text", "speaker"), [
    # a watchdog or regulator may be a board, an office or a commission
    ("Inquiry into mayor\n\nAn inquiry by the Norland Standards Board is under way after the mayor's remarks. "
     "The local government watchdog said the complaint related to a lack of respect.", "Norland Standards Board"),
    ("Vexa under scrutiny\n\nThe Norland Markets Commission has fined Vexa Holdings. "
     "The financial regulator said Vexa would have to raise new capital.", "Norland Markets Commission"),
])
def test_a_watchdog_may_be_any_kind_of_body(text: str, speaker: str) -> None:
    assert reported(text)[-1].speaker == speaker


def test_the_body_is_the_body_that_spoke() -> None:
    text = ("Film files scanned\n\nThe NFA said files found would not be passed on. Its chief Tavo Brenn said "
            "the scans were free. The industry body also said it had begun legal action against file-swappers.")
    assert reported(text)[-1].speaker == "NFA"
