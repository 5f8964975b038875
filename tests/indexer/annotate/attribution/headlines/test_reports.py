"""A headline that closes its claim with its speaker's name after a dash or
a bare cue ("Harbour must stay open - Vole", "Harbour trade rebounds says
Acme Bank") reports the claim, credited to the fullest name the body gives;
a name naming nobody, a listener ("... Vole tells EU"), a lone word of
claim or a claim holding a quote of its own add nothing.  Invented articles."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text


def _headline_reports(text: str) -> list[tuple[str, str | None]]:
    end = text.index("\n")
    return [(q.text, q.speaker) for p in extract_text(text).paragraphs for q in p.quotes
            if q.kind == "indirect" and q.start < end]


_BODY = ("The harbour must not close, the town's mayor, Ann Vole, has told the council.\n\n"
         "\u201cWe depend on it,\u201d Ms Vole said. Acme Bank said trade was up 4%.")


@pytest.mark.parametrize("headline, expected", [
    ("Harbour must stay open - Vole", [("Harbour must stay open", "Ann Vole")]),
    ("Harbour must stay open \u2013 Vole", [("Harbour must stay open", "Ann Vole")]),
    ("Harbour trade rebounds says Acme Bank", [("Harbour trade rebounds", "Acme Bank")]),
    ("Harbour must stay open says Vole", [("Harbour must stay open", "Ann Vole")]),
])
def test_a_headline_closed_by_a_name_reports_its_claim(headline: str, expected: list[tuple[str, str]]) -> None:
    assert _headline_reports(f"{headline}\n\n{_BODY}") == expected


@pytest.mark.parametrize("headline", [
    "Harbour must stay open Vole tells council",  # the name after "tells" is the listener
    "Harbour - Vole",  # a one-word claim: a section and a name
    "Harbour must stay open - Tuesday",  # a name resolving to nobody
    "Harbour must stay open says Vole.",  # a sentence ending in a full stop: no headline
    "Harbour 'must stay open' - Vole",  # its partial carries the claim
])
def test_other_headlines_report_no_closing_name(headline: str) -> None:
    assert _headline_reports(f"{headline}\n\n{_BODY}") == []
