"""A sentence's subject read past its noun into its verb: "The government has ..., saying".

Owns cutting a determiner phrase opening a sentence back to its noun when
the phrase reader (indexer.annotate.attribution.phrases.cues.inversions' phrase_after,
up to six words from a determiner, stopping only at a cue word or a regular
past) ran on into the main verb: "The government has", "The pair spent
four days".  A participle cue later in the sentence ("..., saying ...")
takes that subject as its speaker, and the verb left inside it made the
phrase no speaker.  The words kept must still name who can speak (a
person, body or document noun: "The board", not "A sneaky thing", whose
"can happen" made it no speaker before).  The verbs are the lexicon's finite forms of be, have,
do and the modals ("finite_auxiliaries") and its irregular pasts
("past_tense_verbs"), and a present tense in -s right after words that
name a speaker when the words with it do not ("The government refuses":
"refuses" is no noun of the phrase; "The union members" keeps its head).
"""
from __future__ import annotations

import re
from dataclasses import replace

from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase, is_speaker_noun
from onrecord.indexer.lexicon import words

_VERBS = words("finite_auxiliaries", "past_tense_verbs")
_DETERMINERS = frozenset(("the", "a", "an"))
_FIRST_VERB = 2  # words a subject keeps before its verb at least: a determiner and a noun
# a present tense's ending: "wants", "refuses" (also "this", "its": cut there too); not "class", "bus";
# a possessive ("firm's") never matches [a-z]
_PRESENT_RE = re.compile(r"[a-z]{2,}(?<![su])s")


def cut_at_verb(phrase: Phrase | None) -> Phrase | None:
    """Return `phrase` ended before the first verb of the lexicon's tables
    inside it when it is a description led by "the", "a" or "an" and the
    words before the verb can speak ("The government has" -> "The
    government"); `phrase` itself otherwise ("A sneaky thing can")."""
    if phrase is None or phrase.kind != "np":
        return phrase
    words_ = phrase.text.split(" ")
    if len(words_) <= _FIRST_VERB or words_[0].lower() not in _DETERMINERS:
        return phrase
    for i in range(_FIRST_VERB, len(words_)):
        text = " ".join(words_[:i])
        if words_[i].lower() in _VERBS:
            return _cut(phrase, text) if is_speaker_noun(text) else phrase
        if _PRESENT_RE.fullmatch(words_[i]) and is_speaker_noun(text):
            # the first -s word after a speaker decides: a verb unless it heads the phrase itself
            # ("The union members"; "The firm wants" reads as an agent noun too, so it stays whole)
            plural = is_speaker_noun(f"{text} {words_[i]}")
            return phrase if plural else _cut(phrase, text)
    return phrase


def _cut(phrase: Phrase, text: str) -> Phrase:
    """Return `phrase` ended after its first len(text) characters, `text`."""
    return replace(phrase, text=text, end=phrase.start + len(text))
