"""Leading passives that name no source (issue #32).

Owns, in one sentence of a frame (quotes masked, local offsets), the clause
a sourceless passive with "it" for its subject reports forward: "It was
announced that CLAUSE", "Last month it was announced that ...", "It was
announced last July that ...", "It has been suggested the council will ..."
(a bare clause: a pronoun subject with its verb, or a subject of up to four
words with a finite auxiliary).  Its participles are passive_closings' (the
lexicon's "passive_closing_verbs": one list for either end of the clause, so
a hedge, "it is thought", "it is understood", is in neither); "it is reported
to be worth", "it was said by someone" report no clause.  The gold annotates
these as reported speech with no speaker; `sourceless_passive_clause` is the
one call the reported pass makes for either end.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.clauses.sourceless.passive_closings import passive_closing_clause
from onrecord.indexer.annotate.attribution.clauses.spans import Clause, make_clause
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.annotate.attribution.phrases.cues.wordtrie import word_alternation
from onrecord.indexer.lexicon import words

_VERB_ALT = word_alternation(words("passive_closing_verbs"))
# "it was", "it has (also) been", "it is being", at most one adverb before the participle ("initially")
_CUE = rf"(?:(?:has|had)\s+(?:also\s+)?been|(?:is|was)(?:\s+(?:also|being))?)\s+(?:[a-z]{{2,}}ly\s+)?(?:{_VERB_ALT})\b"
# a time or place between the participle and its clause: "last July", "on Monday", "in court", "yesterday"
_ADJUNCT = r"(?:\s+(?:(?:on|last|this|earlier|in|at)\s+[\w-]+|yesterday|today|recently))?"
_AUX = r"(?:would|will|could|should|was|were|is|are|had|has|have|might|may|can|must)\b"
# a bare clause's opening: a pronoun and a lowercase verb ("they could", "he had"), or a determiner's
# or a capitalised subject of up to four words and a finite auxiliary ("the council will", "Mr Reed had")
_BARE = (rf"(?:(?:he|she|they|we|there)\s+[a-z]|(?:the|a|an|this|these|those|his|her|its|their|[A-Z][a-z]+)"
         rf"\s+(?:[\w'\u2019-]+\s+){{0,3}}?{_AUX})")
_LEAD = rf"\s+(?P<cue>{_CUE}){_ADJUNCT}\s+(?:that\s+|(?={_BARE}))"
# one pattern per case of "it", each opening with its literal (a fast scan for it, a tenth of "\b[Ii]t"'s
# cost on every cue sentence), no word character before it ("summit was announced" is no "it")
_LEAD_RES = (re.compile(rf"it(?<!\wit){_LEAD}"), re.compile(rf"It(?<!\wIt){_LEAD}"))
_CUE_RE = re.compile(_CUE)


def passive_lead_clause(s: str, lo: int, hi: int) -> Clause | None:
    """Return the clause a sourceless passive with "it" reports forward in the
    sentence s[lo:hi] ("It was announced that CLAUSE", "It has been reported
    CLAUSE"): from the clause's first word to the sentence's end, the passive
    its cue and phrase (no one named speaks); None when no such passive
    opens a clause there."""
    found = min(filter(None, (regex.search(s, lo, hi) for regex in _LEAD_RES)), key=lambda m: m.start(), default=None)
    if found is None:
        return None
    # the cue's span as a Match of its own for make_clause (always there: the test only narrows the type)
    cue = _CUE_RE.fullmatch(s, found.start("cue"), found.end("cue"))
    if cue is None:
        return None
    return make_clause(s, found.end(), hi, Phrase(cue.group(), cue.start(), cue.end(), "np"), cue)


def sourceless_passive_clause(s: str, lo: int, hi: int) -> Clause | None:
    """Return the clause a sourceless passive closes ("CLAUSE, it has been
    confirmed.": passive_closings) or, failing that, opens ("It was announced
    that CLAUSE") in the sentence s[lo:hi]; None when neither does."""
    return passive_closing_clause(s, lo, hi) or passive_lead_clause(s, lo, hi)
