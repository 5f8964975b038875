"""Whether a named person is their clause's subject, read from the verb after the name (issue #31).

names.placements.is_subject reads what comes before a name: one opening its
sentence is a subject.  A name after a longer lead-in is one too when a
finite verb follows it ("But Vole's Acme counterpart Tom Reed was in no
mood", "On the programme Ann Vole was asked", "Late on Friday Tom Reed
admitted"): an auxiliary of the lexicon's finite_auxiliaries, an irregular
past of past_tense_verbs, a speaking verb of lone_speaker_verbs or a regular
past in -ed, right after the name (an -ly adverb between) or after its
appositive between commas ("Ann Vole, who chairs the panel, has said").  A
"He said" opening the next sentence most often means that person, not the
article's last speaker the fitted choice prefers: previous_subject, a rule
antecedents.narrow applies (right 3 times in 3 where it changed a choice on
the tuning golds, 3 in 4 on PolNeAR train, judged by hand).  Read only for the few mentions a
pronoun chooses among.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypeVar

from onrecord.indexer.annotate.attribution.names.pronounleads import REPORTED_RE, plain_lead
from onrecord.indexer.annotate.attribution.people.people import Person
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import CUE_RE
from onrecord.indexer.annotate.attribution.phrases.shapes import is_regular_past
from onrecord.indexer.annotate.attribution.pronouns.leadins import after_lead_in
from onrecord.indexer.lexicon import words

# the name from its first word: capitalised words (initials too) joined by spaces, no sentence end
NAME_RE = re.compile(r"[\w'\u2019-]+(?:[ \u00a0]+(?:[A-Z]\.|[A-Z][\w'\u2019-]*))*")
OWNER_ENDS = ("'s", "\u2019s", "s'", "s\u2019")  # "Vole's lawyer was": the lawyer acts, not Vole
# an optional appositive between commas, an optional -ly adverb, then one lowercase word;
# an -ed word before "by" is a passive participle's ("Ann Vole, backed by ..."), no verb of hers
_VERB_AFTER_RE = re.compile(r"(?:,[^,.;:!?\"\u201c\u201d\n]{1,80},)?[ \u00a0]+(?:[a-z]+ly[ \u00a0]+)?"
                            r"([a-z]+)\b(?![ \u00a0]+by\b)")
FINITE = words("finite_auxiliaries") | words("past_tense_verbs") | words("lone_speaker_verbs")


def acts(text: str, at: int) -> bool:
    """Return True when a finite verb follows the name mentioned at `at`
    (its appositive between commas, or an -ly adverb, between); False for
    a possessive ("Vole's lawyer was"), no verb, or `at` < 0 (no mention)."""
    if at < 0:
        return False
    name = NAME_RE.match(text, at)
    if name is None or _owner(text, at):
        return False
    verb = _VERB_AFTER_RE.match(text, name.end())
    if verb is None:
        return False
    word = verb.group(1)
    return word in FINITE or is_regular_past(word)


# what may stand before a pronoun opening its sentence: a quote mark, a conjunction ("But he said:")
_PRONOUN_LEAD_RE = re.compile(r"[\"'\u201c\u2018(]?(?:(?:And|But|Yet|So)\s+)?")
_P = TypeVar("_P", bound=Person)
_SUBORDINATING = words("subordinating_leads")
_FIRST_WORD_RE = re.compile(r"[\"'\u201c\u2018(]?([A-Za-z]+)")


def previous_subject(pool: Sequence[_P], firsts: Sequence[int], text: str,
                     previous: int, sentence: int, pos: int) -> Sequence[_P]:
    """Return [the person of the pool] named first in the sentence before a
    pronoun opening its own ("Ann Vole's rival Tom Reed was unmoved. He said:
    ...": Reed, whoever spoke last), when a finite verb follows that name
    (acts) and no one of the pool is named in the pronoun's sentence; else
    the pool.  `firsts` holds each person's first mention at or after
    `previous` (the sentence before's start), `sentence` the pronoun's
    sentence's start and `pos` the pronoun's position."""
    if previous >= sentence or not opens_or_closes_quote(text, sentence, pos) \
            or text[sentence:sentence + 1] in _QUOTE_MARKS and REPORTED_RE.search(text, previous, sentence):
        return pool  # 'Acme needed it, he said. "...," he argued': the sentence before is his report
    if any(p.mentions.last_before(pos) >= sentence for p in pool):
        return pool
    if firsts.count(min(firsts, default=-1)) > 1:
        return pool  # "Reed's lawyer, Tom Vole, said": a description standing for one of two at once
    # an owner named before the subject is none ("Reed's rival Tom Vole was"): the first other name is
    first = min((at for at in firsts if previous <= at < sentence and not _owner(text, at)), default=-1)
    if not previous <= first < sentence or not acts(text, first) or _subordinate(text, previous) \
            or _rival(pool, firsts, first, text, (previous, sentence)):
        return pool
    if text[sentence:sentence + 1] in _QUOTE_MARKS and not plain_lead(text, previous, first):
        return pool  # 'And the defender believes Vole is right. "...," he said': the defender's, not Vole's
    return [p for p, at in zip(pool, firsts, strict=True) if at == first]


_QUOTE_MARKS = ("\"", "\u201c")
# a quote opening the sentence, closed right before the pronoun: '"We won," he said'
_WHOLE_QUOTE_RE = re.compile(r"[\"\u201c][^\"\u201c\u201d\n]+[\"\u201d]\s*,?\s*")


def opens_or_closes_quote(text: str, sentence: int, pos: int) -> bool:
    """Return True when the pronoun at `pos` opens the sentence at `sentence`
    ("But he said: ...") or follows a short time lead-in opening it ("In
    2010, he": leadins) or a quote that opens it ('"We won," he
    said': the quote is his one turn, nothing in the sentence names anyone
    else); False when other words come between."""
    lead = _PRONOUN_LEAD_RE.match(text, sentence)
    if lead is not None and lead.end() == pos or after_lead_in(text, sentence, pos):
        return True  # "But he said:", "In 2010, he warned" (leadins)
    quote = _WHOLE_QUOTE_RE.match(text, sentence, pos)
    return quote is not None and quote.end() == pos


def _owner(text: str, at: int) -> bool:
    """True when the name at `at` is a possessive ("Reed's")."""
    name = NAME_RE.match(text, at)
    return name is not None and text.endswith(OWNER_ENDS, at, name.end())


def _subordinate(text: str, start: int) -> bool:
    """True when the sentence at `start` opens with a subordinating_leads
    word ("While Tom Reed waits, ..."): its first name is no main subject."""
    word = _FIRST_WORD_RE.match(text, start)
    return word is not None and word.group(1).lower() in _SUBORDINATING


def _rival(pool: Sequence[Person], firsts: Sequence[int], first: int, text: str,
           span: tuple[int, int]) -> bool:
    """True when someone else of the pool speaks in the sentence `span`
    (start, end) when the first one does not (", said Ann Vole": the
    speaker, not the topic named first; "Acme's analyst, Ann Vole, said Tom
    Reed was ...": Vole, her first mention an owner's) or is named later
    there as the subject of a clause of its own, after a comma and no
    speech cue ("Tom Reed left, and Ann Vole dismissed it"; not ", said
    that when Reed had": what the first one says)."""
    # what the first one speaks may name speakers of its own ("Vole said that when Reed had announced ...")
    previous, sentence = span
    reports = any(own == first and p.spoke.last_before(sentence) >= first for p, own in zip(pool, firsts, strict=True))
    for p, own in zip(pool, firsts, strict=True):
        at = p.mentions.last_before(sentence)
        if own == first:
            continue  # the first named himself
        if not reports and p.spoke.last_before(sentence) >= previous:
            return True
        if first < at and acts(text, at):
            comma = text.rfind(",", first, at)
            if comma >= 0 and not CUE_RE.search(text, comma, at):
                return True
    return False
