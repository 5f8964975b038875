"""Documents that speak: "The report said that ..." reports its issuer's words, not a finding.

Owns which finding subjects of a speech cue still report speech: one document the article
already met or whose owner it names ("the report", "The FAO report", "its review", "A Financial
Times report": a noun both of the lexicon's "document_nouns" and "finding_nouns", last in the
phrase) before a plain speech verb (the lexicon's "document_speech_cues": "said", "added").
Gold guideline C5 leaves out what a study showed or found, not what a report said;
descriptions.documents then names the issuer.  "a report said" (no owner named) and "reports
say" (rumour) stay out.
"""
from __future__ import annotations

import re

from onrecord.indexer.lexicon import words

_SPEAKING_DOCUMENTS = words("document_nouns") & words("finding_nouns")
_DOCUMENT_CUES = words("document_speech_cues")
# what points back at a document met before: "the report", "this review", "its report"
_DEFINITE = frozenset("the this that its their his her".split())
_MAX_WORDS = 5  # "The FAO report", "the Gartner annual report": longer runs are not one document


def document_speaks(written: list[str], cue: re.Match[str]) -> bool:
    """Return True when the words `written` are one document the reader can
    place ("the report", "The FAO report", "A Financial Times report": an
    indefinite one only with its owner's name) and the cue a plain speech
    verb: the clause is the issuer's words, not a finding to leave out."""
    found = [w.lower() for w in written]
    if not 2 <= len(found) <= _MAX_WORDS or found[-1] not in _SPEAKING_DOCUMENTS:
        return False
    if any(w in ("of", "by", "from") for w in found):
        return False
    owned = found[0] in ("a", "an") and any(w[:1].isupper() for w in written[1:-1])  # "A Financial Times report"
    return (found[0] in _DEFINITE or owned) and cue.group().lower().split()[-1] in _DOCUMENT_CUES
