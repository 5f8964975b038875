"""Reported speech (issue #32): a lead's indefinite body description ("...,
a charity has warned.") is the body a later sentence of the lead's reach
shows speaking (indirect.leadbodies), not the first body named after it
("The Harbour Board is to end its fares." is only reported on), and not a
body named inside the clause itself."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.indirect.leadbodies import speaking_body_after
from tests.indexer.annotate.attribution.test_reported import reported

_HEAD = "Ferry fares row\n\n"


@pytest.mark.parametrize(("lead", "after", "speaker"), [
    # the first body named after the lead only acts: the one that speaks is the charity
    ("Thousands of island workers will lose their jobs under new fare rules, a charity has warned.",
     "The Norland Harbour Board (NHB) is to end its ferry subsidy in May. Ferry Aid condemned the move.",
     "Ferry Aid"),
    # the body's kind is written only beside its name
    ("Ticket fraud has moved to the internet, an anti-fraud agency has said.",
     "Anti-fraud consultancy Tollgate Checks says online fraud has risen.", "Tollgate Checks"),
    # a spokesperson of the body speaks; the body named in the clause itself is not it
    ("Norland's choice of a new port for one of the UK's busiest routes is wrong, says a passenger group.",
     "Councillor Tom Harker was chosen for the port last week. A Sail Fair Vote spokesman said they wanted a meeting.",
     "Sail Fair Vote"),
    # a stance verb and the body's acronym after its name
    ("A new booking system could help scammers, a trade body has warned.",
     "The system was approved in May. But the Norland Ferry Forum (NFF) is concerned that it is unsafe.",
     "Norland Ferry Forum"),
])
def test_lead_body_speaker(lead: str, after: str, speaker: str) -> None:
    quotes = [q for q in reported(_HEAD + lead + "\n\n" + after) if q.kind == "indirect" and q.start < len(_HEAD + lead)]
    assert quotes[0].speaker == speaker


@pytest.mark.parametrize(("text", "body"), [
    # one case per lead_body_verbs row
    (". Ferry Aid says the fares are too high.", "Ferry Aid"),
    (". Ferry Aid said the fares were too high.", "Ferry Aid"),
    (". Ferry Aid warned that fares would rise.", "Ferry Aid"),
    (". Ferry Aid warns that fares will rise.", "Ferry Aid"),
    (". Ferry Aid condemned the move.", "Ferry Aid"),
    (". But the Ferry Aid Forum is concerned about fares.", "Ferry Aid Forum"),
    # an article before the name is no part of it; a spokesperson speaks for it
    (". An Open Fares Vote spokesman said fares were too high.", "Open Fares Vote"),
    # guards: a body that only acts, a person after a role word, a sentence with a long opening
    (". The Harbour Board is to end its fares.", None),
    (". Ferry Aid director Ann Vole said the fares were too high.", None),
    (". On Monday evening at the port Ferry Aid said fares were too high.", None),
])
def test_speaking_body_after(text: str, body: str | None) -> None:
    assert speaking_body_after("a charity has warned" + text, len("a charity has warned")) == body
