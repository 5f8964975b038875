"""The per-quote error listing's --context lines (bench.attribution_errors)."""
from __future__ import annotations

from bench.attribution_errors import error_lines
from onrecord.search import Mention, Quote

TEXT = 'Critics were harsh. "It failed," Ann Vole said. Nothing changed.'


def _quote(speaker: str | None) -> Quote:
    start = TEXT.index('"')
    end = TEXT.index('"', start + 1) + 1
    return Quote(text=TEXT[start:end], start=start, end=end, speaker=speaker,
                 speaker_mention=Mention("Ann Vole", end + 1, end + 9), cue="said")


def _gold() -> list[dict]:
    start = TEXT.index('"')
    return [{"kind": "direct", "start": start, "end": TEXT.index('"', start + 1) + 1,
             "text": '"It failed,"', "speaker": ["Bob Smith"], "tie": "named"}]


def test_context_shows_the_text_around_a_wrong_speakers_quote() -> None:
    lines = error_lines([_quote("Ann Vole")], _gold(), TEXT, 12)
    assert lines[0].startswith("  SPK")
    assert "'were harsh. ' <<'\"It failed,\"'>>" in lines[1]
    assert "' Ann Vole sa'" in lines[1] and "mention='Ann Vole'" in lines[1] and "cue='said'" in lines[1]


def test_without_context_the_listing_is_one_line_per_error() -> None:
    assert len(error_lines([_quote("Ann Vole")], _gold(), TEXT)) == 1


def test_values_why_says_what_the_gold_wants_of_each_unclean_value() -> None:
    from bench.attribution_errors import value_lines
    lines = value_lines([_quote("Ann Vole")], {"Bob Smith"}, _gold(), TEXT, 12)
    assert lines[0] == "  VALUE 'Ann Vole' x1"
    assert lines[1].strip().startswith("WANT 'Bob Smith' [named]") and "<<" in lines[2]
    assert value_lines([_quote("Ann Vole")], {"Bob Smith"}, [], TEXT)[1].strip().startswith("FP")
    assert value_lines([_quote("Ann Vole")], {"Bob Smith"}) == ["  VALUE 'Ann Vole' x1"]


def test_context_follows_a_false_quote_too() -> None:
    lines = error_lines([_quote("Ann Vole")], [], TEXT, 12)
    assert lines[0].startswith("  FP") and "spk='Ann Vole'" in lines[0]
    assert "<<'\"It failed,\"'>>" in lines[1] and "cue='said'" in lines[1]
