"""names.things' "the <run>" test (invented text): the string scan that
replaced a regex compiled per run must answer as that regex does, wherever
"the" stands, whatever spaces and whatever follows the run."""
from __future__ import annotations

import re

import pytest

from onrecord.indexer.annotate.attribution.names.things import _after_the_elsewhere, _after_the_scan


def _after_the_by_regex(run: str, text: str) -> bool:
    """The test the scan replaced (one regex compiled per run): the reference."""
    return re.search(rf"\b[Tt]he[ \u00a0]+{re.escape(run)}(?![\w'\u2019-])(?![ \u00a0]+[A-Z])", text) is not None


@pytest.mark.parametrize("run, text, expected", [
    ("Orva Dome", "They met at the Orva Dome on Monday.", True),
    ("Orva Dome", "The Orva Dome opened.", True),
    ("Orva Dome", "Fans left the Orva Dome.", True),  # a full stop after the run
    ("Orva Dome", "Fans left the Orva Dome", True),  # the run ends the text
    ("Orva Dome", "at the\u00a0Orva Dome, fans sang", True),  # a no-break space after "the"
    ("Orva Dome", "at the   Orva Dome, fans sang", True),  # several spaces
    ("Orva Dome", "the Orva Dome Trust said the Orva Dome shut", True),  # the second place counts
    ("Orva Dome", "the Orva Dome Trust met", False),  # a capitalised word follows
    ("Orva Dome", "the Orva Domes met", False),  # a word character follows
    ("Orva Dome", "the Orva Dome's roof", False),  # an apostrophe follows
    ("Orva Dome", "the Orva Dome-like roof", False),  # a hyphen follows
    ("Orva Dome", "the Orva Dome\u2019s roof", False),  # a curly apostrophe follows
    ("Orva Dome", "bathe Orva Dome and the sea", False),  # "the" inside a word
    ("Orva Dome", "soothe Orva Dome, the Orva Domes", False),
    ("Orva Dome", "_the Orva Dome met", False),  # an underscore is a word character
    ("Orva Dome", "\u00e9the Orva Dome met", False),  # so is an accented letter
    ("Orva Dome", "(the Orva Dome) met", True),
    ("Orva Dome", "theOrva Dome met the crowd", False),  # no space after "the"
    ("Orva Dome", "the\nOrva Dome met", False),  # a line break is no space here
    ("Orva Dome", "THE Orva Dome met", False),  # only "the" and "The"
    ("Orva Dome", "the Orva Dome \u00a0and more", True),  # spaces then a lowercase word
    ("Orva Dome", "the Orva Dome  Later", False),  # spaces then a capitalised word
    ("Orva", "the Orva Orva the Orva.", True),  # overlapping places
    ("Orva", "he Orva, the Orva", True),
    ("Orva Dome", "Ann Vole said he Orva Dome", False),
])
def test_after_the_scan_answers_as_the_regex(run: str, text: str, expected: bool) -> None:
    assert _after_the_by_regex(run, text) is expected
    assert _after_the_scan(run, text) is expected


@pytest.mark.parametrize("run, text, expected", [
    ("Orva Dome", "at the Orva Dome, fans sang", True),
    ("Orva Dome", "at the\u00a0Orva Dome, fans sang", False),  # the string precheck wants "he <run>"
    ("Orva Dome", "at the   Orva Dome, fans sang", False),
    ("Orva Dome", "Ann Vole said he Orva Dome", False),
    (" Orva", "the  Orva met", True),  # a run opening with a space: the spaces before it are walked back over
])
def test_after_the_elsewhere_keeps_its_precheck(run: str, text: str, expected: bool) -> None:
    assert _after_the_elsewhere(run, text) is expected
