"""Reported speech in an article: each reported clause as a Quote of kind `indirect`.

Owns the pass that runs after an article's quotes are attributed (so it
never changes a direct or partial quote, nor whom they credit): every line
holding a clause cue (clauses.CLAUSE_CUE_RE, searched on the raw text
before any frame is built), every sentence of it, its clauses
(clauses.find_clauses) that overlap no quote and introduce none (a clause
with quoted fragments is a partial quote; a clause inside quote marks is
the quote's speaker's, masked in the frame; 'X told a rally: "..."' is the
quote's introduction; a clause running into a quote another attribution
gives is cut before it: runons.cut_before_quote), each credited by
clausecredits.clause_credit (the caller's `credit`, the direct-quote path's
resolution: names, pronouns, descriptions, evidence and confidence, then this
package's own readings).  The quotes join their paragraph's, sorted by start,
and their speakers its speakers.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Mapping
from typing import Any

from onrecord.indexer.annotate.attribution.clauses.clauses import CLAUSE_CUE_RE, find_clauses
from onrecord.indexer.annotate.attribution.clauses.openers import asked_clause
from onrecord.indexer.annotate.attribution.clauses.runons import cut_before_cue, cut_before_quote, cut_run_on
from onrecord.indexer.annotate.attribution.clauses.sourceless.passive_closings import hearing_cue
from onrecord.indexer.annotate.attribution.clauses.sourceless.passive_leads import sourceless_passive_clause
from onrecord.indexer.annotate.attribution.clauses.sourceless.questions import passive_asked_clause
from onrecord.indexer.annotate.attribution.clauses.spans import Clause, cut_naming
from onrecord.indexer.annotate.attribution.indirect.clausecredits import Credit, clause_credit
from onrecord.indexer.annotate.attribution.indirect.itdocuments import it_after_documents
from onrecord.indexer.annotate.attribution.indirect.mastheads import mastheads_as_written
from onrecord.indexer.annotate.attribution.indirect.outlets import unnamed_paper
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.spans.frames import MASK, MAX_SENTENCE_CHARS, Frame
from onrecord.indexer.annotate.attribution.spans.quotes import QuoteStyle, find_quote_spans, is_heading, line_style
from onrecord.indexer.chunk.chunker import split_lines
from onrecord.search import Mention, Paragraph, Quote

MIN_OUTSIDE_WORDS = 5  # a speaker, a cue and a clause of three words
_GLUED_RE = re.compile(r"[\w-]")  # what CLAUSE_CUE_RE's look-behind refuses before a cue


def add_reported(paragraphs: list[Paragraph], text: str, style: QuoteStyle,
                 people: Callable[[], DocSpeakers], credit: Credit,
                 frames: Mapping[tuple[int, int], Frame] | None = None) -> list[Paragraph]:
    """Return `paragraphs` with their reported clauses added as `indirect`
    quotes (sorted by start) and those quotes' speakers among theirs;
    `people` builds the article's registry when a first clause needs it;
    `frames` holds, by (start, end), lines' frames already built with their
    line_style (the attribution pass's, one article's): reused, not rebuilt."""
    out: list[Paragraph] = []
    index = 0
    spoken: list[tuple[int, str]] = []  # (start, organisation) of the reported clauses credited to one, in order
    for para in paragraphs:
        found: list[Quote] = []
        for line in split_lines(text, para):
            cue = CLAUSE_CUE_RE.search(text, line.start, line.end)
            # the earlier of the two: a "heard" sentence before a cue word's is no sentence to pass over
            cue = hearing_cue(text, line.start, cue.start() if cue is not None else line.end) or cue
            if cue is not None:
                # a line glued to a word before it: the raw text's search looked behind its start,
                # the frame's does not, so no sentence may be passed over (_line_reports)
                first_cue = line.start if _GLUED_RE.match(text, max(0, line.start - 1), line.start) else cue.start()
                frame = (frames or {}).get((line.start, line.end)) or Frame(text, line, find_quote_spans(
                    text, line.start, line.end,
                    line_style(text, line.start, line.end, style, is_heading(index, line.kind))))
                found.extend(_line_reports(text, line, frame, first_cue, para.quotes, people, credit, spoken))
            index += 1
        if not found:
            out.append(para)
            continue
        quotes = sorted([*para.quotes, *found], key=lambda q: q.start)
        out.append(para.with_quotes(quotes))
    # "The Bugle reported": the newspaper as written; "The report said ... It adds that": the report's issuer
    return it_after_documents(mastheads_as_written(out, text))


def _line_reports(text: str, line: Paragraph, frame: Frame, first_cue: int, quoted: list[Quote],
                  people: Callable[[], DocSpeakers], credit: Credit, spoken: list[tuple[int, str]]) -> list[Quote]:
    """Return the indirect quotes of one line: the clauses of each sentence
    that overlap no quote (a sentence may hold a quote beside its clause:
    'X denied that ..., saying: "..."').  `first_cue` is where the line's raw
    text holds its first clause cue; `frame` is the line's, quotes masked;
    `spoken` the organisations credited so far (extended)."""
    base, s = frame.base, frame.s
    found: list[Quote] = []
    starts = [q.start for q in quoted]  # sorted, and quotes never overlap: one look-up per sentence
    pos = 0
    while pos < len(s):
        lo, hi = frame.sentence(pos)
        pos = hi = max(hi, lo + 1)
        if hi + base <= first_cue and hi - lo < MAX_SENTENCE_CHARS:
            continue  # before the line's first cue (masking a quote adds none): no clause to scan for
        # no search for a cue first: find_clauses scans the sentence for its cues once, and a
        # sentence without one yields none (a search before it scanned cue sentences twice)
        inside = quoted[max(0, bisect_left(starts, lo + base) - 1):bisect_left(starts, hi + base)]  # its quotes
        if MASK in s[lo:hi] and len(s[lo:hi].replace(MASK, " ").split()) < MIN_OUTSIDE_WORDS:
            continue  # '"...," she said.': no room for a clause beside the quote
        for clause in map(lambda found: cut_before_cue(s, cut_run_on(s, cut_naming(s, found))),
                          find_clauses(s, lo, hi)):
            kept = _beside_quotes(s, text, base, hi, clause, inside)
            if kept is None:
                continue
            clause, start, end = kept, kept.start + base, kept.end + base
            if unnamed_paper(text, clause.phrase.text, clause.phrase.start + base):
                continue  # "the paper says" with no newspaper named before: a study's finding
            who = clause_credit(clause, start, end, text, frame, people(), credit, spoken)
            found.append(Quote(text=text[start:end], start=start, end=end, kind="indirect",
                               **_cue_fields(clause.cue, base), **who))
        # "Asked if CLAUSE, Ann Vole said", "Ann Vole was asked if CLAUSE": a question nobody named put;
        # "CLAUSE, it has been confirmed.", "It was announced that CLAUSE": a passive that names no source
        asked = asked_clause(s, lo, hi) or passive_asked_clause(s, lo, hi) or sourceless_passive_clause(s, lo, hi)
        kept = None if asked is None else _beside_quotes(s, text, base, hi, asked, inside)
        if kept is not None and not any(q.start < kept.end + base and q.end > kept.start + base for q in found):
            found.append(Quote(text=text[kept.start + base:kept.end + base], start=kept.start + base,
                               end=kept.end + base, kind="indirect", **_cue_fields(kept.cue, base)))
    return found


def _masked(s: str, text: str, base: int, start: int, end: int) -> bool:
    """True when the frame s[start:end] holds a masked quote (a "#" the text does not hold: "#pilates")."""
    return s.count(MASK, start, end) > text.count(MASK, start + base, end + base)


def _beside_quotes(s: str, text: str, base: int, hi: int, clause: Clause, inside: list[Quote]) -> Clause | None:
    """Return the clause as reported beside the sentence's quotes: cut before
    another attribution's quote it holds ('..., a man yelled "..."'); None for
    a clause holding quoted words (a partial quote's), inside quote marks (the
    quote's) or introducing a quote ('X told a rally: "..."')."""
    cut = _masked(s, text, base, clause.start, clause.end)
    if cut:  # (a clause its cue closes, "..., said X", stays out: the quote before the cue is X's)
        forward = clause.cue.start() < clause.start
        found = cut_before_quote(s, clause) if forward and _quote_at(s, base, clause, inside) else None
        if found is None:
            return None
        clause = found
    start, end = clause.start + base, clause.end + base
    if _masked(s, text, base, clause.start, clause.end) or not cut and _introduces(s, text, base, clause.end, hi) \
            or any(q.start < end and q.end > start for q in inside):
        return None
    return clause


def _quote_at(s: str, base: int, clause: Clause, inside: list[Quote]) -> bool:
    """True when the first masked character of a clause is a quote's (not a title's nor a label's)."""
    mark = s.find(MASK, clause.start, clause.end) + base
    return any(q.start <= mark < q.end for q in inside)


def _introduces(s: str, text: str, base: int, end: int, hi: int) -> bool:
    """True when a quote follows the clause ending at `end` ('X told a rally: "..."',
    'X said outside the court, "..."'): the words before a quote introduce it."""
    gap = len(s[end:hi]) - len(s[end:hi].lstrip(" ,:;\u2014\u2013-"))
    return _masked(s, text, base, end + gap, end + gap + 1)


def _cue_fields(cue: re.Match[str], base: int) -> dict[str, Any]:
    """Return a Quote's cue and cue_mention for a cue match of a frame."""
    start, end = cue.start() + base, cue.end() + base
    return {"cue": cue.group(), "cue_mention": Mention(cue.group(), start, end)}
