"""Reported speech (issue #32, branch rep48): "X forecast that CLAUSE" and
"X questioned/queried whether/why/what CLAUSE", which the golds annotate as
indirect entries (a generic subject such as "analysts" speaks for nobody
named: no speaker); the shapes these cue words still report nothing in."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "clause", "speaker", "cue"), [
    # one row per cue word this branch added to "clause_cues"
    ("Acme Bank has forecast that its loans will grow by a tenth next year.",
     "its loans will grow by a tenth next year", "Acme Bank", "forecast"),
    # a closing "forecast" (the lexicon's "closing_cues")
    ("House prices in the town will fall again this year, economists forecast.",
     "House prices in the town will fall again this year", None, "forecast"),
    ("Tom Reed questioned whether the ferry could run all winter.", "the ferry could run all winter",
     "Tom Reed", "questioned"),
    ("Ann Vole queried why the council had closed the harbour road.", "why the council had closed the harbour road",
     "Ann Vole", "queried"),
    # a generic subject: reported, nobody named
    ("Economists forecast that house prices in the town will fall this year.",
     "house prices in the town will fall this year", None, "forecast"),
    ("Analysts have questioned whether the small lender was worth the price.",
     "the small lender was worth the price", None, "questioned"),
])
def test_a_forecast_or_a_question_reports_its_clause(text: str, clause: str, speaker: str | None,
                                                     cue: str) -> None:
    assert [(q.text, q.speaker, q.cue) for q in reported(text)] == [(clause, speaker, cue)]


@pytest.mark.parametrize("text", [
    # a noun object, a noun "forecast", a passive forecast: no clause
    "Acme Bank has forecast a fall in its loans for next year.",
    "Acme Bank repeated the forecast that it had made in May.",
    "Sales at the port are forecast to rise by a tenth next year.",
    # "forecasts" is no cue: mostly a plural noun ("looking at weather forecasts, or ...")
    "Acme Bank forecasts that the port will reopen before the summer.",
    "When it comes to checking train times, looking at weather forecasts, or all the other small jobs, "
    "slow lines are fine.",
    # "than" before a cue word makes it a comparison's participle (clauses.verbs._NOUN_BEFORE_RE)
    "Ferry bookings rose by a tenth in the spring, slightly better than forecast.",
    "The harbour economy has grown by 6% this year, faster than predicted and well above last year.",
    # "questioned" reports a question only: never a noun object, a that-clause, nor a listener before a question word
    "Police questioned the harbour master for two hours on Monday.",
    "Tom Reed questioned the figures when the council published them in May.",
    # the present forms are no cue (the golds leave "analysts still question whether" out)
    "Analysts still question whether the small lender was worth the price.",
])
def test_a_forecast_or_a_question_without_a_clause_reports_nothing(text: str) -> None:
    assert reported(text) == []
