"""Headline speakers a lead describes: who "The new health minister says ..." is.

Owns the source a headline quote takes when the lead's first sentence opens
with a description of its speaker, not a name ("A bookmaker has stopped ...
after claiming", "The head of Acme TV has admitted ...") and a cue follows:
the story names that speaker first at the opening of the next paragraph.  The
source is the credited quotes of that paragraph's first sentence ("Chief
executive Ann Vole said ..."), else the name opening it ("Acme Bets made the
move ...", "Acme Media, which makes the show, ..."; only the name for a
body, "A bookmaker has ...", whose quotes are its staff's), credited by a
`NameSource` (indexer.annotate.attribution.attribution's).  The lead's own
credit of such a description is mostly a word cut from it ("Wales" of "the
minister for Wales") or nobody, so this source goes before it
(indexer.annotate.attribution.headlines.choice).
"""
from __future__ import annotations

import re
from collections.abc import Callable

from onrecord.indexer.annotate.attribution.headlines.reports import Credit
from onrecord.indexer.annotate.attribution.indirect.described import BODY_NOUNS
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import CUE_WORDS
from onrecord.indexer.annotate.attribution.phrases.shapes import is_speaker_noun
from onrecord.indexer.annotate.attribution.spans.frames import Frame
from onrecord.search import Paragraph, Quote

# (paragraph, start, end of a name in its text, paragraph-relative) -> a quote credited to whom it names, or None
NameSource = Callable[[Paragraph, int, int], "Quote | None"]

_WORDS_RE = re.compile(r"[\w'\u2019-]+")
SENTENCE_END_RE = re.compile(r"[.!?][\"'\u201d\u2019]?(?=\s+[\"'\u201c\u2018]?[A-Z])")
# "The British producers of ...", "A US firm has": a determiner, capitalised modifiers, the lowercase words
# then no capitalised word: "A senior Acme Party MP" is no lowercase phrase ("senior" no head)
_DESCRIPTION_RE = re.compile(
    r"\s*(?:The|A|An)\s+(?:[A-Z][\w'\u2019-]*\s+)*((?:[a-z][\w-]*\s+){0,3}[a-z][\w-]*)\b(?!\s+[A-Z])")
# where a description's noun phrase ends: its head is the word before ("the head of Acme": head)
_PHRASE_ENDS = frozenset(("of", "for", "at", "in", "on", "from", "with", "to", "and", "who", "which", "that",
                          "has", "have", "had", "is", "are", "was", "were", "will", "would", "could"))
# the capitalised run opening a sentence, then a comma or a lowercase word: its subject ("Acme Media, which");
# not a possessive ("Ann Vole's departure was announced"): its owner is the sentence's topic, not its actor
_OPENING_NAME_RE = re.compile(r"\s*((?:[A-Z][\w'\u2019.&-]*\s+){0,3}[A-Z][\w'\u2019.&-]*)(?<!['\u2019]s)(?=,|\s+[a-z])")


def described_source(lead: Paragraph, second: Paragraph | None, quotes: list[Quote],
                     name_source: NameSource | None) -> list[Quote]:
    """Return the quotes naming the speaker a `lead` paragraph only describes
    (module docstring): the credited quotes of the first sentence of `second`,
    else one credited to the name opening it, each one the lead does not
    name; [] when the lead opens with a name or no speaker noun, holds no
    cue, or nothing below names anyone."""
    if second is None or (head := described_head(first_sentence(lead.text))) is None:
        return []
    stop = second.start + len(first_sentence(second.text))
    # a body's quotes are its staff's words ("A firm has said ..." over "'We are buying,' Ann Vole said"): its name only
    credited = [] if head in BODY_NOUNS else [q for q in quotes if q.speaker and second.start <= q.start < stop]
    if not credited and name_source is not None:
        opening = _OPENING_NAME_RE.match(second.text)
        found = None if opening is None else name_source(second, opening.start(1), opening.end(1))
        credited = [] if found is None else [found]
    # one the lead already names is its other party ("talks with Acme"), not the speaker it describes
    return [q for q in credited if q.speaker and not _named_in(q.speaker, lead.text)]


def _named_in(speaker: str, text: str) -> bool:
    """Return True when the last word of `speaker` (a surname, a body's name) is a word of `text`."""
    last = speaker.split()[-1]
    return last in text and re.search(rf"\b{re.escape(last)}\b", text) is not None


def described_head(sentence: str) -> str | None:
    """Return the head noun of the description `sentence` opens with when it
    is a speaker noun ("A bookmaker has ...": bookmaker, "The head of Acme
    ...": head) and the sentence holds a cue word ("says", "admitted",
    "claiming"), else None."""
    found = _DESCRIPTION_RE.match(sentence)
    if found is None:
        return None
    words = found.group(1).split()
    cut = next((i for i, w in enumerate(words) if w in _PHRASE_ENDS), len(words))
    if cut == 0 or not is_speaker_noun(" ".join(words[:cut])):
        return None
    return words[cut - 1] if not CUE_WORDS.isdisjoint(w.lower() for w in _WORDS_RE.findall(sentence)) else None


def first_sentence(text: str) -> str:
    """Return `text` up to the end of its first sentence (all of it when no end is found)."""
    end = SENTENCE_END_RE.search(text)
    return text[:end.end()] if end else text


def names_from(text: str, people: DocSpeakers, credit: Credit) -> NameSource:
    """Return the NameSource crediting a name in the article `text` by
    `credit` (a reported clause's, over `people`): an `indirect` quote of the
    name itself carrying the speaker fields, None when it names nobody."""
    def source(para: Paragraph, start: int, end: int) -> Quote | None:
        phrase = Phrase(para.text[start:end], start, end, "name")
        who = credit(phrase, None, Frame(text, para, []), people)
        if not who.get("speaker"):
            return None
        return Quote(text=phrase.text, start=para.start + start, end=para.start + end, kind="indirect", **who)
    return source
