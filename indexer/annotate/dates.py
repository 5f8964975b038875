"""Date annotation: which dates a paragraph talks about, as ISO strings.

Owns date finding in free text and the annotate stage that fills
Paragraph.dates.  Precision follows the text: "5 June 2020" is
"2020-06-05", "June 2020" is "2020-06" and "in 2020" is "2020", so
Paragraph.dates may hold ISO dates of day, month or year precision (all
sort correctly as strings).

Dates without a year ("June 6", "on Monday", "last June", "yesterday") are
resolved against the article's publication date and skipped when it is
unknown: guessing a year would put paragraphs on wrong timelines.  A
day-and-month takes the publication year, unless that lands more than
six months after publication, in which case the previous year is meant
("December 20" in a January article).  Vague spans ("last week", "recently")
and slash dates ("5/6/2020", whose day/month order is ambiguous) are skipped.
"""
from __future__ import annotations

import datetime as dt
import re
from bisect import bisect_left, insort
from collections.abc import Callable
from dataclasses import dataclass

from onrecord.indexer.budget import check
from onrecord.indexer.lexicon import words
from onrecord.search import Article, Deadline

MONTHS: dict[str, int] = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6,
    "july": 7, "august": 8, "september": 9, "october": 10, "november": 11,
    "december": 12, "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6,
    "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12,
}
WEEKDAYS: dict[str, int] = {
    "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4,
    "saturday": 5, "sunday": 6,
}
# Month names are matched capitalised only: "may" is a verb, "march" too.
# Each pattern starts with a literal or a character class, which lets the
# regex engine skip ahead fast; word checks the class cannot express are
# made by the resolvers.  Month names match capitalised only: "may".
_MON = (r"(?P<mon>(?:January|February|March|April|May|June|July|August|September|October|"
        r"November|December|Sept|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b)\.?")
_DAY = r"(?P<day>\d\d?)(?:st|nd|rd|th)?(?!\d)"
_YEAR = r"(?P<year>1[6-9]\d\d|2[01]\d\d)(?![\d,]\d)"
_WEEKDAY = r"(?P<wd>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
# Checked on the text before a match, not inside the big patterns: a
# leading optional group stops the regex engine from skipping ahead fast.
_WEEKDAY_BEFORE = re.compile(r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),?\s+(?:the\s+)?$")
_YEAR_CUE_BEFORE = re.compile(
    r"(?<![\w-])(?:[Ii]n|[Ss]ince|[Bb]y|[Uu]ntil|[Tt]ill|[Ff]rom|[Bb]etween|and|[Dd]uring|"
    r"[Bb]efore|[Aa]fter|early|late|[Tt]hroughout)\s+$|(?<![\w-])mid-$")
# "Theresa May 2017", "Mrs May": a month after a first name or a title is a surname
_WORD_BEFORE = re.compile(r"([A-Z][a-z]+)\.?\s+$")
_NAME_BEFORE_MONTH = words("female", "male", "titles_female", "titles_male")

@dataclass(frozen=True, slots=True)
class DateMention:
    """A date found in a text: ISO string (YYYY, YYYY-MM or YYYY-MM-DD) and
    offsets relative to that text."""

    iso: str
    start: int
    end: int
    surface: str


Resolver = Callable[[re.Match[str], dt.date | None], "tuple[str, int] | None"]


def _day_iso(year: int, month: int, day: int) -> str | None:
    try:
        return dt.date(year, month, day).isoformat()
    except ValueError:
        return None  # "February 30" and friends are not dates


def _month(m: re.Match[str]) -> int:
    return MONTHS[m.group("mon").rstrip(".").lower()]


# An impossible full date ("31 April 2020") still claims its span, so that
# "April 2020" inside it is not reported instead; it is dropped at the end.
_INVALID = ""


def _ranked(iso: str | None, priority: int) -> tuple[str, int] | None:
    return (iso, priority) if iso else None


def _resolve_iso(m: re.Match[str], _: dt.date | None) -> tuple[str, int] | None:
    return _ranked(_day_iso(int(m.group("year")), int(m.group("m")), int(m.group("day"))), 0)


def _resolve_month_first(m: re.Match[str], pub: dt.date | None) -> tuple[str, int] | None:
    """"June 5, 2020", "June 2020", "June last year", "June 6"."""
    month, day = _month(m), m.group("day")
    year = int(m.group("year")) if m.group("year") else None
    if m.group("rel"):
        year = _relative_year(m.group("rel"), pub)
        if year is None:
            return None
    if day and year:
        return _day_iso(year, month, int(day)) or _INVALID, 0
    if year:
        return f"{year:04d}-{month:02d}", 1
    if day:
        return _ranked(_day_without_year(month, int(day), pub), 2)
    return None  # a bare month name: no year to place it in


def _resolve_day_first(m: re.Match[str], pub: dt.date | None) -> tuple[str, int] | None:
    """"5 June 2020", "6th of June", "6 June"."""
    if m.group("year"):
        return _day_iso(int(m.group("year")), _month(m), int(m.group("day"))) or _INVALID, 0
    return _ranked(_day_without_year(_month(m), int(m.group("day")), pub), 2)


def _day_without_year(month: int, day: int, pub: dt.date | None) -> str | None:
    if pub is None:
        return None
    iso = _day_iso(pub.year, month, day)
    if iso and dt.date.fromisoformat(iso) > pub + dt.timedelta(days=183):
        return _day_iso(pub.year - 1, month, day)
    return iso


def _relative_year(rel: str, pub: dt.date | None) -> int | None:
    return pub.year + {"last": -1, "this": 0, "next": 1}[rel.lower()] if pub else None


def _resolve_day_word(m: re.Match[str], pub: dt.date | None) -> tuple[str, int] | None:
    """"yesterday", "today", "tonight", "tomorrow"."""
    word = m.group("word").lower()
    if pub is None or word not in ("yesterday", "today", "tonight", "tomorrow"):
        return None
    offset = {"yesterday": -1, "tomorrow": 1}.get(word, 0)
    return (pub + dt.timedelta(days=offset)).isoformat(), 2


def _resolve_relative(m: re.Match[str], pub: dt.date | None) -> tuple[str, int] | None:
    """"last year", "next year", "last month", "last June", "last Monday"."""
    rel, word = m.group("rel").lower(), m.group("word")
    if rel not in ("last", "this", "next"):
        return None  # "Text year", "Past month": the class matched a non-cue
    if pub is None or (rel != "last" and word != "year"):
        return None  # "this June", "next Monday": too vague to place
    if word == "year":
        return str(_relative_year(rel, pub)), 2
    if word == "month":
        last = pub.replace(day=1) - dt.timedelta(days=1)
        return f"{last.year}-{last.month:02d}", 2
    if m.group("wd"):
        return _resolve_weekday(m, pub)
    month = _month(m)  # "last June": the latest June before this month
    return f"{pub.year if month < pub.month else pub.year - 1}-{month:02d}", 1


def _resolve_weekday(m: re.Match[str], pub: dt.date | None) -> tuple[str, int] | None:
    """"on Monday", "last Monday": the latest such day before publication."""
    if pub is None:
        return None
    back = (pub.weekday() - WEEKDAYS[m.group("wd").lower()]) % 7 or 7
    return (pub - dt.timedelta(days=back)).isoformat(), 2


def _resolve_year(m: re.Match[str], _: dt.date | None) -> tuple[str, int] | None:
    """A bare year counts only after a cue ("in 2020", "between 2023 and
    2025"): otherwise "2000 people" or "Windows 2000" would be dates."""
    before = m.string[max(0, m.start() - 12):m.start()]
    return (m.group("year"), 3) if _YEAR_CUE_BEFORE.search(before) else None


# "June 6, 2020", "June 2020", "June last year": it matches wherever a month word stands
_MONTH_FIRST_RE = re.compile(_MON + r"(?:\s+" + _DAY + r")?(?:,?\s+(?:of\s+)?" + _YEAR
                             + r"|,?\s+(?P<rel>last|this|next)\s+year\b)?")
# "6 June 2020", "6th of June": a month word in it, so a text where _MONTH_FIRST_RE
# matches nowhere holds no match of it (find_dates skips its scan there)
_DAY_FIRST_RE = re.compile(_DAY + r"(?:\s+of)?\s+" + _MON + r"(?:,?\s+" + _YEAR + r")?")

# Each pattern's resolver returns (iso, priority): lower priority wins an
# overlap, then the longer span, so "Saturday, 6 June 2020" beats "on
# Saturday" and "June last year" beats "last year".  Group "d", when
# present, is the reported surface.  Patterns start with literal text so
# the regex engine can skip ahead quickly; boundaries are checked after.
# The strings after a resolver: a text holding none of them cannot match
# (a substring test is far cheaper than a scan stopping at every "t").
_RULES: list[tuple[re.Pattern[str], Resolver, tuple[str, ...]]] = [
    (re.compile(r"(?P<year>[12]\d{3})-(?P<m>[01]\d)-(?P<day>[0-3]\d)(?![\d-])"), _resolve_iso, ("-",)),
    (_MONTH_FIRST_RE, _resolve_month_first, ()),
    (_DAY_FIRST_RE, _resolve_day_first, ()),
    (re.compile(r"(?P<word>[YyTt](?:esterday|oday|onight|omorrow))\b"
                r"(?!['’]s\s+(?:show|programme)|\s+(?:programme|show|newspaper))"), _resolve_day_word,
     ("esterday", "oday", "onight", "omorrow")),
    (re.compile(r"(?P<rel>[LlTtNn](?:ast|his|ext))\s+(?P<word>year\b|month\b|"
                + _WEEKDAY + r"\b|" + _MON + ")"), _resolve_relative, ("ast", "his", "ext")),
    (re.compile(r"[Oo]n\s+(?P<d>" + _WEEKDAY + r")\b"), _resolve_weekday, ("day",)),
    (re.compile(r"(?P<d>" + _YEAR + r")\b(?!\s*(?:%|per\b|people|pounds))"), _resolve_year, ("1", "2")),
]
# the resolvers that place nothing without a publication date ("yesterday", "last year", "on
# Monday"): find_dates skips their rules' scans for an undated text (a third of its time there)
_DATED_ONLY: frozenset[Resolver] = frozenset({_resolve_day_word, _resolve_relative, _resolve_weekday})
_UNDATED_RULES = [rule for rule in _RULES if rule[1] not in _DATED_ONLY]



def _name_before(text: str, at: int) -> bool:
    """Return True if a first name or a title ends right before `at`
    (the month word there is then a surname: "Theresa May", "Mrs May")."""
    word = _WORD_BEFORE.search(text, max(0, at - 16), at)
    return word is not None and word.group(1).lower() in _NAME_BEFORE_MONTH

def find_dates(text: str, published: dt.date | None) -> list[DateMention]:
    """Return the dates mentioned in `text`, in text order, without
    overlaps.  Relative and year-less dates need `published`; without it
    they are skipped.  Offsets are relative to `text`."""
    candidates: list[tuple[int, int, int, int, DateMention]] = []
    month = False  # whether _MONTH_FIRST_RE matched: the day-first rule needs its month word
    for pattern, resolve, needs in _RULES if published is not None else _UNDATED_RULES:
        if needs and not any(n in text for n in needs) or pattern is _DAY_FIRST_RE and not month:
            continue
        for m in pattern.finditer(text):
            month = month or pattern is _MONTH_FIRST_RE
            first = m.start()
            if first and (text[first - 1].isalnum() or text[first - 1] == "_" or (
                    text[first - 1] == "-" and not text.endswith("mid-", 0, first))):
                continue  # inside a word or number: "Amazon", "12-2020"
            if "mon" in pattern.groupindex and _name_before(text, first):
                continue  # "Theresa May 2017" is a person
            found = resolve(m, published)
            if found is None:
                continue
            start, end = m.span("d") if "d" in pattern.groupindex else m.span()
            lead = _WEEKDAY_BEFORE.search(text, max(0, start - 16), start)
            if lead and found[1] < 3:  # "Saturday, 6 June 2020" reads as one date
                start = lead.start()
            mention = DateMention(found[0], start, end, text[start:end])
            candidates.append((found[1], start - end, start, end, mention))
    taken: list[tuple[int, int]] = []  # sorted, disjoint: only the last one starting before end can overlap
    kept: list[DateMention] = []
    for _, _, start, end, mention in sorted(candidates, key=lambda c: c[:3]):
        i = bisect_left(taken, (end,)) - 1
        if i < 0 or taken[i][1] <= start:
            insort(taken, (start, end))
            if mention.iso != _INVALID:
                kept.append(mention)
    return sorted(kept, key=lambda d: d.start)


def annotate_dates(article: Article, *, deadline: Deadline | None = None) -> Article:
    """Return a copy of `article` whose paragraphs list the sorted unique
    ISO dates they mention, resolved against article.meta.published.
    Checks `deadline` (DeadlineExceeded) before each paragraph."""
    published = article.meta.published
    paragraphs = []
    for p in article.paragraphs:
        check(deadline)
        paragraphs.append(p.copy(dates=sorted({d.iso for d in find_dates(p.text, published)})))
    return article.with_paragraphs(paragraphs)
