"""A quote signed after a dash: who gave a testimonial, or a description of them.

Owns the line a page closes a quote with ('"..." - Ann Vole', '"..."
-- Software engineer at a bank'): a bare name signs the quote
(`byline_after`); a description names nobody the article names
(`described_after`), so nothing else in the paragraph is credited.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import find_cues
from onrecord.indexer.annotate.attribution.spans.frames import Frame
from onrecord.search import Mention

_BYLINE_RE = re.compile(  # '"..." - Ann Vole', '"...!". - Ann Vole' (a stray full stop after the mark)
    r"[.,]?[\s\u00a0]*[\u2015\u2014\u2013-]{1,2}[\s\u00a0]*"
    r"([A-Z][\w.'\u2019-]*(?:[ \u00a0][A-Z\u00c0-\u024f][\w.'\u2019\u00c0-\u024f-]*){0,4})"
    r"(?:,[^\n]{0,80})?[\s\u00a0.]*(?:\([^()\n]{0,60}\)[\s\u00a0.]*)?$")  # "- Ann V. (Read all reviews.)"


def byline_after(frame: Frame, qe: int) -> tuple[Phrase, None] | None:
    """Find '"..." ― Ann Vole': a dash and a bare name closing the line."""
    m = _BYLINE_RE.match(frame.s, qe)
    if not m:
        return None
    return Phrase(m.group(1), m.start(1), m.end(1), "name"), None


# a dash and a description closing the paragraph: '"..." -- Rust expert and consultant'
_DESCRIBED_AFTER_RE = re.compile(
    r"[.,]?[\s\u00a0]*(?:[\u2015\u2014\u2013]|--?)[\s\u00a0]*"
    r"([A-Z][^\n.!?\"\u201c\u201d]{0,40}?\b[a-z][^\n.!?\"\u201c\u201d]{0,120})$")


def described_after(frame: Frame, qs: int, qe: int) -> Mention | None:
    """Return the description closing a testimonial whose giver is described,
    not named: a quote opening its paragraph, then a dash and a description
    (a capital, then lowercase words, no speech cue; not a name as
    byline_after reads one) closing it ('"..." -- Software engineer in
    Lagos'); else None.  Nobody the article names said it."""
    if frame.nonblank_before(qs) >= 0 or _BYLINE_RE.match(frame.s, qe):  # no copy of the text before it
        return None
    m = _DESCRIBED_AFTER_RE.match(frame.s, qe)
    if m is None or find_cues(frame.s, m.start(1), m.end(1)):
        return None
    return Mention(m.group(1), m.start(1) + frame.base, m.end(1) + frame.base)
