"""Passive cues: who a passive reporting verb says spoke.

Owns the agent of a passive cue ("Ann Vole was described by Tom Kite as ...", 'a move branded a
"..." by the Greens'): the words after "by" name who spoke, not the sentence's subject.  Split
from indexer.annotate.attribution.phrases.clues, which asks it for a cue before a quote.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.annotate.attribution.phrases.cues.inversions import phrase_after
from onrecord.indexer.annotate.attribution.spans.frames import MASK

# a passive reporting verb: a form of "be" (an adverb between) before a past participle
_PASSIVE_BE_RE = re.compile(r"\b(?:is|are|was|were|be|been|being)\s+(?:[a-z]+ly\s+)?$", re.I)
_AGENT_RE = re.compile(r"\bby\s+")
_DASH_RE = re.compile(r"\s[\u2014\u2013-]\s|\u2014")
# the quote right after the verb, an article or "as" between, a second quote joined by "and" ('was
# called the "..." by', 'described as "..." and "..." by')
AGENT_AFTER_QUOTE_RE = re.compile(rf"\s+(?:(?:a|an|the|as)\s+)?{MASK}+(?:\s+and\s+{MASK}+)?\s+by\s+")
# a noun the participle describes, no "be" before it: "in a move branded "..." by the Tories"
_REDUCED_LEAD_RE = re.compile(r"\b(?:a|an|the)\s+[a-z]+\s+$")
_LOWER_WORD_RE = re.compile(r"[a-z][a-z-]+")
_AS_RE = re.compile(r"\s+as\b")


def passive_agent(s: str, cue: re.Match[str], lo: int, hi: int) -> Phrase | None:
    """Return the agent of a passive cue ("Ann Vole was described by Tom Kite as ...",
    "... has been praised by police for ...", "a ring described by Ann Vole as", 'was called the
    "..." by Tom Kite', 'a move branded a "..." by the Greens'): the words after "by" within the cue's
    sentence (up to `hi`) name who spoke, not the subject; None for an active cue or no agent."""
    if not cue.group().endswith("ed") or len(_DASH_RE.findall(s, lo, cue.start())) % 2:
        return None  # "Ann Vole - mentioned by Acme as a choice - told ...": an aside, not the quote's cue
    be = _PASSIVE_BE_RE.search(s, max(lo, cue.start() - 24), cue.start()) is not None
    # "by" right after the verb, or after the quote it reports ('was branded "a liar" by', and
    # 'a move branded "a retreat" by the Tories': a noun's participle, its agent named);
    # else without "be" before the verb ("a ring described by Ann Vole as") "as" must follow the agent
    after = AGENT_AFTER_QUOTE_RE.match(s, cue.end())
    reduced = not be and after is not None and _REDUCED_LEAD_RE.search(s, max(lo, cue.start() - 30), cue.start())
    by = _AGENT_RE.match(s, cue.end() + 1) or (after if be or reduced else None)
    if by is None:
        return None
    phrase = phrase_after(s, by.end(), hi)
    if phrase is None and (word := _LOWER_WORD_RE.match(s, by.end())) is not None:
        phrase = Phrase(word.group(), word.start(), word.end(), "np")  # "by police"
    if phrase is None or phrase.kind == "pronoun" or not be and not _AS_RE.match(s, phrase.end) and not (
            reduced and by is after and phrase.kind == "name"):
        return None  # "The changes proposed by Lord Vole were "...", he said": the changes' author
    return phrase
