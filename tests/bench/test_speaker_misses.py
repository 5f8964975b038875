"""bench.speaker_misses: each wrong speaker sorted into one class of where it comes from."""
from __future__ import annotations

from typing import Any

import pytest

from bench.speaker_misses import classify
from onrecord.indexer.annotate.attribution.ranking.rankfeatures import Candidate
from onrecord.search import Mention, Quote

TEXT = 'Bob Smith runs the mill. Ann Vole owns it.\n\n"It failed," she said.'
START = TEXT.index('"')
END = TEXT.index('"', START + 1) + 1


def _quote(speaker: str | None, start: int = START) -> Quote:
    return Quote(text=TEXT[start:END], start=start, end=END, speaker=speaker)


def _gold(name: str) -> dict[str, Any]:
    return {"kind": "direct", "start": START, "end": END, "speaker": [name]}


def _choice(*pool: Candidate) -> tuple[int, int, list[Candidate], list[list[float]]]:
    return START, END, list(pool), [[0.0] for _ in pool]


def test_a_surname_is_the_right_person_in_a_wrong_form() -> None:
    g = _gold("Bob Smith")
    assert classify(_quote("Smith"), g, [g], _choice(Candidate("Smith", cascade=True), Candidate(None)), TEXT) == "form"


@pytest.mark.parametrize(("cascade", "expected"), [
    (Candidate("Ann Vole", cascade=True, rule="pronoun"), "present_rules"),
    (Candidate(None, cascade=True, mention=Mention("the firm", 0, 8)), "present_rules"),  # a phrase: rules keep it
    (Candidate(None, cascade=True), "present_weights"),
])
def test_a_right_candidate_not_credited_says_who_decided(cascade: Candidate, expected: str) -> None:
    g = _gold("Bob Smith")
    pool = [cascade, Candidate("Bob Smith")] if cascade.speaker else [Candidate("Bob Smith"), cascade]
    assert classify(_quote(cascade.speaker), g, [g], _choice(*pool), TEXT) == expected


@pytest.mark.parametrize(("name", "expected"), [("Bob Smith", "absent_earlier"), ("Cy Rowe", "absent_never")])
def test_an_absent_speaker_is_named_before_the_quote_or_not(name: str, expected: str) -> None:
    g = _gold(name)
    pool = _choice(Candidate("Ann Vole", cascade=True), Candidate(None))
    assert classify(_quote("Ann Vole"), g, [g], pool, TEXT) == expected


def test_a_quote_cut_short_or_run_into_another_is_a_span_error() -> None:
    g = _gold("Bob Smith")
    pool = _choice(Candidate("Bob Smith"), Candidate(None, cascade=True))
    assert classify(_quote(None, start=END - 3), g, [g], pool, TEXT) == "span"
    other = {"kind": "direct", "start": START - 5, "end": START - 1, "speaker": ["Ann Vole"]}
    assert classify(_quote(None, start=START - 6), g, [g, other], pool, TEXT) == "span"
    assert classify(_quote(None), g, [g], pool, TEXT) == "present_weights"
