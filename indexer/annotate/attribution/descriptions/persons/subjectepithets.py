"""A definite person epithet that names no office is the sentence before's subject.

Owns one reading of a definite description headed by a person noun and holding
no office word ("the two-time champion", "the Chelsea star"): when the sentence
before it (before the quote its cue follows), in the same paragraph, names a
person first after a plain lead and a finite verb follows that name
(pronouns.subjectverbs.acts, the test a "he said" there gets), the epithet is
that person: "Britain's Ann Vole has also not ruled out the race. '...,' said
the two-time champion" is Vole's, not the champion introduced earlier nor the
last speaker.  News repeats its subject so.  An office ("the chancellor", "the
Tory leader") is left to descriptions.persons.offices: the text ties an office to its
holder, never to whoever acted last; so is a description repeating every word
a person was introduced with ("Vole Town manager Ann Marsh ... the Vole boss
said": Marsh, synonyms counted).  descriptions.nominals asks it after the person
introduced with the noun (offices.person_with_role) and before its "person the
text is about" reading (offices.current_person).
"""
from __future__ import annotations

import re
from bisect import bisect_left

from onrecord.indexer.annotate.attribution.descriptions.persons.rolesynonyms import with_synonyms
from onrecord.indexer.annotate.attribution.names.names import lexicon
from onrecord.indexer.annotate.attribution.names.pronounleads import plain_lead
from onrecord.indexer.annotate.attribution.people.people import Person
from onrecord.indexer.annotate.attribution.people.positions import Positions
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.pronouns.contexts import context_at, whole_quote
from onrecord.indexer.annotate.attribution.pronouns.subjectverbs import acts
from onrecord.indexer.lexicon import words

# a quote closed right before the epithet's cue: '"...," said the' / '" added the'
_AFTER_QUOTE_RE = re.compile(r"[\"\u201d]\s*,?\s*([a-z]+\s+)$")
_WORD_RE = re.compile(r"[\w-]+")
_FAR = 1 << 40  # no mention at or after the sentence before
# a name run ending in an owner's "'s"
_OWNER_RE = re.compile(r"[A-Z][\w'\u2019-]*(?:[ \u00a0]+[A-Z][\w'\u2019-]*)*?['\u2019]s?\b(?![\w'\u2019-])")
_SUBORDINATING = words("subordinating_leads")  # "While Vole waits, ...": no main subject
_FIRST_WORD_RE = re.compile(r"[\"'\u201c\u2018(]?([A-Za-z]+)")


def previous_subject_of_epithet(people: DocSpeakers, words: list[str], pos: int,
                                introduced: Person | None) -> Person | None:
    """Return the sentence before's subject (subject_epithet) for the definite
    description `words` (lowercase, no determiners) at `pos` when its head is a
    person noun, none of its words is an office that is no person noun ("the
    chancellor", "the Tory leader") and `introduced`, the person introduced
    with its noun (descriptions.persons.offices.person_with_role), if any, was not
    introduced with all its words ("Vole Town manager Ann Marsh ... the Vole
    boss said": Marsh, synonyms counted); else None.  The epithet here is a cue's
    speaker phrase; pronouns.epithetsubjects.opening_epithet reads the other way
    round, an epithet opening a sentence as the subject a later "he" means."""
    lex = lexicon()
    head = words[-1] if words else ""
    if head not in lex.person_nouns or (set(words) & lex.roles) - lex.person_nouns - lex.descriptors:
        return None
    if introduced is not None and set(words) <= with_synonyms(introduced.roles):
        return None  # the description repeats how the article introduced its person
    gender = "f" if head in lex.female_nouns else "m" if head in lex.male_nouns else None
    return subject_epithet(people, pos, gender)


def subject_epithet(people: DocSpeakers, pos: int, gender: str | None) -> Person | None:
    """Return the person the sentence before the epithet at `pos` (or before
    the quote its cue follows) names first as an acting subject, of the
    epithet's `gender` when it has one (previous_subject's test); else None."""
    text = people.text
    anchor = pos
    closed = _AFTER_QUOTE_RE.search(text, max(0, pos - 40), pos)
    if closed is not None:
        anchor = closed.start(1)  # '"...," said the champion': the quote's sentence is the epithet's
    ctx = whole_quote(text, context_at(text, anchor))
    if not ctx.paragraph <= ctx.previous < ctx.sentence:
        return None  # the paragraph's first sentence: a new paragraph turns to someone new
    person = _acting_first(people, text, ctx.previous, ctx.sentence)
    if person is None or gender and person.gender not in (None, gender):
        return None
    # one named again in the epithet's own sentence, inside the quote it closes, is no one it repeats
    own = set(_WORD_RE.findall(text, ctx.sentence, anchor))
    return None if person.first in own or person.last in own else person


def _acting_first(people: DocSpeakers, text: str, lo: int, hi: int) -> Person | None:
    """Return the person of the registry named first in text[lo:hi] (an owner's name passed over)
    when a finite verb follows the name and the words before it are a plain lead (no determiner,
    no finite verb: names.pronounleads.plain_lead); else None."""
    named = [p for p in people.by_order if p.first and lo <= p.mentions.last_before(hi)]
    # an owner named before the subject is none ("Acme's Ann Vole has praised"): the first other name is
    firsts = [_first_from(p.mentions, lo) for p in named]
    firsts = [_FAR if _OWNER_RE.match(text, at) else at for at in firsts]
    first = min(firsts, default=_FAR)
    if first == _FAR or firsts.count(first) > 1 or not acts(text, first) or _subordinate(text, lo) \
            or not plain_lead(text, lo, first):
        # "Reed's lawyer, Tom Vole, said", no verb after the name, "While Vole waits, ...", "Tam Reed said
        # the team would understand if Vole opted out" (Reed, whom the registry may not know, is the subject)
        return None
    return named[firsts.index(first)]


def _first_from(positions: Positions, lo: int) -> int:
    """Return the first mention position >= lo (_FAR when none)."""
    found = [items[i][0] for items in (positions.scanned, positions.attributed)
             if (i := bisect_left(items, (lo, -1))) < len(items)]
    return min(found, default=_FAR)


def _subordinate(text: str, start: int) -> bool:
    """True when the sentence at `start` opens with a subordinating_leads word."""
    word = _FIRST_WORD_RE.match(text, start)
    return word is not None and word.group(1).lower() in _SUBORDINATING
