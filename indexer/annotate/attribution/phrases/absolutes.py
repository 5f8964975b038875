"""Absolute participle cues: "with X saying (that) CLAUSE" names its own speaker.

Owns where the subject of an absolute construction stands: in "Shares rose,
with analysts saying the deal would help", the words between "with" and the
participle are who said the clause, not the sentence's subject (the direct
path's participle rule, indexer.annotate.attribution.clauses.clauses, reads
the sentence's subject and so finds no speaker here).  Whether those words
can speak (not "with 40% of voters saying": a poll's finding) is left to
the caller's source filter.
"""
from __future__ import annotations

import re

from onrecord.indexer.lexicon import words

# "with" and the subject's words, right before the participle: no comma, clause mark or
# quote between, up to six words ("with the firm's chief executive saying", "with some saying");
# an adverb may stand before the cue ("with analysts also saying")
_WORD = r"[^\s,;:.!?#\"\u201c\u2014\u2013()]+"
_WITH_SUBJECT_RE = re.compile(rf"\bwith\s+((?:{_WORD}\s+){{0,5}}?{_WORD})\s+(?:also\s+|even\s+|[a-z]{{3,}}ly\s+)?$",
                              re.I)
_REACH = 70  # characters before a participle cue its "with" and subject may take
# what an absolute's "with" follows: a comma or a dash (", with analysts saying"); one opening the sentence
# ("With analysts saying X, shares fell") would need its clause cut before the main clause: left out
_SET_OFF_RE = re.compile(r"(?:[,\u2014\u2013]|\s-)\s*$")
# a survey's share or a crowd opening the subject ("with most voters saying", "with 40 saying"): no speaker
_SHARE_LEADS = words("absolute_share_leads", "count_words")
_DIGIT_RE = re.compile(r"\d")
# the words a name's description may take before it ("with its chief executive Ann Vole saying")
_DESCRIPTION_RE = re.compile(r"(?:(?:[a-z][\w'\u2019-]*|[A-Z][\w&.-]*['\u2019]s)\s+)+")


def with_subject_span(s: str, lo: int, cue_start: int) -> tuple[int, int] | None:
    """Return (start, end) of the subject between "with" and a participle cue
    starting at cue_start ("..., with analysts saying"); None when no "with"
    after a comma or a dash heads the words right before the cue within the
    sentence s[lo:]."""
    found = _WITH_SUBJECT_RE.search(s, max(lo, cue_start - _REACH), cue_start)
    if found is None or not _SET_OFF_RE.search(s[lo:found.start()]):
        return None  # "replaces the page with a notice saying": the verb's object, no absolute
    return found.span(1)


def is_share(subject: str) -> bool:
    """Return True when an absolute's subject is a share or a count of a
    group ("most voters", "nearly half", "40% of those asked"): a finding."""
    first = subject.split()[0].lower() if subject.split() else ""
    return first in _SHARE_LEADS or _DIGIT_RE.search(subject) is not None


def describes_name(between: str) -> bool:
    """Return True when the words `between` "with" and a name are only its
    description ("its chief executive ", "Acme's boss "), so the name speaks."""
    return _DESCRIPTION_RE.fullmatch(between) is not None
