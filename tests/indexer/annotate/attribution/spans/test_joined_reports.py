"""A weak cue joined to a partial quote's clause (', and called', 'and Ann
Vole calling') reports the quoted words after it: the first clause ends
before it and the later words are a quote of their own
(indexer.annotate.attribution.spans.extents).  Invented sentences."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text


def _partials(body: str) -> list[tuple[str, tuple[str, ...], str | None]]:
    """Return (span, marked words, speaker) of each partial quote of a body under a title."""
    article = extract_text("Norland news\n\n" + body)
    text = article.text
    return [(q.text, tuple(text[a:b] for a, b in q.pieces), q.speaker)
            for p in article.paragraphs for q in p.quotes if q.kind == "partial"]


@pytest.mark.parametrize(("body", "expected"), [
    ("Ada Vole called the harbour plan \u201cshameful\u201d and called on the council \u201cnot to feed that "
     "dark impulse.\u201d",
     [("the harbour plan \u201cshameful\u201d", ("shameful",), "Ada Vole"),
      ("on the council \u201cnot to feed that dark impulse.\u201d", ("not to feed that dark impulse.",),
       "Ada Vole")]),
    ("Ada Vole said she found the mayor \u201cvery charming\u201d and called his standing in the race "
     "\u201cunheard of.\u201d",
     [("she found the mayor \u201cvery charming\u201d", ("very charming",), "Ada Vole"),
      ("his standing in the race \u201cunheard of.\u201d", ("unheard of.",), "Ada Vole")]),
])
def test_a_joined_weak_cue_starts_a_quote_of_its_own(body: str, expected: list[tuple[str, tuple[str, ...], str]]
                                                      ) -> None:
    assert _partials(body) == expected


def test_fragments_of_one_clause_stay_one_quote() -> None:
    body = "Ada Vole described the ban as \u201cridiculous\u201d and \u201cbadly thought out\u201d on Monday."
    assert _partials(body) == [("the ban as \u201cridiculous\u201d and \u201cbadly thought out\u201d on Monday",
                                ("ridiculous", "badly thought out"), "Ada Vole")]
