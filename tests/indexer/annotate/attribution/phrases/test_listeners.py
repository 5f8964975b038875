"""Who a cue's speech was told to ("told the BBC", "told reporters") hears
the quote; they are never its speaker."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text


def _speakers(text: str) -> list[str | None]:
    return [q.speaker for p in extract_text(text).paragraphs for q in p.quotes if q.kind == "direct"]


@pytest.mark.parametrize("listener", ["the BBC", "Reuters", "this newspaper", "the Daily Vole"])
def test_the_listener_after_a_long_relative_clause_is_not_the_speaker(listener: str) -> None:
    body = ("The council will not publish the report. Mr Tamm, who is a member of the town finance "
            "and audit committee and was part of the Vole inquiry into the old spending plans, told "
            f"{listener} on Friday: \u201cThat, as a rule, is right, but it is not absolute.\u201d")
    assert _speakers(body) == ["Tamm"]


def test_a_quote_closed_by_told_names_nobody_after_it() -> None:
    body = "\u201cWe will not wait,\u201d told the Vole Gazette a source close to the board."
    assert _speakers(body) != ["Vole Gazette"]


@pytest.mark.parametrize("hearers", ["delegates Labour", "voters the Greens", "members Acme Holdings"])
def test_who_a_closing_participle_tells_never_speaks(hearers: str) -> None:
    # '..., telling delegates Labour could not ...': the clause's subject spoke, not the party after it
    body = ("Ann Vole spoke at the rally in Leeds.\n\nShe also attacked the council's \u201cfailure\u201d "
            f"to act, telling {hearers} could not be trusted.")
    assert [q.speaker for p in extract_text(body).paragraphs for q in p.quotes if q.kind == "partial"] == ["Ann Vole"]
