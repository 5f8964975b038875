"""Whose words "It said" are right after a sentence a document spoke in.

Owns one fact of news prose: a collective "it" opening its sentence (or
closing a clause with no marks, "..., it said."), right after a sentence
whose source of speech is a document ("..., according to a report by Acme.",
"..., the report said.", "..., said the report.", "The report also warned
..."), continues that document, so its words are the document's issuer's:
whom "the report" written in the pronoun's place means
(descriptions.documents.document_owner: the owner named with the last such
document, the one the lead's "a report" introduces).  The registry's
referent there is often a body the document is about.  The shapes are
DOCUMENT_SHAPES, one row each; the nouns are the lexicon's
"document_nouns", the cues its "closing_cues".  Asked only where
subjectbodies finds no body subject in that sentence.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from onrecord.indexer.annotate.attribution.phrases.cues.wordtrie import word_alternation
from onrecord.indexer.annotate.attribution.pronouns.contexts import Context
from onrecord.indexer.lexicon import words

if TYPE_CHECKING:  # the registry asks this module (through subjectbodies); its type only annotates
    from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers

_NOUNS = word_alternation(words("document_nouns"))
_CUES = words("closing_cues")  # looked up in the set: the alternation compiled into three rows cost every process
_SP = r"[ \u00a0]+"
_DET = rf"(?:[Tt]he|[Aa]n?|[Ii]ts|[Tt]heir|[Tt]his){_SP}"
_MODIFIERS = rf"(?:[\w-]+{_SP}){{0,2}}?"  # "a new report", "the committee's annual report"
_END = r"[.!]?[\"'\u201d\u2019)]*\s*$"  # the sentence's own end: the document is its last words' source
# where a sentence shows a document speaking, one row each (each row's test in test_document_issuers.py);
# a row's "cue" group must be a word of the lexicon's closing_cues
DOCUMENT_SHAPES: dict[str, re.Pattern[str]] = {
    # "..., according to a report by Acme.", "According to the statement, ..."
    "according to": re.compile(rf"\b[Aa]ccording{_SP}to{_SP}{_DET}?{_MODIFIERS}(?P<noun>{_NOUNS})s?\b"),
    # "..., the report said.", "..., a statement added."
    "closing source": re.compile(rf",{_SP}{_DET}{_MODIFIERS}(?P<noun>{_NOUNS}){_SP}(?:also{_SP})?"
                                 rf"(?P<cue>[a-z]+){_END}"),
    # "..., said the report."
    "inverted closing": re.compile(rf",{_SP}(?P<cue>[a-z]+){_SP}{_DET}{_MODIFIERS}(?P<noun>{_NOUNS}){_END}"),
    # "The report said ...", "The ruling also noted ...": the document the sentence's subject
    "opening subject": re.compile(rf"^(?:(?:But|And|However|Meanwhile),?{_SP})?{_DET}{_MODIFIERS}(?P<noun>{_NOUNS})"
                                  rf"{_SP}(?:also{_SP}|has{_SP})?(?P<cue>[a-z]+)\b"),
}


def document_issuer(pos: int, ctx: Context | None, people: DocSpeakers) -> str | None:
    """Return the issuer of the document the sentence before the "it" at pos
    spoke in (module docstring), or None: no such document (or the pronoun
    neither opens its sentence nor closes a clause: `ctx` None), or no issuer."""
    if ctx is None or ctx.previous >= ctx.sentence:
        return None
    before = people.text[ctx.previous:ctx.sentence]
    found = next((m for shape in DOCUMENT_SHAPES.values() for m in shape.finditer(before)
                  if "cue" not in shape.groupindex or m["cue"] in _CUES), None)
    if found is None:
        return None
    # lazy, as subjectbodies' nominals: descriptions.documents imports people.speakers, which imports pronouns
    from onrecord.indexer.annotate.attribution.descriptions.documents import document_owner
    return document_owner(["the", found["noun"].lower()], pos, people)
