"""bench.speaker_mechanisms: each wrong speaker sorted into one mechanism by its speaker phrase."""
from __future__ import annotations

import pytest

from bench.speaker_mechanisms import MECHANISMS, mechanism
from onrecord.search import Mention, Quote


def _quote(speaker: str | None, phrase: str | None, rule: str | None = "rule:cue") -> Quote:
    mention = Mention(phrase, 0, len(phrase)) if phrase else None
    return Quote(text='"We won."', start=0, end=9, speaker=speaker, speaker_source=rule, speaker_mention=mention)


@pytest.mark.parametrize(("speaker", "phrase", "rule", "tie", "expected"), [
    ("Vole", "Mr Vole", "rule:cue", "named", "name form not resolved to the full name"),
    ("Kim Reed", "Kim Reed", "rule:headline", "named", "headline quote credited to the wrong speaker"),
    ("Kim Reed", "he", "rule:cue", "pronoun", "pronoun to the wrong person"),
    (None, "She", None, "pronoun", "pronoun left unresolved"),
    ("Acme Bank", "a spokesman", "rule:cue", "nominal", "spokesperson: the body not found"),
    (None, "The report", None, "nominal", "document or statement: the issuer not found"),
    (None, "the firm", None, "nominal", "body description (the firm, the band) not resolved"),
    (None, "the 31-year-old", None, "nominal", "person description (age, role, epithet) not resolved"),
    (None, "Telecom", None, "named", "speaker phrase cut to one capitalised word"),
    (None, None, None, "carried", "no speaker phrase: carried over a turn"),
    ("Kim Reed", "Kim Reed", "rule:same_paragraph", "carried", "carried from the wrong speaker"),
    ("Kim Reed", "Kim Reed", "rule:cue", "named", "other"),
])
def test_a_wrong_speaker_gets_the_mechanism_its_phrase_shows(
        speaker: str | None, phrase: str | None, rule: str | None, tie: str, expected: str) -> None:
    assert expected in MECHANISMS
    assert mechanism(_quote(speaker, phrase, rule), ["Ann Vole"], tie) == expected
