"""Which body a bare "a spokesman" speaks for when its phrase names none.

Owns one fact of news prose: an unnamed spokesperson written with no body
that opens its sentence ("But a spokesman stressed") or follows the quote
opening it ('"...," a spokesman said', '"..." said a spokeswoman') speaks
for the body the sentence before is about: that sentence's subject ("AOL
backed the cuts. "...," a spokesman said": AOL; "Environmental group Acme
2000 said"; "Last year Acme, which ..., urged"; "An Acme spokesman said":
Acme).  The body named or heard last (orgs.organisations.referent, which
descriptions.nominals asks when this finds nothing) is often another: the
object of that sentence, or a body quoted a paragraph before.  The subject
is a body as pronouns.subjectbodies reads the one "it" continues, found
by the same lead-in and name patterns (its LEAD_IN, NAME): a person, a
description ("The ex-Acme presenters"), a word the article
writes in lowercase or a quote is none.  A phrase that names its body
("a spokesman for Acme", "an Acme spokesman") or its person ("a
spokesman, Ann Vole,") is read elsewhere (names.runs,
descriptions.appositives).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from onrecord.indexer.annotate.attribution.orgs.organisations import ORG_NOUNS
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import CUE_WORDS
from onrecord.indexer.annotate.attribution.phrases.cues.wordtrie import word_alternation
from onrecord.indexer.annotate.attribution.pronouns.contexts import context_at, whole_quote
from onrecord.indexer.annotate.attribution.pronouns.subjectbodies import LEAD_IN, NAME, named_body
from onrecord.indexer.lexicon import words

if TYPE_CHECKING:  # the registry is passed in; its type only annotates
    from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers

# "a spokesman", "A spokeswoman": one indefinite spokesperson and nothing else (no body, no name, no "for");
# not "an official" or "a representative" (lexicon "spokes"), as often a government's or a person's
_BARE_RE = re.compile(r"[Aa][ \u00a0]+spokes(?:wo)?(?:man|person)")
_SPOKES = r"spokes?(?:wo)?(?:m[ae]n|person)"  # "spokeman": a misspelling the corpus has
# the phrase opens its sentence, or follows the quote that opens it ('"..." said a spokesman')
_OPENS_RE = re.compile(LEAD_IN)
_AFTER_QUOTE_RE = re.compile(r"[\"\u201c][^\"\u201c\u201d]+[\"\u201d][ \u00a0]*(?:[a-z]+[ \u00a0]+)?")
# the sentence before: its subject a name, after a body's kind ("Environmental group Acme"), or the name
# a spokesperson speaks for ("An Acme spokesman"); a relative clause between it and its verb passed over
_SUBJECT_RE = re.compile(
    rf"{LEAD_IN}(?:(?:[Tt]he|An?)[ \u00a0]+)?"
    rf"(?P<kind>(?:[A-Za-z][\w-]*[ \u00a0]+)?(?:{word_alternation(ORG_NOUNS)})[ \u00a0]+(?=[A-Z]))?"
    rf"(?P<name>{NAME})"
    rf"(?P<spokes>[ \u00a0]+{_SPOKES})?(?:,[^,.\"\u201c]{{1,80}},)?[ \u00a0]+(?P<verb>[a-z][\w-]*)")
_VERBS = words("skip_before_cue", "subject_adverbials")  # "has", "will", "also": after a subject


def spokesperson_body(phrase: str, pos: int, people: DocSpeakers) -> str | None:
    """Return the body a bare indefinite spokesperson `phrase` at pos speaks
    for: the body the subject of the sentence before names, when the phrase
    opens its sentence or follows the quote opening it; else None."""
    if not _BARE_RE.fullmatch(phrase):
        return None
    text = people.text
    ctx = context_at(text, pos)
    if not _OPENS_RE.fullmatch(text, ctx.sentence, pos):
        ctx = whole_quote(text, ctx)
        if not _AFTER_QUOTE_RE.fullmatch(text, ctx.sentence, pos):
            return None
    if ctx.previous >= ctx.sentence:
        return None
    m = _SUBJECT_RE.match(text, ctx.previous, ctx.sentence)
    if m is None or not (m["verb"] in CUE_WORDS or m["verb"] in _VERBS or m["verb"].endswith("ed")):
        return None
    # a subject named as "it" would continue it; its kind or spokesperson beside it says it is a body's
    body = named_body(m["name"], m["kind"] is not None or m["spokes"] is not None, people)
    if body is None:
        return None
    earlier = people.organisations.referent(pos, people.orgs, True)
    if earlier and earlier.startswith(body) and earlier.split()[0] == body.split()[0]:
        body = earlier  # "Downing St said": the registry's whole name, Downing Street (as resolve_body does)
    people.note_org(body, pos)  # what "it" and the next bare spokesperson may mean
    return body
