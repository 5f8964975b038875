"""names.pronounleads.tied_starts finds the ties ('"...," he said', "But He ...") from each
"he" back (issue #32's speed bar): the same starts one regex scan for them finds."""
from __future__ import annotations

import random
import re

import pytest

from onrecord.indexer.annotate.attribution.names import pronounleads

# the slow form: a regex trying a quote at every quote mark and "He" at every position
_SLOW_RE = re.compile(r"(?:[\"\u201c][^\"\u201c\u201d\n]{2,600}[\"\u201d][ \u00a0]*,?[ \u00a0]+(?:he|she)"
                      r"|(?:(?:But|And)[ \u00a0]+)?(?:He|She))[ \u00a0]+[a-z]")


def slow_starts(text: str) -> list[int]:
    """Return where the slow regex's matches start."""
    return [m.start() for m in _SLOW_RE.finditer(text)]


@pytest.mark.parametrize("text", [
    'Brennik was tired. "It was hard," he said.',
    'Brennik was tired. \u201cIt was hard\u201d, she told us.',
    '"He was great," he said. But He added more.',  # a tie inside a tie is none of its own
    '"It was," He said and she went. And\u00a0 She left.',
    'The theme: "Ok" he said "no," she  said, "go"\n he said.',  # too short; a line break
    '"Yes." he She went, "ab," she he left',
    'ButHe said. XAnd She went. But  he said. tHe went. She.',
    '\u201cIt was hard\u201c, he said "too" , he  said "' + "x" * 599 + '" he said "' + "x" * 601 + '" he said',
    'He', 'he said', ' she said', '"ab" he s', '"a" he s', '"a," he s', 'And He s', 'S', '',
])
def test_tied_starts_are_the_slow_scans(text: str) -> None:
    assert pronounleads.tied_starts(text) == slow_starts(text)


def test_tied_starts_on_random_texts() -> None:
    """Texts of the pieces the scan looks at, in random order: any difference from the slow form fails."""
    pieces = ['"', "\u201c", "\u201d", "\n", " ", "\u00a0", ",", ".", "he", "she", "He", "She", "The", "the",
              "But", "And", "said", "S", "s", "x", "ab", "Vole"]
    rng = random.Random(32)
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 40)))
        assert pronounleads.tied_starts(text) == slow_starts(text), text
