"""headlines.choice's source order: with every source from a row of the
order onward holding a quote, that row's speaker is chosen; the order is
written out here, so a swap in SOURCE_ORDER fails.  Made-up names and
sentences."""
from __future__ import annotations

from dataclasses import replace

import pytest

from onrecord.indexer.annotate.attribution.headlines.choice import SOURCE_ORDER, Below, headline_speaker
from onrecord.search import Quote

_HEAD = "Vole 'proud of record'"


def _quote(text: str, start: int, speaker: str | None, kind: str = "direct") -> Quote:
    return Quote(text=text, start=start, end=start + len(text), kind=kind, speaker=speaker,  # type: ignore[arg-type]
                 speaker_type="person" if speaker else None)


def _below(rows: set[str]) -> Below:
    """Return what stands under the headline, a quote for each source in `rows`."""
    quotes = [_quote("the plan went well", 50, "Lead Person", "indirect")] if "lead" in rows else []
    if "named" in rows:
        quotes.append(_quote('"We kept our word"', 200, "Ann Vole"))
    if "echo" in rows:
        quotes.append(_quote('"I am proud of record and of the team"', 300, "Echo Person"))
    if "reported" in rows:
        quotes.append(_quote("the club was proud of record sales", 350, "Ann Reed", "indirect"))
    if "said" in rows:
        quotes.append(_quote('"It was a long year"', 400, "Said Person"))
    return Below(quotes=quotes, lead_end=100, lead_text="The club had a good year.",
                 source=[_quote("x", 500, "Source Body")] if "source" in rows else [],
                 described=[_quote("x", 500, "Described Person")] if "described" in rows else [],
                 closing=[_quote("x", 500, "Closing Body")] if "closing" in rows else [])


_ORDER = ["echo", "reported", "described", "lead", "closing", "named", "source", "said"]
_SPEAKERS = {"echo": "Echo Person", "reported": "Ann Reed", "described": "Described Person", "lead": "Lead Person",
             "closing": "Closing Body", "named": "Ann Vole", "source": "Source Body", "said": "Said Person"}


def test_the_table_holds_the_order() -> None:
    assert [name for name, _why in SOURCE_ORDER] == _ORDER


@pytest.mark.parametrize("row", range(len(_ORDER)))
def test_the_first_row_with_a_quote_decides(row: int) -> None:
    head = _quote(_HEAD, 0, None)
    found = headline_speaker(head, "proud of record", _below(set(_ORDER[row:])),
                             lambda h, q: replace(h, speaker=q.speaker))
    assert found.speaker == _SPEAKERS[_ORDER[row]]


def test_no_source_leaves_the_headline() -> None:
    head = _quote(_HEAD, 0, None)
    assert headline_speaker(head, "proud of record", _below(set()), lambda h, q: replace(h, speaker=q.speaker)) is head


@pytest.mark.parametrize(("said", "speaker"), [
    # a body quote repeating the headline's words as whole words is its echo
    ('"He was very courageous indeed"', "Echo Person"),
    # one holding them only inside a longer word is no echo: the lead's clause decides
    ('"He acted very courageously"', "Lead Person"),
])
def test_an_echo_is_of_whole_words(said: str, speaker: str) -> None:
    head = _quote("Police praise 'courageous' Vole", 0, None)
    below = Below(quotes=[_quote("Vole fought off a burglar", 40, "Lead Person", "indirect"),
                          _quote(said, 300, "Echo Person")], lead_end=100,
                  lead_text="Vole fought off a burglar, police said.", source=[])
    found = headline_speaker(head, "courageous", below, lambda h, q: replace(h, speaker=q.speaker))
    assert found.speaker == speaker
