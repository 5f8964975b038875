"""Sentences that introduce a speaker: whether the sentence before a bare
quote turns the paragraph to a new speaker, whoever spoke before.

Owns the three shapes (a narrative sentence ending on its cue, "Ann Vole
agreed."; a sentence opening on a name or pronoun and its cue at once, "Lord
Vole said the plan would help."; a sentence whose cue's speaker is the name
opening it, however far the cue) and their use at a paragraph's end.  The cue
phrase beside a quote is indexer.annotate.attribution.phrases.clues'.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.phrases.clues import cue_before, speaks
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase, phrase_before
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import PARTICIPLE_CUES, find_cues, is_weak
from onrecord.indexer.annotate.attribution.phrases.subjects import phrase_at_sentence_start
from onrecord.indexer.annotate.attribution.spans.frames import MASK, Frame

# a narrative sentence ending on its cue, no quote mark in it: 'Mr Vole, who ..., agreed. "..."'
_CLOSING_CUE_RE = re.compile(r"([a-z]+)\.\s*$")


def ends_on_cue(frame: Frame, pos: int) -> bool:
    """True when the sentence before a quote at pos ends on a speech cue and
    quotes nothing itself ('Mr Vole, who grew up in Leeds, agreed. "..."'):
    it introduces the quote, whoever spoke before it in the paragraph."""
    if pos <= 0:
        return False
    lo, _ = frame.sentence(pos - 1)
    m = _CLOSING_CUE_RE.search(frame.s, max(lo, pos - 30), pos)
    return m is not None and any(c.group() == m.group(1) for c in find_cues(frame.s, m.start(1), m.end(1))) \
        and MASK not in frame.s[lo:pos]  # '"...," he said.': a quote (masked) is in it


# only spaces (and a title's full stop) between a sentence's opening name and its cue
_NAME_CUE_GAP_RE = re.compile(r"\s{1,3}")


def opens_on_named_cue(frame: Frame, pos: int) -> bool:
    """True when the first strong speech cue of the sentence before a quote
    at pos follows a name or a pronoun at once, and the sentence quotes nothing itself
    ('Lord Vole said the plan would help clubs. "..."', 'But union chief Ann
    Vole criticised the plans. "..."', 'She said the plan was wrong. "..."'): it turns the paragraph to a new
    speaker, whoever spoke before, as a sentence ending on its cue does
    (ends_on_cue)."""
    if pos <= 0:
        return False
    lo, _ = frame.sentence(pos - 1)
    if MASK in frame.s[lo:pos]:
        return False
    cues = find_cues(frame.s, lo, pos)
    if not cues or is_weak(cues[0]):
        return False
    subject = phrase_before(frame.s, lo, cues[0].start())
    return isinstance(subject, Phrase) and speaks(subject) \
        and _NAME_CUE_GAP_RE.fullmatch(frame.s, subject.end, cues[0].start()) is not None


def opens_on_cued_subject(frame: Frame, pos: int) -> bool:
    """True when the sentence before a quote at pos quotes nothing, and its
    speech cue's speaker is the name opening it, however far the cue is
    ('Ann Vole, the firm\'s chief, said the plan would help. "..."', 'Ann Vole
    put a brave face on it, saying growth was strong. "..."'): the writer
    turns to her, and the bare quote after is hers."""
    if pos <= 0:
        return False
    lo, _ = frame.sentence(pos - 1)
    if MASK in frame.s[lo:pos]:
        return False
    found = cue_before(frame, pos, lo)
    if found is None or found[0].kind == "pronoun" or not speaks(found[0]) or is_weak(found[1]):
        return False
    cue = found[1]
    if cue.group().lower() in PARTICIPLE_CUES and not frame.s[lo:cue.start()].rstrip().endswith(","):
        return False  # 'the Republic drew after claiming draws': a participle reports only after its comma
    opening = phrase_at_sentence_start(frame.s, lo, pos)
    return opening is not None and opening.start == found[0].start


def introduces_speaker(frame: Frame, pos: int) -> bool:
    """True when the sentence before a quote at pos introduces its speaker,
    whoever spoke before it in the paragraph: it ends on its cue
    (ends_on_cue), opens on a name or pronoun and its cue (opens_on_named_cue),
    or its cue's speaker is the name opening it (opens_on_cued_subject)."""
    return ends_on_cue(frame, pos) or opens_on_named_cue(frame, pos) or opens_on_cued_subject(frame, pos)


def ends_introducing(frame: Frame) -> bool:
    """True when the last sentence of a paragraph introduces a speaker
    (introduces_speaker): a quote opening the next paragraph, naming nobody,
    is theirs rather than the last quoted speaker's ('"...," writes Tavo Brenn.
    Ann Vole, the warden, says crews are stretched.' then '"We cannot cope."')."""
    return introduces_speaker(frame, len(frame.s.rstrip()))
