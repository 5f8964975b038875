"""Headline quotes: who a headline's quoted words belong to.

Owns the choice of the body quote whose speaker a headline quote no cue
credits takes: the body the headline opens with doing something to its words
("Acme Party attacks burglar 'U-turns'": headline_actors) unless the lead
gives them to a voice it names no one for, else the body quote that repeats its words, else the speaker a
lead only describes ("The new health minister says ..."), named where the next
paragraph opens (headline_subjects), else the lead's own attribution (the
first paragraph under the headline states what the headline says: "Firms
'hit by costs'" over "Costs are rising, the CBI says") unless the headline's
named subject acts before its quote ("Vole attacks Tamm's 'lies'": Ann
Vole's first statement, whoever the lead credits), else the source the
lead's closing clause names when no clause of the lead was read (",
according to a report by analysts Acme Research.": headline_closings), else the
first body statement of the person the headline names before its quote
("Vole 'proud of record'": Ann Vole's, not a later quote of someone else) unless
the lead reports a claim about that person ("Vole was involved, his associate has
told a court", "Ann Vole is said to have ..."): the subject is then the claim's
topic and the claim's source speaks, else,
when the lead leaves its source unnamed ("..., a survey suggests", "say
reports") or quotes no one ("..., a court has been told", "Vole is said to"),
the source the next paragraph's first sentence credits ("The Acme
Guild said ..."), else the first credited quote after it (a headline quotes the story's main
speaker, who speaks first below it).  Crediting the chosen quote's speaker is
indexer.annotate.attribution.attribution's, passed in as `recredit`.  It also
owns which headline quotes the title test dropped are speech after all
(echoed_titles): a headline capitalises its words, so "Vole targets 'Old
Guard' MP" is a quote when the body quotes the words inside longer speech.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from onrecord.indexer.annotate.attribution.headline_actors import acting_body
from onrecord.indexer.annotate.attribution.headline_closings import closing_source
from onrecord.indexer.annotate.attribution.headline_subjects import SENTENCE_END_RE, NameSource, described_source
from onrecord.indexer.annotate.attribution.phrases.cuewords import CUE_WORDS
from onrecord.indexer.lexicon import words
from onrecord.search import Paragraph, Quote

_WORDS_RE = re.compile(r"\w+")
# a lead closing on a sourceless passive ("..., a court has been told.") names no source: its report has no speaker
_UNNAMED = words("unnamed_sources", "finding_nouns", "hearing_bodies")
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


def credit_headlines(paragraphs: list[Paragraph], headlines: dict[int, str], recredit: Recredit,
                     name_source: NameSource | None = None) -> list[Paragraph]:
    """Return `paragraphs` with each headline quote (by start in `headlines`,
    its quoted words the value) credited to the speaker the module docstring
    says (`name_source` credits a name the paragraph under a lead describing
    its speaker opens with: headline_subjects); a headline with no credited
    quote after it is left as it is."""
    quotes = [q for para in paragraphs for q in para.quotes]
    out = []
    for n, para in enumerate(paragraphs):
        if not any(q.start in headlines for q in para.quotes):
            out.append(para)
            continue
        lead = paragraphs[n + 1] if n + 1 < len(paragraphs) else para
        second = paragraphs[n + 2] if n + 2 < len(paragraphs) else None
        below = _Below(quotes, lead.end, lead.text, _source_named_next(paragraphs, n, quotes),
                       described_source(lead, second, quotes, name_source), closing_source(lead, name_source))
        found = [_headline_speaker(q, headlines[q.start], below, recredit,
                                   acting_body(para, q, headlines[q.start], name_source))
                 if q.start in headlines else q for q in para.quotes]
        out.append(para.with_quotes(found))
    return out


def _source_named_next(paragraphs: list[Paragraph], n: int, quotes: list[Quote]) -> list[Quote]:
    """Return the credited quotes of the first sentence of the second
    paragraph under headline paragraph n when the first leaves its source
    unnamed in its closing clause ("..., according to a survey." then "The
    Acme Guild said ...") or holds no quote at all ("..., a court has been
    told."), else []."""
    if n + 2 >= len(paragraphs):
        return []
    lead, second = paragraphs[n + 1], paragraphs[n + 2]
    tail = lead.text[lead.text.rfind(",") + 1:]  # the clause closing the lead names its source
    # a lead quoting no one ("..., a court has been told", "X is said to") names no source either
    reports = any(lead.start <= q.start < lead.end for q in quotes)
    if reports and not _UNNAMED.intersection(_WORDS_RE.findall(tail.lower())):
        return []
    end = SENTENCE_END_RE.search(second.text)
    stop = second.start + end.end() if end else second.end
    return [q for q in quotes if q.speaker and second.start <= q.start < stop]


@dataclass(frozen=True, slots=True)
class _Below:
    """What stands under a headline: the article's quotes, the lead paragraph
    (its end and text), the source the next paragraph names (_source_named_next)
    and the speaker it names whom the lead only describes (headline_subjects)."""

    quotes: list[Quote]
    lead_end: int
    lead_text: str
    source: list[Quote]
    described: list[Quote] = field(default_factory=list)
    closing: list[Quote] = field(default_factory=list)  # the source the lead's closing clause names


def _headline_speaker(head: Quote, quoted: str, below: _Below, recredit: Recredit,
                      actor: list[Quote] | None = None) -> Quote:
    """Return the headline quote `head` (the whole headline; `quoted` its
    quoted words) credited from its echo, the lead's credited quote or clause,
    a statement of the person the headline names before its quoted words (not
    when the lead reports a claim about them), the source the next paragraph
    names, or the first credited quote after it; `head` itself when no quote
    after it has a speaker.  A body the headline opens with doing something to
    the words (`actor`, headline_actors) goes first, unless the lead gives
    its words to a voice it names no one for ("..., one of their
    frontbenchers has predicted")."""
    # "Acme Party attacks 'U-turns'": the body's word, not its leader's echo
    if actor and not below.described and not _lead_voice_unnamed(head, below):
        return recredit(head, actor[0])
    words = " ".join(_WORDS_RE.findall(quoted.lower()))
    later = [q for q in below.quotes if q.start > head.end and q.speaker]
    # a reported clause past the lead is the story's detail, not its headline
    said = [q for q in later if q.kind != "indirect"]
    echo = [q for q in said if words and words in " ".join(_WORDS_RE.findall(q.text.lower()))]
    lead = [q for q in later if q.end <= below.lead_end]
    before = head.text[:max(0, head.text.find(quoted))]
    # "Blair 'said he would stand down'": words reporting the named person's speech are another's claim
    named = [] if CUE_WORDS.intersection(words.split()) else _named_speaker(before, later)
    if named and _is_topic(named[0], head, below):
        named = []  # "Vole 'aware' of fraud" over "Ann Vole knew, his associate has told a court"
    if named and _ACTS_RE.match(before):  # "Vole attacks Tamm's 'lies'": the subject acts, its words are quoted
        return recredit(head, (echo or named)[0])
    # "The head of Acme has admitted ...": the lead's credit is a word cut from its description, or no one
    # "..., the Acme Lords have ruled.": a lead no clause was read in still names its source (headline_closings)
    chosen = echo or below.described or lead or below.closing or named or below.source or said
    return recredit(head, chosen[0]) if chosen else head


def _lead_voice_unnamed(head: Quote, below: _Below) -> bool:
    """Return True when a quote or clause of the lead (after `head`) has a
    speaker phrase that names no one the article resolves ("..., one of their
    frontbenchers has predicted"): the headline's words are that voice's,
    not the body the headline names."""
    return any(head.end < q.start and q.end <= below.lead_end and q.speaker is None
               and q.speaker_mention is not None for q in below.quotes)


def _is_topic(named: Quote, head: Quote, below: _Below) -> bool:
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


def echoed_titles(paragraphs: list[Paragraph], text: str, held: list[tuple[Quote, str]],
                  headlines: dict[int, str]) -> list[Paragraph]:
    """Return `paragraphs` with each held headline quote (the quote, its quoted
    words: one the title test dropped for capitals a headline gives every
    word) back in its line when the marked words of a later quote hold its
    words among more ("Vole targets 'Old Guard' MP" over 'a "Old Guard
    stooge"'): the body quoting them inside speech shows them someone's
    words, where a body quoting the lone words again ('The term "blog"') keeps
    them a term (`text` the article's).  Each one put back joins
    `headlines`, to be credited as a headline quote."""
    out = paragraphs
    for head, quoted in held:
        words = f" {' '.join(_WORDS_RE.findall(quoted.lower()))} "
        if words.isspace() or not any(words in marked and len(marked) > len(words)
                                      for para in paragraphs for q in para.quotes
                                      if q.start > head.end and q.kind != "indirect"
                                      for marked in [_marked_words(q, text)]):
            continue
        headlines[head.start] = quoted
        out = [para.with_quotes(sorted([*para.quotes, head], key=lambda q: q.start))
               if para.start <= head.start < para.end else para for para in out]
    return out


def _marked_words(quote: Quote, text: str) -> str:
    """Return the lowercased words inside `quote`'s marks (its pieces, in the
    article's `text`), space-padded for a whole-word test."""
    found = [w for lo, hi in quote.pieces for w in _WORDS_RE.findall(text[lo:hi].lower())]
    return f" {' '.join(found)} "
