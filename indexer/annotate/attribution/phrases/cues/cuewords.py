"""The speech-cue lexicon: reporting verbs and their inflected forms.

Owns how the reporting verbs of the lexicon (indexer.lexicon:
"cue_verbs", "cue_verb_forms", "cue_phrases") become cue words and one
regex: irregular verbs list their forms, regular ones are inflected by rule
(bare forms are left out: they are mostly nouns, "a claim", "a note"; a bare
form counts only after a plural or first-person pronoun, "they argue", or a
plural subject, "critics argue", "The Lib Dems accuse").
A newcomer adds a verb with one row in "cue_verbs".  It also owns finding
the cues of a frame (leaving out nouns spelled like cues) and which are
weak.  How a cue finds its speaker is indexer.annotate.attribution.phrases.cues.cues' job.
"""
from __future__ import annotations

import re
from functools import lru_cache

from onrecord.indexer.annotate.attribution.phrases.cues.wordtrie import letter_led_alternation, word_alternation
from onrecord.indexer.lexicon import words

REGULAR_VERBS = tuple(sorted(words("cue_verbs")))


def _inflect(verb: str) -> tuple[str, ...]:
    stem = verb[:-1] if verb.endswith("e") else verb
    consonant_y = verb.endswith("y") and verb[-2] not in "aeiou"
    past = verb + "d" if verb.endswith("e") else (stem[:-1] + "ied" if consonant_y else verb + "ed")
    third = verb[:-1] + "ies" if consonant_y else verb + ("es" if verb.endswith(("s", "sh", "ch", "x")) else "s")
    if verb in ("admit", "slam", "dub", "quip", "plead"):
        past = {"admit": "admitted", "slam": "slammed", "dub": "dubbed", "quip": "quipped", "plead": "pleaded"}[verb]
    ing = stem + "ing" if verb.endswith("e") else verb + ("ting" if verb == "admit" else "ing")
    if _SINGLE_L_RE.search(verb):  # British spelling doubles a final l after one vowel: labelled, signalling
        return (third, past, ing, verb + "led", verb + "ling")
    return (third, past, ing)  # bare forms are mostly nouns: a claim, a note, a warning


_SINGLE_L_RE = re.compile(r"[^aeiou][aeiou]l$")


def _cue_words() -> frozenset[str]:
    found: set[str] = set(words("cue_verb_forms"))
    for verb in REGULAR_VERBS:
        found.update(_inflect(verb))
    return frozenset(found)


CUE_WORDS = _cue_words()
# the phrases, then "went on" ("went on to say"), then the words, tried in that order
_PHRASES = [*(re.escape(p) for p in sorted(words("cue_phrases"), key=lambda p: (-len(p), p))),
            *(go + r" on(?= to\b|[,:])" for go in ("went", "go", "goes", "going"))]
# "(?<!\w)" is the leading word boundary (every cue starts with a letter), and
# a third cheaper than "\b" where no cue starts: find_cues scans every sentence around a quote
CUE_RE = re.compile(rf"(?<!\w)(?:{letter_led_alternation(_PHRASES, CUE_WORDS)})\b")
# softer speech verbs ("shares", "recommends"): a cue only right after a quote's
# closing comma with a name beside them (clues._soft_cue_after), never alone
SOFT_CUES = words("soft_cues")
SOFT_CUE_RE = re.compile(rf"(?<!\w)(?:{word_alternation(SOFT_CUES)})\b", re.IGNORECASE)
PARTICIPLE_CUES = frozenset(w for w in CUE_WORDS if w.endswith("ing"))
WEAK_CUES = frozenset(w for w in CUE_WORDS if w.startswith(tuple(words("weak_cue_stems"))))


_MID_SENTENCE_RE = re.compile(r"[\w,]\s+$")  # "the United States": a capitalized cue mid-sentence
_NOUN_BEFORE_RE = re.compile(
    r"(?:\b(?:the|a|an|his|her|their|its|our|my|your|this|these|those)|['\u2019]s?)\s+$",
    re.IGNORECASE)

# a cue's -s form counted is a plural noun ("six new pledges", "180 million calls",
# "further questions"): no third-person verb follows a count, unless "of" leads it
# ("one of the two men says")
_COUNT_WORDS = words("count_words")
_COUNTED_RE = re.compile(
    rf"(?<!\bof )(?<!\bof the )(?<!\w)(?i:{word_alternation(_COUNT_WORDS)})\s+(?:[a-z][a-z-]*\s+)?$")


def _is_counted(frame: str, lo: int, cue: re.Match[str]) -> bool:
    """True when the cue is an -s form one or two words after a count word: a noun."""
    return cue.group().endswith("s") and bool(_COUNTED_RE.search(frame, max(lo, cue.start() - 30), cue.start()))


# bare verb forms are nouns as often as verbs ("a claim", "the answer"), but
# not right after a plural or first-person pronoun: "they conclude", "we argue"
# (the leading "(?<= )" only fails fast where no pronoun can end)
_BARE_CUE_RE = re.compile(
    r"(?<= )(?:(?<=\bthey )|(?<=\bThey )|(?<=\bwe )|(?<=\bWe )|(?<=\bI )|(?<=\byou )|(?<=\bwho ))"
    rf"(?:{word_alternation(frozenset(v for v in REGULAR_VERBS if len(v) > 3))})\b")

# a bare form is a verb after a plural subject too, as after "they": a plural speaker noun
# ("critics", "officials": speaker_nouns, org_staff_nouns) or a capitalised plural after "the"
# ("The Lib Dems accuse"), then at most one adverb of body_act_adverbs ("UKIP officials also
# argue"); only the verbs the reported pass reads as speech (clause_cues: "argue", "accuse",
# not "challenge", "continue": "the Liberal Democrats challenge Labour" reports nothing)
_PLURAL_SUBJECTS = frozenset(form for w in words("speaker_nouns", "org_staff_nouns")
                             if w.endswith("s") and not w.endswith(("ss", "us"))  # not "boss", "caucus"
                             for form in (w, w.capitalize()))  # "Critics argue" opening a sentence
_ADVERB_ALT = word_alternation(words("body_act_adverbs"))
_PLURAL_VERB_ALT = word_alternation(frozenset(v for v in REGULAR_VERBS if len(v) > 3) & words("clause_cues"))
# every such subject ends in "s": the scan's literal prefix "s " costs a fraction of a scan for the verbs
_PLURAL_BARE_CUE_RE = re.compile(rf"s (?:(?:{_ADVERB_ALT}) )?(?P<verb>{_PLURAL_VERB_ALT})\b")
_PLURAL_VERB_RE = re.compile(rf"(?:{_PLURAL_VERB_ALT})\b")
_PLURAL_SUBJECT_RE = re.compile(  # the subject and its adverb, ending where the verb starts
    rf"(?:\b(?:{word_alternation(_PLURAL_SUBJECTS)})|\b[Tt]he (?:[A-Z][\w-]* )?[A-Z][\w-]*[a-z]s) "
    rf"(?:(?:{_ADVERB_ALT}) )?$")
_SUBJECT_REACH = 60  # characters before the verb its subject and adverb may take


def find_cues(frame: str, lo: int, hi: int) -> list[re.Match[str]]:
    """Return the cue matches in frame[lo:hi], in order, leaving out nouns
    spelled like cues ("his remarks", "Trump's comments", "the stated aim",
    "two new pledges")
    and capitalized ones right before a cue, which are names ("Read said")."""
    return list(_cues_in(frame, lo, hi))


# a fifth of the calls repeat one (frame, lo, hi) of the line at hand: the quote's cue search,
# its extent and the introductions ask for the same sentence's cues (the matches are read only)
@lru_cache(maxsize=64)
def _cues_in(frame: str, lo: int, hi: int) -> tuple[re.Match[str], ...]:
    """Return find_cues' matches, as a tuple shared by the calls that ask for the same span."""
    found = [m for m in CUE_RE.finditer(frame, lo, hi)
             if frame[m.start() - 1:m.start()] != "-"  # "so-called", "long-stated"
             and not (m.group()[0].isupper() and (CUE_RE.match(frame, m.end() + 1, hi) or _MID_SENTENCE_RE.search(
                 frame, max(lo, m.start() - 3), m.start())))
             and not _NOUN_BEFORE_RE.search(frame, max(lo, m.start() - 8), m.start())
             and not _is_counted(frame, lo, m)]
    bare = list(_BARE_CUE_RE.finditer(frame, lo, hi))
    # one search first: almost no span holds a plural bare cue, and a search that finds none costs
    # a third of a finditer's scanner and list (the same cues: a finditer finds none where it does)
    if _PLURAL_BARE_CUE_RE.search(frame, lo, hi):
        bare += _plural_bare_cues(frame, lo, hi)
    return tuple(sorted(found + bare, key=lambda m: m.start()) if bare else found)


def _plural_bare_cues(frame: str, lo: int, hi: int) -> list[re.Match[str]]:
    """Return the bare verbs in frame[lo:hi] after a plural subject ("critics argue"), in order."""
    return [cue for m in _PLURAL_BARE_CUE_RE.finditer(frame, lo, hi)
            if _PLURAL_SUBJECT_RE.search(frame, max(lo, m.start("verb") - _SUBJECT_REACH), m.start("verb"))
            and (cue := _PLURAL_VERB_RE.match(frame, m.start("verb"), hi))]


def is_weak(cue: re.Match[str]) -> bool:
    """True for verbs that only sometimes report speech (found, called, suggested)."""
    return cue.group().lower() in WEAK_CUES
