"""Lone words a "he said" names: the subject of the sentence right before a pronoun's quote (issue #31).

names.lonespeakers makes a lone capitalised word a person when the article
makes it the subject of a reporting verb ("Vole said") and writes it
mid-sentence somewhere.  A player or a star the article calls by one word
only may do neither: "Vole admitted he was tired. '...,' he said." or
"Midfielder Vole, once of Acme, agreed that ... '...,' he said." -- the
word only opens sentences, and its verb is no speech cue.  The "he" then
went to whoever was named in full before (a rival, the last speaker).  Here
such a word is found from the pronoun's side: the sentence before a quote
tied by "he"/"she" (post-posed, or a "He said:" opening the next sentence)
whose first lone capitalised word a finite verb follows (an appositive
between commas may stand between), when no full name follows in that
sentence (a newcomer named in full may be whom the pronoun means).
lonespeakers checks the word is no institution, role or common word.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from onrecord.indexer.annotate.attribution.names.names import first_name_gender
from onrecord.indexer.annotate.attribution.phrases.shapes import is_regular_past
from onrecord.indexer.lexicon import words

_FINITE = words("finite_auxiliaries") | words("past_tense_verbs") | words("lone_speaker_verbs")
_QUOTE_END = "\"\u201d"
# where a tied quote's "he"/"she" may end its "h": a charset first lets the regex engine skip fast to
# each "h", and "the"/"The" (most of them) are no pronoun
_PRONOUN_H_RE = re.compile(r"[Hh](?<![Tt]h)e(?=[ \u00a0]+[a-z])")
_SPACES = " \u00a0"
_QUOTE_MARKS = "\"\u201c\u201d\n"  # none of them may stand inside a tied quote
_MAX_QUOTE = 600  # characters a tied quote holds at most
# where a sentence starts: after a stop, one closing mark and its spaces, or after a line break with no stop;
# no capital is read after it ("at 5 p.m. and" ends one here, not in pronouns.contexts' pattern)
_SENTENCE_END_RE = re.compile(r"(?:[.!?][\"'\u201d\u2019]?[ \u00a0]+|\n[ \u00a0]*)")
# a lone capitalised word, an optional appositive between commas, an optional -ly adverb, a lowercase word
_WORD_VERB_RE = re.compile(r"(?<![\w'\u2019-])([A-Z][a-z][\w'\u2019-]*)"
                           r"(?:,[^,.;:!?\"\u201c\u201d\n]{1,80},)?[ \u00a0]+(?:[a-z]+ly[ \u00a0]+)?([a-z]+)\b")
_FULL_NAME_RE = re.compile(r"\b([A-Z][a-z]+)[ \u00a0]+[A-Z]")
_PERSONAL_RE = re.compile(r"\b(?:he|she|his|her|him)\b")
_LEAD_WORD_RE = re.compile(r"[\w'\u2019-]+")
_DETERMINERS = words("determiners")
REPORTED_RE = re.compile(r",[ \u00a0]+(?:he|she)[ \u00a0]+[a-z]")
_REACH = 400  # characters back a sentence before is looked for in


def tied_subjects(text: str) -> Iterator[re.Match[str]]:
    """Yield, for each quote a "he"/"she" ties that opens its sentence (or
    each "He"/"She" opening one), the match of the lone word (group 1) that
    is the subject of the sentence before, when a finite verb follows it
    and no full name follows it in that sentence."""
    for start in tied_starts(text):
        if not _opens_sentence(text, start):
            continue
        hi = start
        while hi > 0 and text[hi - 1] in " \u00a0\n":  # back past the spaces to the sentence before's last mark
            hi -= 1
        lo = _sentence_start(text, hi)
        if lo < 0:
            continue
        if REPORTED_RE.search(text, lo, hi):
            continue  # "Acme needed it, he said.": the sentence before is someone's report, not about him
        m = _first_subject(text, lo, hi)
        if m is not None and not _names_someone(text, m.end(1), hi):
            yield m


def tied_starts(text: str) -> list[int]:
    """Return, in order, where each tie starts: a quote closed by "he"/"she"
    and a lowercase word ('"We won," he said'), or "He"/"She" (after "But"
    or "And") and a lowercase word; leftmost first and none inside another,
    as one regex scan for them would find.  Found from each "he" back, as a
    regex trying a quote at every quote mark costs ~2.6% of a corpus pass."""
    spans: list[tuple[int, int]] = []
    for m in _PRONOUN_H_RE.finditer(text):
        h = m.start()
        end = m.end()
        while text[end] in _SPACES:
            end += 1
        end += 1  # past the lowercase word's first letter
        if text[h] == "H" or text[h - 1:h] == "S":  # "He", "She": as written, or after "But"/"And"
            at = h if text[h] == "H" else h - 1
            spans.append((at, end))
            if 3 <= (lead := _spaces_back(text, at)) < at and text[lead - 3:lead] in ("But", "And"):
                spans.append((lead - 3, end))
        elif (opening := _quote_before(text, h - 1 if text[h - 1:h] == "s" else h)) >= 0:
            spans.append((opening, end))
    starts, pos = [], 0
    for at, end in sorted(spans):
        if at >= pos:  # a tie inside one found before is no tie of its own
            starts.append(at)
            pos = end
    return starts


def _spaces_back(text: str, at: int) -> int:
    """Return where the run of spaces ending at `at` starts (`at` when none)."""
    while at > 0 and text[at - 1] in _SPACES:
        at -= 1
    return at


def _quote_before(text: str, at: int) -> int:
    """Return where the quote closed right before the pronoun at `at` opens
    ('"We won," he'; spaces, or a comma and spaces, between), else -1."""
    close = _spaces_back(text, at)
    if close == at:
        return -1
    if text[close - 1:close] == ",":
        close = _spaces_back(text, close - 1)
    close -= 1
    if close < 0 or text[close] not in "\"\u201d":
        return -1
    opening = max(text.rfind(c, max(0, close - _MAX_QUOTE - 1), close) for c in _QUOTE_MARKS)
    return opening if opening >= 0 and text[opening] in "\"\u201c" and close - opening > 2 else -1


def _names_someone(text: str, lo: int, hi: int) -> bool:
    """True when text[lo:hi] holds a known first name and a capitalised word
    after it ("... the return of Ann Vole"): the pronoun may mean that newcomer."""
    return any(first_name_gender(m.group(1)) for m in _FULL_NAME_RE.finditer(text, lo, hi))


def _opens_sentence(text: str, at: int) -> bool:
    """True when `at` follows a sentence end (or a line break) and spaces."""
    before = text[max(0, at - 3):at].rstrip(" \u00a0")
    return not before or before[-1] in ".!?\n" or before[-1] in _QUOTE_END and before[-2:-1] in (".", "!", "?")


def _sentence_start(text: str, end: int) -> int:
    """Return where the sentence ending at `end` starts: past the sentence
    end or line break before it within _REACH, the text's start, else -1."""
    lo = max(0, end - _REACH)
    starts = [m.end() for m in _SENTENCE_END_RE.finditer(text, lo, max(lo, end - 1))]
    if starts:
        return starts[-1]
    return 0 if lo == 0 else -1


def _first_subject(text: str, lo: int, hi: int) -> re.Match[str] | None:
    """Return the first lone capitalised word of text[lo:hi] a finite verb
    follows (not written after another capitalised word), when what leads
    to it is no description nor clause of its own and a personal pronoun
    follows it in the sentence ("Vole admitted he was"), else None."""
    for m in _WORD_VERB_RE.finditer(text, lo, hi):
        word_end = m.end(1)
        if text[word_end:word_end + 2].strip()[:1].isupper():
            continue  # "Ann Vole admitted": a full name, the full-name scan's
        if _finite(m.group(2)):
            return m if plain_lead(text, lo, m.start(1)) and _PERSONAL_RE.search(text, word_end, hi) else None
    return None


def _finite(verb: str) -> bool:
    """True for a finite verb: an auxiliary, an irregular past, a speaking verb or a regular past."""
    return verb in _FINITE or is_regular_past(verb)


def plain_lead(text: str, lo: int, at: int) -> bool:
    """True when the words before the subject in its sentence hold no
    determiner ("the 25-year-old Vole": a description) and no finite verb
    ("Reed warned that fans at Vole would": Vole is no subject)."""
    return not any(w.lower() in _DETERMINERS or _finite(w) for w in _LEAD_WORD_RE.findall(text, lo, at))
