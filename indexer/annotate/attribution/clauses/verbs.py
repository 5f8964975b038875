"""Speech verbs of reported clauses: which cue word of a sentence reports.

Owns finding the clause cues of a sentence (CLAUSE_CUE_RE over the
lexicon's "clause_cues") and telling a cue used as a speech verb from one
that reports nothing: a noun ("his remarks"; a plural with no subject
before it, "after reports that", "investigating claims"), a name ("Said Ahmed"), a
passive ("was told"), or a cue hedged by a modal, "to" or a negation
("you could say that", "what to ask", "he doesn't deny that").
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.clauses.speakers.sources import WORD_RE
from onrecord.indexer.annotate.attribution.phrases.cues.wordtrie import letter_led_alternation, word_alternation
from onrecord.indexer.lexicon import words

_CUES = words("clause_cues")
HEDGES = words("hedge_words")
_TO_LEADS = words("report_infinitive_leads")  # "continued to say", "went on to say": no hedge
_LEAD_ALT = "|".join(sorted(re.escape(w).replace(r"\ ", r"\s+") for w in _TO_LEADS))
_TO_LEAD_RE = re.compile(rf"(?<![\w-])(?:{_LEAD_ALT})\s+to\s+$", re.I)
# a posting verb, up to four words (a time, a channel), then the purpose "to": "tweeted on Friday to say"
_PURPOSE_ALT = "|".join(sorted(re.escape(w).replace(r"\ ", r"\s+") for w in words("report_purpose_leads")))
_PURPOSE_LEAD_RE = re.compile(rf"(?<![\w-])(?:{_PURPOSE_ALT})(?:\s+[^\s,;:.!?]+){{0,4}}?\s+to\s+$", re.I)
_PURPOSE_REACH = 50  # characters before the cue a posting verb and its words may take
# a verb that makes its object the cue's subject, the object's words, then "to": "prompted the minister to say",
# "leading some analysts to argue that" (report_control_leads): the object said it, no hedge
_CONTROL_ALT = word_alternation(words("report_control_leads"))
_CONTROL_LEAD_RE = re.compile(rf"(?<![\w-])(?:{_CONTROL_ALT})\s+(?:[\w'\u2019-]+\s+){{1,4}}?to\s+$", re.I)
_CONTROL_REACH = 60  # characters before the cue the control verb and its object may take
# one word trie per first letter, led by that letter's case forms (as cuewords' CUE_RE): a
# fraction of the cost of a plain alternation on every line
_ALT = letter_led_alternation([re.escape(w).replace(r"\ ", r"\s+") for w in sorted(w for w in _CUES if " " in w)],
                              frozenset(w for w in _CUES if " " not in w))
CLAUSE_CUE_RE = re.compile(rf"(?<![\w-])(?:{_ALT})\b")
# a form of "be" and at most one adverb ("was also told", "was then asked"): a passive cue names its listener
_PASSIVE_RE = re.compile(r"\b(?:is|was|were|are|been|be|being|am)\s+(?:(?:\w+ly|also|then|later|once|again)\s+)?$",
                         re.I)
# a determiner or a preposition right before a cue word makes it a noun: "his remarks", "a probe into claims";
# "than" makes it a participle of a comparison, no one's verb: "slightly higher than forecast."
# "is saying", "was also telling": a form of "be" and an adverb before an -ing cue
_PROGRESSIVE_RE = re.compile(r"(?:\b(?:is|was|were|are|been|am)|\b(?:he|she|who|they|we)['\u2019](?:s|re))\s+"
                             r"(?:(?:\w+ly|also|still|now|again|even)\s+)?$", re.I)
# (a person's pronoun's "'s" is "is" or "has": "He's suggesting that", "who's argued"; "it's said" stays out)
_NOUN_BEFORE_RE = re.compile(
    r"(?:\b(?:the|a|an|his|her|their|its|our|my|this|into|amid|over|about|despite|against|of|than)|"
    r"(?<!\bhe)(?<!\bshe)(?<!\bwho)['\u2019]s?)\s+$", re.I)
_HEADLINE_CUES = words("headline_clause_cues")
# a document noun that is also a cue word, right before a document's speech verb: "The FAO report said that"
_DOCUMENT_CUE_NOUNS = words("document_nouns") & _CUES
_DOCUMENT_VERB_AFTER_RE = re.compile(rf"\s+(?:{word_alternation(words('document_speech_cues'))})\b", re.I)
_SMALL_WORDS = frozenset("a an the of to in on at for and or but by with as is".split())  # lowercase in a title
_HEDGE_ENDS = ("'ll", "\u2019ll", "n't", "n\u2019t")  # "I'll admit", "Don't tell"
# a cue word that is also a plural noun ("fresh claims", "after reports that") and what, right before it,
# leaves it no subject: a word of plural_cue_noun_leads, or a lowercase -ed/-ing verb form whose object it is
# ("dismissed reports", "investigating claims"; "the accused claims" is a subject: a determiner before it)
_PLURAL_CUE_NOUNS = words("plural_cue_nouns")
_PLURAL_NOUN_LEADS = words("plural_cue_noun_leads")
# a verb in its base or -s form whose object the plural noun is: "refused to deny claims that", "moved to scotch
# claims", "makes claims that" (the -ed and -ing forms need no row: their ending tells them)
_PLURAL_NOUN_VERBS = words("plural_cue_noun_verbs")
_WORD_BEFORE_RE = re.compile(r"(?:([\w'\u2019-]+)\s+)?([\w'\u2019-]+)\s+$")


def is_verb(s: str, lo: int, cue: re.Match[str]) -> bool:
    """False for a cue word used as a noun ("his remarks", "the stated aim"),
    a name ("Said Ahmed"), or a passive ("was told", "is said to"); an -ing
    cue after "is" is progressive, no passive ("is saying that")."""
    if cue.group()[0].isupper() and cue.start() > lo:
        return is_title_case(s, lo, cue)  # "Ann Vole Says The Port Will Reopen": a headline's cue
    # searched in place, not in a slice: a slice would cut "Kiedis" to "is" or "other" to "her"
    start = max(lo, cue.start() - 12)
    passive = not is_participle(cue) and _PASSIVE_RE.search(s, start, cue.start())
    return not _NOUN_BEFORE_RE.search(s, start, cue.start()) and not passive and not _document_noun(s, cue) \
        and not _plural_noun(s, lo, cue)


def _plural_noun(s: str, lo: int, cue: re.Match[str]) -> bool:
    """True when a cue word that is also a plural noun (plural_cue_nouns) has
    no subject right before it: a word of plural_cue_noun_leads ("after
    reports that", "if claims are true"), a verb of plural_cue_noun_verbs
    ("deny claims"), or a lowercase verb form in -ed or -ing, no determiner
    before it ("dismissed reports", "investigating claims")."""
    if cue.group().lower() not in _PLURAL_CUE_NOUNS:
        return False
    m = _WORD_BEFORE_RE.search(s, max(lo, cue.start() - 30), cue.start())
    if m is None:
        return False
    word = m.group(2)
    if word.lower() in _PLURAL_NOUN_LEADS or word in _PLURAL_NOUN_VERBS:
        return True
    # lowercase, or capitalised only as its sentence's first word ("Addressing claims that ...")
    lowered = word.islower() or word[1:].islower() and _opens_sentence(s, lo, m.start(2))
    verb_form = lowered and len(word) > 4 and word.endswith(("ed", "ing"))
    return verb_form and (m.group(1) or "").lower() not in _DETERMINERS


def _opens_sentence(s: str, lo: int, start: int) -> bool:
    """True when the word at `start` is the first of its sentence: nothing but
    spaces since lo, or a stop before them."""
    before = s[lo:start].rstrip()
    return not before or before[-1] in ".!?"


def _document_noun(s: str, cue: re.Match[str]) -> bool:
    """True when the cue word is a document noun its own speech verb follows
    ("The FAO report said that": "said" reports, "report" is its subject)."""
    return cue.group().lower() in _DOCUMENT_CUE_NOUNS and _DOCUMENT_VERB_AFTER_RE.match(s, cue.end()) is not None


def is_title_case(s: str, lo: int, cue: re.Match[str]) -> bool:
    """True when a capitalised bare cue ("Says", "Tells") stands in a Title
    Case line: every word before it and the first words after it capitalised
    (a headline), not a name ("Said Ahmed")."""
    line_end = s.find("\n", cue.end())
    before = WORD_RE.findall(s[lo:cue.start()])
    after = WORD_RE.findall(s[cue.end():line_end if line_end >= 0 else len(s)])[:4]
    return cue.group().lower() in _HEADLINE_CUES and len(after) >= 3 and bool(before) \
        and all(w[0].isupper() or w.lower() in _SMALL_WORDS for w in before + after)


def is_participle(cue: re.Match[str]) -> bool:
    """True for a cue whose verb is an -ing form ("saying", "pointing out")."""
    return cue.group().split()[0].lower().endswith("ing")


def is_progressive(s: str, lo: int, cue: re.Match[str]) -> bool:
    """True for an -ing cue after a form of "be" ("Ann Vole is saying that",
    "he was also telling reporters"): a finite verb with its subject before
    it, not a participle of the sentence's subject (", saying ...")."""
    window = s[max(lo, cue.start() - 20):cue.start()]
    return is_participle(cue) and _PROGRESSIVE_RE.search(window) is not None


def lead_start(s: str, lo: int, cue: re.Match[str]) -> int:
    """Return where the verb leading a cue's infinitive starts ("continued"
    of "Ann Vole continued to say"; report_infinitive_leads), else the
    cue's start: the speaker phrase ends before it."""
    lead = _TO_LEAD_RE.search(s, max(lo, cue.start() - 24), cue.start()) \
        or _PURPOSE_LEAD_RE.search(s, max(lo, cue.start() - _PURPOSE_REACH), cue.start())
    return cue.start() if lead is None else lead.start()


def is_hedged(s: str, lo: int, cue: re.Match[str]) -> bool:
    """True when a modal, "to" or a negation comes right before the cue
    ("you could say that", "what to ask", "he doesn't deny that"): no report;
    "to" after a lead of report_infinitive_leads is none ("went on to say")."""
    before = WORD_RE.findall(s[max(lo, cue.start() - 24):cue.start()])  # "in May said": no modal
    if before[-1:] == ["to"] and (before[-2:-1] and before[-2].lower() in _TO_LEADS
                                  or " ".join(before[-3:-1]).lower() in _TO_LEADS
                                  or _PURPOSE_LEAD_RE.search(s, max(lo, cue.start() - _PURPOSE_REACH), cue.start())
                                  or _CONTROL_LEAD_RE.search(s, max(lo, cue.start() - _CONTROL_REACH), cue.start())):
        return False
    return bool(before) and (before[-1] in HEDGES or before[-1].endswith(_HEDGE_ENDS) or len(before) > 1
                             and before[-2] in HEDGES and before[-1].endswith("ly"))


# a regular past tense after a bare clause's subject of up to five words, a determiner or pronoun
# object after it: "noted the port authority returned the boats"
_REGULAR_PAST_RE = re.compile(r"((?:(?!and\s)[\w'\u2019-]+(?:\.[\w'\u2019-]+)*\.?\s+){1,5}?)([a-z]{3,}ed)\s+"
                              r"(?:the|a|an|his|her|their|its|our|him|them|it|this|these|those|some)\s")
_DETERMINERS = words("determiners")
PAST_ALT = "|".join(sorted(words("past_tense_verbs")))  # the lexicon's irregular pasts as one alternation
# the finite auxiliaries and copulas that open a predicate (the lexicon's finite_auxiliaries less "did", "does"
# and "shall", which these tests never took): one table for closings, asides and gaps
AUXILIARY_ALT = "is|are|was|were|has|have|had|will|would|could|can|may|might|should|must"
VERB_START_RE = re.compile(rf"\s*(?:{AUXILIARY_ALT})\s")  # a predicate's auxiliary right after s[pos]: ", is due"
# a name of up to three capitalised words, an adverb perhaps, then a past tense: "alleges Acme deceived
# buyers", "suggested Acme artificially manufactured ..." (a name takes no participle of its own there the way
# a noun does: "the plan approved by"); no day or month ("reported Monday increased sales") and no
# possessive ("Acme's alleged role")
_CALENDAR_ALT = "|".join(sorted(words("weekdays", "months")))
_NAME_PAST_RE = re.compile(rf"(?!(?i:{_CALENDAR_ALT})\b)(?:[A-Z][\w&-]*(?:['\u2019](?!s\s)\w+)?\s+){{1,3}}"
                           rf"(?:[a-z]{{3,}}ly\s+)?"
                           rf"(?:[a-z]{{2,}}ed|{PAST_ALT})\b(?!\s+by\b)")
# a subject of up to five words, an -ly adverb, then a past tense: "the sprinter regularly used drugs";
# no form of "be" or degree word before it ("against X being too closely linked": an adjective)
_ADVERB_PAST_RE = re.compile(rf"((?:(?!(?:and|be|being|been|is|are|was|were|too|so|very)\s)[\w'\u2019-]+\s+){{1,5}}?)"
                             rf"[a-z]{{2,}}ly\s+"
                             rf"(?:[a-z]{{2,}}ed|{PAST_ALT})\b(?!\s+by\b)")


def opens_regular_past(s: str, pos: int, hi: int) -> bool:
    """True when s[pos:hi] opens with a subject and a regular past tense
    taking an object ("the Acme board approved the sale"), or a name's
    past ("Acme deceived buyers") or a past after an adverb ("the firm
    regularly used ..."); never an -ed adjective after a determiner, a
    possessive or an adverb ("the expanded plan", "Acme's revised figures",
    "a newly opened port")."""
    if _NAME_PAST_RE.match(s, pos, hi):
        return True
    found = _REGULAR_PAST_RE.match(s, pos, hi) or _ADVERB_PAST_RE.match(s, pos, hi)
    if found is None:
        return False
    last = found.group(1).split()[-1].lower()
    return last not in _DETERMINERS and not last.endswith(("'s", "\u2019s", "ly"))
