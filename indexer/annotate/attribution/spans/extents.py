"""Quote extents: a direct quote is its marks; a partial quote spans the
reported clause it sits in.

Owns whether a quote is direct (a whole sentence or clause) or partial
(embedded), and a partial quote's span: from after its cue ("said
[that]") or the sentence start to the sentence end or the next cue, so
several fragments of one clause are one quote; a second report after it
ends it too (", and suggested that ...", "..., others argue that ...", or a
weak cue joined to it with quoted words of its own: 'and called on leaders
"..."'), and
one between its cue and its quote starts it ("X complained that CLAUSE,
suggesting that "..."): that clause is reported speech of its own.
"""
from __future__ import annotations

import re
from typing import Literal

from onrecord.indexer.annotate.attribution.clauses.verbs import CLAUSE_CUE_RE, is_hedged, is_verb
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import CUE_RE, find_cues, is_weak
from onrecord.indexer.annotate.attribution.spans.frames import MASK, Frame
from onrecord.indexer.annotate.attribution.spans.quotes import QuoteSpan
from onrecord.indexer.lexicon import words

# what precedes a title or a nickname even inside a reported clause: a possessive, "on", a name
# after a closing mark, the clause going on in lowercase (not a cue, pronoun or conjunction)
_CLAUSE_CONTINUES_RE = re.compile(r" (?!(?:he|she|they|it|we|I|and|but|or|the|a|an)\b)[a-z]")
# a quote's own text closing on a stop or a clause mark before its closing quote mark ("... it.\"", "... it,\""):
# no sentence end between sentences (the other modules' _SENTENCE_END_RE), so it is not shared with them
_SENTENCE_END_RE = re.compile(r"[.,?!;:\u2026\u2014-]['\"\u2019\u201d]+$")
_THAT_RE = re.compile(r"[\s,:]*(?:that\s+)?")
_NAME_BEFORE_CUE_RE = re.compile(r"[\s,]*(?:[A-Z][\w.'\u2019-]*\s+){1,4}")
_NAMING_CUES = words("naming_cues")
NAMING_REACH = 3  # words between a naming verb and its quote: "described him as"
_TAIL_RE = re.compile(r"(?:[\s,;.:]|\b(?:and|but|or|while)\b)*$")
# the subject of a cue after a partial quote's closing mark, and what joins it to the clause
# ('..."so far", its chief has [said]', '..."a disgrace" but he [said]', '... which he [said]'):
# the attribution, not the reported words
_SUBJECT_BEFORE_CUE_RE = re.compile(
    r"(?:(?:,|[\"\u201d])\s*(?:and\s+|but\s+)?|\s+(?:and|but|while|when|which|who|as)\s+|\s+[-\u2013\u2014]\s+"
    r"|\s+(?=(?:[A-Z][\w.'\u2019-]*\s+){1,3}[A-Z]))"  # 'poorer countries Gordon Brown will [say]'
    r"(?:[\w.'\u2019&()-]+\s+){0,6}[\w.'\u2019&()-]+"
    r"(?:\s+(?:has|have|had|will|would|also|has also|have also|then))?\s*$")


def _names_quote(s: str, cue: re.Match[str], qs: int) -> bool:
    """True for a naming verb at most NAMING_REACH words before the quote at qs ("calling them "..."")."""
    return cue.group().lower() in _NAMING_CUES and len(s[cue.end():qs].split()) <= NAMING_REACH


# a second report after a partial quote: its cue joined to the clause (", and suggested", "while Ann Vole
# says", ", suggesting") or opening a that-clause or a question ("others argue that")
_JOINED_BEFORE_RE = re.compile(r"(?:,|\b(?:and|but|while|whereas))\s+(?:[\w.'\u2019-]+\s+){0,4}$")
_THAT_AFTER_RE = re.compile(r"\s*,?\s*(?:that|whether|if)\s")


def _joined_weak(s: str, lo: int, cue: re.Match[str]) -> bool:
    """True for a weak cue joined to the clause before it (', and called', 'and
    Trump calling'): a second report by a verb that names or judges, whose own
    quoted words follow it ('called it "a failure" and called on leaders "to act"')."""
    return is_weak(cue) and _JOINED_BEFORE_RE.search(s, max(lo, cue.start() - 40), cue.start()) is not None


def _second_report(s: str, lo: int, hi: int) -> re.Match[str] | None:
    """Return the first speech cue in s[lo:hi] that reports a clause of its
    own after a partial quote ('"...", and suggested that ...'), else None."""
    for cue in CLAUSE_CUE_RE.finditer(s, lo, hi):
        if is_verb(s, lo, cue) and not is_hedged(s, lo, cue) and (
                _THAT_AFTER_RE.match(s, cue.end(), hi) or _JOINED_BEFORE_RE.search(s, max(lo, cue.start() - 40),
                                                                                    cue.start())):
            return cue
    return None


def _last_report(s: str, lo: int, hi: int) -> re.Match[str] | None:
    """Return the last speech cue in s[lo:hi] that reports a clause of its own (_second_report), else None."""
    found = None
    while (cue := _second_report(s, lo, hi)) is not None:
        found, lo = cue, cue.end()
    return found


def content_span(frame: Frame, qs: int, qe: int,
                  cue_before: tuple[Phrase, re.Match[str]] | None, stop: int = -1) -> tuple[int, int]:
    """Return the local span of the clause a partial quote is part of: from
    after its cue ("said [that]") or the sentence start, to the sentence end,
    the next cue ("... and accused police of ...") or `stop` (where its own
    attribution begins after it: '..."uncertain", Mr Blair said' ends at the
    mark), whichever comes first."""
    s = frame.s
    lo, hi = frame.sentence(qs)
    start = lo
    if cue_before is not None:
        phrase, cue = cue_before
        start = max(cue.end(), phrase.end if phrase.start > cue.start() else 0)
        # "X branded A "..." and accused B of "..."": a later cue's clause; a naming verb right before the
        # quote opens it too ('X said CLAUSE, which he called "..."': CLAUSE is reported speech of its own)
        later = [c for c in find_cues(s, start, qs)
                 if not is_weak(c) or _names_quote(s, c, qs) or _joined_weak(s, start, c)]
        start = later[-1].end() if later else start
        report = _last_report(s, start, qs)  # "X complained that CLAUSE, suggesting that "...""
        start = report.end() if report is not None else start
        that = _THAT_RE.match(s, start)
        assert that is not None  # the pattern matches the empty string too
        start = min(that.end(), qs)
    nxt = [c for c in find_cues(s, qe, hi) if not is_weak(c) or _joined_weak(s, qe, c) and MASK in s[c.end():hi]]
    report = _second_report(s, qe, nxt[0].start() if nxt else hi)
    nxt = [report] if report is not None else nxt
    if nxt:
        hi = max(qe, nxt[0].start())
        if _NAME_BEFORE_CUE_RE.fullmatch(s, qe, hi):
            hi = qe  # '..."uncertain", Mr Blair said': the name is the cue's subject, not the clause's
    if stop >= qe:
        hi = min(hi, stop)
    if nxt or stop >= qe:
        subject = _SUBJECT_BEFORE_CUE_RE.search(s, qe, hi)
        hi = subject.start() if subject else hi
    hi = qe + len(_TAIL_RE.sub("", s[qe:hi]))
    while start < qs and s[start].isspace():
        start += 1
    return start, hi


def quote_kind(text: str, sp: QuoteSpan, para_start: int, frame: Frame) -> Literal["direct", "partial"]:
    """direct when the quote is a whole sentence or clause, partial when embedded."""
    local = sp.start - para_start
    if sp.closed and _CLAUSE_CONTINUES_RE.match(text, sp.end) and not _SENTENCE_END_RE.search(
            text, sp.start, sp.end) and not CUE_RE.match(text, sp.end + 1):
        return "partial"  # 'that, "Of course we will defend it" against what ...': inside a clause
    before = frame.char_before(local)
    if not before or before in ":.?!#" or frame.is_bound(local):
        return "direct"
    inner = text[sp.start + 1:sp.end].lstrip()
    if before == "," and inner[:1].isupper():
        return "direct"
    return "partial"
