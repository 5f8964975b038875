"""Which body an "it" inside its own sentence means when that sentence opens with a body.

Owns one fact of news prose: a speaking "it" in the middle of a sentence
("Acme uses Vole, which it says ...", "The council has ruled out the plan,
because it says ...", "The Norland government forced the sale to recover a
bill it says the firm owes") is that sentence's own subject, when the
subject is a body the registry knows or a body's description ("the
government", "the group"), rather than the last body named before the
pronoun (often the object of the same sentence: "Vole" above).  The subject
is read as pronouns.subjectbodies reads the subject of the sentence before
("It said" opening a sentence is that module's); a description is resolved
as descriptions.nominals resolves it as a speaker.  A sentence that reports
another's words between its subject and the pronoun ("Acme said analysts
told it ...") continues nothing.  The nouns are orgs.organisations'
ORG_NOUNS.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from onrecord.indexer.annotate.attribution.orgs.organisations import ORG_NOUNS
from onrecord.indexer.annotate.attribution.phrases.wordtrie import word_alternation
from onrecord.indexer.annotate.attribution.pronouns import subjectbodies as sb
from onrecord.indexer.annotate.attribution.pronouns.antecedents import context_at

if TYPE_CHECKING:  # the registry asks this module; its type only annotates
    from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers

_QUOTES = ("\"", "\u201c", "\u201d")
# "The group has", "the Norland government forced": a body's description as the subject, then its verb
_DESCRIBED_RE = re.compile(
    rf"{sb.LEAD_IN}(?P<np>[Tt]he[ \u00a0]+(?:[\w-]+[ \u00a0]+){{0,2}}?(?:{word_alternation(ORG_NOUNS)}))"
    rf"[ \u00a0]+(?P<verb>[a-z][\w-]*)")


def own_subject_body(pronoun: str, pos: int, people: DocSpeakers) -> str | None:
    """Return the body opening the sentence of a lowercase "it" at pos that
    does not open it itself; None for any other pronoun, when the sentence
    holds a quote before the pronoun, its subject is no body the registry
    knows nor a body's description, or a speech cue comes between them."""
    text = people.text
    if pronoun != "it":
        return None
    ctx = context_at(text, pos)
    if sb.opens_sentence(text, ctx.sentence, pos) or any(q in text[ctx.sentence:pos] for q in _QUOTES):
        return None  # "It said" / '"...," it said': the sentence before's subject (subjectbodies)
    described = _DESCRIBED_RE.match(text, ctx.sentence, pos)
    if described is not None and sb.is_verb(described["verb"]):
        if sb.reports_between(text, described.end(), pos):
            return None
        from onrecord.indexer.annotate.attribution.descriptions.nominals import resolve_nominal  # it imports this
        return resolve_nominal(described["np"], described.start("np"), people)
    m = sb.subject_match(text, ctx.sentence, pos)
    if m is None or sb.reports_between(text, m.end(), pos):
        return None
    return sb.body_of(m, people)

