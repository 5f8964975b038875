"""Headline sources a lead names in its closing clause: "..., the Acme Lords have ruled."

Owns the source a headline quote takes when the lead's first sentence closes
on its source's name and no quote of the lead is credited (the reported pass
read no clause there: "ruled" is no cue, or "according to a report by
analysts Acme Research" is read as no one's): the name ending ", according to
(a report by) NAME." or opening ", (the) NAME has/have <verb>ed." (a cue
word, or a verdict verb of the `lead_closing_verbs` list: "ruled",
"indicated").  The name is credited by a `NameSource`
(indexer.annotate.attribution.attribution's); a name that resolves to
nobody, or to the name cut short ("Lords" of "the Law Lords"), gives no
source.  It also owns the lead whose closing clause is a hearing body's
passive (", a tribunal has been told.", ", the hearing was told.":
`closes_on_hearing`): clauses.sourceless.passive_closings reads that clause as
reported speech with no speaker, so the lead names no source and the
headline takes the one the next paragraph names (headlines).  Choosing
among the sources is indexer.annotate.attribution.headlines.choice's.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.headlines.subjects import NameSource, first_sentence
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import CUE_WORDS
from onrecord.indexer.lexicon import words
from onrecord.search import Paragraph, Quote

_VERBS = CUE_WORDS | words("lead_closing_verbs")
_HEARING = words("hearing_bodies")  # "court", "tribunal", "hearing": bodies hearing evidence, no one's voice
_WORDS_RE = re.compile(r"\w+")
# a name: capitalised words, "of"/"on"/"for"/"and" inside it ("The Mail on Sunday", "Bank of Acme")
_NAME = r"[A-Z][\w'\u2019&-]*(?:\s+(?:(?:of|on|for|and)\s+)?[A-Z][\w'\u2019&-]*)*"
# ", according to the Acme Reporter." / ", according to a report by analysts Acme Research."
_ACCORDING_RE = re.compile(rf",\s+according\s+to\s+(?:[^,]*?\s)?(?P<name>{_NAME})\s*[.!]?$")
# ", the Acme Lords have ruled." / ", Acme Street has indicated."
_HAS_RE = re.compile(rf",\s+(?:the\s+)?(?P<name>{_NAME})\s+(?:has|have)\s+(?:\w+ly\s+)?(?P<verb>[a-z]+)\s*[.!]?$")


def closing_source(lead: Paragraph, name_source: NameSource | None) -> list[Quote]:
    """Return [a quote credited to the source the closing clause of `lead`'s
    first sentence names] (module docstring), or [] when it closes on no such
    name or the name resolves to nobody."""
    if name_source is None:
        return []
    sentence = first_sentence(lead.text).rstrip()
    found = _ACCORDING_RE.search(sentence)
    if found is None:
        found = _HAS_RE.search(sentence)
        if found is None or found.group("verb") not in _VERBS:
            return []
    source = name_source(lead, found.start("name"), found.end("name"))
    if source is None or not source.speaker or _cut(source.speaker, found.group("name")):
        return []
    return [source]


def _cut(speaker: str, name: str) -> bool:
    """Return True when `speaker` is `name` cut short at its front ("Lords" of
    "Law Lords"): the resolver lost part of the name, a value no one holds."""
    name = name.removeprefix("The ")
    return speaker != name and name.endswith(f" {speaker}")


def closes_on_hearing(lead: Paragraph) -> bool:
    """Return True when the closing clause of `lead`'s first sentence (after
    its last comma, the sentence closing_source reads) holds a hearing body's
    word (", a tribunal has been told."): the clause the reported pass reads
    there has no speaker, so the lead names none."""
    text = first_sentence(lead.text).rstrip()
    tail = text[text.rfind(",") + 1:]
    return not _HEARING.isdisjoint(_WORDS_RE.findall(tail.lower()))
