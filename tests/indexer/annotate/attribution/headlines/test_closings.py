"""A headline quote over a lead whose first sentence closes on its source's
name (", according to a report by analysts Acme Research.", ", the Acme
Board has ruled.") takes that source when no clause of the lead is credited,
not the first quote below it (headlines.closings)."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text
from onrecord.indexer.annotate.attribution.headlines.closings import _cut

_BELOW = "\u201cWe are worried,\u201d said Ann Tamm, a harbour pilot. \u201cIt is too much,\u201d she added."


def _headline_speaker(text: str) -> str | None:
    """Return the speaker of the article's first quote (its headline's)."""
    return [q for p in extract_text(text).paragraphs for q in p.quotes][0].speaker


@pytest.mark.parametrize("closing, source", [
    ("according to the Lowport Herald", "Lowport Herald"),
    ("according to a report by analysts Vole Research", "Vole Research"),
    ("according to a survey of shippers compiled by Harbour Weekly", "Harbour Weekly"),
    ("the Vole Harbour Board has indicated", "Vole Harbour Board"),
    ("the Vole Harbour Board has ruled", "Vole Harbour Board"),
])
def test_a_headline_takes_the_source_the_lead_closes_on(closing: str, source: str) -> None:
    text = (f"Harbour fees 'to double by 2010'\n\n"
            f"Harbour fees at Lowport are set to double by 2010, {closing}.\n\n"
            f"The port handles most of the region's grain. {_BELOW}")
    assert _headline_speaker(text) == source


@pytest.mark.parametrize("closing", [
    # no verb of saying or verdict: the clause names no source
    "the Vole Harbour Board has decided",
    "the Vole Harbour Board has grown",
    # no name at the close
    "according to some estimates",
])
def test_a_lead_closing_on_no_source_leaves_the_headline_to_the_quote_below(closing: str) -> None:
    text = (f"Harbour fees 'to double by 2010'\n\n"
            f"Harbour fees at Lowport are set to double by 2010, {closing}.\n\n"
            f"The port handles most of the region's grain. {_BELOW}")
    assert _headline_speaker(text) == "Ann Tamm"


@pytest.mark.parametrize("speaker, name, cut", [
    ("Lords", "Harbour Lords", True),  # the resolver lost the name's front: no value anyone holds
    ("Sunday", "The Lowport on Sunday", True),
    ("Vole Research", "Vole Research", False),
    ("Lowport on Sunday", "The Lowport on Sunday", False),
    ("Vole Research Group", "Vole Research", False),  # widened, not cut
])
def test_a_source_name_cut_short_is_no_source(speaker: str, name: str, cut: bool) -> None:
    assert _cut(speaker, name) is cut
