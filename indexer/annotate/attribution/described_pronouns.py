"""A "he" or "she" right after a sentence a spokesperson's description opens (issue #31).

Owns the reading asked before a pronoun's learned choice: 'A spokesman said the firm
would appeal. "We will win," he added.' The pronoun continues the spokesperson the
sentence before opens on as the subject of its cue ("A Vole Party spokeswoman said",
"But an executive spokeswoman insisted", "The official said"), so it is whom that
description names (the body it speaks for).  The learned choice cannot see this: quotes
are attributed before reported clauses, so the description's own clause has not yet
noted the spokesperson as a proxy, and its pool holds only the people named before.
The nouns are the lexicon's singular `spokes` rows; a gendered one ("spokeswoman")
agrees with the pronoun or is not its referent.  A definite description ("the Vole Party
spokesman") may be a person named before in that office, so resolving.py asks it only
where the learned choice finds no one; an indefinite one introduces the spokesperson.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import CUE_WORDS
from onrecord.indexer.annotate.attribution.phrases.cues.wordtrie import word_alternation
from onrecord.indexer.annotate.attribution.spans.frames import Frame
from onrecord.indexer.lexicon import words

# one voice: "spokesman", "official"; "officials", "spokespeople" are many, no "he"
_SPOKES = frozenset(w for w in words("spokes") if not w.endswith(("s", "men", "people")))
_NOUN_GENDER = {"spokesman": "m", "spokeswoman": "f"}
# the sentence's opening: a joining word, the description (a determiner, at most five words, the
# noun), an adverb, the cue's word ("But a senior Acme official also said")
_OPENING_RE = re.compile(
    r"\s*(?:(?:And|But|So|Yet|However|Meanwhile),?\s+)?"
    rf"(?P<np>(?P<det>[Aa]n?|[Tt]he|[Oo]ur|[Ii]ts|[Tt]heir)\s+(?:[\w&.'\u2019-]+\s+){{0,5}}?(?P<noun>{word_alternation(_SPOKES)}))"
    r"\s+(?:(?:also|later|then|too|\w+ly)\s+)?(?P<verb>[a-z]+)\b")


class Described(NamedTuple):
    """A spokesperson description's local span, and whether it is definite ("the", "its")."""

    start: int
    end: int
    definite: bool


def described_subject(frame: Frame, pos: int, gender: str) -> Described | None:
    """Return the spokesperson description opening the sentence before the one
    holding the pronoun at local `pos` (same paragraph), when its cue's word
    follows it and its noun agrees with `gender`; else None."""
    lo = frame.sentence(pos)[0]
    end = frame.nonblank_before(lo)
    if lo == 0 or end < 0:
        return None  # the paragraph's first sentence: the spokesperson is another paragraph's
    plo = frame.sentence(end)[0]
    m = _OPENING_RE.match(frame.s, plo, lo)
    if m is None or m["verb"] not in CUE_WORDS or _NOUN_GENDER.get(m["noun"], gender) != gender:
        return None  # "A spokesman was sacked": no report of theirs; "a spokeswoman" is no "he"
    return Described(m.start("np"), m.end("np"), m["det"].lower() not in ("a", "an"))
