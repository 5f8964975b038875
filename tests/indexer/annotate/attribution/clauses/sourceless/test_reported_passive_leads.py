"""Reported speech (issue #32): a clause a sourceless passive with "it" opens
("It was announced that ...", "It has been suggested the council will ...")
is reported with no speaker (clauses/sourceless/passive_leads.py: one row per
passive_closing_verbs word tested here, one per shape of what may stand
between the passive and its clause); hedges, a complement, an agent and a
passive with no clause after it are not."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported

_CLAUSE = "the ferry would move to a new harbour next spring"


@pytest.mark.parametrize(("text", "cue"), [
    (f"It has been confirmed that {_CLAUSE}.", "has been confirmed"),
    (f"It was announced that {_CLAUSE}.", "was announced"),
    (f"It is reported that {_CLAUSE}.", "is reported"),
    (f"It was revealed that {_CLAUSE}.", "was revealed"),
    (f"It has been suggested that {_CLAUSE}.", "has been suggested"),
    (f"It was claimed that {_CLAUSE}.", "was claimed"),
    (f"It is alleged that {_CLAUSE}.", "is alleged"),
    (f"It was disclosed that {_CLAUSE}.", "was disclosed"),
])
def test_a_that_clause_an_it_passive_opens_is_reported_with_no_speaker(text: str, cue: str) -> None:
    assert [(q.text, q.speaker, q.cue) for q in reported(text)] == [(_CLAUSE, None, cue)]


@pytest.mark.parametrize(("text", "clause", "cue"), [
    # a bare clause: a determiner's subject and a finite auxiliary, or a pronoun and its verb
    ("It has been suggested the council will close the harbour next spring.",
     "the council will close the harbour next spring", "has been suggested"),
    ("It has been reported they could be questioned about the harbour by the board.",
     "they could be questioned about the harbour by the board", "has been reported"),
    ("It was claimed Mr Reed had hidden the losses from the harbour board.",
     "Mr Reed had hidden the losses from the harbour board", "was claimed"),
    # words before "it": a time lead or a conjunction
    (f"Last month it was announced that {_CLAUSE}.", _CLAUSE, "was announced"),
    (f"The board has been in doubt since it was announced that {_CLAUSE}.", _CLAUSE, "was announced"),
    # a time or place between the passive and its clause; an adverb or "also" inside the passive
    (f"It was announced last July that {_CLAUSE}.", _CLAUSE, "was announced"),
    (f"It was claimed in court that {_CLAUSE}.", _CLAUSE, "was claimed"),
    (f"It has also been reported that {_CLAUSE}.", _CLAUSE, "has also been reported"),
    (f"It was widely reported that {_CLAUSE}.", _CLAUSE, "was widely reported"),
])
def test_each_shape_of_a_leading_passive_reports_its_clause(text: str, clause: str, cue: str) -> None:
    assert [(q.text, q.speaker, q.cue) for q in reported(text)] == [(clause, None, cue)]


@pytest.mark.parametrize("text", [
    "It is thought the council will close the harbour next spring.",  # a hedge: no verb of the list
    "It is understood that the council will close the harbour next spring.",
    "The ferry is reported to be worth more than the harbour itself.",  # a complement, no clause
    "It was announced by the harbour board on a windy morning in May.",  # an agent, no clause
    "It is announced every six months and is worked out using an official formula.",  # no clause after it
    "It was confirmed on Wednesday.",
    "A summit was announced on Monday that would settle the harbour dispute.",  # "summit" holds no "it"
])
def test_other_leading_passives_report_nothing(text: str) -> None:
    assert reported(text) == []


def test_a_leading_passive_inside_a_named_speaker_s_clause_is_that_speaker_s() -> None:
    text = f"Ann Vole said it was announced that {_CLAUSE}."
    assert [(q.text, q.speaker) for q in reported(text)] == [(f"it was announced that {_CLAUSE}", "Ann Vole")]
