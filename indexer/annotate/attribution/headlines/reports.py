"""Headline reports: the claim a headline signs with its speaker's name at its end.

Owns the reported clause of an article's headline (its first line) that the
reported pass reads no clause in, a name closing the line after a dash or a
bare cue with no comma before it: "Lords wrong on detainees - Straw", "House
prices rebound says Halifax" ("..., says X" is the reported pass's).  The
claim becomes an `indirect` quote credited to whom the name is in the
article: the fullest name the body gives ("Straw": Jack Straw), a body as the
article names it.  A name that resolves to nobody adds nothing, nor does a
claim already holding a quote (its partial, or a reported clause, speaks for
it).  Resolving the name is indexer.annotate.attribution.attribution's,
passed in as `credit`.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.annotate.attribution.spans.frames import Frame
from onrecord.indexer.annotate.attribution.spans.quotes import MAX_HEADLINE_CHARS
from onrecord.indexer.chunk.chunker import split_lines
from onrecord.indexer.lexicon import words
from onrecord.search import Mention, Paragraph, Quote

_CUE_ALT = "|".join(sorted(words("headline_closing_cues")))
_NAME = r"[A-Z][\w'\u2019.&-]*(?:\s+[A-Z][\w'\u2019.&-]*){0,3}"
# the claim, a dash or a bare cue (no comma before it), then a name ending the line
_CLOSING_RE = re.compile(
    rf"(?P<claim>\S.*?[^\s,:;-])\s+(?:[-\u2013\u2014]|(?P<cue>{_CUE_ALT}))\s+(?P<name>{_NAME})\s*$")
MIN_CLAIM_WORDS = 2  # "Sport - Ruddock" is a section and a name, no claim

# (speaker phrase, cue or None, frame, people) -> the Quote fields naming the speaker
Credit = Callable[[Phrase, "re.Match[str] | None", Frame, DocSpeakers], dict[str, Any]]


def add_headline_report(paragraphs: list[Paragraph], text: str, people: Callable[[], DocSpeakers],
                        credit: Credit) -> list[Paragraph]:
    """Return `paragraphs` with the first line's closing-name claim added as an
    `indirect` quote (module docstring), its speaker among the paragraph's;
    `paragraphs` itself when the first line is no such headline."""
    if len(paragraphs) < 2:  # a lone line is the whole text, not a headline over a body
        return paragraphs
    first = paragraphs[0]
    line = split_lines(text, first)[0]
    found = _headline_claim(text, line, people, credit)
    # a quote in the claim ("UK rebate 'unjustified' - Vole") already carries it, its partial the gold's
    if found is None or any(q.start < found.end and found.start < q.end for q in first.quotes):
        return paragraphs
    quotes = sorted([*first.quotes, found], key=lambda q: q.start)
    speakers = sorted({q.speaker for q in quotes if q.speaker})
    return [replace(first, quotes=quotes, speakers=speakers), *paragraphs[1:]]


def _headline_claim(text: str, line: Paragraph, people: Callable[[], DocSpeakers], credit: Credit) -> Quote | None:
    """Return the indirect quote of headline `line`'s claim credited to the
    name closing it, or None (no such shape, a claim of one word, a name
    resolving to nobody)."""
    head = text[line.start:line.end]
    if len(head) > MAX_HEADLINE_CHARS or head.rstrip()[-1:] in ".!?":
        return None  # a sentence, not a headline
    shape = _CLOSING_RE.fullmatch(head.rstrip())
    if shape is None or len(shape.group("claim").split()) < MIN_CLAIM_WORDS:
        return None
    phrase = Phrase(shape.group("name"), shape.start("name"), shape.end("name"), "name")
    cue = re.compile(re.escape(shape.group("cue"))).search(head, shape.start("cue")) if shape.group("cue") else None
    who = credit(phrase, cue, Frame(text, line, []), people())
    if not who.get("speaker"):
        return None
    start, end = line.start + shape.start("claim"), line.start + shape.end("claim")
    cue_fields: dict[str, Any] = {} if cue is None else {
        "cue": cue.group(), "cue_mention": Mention(cue.group(), line.start + cue.start(), line.start + cue.end())}
    return Quote(text=text[start:end], start=start, end=end, kind="indirect", **cue_fields, **who)
