"""Which earlier person a pronoun speaker means: candidates, features and a learned choice.

Owns the choice between the people a "he said" / "she says" may refer to.
Rules keep what they do well (the pronoun's gender rules out people of the
other gender; names inside quotes are never mentions, indexer.annotate.
attribution.speakers skips them); the choice among the rest is learned: each
candidate is described by a few features (was the last to speak, the last
subject, named in this sentence, the previous one or this paragraph, how far
back, a full name or a bare word, a spokesperson's body ...) and scored by a
table of weights fitted on training data (indexer/data/speaker_weights.json,
fitted by bench/fit_speakers.py, which documents its data sources).  The
highest score wins; ties go to the person met first.

Every look-up is a bisection over a person's sorted positions, and the pool
is the few distinct people mentioned last before the pronoun, so a choice
costs O(k log n).  Where the pronoun stands (its sentence, the one before, the clause
a post-posed cue closes) is pronouns.contexts'.
"""
from __future__ import annotations

import json
import math
import re
from bisect import bisect_left
from collections.abc import Callable, Sequence
from functools import lru_cache

from onrecord.indexer.annotate.attribution.names.names import lexicon
from onrecord.indexer.annotate.attribution.people.people import Person
from onrecord.indexer.annotate.attribution.people.positions import Positions
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import CUE_RE, CUE_WORDS, PARTICIPLE_CUES
from onrecord.indexer.annotate.attribution.pronouns.askedparties import asked_person
from onrecord.indexer.annotate.attribution.pronouns.clausesubjects import second_subject
from onrecord.indexer.annotate.attribution.pronouns.contexts import POSTPOSED_RE, Context, context_at, whole_quote
from onrecord.indexer.annotate.attribution.pronouns.leadins import opening_pronoun
from onrecord.indexer.annotate.attribution.pronouns.namemodifiers import article_modifier
from onrecord.indexer.annotate.attribution.pronouns.reporttopics import topic_only
from onrecord.indexer.annotate.attribution.pronouns.reportturns import report_turn
from onrecord.indexer.annotate.attribution.pronouns.subjectverbs import NAME_RE as _NAME_END_RE
from onrecord.indexer.annotate.attribution.pronouns.subjectverbs import OWNER_ENDS as _OWNER_ENDS
from onrecord.indexer.annotate.attribution.pronouns.subjectverbs import previous_subject
from onrecord.indexer.lexicon import DATA_DIR

WEIGHTS_PATH = DATA_DIR / "speaker_weights.json"
POOL_SIZE = 6  # distinct people, latest mentioned first, a pronoun chooses among
WALK_LIMIT = 256  # positions walked back to fill the pool
_FAR = 20000  # characters: "never" for a distance

FEATURES: tuple[str, ...] = (
    "last_speaker",      # spoke latest of the candidates
    "last_subject",      # was a sentence subject (or spoke) latest of the candidates
    "last_mentioned",    # was named latest of the candidates
    "in_sentence",       # named earlier in the pronoun's own sentence
    "in_prev_sentence",  # named in the sentence before
    "first_in_prev",     # named first of the candidates in the sentence before (its subject, mostly)
    "in_paragraph",      # named earlier in the pronoun's paragraph
    "spoke_in_paragraph",
    "mention_distance",  # log of characters back to the last mention
    "subject_distance",  # ... to the last subject mention or turn
    "spoke_distance",    # ... to the last turn
    "never_spoke",
    "gender_exact",      # the person's known gender is the pronoun's (not unknown)
    "full_name",         # registered with a first name (not a bare word such as a place)
    "proxy",             # the body a spokesperson spoke for
    "mentions",          # log of how often named before
    "cued",              # the last mention is followed by a speech cue ("Ann Vole said", "he told")
    "listed",            # ... is an item of a list of names ("stars Ann Vole and Tom Reed")
    "reported",          # ... follows a speech cue in its sentence ("Vole said Reed was pleased": Reed)
    "modifier",          # ... is an owner or a modifier ("Vole's lawyer", "a Vole goal"): not a subject
)


_QUOTE_OPENERS = ('"', "\u201c")
CHAIN_DEPTH = 3  # sentences a pronoun subject is followed back through


def chained(text: str, ctx: Context, gender: str, pool: Sequence[Person]) -> int:
    """Return where the sentence before the pronoun's opens with a pronoun
    of its gender ('He denied it. "...," he said.': the first "He"'s
    person), when no one of the pool is a subject in the pronoun's own
    sentence before it, or named there before a speech cue; else -1.  A
    whole quote between is stepped over once: its speaker is the pronoun's
    (unless that quote's sentence names someone of the pool).  A name further into that sentence ("He
    said the claim that Lord Vole ...") is not its subject: a rule, since
    a subject pronoun is no mention the learned choice can see."""
    if ctx.previous >= ctx.sentence or any(p.salient.last_before(ctx.pos) >= ctx.sentence for p in pool):
        return -1
    named = [at for p in pool if (at := p.mentions.last_before(ctx.pos)) >= ctx.sentence]
    if any(_shape(text, at)[0] for at in named):
        return -1  # 'Vole said the plan was a start but he told ...': Vole speaks in the pronoun's sentence
    start = ctx.previous
    if text.startswith(_QUOTE_OPENERS, start):  # 'He said ... "No one else was there." He added'
        if any(p.mentions.last_before(ctx.sentence) >= start for p in pool):
            return -1  # '"...," said Mr Vole. He said': the quote names its speaker, the chain stops there
        start = context_at(text, start).previous
    m = opening_pronoun(text, start)  # "He denied it.", "In 2010, he warned" (leadins)
    if m is None or (m[0].lower() == "she") != (gender == "f"):
        return -1
    return m[1]


def candidates(mentions: Positions, by_order: Sequence[Person], pos: int,
               fits: Callable[[Person], bool]) -> list[Person]:
    """Return the distinct people that fit, latest mentioned before pos first,
    at most POOL_SIZE, walking back at most WALK_LIMIT positions."""
    found: dict[int, Person] = {}
    for steps, (_at, order) in enumerate(mentions.before(pos)):
        if steps >= WALK_LIMIT or len(found) >= POOL_SIZE:
            break
        if order not in found and fits(by_order[order]):
            found[order] = by_order[order]
    return list(found.values())


def _count_before(positions: Positions, pos: int) -> int:
    return bisect_left(positions.scanned, (pos, -1)) + bisect_left(positions.attributed, (pos, -1))


def _first_from(positions: Positions, lo: int) -> int:
    """Return the first position >= lo (_FAR past the end when none)."""
    found = [items[i][0] for items in (positions.scanned, positions.attributed)
             if (i := bisect_left(items, (lo, -1))) < len(items)]
    return min(found, default=_FAR * 100)


_AND_AFTER_RE = re.compile(r"\s+(?:and|&)\s+[A-Z]")
_AND_BEFORE_RE = re.compile(r"[A-Z][\w'\u2019.-]*\s+(?:and|&)\s+$")
# "Vole said", "Vole, 55, said", "Vole (D-Ga.) said": a party and state in brackets are US news' appositive
_CUE_GAPS = (re.compile(r",?\s+"), re.compile(r",[^,.\"\u201c]{1,30},\s+"), re.compile(r"\s+\([^()\n]{1,30}\),?\s+"))
_CLAUSE_BACK = 150  # characters a reporting cue before a mention is looked for in
_LAST_END_RE = re.compile(r".*(?:[.!?][\"'\u201d\u2019]?\s|\n)", re.S)
# a cue closing a clause right before the name, its titles or role words between: the
# inverted attribution ("..., says Ann Vole", '"...," observed Mr Vole') names the speaker
_INVERTED_CUE = "|".join(sorted(CUE_WORDS - PARTICIPLE_CUES))
_INVERTED_RE = re.compile(rf"[,\"\u201d\u2019]\s*(?:{_INVERTED_CUE})\s+(?:[A-Za-z.]+\s+){{0,3}}$")


# "Glass Harbour frontman Ann Vole", "Acme chief executive Ann Vole": a role word, then a name
_ROLE_THEN_NAME_RE = re.compile(r"[ \u00a0]+(?:[a-z][\w-]*[ \u00a0]+){0,2}?([a-z][\w-]*)[ \u00a0]+[A-Z][a-z]")


def _shape(text: str, at: int) -> tuple[float, float, float, float]:
    """Return (cued, listed, reported, modifier) of the mention at `at`: a
    speech cue right after the name or closing the clause right before it
    (", says Ann Vole": inverted), the name an item of an "and" list of
    capitalised names, a speech cue before it in its sentence (what it
    reports names it), the name a possessive or a noun's modifier ("Vole's
    lawyer", "an Ann Vole goal": the sentence is about someone or something else)."""
    if at < 0:
        return 0.0, 0.0, 0.0, 0.0
    m = _NAME_END_RE.match(text, at)
    end = m.end() if m else at
    modifier = float(text.endswith(_OWNER_ENDS, at, end) or article_modifier(text, at, end)
                     or _modifies_named_role(text, end))
    if text[end:end + 1] in (",", ".", ";", "") and _INVERTED_RE.search(text, max(0, at - 40), at):
        return 1.0, 0.0, 0.0, modifier  # ", says Ann Vole": she speaks, what the clause reports is hers
    cued = any(gap and CUE_RE.match(text, gap.end()) for gap in (g.match(text, end) for g in _CUE_GAPS))
    listed = bool(_AND_AFTER_RE.match(text, end) or _AND_BEFORE_RE.search(text, max(0, at - 40), at))
    lo = max(0, at - _CLAUSE_BACK)
    last_end = _LAST_END_RE.match(text, lo, at)
    reported = bool(CUE_RE.search(text, last_end.end() if last_end else lo, at))
    return float(cued), float(listed), float(reported), modifier


def _modifies_named_role(text: str, end: int) -> bool:
    """True when a role word and another name follow the name ending at
    `end` ("Glass Harbour frontman Ann Vole"): it names whom she works for,
    the sentence's subject is her."""
    m = _ROLE_THEN_NAME_RE.match(text, end)
    return m is not None and m.group(1) in lexicon().roles


def _distance(pos: int, at: int) -> float:
    return math.log1p((pos - at if at >= 0 else _FAR) / 100) / 5


def features(pool: Sequence[Person], ctx: Context, gender: str | None,
             proxies: frozenset[str] | set[str] = frozenset(), text: str = "") -> list[list[float]]:
    """Return one feature row (FEATURES' order) per person of the pool;
    `proxies` names the bodies spokespeople spoke for, `text` is the
    article's (without it the mention's shape is not read: zeros)."""
    pos = ctx.pos
    mention = [p.mentions.last_before(pos) for p in pool]
    salient = [p.salient.last_before(pos) for p in pool]
    # a reported clause's speaker has no turn yet (quotes are attributed first): their cue is one (reportturns)
    spoke = [max(p.spoke.last_before(pos), report_turn(text, m) if text else -1)
             for p, m in zip(pool, mention, strict=True)]
    opening = [_first_from(p.mentions, ctx.previous) for p in pool]  # first mention in the sentence before
    first = min(opening)
    rows = []
    for k, p in enumerate(pool):
        m, s, t = mention[k], salient[k], spoke[k]
        rows.append([
            float(t >= 0 and t == max(spoke)), float(s >= 0 and s == max(salient)),
            float(m == max(mention)), float(m >= ctx.sentence), float(ctx.previous <= m < ctx.sentence),
            float(opening[k] == first < ctx.sentence),
            float(m >= ctx.paragraph), float(t >= ctx.paragraph),
            _distance(pos, m), _distance(pos, s), _distance(pos, t), float(t < 0),
            float(gender is not None and p.gender == gender), float(bool(p.first)),
            float(not p.first and p.name in proxies),
            math.log1p(_count_before(p.mentions, pos)),
            *(_shape(text, m) if text else (0.0, 0.0, 0.0, 0.0)),
        ])
    return rows


# 'Asked if Mr Vole would return, he replied': whom the question is about is not who answers
_ASKED_RE = re.compile(r"[\"'\u201c\u2018(]?(?:When\s+|After\s+being\s+)?[Aa]sked\s+"
                       r"(?:if|whether|about|why|how|what|when|who|to|for)\b[^.!?\"\u201c]*,\s*(?:[Hh]e|[Ss]he)\b")


def narrow(pool: Sequence[Person], ctx: Context, text: str = "") -> Sequence[Person]:
    """Return the people of the pool who are the subject (or a speaker) of
    the pronoun's own sentence before it, else the whole pool: a rule, not a
    weight ('Vole fired back: "...," he wrote': Vole), right 6 times in 6 on
    the tuning golds.  Before that, people named last in the clause a
    post-posed pronoun cue closes are dropped when others remain ('Mr Reed
    has "..." for the job, he said': not Reed): what is reported is the
    speaker's topic, like a name inside quote marks; when a colon opens that
    clause, the people named in its lead-in are kept ('an answer from Judge
    Vole: "...," he wrote': Vole); people named in
    an "Asked if ..." clause opening the pronoun's sentence ('Asked if Mr
    Vole would return, he replied': not Vole); the one the sentence before asks a question (askedparties);
    people speaking only in a report the sentence before's subject makes (outside_report)."""
    if ctx.content >= 0:
        outside = [p for p in pool if p.mentions.last_before(ctx.pos) < ctx.content]
        pool = outside or pool
    colon = _quote_colon(text, ctx) if text else -1
    if colon >= 0:  # 'an answer from Judge Vole: "...," he wrote': the colon's lead-in names him
        lead_in = [p for p in pool if ctx.sentence <= p.mentions.last_before(colon) < colon]
        pool = lead_in or pool
    if text and ctx.sentence < ctx.pos and _ASKED_RE.match(text, ctx.sentence, ctx.pos + 3):
        asker = [p for p in pool if p.mentions.last_before(ctx.pos) < ctx.sentence]
        pool = asker or pool
    if text:  # 'an Ann Vole goal': a name modifying a noun after an article is nobody acting
        acting = [p for p in pool if not _article_modifier(text, p.mentions.last_before(ctx.pos))] or pool
        second = second_subject(acting, text, ctx.previous, ctx.sentence, ctx.pos)  # 'but Tom Reed rejected it'
        pool = [second] if second is not None else outside_report(
            asked_person(acting, text, ctx.previous, ctx.sentence, ctx.pos), ctx, text)
        firsts = [_first_from(p.mentions, ctx.previous) for p in pool]  # 'Reed's rival Tom Vole was ... He said'
        pool = previous_subject(pool, firsts, text, ctx.previous, ctx.sentence, ctx.pos)
    subjects = [p for p in pool if p.salient.last_before(ctx.pos) >= ctx.sentence]
    return subjects or pool


def outside_report(pool: Sequence[Person], ctx: Context, text: str) -> Sequence[Person]:
    """Return the pool without the people the sentence before the pronoun's
    names last inside what its subject reports (in a report nested in it too:
    'Ann Vole said she had met Tom Reed, who told her "...". He added: ...':
    Vole, not Reed), when that subject is of the
    pool, named first there with a speech cue after it and not as an owner
    ("Asked about Reed's charges, Vole said": Reed's is no subject), and
    nobody of the pool is named in the pronoun's own sentence before it; else
    the pool (never empty).  What a speaker reports is their topic, like a
    name inside quote marks, whether or not its person spoke before ('Vole
    said that voters backed Reed. "...," he said': Vole, issue #31)."""
    if ctx.previous >= ctx.sentence:
        return pool
    last = [p.mentions.last_before(ctx.pos) for p in pool]
    if any(at >= ctx.sentence for at in last):
        return pool
    named = [at for at in last if ctx.previous <= at]
    subject = min(named, default=-1)
    shape = _shape(text, subject)
    if subject < 0 or _first_from_any(pool, ctx.previous) != subject or not shape[0] or shape[3]:
        return pool
    own = next(p.last for p, at in zip(pool, last, strict=True) if at == subject)
    kept = [p for p, at in zip(pool, last, strict=True) if not (at > subject and _shape(text, at)[2] and (
        p.spoke.last_before(ctx.pos) > subject or topic_only(text, at, p.last, own)))]
    return kept if kept else pool


def _first_from_any(pool: Sequence[Person], lo: int) -> int:
    """Return the first mention at or after lo of any person of the pool."""
    return min((_first_from(p.mentions, lo) for p in pool), default=-1)


_COLON_QUOTE_RE = re.compile(r":\s*[\"\u201c]")


def _quote_colon(text: str, ctx: Context) -> int:
    """Return where the colon stands that opens the quote a post-posed
    pronoun closes in its sentence ('an answer from Judge Vole: "...," he
    wrote'), else -1."""
    if ctx.pos <= ctx.sentence or not POSTPOSED_RE.search(text, max(ctx.sentence, ctx.pos - 4), ctx.pos):
        return -1
    colon = text.rfind(":", ctx.sentence, ctx.pos)
    return colon if colon >= 0 and _COLON_QUOTE_RE.match(text, colon) else -1


def _article_modifier(text: str, at: int) -> bool:
    """True when the mention at `at` stands between an article and a lowercase
    noun ("an Ann Vole strike", "the Vole family"; not "the book accuses Vole
    of": namemodifiers): it names no one acting."""
    m = _NAME_END_RE.match(text, at) if at >= 0 else None
    return m is not None and article_modifier(text, at, m.end())


@lru_cache(maxsize=1)
def weights() -> tuple[float, ...]:
    """Return the fitted weights, in FEATURES' order (a missing feature weighs 0)."""
    table = json.loads(WEIGHTS_PATH.read_text(encoding="utf-8"))["weights"]
    return tuple(float(table.get(name, 0.0)) for name in FEATURES)


def choose(pool: Sequence[Person], ctx: Context, gender: str | None,
           proxies: frozenset[str] | set[str] = frozenset(), table: Sequence[float] | None = None,
           text: str = "") -> Person | None:
    """Return the person of the pool with the highest score (ties: the person
    met first), or None for an empty pool; `text` is the article's."""
    if not pool:
        return None
    ctx = whole_quote(text, ctx) if text else ctx
    pool = narrow(pool, ctx, text)
    if len(pool) == 1:
        return pool[0]
    w = weights() if table is None else table
    rows = features(pool, ctx, gender, proxies, text)
    scores = [sum(a * b for a, b in zip(w, row, strict=True)) for row in rows]
    best = max(range(len(pool)), key=lambda k: (scores[k], -pool[k].order))
    return pool[best]
