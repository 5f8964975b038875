"""title_case reads a quote word by word and stops early: the same answer as splitting it whole."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.spans.titles import _SMALL, _WORD_RE, MAX_TITLE_WORDS, title_case


def _whole(inner: str) -> bool:
    """The former reading: every word found first, then tested."""
    found = _WORD_RE.findall(inner)
    if not found or len(found) > MAX_TITLE_WORDS or not (found[0][:1].isupper() or found[0][:1].isdigit()):
        return False
    return all(w[:1].isupper() or w[:1].isdigit() or w.lower() in _SMALL for w in found[1:])


CAPS = " ".join(f"Word{n}" for n in range(MAX_TITLE_WORDS))


@pytest.mark.parametrize(("inner", "expected"), [
    ("Gifted Hands", True),
    ("How To Sail", True),
    ("The Lord of the Rings", True),  # small words inside
    ("100% Whole Grains", True),  # a digit opens it
    ("Row On", True),
    (CAPS, True),  # MAX_TITLE_WORDS words: still a title
    (CAPS + " More", False),  # one word too many
    (CAPS + " and", False),
    ("the Sail Free", False),  # a small word cannot open it
    ("We will fight on", False),
    ("Worse is Better", True),
    ("Worse is better", False),
    ("Don't Stop Believin'", True),
    ("", False),
    ("... --", False),  # no word at all
    ("Über Alles", True),
])
def test_title_case(inner: str, expected: bool) -> None:
    assert title_case(inner) is expected
    assert _whole(inner) is expected
