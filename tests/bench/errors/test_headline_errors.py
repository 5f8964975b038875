"""The headline error listing's lines (bench.errors.headline_errors), one row per kind of line."""
from __future__ import annotations

from typing import Any

import pytest

from bench.errors.headline_errors import BBC_TUNING, headline_lines, main
from onrecord.search import Quote

TEXT = "Vole 'to quit' over cuts\n\nAnn Vole will quit, Bob Tamm said. \"I go,\" she said."
HEAD = TEXT.index("to quit")


def _quote(kind: str, text: str, speaker: str | None) -> Quote:
    start = TEXT.index(text)
    return Quote(text=text, start=start, end=start + len(text), kind=kind, speaker=speaker)


def _gold(kind: str, text: str, speaker: list[str] | None) -> dict[str, Any]:
    start = TEXT.index(text)
    return {"kind": kind, "start": start, "end": start + len(text), "speaker": speaker, "tie": "named"}


@pytest.mark.parametrize(("pred", "gold", "want"), [
    ([], [_gold("partial", "to quit", ["Ann Vole"])], "  Q MISS partial 'to quit'"),
    ([_quote("partial", "to quit", "Bob Tamm")], [_gold("partial", "to quit", ["Ann Vole"])], "  Q SPK partial"),
    ([_quote("partial", "to quit", "Bob Tamm")], [_gold("partial", "to quit", None)], "  Q NONE partial"),
    ([_quote("partial", "to quit", "Bob Tamm")], [], "  Q FP partial 'to quit'"),
    ([], [_gold("indirect", "Vole 'to quit' over cuts", ["Ann Vole"])], "  R MISS indirect"),
    ([_quote("indirect", "Vole 'to quit'", "Bob Tamm")], [], "  R FP indirect"),
])
def test_each_headline_error_gets_its_line(pred: list[Quote], gold: list[dict[str, Any]], want: str) -> None:
    lines = headline_lines(pred, gold, TEXT)
    assert len(lines) == 1 and lines[0].startswith(want)


@pytest.mark.parametrize(("pred", "gold"), [
    ([_quote("partial", "to quit", "Ann Vole")], [_gold("partial", "to quit", ["Ann Vole"])]),  # right
    ([], [_gold("direct", '"I go,"', ["Ann Vole"])]),  # a body miss is no headline's
    ([_quote("indirect", "Ann Vole will quit", None)], []),  # a body FP neither
    ([_quote("partial", "to quit", "Bob Tamm")], [_gold("scare", "to quit", None)]),  # over a scare quote
    # a headline partial no reported entry covers is judged among quotes only
    ([_quote("partial", "to quit", "Ann Vole")], [_gold("partial", "to quit", ["Ann Vole"]),
                                                   _gold("indirect", "Ann Vole will quit", None)]),
])
def test_what_is_no_headline_error_gets_no_line(pred: list[Quote], gold: list[dict[str, Any]]) -> None:
    assert headline_lines(pred, gold, TEXT) == []


def test_a_frozen_test_set_is_refused() -> None:
    # the round after the last spent one: refused by name, before any gold is read (r47 was spent at 1a03576c)
    frozen = f"bbc_r{max(int(name[5:]) for name in BBC_TUNING if name.startswith('bbc_r')) + 1}"
    with pytest.raises(SystemExit):
        main([frozen])
