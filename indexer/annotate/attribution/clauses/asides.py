"""Reported clauses beside an aside: the attribution inside a sentence or closing it unpunctuated.

Owns the shapes where the speaker and cue stand between the words they
report: "The plan, X said, is dead", "As X said, CLAUSE", "CLAUSE, he said,
on condition of anonymity" (the words after the aside's comma the
attribution's own); a closing cue whose comma the writer left out
("CLAUSE said Ann Vole, managing director of Acme."); whether a name or a
speaker noun after a cue closes the sentence ("..., said Ann Vole"), or a
description with no verb running to its end ("..., says a top academic."); and
the participle cue opening a stretch ("..., adding that ...").  `clauses`
decides which shape a sentence takes.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.clauses.closings import CLOSING_CUES, closes_with_appositive
from onrecord.indexer.annotate.attribution.clauses.spans import MIN_WORDS, Clause, make_clause
from onrecord.indexer.annotate.attribution.clauses.speakers.speakers import group_before
from onrecord.indexer.annotate.attribution.clauses.verbs import (
    AUXILIARY_ALT,
    CLAUSE_CUE_RE,
    PAST_ALT,
    VERB_START_RE,
    is_participle,
)
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase, is_speaker_noun
from onrecord.indexer.annotate.attribution.phrases.cues.inversions import phrase_after
from onrecord.indexer.annotate.attribution.spans.frames import MASK
from onrecord.indexer.lexicon import words

# "as X said," / "As Coach Ann lays out," before the clause: the aside's own opener
_AS_RE = re.compile(r"(?:^|[,;]\s*|\b)[Aa]s\s+$")
# what may stand between an aside's cue and its comma: nothing, a listener, a time, a channel
_ASIDE_GAP_RE = re.compile(
    r"(?:\s+(?:me|him|her|us|them|reporters|(?:in|on|at|to|last|this|yesterday|today)\b[^,]{0,30}))?\s*")
# an opening adverbial before a subject is no subject of the aside ("In May, X said, ...")
_OPENER_RE = re.compile(
    r"\s*(?:in|on|at|after|before|during|meanwhile|however|but|and|since|when|while|last|this)\b", re.I)
_CLAUSE_GOES_ON_RE = re.compile(r"\s+(?!and\b)[a-z]")
_NP_ENDS_RE = re.compile(r"(?:\s+(?:of|at|for|from|in)\s+[^,;:.!?]{1,40})?[\s.!?'\u2019\"]*")
# a description running to the sentence's end with no finite verb after a closing cue: "..., says a top
# academic.", "..., said Acme's chief operating officer Ann Vole.": the speaker, not a clause
# (no comma, no word ending in "s", a present tense or a plural, which phrase_after may run past: "..., says
# the strategy shows frustration", "..., said the club needs": their own clauses, read as before)
_VERBLESS_END_RE = re.compile(r"(?:the|a|an|[A-Z][\w&.-]*['\u2019]s)\s[^,;:#\"]{1,80}?[.!?]?\s*")
# a finite verb: a regular or irregular past, verbs' auxiliaries, or "do" (the lexicon's question_auxiliaries)
_DO_ALT = "|".join(sorted(words("question_auxiliaries")))
_FINITE_IN_RE = re.compile(rf"\b(?:[a-z]{{2,}}ed|{AUXILIARY_ALT}|{_DO_ALT}|{PAST_ALT})\b")
_S_WORD_RE = re.compile(r"\b[a-z]{2,}s\b")
# a coordinated subject whose verb follows: "Ann Vole, an aide, said the Voles and the firm had ..."
_AND_GOES_ON_RE = re.compile(r"\s+and\s+(?:[\w'\u2019-]+\s+){1,4}?(?:is|are|was|were|has|have|had|would|will|could|"
                             r"should|can|must|did|do|does)\b")
# what follows an aside's comma and belongs to the attribution, not the clause: "he said, on condition of anonymity"
# a participle or a time clause there too: "CLAUSE, she said, wiping her brow" / "..., X reported, while in Y ..."
_ATTRIBUTION_TAIL_RE = re.compile(r"\s*(?:on condition|speaking|in an? (?:interview|statement|email|phone)|"
                                  r"a (?:policy|move|plan|step|claim|view|decision) (?:that|which)|"
                                  r"[a-z]{2,}ing|while|whereas|before|after|citing|as|with|due to|amid|despite)\b")


_MIN_CLOSED_WORDS = 5  # words before an unpunctuated closing cue: a clause, not a subject ("Acme said")


def unpunctuated_closing(s: str, lo: int, hi: int, cue: re.Match[str]) -> Clause | None:
    """'CLAUSE said Ann Vole, managing director of Acme.': a closing cue whose
    comma the writer left out, known by a person's name after it that ends
    the sentence or opens an appositive that does; never 'Acme said Ann Vole
    would ...' (a verb follows the name: the clause is reported forward)."""
    if cue.group().lower() not in CLOSING_CUES or "," in s[lo:cue.start()] \
            or len(s[lo:cue.start()].split()) < _MIN_CLOSED_WORDS:
        return None
    phrase = phrase_after(s, cue.end(), hi)
    if phrase is None or phrase.kind != "name" or len(phrase.text.split()) < 2:
        return None
    if _NP_ENDS_RE.fullmatch(s, phrase.end, hi) is None and not closes_with_appositive(s, phrase.end, hi):
        return None
    return make_clause(s, lo, cue.start(), phrase, cue)


def is_inverted(s: str, cue: re.Match[str], hi: int) -> bool:
    """True when a name or pronoun follows the cue ("..., said Ann Vole"), or a
    speaker noun phrase ends the sentence ("..., says a panel of experts"), not a clause."""
    after = phrase_after(s, cue.end(), hi)
    if after is not None and after.kind == "np":
        return is_speaker_noun(after.text) and _NP_ENDS_RE.fullmatch(s, after.end, hi) is not None \
            or _verbless_speaker(s, after.start, hi)
    return after is not None and (_NP_ENDS_RE.fullmatch(s, after.end, hi) is not None  # "says Ann Vole in Dover."
                                  or not _CLAUSE_GOES_ON_RE.match(s, after.end, hi)
                                  and not _AND_GOES_ON_RE.match(s, after.end, hi))


def _verbless_speaker(s: str, start: int, hi: int) -> bool:
    """True when s[start:hi], after a closing cue, is a description running to
    the sentence's end ("a top academic.", "Acme's chief operating officer
    Ann Vole.") with no comma, no finite verb and no word ending in "s"."""
    return _VERBLESS_END_RE.fullmatch(s, start, hi) is not None and not _FINITE_IN_RE.search(s, start, hi) \
        and not _S_WORD_RE.search(s, start, hi)


def aside_clause(s: str, lo: int, hi: int, phrase: Phrase, cue: re.Match[str]) -> Clause | None:
    """'The plan, X said, is dead.' / 'As X said, CLAUSE.': the clause after
    the aside's closing comma (the words before it, when the longer, are its
    subject and stay out: no span holds its attribution)."""
    comma = s.find(",", cue.end(), min(hi, cue.end() + 40))
    if comma < 0 or CLAUSE_CUE_RE.search(s, cue.end(), comma) or "#" in s[cue.end():comma]:
        return None
    head = s[lo:phrase.lead if phrase.lead >= 0 else phrase.start]
    mark = head.rfind(",")
    if not head.rstrip().endswith(",") and mark >= 0 and phrase.kind == "np" and is_speaker_noun(phrase.text) \
            and group_before(s, lo + mark + 1, phrase.end) is not None:
        head = head[:mark + 1]  # "The port closed, harbour officials said, in May": the subject's modifiers too
    # "Still, he said, ..." / "In any case, Ann Vole said, ...": an opener before the aside, the clause after it
    subject = head.rstrip().endswith(",") and (len(head.split()) >= 2 or _OPENER_RE.match(head) is not None
                                               or _CLAUSE_GOES_ON_RE.match(s, comma + 1, hi) is not None)
    if not (subject or _AS_RE.search(head)) or not _ASIDE_GAP_RE.fullmatch(s, cue.end(), comma):
        return None
    if subject and (len(head.split()) >= 3 and _ATTRIBUTION_TAIL_RE.match(s, comma + 1, hi)
                    or participle_at(s, comma + 1, hi)):
        # "CLAUSE, he said, on condition of anonymity" / "CLAUSE, he said, adding that ..."
        return make_clause(s, lo, lo + len(head.rstrip()) - 1, phrase, cue)
    # "This harbour, he says, is different.": a verb opening the words after it makes two words a predicate
    predicate = subject and len(head.split()) >= 2 and VERB_START_RE.match(s, comma + 1, hi) is not None
    return make_clause(s, comma + 1, hi, phrase, cue, 2 if predicate else MIN_WORDS)


def participle_at(s: str, pos: int, hi: int) -> re.Match[str] | None:
    """Return the participle cue opening s[pos:hi] (", adding that ..."), else None."""
    cue = CLAUSE_CUE_RE.match(s, pos + len(s[pos:hi]) - len(s[pos:hi].lstrip()), hi)
    return cue if cue is not None and is_participle(cue) else None


# a head opening with an adverbial ("However, he said, ...", "Unless X, he said, ...", "Reflecting X, he said, ..."),
# or a tail opening with a preposition ("as proved, he claimed, by ...") or a verb ("The man who met her, she
# recalled, asked ..."): the aside stands between no two statements of its speaker
_HEAD_OPENER_RE = re.compile(r"\s*(?:(?:and|but|so|yet|or)\s+)?(?:(?:in|on|at|after|before|during|meanwhile|"
                             r"however|since|when|while|last|this|if|unless|until|once|because|although|though|"
                             r"whether|by|for|as|with|without|even|ever|still|instead|now|currently|already|then|"
                             r"also|yet|so|but|and)\b|[a-z]+ing\b)", re.I)
_TAIL_OPENER_RE = re.compile(r"(?:by|of|to|in|on|at|for|with|from|into|than|[a-z]{3,}ed)\s", re.I)
# a finite verb in the head: it is a statement, not a time or a noun phrase ("Six months ago, X said, ...")
_HEAD_VERB_RE = re.compile(r"\b(?:[a-z]{3,}ed|would|will|was|were|is|are|has|have|had|could|should|can|may|might|"
                           r"must|did|does|do|" + "|".join(sorted(words("past_tense_verbs"))) + r")\b")


def aside_head(s: str, lo: int, cue: re.Match[str], found: Clause) -> list[Clause]:
    """Return [the statement before an aside] when the aside stands between two
    statements of its speaker ("Prices rose in May, Ann Vole said, and they
    will rise again": both are hers, as both sides of an inverted aside are);
    [] when `found` is no clause right after an aside, the head is an
    adverbial ("However, he said, ...") or holds no verb, the words after the
    aside are its predicate ("The plan, X said, is dead": they alone are
    reported), or the speaker is one lowercase word."""
    phrase = found.phrase
    start = phrase.lead if phrase.lead >= 0 else phrase.start
    comma = s.find(",", cue.end(), found.start)
    if comma < 0 or phrase.start > cue.start() or s[phrase.end:cue.start()].strip() \
            or s[comma + 1:found.start].strip() or not _ASIDE_GAP_RE.fullmatch(s, cue.end(), comma) \
            or _TAIL_OPENER_RE.match(s, found.start) \
            or VERB_START_RE.match(s, found.start) or phrase.kind == "np" and " " not in phrase.text:
        return []
    head = s[lo:start].rstrip()
    if not head.endswith(",") or MASK in head or _HEAD_OPENER_RE.match(head) or CLAUSE_CUE_RE.search(head) \
            or not _HEAD_VERB_RE.search(head):
        return []
    clause = make_clause(s, lo, lo + len(head) - 1, phrase, cue)
    return [] if clause is None else [clause]
