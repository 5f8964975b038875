"""Whether a sentence's subject voices the partial quote after it (issue #31).

Owns the two tests values.is_unvoiced asks before it clears the value of a
cue-less partial quote credited to the subject opening a narrative sentence:

- a stance verb between the two (lexicon `stance_stems`: 'Ann Vole has
  attacked "false" stories') is the subject's view only when it is the
  subject's verb.  Not a word the stem merely opens ("stations", "statistics"
  for "stat": the rest of the word must be a verb's ending or a speech noun's,
  lexicon `stance_endings`, the stem's last letter doubled or not: "quipped");
  not another's noun ("the GM's offer": right after an owner's "'s"); not a
  passive ('Ann Vole was hailed for her "raw energy"', 'Ann Vole, the woman
  credited with "total theatre"': after a be-form, lexicon `be_forms`, or
  before "with"/"by", lexicon `passive_agent_words`): there someone else
  voiced the view of the subject (but 'Acme is concerned about "rogue"
  dealers' is Acme's own view: lexicon `voiced_participles`);
- a person's name is a name, not a speaker noun, even when it ends like an
  agent noun ("Rodgers", "Walker": only a lowercase head is read as one).
"""
from __future__ import annotations

from onrecord.indexer.annotate.attribution.phrases.shapes import is_speaker_noun
from onrecord.indexer.lexicon import words

_STANCE_STEMS = tuple(sorted(words("stance_stems")))
# a stem with a verb's or speech noun's ending, its last letter doubled or not ("attacked",
# "quipped", "criticism"), not a word the stem merely opens ("stations"): built once
_STANCE_WORDS = frozenset(stem + double + ending for stem in _STANCE_STEMS for double in ("", stem[-1])
                          for ending in words("stance_endings"))
_BE_FORMS = words("be_forms")
_AGENT_WORDS = words("passive_agent_words")
_VOICED_PARTICIPLES = words("voiced_participles")
POSSESSIVE = ("'s", "\u2019s", "'", "\u2019")


def voices_view(between: list[str]) -> bool:
    """Return True when a word of `between` (the lowercase words from the
    subject to the quote, in order, an owner's "'s" as the word "s") is a stance
    verb the subject voices: its stem with a verb's ending, not another's noun
    right after an "s", nor a passive after a be-form or before "with"/"by"."""
    for k, word in enumerate(between):
        if word not in _STANCE_WORDS:
            continue  # most words: no stance stem, or a word the stem merely opens
        before = between[k - 1] if k else ""
        after = between[k + 1] if k + 1 < len(between) else ""
        if before == "s":
            continue  # "GM's offer": the owner's noun, not the subject's verb
        if word.endswith("ed") and word not in _VOICED_PARTICIPLES and (before in _BE_FORMS or after in _AGENT_WORDS):
            continue  # "was hailed for", "credited with": a view of the subject, voiced by others
        return True
    return False


def is_narrated_person(mention: str) -> bool:
    """Return True when a person's speaker phrase is their name or a pronoun,
    not an owner's ("Vole's research": it may speak for her) nor a speaker
    noun's description ("a Quill Trust spokeswoman was "satisfied"": a
    spokeswoman speaks by her office); a capitalised last word is a name
    ("Rodgers"), never an agent noun."""
    if mention.endswith(POSSESSIVE):
        return False
    last = (mention.split() or [""])[-1]
    return last[:1].isupper() or not is_speaker_noun(mention)
