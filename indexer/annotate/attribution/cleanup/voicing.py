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

It also owns the act reading both partial_subjects.named_subject and
is_unvoiced ask of a named person opening a sentence after another speaker's
quote in its paragraph (acts_on_quote): whatever the verb, a finite verb of an
act of theirs ('And Ann Vole, who chairs the board, paid tribute to the
"beautiful legacy"', 'Tom Reed - who ... - dedicated the song to "old
friends"') makes the partial quote theirs, not the previous speaker's; a
state (a be-form, lexicon `subject_state_verbs`: 'Tom Reed is a "growing
talent"'), a passive, a modal or no verb leaves it where it was.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.phrases.shapes import MIN_REGULAR_PAST, is_regular_past, is_speaker_noun
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
# the act reading: what may stand between a subject and its verb (one aside set off by commas or
# dashes, then adverbs), the verbs of a state, and the finite forms of an act
_ASIDE_RE = re.compile(r"\s*(?:,[^,.;:!?\"\u201c\u201d]{1,120},"  # ", who chairs the board,"
                       r"|[-\u2013\u2014]+\s[^.;:!?\"\u201c\u201d]{1,120}?\s[-\u2013\u2014]+)?\s*")  # "- who is ... -"
_WORD_RE = re.compile(r"[a-z]+")
_ADVERBS = words("body_act_adverbs")  # "Ann Vole also sent": still her verb
_STATES = words("be_forms", "subject_state_verbs")
_HAVE = words("have_forms")  # "has sent": a perfect of an act
_AUXILIARIES = words("finite_auxiliaries")  # a modal or "does": no act read
_PASTS = words("past_tense_verbs", "lone_speaker_verbs")  # "sent", "paid", "told"
_PARTICIPLES = words("irregular_participles")  # "has sent"
_NOT_PRESENT_ENDS = tuple(sorted(words("not_present_endings")))  # "press", "bonus", "crisis": no -s verb


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


def acts_on_quote(s: str, lo: int, hi: int) -> bool:
    """Return True when s[lo:hi], the words from a named subject to its partial quote, open on a
    finite verb of an act (past_tense_verbs or lone_speaker_verbs, a regular past in -ed not a
    passive's, a present in -s, "has" with a participle), past one aside between commas or
    dashes and adverbs of body_act_adverbs or in -ly; False for a state (a be-form anywhere up to
    the quote, subject_state_verbs), a name or an owner's noun running on, a modal, no verb."""
    gap = _ASIDE_RE.match(s, lo, hi)
    rest = s[gap.end() if gap else lo:hi]
    if rest[:1].isupper() or rest[:1] in (",", "'", "\u2019"):
        return False  # "Vole's plan", "his song, Pump Up, contains": the name is no subject
    between = _WORD_RE.findall(rest.lower())
    while between and (between[0] in _ADVERBS or between[0].endswith("ly")):
        between = between[1:]
    if not between or any(word in _STATES for word in between):
        return False  # 'Tom Reed is a "growing talent"': what is said of him, not his words
    verb, after = between[0], between[1] if len(between) > 1 else ""
    if verb in _HAVE:
        return after in _PARTICIPLES or is_regular_past(after)
    if verb in _PASTS:
        return True
    if verb in _AUXILIARIES or len(verb) < MIN_REGULAR_PAST - 1:
        return False  # "bus", "red": under four letters no word reads as an act verb ("runs" does)
    if verb.endswith("ed"):
        return is_regular_past(verb) and after not in _AGENT_WORDS  # "backed by": a passive
    return verb.endswith("s") and not verb.endswith(_NOT_PRESENT_ENDS)
