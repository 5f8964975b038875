"""A definite person epithet as the sentence before's subject: whom "he said" after it means (issue #31).

"Edu describes tunnel fracas ... The Brazilian confirmed tempers had flared but
could shed no light on reports that food was thrown at United boss Sir Alex
Ferguson. '...,' he told": the pronoun means the sentence before's subject, the
epithet, and news calls the person its story is about by such an epithet
(descriptions.persons.topicpeople reads the same epithets as speaker phrases).  The
learned choice (antecedents) sees no mention in an epithet, so it picks a name
met later in that sentence (Ferguson) or the last speaker.  Here the epithet
is the person the headline names first, when that person fits it
(topicpeople.fits: the head noun's gender, not named in the epithet's own
sentence), is named in the body before the pronoun, in its paragraph or the
one before (topicpeople.named_near), and is of the pronoun's gender; and when
no one else of the pool was introduced with the epithet's noun ("striker Tom
Reed ... The striker said": Reed), is named before the epithet in its sentence,
or spoke or was a subject since the headline's person was last named (the story
turned to them: "Andy Robinson said ... However, the England coach added" is
Robinson's, whoever the headline names; reading the BBC corpus's changed
records found two such).  Where that reading finds no one, the epithet is the
person the sentence before it names first as an acting subject (_subject_before,
the reading descriptions.persons.subjectepithets gives a cue's epithet), also when the
epithet opens a new paragraph: news names its person in the lead and calls
them by an epithet at the next paragraph's opening ("Everton manager Ann Vole
will discipline ... \n\nThe Scot initially defended ... He said:").  What heads
an epithet is a table (_HEAD_SHAPES): a person noun or epithet noun, or an age.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from onrecord.indexer.annotate.attribution.descriptions.persons.rolesynonyms import with_synonyms
from onrecord.indexer.annotate.attribution.descriptions.persons.topicpeople import epithet_nouns, fits, named_near
from onrecord.indexer.annotate.attribution.names.pronounleads import plain_lead
from onrecord.indexer.annotate.attribution.people.people import Person
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import CUE_RE
from onrecord.indexer.annotate.attribution.phrases.descriptions import AGE_WORD_RE
from onrecord.indexer.annotate.attribution.phrases.shapes import is_regular_past
from onrecord.indexer.annotate.attribution.pronouns.contexts import Context, context_at
from onrecord.indexer.annotate.attribution.pronouns.subjectverbs import FINITE, acts, opens_or_closes_quote
from onrecord.indexer.lexicon import words

# what may open the epithet's sentence before "the": a quote mark, a conjunction, a short
# lead-in closed by a comma ("Speaking to the Radio Times, the Two Ronnies star said")
_OPENING_RE = re.compile(r"[\"'\u201c\u2018(]?(?:(?:And|But|Yet|So)\s+)?"
                         r"(?:[A-Z][^,.;:!?\"\u201c\u201d\n]{0,60},\s+)?([Tt]he)\s+")
_WORD_RE = re.compile(r"\s*([\w'\u2019-]+)")
_MAX_WORDS = 4  # the epithet's words after "the": "The former Norland international"
# an appositive or relative clause between commas after the head ("The Australian, 28, has")
_APPOSITIVE_RE = re.compile(r",[^,.;:!?\"\u201c\u201d\n]{1,160},\s*")
_BETWEEN = words("skip_before_cue", "subject_adverbials")  # "has", "also", "initially" (-ly): before the verb

# what may head the epithet, one row each (a test each in test_epithet_subjects.py): the nouns
# descriptions.persons.topicpeople reads as a cue's epithet ("The Brazilian", "the seventh seed"), and an
# age ("The confident 23-year-old is undaunted"), which topicpeople.epithet_head reads as a head too
_HEAD_SHAPES: tuple[tuple[str, Callable[[str], bool]], ...] = (
    ("person or epithet noun", lambda word: word in epithet_nouns()),
    ("age", lambda word: AGE_WORD_RE.fullmatch(word) is not None),
)


def opening_epithet(text: str, start: int, end: int) -> tuple[str, int] | None:
    """Return (head noun, where the epithet starts) when the sentence text[start:end]
    opens with a definite person epithet ("The Brazilian", "the Two Ronnies star":
    "the", at most _MAX_WORDS words ending in a person noun, no owner's "'s") and a
    finite verb follows it; else None.  The epithet here is a subject a later "he"
    means; descriptions.persons.subjectepithets.previous_subject_of_epithet reads an epithet
    that is a cue's speaker phrase as the sentence before's subject."""
    opening = _OPENING_RE.match(text, start, end)
    if opening is None:
        return None
    at = opening.end()
    for _ in range(_MAX_WORDS):
        word = _WORD_RE.match(text, at, end)
        if word is None or word.group(1).endswith(("'s", "\u2019s")):
            return None
        at = word.end()
        head = word.group(1).lower()
        if any(test(head) for _, test in _HEAD_SHAPES) and _verb_follows(text, word.end(1), end):
            return head, opening.start(1)  # else a noun before the head: "the Australian star said"
    return None


def _verb_follows(text: str, at: int, end: int) -> bool:
    """True when a finite verb follows the epithet ending at `at`: after an
    optional appositive between commas and adverbs or auxiliaries
    (_BETWEEN, -ly words), a word of FINITE, a regular past or a speech cue."""
    aside = _APPOSITIVE_RE.match(text, at, end)
    at = aside.end() if aside else at
    while (word := _WORD_RE.match(text, at, end)) is not None:
        found = word.group(1)
        if found in FINITE or is_regular_past(found) \
                or CUE_RE.match(text, word.start(1)) is not None:
            return True
        if found not in _BETWEEN and not found.endswith("ly"):
            return False
        at = word.end()
    return False


def epithet_referent(people: Sequence[Person], pool: Sequence[Person], ctx: Context, gender: str,
                     text: str) -> Person | None:
    """Return whom the definite person epithet opening the sentence before means
    (the first of _READINGS that names someone of the pool: the headline's
    person, else the sentence before's acting subject) when the pronoun at
    ctx.pos opens its sentence (or closes a quote opening it) and no one of the
    pool is named in the pronoun's sentence before it nor in the epithet's
    before it; else None (the learned choice stands).  `people` is the
    article's every person, in creation order."""
    if ctx.previous >= ctx.sentence or not opens_or_closes_quote(text, ctx.sentence, ctx.pos):
        return None
    if any(p.mentions.last_before(ctx.pos) >= ctx.sentence for p in pool):
        return None
    found = opening_epithet(text, ctx.previous, ctx.sentence)
    if found is None:
        return None
    head, at = found
    if any(ctx.previous <= p.mentions.last_before(at) for p in pool):
        return None
    return next((person for _, read in _READINGS
                 if (person := read(people, pool, ctx, gender, head, at, text)) is not None), None)


def _headline_reading(people: Sequence[Person], pool: Sequence[Person], ctx: Context, gender: str, head: str,
                      at: int, text: str) -> Person | None:
    """Return the person the headline names first when they fit the epithet at
    `at` (module docstring) and are of the pronoun's gender; else None."""
    topic = _headline_first(people, text, at)
    if topic is None or topic.gender not in (None, gender) or not fits(topic, head, at, text) \
            or not named_near(topic, at, text):
        return None
    last = topic.mentions.last_before(at)
    others = [p for p in pool if p is not topic]
    # another introduced with the epithet's noun is whom it means, unless named in its sentence (not the
    # epithet); so is one who spoke or was a subject since the headline's person was last named, the
    # story turned to them ('Tom Reed said ... However, the England coach added': Reed's)
    if any(head in with_synonyms(p.roles) and p.mentions.last_before(ctx.sentence) <= at
           or p.salient.last_before(at) > last for p in others):
        return None
    return topic


def _subject_before(people: Sequence[Person], pool: Sequence[Person], ctx: Context, gender: str, head: str,
                    at: int, text: str) -> Person | None:
    """Return the person the sentence before the epithet's (the previous
    paragraph's last when the epithet opens its own) names first, when a
    finite verb follows that name (subjectverbs.acts), the words before it are
    a plain lead (names.pronounleads.plain_lead: "Everton manager Ann Vole
    will", not "The book starred Ann Vole"), they are of the pool and fit the
    epithet (topicpeople.fits); else None."""
    lo = context_at(text, ctx.previous).previous
    firsts = [(min((m for m, _ in (*p.mentions.scanned, *p.mentions.attributed) if lo <= m < ctx.previous),
                   default=-1), p) for p in people if p.first]
    firsts = [(m, p) for m, p in firsts if m >= 0]
    if not firsts:
        return None
    first, person = min(firsts, key=lambda item: item[0])
    if [m for m, _ in firsts].count(first) > 1 or all(p is not person for p in pool) or not acts(text, first) \
            or not plain_lead(text, lo, first) or not fits(person, head, at, text):
        return None  # two people at one place ("Tom Reed" and "Reed" read apart), or no acting subject
    return person


# whom the epithet means, in order, each with why it comes first (a test each in test_epithet_subjects.py)
_Reading = Callable[[Sequence[Person], Sequence[Person], Context, str, str, int, str], Person | None]
_READINGS: tuple[tuple[str, _Reading], ...] = (
    # news calls the person its story is about by such an epithet, wherever they were last named
    ("the headline's person", _headline_reading),
    # else the epithet repeats the subject just before it, as a cue's epithet does (subjectepithets)
    ("the sentence before's acting subject", _subject_before),
)


def _headline_first(people: Sequence[Person], text: str, pos: int) -> Person | None:
    """Return the person the headline (the text's first line) names first, when
    they are a person by a first name, a gender or a turn before pos (a lone
    "Juninho" who spoke; not a place) and the body names them before pos; else None."""
    start = len(text) - len(text.lstrip())
    head_end = text.find("\n", start)
    if head_end < 0:
        return None
    named = [(min(at for at, _ in p.mentions.scanned if start <= at < head_end), p.order, p) for p in people
             if (p.first or p.gender or p.spoke.last_before(pos) >= 0)
             and any(start <= at < head_end for at, _ in p.mentions.scanned)]
    if not named:
        return None
    first = min(named, key=lambda item: item[:2])[2]
    return first if any(head_end < at < pos for at, _ in first.mentions.scanned) else None
