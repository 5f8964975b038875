"""Turning a paragraph's plain text plus annotation spans into safe HTML.

Owns the one place where the web layer builds markup by hand: every piece of
text is escaped, and the only tags emitted come from a fixed table keyed by
span kind.  Spans may overlap arbitrarily (a query word inside a quote, a
speaker mention straddling a cue); overlapping elements are split and
reopened so the output is always well-nested HTML.  Also owns what a quote
shows of its speaker without hovering (the resolved name after the quote,
the evidence as lines the article page puts behind a disclosure: a touch
screen has no tooltips) and `safe_href`, which keeps user-supplied URLs
from becoming `javascript:` links.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from markupsafe import Markup, escape

from onrecord.search import KIND_LABELS, USER_SOURCE, Paragraph, Quote, format_partial, parse_iso_partial

# kind -> (tag, css class); the class names are constants, never user input.
SPAN_TAGS: dict[str, tuple[str, str | None]] = {
    "mark": ("mark", None),
    "quote": ("span", "quote"),
    # a partial or reported quote's clause: paraphrase, its verbatim pieces "quote" spans inside it
    "reported": ("span", "reported"),
    "cue": ("span", "cue"),
    "speaker": ("span", "speaker-mention"),
    # Words a later version added or dropped (web.pages.changes).
    "ins": ("ins", None),
    "del": ("del", None),
}
# When two spans start together and end together, which one goes outside.
_KIND_ORDER = {"ins": 0, "del": 0, "reported": 1, "quote": 2, "speaker": 3, "cue": 4, "mark": 5}


@dataclass(frozen=True, slots=True)
class Span:
    """A half-open [start, end) range of a text to wrap in the tag for `kind`;
    `title` becomes the element's tooltip."""

    start: int
    end: int
    kind: str
    title: str | None = None


def render_spans(text: str, spans: Iterable[Span],
                 inserts: Sequence[tuple[int, Markup]] = ()) -> Markup:
    """Return `text` escaped, with each span wrapped in its tag and each
    `inserts` item (position, safe markup) placed at its position, outside
    every span (those open there are closed and reopened around it).

    Spans are clipped to the text; empty spans are dropped.  Where spans
    cross, the inner element is closed and reopened so tags nest properly.
    Raises ValueError for a span kind not in SPAN_TAGS.
    """
    usable = _clip_spans(text, spans)
    placed = [(min(max(0, pos), len(text)), markup) for pos, markup in inserts]
    if not usable and not placed:
        return Markup(escape(text))
    cuts = sorted({0, len(text)} | {s.start for s in usable} | {s.end for s in usable}
                  | {pos for pos, _m in placed})
    out: list[str] = []
    stack: list[Span] = []
    for pos, nxt in zip(cuts, cuts[1:] + [None], strict=False):
        _close_ending(stack, pos, out)
        _insert_at(stack, [str(m) for at, m in placed if at == pos], out)
        starting = [s for s in usable if s.start == pos]
        for span in sorted(starting, key=_nesting_key):
            out.append(_open_tag(span))
            stack.append(span)
        if nxt is not None:
            out.append(str(escape(text[pos:nxt])))
    _close_ending(stack, len(text), out)
    return Markup("".join(out))


def _clip_spans(text: str, spans: Iterable[Span]) -> list[Span]:
    """Return the spans clipped to [0, len(text)], dropping empty ones."""
    usable: list[Span] = []
    for span in spans:
        if span.kind not in SPAN_TAGS:
            raise ValueError(f"unknown span kind {span.kind!r}")
        start, end = max(0, span.start), min(len(text), span.end)
        if start < end:
            usable.append(Span(start, end, span.kind, span.title))
    return usable


def _nesting_key(span: Span) -> tuple[int, int]:
    # Longer spans open first so they enclose shorter ones and need no split.
    return (-span.end, _KIND_ORDER.get(span.kind, 9))


def _close_ending(stack: list[Span], pos: int, out: list[str]) -> None:
    """Close every open span that ends at `pos`; spans opened inside them
    that continue past `pos` are closed too and reopened afterwards."""
    if not any(s.end <= pos for s in stack):
        return
    reopen: list[Span] = []
    while any(s.end <= pos for s in stack):
        span = stack.pop()
        out.append(_close_tag(span))
        if span.end > pos:
            reopen.append(span)
    for span in sorted(reopen, key=_nesting_key):
        out.append(_open_tag(span))
        stack.append(span)


def _insert_at(stack: list[Span], markups: list[str], out: list[str]) -> None:
    """Append `markups` outside every open span: close them all, insert,
    reopen them in the same nesting."""
    if not markups:
        return
    out.extend(_close_tag(span) for span in reversed(stack))
    out.extend(markups)
    out.extend(_open_tag(span) for span in stack)


def _open_tag(span: Span) -> str:
    tag, css = SPAN_TAGS[span.kind]
    attrs = f' class="{css}"' if css else ""
    if span.title:
        attrs += f' title="{escape(span.title)}"'
    return f"<{tag}{attrs}>"


def _close_tag(span: Span) -> str:
    return f"</{SPAN_TAGS[span.kind][0]}>"


# How each kind of evidence reads in a quote's tooltip (search.model.Evidence).
EVIDENCE_LABELS = {"named": "named beside the quote", "pronoun": "from a pronoun",
                   "nominal": "from a description (e.g. 'the minister')",
                   "carried": "carried from the quote before"}


def describe_quote(quote: Quote | dict) -> str:
    """Return the tooltip for a quote: 'speaker: NAME (role)', or
    'speaker: unknown' when the quote is unattributed, then how the speaker
    was found ('named beside the quote, rule:cue_after, confidence 0.90';
    'corrected by the speakers file')."""
    data = quote if isinstance(quote, dict) else quote.to_dict()
    speaker, role = data.get("speaker"), data.get("role")
    label = f"speaker: {speaker or 'unknown'}"
    label = f"{label} ({role})" if role else label
    how = _describe_evidence(data)
    return f"{label}; {how}" if how else label


def _describe_evidence(data: dict) -> str:
    """Return how a quote's speaker was found, '' if nothing says."""
    if data.get("speaker_source") == USER_SOURCE:
        return "corrected by the speakers file"
    parts = [EVIDENCE_LABELS.get(str(data.get("evidence")), "")]
    if data.get("speaker_source"):
        parts.append(str(data["speaker_source"]))
    if isinstance(data.get("confidence"), (int, float)):
        parts.append(f"confidence {data['confidence']:.2f}")
    return ", ".join(p for p in parts if p)


def paragraph_spans(paragraph: Paragraph, term_spans: Sequence[tuple[int, int]] = (),
                    inserted: Sequence[tuple[int, int]] = ()) -> list[Span]:
    """Return the spans to draw on `paragraph`: query-term marks and words
    inserted since an earlier version (both paragraph-relative) plus each
    quote with its cue and speaker mention (absolute in the article, so
    shifted by paragraph.start)."""
    base = paragraph.start
    spans = [Span(start, end, "mark") for start, end in term_spans]
    spans += [Span(start, end, "ins") for start, end in inserted]
    for quote in paragraph.quotes:
        spans += quote_spans(quote, base)
        if quote.cue_mention:
            cue = quote.cue_mention
            spans.append(Span(cue.start - base, cue.end - base, "cue", f"cue: {cue.text}"))
        if quote.speaker_mention:
            who = quote.speaker_mention
            spans.append(Span(who.start - base, who.end - base, "speaker", describe_quote(quote)))
    return spans


def quote_spans(quote: Quote, base: int) -> list[Span]:
    """Return the spans of one quote, shifted by `base`: a direct quote is
    one "quote" span; a partial or reported one a "reported" span over its
    clause (paraphrase) with a "quote" span on each verbatim piece, so only
    the speaker's own words are shaded as a quote."""
    title = describe_quote(quote)
    if quote.kind == "direct":
        return [Span(quote.start - base, quote.end - base, "quote", title)]
    return [Span(quote.start - base, quote.end - base, "reported", f"{KIND_LABELS[quote.kind]} quote; {title}"),
            *(Span(lo - base, hi - base, "quote", title) for lo, hi in quote.pieces)]


def render_paragraph(paragraph: Paragraph, term_spans: Sequence[tuple[int, int]] = (),
                     inserted: Sequence[tuple[int, int]] = ()) -> Markup:
    """Return the paragraph's text as safe HTML with marks, inserted words,
    quote evidence and, after each quote, who said it (speaker_labels)."""
    return render_spans(paragraph.text, paragraph_spans(paragraph, term_spans, inserted),
                        speaker_labels(paragraph))


def speaker_labels(paragraph: Paragraph) -> list[tuple[int, Markup]]:
    """Return (paragraph-relative position, markup) of a small '— NAME'
    after each attributed quote, so the resolved speaker shows without a
    tooltip.  Left out where the paragraph already writes the name in full
    as the quote's speaker mention ('said Ann Jones'): only a pronoun,
    surname or description needs it (an unattributed quote's "no speaker
    found" is in quote_evidence, not repeated after every scare quote)."""
    labels = []
    for quote in paragraph.quotes:
        who = quote.speaker_mention
        written = who.text if who and paragraph.start <= who.start < paragraph.end else ""
        if not quote.speaker or _same_name(written, quote.speaker):
            continue
        html = Markup(' <span class="quote-who">— {}</span>').format(quote.speaker)
        labels.append((quote.end - paragraph.start, html))
    return labels


def _same_name(written: str, name: str) -> bool:
    """Return True if `written` is `name`, case and spacing aside."""
    return " ".join(written.split()).casefold() == " ".join(name.split()).casefold()


@dataclass(frozen=True, slots=True)
class QuoteEvidence:
    """What the article page shows, on demand, of how one quote's speaker
    was found: a few words of the quote, the speaker (and role), how
    ('from a pronoun, rule:pronoun, confidence 0.80') and the words of the
    text that named them and carried the quote."""

    excerpt: str
    speaker: str | None
    role: str | None
    how: str
    mention: str | None
    cue: str | None


EXCERPT_WORDS = 8  # words of a quote the evidence list repeats


def quote_evidence(paragraph: Paragraph) -> list[QuoteEvidence]:
    """Return the evidence of each quote of `paragraph`, in text order."""
    out = []
    for quote in paragraph.quotes:
        words = quote.text.split()
        excerpt = " ".join(words[:EXCERPT_WORDS]) + (" …" if len(words) > EXCERPT_WORDS else "")
        out.append(QuoteEvidence(
            excerpt=f"({KIND_LABELS[quote.kind]}) {excerpt}" if quote.kind != "direct" else excerpt,
            speaker=quote.speaker, role=quote.role,
            how=_describe_evidence(quote.to_dict()) or ("no speaker found" if not quote.speaker else ""),
            mention=quote.speaker_mention.text if quote.speaker_mention else None,
            cue=quote.cue_mention.text if quote.cue_mention else quote.cue))
    return out


@dataclass(frozen=True, slots=True)
class HitQuote:
    """What a quotes-mode hit shows of its matched quote, from the same
    dict /api/search returns as `quote`: the quote as cite_quote shows it
    (`cited`), its kind label, speaker and role, how the speaker is known
    and the confidence."""

    cited: str
    label: str
    speaker: str | None
    role: str | None
    evidence: str
    confidence: str


def hit_quote(quote: dict) -> HitQuote:
    """Return the facts a quotes-mode hit shows of `quote` (Hit.quote)."""
    confidence = quote.get("confidence")
    evidence = EVIDENCE_LABELS.get(str(quote.get("evidence")), "")
    if quote.get("speaker_source") == USER_SOURCE:
        evidence = "corrected by the speakers file"
    return HitQuote(
        cited=str(quote.get("cited") or quote.get("text") or ""),
        label=str(quote.get("label") or KIND_LABELS.get(str(quote.get("kind")), "verbatim")),
        speaker=quote.get("speaker") or None, role=quote.get("role") or None,
        evidence=evidence or ("no speaker found" if not quote.get("speaker") else ""),
        confidence=f"{confidence:.2f}" if isinstance(confidence, (int, float)) else "")


def safe_href(url: str | None) -> str | None:
    """Return `url` if it is an absolute http(s) URL, else None, so that
    article metadata can never inject a `javascript:` or `data:` link."""
    if not url:
        return None
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return None
    if parts.scheme.lower() in ("http", "https") and parts.netloc:
        return url.strip()
    return None


def format_date(value: dt.date | str | None) -> str:
    """Return a date as '5 June 2020' (a month or year stated alone as 'June
    2020' or '2020'), 'undated' for None; a string that is not an ISO date
    is returned unchanged (Jinja still escapes it)."""
    if value is None or value == "":
        return "undated"
    if isinstance(value, str):
        parsed = parse_iso_partial(value[:10])
        if parsed is None:
            return value
        value = parsed
    return format_partial(value)
