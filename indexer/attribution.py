"""Quote attribution: fills Paragraph.quotes and Paragraph.speakers.

Owns the order of evidence for who said a quote: a cue right after it
("...," she said; "...," CIA spokesman X said), a cue before it in the same
sentence (X told the BBC: '...'; X branded the Met "incompetent"), a
clause-final ", X said", a dash byline ('"..." - Ann Vole'), the sentence
or paragraph that introduces it ("X delivered a retort: ..."), the previous
quote of the same paragraph (split quotes), and finally the previous quoted
paragraph when this one opens with a quote and names nobody.  It also owns
quote extents: a direct quote is its marks; a partial quote spans the
reported clause it sits in ("said [that] the vote was "rigged" against
her"), so several fragments of one clause are one quote, and title-case
quotes with no cue before them are titles, not quotes.  Line breaks that
end a sentence separate paragraphs here (single-newline feeds).
Quote spans come from indexer.quotes, sentence frames from indexer.frames,
cue phrases from indexer.cues and canonical names from indexer.speakers.
Every per-quote look-up is a bisection or a bounded window, so a file's
quotes are attributed in O(n log n) time.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Literal

from onrecord.indexer.budget import Deadline, check
from onrecord.indexer.chunker import split_lines
from onrecord.indexer.cues import (
    Phrase,
    find_cues,
    is_speaker_noun,
    is_weak,
    phrase_after,
    phrase_at_sentence_start,
    phrase_before,
)
from onrecord.indexer.cuewords import CUE_RE, PARTICIPLE_CUES
from onrecord.indexer.evidence import CONFIDENCE, evidence_of, rule_source
from onrecord.indexer.frames import Frame
from onrecord.indexer.lexicon import words
from onrecord.indexer.nominals import claim_owner, resolve_nominal
from onrecord.indexer.quotes import QuoteSpan, QuoteStyle, detect_quote_style, find_quote_spans
from onrecord.indexer.speakers import DocSpeakers
from onrecord.search.model import Article, Evidence, Mention, Paragraph, Quote

_MAIN_CUES = words("main_cues")
_PREPOSITION_RE = re.compile(r"(?:about|on|in|for|with|to|of|at|from|over|into|by|than|as)\b", re.I)
_BYLINE_RE = re.compile(
    r"[\s\u00a0]*[\u2015\u2014\u2013-]{1,2}[\s\u00a0]*"
    r"([A-Z][\w.'\u2019-]*(?:[ \u00a0][A-Z\u00c0-\u024f][\w.'\u2019\u00c0-\u024f-]*){0,4})"
    r"(?:,[^\n]{0,80})?[\s\u00a0.]*$")
_PARTICIPLE_LEAD_RE = re.compile(
    r"(?:,|\b(?:after|before|while|when|by|without|for|about|in|on|of|since|being))\s*$", re.I)
_PERIOD_END_RE = re.compile(r"\.['\"\u2019\u201d]+$")
# "X issued a statement saying": the issuer, not the document, is the speaker
_ISSUED_RE = re.compile(
    r"(?:a|an)\s+(?:\w+\s+)?(?:statement|release|memo|letter|email|e-mail|tweet|post|video|ad)$", re.I)
_INFINITIVE_RE = re.compile(r"\bto\s+$")
_CLAUSE_GOES_ON_RE = re.compile(r"\s+[a-z]")
_TITLE_RE = re.compile(
    r"[\"'\u201c\u2018]\s*(?:(?:[A-Z0-9][\w'\u2019:&.-]*|of|the|and|a|an|in|on|for|to|at|with)\s+){0,6}"
    r"[A-Z0-9][\w'\u2019&.-]*[,.?!]?\s*[\"'\u201d\u2019]")
_NAME_THEN_COMMA_RE = re.compile(r"(?:[A-Z][\w.'\u2019-]*[ \u00a0]){1,3}[A-Z][\w.'\u2019-]*,")
_AFTER_GAP_RE = re.compile(r"[\s,\u2014\u2013-]*")
# after a quote ending in , ? ! an unknown verb still reports it: '"Go," Trump barked'
_LOOSE_VERB_RE = re.compile(r"\b[a-z]{3,}(?:ed|s)\b")
# lowercase words that may open a speaker NP before its capitalized name
_NP_LEAD_RE = re.compile(r"(?:[A-Za-z][\w.'\u2019-]*\s+){1,6}")
_OPEN_ENDING_RE = re.compile(r"[,?!\u2014-]['\"\u2019\u201d]+$")
MAX_CARRY_GAP = 3  # paragraphs without quotes a cue-less quote may reach back over


@dataclass(slots=True)
class Attribution:
    speaker: str | None = None
    mention: Mention | None = None
    cue: Mention | None = None
    role: str | None = None
    subject_only: bool = False  # found as a partial quote's sentence subject, with no cue
    rule: str | None = None  # the indexer.evidence rule that found the speaker
    evidence: Evidence | None = None


@dataclass(slots=True)
class _Carry:
    """The last attributed quote, for quotes that name nobody."""

    who: Attribution
    para_index: int
    unclosed: bool


def _cue_after(frame: Frame, qs: int, qe: int) -> tuple[Phrase, re.Match[str]] | None:
    """Find '...," she said' / '," said Mr X' / ', according to X' after a quote."""
    s = frame.s
    hi = frame.sentence(qe)[1]
    gap_match = _AFTER_GAP_RE.match(s, qe)
    assert gap_match is not None  # the pattern matches the empty string too
    gap = gap_match.end()
    if _PERIOD_END_RE.search(frame.text, frame.base + qs, frame.base + qe) and s[gap:gap + 1].isupper():
        return None  # '"... done." Ann Vole said later that ...' starts a new sentence
    reach = 220 if _NAME_THEN_COMMA_RE.match(s, gap) else 90  # '," Ann Vole, <long appositive>, said'
    cues = [c for c in find_cues(s, gap, hi) if c.start() - gap < reach]
    if not cues and _OPEN_ENDING_RE.search(frame.text, frame.base + qs, frame.base + qe):
        cues = [c for c in _LOOSE_VERB_RE.finditer(s, gap, min(hi, gap + 60))][:1]
    if not cues:
        return None
    cue = cues[0]
    phrase: Phrase | Literal["coord"] | None
    if cue.start() == gap:
        phrase = phrase_after(s, cue.end(), hi)
        return (phrase, cue) if phrase else None
    phrase = phrase_before(s, gap, cue.start())
    if isinstance(phrase, Phrase) and _PREPOSITION_RE.match(s, gap):
        phrase = None  # '"..." about the decision, said X': not a speaker
    if isinstance(phrase, Phrase) and phrase.start == gap:
        return phrase, cue
    if isinstance(phrase, Phrase) and _NP_LEAD_RE.fullmatch(s, gap, phrase.start):
        return replace(phrase, lead=gap), cue  # '," CIA spokesman Ann Vole said'
    return _clause_final_cue(s, qe, hi)


def _clause_final_cue(s: str, qe: int, hi: int) -> tuple[Phrase, re.Match[str]] | None:
    """Find '... "excesses" are sickening, Ann Vole said.': a speaker and cue
    closing the sentence after a comma, past the rest of the quoted clause."""
    phrase: Phrase | Literal["coord"] | None
    for cue in reversed(find_cues(s, qe, hi)):
        comma = s.rfind(",", qe, cue.start())
        if comma < 0 or is_weak(cue):
            continue
        if not s[comma + 1:cue.start()].strip():  # '..." about it, said Ann Vole'
            phrase = phrase_after(s, cue.end(), hi)
            if phrase and phrase.kind != "np":
                return phrase, cue
            continue
        phrase = phrase_before(s, comma + 1, cue.start())
        if isinstance(phrase, Phrase) and phrase.kind != "np" and not s[comma + 1:phrase.start].strip():
            return phrase, cue
    return None


def _cue_before(frame: Frame, qs: int, lo: int = -1) -> tuple[Phrase, re.Match[str]] | None:
    """Find 'X said: "..."' or 'X branded the Met "..."' in the quote's sentence
    (or from lo, when given)."""
    s = frame.s
    lo = frame.sentence(qs)[0] if lo < 0 else lo
    cues = find_cues(s, lo, qs)
    strong = [c for c in cues if not is_weak(c)]
    if strong and is_weak(cues[-1]):  # "X said the Met's actions suggested 'Y'": X
        cues = cues[:cues.index(strong[-1]) + 1]
    phrase: Phrase | Literal["coord"] | None
    for k in range(len(cues) - 1, -1, -1):
        cue = cues[k]
        word = cue.group().lower()
        if word == "according to":
            phrase = phrase_after(s, cue.end(), qs)
        elif word.split()[0] in PARTICIPLE_CUES | {"going"} and _PARTICIPLE_LEAD_RE.search(s, lo, cue.start()) or \
                _INFINITIVE_RE.search(s, max(lo, cue.start() - 4), cue.start()):
            continue  # ", saying: ...", "after telling ...", "went on to say" - the subject is further left
        else:
            phrase = phrase_before(s, lo, cue.start())
            if phrase == "coord":
                continue
            if s[lo:cue.start()].rstrip().endswith(",") and (phrase is None or phrase.kind == "np"
                                                              and not is_speaker_noun(phrase.text)):
                inverted = phrase_after(s, cue.end(), qs)  # "... into clothing, says Mr Vole."
                phrase = inverted if inverted and inverted.kind != "np" else phrase
            if phrase is None:
                phrase = phrase_after(s, cue.end(), qs)
                if phrase and phrase.kind == "pronoun" and _CLAUSE_GOES_ON_RE.match(s, phrase.end):
                    phrase = None  # "said he would": "he" opens the reported clause
        if isinstance(phrase, Phrase) and phrase.kind == "np" and (
                not is_speaker_noun(phrase.text) or _ISSUED_RE.match(phrase.text)
                or word in PARTICIPLE_CUES):  # "X wrote to the council accusing it": X accuses
            subject = phrase_at_sentence_start(s, lo, phrase.start)  # "X, who in the past described"
            if subject and (subject.kind != "np" or is_speaker_noun(subject.text)):
                phrase = subject
        if isinstance(phrase, Phrase):
            return phrase, cue
    if cues:
        phrase = phrase_at_sentence_start(s, lo, cues[-1].start())
        if phrase:
            return phrase, cues[-1]
    return None


def _find_cue(frame: Frame, text: str, sp: QuoteSpan, qs: int, qe: int,
              opens_sentence: bool) -> tuple[tuple[Phrase, re.Match[str]] | None, bool]:
    """Return (phrase and cue, whether the cue precedes the quote).  A quote
    opening its sentence looks right first; so does a comma-closed one
    followed by 'X said' ('Y called it "a failure," X said')."""
    after = _cue_after(frame, qs, qe)
    if after and (opens_sentence or (_OPEN_ENDING_RE.search(text, sp.start, sp.end)
                                     and (after[0].kind != "np" or is_speaker_noun(after[0].text))
                                     and _is_main_verb(after[1]))):
        return after, False
    before = _cue_before(frame, qs)
    owner = claim_owner(frame, qs)
    if owner and (before is None or before[1].end() <= owner[0].start):
        return owner, True
    return (before, True) if before else (after, False)


def _is_main_verb(cue: re.Match[str]) -> bool:
    """True for the plain reporting verbs ('said', 'claimed'), not 'adding' or 'called'."""
    word = cue.group().lower()
    return word in _MAIN_CUES


def _byline_after(frame: Frame, qe: int) -> tuple[Phrase, None] | None:
    """Find '"..." ― Ann Vole': a dash and a bare name closing the line."""
    m = _BYLINE_RE.match(frame.s, qe)
    if not m:
        return None
    return Phrase(m.group(1), m.start(1), m.end(1), "name"), None


def _subject_before(frame: Frame, pos: int) -> tuple[Phrase, re.Match[str] | None] | None:
    """Find who speaks in the sentence ending at pos, for a quote after it
    ('X delivered a retort: "..."', 'X agreed. "..."'): its cue's speaker,
    else its opening name or pronoun."""
    if pos <= 0:
        return None
    lo, _ = frame.sentence(pos - 1)
    found = _cue_before(frame, pos, lo)
    if found:
        return found
    phrase = phrase_at_sentence_start(frame.s, lo, pos)
    return (phrase, None) if phrase and phrase.kind != "np" else None


def _resolve(phrase: Phrase, cue: re.Match[str] | None, frame: Frame, text: str,
             people: DocSpeakers, rule: str) -> Attribution:
    base = frame.base
    start, end = (phrase.lead if phrase.lead >= 0 else phrase.start) + base, phrase.end + base
    mention = Mention(text[start:end], start, end)
    cue_m = None if cue is None else Mention(text[cue.start() + base:cue.end() + base],
                                             cue.start() + base, cue.end() + base)
    speaker, role, by_nominal = None, None, False
    if phrase.kind == "pronoun":
        speaker = people.resolve_pronoun(phrase.text, start)
    elif phrase.kind == "name":
        speaker, role = people.resolve_run(phrase.text, start)
    if speaker is None and phrase.kind != "pronoun":  # "the minister", "a Fox spokesman"
        speaker = resolve_nominal(text[start:end], start, people)
        by_nominal = speaker is not None
    spokes = _SPOKES_FOR_RE.search(frame.s, max(0, phrase.start - 40), phrase.start)
    if speaker and spokes:  # "a spokeswoman for X said": her "she" later is X too
        people.note_proxy(speaker, "f" if "woman" in spokes.group(1) else "m" if "man" in spokes.group(1)
                          else None, start)
    evidence = evidence_of(rule, phrase.kind, by_nominal) if speaker else None
    return Attribution(speaker, mention, cue_m, role, rule=rule, evidence=evidence)


_SPOKES_FOR_RE = re.compile(r"\b(spokes(?:wo)?m[ae]n|spokesperson|representative)\s+(?:for|of|at)\s+(?:the\s+)?$", re.I)
# what precedes a title or a nickname even inside a reported clause: a possessive, "on", a name
# after a closing mark, the clause going on in lowercase (not a cue, pronoun or conjunction)
_CLAUSE_CONTINUES_RE = re.compile(r" (?!(?:he|she|they|it|we|I|and|but|or|the|a|an)\b)[a-z]")
_SENTENCE_END_RE = re.compile(r"[.,?!;:\u2026\u2014-]['\"\u2019\u201d]+$")
_TITLE_LEAD_RE = re.compile(r"(?:['\u2019]s|\bon|\b[A-Z][a-z]*\.?)\s+$")
_SCARE_LEAD_RE = re.compile(r"\bso[- ]called\s+$", re.I)
_THAT_RE = re.compile(r"[\s,:]*(?:that\s+)?")
_TAIL_RE = re.compile(r"(?:[\s,;.:]|\b(?:and|but|or|while)\b)*$")


def _content_span(frame: Frame, qs: int, qe: int,
                  cue_before: tuple[Phrase, re.Match[str]] | None) -> tuple[int, int]:
    """Return the local span of the clause a partial quote is part of: from
    after its cue ("said [that]") or the sentence start, to the sentence end
    or the next cue ("... and accused police of ...")."""
    s = frame.s
    lo, hi = frame.sentence(qs)
    start = lo
    if cue_before is not None:
        phrase, cue = cue_before
        start = max(cue.end(), phrase.end if phrase.start > cue.start() else 0)
        later = [c for c in find_cues(s, start, qs) if not is_weak(c)]  # "X branded A "..." and accused B of "...""
        start = later[-1].end() if later else start
        that = _THAT_RE.match(s, start)
        assert that is not None  # the pattern matches the empty string too
        start = min(that.end(), qs)
    nxt = [c for c in find_cues(s, qe, hi) if not is_weak(c)]
    if nxt:
        hi = max(qe, nxt[0].start())
    hi = qe + len(_TAIL_RE.sub("", s[qe:hi]))
    while start < qs and s[start].isspace():
        start += 1
    return start, hi


def _kind(text: str, sp: QuoteSpan, para_start: int, frame: Frame) -> Literal["direct", "partial"]:
    """direct when the quote is a whole sentence or clause, partial when embedded."""
    local = sp.start - para_start
    if sp.closed and _CLAUSE_CONTINUES_RE.match(text, sp.end) and not _SENTENCE_END_RE.search(
            text, sp.start, sp.end) and not CUE_RE.match(text, sp.end + 1):
        return "partial"  # 'that, "Of course we will defend it" against what ...': inside a clause
    before = frame.char_before(local)
    if not before or before in ":.?!#" or frame.is_bound(local):
        return "direct"
    inner = text[sp.start + 1:sp.end].lstrip()
    if before == "," and inner[:1].isupper():
        return "direct"
    return "partial"


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


def _who(p: _Para, n: int, sp: QuoteSpan, previous: Attribution | None
         ) -> tuple[Attribution, tuple[Phrase, re.Match[str]] | None, bool]:
    """Return (attribution, cue evidence, whether the cue precedes) for quote n,
    trying the evidence in order: cues, a byline, an introducing sentence,
    the paragraph's previous quote, then the previous paragraph's speaker.
    The cue evidence is the phrase and cue found by _find_cue, None when the
    speaker came from other evidence (the caller reads it only when the cue
    precedes, which only _find_cue can say)."""
    frame, para = p.frame, p.para
    qs, qe = sp.start - para.start, sp.end - para.start
    opens_sentence = frame.nonblank_before(qs) < frame.sentence(qs)[0]
    cue_found, cue_before = _find_cue(frame, p.text, sp, qs, qe, opens_sentence)
    found: tuple[Phrase, re.Match[str] | None] | None = cue_found
    rule = "cue"
    if not found:
        found, rule = _byline_after(frame, qe), "byline"
    colon = frame.char_before(qs) == ":"
    if not found and (colon or previous is None and opens_sentence):
        # 'Asked why, he demurred: "..."' beats the last quote
        found, rule = _subject_before(frame, qs), "sentence_subject"
    frame_of, at_start = frame, n == 0 and sp.start == para.start
    if not found and at_start and p.intro is not None:
        found, frame_of = _subject_before(p.intro, len(p.intro.s.rstrip())), p.intro
        rule = "introduction"
    if found:
        return _resolve(found[0], found[1], frame_of, p.text, p.people, rule), cue_found, cue_before
    if previous is not None and (opens_sentence or not previous.subject_only):
        # a subject found for a fragment carries to whole quotes only
        return _carried(previous, "same_paragraph"), None, False
    carry = p.carry
    if at_start and carry and carry.who.mention and p.index - carry.para_index <= MAX_CARRY_GAP + 1:
        return _carried(carry.who, "continued"), None, False
    if at_start and p.before is not None:  # last resort: who the previous paragraph ends on
        found = _subject_before(p.before, len(p.before.s.rstrip()))
        if found and found[0].kind != "np":
            return _resolve(found[0], found[1], p.before, p.text, p.people, "previous_subject"), None, False
    return Attribution(), None, False


def _carried(who: Attribution, rule: str) -> Attribution:
    """Return `who` as the speaker of a quote that names nobody itself."""
    return replace(who, rule=rule, evidence=evidence_of(rule, None, False) if who.speaker else None)


def _quote(p: _Para, sp: QuoteSpan, who: Attribution, found: tuple[Phrase, re.Match[str]] | None,
           cue_before: bool, quotes: list[Quote]) -> Quote | None:
    """Return the Quote for span sp, or None for a title, an unattributed scare
    quote or another fragment of the previous partial quote's clause."""
    text, frame, base = p.text, p.frame, p.para.start
    qs, qe = sp.start - base, sp.end - base
    kind = _kind(text, sp, base, frame)
    if kind == "partial" and _TITLE_RE.fullmatch(text, sp.start, sp.end) and (
            not cue_before or _TITLE_LEAD_RE.search(frame.s, max(0, qs - 12), qs)):
        return None  # a title in quotes ("The Art of the Deal", "on CNN's "State of the Union"") or a
        # nickname ('Rep. Ann "Annie" Vole') is nobody's words
    if kind == "partial" and _SCARE_LEAD_RE.search(frame.s, max(0, qs - 24), qs):
        return None  # 'a so-called "magic circle"': the writer's distance, nobody's words
    if kind == "partial" and who.mention is None:
        lo = frame.sentence(qs)[0]
        subj = phrase_at_sentence_start(frame.s, lo, qs)
        if subj is None or subj.kind == "np" and not is_speaker_noun(subj.text) or (
                subj.start - lo >= 40 and not frame.s[lo:subj.start].rstrip().endswith(",")):
            return None  # scare quotes ("dead birds") name no speaker
        who = _resolve(subj, None, frame, text, p.people, "clause_subject")
    start, end = sp.start, sp.end
    if kind == "partial":
        start, end = _content_span(frame, qs, qe, found if cue_before else None)
        start, end = start + base, end + base
        if quotes and quotes[-1].kind == "partial" and quotes[-1].end >= end \
                and quotes[-1].cue_mention == who.cue:
            return None  # another fragment of the same reported clause
    return Quote(text=text[start:end], start=start, end=end, kind=kind,
                 speaker=who.speaker, speaker_mention=who.mention,
                 cue=who.cue.text if who.cue else None, cue_mention=who.cue, role=who.role,
                 **_evidence_fields(who, p.people))


def _evidence_fields(who: Attribution, people: DocSpeakers) -> dict[str, Any]:
    """Return a quote's evidence fields (search.model.Quote) from `who`."""
    if not who.speaker or who.evidence is None or who.rule is None:
        return {}
    kind = "organisation" if people.is_org(who.speaker) else "person"
    return {"evidence": who.evidence, "confidence": CONFIDENCE[who.evidence],
            "speaker_type": kind, "speaker_source": rule_source(who.rule)}


@dataclass(slots=True)
class _Doc:
    """What every line of one article shares while it is attributed."""

    text: str
    people: DocSpeakers
    style: QuoteStyle
    deadline: Deadline | None


def _attribute_paragraph(doc: _Doc, para: Paragraph, index: int, carry: _Carry | None,
                         before: Paragraph | None, prior: Frame | None
                         ) -> tuple[list[Quote], _Carry | None, Frame | None]:
    """Return (the quotes of one line, the carry for the next, this line's
    frame if it was built): `prior` is `before`'s frame when already built."""
    text, style = doc.text, doc.style
    spans = find_quote_spans(text, para.start, para.end, style)
    if not spans:
        return [], carry, None
    if prior is None and before is not None:
        prior = Frame(text, before, find_quote_spans(text, before.start, before.end, style))
    intro = prior if prior is not None and prior.s.rstrip().endswith(":") else None
    p = _Para(text, para, Frame(text, para, spans), intro, prior, doc.people, carry, index)
    quotes: list[Quote] = []
    previous: Attribution | None = None
    for n, sp in enumerate(spans):
        check(doc.deadline)  # a single paragraph may hold most of a huge file's quotes
        who, found, cue_before = _who(p, n, sp, previous)
        previous = who if who.mention else previous
        quote = _quote(p, sp, who, found, cue_before, quotes)
        if quote is not None:
            quotes.append(quote)
            if who.mention is None and quote.speaker:  # the sentence subject _quote found speaks on
                previous = Attribution(quote.speaker, quote.speaker_mention, quote.cue_mention, quote.role,
                                       True, who.rule, who.evidence)
    if previous is not None:
        carry = _Carry(previous, index, not spans[-1].closed)
    return quotes, carry, p.frame


def annotate_quotes(article: Article, *, deadline: Deadline | None = None) -> Article:
    """Return a copy of `article` whose paragraphs carry their quotes (absolute
    offsets, marks included) and sorted unique speakers.  Never raises on
    unbalanced quote marks; raises BudgetError once `deadline` has passed
    (checked per line and per quote)."""
    style = detect_quote_style(article.text)
    doc = _Doc(article.text, DocSpeakers(article.text, style), style, deadline)
    carry: _Carry | None = None
    paragraphs: list[Paragraph] = []
    index, before, prior = 0, None, None
    for para in article.paragraphs:
        quotes = []
        for line in split_lines(article.text, para):
            check(deadline)
            found, carry, prior = _attribute_paragraph(doc, line, index, carry, before, prior)
            quotes.extend(found)
            index, before = index + 1, line
        speakers = sorted({q.speaker for q in quotes if q.speaker})
        paragraphs.append(replace(para, quotes=quotes, speakers=speakers))
    return replace(article, paragraphs=paragraphs)
