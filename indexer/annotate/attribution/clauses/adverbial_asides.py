"""The clause after an inverted aside that follows an opening adverbial (issue #32).

Owns "By contrast, said Ann Vole, filtering mail can stop spam": when the
words before the aside's cue are one sentence adverbial of the lexicon's
"aside_adverbials" table ("by contrast", "for instance", "on average"; after
"and"/"but" too), they are no clause of their own, so the reported clause is
the whole rest of the sentence (guideline C10), and its words are read more
widely than `closings.inverted_aside_clause` reads them after a clause: a
gerund may open its subject (no participle tail: there is no clause before
to add to), the commas of a list may stand in its subject ("viruses such as
Abc, Def and Ghi were"), and a capitalised cue word is part of a name ("the
tools in Ask Acme should"), no second report.  Only a clause with an
auxiliary or a modal in reach is taken: without a clause before the aside,
its speaker's appositive ("the head of Acme.") is all a weaker test would find.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.clauses.spans import Clause, make_clause
from onrecord.indexer.annotate.attribution.clauses.verbs import CLAUSE_CUE_RE
from onrecord.indexer.annotate.attribution.phrases.cues.inversions import phrase_after
from onrecord.indexer.annotate.attribution.spans.frames import MASK
from onrecord.indexer.lexicon import words

ADVERBIALS = words("aside_adverbials")
_INVERTED_CUES = words("closing_cues")  # "said", "says", "added": the cues an inverted aside takes
_TIME_WORDS = words("weekdays", "months")  # "announced Friday, ...": no speaker
# the sentence's words before the cue: one adverbial (after "and"/"but") and the aside's comma
_HEAD_RE = re.compile(r"\s*(?:(?:and|but)\s+)?([A-Za-z][a-z]*(?:\s+[a-z]+){0,2})\s*,\s*", re.I)
# the comma closing the speaker, then no relative or time word (a gerund may open the clause)
_REST_RE = re.compile(r",\s+(?!(?:who|whom|whose|which|where|when|while|whereas|before|after|citing)\b)(?=[A-Za-z])")
# an auxiliary or a modal: the clause's verb (a past in -ed may be the speaker's appositive's: "a firm based in")
_VERB_RE = re.compile(r"\b(?:would|will|was|were|is|are|has|have|had|could|should|can|may|might|must)\b")
# a comma that is a list's, not an appositive's end: ", Def and Ghi" / ", Def, Ghi and"
_LIST_COMMA_RE = re.compile(r",\s+[\w-]+(?:\s+and\s|,)")
_RELATIVE_RE = re.compile(r"\b(?:who|whom|whose|which)\b")
_REACH = 16  # words before the clause's verb: a long subject ("users conduct ... and the tools in X should")


def after_adverbial(s: str, lo: int, cue: re.Match[str]) -> bool:
    """True when s[lo:cue] is one opening adverbial of the table and its comma ("By contrast, ")."""
    head = _HEAD_RE.fullmatch(s, lo, cue.start())
    return head is not None and head.group(1).lower() in ADVERBIALS


def adverbial_aside_clause(s: str, lo: int, hi: int, cue: re.Match[str]) -> Clause | None:
    """Return the clause after "ADVERBIAL, said Ann Vole, CLAUSE" (the words
    after the speaker's comma to the sentence's end); None when the head is no
    adverbial of the table, no name or pronoun follows the cue, or the words
    after it hold no auxiliary in reach (an appositive), a relative or a quote
    before it, or a second report."""
    if cue.group().lower() not in _INVERTED_CUES or not after_adverbial(s, lo, cue):
        return None
    phrase = phrase_after(s, cue.end(), hi)
    if phrase is None or phrase.kind == "np" or phrase.text.lower() in _TIME_WORDS:
        return None
    opening = _REST_RE.match(s, phrase.end, hi)
    verb = None if opening is None else _VERB_RE.search(s, opening.end(), hi)
    if opening is None or verb is None or MASK in s[opening.end():hi]:
        return None
    subject = s[opening.end():verb.start()]
    if len(subject.split()) > _REACH or _RELATIVE_RE.search(subject) \
            or subject.count(",") > len(_LIST_COMMA_RE.findall(subject)) \
            or any(c.group()[0].islower() for c in CLAUSE_CUE_RE.finditer(s, opening.end(), hi)):
        return None  # "said Ann Vole, head of Acme, which is ...": her appositive; "..., she added, ...": a new report
    return make_clause(s, opening.end(), hi, phrase, cue)
