"""One speaker type per speaker value of an article, read once all its quotes are credited.

Owns typing each credited quote's speaker as a person or an organisation by
the article's final answer (people.speakers.DocSpeakers.is_org): while the
quotes are credited, a body may be typed a person only because it speaks as
a body later in the text ("the Pentagon" in a partial quote before "the
Pentagon said"), and the same value then carries two types.  Read after
every pass, each value has one type whatever the order it was met in: a
body's when the registry says so, or when a rule typed one of its quotes a
body's ("The government said" in the reported pass) and no person the registry
vouches for holds the name.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Literal

from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.people.speakertypes import vouched_person
from onrecord.search import Paragraph, Quote

Kind = Literal["person", "organisation"]


def one_type_per_speaker(paragraphs: list[Paragraph], people: DocSpeakers) -> list[Paragraph]:
    """Return `paragraphs` whose typed quotes carry their speaker value's final
    type (`people.is_org`, asked once per value); a paragraph nothing changes
    in is returned as it was."""
    typed = {q.speaker for p in paragraphs for q in p.quotes if q.speaker and q.speaker_type == "organisation"}
    kinds: dict[str, Kind] = {v: "organisation" for v in typed if not vouched_person(people, v)}
    out: list[Paragraph] = []
    for para in paragraphs:
        quotes = [_typed(q, kinds, people) for q in para.quotes]
        same = all(new is old for new, old in zip(quotes, para.quotes, strict=True))
        out.append(para if same else para.with_quotes(quotes))
    return out


def _typed(quote: Quote, kinds: dict[str, Kind], people: DocSpeakers) -> Quote:
    """Return `quote` with its speaker's final type (`kinds` caches each
    value's), or `quote` itself when it is untyped or already right."""
    if quote.speaker is None or quote.speaker_type is None:
        return quote
    kind = kinds.get(quote.speaker)
    if kind is None:
        kind = kinds[quote.speaker] = "organisation" if people.is_org(quote.speaker) else "person"
    return quote if kind == quote.speaker_type else replace(quote, speaker_type=kind)
