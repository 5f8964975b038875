"""Headline choice: which of the sources found under a headline gives its quote a speaker.

Owns the order among the sources a headline quote no cue credits takes its
speaker from, and the tests that pass over a source (its subject the topic
of the lead's claim, a lead voice naming no one).  Finding the sources is
their own modules' (headlines.actors, headlines.subjects, headlines.closings,
headlines.echoes; the next paragraph's source and the body's quotes:
headlines); crediting the
chosen quote's speaker is indexer.annotate.attribution.attribution's, passed
in as `recredit`.

Two sources go before the table: the body the headline opens with doing
something to its words ("Acme Party attacks burglar 'U-turns'":
headlines.actors), unless the lead describes its speaker or gives the words
to a voice it names no one for ("..., one of their frontbenchers has
predicted"); and a named subject acting before its quote ("Vole attacks
Tamm's 'lies'": the echo, else Ann Vole's first statement, whoever the lead
credits).  Otherwise the first source of `SOURCE_ORDER` with a quote
decides; each row says why it comes before the next.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from onrecord.indexer.annotate.attribution.headlines.echoes import reported_echoes
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import CUE_WORDS
from onrecord.indexer.lexicon import words
from onrecord.search import Quote

_WORDS_RE = re.compile(r"\w+")
# the headline's opening capitalised words: its subject ("Vole", "Ann Vole", "Acme boss")
_NAME_RUN = r"(?:[A-Z][\w'\u2019.-]*\s+)*[A-Z][\w'\u2019.-]*"
_SUBJECT_RE = re.compile(rf"\s*({_NAME_RUN})")
# a headline whose subject does something before the quote ("Vole attacks Tamm's 'lies'"), not one
# whose quote says something of its subject ("Vole 'aware' of fraud")
_ACTS_RE = re.compile(rf"\s*{_NAME_RUN}\s+[a-z]+\b")
# "is said to", "has been told": a passive report, whose subject is what is reported, not its source
_PASSIVE_ALT = "|".join(sorted(words("passive_report_participles")))
_PASSIVE_REPORT = rf"\b(?:is|are|was|were|been)\s+(?:\w+ly\s+)?(?:{_PASSIVE_ALT})\b"
MAX_PASSIVE_GAP = 40  # characters between a name and its passive report ("Vole, 80, is said to")

Recredit = Callable[[Quote, Quote], Quote]  # (headline quote, source quote) -> the headline credited

# (source, why it comes before the next row): the first row holding a quote gives the speaker
SOURCE_ORDER: tuple[tuple[str, str], ...] = (
    ("echo", "a body quote repeating the headline's quoted words (whole words: 'courageous' is not "
             "'courageously') is the speech the headline cuts"),
    ("reported", "else a body reported clause repeating them as whole words (headlines.echoes: \"EU 'too slow'\" over "
                 "'the Commission report says ... has been too slow') is its source, before a lead or a first "
                 "speaker the words are not in"),
    ("described", "a lead describing its speaker ('The new health minister says ...') names them in the "
                  "next paragraph; the lead's own credit is then a word cut from the description, or no one"),
    ("lead", "the first paragraph under a headline states what the headline says, with its source "
             "('Firms \"hit by costs\"' over 'Costs are rising, the CBI says')"),
    ("closing", "a lead no clause was read in still names its source in its closing clause "
                "(', the Acme Lords have ruled.': headlines.closings), before anyone else in the body"),
    ("named", "the person the headline names before its quote ('Vole \"proud of record\"') speaks it, "
              "unless the lead reports a claim about them; after the lead, which may credit another"),
    ("source", "a lead leaving its source unnamed ('..., a survey suggests', '..., a court has been told') "
               "has it named in the next paragraph's first sentence ('The Acme Guild said ...')"),
    ("said", "else the first credited quote after the headline: the story's main speaker speaks first"),
)


@dataclass(frozen=True, slots=True)
class Below:
    """What stands under a headline: the article's quotes, the lead paragraph
    (its end and text), the source the next paragraph names (headlines'
    _source_named_next) and the speaker it names whom the lead only describes
    (headlines.subjects)."""

    quotes: list[Quote]
    lead_end: int
    lead_text: str
    source: list[Quote]
    described: list[Quote] = field(default_factory=list)
    closing: list[Quote] = field(default_factory=list)  # the source the lead's closing clause names


def headline_speaker(head: Quote, quoted: str, below: Below, recredit: Recredit,
                     actor: list[Quote] | None = None) -> Quote:
    """Return the headline quote `head` (the whole headline; `quoted` its
    quoted words) credited from the source the module docstring's order
    picks; `head` itself when no source holds a credited quote."""
    # "Acme Party attacks 'U-turns'": the body's word, not its leader's echo
    if actor and not below.described and not _lead_voice_unnamed(head, below):
        return recredit(head, actor[0])
    sources = _sources(head, quoted, below)
    if sources["named"] and _ACTS_RE.match(_before(head, quoted)):  # "Vole attacks Tamm's 'lies'"
        return recredit(head, (sources["echo"] or sources["named"])[0])
    chosen = next((sources[name] for name, _why in SOURCE_ORDER if sources[name]), [])
    return recredit(head, chosen[0]) if chosen else head


def _before(head: Quote, quoted: str) -> str:
    """Return the headline's words before its quoted words."""
    return head.text[:max(0, head.text.find(quoted))]


def _sources(head: Quote, quoted: str, below: Below) -> dict[str, list[Quote]]:
    """Return each `SOURCE_ORDER` source's candidate quotes for the headline
    quote `head` (its quoted words `quoted`), by source name."""
    words = " ".join(_WORDS_RE.findall(quoted.lower()))
    later = [q for q in below.quotes if q.start > head.end and q.speaker]
    # a reported clause past the lead is the story's detail, not its headline
    said = [q for q in later if q.kind != "indirect"]
    echo = [q for q in said if _repeats(q, words)]
    # "Blair 'said he would stand down'": words reporting the named person's speech are another's claim
    named = [] if CUE_WORDS.intersection(words.split()) else _named_speaker(_before(head, quoted), later)
    if named and _is_topic(named[0], head, below):
        named = []  # "Vole 'aware' of fraud" over "Ann Vole knew, his associate has told a court"
    return {"echo": echo, "reported": reported_echoes(below.quotes, head.end, words), "described": below.described,
            "lead": [q for q in later if q.end <= below.lead_end], "closing": below.closing, "named": named,
            "source": below.source, "said": said}


def _repeats(quote: Quote, words: str) -> bool:
    """Return True when `quote`'s text holds `words` (the headline's quoted
    words, lowercased and joined by single spaces) as a run of its words."""
    return bool(words) and f" {words} " in f" {' '.join(_WORDS_RE.findall(quote.text.lower()))} "


def _lead_voice_unnamed(head: Quote, below: Below) -> bool:
    """Return True when a quote or clause of the lead (after `head`) has a
    speaker phrase that names no one the article resolves ("..., one of their
    frontbenchers has predicted"): the headline's words are that voice's,
    not the body the headline names."""
    return any(head.end < q.start and q.end <= below.lead_end and q.speaker is None
               and q.speaker_mention is not None for q in below.quotes)


def _is_topic(named: Quote, head: Quote, below: Below) -> bool:
    """True when the person `named` (a quote of theirs) is what the lead
    reports, not its source: their surname inside the claim of a lead quote
    or clause someone else is credited with, or not credited ("Ann Vole knew,
    his associate has told a court"), or before a passive report ("Ann Vole
    is said to have ...").  A body stays the speaker: a headline naming it
    mostly quotes it ("Acme Bank 'should restate books'")."""
    if named.speaker is None or named.speaker_type != "person":
        return False
    surname = named.speaker.split()[-1]
    name_re = rf"\b{re.escape(surname)}\b"  # compiled only for a text holding the surname (the string test first)
    if any(head.end < q.start and q.end <= below.lead_end and q.kind != "direct" and q.speaker != named.speaker
           and surname in q.text and re.search(name_re, q.text) for q in below.quotes):
        return True
    if surname not in below.lead_text:
        return False
    passive = re.compile(rf"\b{re.escape(surname)}\b[^.;:]{{0,{MAX_PASSIVE_GAP}}}?{_PASSIVE_REPORT}")
    return passive.search(below.lead_text) is not None


def _named_speaker(before: str, later: list[Quote]) -> list[Quote]:
    """Return the quotes (any kind) in `later` whose speaker's surname (last word) is a
    word of the headline's opening capitalised run `before` its quote
    ("Vole 'proud of record'": Ann Vole's), else []."""
    subject = _SUBJECT_RE.match(before)
    if subject is None:
        return []
    names = set(subject.group(1).split())
    # a person, by surname: an organisation in a headline is mostly its topic ("CSA 'could close'")
    return [q for q in later if q.speaker and len(q.speaker.split()) > 1 and q.speaker.split()[-1] in names]
