"""The Law Lords speak as a body: "The Law Lords said" is theirs, not nobody's ("Lords" is
otherwise a peer's title: `peer_titles`), through the institutions gazetteer's row (issue #31,
attr105; invented text).  A direct quote, a partial quote and a reported clause, lowercase or
capitalised; a peer named "Lord" stays a person.  At main the lowercase cases name nobody; the
capitalised ones already pass in this short text (in the tuning article that missed one, other
mentions stood before it) and guard that the row keeps them."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.annotator import annotate_article
from tests.indexer.annotate.attribution.test_attribution import chunk

LEAD = "Detention ruling\n\nNine foreign suspects held in Lund have won their appeal.\n\n"


def speakers(body: str) -> list[tuple[str, str | None]]:
    """Return (kind, speaker value) of every quote of the article LEAD + body."""
    article = annotate_article(chunk(LEAD + body))
    return [(q.kind, q.speaker) for p in article.paragraphs for q in p.quotes]


@pytest.mark.parametrize("body", [
    'The Law Lords said the rules were "incompatible" with human rights law.',
    'The law lords said the rules were "incompatible" with human rights law.',
    '"The rules are incompatible with human rights law," the Law Lords said.',
])
def test_the_law_lords_are_the_speaker(body: str) -> None:
    assert [s for _k, s in speakers(body)] == ["Law Lords"]


def test_a_reported_clause_of_the_law_lords_is_theirs() -> None:
    assert speakers("The law lords said the measures were incompatible with human rights law.") \
        == [("indirect", "Law Lords")]


def test_a_peer_stays_a_person() -> None:
    assert [s for _k, s in speakers('Lord Vole said the rules were "incompatible" with the law.')] == ["Lord Vole"]
