"""Reported clauses: which speech cue of a sentence reports which clause.

Owns the shapes of reported speech within one sentence of a frame (quotes
masked, local offsets): a cue after its speaker with a that-clause or a bare
clause ("X said (that) ...", "X told reporters that ...", "X denied that
..."), a question ("X asked whether ..."), clauses joined to a first one
(", adding that ..."), and which shape a sentence takes: a cue reporting
forward first (or an aside inside its clause, `asides`: "The plan, X said,
is dead"), else "according to X" or a clause closed by its attribution
(`closings`); what follows a cue forward (a listener, a question, a that-clause
or a bare clause) is `complements`'.  The cue words are the lexicon's tables (indexer.lexicon:
"clause_cues", "bare_clause_cues", "object_cues", "question_clause_cues"): thoughts, wishes and
plans ("X believes", "X wants") are in none of them, so they are no speech.
A clause never holds its attribution, a leading "that" or the final stop.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.clauses.adverbial_asides import adverbial_aside_clause
from onrecord.indexer.annotate.attribution.clauses.asides import (
    aside_clause,
    aside_head,
    is_inverted,
    participle_at,
    unpunctuated_closing,
)
from onrecord.indexer.annotate.attribution.clauses.channels import drop_channel_nouns
from onrecord.indexer.annotate.attribution.clauses.closings import (
    CLAUSE_SUBJECT_RE,
    LISTENER_CUES,
    according_clause,
    as_reported_clause,
    closing_clause,
    follows_comma,
    inverted_aside_clause,
)
from onrecord.indexer.annotate.attribution.clauses.complements import FINITE_RE, complement
from onrecord.indexer.annotate.attribution.clauses.openers import opening_subject
from onrecord.indexer.annotate.attribution.clauses.runons import NEW_SUBJECT_RE, denied_report, new_subject
from onrecord.indexer.annotate.attribution.clauses.spans import Clause, make_clause
from onrecord.indexer.annotate.attribution.clauses.speakers.quoted_asides import quoted_aside_subject
from onrecord.indexer.annotate.attribution.clauses.speakers.quotedas_leads import quoted_as_speaker
from onrecord.indexer.annotate.attribution.clauses.speakers.sources import WORD_RE, is_source
from onrecord.indexer.annotate.attribution.clauses.speakers.speakers import (
    described_after,
    participle_subject,
    subject_before,
)
from onrecord.indexer.annotate.attribution.clauses.verbs import (
    CLAUSE_CUE_RE,
    HEDGES,
    PAST_ALT,
    is_hedged,
    is_participle,
    is_progressive,
    is_verb,
    lead_start,
)
from onrecord.indexer.annotate.attribution.phrases.absolutes import describes_name, is_share, with_subject_span
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.annotate.attribution.spans.frames import MASK
from onrecord.indexer.lexicon import words

_THAT_END_RE = re.compile(r"\bthat\s+$")
# (an adverb may stand between: ", falsely suggesting", "and boldly claiming"; a quote closing on its comma too)
# (an ASCII dash with spaces leads like an em dash: "refuses to publish it - saying"; BBC r2, r16, r28, r35)
# (a document and a time or place after it: "sent an email Wednesday saying", "filed a lawsuit in 2013 alleging")
_DOCUMENT_ALT = "|".join(sorted(words("channel_nouns", "document_nouns")))
_PARTICIPLE_LEAD_RE = re.compile(
    rf"(?:,|[\u2014\u2013#]|\s-|\b(?:and|while|before|after|by)|\b(?:{_DOCUMENT_ALT})s?(?:\s+[^\s,;:.#\"]+){{0,4}}?)\s+"
    r"(?:also\s+|later\s+|then\s+|[a-z]{3,}ly\s+)?$", re.I)
_LEAD_REACH = 50  # characters before a participle cue its lead may take
# a participle right after the object of its sentence's verb, no comma between: "Airlines attacked the plan
# saying ...", "Acme sued the state alleging ..." (a comma or a dash would show another subject: ", with
# analysts saying"; a preposition makes the object the speaker: "criticised the government for claiming")
_OBJECT_LEAD_RE = re.compile(rf"\b(?:[a-z]{{2,}}ed|suing|{PAST_ALT})\s+"
                             r"(?:the|a|an|that|this|its|his|her|their)\s[^,;:.!?#\"\u201c\u2014\u2013]{0,60}?"
                             r"(?<!\sfor)(?<!\sof)(?<!\sabout)(?<!\sover)(?<!\swith)(?<!\sfrom)\s$")
_OBJECT_REACH = 80  # characters before a participle cue that verb and its object may take
_CLAIM_NOUNS = words("claim_nouns")
# a second cue joined to the first: "..., adding (that)", "... and stressed that", "..., but warned"
_JOIN_RE = re.compile(r"(?:,\s*(?:(?:and|but)\s+)?|\s+(?:and|but)\s+)(?:also\s+|then\s+|later\s+)?$")
_COMMA_BEFORE_RE = re.compile(r",\s*$")  # a cue right after a comma (searched in a short window: no copy)
# a participle right after a quote whose comma sits inside its marks: 'X insisted that "...," adding that'
_QUOTE_JOIN_RE = re.compile(rf"(?<={re.escape(MASK)})\s+$")


def find_clauses(s: str, lo: int, hi: int) -> list[Clause]:
    """Return the reported clauses of the sentence s[lo:hi]: the first cue
    reporting a clause forward (with the clauses of cues joined to it: "X
    said ..., adding that ..."), else a clause its last cue closes; []."""
    cues = [c for c in CLAUSE_CUE_RE.finditer(s, lo, hi) if is_verb(s, lo, c) and not is_hedged(s, lo, c)]
    cues = drop_channel_nouns(s, cues)  # "said in its latest Beige Book report.": "report" is no cue
    if not cues:
        return []
    closed: list[Clause] = []
    for cue in cues:
        # "By contrast, said Ann Vole, filtering mail can stop spam": wider after an adverbial alone
        after = None if closed else inverted_aside_clause(s, lo, hi, cue) or adverbial_aside_clause(s, lo, hi, cue)
        if after is not None:  # "The hard part, said Ann Vole, was the work": both sides are hers
            before = closing_clause(s, lo, hi, cue)
            return [after] if before is None or before.end > after.start else [before, after]
        found = according_clause(s, lo, hi, cue) if cue.group().lower().startswith("according") \
            else as_reported_clause(s, lo, hi, cue) or unpunctuated_closing(s, lo, hi, cue) \
            or _forward(s, lo, hi, cue)
        if found is not None:
            heads = aside_head(s, lo, cue, found)  # "Prices rose, X said, and they will rise": both are X's
            return closed + _nested(s, heads + _joined(s, hi, found) + _added(s, lo, hi, found, cue))
        if not closed and _COMMA_BEFORE_RE.search(s, max(lo, cue.start() - 8), cue.start()):
            # "CLAUSE, said X, a lawyer who adds that ...": the clause X's cue closes, then a later cue's
            closing = closing_clause(s, lo, hi, cue)
            closed = [] if closing is None else [closing]
    closing = closed[0] if closed else closing_clause(s, lo, hi, cues[-1])
    return [] if closing is None else [closing]


def _joined(s: str, hi: int, first: Clause) -> list[Clause]:
    """Return `first` cut before a cue joined to it, with that cue's clauses:
    the same speaker's (", adding that ...", "... and stressed that ...") or
    a new subject's after a conjunction ("..., and most voters said ...")."""
    for cue in CLAUSE_CUE_RE.finditer(s, first.start, first.end):
        if not is_verb(s, 0, cue):
            continue
        if is_hedged(s, 0, cue):
            denied = denied_report(s, first, cue)
            if denied is not None:  # "CLAUSE, but Ann Vole did not say when": the clause ends there
                return [denied]
            continue
        join = _JOIN_RE.search(s, max(first.start, cue.start() - 16), cue.start()) or (
            _QUOTE_JOIN_RE.search(s, first.start, cue.start()) if is_participle(cue) else None)
        if join is not None:
            then = complement(s, cue.end(), hi, first.phrase, cue)
            rest = s[cue.end():first.end]
            # a verb in the past ends the first clause ("and accused X of ..."); "and claims" may be a noun
            if then is None and not (rest.lstrip()[:1] == ":" or MASK in rest or _ended(cue)):  # ', saying: "..."'
                continue
        else:
            join = NEW_SUBJECT_RE.search(s, max(first.start, cue.start() - 60), cue.start())
            then = None if join is None else _forward(s, join.end(), hi, cue)
            # "..., and she accused X of ...": a short subject's cue in the past ends the clause, no clause of its own
            # (a first clause that is only a quote: 'X claimed that "...," Y said CLAUSE': Y's CLAUSE)
            quote_only = join is not None and then is not None \
                and not s[first.start:join.start()].replace(MASK, "").strip(" ,")
            if join is None or then is None and not (_ended(cue) and new_subject(s, join, cue)) \
                    or make_clause(s, first.start, join.start(), first.phrase, first.cue) is None and not quote_only:
                continue  # "said both he and Rubio promised that ...": "and" joins the clause's own subject
        cut = make_clause(s, first.start, join.start(), first.phrase, first.cue)
        rest_clauses = [] if then is None else _joined(s, hi, then)
        return rest_clauses if cut is None else [cut, *rest_clauses]
    return [first]


def _ended(cue: re.Match[str]) -> bool:
    """True for a cue in the past ("and accused X of ..."): it ends a clause before it; "and claims" may be a noun."""
    return cue.group().lower().endswith(("ed", "said", "told", "wrote"))


def _nested(s: str, found: list[Clause]) -> list[Clause]:
    """Return `found` with the clause each one reports in turn when its own
    subject opens it ("He says Lord X warned Y that CLAUSE": Lord X's CLAUSE)."""
    inner = [c for clause in found for c in find_clauses(s, clause.start, clause.end)[:1]
             if not s[clause.start:c.phrase.lead if c.phrase.lead >= 0 else c.phrase.start].strip()]
    return sorted([*found, *inner], key=lambda c: c.start)


def _added(s: str, lo: int, hi: int, found: Clause, cue: re.Match[str]) -> list[Clause]:
    """Return the clause of a participle right after the cue of an aside
    closing `found` ("CLAUSE, X said, adding that ..."); [] when none."""
    if found.end >= cue.start() or s[cue.end():cue.end() + 1] != ",":
        return []
    after = participle_at(s, cue.end() + 1, hi)
    then = None if after is None else _forward(s, lo, hi, after)
    return [] if then is None else [then]


def _forward(s: str, lo: int, hi: int, cue: re.Match[str]) -> Clause | None:
    """'X said (that) CLAUSE', 'X told Y that CLAUSE', 'X asked whether CLAUSE',
    and the aside 'The plan, X said, is dead' / 'As X said, CLAUSE'."""
    participle = is_participle(cue) and not is_progressive(s, lo, cue)
    opening = opening_subject(s, lo, hi, cue) if participle else None
    if opening is not None:  # "After saying that CLAUSE, Ann Vole left": the subject after the clause
        found = complement(s, cue.end(), opening[1], opening[0], cue)
        return found if found is not None and is_source(s, lo, opening[0], cue) else None
    if participle:
        absolute = with_subject_span(s, lo, cue.start())
        found = None if absolute is None else _absolute(s, hi, cue, absolute)
        if found is not None:  # "..., with analysts saying CLAUSE": the words after "with" speak
            return found
        phrase = _participle_phrase(s, lo, hi, cue)
    elif s[lo:cue.start()].rstrip().endswith(",") and (is_inverted(s, cue, hi) or described_after(s, lo, cue, hi)):
        return None  # "..., said Ann Vole" / "..., said an official who ..." closes its clause (_closing)
    else:  # (past a quoted aside of the subject: 'Ann Vole, who called it "a mess," said')
        end = lead_start(s, lo, cue)
        phrase = subject_before(s, lo, end) or quoted_aside_subject(s, lo, end)
    if phrase is None or not is_source(s, lo, phrase, cue):
        return None
    if not participle and s[lo:phrase.lead if phrase.lead >= 0 else phrase.start].rstrip(" ,")[-1:] == MASK:
        # '"...," Ann Vole told a rally': the cue credits the quote before it; a that-clause
        # is the cue's own ('Speaking on "This Week," Ann Vole admitted that ...'), and so is a
        # bare clause when the quote has a cue of its own ('X claimed "...," Ann Vole said the cases differ')
        found = complement(s, cue.end(), hi, phrase, cue)
        own = found is not None and (_THAT_END_RE.search(s, cue.end(), found.start) is not None
                                     or _quote_cued(s, lo, phrase) and FINITE_RE.match(s, found.start, hi) is not None)
        return found if own else None
    aside = aside_clause(s, lo, hi, phrase, cue)
    found = aside if aside is not None else complement(s, cue.end(), hi, phrase, cue)
    if found is not None and cue.group().lower() in LISTENER_CUES and follows_comma(s, lo, phrase) \
            and not (_THAT_END_RE.search(s, cue.end(), found.start) or FINITE_RE.match(s, found.start, hi)
                     or CLAUSE_SUBJECT_RE.search(s, found.start - 1, found.end)):
        # "CLAUSE, Ann Vole told the court in May.": who heard it, no clause of its own, after the clause
        return closing_clause(s, lo, hi, cue) or found
    return found


def _participle_phrase(s: str, lo: int, hi: int, cue: re.Match[str]) -> Phrase | None:
    """Return who says "X struck a measured tone, saying ...": the sentence's
    subject; None after a noun ("issued its third profits warning") or a
    hedged manner ("I would put it differently by saying ...": no report)."""
    quoted = quoted_as_speaker(s, lo, cue.start())
    if quoted is not None:  # "Ann Vole was quoted as saying ...": quotedas_leads
        return quoted
    lead = _PARTICIPLE_LEAD_RE.search(s, max(lo, cue.start() - _LEAD_REACH), cue.start()) \
        or (None if cue.group().lower() in _CLAIM_NOUNS
            else _OBJECT_LEAD_RE.search(s, max(lo, cue.start() - _OBJECT_REACH), cue.start()))
    if lead is None or lead.group().lower().startswith("by") \
            and HEDGES & set(WORD_RE.findall(s[lo:lead.start()])):
        return None
    return participle_subject(s, lo, hi, cue.start())


def _absolute(s: str, hi: int, cue: re.Match[str], span: tuple[int, int]) -> Clause | None:
    """Return the clause of "with X saying (that) CLAUSE" when X, the words
    `span` holds, is one speaker phrase that can speak; None otherwise."""
    phrase = subject_before(s, span[0], cue.start())
    if not isinstance(phrase, Phrase) or is_share(s[span[0]:span[1]]):
        return None  # "with most voters saying": a poll's finding
    between = s[span[0]:phrase.lead if phrase.lead >= 0 else phrase.start]
    if between and not (phrase.kind == "name" and describes_name(between)) or not is_source(s, span[0], phrase, cue):
        return None  # "with its chief Ann Vole saying" speaks; "with a deal on the table saying" does not
    return complement(s, cue.end(), hi, phrase, cue)


def _quote_cued(s: str, lo: int, phrase: Phrase) -> bool:
    """True when the quote right before a speaker phrase has a cue of its own
    before it in the sentence ('X claimed that "...," Ann Vole said ...')."""
    opening = len(s[:s.rfind(MASK, lo, phrase.start) + 1].rstrip(MASK))  # where the masked quote starts
    return any(is_verb(s, lo, c) for c in CLAUSE_CUE_RE.finditer(s, lo, max(lo, opening)))
