"""Reported speech (issue #32): a body's written name that runs on into its
speaker (indirect.staffruns).  "A Norland Police spokeswoman said" is the
body's words, credited to the body without the noun and its article, even
where the nominal path found a person; "Norland Office Minister Ann Vole
said" is the person's words, not a body called by the whole run.  A body's
name as written, with nobody after it, stays as it was."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.indirect.staffruns import person_closes, run_body
from tests.indexer.annotate.attribution.test_reported import reported

_LEAD = "Ferry row\n\nTom Harker, who runs the Leeds ferry line, was arrested on Monday. "


@pytest.mark.parametrize(("sentence", "speaker"), [
    # a spokesperson noun closes the run: the body before it
    ("A Norland Police spokeswoman said officers were studying the tickets.", "Norland Police"),
    ("A Department for Coastal Affairs spokesman said the rules were clear.", "Department for Coastal Affairs"),
    # a title or office word and a name close it: the person
    ("Harbour Office Minister Ann Vole says the line must stay open.", "Ann Vole"),
    ("Marine Research Council Professor Bo Pike said the tickets were forged.", "Bo Pike"),
    # a body's name as written, nobody after it: the body (guard)
    ("The Association of Ferry Operators said the line must stay open.", "Association of Ferry Operators"),
])
def test_written_body_run_speaker(sentence: str, speaker: str) -> None:
    quotes = [q for q in reported(_LEAD + sentence) if q.kind == "indirect" and q.start > len(_LEAD)]
    assert quotes[0].speaker == speaker


@pytest.mark.parametrize(("run", "speaker", "body"), [
    ("A Norland Police spokeswoman", None, "Norland Police"),
    ("The Acme Group spokesman", "Acme Group", "Acme Group"),
    ("Harbour Office Minister Ann Vole", "Ann Vole", None),
    ("Ann Vole Trust", "Ann Vole", "Ann Vole Trust"),  # a body holding a person's name: no title before it
    ("The Association of Ferry Operators", None, "The Association of Ferry Operators"),
    (None, "Ann Vole", None),
])
def test_run_body(run: str | None, speaker: str | None, body: str | None) -> None:
    assert run_body(run, speaker) == body


@pytest.mark.parametrize(("run", "speaker", "closes"), [
    ("Harbour Office Minister Ann Vole", "Ann Vole", True),
    ("Norland Council Dr Ann Vole", "Ann Vole", True),
    ("Harbour Office Ann Vole", "Ann Vole", False),  # no title or office before the name
    ("Harbour Office Minister Ann Vole", "Bo Pike", False),
    ("Harbour Office Minister Ann Vole", None, False),
])
def test_person_closes(run: str, speaker: str | None, closes: bool) -> None:
    assert person_closes(run, speaker) is closes
