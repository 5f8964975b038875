"""Entity outlines: what a speaker or institution page needs about ALL of
an entity's quotes, without building them.

Owns EntityOutline and outline_for().  One pass over the entity's
paragraphs' stored fields keeps, per paragraph, only its place in quote
order and how many of the entity's statements it lists, plus the counts the
page shows over everything (timeline, undated, roles, institutions, who
speaks for or about an institution).  Statements are quotes mode's units
(issue #33): copies of a quote (the same speaker and words, one copy group
of search.features.quotegroups, read from the commit's `said_group` column
at each quote document: its paragraph's docnum + qi + 1) fold under the
first in the outline's order and count once; a quote in no group counts
alone.  A page of quotes is then cut from the
cumulative counts (search.entities), so only that page's quotes become
QuoteRecords and get their "also in" lookups: a speaker with 50,000 quotes
no longer builds 50,000 records (and a 111 MB page) per request.  Outlines
are kept per searcher, the most recently used MAX_OUTLINES of them.
"""
from __future__ import annotations

import datetime as dt
import threading
from array import array
from bisect import bisect_right
from collections import Counter, OrderedDict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from onrecord.search.model import FacetValue, Visibility
from onrecord.search.query.visibility import visibility_key
from onrecord.search.storage.documents import load_quote_dicts, split_stored
from onrecord.search.storage.reading.whoosh_internals import stored_fields_reader
from onrecord.search.storage.schema import UNDATED_KEY, join_names

if TYPE_CHECKING:  # the view keeps an OutlineCache: imported for the annotation only
    from onrecord.search.features.commitview import CommitView

EntityKind = Literal["speaker", "institution"]
MAX_OUTLINES = 16  # per searcher; an outline costs 8 bytes per paragraph plus its counts
# Words that do not identify an institution in a speaker's role.
_GENERIC_WORDS = frozenset({"the", "of", "for", "and", "service", "services", "office",
                            "department", "ministry", "agency"})


@dataclass(slots=True)
class EntityOutline:
    """An entity's paragraphs in quote order (date, undated last, then
    article id and paragraph number) with cumulative counts of the
    statements it lists (verbatim quotes and reported speech together, a
    copy group once, at its first quote), and the counts over all of them;
    `reported` of them are reported speech.  `copies` maps a listed
    statement's quote docnum to how many copies fold under it; `folded`
    holds the quote docnums of those copies (listed nowhere)."""

    docnums: array = field(default_factory=lambda: array("q"))
    ends: array = field(default_factory=lambda: array("q"))  # statements in paragraphs [0, i]
    reported: int = 0
    copies: dict[int, int] = field(default_factory=dict)
    folded: frozenset[int] = frozenset()
    first_day: int = 0  # oldest and newest date ordinal of a paragraph holding any of its quotes (0: none)
    last_day: int = 0
    timeline: list[tuple[str, int]] = field(default_factory=list)
    undated: int = 0
    roles: list[FacetValue] = field(default_factory=list)
    institutions: list[FacetValue] = field(default_factory=list)
    speakers_for: list[FacetValue] = field(default_factory=list)
    speakers_about: list[FacetValue] = field(default_factory=list)

    @property
    def statement_count(self) -> int:
        """Return how many statements the page lists: quotes and reported speech."""
        return self.ends[-1] if self.ends else 0

    @property
    def quote_count(self) -> int:
        """Return how many of the statements are quotes (verbatim or partial)."""
        return self.statement_count - self.reported

    @property
    def folded_count(self) -> int:
        """Return how many copies of listed statements fold under them."""
        return len(self.folded)

    @property
    def paragraph_count(self) -> int:
        return len(self.docnums)

    def locate(self, offset: int) -> tuple[int, int]:
        """Return (index of the paragraph holding quote number `offset`
        (0-based), how many of its quotes come before it)."""
        i = bisect_right(self.ends, offset)
        return i, offset - (self.ends[i - 1] if i else 0)


def outline_for(view: CommitView, kind: EntityKind, name: str,
                docnums: Iterable[int], collections: Visibility = None) -> EntityOutline:
    """Return the outline of `name` (its canonical spelling) whose
    paragraphs are `docnums` (those of `collections`: None, all), from the
    commit's outlines (one per name and set of collections) or built now."""
    cache = view.outlines()
    key = (kind, name, visibility_key(collections))
    found = cache.get(key)
    if found is None:
        # Built outside the lock: two threads may build the same outline
        # once, but no page waits for another entity's build.
        # The date column the engine sorts by (built once per commit): no
        # paragraph's article record is read for its date.
        column = view.sort_column("oldest_key")
        groups = view.quote_groups().ids  # quotes mode's copy groups: the page counts its units
        found = cache.put(key, build_outline(view.searcher, kind, name, docnums, column.keys, groups))
    return found


class OutlineCache:
    """The most recently used outlines of one commit (kept by its
    CommitView), shared by the threads searching it (so its order is
    changed under a lock)."""

    def __init__(self, limit: int = MAX_OUTLINES) -> None:
        self.limit = limit
        self._items: OrderedDict[tuple[str, str, str], EntityOutline] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[str, str, str]) -> EntityOutline | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: tuple[str, str, str], outline: EntityOutline) -> EntityOutline:
        with self._lock:
            self._items[key] = outline
            self._items.move_to_end(key)
            while len(self._items) > self.limit:
                self._items.popitem(last=False)
        return outline


def entity_quotes(kind: EntityKind, name: str, stored: dict[str, Any],
                  same: dict[str, bool] | None = None) -> list[tuple[int, dict[str, Any]]]:
    """Return (qi, quote dict) of the quotes of a stored paragraph that
    belong on the entity's page, in paragraph order (qi: the quote's place
    in its paragraph, its quote document being the paragraph's + qi + 1):
    a speaker's own quotes, or every quote of a paragraph naming the
    institution.  `same` memoises which raw speaker strings normalise to
    `name` (join_names on every quote was a large share of a long pass)."""
    quotes = load_quote_dicts(stored)
    if kind == "institution":
        return list(enumerate(quotes))
    same = {} if same is None else same
    mine = []
    for qi, quote in enumerate(quotes):
        speaker = str(quote.get("speaker") or "")
        if speaker not in same:
            same[speaker] = join_names([speaker]) == name
        if same[speaker]:
            mine.append((qi, quote))
    return mine


def iter_stored(searcher: Any, docnums: Iterable[int]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield (docnum, stored fields) for ascending `docnums`, read from each
    segment's stored-fields column: Whoosh's SegmentReader.stored_fields also
    checks every field name against the schema, a third of the cost here.
    Falls back to it for readers without that column."""
    leaves = searcher.reader().leaf_readers()
    starts = [offset for _leaf, offset in leaves]
    reads = [stored_fields_reader(leaf) for leaf, _offset in leaves]
    for docnum in docnums:
        at = bisect_right(starts, docnum) - 1
        yield docnum, reads[at](docnum - starts[at])


Unit = tuple[int, int, bool]  # a quote in a copy group: (its docnum, its group, reported speech?)
Placed = tuple[tuple[bool, str, str, int], int, int, int, list[Unit]]


def build_outline(searcher: Any, kind: EntityKind, name: str, docnums: Iterable[int],
                  ordinals: Sequence[int], groups: Sequence[int] | np.ndarray = ()) -> EntityOutline:
    """Return the outline made by one pass over the paragraphs' stored
    fields (`docnums` ascending; each paragraph's publication day from
    `ordinals`, the oldest_key column by docnum; each quote document's copy
    group from `groups`, QuoteGroups.ids by docnum: -1 or missing, none),
    keeping no stored dict and no quote beyond its paragraph."""
    # Per paragraph: (sort key, docnum, quotes in no group, reported ones of
    # them, the quotes in a group); most quotes are said once.
    order: list[Placed] = []
    tally = _Tally(kind, name)
    same: dict[str, bool] = {}
    days = _DayNames()
    docnums = list(docnums)
    maybe, group_of = _copy_lookup(groups, docnums)
    known = len(group_of)
    first_day = last_day = 0  # date ordinals of paragraphs holding its quotes (0: none)
    for docnum, stored in iter_stored(searcher, docnums):
        ordinal = ordinals[docnum]
        published = days[ordinal]
        mine = entity_quotes(kind, name, stored, same)
        if docnum in maybe:
            their_groups = [group_of[docnum + qi + 1] if docnum + qi + 1 < known else -1 for qi, _q in mine]
            alone, reported, grouped = _split_groups(docnum, mine, their_groups)
        else:  # inline: a call per paragraph showed in a long pass
            alone, reported, grouped = len(mine), 0, []
            for _qi, quote in mine:
                if quote.get("kind") == "indirect":
                    reported += 1
        tally.add(stored, published, mine, their_groups if grouped else None)
        if mine and published:
            first_day = min(first_day or ordinal, ordinal)
            last_day = max(last_day, ordinal)
        order.append(((published is None, published or "", str(stored.get("doc_id")), int(stored["n"])),
                      docnum, alone, reported, grouped))
    return _finish_outline(order, tally, first_day, last_day)


class _DayNames(dict[int, str | None]):
    """Publication days by date ordinal: ISO dates, None for an undated
    paragraph's key; each made on its first look-up (a dict's hit stays
    as fast as a plain dict's: build_outline's pass looks one up per paragraph)."""

    def __missing__(self, ordinal: int) -> str | None:
        day = dt.date.fromordinal(ordinal).isoformat() if 0 < ordinal < UNDATED_KEY else None
        self[ordinal] = day
        return day


def _copy_lookup(groups: Sequence[int] | np.ndarray, docnums: list[int]) -> tuple[set[int], list[int]]:
    """Return the paragraphs of `docnums` that may hold a quote in a copy
    group (_may_hold_copies) and `groups` as a list (empty when none may)."""
    ids = np.asarray(groups, dtype=np.int64)
    maybe = _may_hold_copies(ids, docnums)
    return maybe, (ids.tolist() if maybe else [])  # Python ints: numpy's scalar indexing is slow


def _finish_outline(order: list[Placed], tally: _Tally, first_day: int, last_day: int) -> EntityOutline:
    """Return the outline of `tally` spanning `first_day` to `last_day` (date
    ordinals), its quotes folded in the order of `order` (sorted here)."""
    order.sort()
    outline = tally.outline()
    outline.first_day, outline.last_day = first_day, last_day
    return _fold_in_order(order, outline)


def _may_hold_copies(ids: np.ndarray, docnums: list[int]) -> set[int]:
    """Return the paragraph docnums (of ascending `docnums`) that may hold a
    quote in a copy group (`ids` >= 0): a paragraph's quote documents come
    right after it, so before the next of `docnums`.  Most paragraphs hold
    none, and their quotes then need no look-up."""
    shared = np.flatnonzero(ids >= 0)
    if not len(shared) or not docnums:
        return set()
    paras = np.asarray(docnums, dtype=np.int64)
    after = np.searchsorted(shared, paras, side="right")
    ends = np.append(paras[1:], len(ids))
    found = after < len(shared)
    found[found] = shared[after[found]] < ends[found]
    return set(paras[found].tolist())


def _split_groups(docnum: int, mine: list[tuple[int, dict[str, Any]]],
                  groups: list[int]) -> tuple[int, int, list[Unit]]:
    """Return (how many of a paragraph's quotes `mine` are in no copy
    group, how many of those are reported speech, the others as Units)."""
    reported = alone = 0
    grouped: list[Unit] = []
    for (qi, quote), group in zip(mine, groups, strict=True):
        if group < 0:
            alone += 1
            reported += quote.get("kind") == "indirect"
        else:
            grouped.append((docnum + qi + 1, group, quote.get("kind") == "indirect"))
    return alone, reported, grouped


def _fold_in_order(order: list[Placed], outline: EntityOutline) -> EntityOutline:
    """Return `outline` with the paragraphs in quote `order`: each copy
    group listed at its first quote, its later copies folded under it."""
    first_of: dict[int, int] = {}  # copy group -> quote docnum listed for it
    folded: set[int] = set()
    total = reported = 0
    for _key, docnum, alone, alone_reported, grouped in order:
        total += alone
        reported += alone_reported
        for at, group, indirect in grouped:
            lead = first_of.setdefault(group, at)
            if lead != at:
                folded.add(at)
                outline.copies[lead] = outline.copies.get(lead, 0) + 1
                continue
            total += 1
            reported += indirect
        outline.docnums.append(docnum)
        outline.ends.append(total)
    outline.folded = frozenset(folded)
    outline.reported = reported
    return outline


class _Tally:
    """The counts an entity page shows, accumulated paragraph by paragraph:
    an institution's timeline counts its paragraphs (a speaker's counts
    statements: _fold_in_order)."""

    def __init__(self, kind: EntityKind, name: str) -> None:
        self.kind, self.name = kind, name
        self.months: Counter[str] = Counter()
        self.undated = 0
        self.roles: Counter[str] = Counter()
        self.institutions: Counter[str] = Counter()
        self.voices: Counter[str] = Counter()
        self.others: Counter[str] = Counter()
        self.counted: set[tuple[int, str]] = set()  # (copy group, value) counted

    def count_month(self, month: str) -> None:
        """Count one more on the timeline in `month` ("": undated)."""
        if month:
            self.months[month] += 1
        else:
            self.undated += 1

    def add(self, stored: dict[str, Any], published: str | None,
            mine: list[tuple[int, dict[str, Any]]], groups: list[int] | None) -> None:
        """Count a paragraph's quotes `mine` ((qi, quote dict) each; `groups`
        their copy groups, None when none is in one): a copy group once per
        value (a month, a role, a voice), as quotes mode's histogram and
        facets count; an institution's timeline counts paragraphs."""
        month = published[:7] if published else ""
        if self.kind == "speaker" and groups is None:  # plain loops: Counter.update() cost a tenth of the pass
            if month:  # count_month inlined: a call per paragraph showed in a long pass
                self.months[month] += len(mine)
            else:
                self.undated += len(mine)
            for _qi, quote in mine:
                role = quote.get("role")
                if role:
                    self.roles[str(role)] += 1
        elif self.kind == "speaker" and groups is not None:
            for (_qi, quote), group in zip(mine, groups, strict=True):
                if self._first(group, "\0" + month):  # "\0": no role or name is a month
                    self.count_month(month)
                role = quote.get("role")
                if role and self._first(group, str(role)):
                    self.roles[str(role)] += 1
        if self.kind == "speaker":
            for institution in split_stored(stored.get("institution")):
                self.institutions[institution] += 1
            return
        self.count_month(month)
        for (_qi, quote), group in zip(mine, groups or [-1] * len(mine), strict=True):
            speaker = quote.get("speaker")
            if speaker and (group < 0 or self._first(group, str(speaker))):
                speaks_for = _speaks_for(quote.get("role"), self.name)
                (self.voices if speaks_for else self.others)[str(speaker)] += 1

    def _first(self, group: int, value: str) -> bool:
        """Return False if copy group `group` already counted `value`."""
        if group < 0:
            return True
        if (group, value) in self.counted:
            return False
        self.counted.add((group, value))
        return True

    def outline(self) -> EntityOutline:
        about = Counter({s: c for s, c in self.others.items() if s not in self.voices})
        return EntityOutline(timeline=sorted(self.months.items()), undated=self.undated,
                             roles=_ranked(self.roles), institutions=_ranked(self.institutions),
                             speakers_for=_ranked(self.voices), speakers_about=_ranked(about))


def _speaks_for(role: Any, institution: str) -> bool:
    """A speaker speaks FOR an institution when their role names it: every
    distinctive word of its name is in the role ("Metropolitan Police
    Service" -> "Metropolitan Police Commissioner"), or its acronym is
    ("IOPC director").  Any other voice in its paragraphs speaks ABOUT it."""
    words = set(str(role or "").casefold().replace(",", " ").split())
    if not words:
        return False
    core = [w for w in institution.casefold().split() if w not in _GENERIC_WORDS]
    return (bool(core) and all(w in words for w in core)) or _acronym(institution) in words


def _acronym(name: str) -> str:
    letters = "".join(w[0] for w in name.split() if w[:1].isupper())
    return letters.casefold() if len(letters) > 1 else "\0"


def _ranked(counts: Counter[str]) -> list[FacetValue]:
    return [FacetValue(v, c) for v, c in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]
