"""Run-on reported clauses: a clause cut where the writer's own words resume.

A report in the past ("X said (that) ...") that runs on into a coordinated
present perfect ("..., but he hasn't endorsed her", "... and has expressed
support for ...") has left the reported frame: the present perfect is the
writer's news about the speaker, not backshifted speech.  `cut_run_on` ends
the clause before that join, so the clause before it is reported alone (and
a quote after the join no longer hides it).  A clause already in the
present perfect before the join ("has grown and has spent") is left whole.
`cut_before_cue` ends a clause before a second speech cue in the past whose
quote follows ("said the bridge would reopen and urged drivers to use
"..."": "the bridge would reopen"), so the quote no longer hides the clause.
`cut_before_quote` ends a clause holding another attribution's quote at the
last comma, colon, semicolon or dash before it ("said it was great to be
home, a man yelled "..."": "it was great to be home").  `NEW_SUBJECT_RE`,
`new_subject` and `denied_report` tell where a new subject's cue joins a
clause (", and she accused ...", ", but Ann Vole did not say when"), for
clauses' joined cues.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.clauses.spans import Clause, make_clause
from onrecord.indexer.annotate.attribution.clauses.verbs import CLAUSE_CUE_RE
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import CUE_WORDS
from onrecord.indexer.annotate.attribution.spans.frames import MASK
from onrecord.indexer.lexicon import words

_PARTICIPLE_ALT = "|".join(sorted(words("irregular_participles")))
_ADVERBS = r"(?:(?:also|since|so\s+far|yet|not|never|already|now)\s+)*"
# ", but he hasn't endorsed", " and has expressed", " but have so far not taken"
_RUN_ON_RE = re.compile(rf"(?:,\s*|\s+)(?:and|but)\s+(?:(?:he|she|they|we)\s+)?{_ADVERBS}"
                        rf"(?:has|have)(?:n['\u2019]t|\s+not)?\s+{_ADVERBS}"
                        rf"(?:[a-z]+ed|{_PARTICIPLE_ALT})\b")
_PERFECT_RE = re.compile(r"\b(?:has|have)(?:n['\u2019]t)?\b|\b(?:who|which)\b")
_PAST_CUE_ENDS = ("ed", "said", "told", "wrote")
_PAST_CUES = "|".join(sorted(w for w in CUE_WORDS if w.endswith(_PAST_CUE_ENDS)))
_JOIN_ALT = "|".join(sorted(w.replace(" ", r"\s+") for w in words("clause_joins")))
# ", and urged", " but questioned", ", and she also warned", ", although he tweeted", ", to which Ann Vole replied"
_CUE_JOIN_RE = re.compile(rf"(?:,\s*|\s+)(?:{_JOIN_ALT})\s+"
                          r"(?:(?:he|she|they|we|[A-Z][\w.'\u2019-]*(?:\s+[A-Z][\w.'\u2019-]*){0,2})\s+)?"
                          rf"(?:(?:also|then|later)\s+)?(?:{_PAST_CUES})\b")


def cut_run_on(s: str, clause: Clause) -> Clause:
    """Return `clause` cut before a coordinated present perfect that follows a
    cue in the past ("said he will vote for her, but he hasn't endorsed her":
    "he will vote for her"); else `clause`."""
    if not clause.cue.group().lower().endswith(_PAST_CUE_ENDS):
        return clause
    join = _RUN_ON_RE.search(s, clause.start, clause.end)
    if join is None or _PERFECT_RE.search(s, clause.start, join.start()):
        return clause
    return make_clause(s, clause.start, join.start(), clause.phrase, clause.cue) or clause


def cut_before_cue(s: str, clause: Clause) -> Clause:
    """Return `clause` cut before a joined second cue in the past when a quote
    follows it and none comes before it ("said it was sound but questioned
    why ... "...""): "it was sound"); else `clause`."""
    if not clause.cue.group().lower().endswith(_PAST_CUE_ENDS):
        return clause
    join = _CUE_JOIN_RE.search(s, clause.start, clause.end)
    if join is None or MASK in s[clause.start:join.start()] or MASK not in s[join.end():clause.end]:
        return clause
    return make_clause(s, clause.start, join.start(), clause.phrase, clause.cue) or clause


_THAT_BEFORE_RE = re.compile(r"\bthat\W*$")
MIN_CUT_WORDS = 4  # "told the Daily Mail: "..."": a listener, no clause, before the quote
# a finite verb: what makes the words before a colon and its quote a clause of their own
# ('said he was too busy: "..."'), not where or how it was said ('said in a statement on Monday: "..."')
_FINITE_ALT = "|".join(sorted(words("past_tense_verbs")))
_FINITE_WORD_RE = re.compile(r"\b(?:is|are|was|were|has|have|had|will|would|could|should|can|may|might|must|"
                             rf"does|did|{_FINITE_ALT})\b")
# where a clause may end before a quote it runs into: a comma, a colon, a semicolon or a dash
_PIECE_END_RE = re.compile(r"\s*(?:[,:;]|\s(?:[\u2014\u2013]|--?)(?=\s))")


def cut_before_quote(s: str, clause: Clause) -> Clause | None:
    """Return `clause` cut before the quote it holds (a quote another
    attribution credits: "said it was great to be home, a man yelled "..."",
    "said France was lost: "..." he claimed"): at the last comma, colon,
    semicolon or dash before the quote whose piece before it holds no speech
    cue ("..., but went on to say, "..."": before ", but"); None when
    no such end leaves a clause."""
    mark = s.find(MASK, clause.start, clause.end)
    ends = [m.start() for m in _PIECE_END_RE.finditer(s, clause.start, mark)]
    for i in range(len(ends) - 1, -1, -1):
        if CLAUSE_CUE_RE.search(s, ends[i - 1] if i else clause.start, ends[i]) is None:
            cut = make_clause(s, clause.start, ends[i], clause.phrase, clause.cue)
            if cut is None or len(s[cut.start:cut.end].split()) < MIN_CUT_WORDS:
                return None
            # words right before a quote introduce it ('As Ann Vole told the Gazette, "..."'), a that-clause apart
            introduced = not s[ends[i]:mark].strip(" ,:;-\u2014\u2013")
            return None if introduced and not _THAT_BEFORE_RE.search(s, clause.cue.end(), clause.start) \
                and not _reports_before_colon(s, cut, ends[i]) else cut
    return None


def _reports_before_colon(s: str, clause: Clause, end: int) -> bool:
    """True when `clause` ends at a colon before the quote it introduces and
    holds a finite verb after its first word ('said he was too busy: "..."'):
    a report of its own beside the quote."""
    colon = s.startswith(":", end + len(s[end:]) - len(s[end:].lstrip()))
    return colon and _FINITE_WORD_RE.search(s, clause.start + 1, clause.end) is not None


# a conjunction or a comma before a new subject of a cue: "X said ..., and most voters said ...",
# "..., she maintained that ...", "... and others said ...", "..., whereas Y argued that ...", "... - but Y said"
# (or a quote whose comma sits inside its marks: 'claimed "...," one of the prosecutors said')
NEW_SUBJECT_RE = re.compile(r"(?:,\s*(?:(?:and|but|while|whereas)\s+)?|;\s*|\s+(?:and|but|whereas)\s+|"
                            rf"(?<={re.escape(MASK)})\s+|"
                            r"\s+[\u2014\u2013-]+\s+(?:but\s+)?)(?=[^,;:\u2014\u2013]{1,50}$)")
# a pronoun or a name of up to three words as the subject of a joined cue: "..., and she accused ..."
_SHORT_SUBJECT_RE = re.compile(r"(?:he|she|they|we|it|[A-Z][\w.'\u2019-]*(?:\s+[A-Z][\w.'\u2019-]*){0,2})"
                               r"(?:\s+(?:also|then|later|again))?\s+")


# a new subject and its negation or refusal before a hedged cue: "but Ann Vole did not (say)", "though he declined to"
_DENIED_SUBJECT_RE = re.compile(r"(?:he|she|they|we|it|[A-Z][\w.'\u2019-]*(?:\s+[A-Z][\w.'\u2019-]*){0,2})\s+"
                                r"(?:[a-z]+\s+){0,2}?(?:not|never|[a-z]+n['\u2019]t|declined\s+to|refused\s+to)"
                                r"(?:\s+[a-z]+ly)?\s+")


def denied_report(s: str, first: Clause, cue: re.Match[str]) -> Clause | None:
    """Return `first` cut before a joined new subject's negated or refused
    report ("Carter stopped, but Ann Vole did not say when": "Carter
    stopped"); None when the hedged cue is no such report."""
    join = NEW_SUBJECT_RE.search(s, max(first.start, cue.start() - 60), cue.start())
    if join is None or _DENIED_SUBJECT_RE.fullmatch(s, join.end(), cue.start()) is None:
        return None
    return make_clause(s, first.start, join.start(), first.phrase, first.cue)


def new_subject(s: str, join: re.Match[str], cue: re.Match[str]) -> bool:
    """True when a short subject between a join and a cue in the past starts a
    clause of its own: after a comma (", and Ann Vole accused"), or a pronoun
    after "and"/"but" alone ("... computers and she accused ...")."""
    subject = _SHORT_SUBJECT_RE.fullmatch(s, join.end(), cue.start())
    return subject is not None and ("," in join.group() or _PRONOUN_SUBJECT_RE.match(s, join.end()) is not None)


_PRONOUN_SUBJECT_RE = re.compile(r"(?:he|she|they|we)\s")
