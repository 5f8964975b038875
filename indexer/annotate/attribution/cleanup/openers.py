"""Speaker values that begin with their sentence's first word (issue #31).

Owns cutting off a speaker value's first word when that word is its
sentence's, not the name's: a conjunction or adverb ("But police said",
"Meanwhile Acme said"), a determiner or "like" ("Some government
departments", "Like Labour, the party ..."), or a speech verb before its
subject ("Said Vole: ...").  The registry took the capitalised word
opening the sentence with the name after it; the value is that name
("police", "Vole"), which values.whole_names may then give whole ("Ann Vole").

A word is cut only when every time the article writes the value it opens a
sentence (a name written mid-sentence anywhere is whole), and a speech verb
only before the colon or comma that closes its subject ("Said Vole:"), for
"Said Aouita won" names a runner.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.names.names import LEADING_NOISE
from onrecord.indexer.lexicon import words
from onrecord.search import Quote

# words opening a sentence before its subject: never a name's first word there
OPENER_WORDS = LEADING_NOISE | frozenset(("like", "some", "many", "several", "both", "each", "every", "any"))
# a speech verb before its subject ("Said Vole: ..."): the article may write it in no other form
SPEECH_VERBS = words("cue_verb_forms", "main_cues")
# what may stand right before a sentence's first word: the text's start, an end mark, a quote mark
_OPENS_RE = re.compile(r"(?:^|[.!?:;\"'\u201c\u201d\u2018\u2019(\n])[ \u00a0]*$")
# what closes a subject after its speech verb: the colon or comma before the words
_CLOSES_RE = re.compile(r"[ \u00a0]*[:,]")


def _opens_sentence(text: str, start: int) -> bool:
    """True when text[start:] opens a sentence or a line."""
    return _OPENS_RE.search(text, max(0, start - 8), start) is not None


def _always_opens(text: str, value: str, verb: bool) -> bool:
    """True when the article writes `value` at least once and every time at a
    sentence's start (and, after a speech verb (`verb`), before a colon or comma)."""
    pattern = re.compile(rf"(?<![\w-]){re.escape(value)}(?![\w-])")
    spans = [m.span() for m in pattern.finditer(text)]
    return bool(spans) and all(_opens_sentence(text, s) and (not verb or _CLOSES_RE.match(text, e)) for s, e in spans)


def cut_opener(text: str, value: str) -> str | None:
    """Return `value` without its first word when that word opens its
    sentence and not the name, else None: a word of OPENER_WORDS, or a speech
    verb (SPEECH_VERBS) before the colon or comma closing the value, with
    `value` written only at sentence starts."""
    first, _, rest = value.partition(" ")
    low = first.lower()
    if not rest or not first[:1].isupper():
        return None
    verb = low in SPEECH_VERBS
    if not verb and low not in OPENER_WORDS:
        return None
    return rest if _always_opens(text, value, verb) else None


def cut_openers(text: str, quotes: list[Quote]) -> dict[str, str]:
    """Return each speaker value of `quotes` that cut_opener cuts mapped to the value it cuts it to."""
    cut: dict[str, str] = {}
    for value in {q.speaker for q in quotes if q.speaker}:
        name = cut_opener(text, value)
        if name is not None:
            cut[value] = name
    return cut
