"""Headline quotes: who a headline's quoted words belong to.

Owns gathering, for each headline quote no cue credits, the sources under it
its speaker may come from: the body's quotes, the lead paragraph, the body
the headline opens with acting on its words (headlines.actors), the speaker a
lead only describes (headlines.subjects), the source the lead's closing
clause names (headlines.closings) and the source the next paragraph's first
sentence credits when the lead leaves its source unnamed ("..., a survey
suggests", "say reports") or quotes no one ("..., a court has been told",
"Vole is said to": _source_named_next).  Choosing among them, in order, is
headlines.choice's; crediting the chosen quote's speaker is
indexer.annotate.attribution.attribution's, passed in as `recredit`.  It also
owns which headline quotes the title test dropped are speech after all
(echoed_titles): a headline capitalises its words, so "Vole targets 'Old
Guard' MP" is a quote when the body quotes the words inside longer speech.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.headlines.actors import acting_body
from onrecord.indexer.annotate.attribution.headlines.choice import Below, Recredit, headline_speaker
from onrecord.indexer.annotate.attribution.headlines.closings import closes_on_hearing, closing_source
from onrecord.indexer.annotate.attribution.headlines.subjects import SENTENCE_END_RE, NameSource, described_source
from onrecord.indexer.lexicon import words
from onrecord.search import Paragraph, Quote

_WORDS_RE = re.compile(r"\w+")
# "..., say reports", "..., a survey suggests": a lead's closing clause leaving its source unnamed
_UNNAMED = words("unnamed_sources", "finding_nouns")


def credit_headlines(paragraphs: list[Paragraph], headlines: dict[int, str], recredit: Recredit,
                     name_source: NameSource | None = None) -> list[Paragraph]:
    """Return `paragraphs` with each headline quote (by start in `headlines`,
    its quoted words the value) credited to the speaker headlines.choice
    picks (`name_source` credits a name the paragraph under a lead describing
    its speaker opens with: headlines.subjects); a headline with no credited
    quote after it is left as it is."""
    quotes = [q for para in paragraphs for q in para.quotes]
    out = []
    for n, para in enumerate(paragraphs):
        if not any(q.start in headlines for q in para.quotes):
            out.append(para)
            continue
        lead = paragraphs[n + 1] if n + 1 < len(paragraphs) else para
        second = paragraphs[n + 2] if n + 2 < len(paragraphs) else None
        below = Below(quotes, lead.end, lead.text, _source_named_next(paragraphs, n, quotes),
                      described_source(lead, second, quotes, name_source), closing_source(lead, name_source))
        found = [headline_speaker(q, headlines[q.start], below, recredit,
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
    # "..., a court has been told.": the lead's clause has no speaker (headlines.closings)
    if reports and not _UNNAMED.intersection(_WORDS_RE.findall(tail.lower())) and not closes_on_hearing(lead):
        return []
    end = SENTENCE_END_RE.search(second.text)
    stop = second.start + end.end() if end else second.end
    return [q for q in quotes if q.speaker and second.start <= q.start < stop]


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
