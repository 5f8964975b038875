"""Where a pronoun speaker stands: its sentence, the sentence before, its paragraph, and
the clause a post-posed "..., he said" closes.

Owns reading a pronoun's surroundings for the antecedent choice
(indexer.annotate.attribution.pronouns.antecedents) and the rules that read the same
sentences ("it said" bodies, a spokesman's body, a written speaker): `context_at` (sentence
starts found in a bounded window back to the paragraph's start), `whole_quote` (a
post-posed pronoun's one turn, the quote it closes, read from where that quote opens).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import CUE_RE

# a stop (closing brackets after it allowed) before a capital; no bare line break nor "p.m. and" (pronounleads' are)
_SENTENCE_END_RE = re.compile(r"[.!?][\"'\u201d\u2019)]*\s+(?=[\"'\u201c\u2018(]?[A-Z])")
_ABBREVIATION_END_RE = re.compile(r"(?:\b(?:Mr|Mrs|Ms|Dr|St|Jr|Sr|Gov|Sen|Rep|Prof|Gen)|\b[A-Z])\.$")


@dataclass(frozen=True, slots=True)
class Context:
    """Where a pronoun stands: its position, sentence, previous sentence, paragraph."""

    pos: int
    sentence: int
    previous: int
    paragraph: int
    # where the clause a post-posed "..., he said" closes starts (its sentence, or past
    # its last colon); -1 when the pronoun is not after what it reports
    content: int = -1


def context_at(text: str, pos: int) -> Context:
    """Return the Context of position pos in `text` (sentence starts found in
    a bounded window back to the paragraph's start, a line break)."""
    para = text.rfind("\n", 0, pos) + 1
    lo = max(para, pos - 800)
    ends = _sentence_ends(text, lo, pos)
    sentence = ends[-1] if ends else lo
    previous = ends[-2] if len(ends) > 1 else lo
    if not ends and lo == para:  # the paragraph's first sentence: the one before ends the previous paragraph
        before = len(text[:para].rstrip())
        start = max(text.rfind("\n", 0, before) + 1, before - 800)
        previous = (_sentence_ends(text, start, before) or [start])[-1]
    return Context(pos, sentence, previous, para, _content_start(text, sentence, pos))


_CLOSED_QUOTE_RE = re.compile(r"[\"\u201d]\s*$")


def whole_quote(text: str, ctx: Context) -> Context:
    """Return ctx with the sentence (and the one before) of where the quote
    a post-posed pronoun closes opens, when that quote holds sentence ends
    ('"It is 12%. They see it," he says': the quote is the speaker's one
    turn, what comes before it is what names them); else ctx."""
    closing = _CLOSED_QUOTE_RE.search(text, max(ctx.sentence, ctx.pos - 4), ctx.pos)
    if closing is None:
        return ctx
    at = closing.start()
    opening = max(text.rfind('"', ctx.paragraph, at), text.rfind("\u201c", ctx.paragraph, at))
    if not ctx.paragraph <= opening < ctx.sentence:
        return ctx
    start = context_at(text, opening)
    return Context(ctx.pos, start.sentence, start.previous, ctx.paragraph, ctx.content)


POSTPOSED_RE = re.compile(r"[,\"'\u201d\u2019]\s*$")
# the pronoun, its cue and a few words closing the sentence: "he said." / "he told the BBC."
_CLOSING_CUE_RE = re.compile(r"\w+\s+[^.!?:\"\u201c\u2018\n]{0,60}?[.!?]")


def _content_start(text: str, sentence: int, pos: int) -> int:
    """Return where the reported clause before a post-posed pronoun cue starts
    ('Mr Reed has "..." for the job, he said.': the sentence's start; 'Vole
    fired back: "...," he wrote.': past the colon), or -1 when the pronoun is
    not after a comma or a closing quote mark, does not close its sentence
    ('When Vole ruled, he acknowledged that ...') or the clause has a cue of
    its own ('Vole says the plan works, he said': Vole speaks in it)."""
    if pos <= sentence or not POSTPOSED_RE.search(text, max(sentence, pos - 4), pos) \
            or not _CLOSING_CUE_RE.match(text, pos):
        return -1
    start = max(sentence, text.rfind(":", sentence, pos) + 1)
    return -1 if CUE_RE.search(text, start, pos) else start


def _sentence_ends(text: str, lo: int, hi: int) -> list[int]:
    """Return where the sentences after the first of text[lo:hi] start (one
    starting at hi too: "Vole left. He said", the pronoun opens its own)."""
    # the end's lookahead reads the capital after it: a search cut at hi
    # could not see the sentence the pronoun at hi opens
    return [m.end() for m in _SENTENCE_END_RE.finditer(text, lo, hi + 2)
            if m.end() <= hi and not _ABBREVIATION_END_RE.search(text, max(0, m.start() - 4), m.start() + 1)]
