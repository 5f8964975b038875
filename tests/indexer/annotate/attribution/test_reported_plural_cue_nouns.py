"""Reported speech (issue #32): a cue word that is also a plural noun
("claims", "reports": plural_cue_nouns) with no subject right before it is
the noun, no speaker's verb (clauses/verbs.py): after a word of
plural_cue_noun_leads (one row each here), a verb of plural_cue_noun_verbs
in its base or -s form (one row each here), or a lowercase -ed/-ing verb
form whose object it is (capitalised only opening its sentence); with a
subject before it, it still reports."""
from __future__ import annotations

import pytest

from onrecord.indexer.lexicon import words
from tests.indexer.annotate.attribution.test_reported import reported

_LEADS = ["after", "before", "following", "if", "unless", "until", "because", "when", "while", "without", "on",
          "under"]

_VERBS = ["address", "addresses", "counter", "counters", "deny", "denies", "dismiss", "dismisses", "investigate",
          "investigates", "make", "makes", "quell", "quells", "rebut", "rebuts", "refute", "refutes", "reject",
          "rejects", "scotch", "scotches"]


def test_the_leads_tested_are_the_lexicon_s() -> None:
    assert set(_LEADS) == words("plural_cue_noun_leads")
    assert set(_VERBS) == words("plural_cue_noun_verbs")


@pytest.mark.parametrize("noun", ["claims", "reports"])
@pytest.mark.parametrize("verb", _VERBS)
def test_a_plural_cue_noun_after_a_verb_reports_nothing(verb: str, noun: str) -> None:
    # "refused to deny claims that ...", "makes claims that ...": the claims are the verb's object
    third_person = verb.endswith("s") and not verb.endswith("ss")  # "denies", not "address"
    lead = "The harbour board" if third_person else "The harbour board refused to"
    text = f"{lead} {verb} {noun} that the pier was unsafe for boats."
    assert [q for q in reported(text) if q.cue_mention is not None and q.cue_mention.text == noun] == []


@pytest.mark.parametrize("noun", ["claims", "reports"])
@pytest.mark.parametrize("lead", _LEADS)
def test_a_plural_cue_noun_after_a_lead_reports_nothing(lead: str, noun: str) -> None:
    assert reported(f"The harbour board faces a ban {lead} {noun} that the pier was unsafe are true.") == []


@pytest.mark.parametrize("text", [
    "The minister resigned after reports that he had misled the house about the harbour.",
    "Police are investigating claims that the harbour master took bribes from the firm.",
    "The harbour board has rejected repeated claims that the pier was unsafe for boats.",
    "Critics have questioned reports that the harbour master took bribes from the firm.",
    "Addressing claims that the pier was unsafe, the harbour master spoke for an hour.",  # capitalised, first
])
def test_a_plural_cue_noun_with_no_subject_reports_nothing(text: str) -> None:
    assert reported(text) == []


@pytest.mark.parametrize(("text", "speaker"), [
    ("Acme claims the harbour will close next spring.", "Acme"),
    ("Tom Reed now claims the harbour will close next spring.", "Tom Reed"),
    ("Tom Reed reports that the harbour will close next spring.", "Tom Reed"),
    ("The accused claims he was never at the harbour that night.", None),  # a determiner: a subject
])
def test_a_plural_cue_noun_with_a_subject_still_reports(text: str, speaker: str | None) -> None:
    assert [q.speaker for q in reported(text)] == [speaker]
