"""Quote attribution: fills Paragraph.quotes and Paragraph.speakers.

Owns the order of evidence for who said a quote: a cue right after it
("...," she said; "...," CIA spokesman X said), a cue before it in the same
sentence (X told the BBC: '...'; X branded the Met "incompetent"), a
clause-final ", X said", a dash byline ('"..." - Ann Vole'), the sentence
or paragraph that introduces it ("X delivered a retort: ..."), the previous
quote of the same paragraph (split quotes), and finally the previous quoted
paragraph when this one opens with a quote and names nobody.  It also owns
which quotes are nobody's words: title-case quotes with no cue before them
are titles, scare quotes name no speaker.  Line breaks that end a sentence
separate paragraphs here (single-newline feeds).  Spans come from `spans/`,
cue phrases and clues from `phrases/`, names, people and
bodies from `names/`, `people/` and `orgs/`, descriptions, pronouns and the
ranked choice from `descriptions/`, `pronouns/` and `ranking/`, reported speech
from `clauses/` and `indirect/`.  Every
per-quote look-up is a bisection or a bounded window: O(n log n) a file.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from onrecord.indexer.annotate.attribution.cleanup.speakerkinds import one_type_per_speaker
from onrecord.indexer.annotate.attribution.headlines.choice import Recredit
from onrecord.indexer.annotate.attribution.headlines.headlines import credit_headlines, echoed_titles
from onrecord.indexer.annotate.attribution.headlines.reports import add_headline_report
from onrecord.indexer.annotate.attribution.headlines.subjects import names_from
from onrecord.indexer.annotate.attribution.indirect.reports import add_reported
from onrecord.indexer.annotate.attribution.partial_subjects import subject_speaker
from onrecord.indexer.annotate.attribution.people.people import pronoun_gender
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases import clues, introductions, signatures
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import CUE_RE
from onrecord.indexer.annotate.attribution.phrases.subjects import opens_with_other_name
from onrecord.indexer.annotate.attribution.ranking import ranker
from onrecord.indexer.annotate.attribution.ranking.evidence import CONFIDENCE, evidence_of, rule_source
from onrecord.indexer.annotate.attribution.ranking.ranker import Windows, choose
from onrecord.indexer.annotate.attribution.ranking.rankfeatures import Candidate, Situation, nearest_mention
from onrecord.indexer.annotate.attribution.resolving import Attribution, resolve
from onrecord.indexer.annotate.attribution.spans.extents import content_span, quote_kind
from onrecord.indexer.annotate.attribution.spans.frames import Frame
from onrecord.indexer.annotate.attribution.spans.quotes import (
    QuoteSpan,
    QuoteStyle,
    detect_quote_style,
    ends_sentence,
    find_quote_spans,
    is_heading,
    line_style,
    quoted_words,
)
from onrecord.indexer.annotate.attribution.spans.titles import (
    is_title,
    is_unclaimed_term,
    is_unclaimed_title,
)
from onrecord.indexer.annotate.attribution.subject_turns import turned_speaker
from onrecord.indexer.annotate.institutions.registry import InstitutionRegistry
from onrecord.indexer.budget import check
from onrecord.indexer.chunk.chunker import split_lines
from onrecord.search import Article, Deadline, Paragraph, Quote

MAX_CARRY_GAP = 3  # paragraphs without quotes a cue-less quote may reach back over


@dataclass(slots=True)
class _Carry:
    """The last attributed quote, for quotes that name nobody."""

    who: Attribution
    para_index: int
    unclosed: bool


_SCARE_LEAD_RE = re.compile(r"\bso[- ]called\s+$", re.I)


@dataclass(slots=True)
class _Para:
    """One paragraph being attributed: its frame and what came before it."""

    text: str
    para: Paragraph
    frame: Frame
    intro: Frame | None  # the previous paragraph, when it introduces this one ("X said:")
    before: Frame | None  # the previous paragraph, for a quote nobody else claims
    people: DocSpeakers
    carry: _Carry | None
    index: int
    headline: bool  # a headline quotes in single marks and its subject is not its speaker


def _who(p: _Para, n: int, sp: QuoteSpan, previous: Attribution | None
         ) -> tuple[Attribution, tuple[Phrase, re.Match[str]] | None, bool]:
    """Return (attribution, cue evidence, whether the cue precedes) for quote n,
    trying the evidence in order: cues, a byline, an introducing sentence,
    the paragraph's previous quote, then the previous paragraph's speaker.
    The cue evidence is the phrase and cue found by _find_cue, None when the speaker
    came from other evidence (read only when the cue precedes: only _find_cue says so)."""
    frame, para = p.frame, p.para
    qs, qe = sp.start - para.start, sp.end - para.start
    opens_sentence = frame.nonblank_before(qs) < frame.sentence(qs)[0]
    if described := signatures.described_after(frame, qs, qe):  # '"..." -- Professor of law': no one named
        return Attribution(mention=described), None, False
    cue_found, cue_before = clues.find_cue(frame, p.text, sp, qs, qe, opens_sentence)
    found: tuple[Phrase, re.Match[str] | None] | None = cue_found
    rule = "cue"
    if not found:
        found, rule = signatures.byline_after(frame, qe), "byline"
    colon = frame.char_before(qs) == ":"
    if not found and (colon or opens_sentence and (previous is None or introductions.introduces_speaker(frame, qs))):
        # 'Asked why, he demurred: "..."' beats the last quote
        found, rule = clues.subject_before(frame, qs), "sentence_subject"
    frame_of, at_start = frame, n == 0 and sp.start == para.start
    if not found and at_start and p.intro is not None:
        found, frame_of = clues.subject_before(p.intro, len(p.intro.s.rstrip())), p.intro
        rule = "introduction"
    unnamed = Attribution()
    if found:
        who = unnamed = resolve(found[0], found[1], frame_of, p.text, p.people, rule)
        # 'Often overlooked, armrests help. "Find a chair ..."': a thing opening the sentence
        # before names no speaker; the last one may go on, as at a paragraph's start
        if who.speaker is not None or rule != "sentence_subject" or found[0].kind == "pronoun" or n or colon:
            return who, cue_found, cue_before
    return _uncued(p, sp, previous, (n == 0, opens_sentence, at_start), unnamed), None, False


def _uncued(p: _Para, sp: QuoteSpan, previous: Attribution | None, where: tuple[bool, bool, bool],
            unnamed: Attribution) -> Attribution:
    """Return the speaker of a quote its own sentence names nobody for (`where`: whether it is the
    paragraph's first quote, opens its sentence, starts the paragraph): the paragraph's previous
    quote's (or the new person the sentence before turns to: subject_turns), the previous
    paragraph's, the subject that paragraph ends on, else `unnamed`."""
    first, opens_sentence, at_start = where
    if previous is not None and (opens_sentence or not previous.subject_only):  # a fragment's subject: whole quotes
        # 'Ann Vole, though, is keen to protect them. "..."': the sentence turned to her
        qs = sp.start - p.para.start
        turned = turned_speaker(p.frame, p.text, p.people, qs, previous) if opens_sentence else None
        return turned or _carried(previous, "same_paragraph")
    carry = p.carry
    whole = at_start or first and opens_sentence and ends_sentence(p.text, sp)
    if whole and carry and carry.who.mention and p.index - carry.para_index <= MAX_CARRY_GAP + 1 \
            and not (p.before is not None and p.index - carry.para_index >= 2
                     and opens_with_other_name(p.before, carry.who.speaker)) \
            and not (at_start and p.before is not None and introductions.ends_introducing(p.before)):
        return _carried(carry.who, "continued")
    if at_start and p.before is not None:  # last resort: who the previous paragraph ends on
        found = clues.subject_before(p.before, len(p.before.s.rstrip()))
        if found and found[0].kind != "np":
            return resolve(found[0], found[1], p.before, p.text, p.people, "previous_subject")
    return unnamed


def _carried(who: Attribution, rule: str) -> Attribution:
    """Return `who` as the speaker of a quote that names nobody itself."""
    return replace(who, rule=rule, evidence=evidence_of(rule, None, False) if who.speaker else None)


def _quote(p: _Para, sp: QuoteSpan, who: Attribution, found: tuple[Phrase, re.Match[str]] | None,
           cue_before: bool, quotes: list[Quote], *, titles: bool = True) -> Quote | None:
    """Return the Quote for span sp, or None for a title (if `titles`), an unattributed
    scare quote or another fragment of the previous partial quote's clause."""
    text, frame, base = p.text, p.frame, p.para.start
    qs, qe = sp.start - base, sp.end - base
    kind = quote_kind(text, sp, base, frame)
    if titles and is_title(text, sp.start, sp.end, frame.s[frame.sentence(qs)[0]:qs], kind == "partial", cue_before):
        return None  # a title in quotes ("The Art of the Deal", "on CNN's "State of the Union"", 'his
        # essay "..."') or a nickname ('Rep. Ann "Annie" Vole') is nobody's words
    if kind == "direct" and who.speaker is None and who.cue is None and is_unclaimed_title(text, sp.start, sp.end):
        return None  # 'his memoir, "Gifted Hands."', '"How To Sail" - 3,806 views': no one's words
    if kind == "partial" and _SCARE_LEAD_RE.search(frame.s, max(0, qs - 24), qs):
        return None  # 'a so-called "magic circle"': the writer's distance, nobody's words
    if kind == "partial" and not p.headline:
        # a headline's subject is whom the story is about, not who is quoted ("Minister 'to quit'")
        by_subject = subject_speaker(frame, text, p.people, sp, qs, who)
        if by_subject is None:
            return None  # a scare quote: nobody's words
        who = by_subject
    start, end = sp.start, sp.end
    if kind == "partial":
        after = [m.start - base for m in (who.mention, who.cue) if m is not None and m.start >= sp.end]
        start, end = content_span(frame, qs, qe, found if cue_before else None, min(after, default=-1))
        start, end = start + base, end + base
        if quotes and quotes[-1].kind == "partial" and quotes[-1].end >= end \
                and quotes[-1].cue_mention == who.cue:
            # another fragment of the same reported clause: one more piece of its quote
            quotes[-1] = replace(quotes[-1], pieces=(*quotes[-1].pieces, quoted_words(text, sp)))
            return None
    return Quote(text=text[start:end], start=start, end=end, kind=kind, pieces=(quoted_words(text, sp),),
                 speaker=who.speaker, speaker_mention=who.mention, cue=who.cue.text if who.cue else None,
                 cue_mention=who.cue, role=who.role, **_evidence_fields(who, p.people))


def _credit(phrase: Phrase, cue: re.Match[str] | None, frame: Frame, people: DocSpeakers,
            clause: tuple[int, int] | None = None) -> dict[str, Any]:
    """Return the Quote fields naming who a reported clause's phrase is (indirect.reports), `clause` its span."""
    who = resolve(phrase, cue, frame, frame.text, people, "reported", clause)
    return {"speaker": who.speaker, "speaker_mention": who.mention, "role": who.role, **_evidence_fields(who, people)}


def _evidence_fields(who: Attribution, people: DocSpeakers) -> dict[str, Any]:
    """Return a quote's evidence fields (search.model.Quote) from `who`."""
    if not who.speaker or who.evidence is None or who.rule is None:
        return {}
    kind = "organisation" if people.is_org(who.speaker) else "person"
    return {"evidence": who.evidence, "confidence": CONFIDENCE[who.evidence],
            "speaker_type": kind, "speaker_source": rule_source(who.rule)}


def _last_speaker(p: _Para, n: int, last: Attribution | None) -> Attribution | None:
    """Return who spoke last before quote n: the paragraph's previous speaker,
    else (for its first quote) the carry within MAX_CARRY_GAP paragraphs."""
    if last is not None or n or p.carry is None or p.index - p.carry.para_index > MAX_CARRY_GAP + 1:
        return last
    return p.carry.who


def _ranked(p: _Para, sp: QuoteSpan, quote: Quote, last: Attribution | None) -> tuple[Quote, Attribution | None]:
    """Return (the quote credited to the ranker's choice, the Attribution it
    speaks by when that is not the rules' answer, else None)."""
    mention = quote.speaker_mention
    rule = quote.speaker_source.split(":", 1)[1] if quote.speaker_source else None
    cascade = Candidate(quote.speaker, cascade=True, rule=rule, evidence=quote.evidence, mention=mention)
    if ranker.RECORDER is None and not ranker.decides(cascade):
        return quote, None  # the rules keep it (most quotes: nothing more to build)
    frame, base = p.frame, p.para.start
    qs, qe = sp.start - base, sp.end - base
    word = mention.text.lower() if mention else ""
    lo, hi = frame.sentence(qs)
    situation = Situation(p.text, sp.start, sp.end, quote.kind == "partial", frame.char_before(qs) == ":",
                          frame.nonblank_before(qs) < 0, pronoun_gender(word),
                          bool(CUE_RE.search(frame.s, lo, hi)))
    chosen = choose(p.people, Windows(frame, p.before, qs, qe), cascade, last.speaker if last else None, situation)
    if chosen.cascade:
        return quote, None
    if chosen.speaker is None:
        return replace(quote, speaker=None, speaker_mention=None, role=None, evidence=None, confidence=None,
                       speaker_type=None, speaker_source=None), None
    who = _chosen(p, chosen, situation, last)
    return replace(quote, speaker=who.speaker, speaker_mention=who.mention, role=None,
                   **_evidence_fields(who, p.people)), who


def _chosen(p: _Para, chosen: Candidate, s: Situation, last: Attribution | None) -> Attribution:
    """Return the Attribution of a candidate the ranker chose over the rules'
    answer: its mention nearest the quote (the last speaker's when it has
    none), its turn recorded for later pronouns."""
    at = nearest_mention(chosen, s)
    if at is None:
        mention = last.mention if last else None
        return Attribution(chosen.speaker, mention, rule="ranked", evidence="carried")
    if chosen.person is not None:
        p.people.speak_as(chosen.person, at.start)
    kind = "pronoun" if pronoun_gender(at.text) else "name" if at.text[:1].isupper() else "np"
    return Attribution(chosen.speaker, at, rule="ranked", evidence=evidence_of("ranked", kind, False))


@dataclass(slots=True)
class _Doc:
    """What every line of one article shares while it is attributed."""

    text: str
    style: QuoteStyle
    deadline: Deadline | None
    headlines: dict[int, str]  # headline quotes no cue credits, by start: their quoted words
    registry: InstitutionRegistry | None
    built: DocSpeakers | None = None
    held: list[tuple[Quote, str]] = field(default_factory=list)  # headline titles, kept if the body quotes them
    # the lines' frames built so far, by (start, end), each with its line_style: the line
    # after it and the reported pass (add_reported) reuse them, not rebuild them
    frames: dict[tuple[int, int], Frame] = field(default_factory=dict)

    @property
    def people(self) -> DocSpeakers:
        """The article's people, scanned at the first quote: an article without quotes never needs them."""
        if self.built is None:
            self.built = DocSpeakers(self.text, self.style, self.registry)
        return self.built


def _attribute_paragraph(doc: _Doc, para: Paragraph, index: int, carry: _Carry | None,
                         before: Paragraph | None) -> tuple[list[Quote], _Carry | None]:
    """Return (the quotes of one line, the carry for the next); the frames it
    builds (this line's, `before`'s) are kept in doc.frames."""
    text, style = doc.text, _line_style(doc, para, index)
    spans = find_quote_spans(text, para.start, para.end, style)
    if not spans:
        return [], carry
    prior = None if before is None else doc.frames.get((before.start, before.end))
    if prior is None and before is not None:
        prior_style = _line_style(doc, before, index - 1)
        prior = Frame(text, before, find_quote_spans(text, before.start, before.end, prior_style))
        doc.frames[(before.start, before.end)] = prior
    intro = prior if prior is not None and prior.s.rstrip().endswith(":") else None
    frame = doc.frames[(para.start, para.end)] = Frame(text, para, spans)
    p = _Para(text, para, frame, intro, prior, doc.people, carry, index, _is_headline(doc, para, index))
    quotes: list[Quote] = []
    previous: Attribution | None = None
    for n, sp in enumerate(spans):
        check(doc.deadline)  # a single paragraph may hold most of a huge file's quotes
        who, found, cue_before = _who(p, n, sp, previous)
        last, previous = previous, who if who.mention else previous
        quote = _quote(p, sp, who, found, cue_before, quotes)
        if quote is None and p.headline and who.mention is None:
            _hold_title(doc, p, sp, who, found, cue_before, quotes)
        if quote is not None:
            quote, ranked = _ranked(p, sp, quote, _last_speaker(p, n, last))
            if not p.headline and is_unclaimed_term(p.text, quote):
                continue
            quotes.append(quote)
            if p.headline and who.mention is None:
                doc.headlines[quote.start] = text[sp.start + 1:sp.end - 1]
            if ranked is not None:  # the learned choice overruled the rules: it speaks on
                previous = ranked
            elif who.mention is None and quote.speaker:  # the sentence subject _quote found speaks on
                previous = Attribution(quote.speaker, quote.speaker_mention, quote.cue_mention, quote.role,
                                       True, who.rule, who.evidence)
    if previous is not None:
        carry = _Carry(previous, index, not spans[-1].closed)
    return quotes, carry


def _hold_title(doc: _Doc, p: _Para, sp: QuoteSpan, who: Attribution, found: tuple[Phrase, re.Match[str]] | None,
                cue_before: bool, quotes: list[Quote]) -> None:
    """Keep in doc.held (returning nothing) headline span sp no cue credits, dropped as a title, and its words:
    a headline capitalises every word, so it is speech if the body quotes them (headlines.echoed_titles)."""
    qs, text = sp.start - p.para.start, p.text
    partial = quote_kind(text, sp, p.para.start, p.frame) == "partial"
    if text[p.para.start:sp.start].strip() and is_title(  # one opening the headline is mostly its topic
            text, sp.start, sp.end, p.frame.s[p.frame.sentence(qs)[0]:qs], partial, cue_before):
        held = _quote(p, sp, who, found, cue_before, quotes, titles=False)
        doc.held.extend([] if held is None else [(held, text[sp.start + 1:sp.end - 1])])


def _is_headline(doc: _Doc, line: Paragraph, index: int) -> bool:
    """True for a headline (a first line or heading, short, no full stop), whatever marks the body quotes in."""
    return line_style(doc.text, line.start, line.end, "double", is_heading(index, line.kind)) == "single"


def _line_style(doc: _Doc, line: Paragraph, index: int) -> QuoteStyle:
    """Return the quote style of one line: the document's, but single
    marks quote in a headline (its first line or a heading)."""
    return line_style(doc.text, line.start, line.end, doc.style, is_heading(index, line.kind))


def annotate_quotes(article: Article, *, deadline: Deadline | None = None,
                    registry: InstitutionRegistry | None = None) -> Article:
    """Return a copy of `article` whose paragraphs carry their quotes (absolute offsets, marks
    included) and sorted unique speakers, institutions named by `registry` (indexer.annotate.institutions';
    None: the packaged list alone).  Never raises on unbalanced quote marks; raises DeadlineExceeded once
    `deadline` has passed (checked per line and per quote)."""
    style = detect_quote_style(article.text)
    doc = _Doc(article.text, style, deadline, {}, registry)
    carry: _Carry | None = None
    paragraphs: list[Paragraph] = []
    index, before = 0, None
    for para in article.paragraphs:
        quotes = []
        for line in split_lines(article.text, para):
            check(deadline)
            found, carry = _attribute_paragraph(doc, line, index, carry, before)
            quotes.extend(found)
            index, before = index + 1, None if line.kind == "heading" else line  # a section's name, no speaker's
        paragraphs.append(para.with_quotes(quotes))
    if doc.held:
        paragraphs = echoed_titles(paragraphs, doc.text, doc.held, doc.headlines)
    # the lead's clause too
    paragraphs = add_reported(paragraphs, doc.text, style, lambda: doc.people, _credit, doc.frames)
    paragraphs = add_headline_report(paragraphs, doc.text, lambda: doc.people, _credit)  # "Claim - Vole"
    if doc.headlines:
        paragraphs = credit_headlines(paragraphs, doc.headlines, _recredit(doc.people),
                                      names_from(doc.text, doc.people, _credit))
    if doc.built is not None:  # each speaker value's type as the whole article shows it
        paragraphs = one_type_per_speaker(paragraphs, doc.built)
    return article.with_paragraphs(paragraphs)


def _recredit(people: DocSpeakers) -> Recredit:
    """Return how a headline quote takes the speaker of a body quote (headlines.headlines)."""
    def recredit(head: Quote, source: Quote) -> Quote:
        who = Attribution(source.speaker, source.speaker_mention, None, source.role, rule="headline",
                          evidence=evidence_of("headline", None, False))
        return replace(head, speaker=who.speaker, speaker_mention=who.mention, role=who.role,
                       **_evidence_fields(who, people))
    return recredit
