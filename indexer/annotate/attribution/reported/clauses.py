"""Reported clauses: which speech cue of a sentence reports which clause.

Owns the shapes of reported speech within one sentence of a frame (quotes
masked, local offsets): a cue after its speaker with a that-clause or a bare
clause ("X said (that) ...", "X told reporters that ...", "X denied that
..."), a question ("X asked whether ..."), "according to X, ..." and
"..., according to X", and a clause closed by its attribution ("..., X
said.").  The cue words are the lexicon's tables (indexer.lexicon:
"clause_cues", "bare_clause_cues", "object_cues"): thoughts, wishes and
plans ("X believes", "X wants") are in none of them, so they are no speech.
A clause never holds its attribution, a leading "that" or the final stop.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from onrecord.indexer.annotate.attribution.phrases.cues import Phrase, phrase_after, phrase_before
from onrecord.indexer.lexicon import words

_CUES = words("clause_cues")
BARE_CUES = words("bare_clause_cues")
OBJECT_CUES = words("object_cues")
_ALT = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(_CUES, key=lambda w: (-len(w), w)))
CLAUSE_CUE_RE = re.compile(rf"(?<![\w-])(?:{_ALT})\b", re.IGNORECASE)
_PASSIVE_RE = re.compile(r"\b(?:is|was|were|are|been|be|being|am)\s+(?:\w+ly\s+)?$", re.I)
_NOUN_BEFORE_RE = re.compile(r"(?:\b(?:the|a|an|his|her|their|its|our|my|this)|['\u2019]s?)\s+$", re.I)
# a time or place phrase between the cue and its clause: "said on Monday (that)", "told the BBC in May"
_ADJUNCT_RE = re.compile(
    r"\s*,?\s*(?:(?:on|in|at|during|to|after|before|last|this|late|earlier|via|through|from|over|with)\s+"
    r"[^,;:.!?#\"]{1,50}?|yesterday|today|tonight|recently|previously|earlier|also|again|repeatedly)"
    r"(?=\s*,?\s*that\b)")
_THAT_RE = re.compile(r"\s*,?\s*that\s+")
# what a listener after "told"/"asked" looks like: a pronoun, "reporters", "the BBC", "Ann Vole"
_OBJECT_RE = re.compile(
    r"\s+(?:him|her|them|us|me|you|reporters|journalists|lawmakers|investors|analysts|police|"
    r"(?:the|a|an|his|her|their|its)\s+(?:[\w'\u2019-]+\s+){0,3}?[\w'\u2019-]+(?=\s+(?:that|whether|if|why|how|what|when)\b)|"
    r"[A-Z][\w.'\u2019-]*(?:\s+[A-Z][\w.'\u2019-]*){0,3})")
_QUESTION_RE = re.compile(r"\s*,?\s*(?:whether|if)\s+|\s*,?\s*(?=(?:why|how|what|when|where|who)\s)")
_SUBJECT_PRONOUN_RE = re.compile(r"\s+(?:he|she|they|we|i|it|there|you)\s+[a-z]", re.I)
# a bare clause opens with a subject: a pronoun, a determiner or a capitalised word
_BARE_OPEN_RE = re.compile(
    r"\s+(?=(?:he|she|they|we|I|it|there|you|the|a|an|his|her|their|its|this|these|those|some|no|all|"
    r"most|many|more|several|both|each|every|one|two|any|[A-Z])\b)")
_CLOSING_RE = re.compile(r"[\s.!?;,:\u2014\u2013-]+$")
MAX_TAIL = 40  # characters after a closing ", X said" before the sentence ends
MIN_WORDS = 3


@dataclass(frozen=True, slots=True)
class Clause:
    """A reported clause of a frame: its speaker phrase, its cue and its local span."""

    phrase: Phrase
    cue: re.Match[str]
    start: int
    end: int


def find_clause(s: str, lo: int, hi: int) -> Clause | None:
    """Return the reported clause of the sentence s[lo:hi], or None: the
    first cue reporting a clause forward, else a clause its last cue closes."""
    cues = [c for c in CLAUSE_CUE_RE.finditer(s, lo, hi) if _is_verb(s, lo, c)]
    if not cues:
        return None
    for cue in cues:
        found = _according(s, lo, hi, cue) if cue.group().lower().startswith("according") \
            else _forward(s, lo, hi, cue)
        if found is not None:
            return found
    return _closing(s, lo, hi, cues[-1])


def _is_verb(s: str, lo: int, cue: re.Match[str]) -> bool:
    """False for a cue word used as a noun ("his remarks", "the stated aim"),
    a name ("Said Ahmed"), or a passive ("was told", "is said to")."""
    if cue.group()[0].isupper() and cue.start() > lo:
        return False
    window = s[max(lo, cue.start() - 12):cue.start()]
    return not _NOUN_BEFORE_RE.search(window) and not _PASSIVE_RE.search(window)


def _according(s: str, lo: int, hi: int, cue: re.Match[str]) -> Clause | None:
    """'According to X, CLAUSE.' or 'CLAUSE, according to X.'"""
    phrase = phrase_after(s, cue.end(), hi)
    if phrase is None:
        return None
    if not s[lo:cue.start()].strip():
        comma = s.find(",", phrase.end, hi)
        return None if comma < 0 else _clause(s, comma + 1, hi, phrase, cue)
    before = s[lo:cue.start()].rstrip()
    if before.endswith(",") and len(s[phrase.end:hi].strip(" .")) <= MAX_TAIL:
        return _clause(s, lo, lo + len(before) - 1, phrase, cue)
    return None


def _forward(s: str, lo: int, hi: int, cue: re.Match[str]) -> Clause | None:
    """'X said (that) CLAUSE', 'X told Y that CLAUSE', 'X asked whether CLAUSE'."""
    phrase = phrase_before(s, lo, cue.start())
    if not isinstance(phrase, Phrase):
        return None
    word = cue.group().lower()
    pos = cue.end()
    if word in OBJECT_CUES:
        listener = _OBJECT_RE.match(s, pos, hi)
        pos = listener.end() if listener else pos
    if word.startswith("ask"):
        question = _QUESTION_RE.match(s, pos, hi)
        return None if question is None else _clause(s, question.end(), hi, phrase, cue)
    adjunct = _ADJUNCT_RE.match(s, pos, hi)
    that = _THAT_RE.match(s, adjunct.end() if adjunct else pos, hi)
    if that is not None:
        return _clause(s, that.end(), hi, phrase, cue)
    if word in BARE_CUES and _BARE_OPEN_RE.match(s, pos, hi) or _SUBJECT_PRONOUN_RE.match(s, pos, hi):
        return _clause(s, pos, hi, phrase, cue)
    return None


def _closing(s: str, lo: int, hi: int, cue: re.Match[str]) -> Clause | None:
    """'CLAUSE, X said.' / 'CLAUSE, said X.': the speaker and cue close the sentence."""
    comma = s.rfind(",", lo, cue.start())
    if comma < 0:
        return None
    between = s[comma + 1:cue.start()]
    if between.strip():
        phrase = phrase_before(s, comma + 1, cue.start())
        if not isinstance(phrase, Phrase) or s[comma + 1:phrase.start].strip():
            return None
        tail = cue.end()
    else:
        phrase = phrase_after(s, cue.end(), hi)
        if phrase is None:
            return None
        tail = phrase.end
    if len(s[tail:hi].strip(" .")) > MAX_TAIL or CLAUSE_CUE_RE.search(s, tail, hi):
        return None
    return _clause(s, lo, comma, phrase, cue)


def _clause(s: str, start: int, end: int, phrase: Phrase, cue: re.Match[str]) -> Clause | None:
    """Return the Clause s[start:end] trimmed of blanks and closing stops;
    None when it is too short to report anything."""
    while start < end and s[start].isspace():
        start += 1
    closing = _CLOSING_RE.search(s, start, end)
    end = closing.start() if closing else end
    if len(s[start:end].split()) < MIN_WORDS:
        return None
    return Clause(phrase, cue, start, end)
