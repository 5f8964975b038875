"""The sentence-subject table pronouns.subjectbodies and descriptions.bodies.spokesbodies
share (LEAD_IN, NAME): "Last year" with no comma and "On Monday, however," open a
sentence before its subject, and a digit may continue a name, for "it said" and
a bare spokesperson alike.  Made-up names and sentences."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text


def _speakers(text: str) -> list[str | None]:
    return [q.speaker for p in extract_text(text).paragraphs for q in p.quotes if q.kind == "direct"]


_PLAN = "Plan welcomed\n\nThe plan came from the Department of Works and Mines, which announced it on Monday. "


@pytest.mark.parametrize(("sentence", "body"), [
    ("Last year the Vexley Chambers of Trade welcomed the latest proposal.", "Vexley Chambers of Trade"),
    ("Vexley 2000 welcomed the latest proposal.", "Vexley 2000"),
])
def test_it_continues_the_subject_after_a_lead_in(sentence: str, body: str) -> None:
    text = _PLAN + f'{sentence} "This move is the best of both worlds," it said.\n'
    assert _speakers(text)[-1] == body


_BEFORE = ("Broadband\n\nThe regulator Ofwatt has set out new prices for line rental. \"It is a fair deal,\" "
           "said Ofwatt's chief. \"Brimco Telecom will gain most,\" said an analyst.\n\n")


@pytest.mark.parametrize("sentence", [
    "On Monday, however, Vantelco backed the cuts but said rules were needed to stop Brimco Telecom.",
    "Last year Vantelco backed the cuts but said rules were still needed to stop Brimco Telecom.",
])
def test_a_bare_spokesperson_speaks_for_the_subject_after_a_lead_in(sentence: str) -> None:
    text = _BEFORE + f"{sentence} \"We will keep pressing for lower prices,\" a spokesman said.\n"
    assert _speakers(text)[-1] == "Vantelco"
