"""headlines.echoes: which body reported clauses a headline quote's words are
taken from.  Made-up names and sentences, one row per rule and per
disowning stem of the lexicon."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.headlines.echoes import reported_echoes
from onrecord.indexer.lexicon import words
from onrecord.search import Quote

_HEAD_END = 30


def _clause(text: str, speaker: str | None = "Acme Board", kind: str = "indirect", cue: str = "says",
            speaker_type: str = "organisation", start: int = 100) -> Quote:
    return Quote(text=text, start=start, end=start + len(text), kind=kind, speaker=speaker,  # type: ignore[arg-type]
                 speaker_type=speaker_type if speaker else None, cue=cue)  # type: ignore[arg-type]


@pytest.mark.parametrize(("clause", "found"), [
    (_clause("the pace of reform has been too slow in most states"), True),  # whole words: an echo
    (_clause("the pace of reform has been too slowly set"), False),  # only inside a longer word
    (_clause("the pace of reform was slow, too"), False),  # the words, not in their order
    (_clause("the pace of reform has been too slow", kind="partial"), False),  # the echo row's, not this one's
    (_clause("the pace of reform has been too slow", speaker=None), False),  # credited to no one
    (_clause("the pace of reform has been too slow", start=10), False),  # in the headline itself
    (_clause("the pace of reform has been too slow", speaker="Ann Vole", speaker_type="person"), True),
    (_clause("the pace of reform has been too slow", speaker="Dr Vole", speaker_type="person"), True),
    # a description the reported pass read as a name gives the headline no name
    (_clause("the pace of reform has been too slow", speaker="Leading Acme-watcher", speaker_type="person"), False),
])
def test_a_clause_repeating_the_words_is_a_source(clause: Quote, found: bool) -> None:
    assert reported_echoes([clause], _HEAD_END, "too slow") == ([clause] if found else [])


@pytest.mark.parametrize("cue", ["denied", "denies", "denying", "rejected", "dismissed", "refuted", "rebutted"])
def test_a_clause_whose_speaker_disowns_the_words_is_none(cue: str) -> None:
    assert reported_echoes([_clause("the poster was anti-Semitic", cue=cue)], _HEAD_END, "anti semitic") == []


def test_every_disowning_stem_has_a_row_above() -> None:
    rows = ["denied", "denies", "denying", "rejected", "dismissed", "refuted", "rebutted"]
    assert all(any(row.startswith(stem) for row in rows) for stem in words("disowning_cue_stems"))


def test_no_words_no_source() -> None:
    assert reported_echoes([_clause("the pace of reform has been too slow")], _HEAD_END, "") == []
