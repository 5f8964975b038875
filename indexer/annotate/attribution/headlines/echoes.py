"""Headline echoes in reported speech: the body's reported clause a headline quote cuts.

Owns which reported clauses of the body (`indirect` quotes after the
headline) a headline quote's words are taken from when no direct or partial
quote repeats them: "EU 'too slow' on economic reforms" over "But the
Commission report says that ... the pace of economic reform has been too
slow", "Deutsche Boerse set to 'woo' LSE" over "According to the FT, ... a
charm offensive to woo the London exchange".  A clause counts when it holds
the quoted words as a run of whole words, its cue does not set its speaker
against them (`disowning_cue_stems`: "A Labour spokesman denied the campaign
was anti-Semitic" is no source for "Labour pig poster 'anti-Semitic'"), and
its speaker value is a name: an organisation, or a person whose value opens
on a first name or a title ("Leading China-watcher", a description the
reported pass read as a name, is none).  Where this source stands among the
others is headlines.choice's.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.names.names import TITLES, lexicon, plain_word
from onrecord.indexer.lexicon import words
from onrecord.search import Quote

_WORDS_RE = re.compile(r"\w+")
_DISOWNING = tuple(sorted(words("disowning_cue_stems")))


def reported_echoes(quotes: list[Quote], head_end: int, quoted_words: str) -> list[Quote]:
    """Return the reported clauses among `quotes` after the headline (ending at
    `head_end`) that repeat `quoted_words` (the headline quote's words,
    lowercased and joined by single spaces) and may give their speaker to it
    (module docstring), in text order."""
    if not quoted_words:
        return []
    wanted = f" {quoted_words} "
    return [q for q in quotes
            if q.kind == "indirect" and q.start > head_end and q.speaker
            and wanted in f" {' '.join(_WORDS_RE.findall(q.text.lower()))} "
            and not _disowns(q.cue) and _is_named(q)]


def _disowns(cue: str | None) -> bool:
    """Return True when a word of `cue` opens on a disowning stem ("denied", "rejected")."""
    return cue is not None and any(w.startswith(_DISOWNING) for w in cue.lower().split())


def _is_named(quote: Quote) -> bool:
    """Return True when `quote`'s speaker value names someone: an organisation,
    or a person's value whose first word is a first name or a title."""
    if quote.speaker_type != "person":
        return True
    first = plain_word((quote.speaker or "").split()[0])
    return first in TITLES or first in lexicon().first_names
