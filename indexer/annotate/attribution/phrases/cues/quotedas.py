"""Who "X quoted Y as saying" credits: Y, the person quoted, not X who reports it.

'"...," the newspaper quoted chief executive Ann Vole as saying.': news prose names
the speaker between "quoted" and "as" and the publication that printed the words
before them; the quote is the speaker's.  Owns only that one shape, read between a
quote's end and its cue ("saying").
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase

# a short subject (the reporting body), "quoted", the person quoted, "as", then the cue
_QUOTED_AS_RE = re.compile(r"[ \u00a0]*(?:[\w'\u2019.&-]+[ \u00a0]+){1,5}?quoted[ \u00a0]+"
                           r"((?:[\w'\u2019.&-]+[ \u00a0]+){0,7}?[\w'\u2019.&-]+)[ \u00a0]+as[ \u00a0]+")
_CAPITAL_RE = re.compile(r"[A-Z][\w'\u2019.-]*")


def quoted_as(s: str, gap: int, cue_start: int) -> Phrase | None:
    """Return the phrase naming the person quoted when s[gap:cue_start] is
    "<subject> quoted <person> as " (a name after its role words: the name,
    with the role as its lead; else the description), else None."""
    if s.find("quoted", gap, cue_start) < 0:
        return None  # nearly every quote: no regex tried
    m = _QUOTED_AS_RE.fullmatch(s, gap, cue_start)
    if m is None:
        return None
    toks = list(re.finditer(r"\S+", m.group(1)))
    k = len(toks)
    while k > 0 and _CAPITAL_RE.fullmatch(toks[k - 1].group()):
        k -= 1
    base, start, end = m.start(1), m.start(1), m.end(1)
    if k == len(toks):  # "quoted the executive as": a description
        return Phrase(s[start:end], start, end, "np")
    first = base + toks[k].start()
    return Phrase(s[first:end], first, end, "name", lead=start if first > start else -1)
