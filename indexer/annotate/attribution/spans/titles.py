"""Marked words that are nobody's words: titles, labels and names of works.

Owns the tests indexer.annotate.attribution.attribution makes before it
keeps a quoted span as a quote: a title of a work (essay, book, blog post,
guide, film) or a label (a stamp, a series, a button) in quotation marks
is the writer naming a thing, not anyone speaking.  A title is known by
its shape (title case: every word capitalised but the small ones a title
keeps lowercase) and by its place: after an example's lead ("e.g.",
"such as": `example_leads`), after a possessive, "in" or "on", a
noun for a work ("his essay", "our guide", "a review of the"), a naming
word ("titled", "an approach called"), or before a by-line ("... by Ann
Vole", "(1989)"), a noun for a label ('the "100% Whole Grains" stamp') or,
capitalised, a noun for a work ('the "Sail Free" campaign').  A whole quote
(not inside a clause) is a title only where a comma sets it beside a noun
for a work ('her memoir, "Salt and Rope."'): after a colon it is speech.  The word lists
are indexer.lexicon's (`title_small_words`, `work_nouns`,
`label_nouns`, `naming_participles`, `naming_verbs`).
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.people.people import pronoun_gender
from onrecord.indexer.annotate.attribution.phrases.cues.cues import is_speaker_noun
from onrecord.indexer.annotate.attribution.phrases.cues.wordtrie import CASE_FOLDS
from onrecord.indexer.lexicon import words
from onrecord.search import Quote

MAX_SCARE_WORDS = 2  # a cue-less quote this short whose sentence names no speaker is a term
MAX_TITLE_WORDS = 14  # longer runs of capitalised words are headlines or shouting, not titles
_SMALL = words("title_small_words")
_WORD_RE = re.compile(r"[\w\u00c0-\u024f][\w\u00c0-\u024f'\u2019.&%-]*")
_MARKS = "\"'\u201c\u201d\u2018\u2019\u201e\u00ab\u00bb"


def _alternation(key: str) -> str:
    return "|".join(re.escape(w) for w in sorted(words(key), key=len, reverse=True))


_WORKS = _alternation("work_nouns")
_LABELS = _alternation("label_nouns")
_NAMING_WORDS = _alternation("naming_participles")
_NAMING_VERBS = _alternation("naming_verbs")
# what a title follows even inside a reported clause: a possessive, "in"/"on", a name
_TITLE_LEAD_RE = re.compile(r"(?:['\u2019]s|\b[Ii]n|\b[Oo]n|\b[A-Z][a-z]*\.?)\s+$")
# a noun for a work or label right before the quote: 'his essay "..."', 'in our guide "..."'
_DETERMINER = r"(?:\b(?i:a|an|the|his|her|its|their|our|my|your|this|these)|['\u2019]s)"
_WORK_BEFORE_RE = re.compile(
    rf"{_DETERMINER}\s+(?:[\w-]+[\s/]+){{0,3}}?(?:{_WORKS})(?:\s+(?:of|on)(?:\s+the)?)?[\s,:]*$")
# "titled", "entitled": a name follows, never speech
_NAMING_RE = re.compile(rf"\b(?:{_NAMING_WORDS})[\s,:]*$", re.I)
# a work's name set beside its noun by a comma: 'her memoir, "Tough Choices."' (a colon brings speech)
_APPOSED_WORK_RE = re.compile(rf"{_DETERMINER}\s+(?:[\w-]+\s+){{0,3}}?(?:{_WORKS}),\s*$")
# 'an approach called "..."': a naming verb after a noun phrase, not after its subject ('he calls')
_NAMED_NP_RE = re.compile(
    rf"({_DETERMINER}\s+(?:[a-z][\w-]*\s+){{0,2}}[a-z][\w-]*),?\s+"
    rf"(?:{_NAMING_VERBS})[\s,:]*$")
# after a title: a by-line or a year ('"..." by Ann Vole', '"..." (1989)')
_NAMING_VERB_WORDS = tuple(words("naming_verbs"))  # what _NAMED_NP_RE's text ends in (case kept)
# what _NAMING_RE's text can end in: the last letters of its words in any case (re.I)
_NAMING_WORD_ENDS = frozenset(c for w in words("naming_participles")
                              for c in {w[-1].lower(), w[-1].upper(), *CASE_FOLDS.get(w[-1].lower(), "")})
# an example given in quotes, maybe after others: '(e.g., "...", "...")', 'settings such as "..."'
_EXAMPLES = _alternation("example_leads")
_EXAMPLE_LEAD_RE = re.compile(
    rf"(?:^|[\s(\[])(?:{_EXAMPLES})[\s,:]*(?:#+[\s,]*(?:(?:or|and)\s+)?)*$", re.I)
_BYLINE_AFTER_RE = re.compile(r"\s*(?:\(\d{4}\)\s*)?(?:by\s+[A-Z]|\(\d{4}\))")
_LABEL_AFTER_RE = re.compile(rf"\s+(?:{_LABELS})\b")
# a capitalised name before a noun for its work, maybe after one modifier ('the "Sail Free" campaign',
# '"Row On" advertising campaign'); the modifier is no small word ('"Unfair" and play went on')
_SMALL_WORDS = _alternation("title_small_words")
_WORK_AFTER_RE = re.compile(rf"\s+(?:(?!(?:{_SMALL_WORDS})\s)[a-z][\w-]*\s+)?(?:{_WORKS})\b")


def title_case(inner: str) -> bool:
    """True when `inner` (a quote's words, marks excluded) is written as a
    title: at most MAX_TITLE_WORDS words, the first and every word outside
    title_small_words starting with a capital or a digit."""
    # word by word, not one findall: most quotes fail at their first lowercase word, and a
    # long quote past MAX_TITLE_WORDS, so the rest of it is never split
    count = 0
    for m in _WORD_RE.finditer(inner):
        word, count = m.group(), count + 1
        if count > MAX_TITLE_WORDS or not _capitalised(word) and (count == 1 or word.lower() not in _SMALL):
            return False
    return count > 0


def _capitalised(word: str) -> bool:
    return bool(word) and (word[0].isupper() or word[0].isdigit())


def is_title(text: str, start: int, end: int, before: str, partial: bool, cue_before: bool) -> bool:
    """True when the quote text[start:end] (marks included) names a work or a
    label rather than reporting anyone's words.  `before` is the text of its
    sentence before the opening mark (quotes masked), `partial` whether the
    quote sits inside a clause, `cue_before` whether a speech cue precedes it
    in its sentence (a title after a cue needs its place to show it)."""
    inner = text[start:end].strip(_MARKS + " ")
    if not cue_before and _EXAMPLE_LEAD_RE.search(before[-60:]):
        return True  # 'keywords by intent (e.g., "how to bake bread")': a sample of words
    # both naming patterns end in "<word>[\s,:]*$": a string test on that word spares their
    # scans of the sentence before most quotes
    tail = _without_trailing_blanks(before)
    named = _NAMED_NP_RE.search(before) if tail.endswith(_NAMING_VERB_WORDS) else None
    if tail[-1:] in _NAMING_WORD_ENDS and _NAMING_RE.search(before) or named and not is_speaker_noun(
            named.group(1)):
        return True  # 'a book titled "..."', 'an approach called "..."' (not 'the minister called "..."')
    if not partial:  # a whole quote: a title only where the text names it one
        return title_case(inner) and _APPOSED_WORK_RE.search(before[-80:]) is not None
    if _LABEL_AFTER_RE.match(text, end) or _capitalised(inner) and (
            _WORK_BEFORE_RE.search(before) or _WORK_AFTER_RE.match(text, end)):
        return True  # 'his essay "The ..."', 'in our guide "How ..."', 'the "100% Whole Grains" stamp',
        # 'a review of the "Harm ..."', 'the "Sail Free" campaign'
    if not title_case(inner):
        return False
    if _BYLINE_AFTER_RE.match(text, end):
        return True  # '"Husbands & Lovers" by Ann Vole', '"Worse is Better" (1989)'
    return not cue_before or bool(_TITLE_LEAD_RE.search(before[-12:]))


def _without_trailing_blanks(before: str) -> str:
    """Return `before` without what "[\\s,:]*$" reads at its end (blanks, commas, colons)."""
    tail = before.rstrip()
    while tail[-1:] in (",", ":"):
        tail = tail[:-1].rstrip()
    return tail


def is_unclaimed_title(text: str, start: int, end: int) -> bool:
    """True when the whole-sentence quote text[start:end] (marks included),
    asked only of one no cue reports and no one is credited with, is written
    as a title (title_case): a show, a book or a slogan standing alone
    ('his memoir, "Gifted Hands."', '"How To Sail" - 3,806 views') names a
    thing.  Speech in title case comes with a cue or a speaker."""
    return title_case(text[start:end].strip(_MARKS + " "))


MAX_TERM_WORDS = 4  # words of a direct quote no cue and no speaker claim, at most: a term, not a quote


def is_unclaimed_term(text: str, quote: Quote) -> bool:
    """True for a direct quote of a few words that no cue reports, no one is
    credited with and no "he" or "she" speaks ('"hello".slice(2)', a line
    '"Happy holidays"'): a term or a label, nobody's words.  Partial ones stay:
    PolNeAR and the BBC gold credit 'critics call it the "expectations
    game"' to someone (dropping them lost more matches than false ones)."""
    mention = quote.speaker_mention
    if quote.kind != "direct" or quote.speaker is not None or quote.cue_mention is not None \
            or mention is not None and pronoun_gender(mention.text):  # 'she demurred: "All of them."'
        return False
    return sum(len(text[lo:hi].split()) for lo, hi in quote.pieces) <= MAX_TERM_WORDS


def is_scare_term(text: str, start: int, end: int) -> bool:
    """True when the quote text[start:end] is at most MAX_SCARE_WORDS words:
    asked only of a quote no cue reports and whose sentence subject names
    nobody ('Yes, "tutee" is a word'), where so few words are a term the
    writer holds at a distance.  Longer cue-less fragments are kept: quoted
    findings of a study ('there is "no law that requires ..."') are words."""
    return len(_WORD_RE.findall(text, start, end)) <= MAX_SCARE_WORDS
