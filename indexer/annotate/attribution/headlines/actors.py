"""Headline actors: the body a headline names doing something to its quoted words.

Owns the source a headline quote takes when the headline opens with a body's
name and a verb of stance from the `headline_stance_verbs` list ("Acme Party
attacks burglar 'U-turns'", "Police praise 'courageous' Vole", "Acme sees
'excellent' year"): the words are the body's, though a member of it repeats
them below ("two U-turns," said its leader).  The name is credited by a
`NameSource` (indexer.annotate.attribution.attribution's); a person, or a name
resolving to nobody, gives no source (a person's headline is
indexer.annotate.attribution.headlines.choice's own rule).  Choosing among the
sources is indexer.annotate.attribution.headlines.choice's.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.headlines.subjects import NameSource
from onrecord.indexer.lexicon import words
from onrecord.search import Paragraph, Quote

_STANCE = words("headline_stance_verbs")
# the headline's opening capitalised run, then a lowercase verb before the quote
_ACTOR_RE = re.compile(r"\s*(?P<name>(?:[A-Z][\w'\u2019.&-]*\s+)*[A-Z][\w'\u2019.&-]*)\s+(?P<verb>[a-z]+)\b")


def acting_body(line: Paragraph, head: Quote, quoted: str, name_source: NameSource | None) -> list[Quote]:
    """Return [a quote credited to the body the headline `line` opens with]
    when a stance verb follows it before the quoted words `quoted` of `head`
    (module docstring), else []."""
    if name_source is None:
        return []
    offset = head.start - line.start
    before = head.text[:max(0, head.text.find(quoted))]
    found = _ACTOR_RE.match(before)
    if found is None or not _is_stance(found.group("verb")):
        return []
    source = name_source(line, offset + found.start("name"), offset + found.end("name"))
    if source is None or not source.speaker or source.speaker_type == "person":
        return []
    return [source]


def _is_stance(verb: str) -> bool:
    """Return True when `verb` ("attacks", "praise", "sees") is a form of a stance verb."""
    return verb in _STANCE or verb.endswith("s") and verb[:-1] in _STANCE
