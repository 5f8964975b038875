"""The subject of the sentence before's last clause, for a "He said" after it (issue #31).

subjectverbs.previous_subject takes the first acting name of the sentence
before a pronoun.  When that sentence joins two clauses ("Ann Vole said the
courts were slow but the Board's Tom Reed rejected her comments. \"...,\" he
said"), the pronoun most often means the second clause's subject, the one
who answers: second_subject picks the person of the pool named right after
the sentence's last pronoun_clause_joins word ("but", "and", "yet") or semicolon,
up to four lead words between ("but captain Tom Reed", "but Acme's Tom
Reed"; no verb or clause word among them), a singular verb after the name
(subjectverbs.acts, or a present tense in -s: "sees"), no pronoun or name
right before the join ("he and Tom Reed were": one subject of two), no
later acting name in the sentence, and the pronoun's gender.  Read only
for "he"/"she" opening its sentence or closing a quote that opens it.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypeVar

from onrecord.indexer.annotate.attribution.people.people import Person
from onrecord.indexer.annotate.attribution.pronouns.subjectverbs import FINITE, NAME_RE, acts, opens_or_closes_quote
from onrecord.indexer.lexicon import words

_P = TypeVar("_P", bound=Person)
_JOINS = words("pronoun_clause_joins")
_GENDERS = {"he": "m", "she": "f"}
# a join word between words, or a semicolon ("...; Tom Reed said"); the last one before the name counts
_JOIN_RE = re.compile(r"\s([a-z]+)(?=\s)|;(?=\s)")  # lookahead: "courts but" and "but the" both seen
_MAX_LEADS = 4  # "but Acme's chief executive Tom Reed": an owner or a role before the name
_PRESENT_RE = re.compile(r"[ \u00a0]+([a-z]{3,}s)\b")
_NOT_VERBS = frozenset(("news", "was", "has", "is", "its", "this", "his", "us", "as", "plus"))
_VERB_RE = re.compile(r"[ \u00a0]+([a-z]+)\b")
_PLURAL_VERBS = frozenset(("have", "are", "were", "do"))  # a list's verb ("Vole and Reed have all won")
_MAX_LOWER_LEADS = 2  # "but team captain Tom Reed"; more lowercase words are a clause of their own
# a lead word that is a verb or opens a clause: the name is its object ("but suggested Tom Reed was")
_CLAUSE_WORDS = FINITE | frozenset(("to", "that", "who", "which", "whom", "where", "not"))
# before the join, a pronoun or a person's name: one subject of two ("he and Tom Reed were")
_PRONOUNS = frozenset(("he", "she", "i", "we", "they", "you", "him", "her", "them", "us", "me"))


def second_subject(pool: Sequence[_P], text: str, previous: int, sentence: int, pos: int) -> _P | None:
    """Return the person of the pool who is the subject of the clause after
    a pronoun_clause_joins word in the sentence before the pronoun at `pos`, when
    the pronoun ("he", "she") opens its sentence at `sentence` or closes a
    quote opening it, nobody of the pool is named in its sentence, and that
    person's gender is the pronoun's; else None.  `previous` is the sentence
    before's start.  Asked before antecedents.outside_report: "Ann Vole said
    she was tired but Tom Reed rejected it" names Reed as its second
    clause's subject, no topic of Vole's report."""
    gender = _GENDERS.get(text[pos:pos + 3].rstrip(" ,").lower())
    if gender is None or previous >= sentence or not opens_or_closes_quote(text, sentence, pos):
        return None
    if any(p.mentions.last_before(pos) >= sentence for p in pool):
        return None
    found = [(at, p) for p in pool if (at := _joined_subject(pool, p, text, previous, sentence)) >= 0]
    if len(found) != 1 or found[0][1].gender != gender:
        return None
    at, person = found[0]
    if _named_before(person, previous, at):
        return None  # "Ann Vole said ... and Vole added": one subject, nothing to choose
    return person


def _joined_subject(pool: Sequence[Person], p: Person, text: str, previous: int, sentence: int) -> int:
    """Return where p is named in [previous, sentence) right after a
    pronoun_clause_joins word with a verb after the name, else -1."""
    at = p.mentions.last_before(sentence)
    if at < previous:
        return -1
    join = None
    for match in _JOIN_RE.finditer(text, previous, at):
        if match.group(1) is None or match.group(1) in _JOINS:
            join = match
    if join is None or join.start() == previous or _coordinated(pool, text, previous, join.start()):
        return -1
    if not _lead_words(text[join.end():at].split()):
        return -1  # a clause or a list between the join and the name, not its lead words
    if any(q is not p and at < (later := q.mentions.last_before(sentence)) and acts(text, later) for q in pool):
        return -1  # "... and Reed left early, Vole said": a later clause has its own subject
    name = NAME_RE.match(text, at)
    verb = _VERB_RE.match(text, name.end()) if name is not None else None
    if verb is not None and verb.group(1) in _PLURAL_VERBS:
        return -1  # "Ann Vole and Tom Reed have": the last of a list, not a clause's one subject
    return at if acts(text, at) or _present(text, at) else -1


def _lead_words(leads: list[str]) -> bool:
    """Return True when `leads` may stand between a join and a subject's name:
    few words, no verb or clause word, no punctuation but an owner's."""
    lower = [w for w in leads if w.islower()]
    return len(leads) <= _MAX_LEADS and len(lower) <= _MAX_LOWER_LEADS \
        and all(w[-1].isalnum() or w.endswith(("'s", "\u2019s", "s'")) for w in leads) \
        and not any(w in _CLAUSE_WORDS or w.endswith(("ed", "ing")) for w in lower)


def _coordinated(pool: Sequence[Person], text: str, previous: int, join: int) -> bool:
    """True when a pronoun or a person's name ends right before the join at
    `join`: the name after it shares that subject ("he and Tom Reed were")."""
    word = text[max(previous, join - 30):join].split()
    if word and word[-1].lower() in _PRONOUNS:
        return True
    for p in pool:
        name = NAME_RE.match(text, at) if (at := p.mentions.last_before(join)) >= previous else None
        if name is not None and name.end() == join:
            return True
    return False


def _present(text: str, at: int) -> bool:
    """True when a present-tense verb in -s follows the name at `at` ("Tom Reed sees")."""
    name = NAME_RE.match(text, at)
    if name is None or text.endswith(("'s", "\u2019s", "s'"), at, name.end()):
        return False  # "Vole's remarks": an owner, no subject
    verb = _PRESENT_RE.match(text, name.end())
    return verb is not None and verb.group(1) not in _NOT_VERBS and not verb.group(1).endswith("ss")


def _named_before(person: Person, previous: int, at: int) -> bool:
    """True when `person` is named in the sentence before (from `previous`) before `at`."""
    for mention, _owner in person.mentions.before(at):
        return mention >= previous
    return False
