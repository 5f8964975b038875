"""The thing a naming verb labels, read as the speaker of the label it quotes.

Owns one fact of how news prose quotes a label: after a naming verb (the
lexicon's "naming_cues": called, described, dubbed, branded, labelled) the
quote is a word someone pinned on a thing, and that thing is what the verb
names, never who spoke: the object right after an active verb ("critics
described the Acme elements as "jarring"") and the subject of a passive one
("Acme has been described as "3G on steroids"", "leading Ruritania to be
called "a paradise"").  resolving.resolve
asks `labels_thing` of a cue's phrase and then credits nobody: the speaker,
when the sentence names one, is the verb's subject or its "by" agent, whom
this reading does not look for.
"""
from __future__ import annotations

import re

from onrecord.indexer.lexicon import words

_NAMING_CUES = words("naming_cues")
_BE_FORMS = words("be_forms")
# between a passive subject and its naming participle: "has been", "was later", "is often", "to be"
# (a bracketed expansion may follow the subject: "HSDPA (High Speed Downlink Packet Access) has been")
_PASSIVE_GAP_RE = re.compile(r"(?:[ \u00a0]+\([^()]{1,80}\))?[ \u00a0]+((?:[a-z]+[ \u00a0]+){1,3})$")
# the label after the object: "as", or a quote mark a few words on ("called Ruritania a "paradise"");
# a tag after a whole quote ('"...," describes Ann Vole.') has none: she is its speaker
_LABEL_NEXT_RE = re.compile(r"[ \u00a0]+(?:as\b|(?:[a-z]+[ \u00a0]+){0,2}[\"'\u201c\u2018])")
_GAP_ADVERBS = frozenset({"also", "often", "later", "once", "widely", "since", "already", "even", "now"})
_GAP_AUXILIARIES = frozenset({"has", "have", "had", "will", "would", "could", "may", "might", "to"})


def labels_thing(text: str, start: int, end: int, cue_start: int, cue_end: int) -> bool:
    """True when the phrase text[start:end] is what the naming cue text[cue_start:cue_end] labels: the
    object right after the cue, or the subject right before a passive form of it ("X has been described")."""
    if text[cue_start:cue_end].lower() not in _NAMING_CUES:
        return False
    if start >= cue_end:  # "described the Acme elements as": nothing but a space between, the label next
        return not text[cue_end:start].strip() and _LABEL_NEXT_RE.match(text, end) is not None
    if end > cue_start or not text[cue_start:cue_end].lower().endswith("ed"):
        return False  # "Acme is calling for an end to the "raw deal"": a progressive, Acme's own words
    gap = _PASSIVE_GAP_RE.fullmatch(" " + text[end:cue_start])
    if gap is None:
        return False
    between = gap.group(1).split()
    return any(w in _BE_FORMS for w in between) and all(
        w in _BE_FORMS or w in _GAP_ADVERBS or w in _GAP_AUXILIARIES for w in between)
