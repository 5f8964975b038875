"""Sentence frames: one paragraph with its quotes masked, and where its
sentences begin and end.

Owns sentence boundaries for quote attribution ("Mr. Ryan" and "Donald J.
Trump" do not end a sentence; a closed quote ending in . ! ? before a capital
does) and the look-ups attribution makes for every quote: the sentence
around a position, whether a position is a boundary, the last non-blank
character before a position.  Each look-up costs O(log n) (bisection over
the sorted boundaries) or the blank run it steps over, never a scan of the
paragraph, so a paragraph with n quotes is attributed in O(n log n).

A "sentence" is at most MAX_SENTENCE_CHARS long on either side of the
position asked about: the longest sentence in the BBC, PolNeAR and seed
texts is 1,902 characters, so real text never meets the cap; it keeps a
paragraph-long run without boundaries (a hostile or broken file) from
making every cue search scan the whole paragraph.
"""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from onrecord.indexer.annotate.attribution.spans.quotes import QuoteSpan
from onrecord.search import Paragraph

MAX_SENTENCE_CHARS = 5000
MASK = "#"  # what a quote's characters become in the frame
_BOUNDARY_RE = re.compile(r"[.!?]['\"\u2019\u201d)]*\s+(?=[A-Z\"'\u201c\u2018#(])")
# a period that ends a title or an initial, not a sentence: "Mr. Ryan", "Donald J. Trump"
_ABBREV_END_RE = re.compile(
    r"(?:\b(?:Mr|Mrs|Ms|Dr|Sen|Rep|Gov|Lt|Gen|Col|Capt|Sgt|St|Jr|Sr|Prof|Rev|Supt|Insp|Det|No|Vol|Ft|Mt)"
    r"|(?<![\w.])[A-Z])\.$")
_QUOTE_END_RE = re.compile(r"[.!?\u2026]['\"\u2019\u201d]*$")
_OPENERS = "\"'\u201c\u2018\u201e\u00ab("


class Frame:
    """A paragraph with its quotes masked (`s`, local offsets; `base` is the
    paragraph's absolute start), plus its sorted sentence `bounds`."""

    def __init__(self, text: str, para: Paragraph, spans: list[QuoteSpan]) -> None:
        self.base = para.start
        self.text = text
        pieces, cursor = [], para.start
        bounds = {0}
        for sp in spans:
            pieces.append(text[cursor:sp.start])
            pieces.append(MASK * (sp.end - sp.start))
            cursor = sp.end
            nxt = text[sp.end:min(sp.end + 4, para.end)].lstrip()[:1]
            if _QUOTE_END_RE.search(text, sp.start, sp.end) and (not nxt or nxt.isupper() or nxt in _OPENERS):
                bounds.add(sp.end - para.start)
        pieces.append(text[cursor:para.end])
        self.s = "".join(pieces)
        bounds.update(m.end() for m in _BOUNDARY_RE.finditer(self.s)
                      if not _ABBREV_END_RE.search(self.s, max(0, m.start() - 5), m.start() + 1))
        bounds.add(len(self.s))
        self.bounds = sorted(bounds)

    def sentence(self, pos: int) -> tuple[int, int]:
        """Return (start, end) of the sentence holding local position pos,
        each at most MAX_SENTENCE_CHARS from pos."""
        i = bisect_right(self.bounds, pos)
        lo = self.bounds[i - 1] if i else 0
        hi = self.bounds[i] if i < len(self.bounds) else len(self.s)
        return max(lo, pos - MAX_SENTENCE_CHARS), min(hi, pos + MAX_SENTENCE_CHARS)

    def is_bound(self, pos: int) -> bool:
        """True when a sentence starts at local position pos."""
        i = bisect_left(self.bounds, pos)
        return i < len(self.bounds) and self.bounds[i] == pos

    def nonblank_before(self, pos: int) -> int:
        """Return the index of the last non-whitespace character before pos,
        or -1.  Steps back over one blank run only: quotes are masked, so
        the previous quote's end stops it."""
        i = pos - 1
        s = self.s
        while i >= 0 and s[i].isspace():
            i -= 1
        return i

    def char_before(self, pos: int) -> str:
        """Return the last non-whitespace character before pos, or ""."""
        i = self.nonblank_before(pos)
        return self.s[i] if i >= 0 else ""
