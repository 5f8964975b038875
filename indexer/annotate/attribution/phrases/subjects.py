"""A sentence's opening subject: who a sentence is about when no cue names
its speaker ("Ann Vole agreed.", "Speaking to reporters, Ann Vole ...").

Owns finding the first pronoun or capitalised run of a sentence frame past
leading conjunctions, an opening participle or prepositional clause and
"According to"; the phrase itself is read by indexer.annotate.attribution.phrases.cues.inversions'
phrase_after.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.names.names import LEADING_NOISE
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase, is_speaker_noun, tokenize
from onrecord.indexer.annotate.attribution.phrases.cues.inversions import phrase_after
from onrecord.indexer.annotate.attribution.spans.frames import Frame
from onrecord.indexer.lexicon import words

_CLAUSE_OPENERS = words("clause_openers")
_PLAIN_CUES = words("main_cues")
# a finite speech verb opening a sentence after its conjunction ("But told the BBC"); not a
# participle or "Asked", which open a clause before the subject ("Asked why, Ann Vole said")
_MAIN_CUE_FORMS = frozenset(w for w in _PLAIN_CUES | words("listener_cues") if not w.endswith("ing") and w != "asked")
# lowercase words describing the name after them ("business lobby group the CBI"); "and" joins two
_DESCRIBED_RE = re.compile(r"\s*(?:(?!and\b|or\b)[a-z][a-z-]*\s+)+")


# a body's name and an office in it before a person's name ("the Acme Bank chief economist")
_OFFICE_RE = re.compile(r"\s*(?:(?:the|a|an)\s+)?(?:[A-Z][\w&.'\u2019-]*\s+)+((?:[a-z][a-z-]*\s+)+)")
_ROLES = words("roles")


def is_described_name(frame: str, lo: int, phrase: Phrase, cue: str) -> bool:
    """True when frame[lo:phrase.start] is lowercase words describing the name
    `phrase` before a plain cue (", business lobby group the CBI says"), or a body's
    name and her office there (", Acme Bank chief Ann Vole said"): the name is the
    speaker, the words before it its description."""
    if phrase.kind != "name" or cue.lower() not in _PLAIN_CUES:
        return False
    office = _OFFICE_RE.fullmatch(frame, lo, phrase.start)
    return _DESCRIBED_RE.fullmatch(frame, lo, phrase.start) is not None or (
        office is not None and office.group(1).split()[-1] in _ROLES)


def phrase_at_sentence_start(frame: str, lo: int, hi: int) -> Phrase | None:
    """Return the first pronoun or capitalized run of the sentence frame[lo:hi],
    skipping leading adverbs and an opening participle clause."""
    toks = tokenize(frame, lo, hi)
    i = 0
    while i < len(toks) and toks[i][0].lower() in ("and", "but", "so", "yet", "or"):
        i += 1
    first = toks[i][0].lower() if i < len(toks) else ""
    if first in _MAIN_CUE_FORMS:
        return None  # "But told the BBC: ...": the subject is left out, who follows the cue heard it
    participle = first.endswith("ing") or first.endswith("ed") and len(first) > 5 and \
        i + 1 < len(toks) and toks[i + 1][0].islower()  # "Horrified at X, Y", not "Ted Cruz"
    if first == "according" and i + 1 < len(toks) and toks[i + 1][0].lower() == "to":
        i += 2  # "According to the report, ..." names its source next
    starts = [i]
    if participle or first in _CLAUSE_OPENERS:  # "Speaking to X, Y", "In a speech, Y"
        starts = [k + 1 for k, t in enumerate(toks[i:i + 20], i) if t[0] == ","] or starts
    phrase = None
    for i in starts:  # the opening clause may hold commas: "In Salem, Ohio, Y said"
        while i < len(toks) and (toks[i][0].lower() in LEADING_NOISE or toks[i][0] == ","):
            i += 1
        if i >= len(toks):
            break
        phrase = phrase_after(frame, toks[i][1], hi)
        if phrase and (phrase.kind != "np" or is_speaker_noun(phrase.text)) and (
                len(starts) == 1 or frame[phrase.end:hi].lstrip()[:1] != ","):
            return phrase  # "In Leeds, West Yorkshire, Ann Vole said": not the place
    if phrase is None or phrase.kind == "np" and not is_speaker_noun(phrase.text):
        comma = next((t for t in toks[:16] if t[0] == ","), None)  # "A day before the vote, Mr Vole ..."
        later = phrase_after(frame, comma[2], hi) if comma else None
        if later and later.kind != "np":
            return later
    return phrase


def opens_with_other_name(before: Frame, speaker: str | None) -> bool:
    """True when the paragraph `before` opens with a person's name (two words
    or more) that is not `speaker`'s: the speaker carried from further back
    does not jump it.  By surname, without resolving: resolving records a
    turn for whoever it finds."""
    subject = phrase_at_sentence_start(before.s, 0, before.sentence(0)[1])
    if subject is None or subject.kind != "name" or len(subject.text.split()) < 2:  # "Often,": no name
        return False
    return speaker is not None and subject.text.split()[-1] not in speaker.split()
