"""bench.errors.speaker_mechanisms: each wrong speaker sorted into one mechanism by its speaker phrase."""
from __future__ import annotations

import pytest

from bench.errors.speaker_mechanisms import MECHANISMS, mechanism
from onrecord.search import Mention, Quote


def _quote(speaker: str | None, phrase: str | None, rule: str | None = "rule:cue", cue_at: int | None = 2) -> Quote:
    """Return a quote whose speaker phrase starts at 0 and whose cue "said" starts
    `cue_at` characters after the phrase ends (None: no cue; negative: the phrase is its own cue)."""
    mention = Mention(phrase, 0, len(phrase)) if phrase else None
    end = len(phrase or "")
    cue = None if cue_at is None else Mention("said", max(0, end + cue_at), max(0, end + cue_at) + 4)
    return Quote(text='"We won."', start=0, end=9, speaker=speaker, speaker_source=rule, speaker_mention=mention,
                 cue=cue and cue.text, cue_mention=cue)


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


_CUT = "speaker phrase cut to one capitalised word"
_STRAY = "no speaker phrase: a stray word, no cue beside it"


@pytest.mark.parametrize(("phrase", "cue_at", "expected"), [
    ("Radio", 3, _CUT),  # "Radio 9 said": cut at its digit
    ("Telecom", 34, _CUT),  # "Telecom analysts Acme, a Vole firm, saying"
    ("Noting", -6, _STRAY),  # the phrase is its own cue
    ("Asked", None, _STRAY),  # no cue at all
    ("People", 79, _STRAY),  # 'People turned out "in force", he said adding': the sentence's first word
])
def test_one_capitalised_word_is_a_cut_phrase_only_beside_a_cue(phrase: str, cue_at: int | None, expected: str) -> None:
    assert mechanism(_quote(None, phrase, None, cue_at), ["Ann Vole"], "named") == expected
