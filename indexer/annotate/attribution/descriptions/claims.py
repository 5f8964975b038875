"""Claims: whose claim a quoted that-clause is ("Ann Vole's claim that there were "thousands"").

Owns the claim nouns' use (indexer.lexicon's "claim_nouns"): a quote inside the that-clause of
a name's claim, with no cue between, is that name's; and a report nested in another's ("Ann
Vole said the police had said the cards could "help"", "students who were told ..."): the
quote is the outer speaker's, whose words the sentence gives.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase, phrase_before
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import find_cues, is_weak
from onrecord.indexer.annotate.attribution.phrases.cues.wordtrie import word_alternation
from onrecord.indexer.annotate.attribution.spans.frames import Frame
from onrecord.indexer.lexicon import words

_CLAIM_NOUNS = words("claim_nouns")
_CLAIM_RE = re.compile(
    r"\b((?:[A-Z][\w.'\u2019-]*\s+){0,3}[A-Z][\w.-]*)['\u2019]s\s+(?:[a-z-]+\s+)?"
    rf"({word_alternation(_CLAIM_NOUNS)})\s+that\s+")


def claim_owner(frame: Frame, qs: int) -> tuple[Phrase, re.Match[str]] | None:
    """Find 'Ann Vole's claim that there were "thousands"': whose claim the
    quoted clause is, when the claim's that-clause holds the quote."""
    s = frame.s
    lo = frame.sentence(qs)[0]
    last = None
    for m in _CLAIM_RE.finditer(s, lo, qs):
        last = m
    if last is None or len(s[last.end():qs].split()) > 12 or find_cues(s, last.end(), qs):
        return None  # the quote must be (in) the claim's own clause
    noun = re.compile(re.escape(last.group(2))).search(s, last.start(2))
    assert noun is not None  # it was just matched there
    return Phrase(last.group(1), last.start(1), last.end(1), "name"), noun


# a cue backshifted ("had said", "had promised") or passive ("were told"; a "by" agent is read
# before this): a report inside the report the sentence's subject makes
_NESTED_RE = re.compile(r"\b(?:had|is|are|was|were|been|being)\s+(?:[a-z]+ly\s+)?$")


def outer_report(s: str, cues: list[re.Match[str]], k: int, lo: int, qs: int,
                 inner: Phrase) -> tuple[Phrase, re.Match[str]] | None:
    """Return the speaker phrase and cue of the report that cue k (the quote's, before qs in the
    sentence from lo; `inner` its phrase) is nested in: the nearest strong cue before it, when
    its phrase is a name or pronoun ("Ann Vole said the police had said the cards could
    "help"": Ann Vole), cue k is backshifted or passive and `inner` names nobody (a description:
    "the police", "students who"); else None.  A named inner speaker ("Tom Reed, who had told
    him ...") and a quote a colon opens ('... had told her: "..."') are the nested speaker's."""
    if k == 0 or inner.kind != "np" or s[lo:qs].rstrip().endswith(":") \
            or not _NESTED_RE.search(s, max(lo, cues[k].start() - 20), cues[k].start()):
        return None
    outer = next((cue for cue in reversed(cues[:k]) if not is_weak(cue)), None)
    phrase = phrase_before(s, lo, outer.start()) if outer else None
    if outer is None or not isinstance(phrase, Phrase) or phrase.kind not in ("name", "pronoun"):
        return None
    return phrase, outer
