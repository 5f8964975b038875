"""headlines.closings.closes_on_hearing: a lead closing on a hearing body's
passive names no source (its clause has no speaker), so its headline takes
the next paragraph's.  Made-up names and sentences."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.headlines.closings import closes_on_hearing
from onrecord.search import Paragraph


@pytest.mark.parametrize(("lead", "hearing"), [
    ("Dockers at Lowport will be paid twice the offer, a tribunal has been told.", True),
    ("The mill was sold for a song, the inquiry heard.", True),
    ("Dockers at Lowport will be paid twice the offer, the union has said.", False),
    ("A court in Lowport fined the mill, its owner said.", False),  # the body is no closing clause's
    ("The mill was sold.", False),
    # the first sentence's closing clause, the one closing_source reads
    ("The mill was sold, its owner said. The deal was done, a court heard.", False),
])
def test_a_hearing_body_in_the_lead_s_closing_clause(lead: str, hearing: bool) -> None:
    assert closes_on_hearing(Paragraph(id="p2", n=2, start=0, end=len(lead), text=lead)) is hearing
