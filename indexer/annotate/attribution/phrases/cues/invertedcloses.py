"""An inverted cue closing its sentence after the quoted clause's comma (issue #31).

Owns the reading phrases.clues asks after a quote when the cue comes a few
words later: a cue set right after a comma, with a name or pronoun after it
that ends the sentence ('Ann Vole "should have left at once" once she saw the
storm, said Mr Reed.', '... "trusted boats", but can we trust the yards, asks
analyst Tom Reed.'), attributes the sentence to that name; the words between
the quote and the comma are part of the reported clause, never the cue's
subject.  A listener's cue ("told") or a participle's ("adding") is left to
the readings before, and so is a cue whose name goes on into a clause.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import PARTICIPLE_CUES, find_cues
from onrecord.indexer.annotate.attribution.phrases.cues.inversions import phrase_after
from onrecord.indexer.lexicon import words

_NOT_INVERTED = words("listener_cues") | PARTICIPLE_CUES  # "told Ann Vole": who heard it
_TAIL_WORDS = 6  # "said Ann Vole at Acme on Thursday.": where the name works and when, no more


def inverted_close(s: str, gap: int, cue: re.Match[str], hi: int) -> Phrase | None:
    """Return the name or pronoun after `cue` (the frame `s`, the gap after the quote at `gap`, the
    sentence ending at `hi`) when a comma stands right before the cue and the phrase closes the
    sentence, a short place or time tail aside; else None."""
    if not s[gap:cue.start()].rstrip().endswith(",") or cue.group().lower() in _NOT_INVERTED:
        return None
    phrase = phrase_after(s, cue.end(), hi)
    if phrase is None or phrase.kind == "np":
        return None
    rest = s[phrase.end:hi].strip(" .")
    if len(rest.split()) > _TAIL_WORDS or "," in rest or find_cues(s, phrase.end, hi):
        return None  # "said Ann Vole, who ...", "said Ann Vole was wrong to say": the name goes on
    return phrase
