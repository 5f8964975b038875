"""Speaker values cut before their body's own name tail (issue #31).

Owns widening, after attribution, a speaker value the article never writes
without the same tail of indexer.lexicon's "name_tails" after it: a body
whose name ends in "'s" ("McDonald's announced", "Standard & Poor's has
classed": the name runs read the "'s" as an owner's and cut it off) or in
"& Co." ("Arthur J. Gallagher & Co.": the runs stop at "&").

The tail is the name's only when every time the article writes the value
the tail follows it (a name written alone anywhere is whole: "Vole said"
beside "Vole's book").  An "'s" is also an owner's, so it is the name's only
when a speaker phrase of the value is the name with its "'s" and nothing
after ("McDonald's announced", not "McDonald's spokesman said"), and the
name's last word too is never written without it: a person's surname is
written alone ("Actor Ann Vole's "fine career" was hailed ... Vole said").
"""
from __future__ import annotations

from collections.abc import Iterable

from onrecord.indexer.lexicon import words
from onrecord.search import Quote

TAILS = tuple(sorted(words("name_tails")))
_CURLY = str.maketrans("\u2019\u00a0", "' ")


def _tail_at(text: str, end: int) -> str | None:
    """Return the tail of TAILS written at text[end:] as written (with the
    space before a tail that opens on a word: " & Co."), else None."""
    for tail in TAILS:
        gap = "" if tail[0] == "'" else " "  # an "'s" is written on the name, a word after a space
        written = text[end:end + len(gap) + len(tail)]
        after = text[end + len(written):end + len(written) + 1]
        if written.translate(_CURLY).lower() == gap + tail and not after.isalnum():
            return written  # not "'sake", nor "& Co.uk"
    return None


def _only_tail(text: str, name: str) -> str | None:
    """Return the one tail (as written) the article writes after every whole-word
    `name`, None when it writes `name` once without a tail or with two tails.
    str.find, not a regex: most values are never followed by a tail."""
    found: set[str] = set()
    written: str | None = None
    at = text.find(name)
    while at >= 0:
        end = at + len(name)
        before = text[at - 1] if at else " "
        if not (before.isalnum() or before in "_'\u2019&.-") and not (text[end:end + 1].isalnum()):
            tail = _tail_at(text, end)
            if tail is None:
                return None  # written alone: a whole name
            found.add(tail.translate(_CURLY).lower())
            written = tail
        at = text.find(name, end)
    return written if len(found) == 1 else None


def _subject_phrase(quotes: Iterable[Quote], whole: str) -> bool:
    """True when a speaker phrase of `quotes` is `whole` and nothing after it."""
    flat = whole.translate(_CURLY)
    return any(q.speaker_mention is not None and q.speaker_mention.text.translate(_CURLY).endswith(flat)
               for q in quotes)


def _owns_no_noun(text: str, quotes: list[Quote], value: str, name: str, tail: str) -> bool:
    """True when the "'s" after `name` is its own: a speaker phrase of `value`
    ends in it (_subject_phrase) and `name`'s last word, too, is written only
    with it (a person's surname is written alone: "Actor Ann Vole's "fine
    career"" beside "Vole said")."""
    last = name.rsplit(None, 1)[-1]
    return _subject_phrase((q for q in quotes if q.speaker == value), name + tail) \
        and (last == name or _only_tail(text, last) is not None)


def whole_tails(text: str, quotes: list[Quote], whole: dict[str, str]) -> dict[str, str]:
    """Return `whole` (value -> the whole name the cleanup gives it) with each
    speaker value of `quotes` whose name (its whole name, else the value) the
    article writes only with one tail (_only_tail) mapped to the name with it;
    an "'s" only when it is no owner's (_owns_no_noun)."""
    widened = dict(whole)
    for value in {q.speaker for q in quotes if q.speaker}:
        name = whole.get(value, value)
        if not name[:1].isupper() or name.endswith(("'s", "\u2019s")):
            continue
        tail = _only_tail(text, name)
        if tail is None:
            continue
        if tail[0] in "'\u2019" and not _owns_no_noun(text, quotes, value, name, tail):
            continue  # an owner's "'s" ("McDonald's staff", "Ann Vole's plan"): the name stays
        widened[value] = name + tail
    return widened
