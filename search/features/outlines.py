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

from onrecord.search.model import FacetValue
from onrecord.search.storage.documents import load_quote_dicts, split_stored
from onrecord.search.storage.schema import UNDATED_KEY, join_names
from onrecord.search.storage.whoosh_internals import stored_fields_reader

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
                docnums: Iterable[int]) -> EntityOutline:
    """Return the outline of `name` (its canonical spelling) whose
    paragraphs are `docnums`, from the commit's outlines or built now."""
    cache = view.outlines()
    key = (kind, name)
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
        self._items: OrderedDict[tuple[str, str], EntityOutline] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[str, str]) -> EntityOutline | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: tuple[str, str], outline: EntityOutline) -> EntityOutline:
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
    quotes = list(enumerate(load_quote_dicts(stored)))
    if kind == "institution":
        return quotes
    same = {} if same is None else same
    mine = []
    for qi, quote in quotes:
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


def build_outline(searcher: Any, kind: EntityKind, name: str, docnums: Iterable[int],
                  ordinals: Sequence[int], groups: Sequence[int] | np.ndarray = ()) -> EntityOutline:
    """Return the outline made by one pass over the paragraphs' stored
    fields (`docnums` ascending; each paragraph's publication day from
    `ordinals`, the oldest_key column by docnum; each quote document's copy
    group from `groups`, QuoteGroups.ids by docnum: -1 or missing, none),
    keeping no stored dict and no quote beyond its paragraph."""
    order: list[tuple[tuple[bool, str, str, int], int, list[tuple[int, int, bool]]]] = []
    tally = _Tally(kind, name)
    same: dict[str, bool] = {}
    days: dict[int, str | None] = {}
    known = len(groups)
    for docnum, stored in iter_stored(searcher, docnums):
        ordinal = ordinals[docnum]
        if ordinal not in days:
            days[ordinal] = (dt.date.fromordinal(ordinal).isoformat()
                             if 0 < ordinal < UNDATED_KEY else None)
        published = days[ordinal]
        mine = entity_quotes(kind, name, stored, same)
        # (quote docnum, its copy group or -1, reported speech?) per quote.
        units = []
        for qi, quote in mine:
            at = docnum + qi + 1
            units.append((at, int(groups[at]) if at < known else -1, quote.get("kind") == "indirect"))
        tally.add(stored, published, [(unit[1], quote) for unit, (_qi, quote) in zip(units, mine, strict=True)])
        if mine and published:
            tally.saw_day(ordinal)
        order.append(((published is None, published or "", str(stored.get("doc_id")), int(stored["n"])),
                      docnum, units))
    order.sort()
    return _fold_in_order(order, tally)


def _fold_in_order(order: list[tuple[tuple[bool, str, str, int], int, list[tuple[int, int, bool]]]],
                   tally: _Tally) -> EntityOutline:
    """Return the outline of paragraphs in quote `order`: each copy group
    listed at its first quote, its later copies folded under it.  A
    speaker's timeline counts as quotes mode's histogram does: a group once
    per month any of its quotes falls in (undated: once if any is)."""
    outline = tally.outline()
    first_of: dict[int, int] = {}  # copy group -> quote docnum listed for it
    in_month: set[tuple[str, int]] = set()  # (month or "", copy group) counted
    folded: set[int] = set()
    total = 0
    for (undated, published, _doc, _n), docnum, units in order:
        listed = 0
        month = "" if undated else published[:7]
        for at, group, indirect in units:
            if group < 0 or (month, group) not in in_month:
                if group >= 0:
                    in_month.add((month, group))
                if tally.kind == "speaker":
                    tally.count_month(month)
            if group >= 0:
                lead = first_of.setdefault(group, at)
                if lead != at:
                    folded.add(at)
                    outline.copies[lead] = outline.copies.get(lead, 0) + 1
                    continue
            listed += 1
            outline.reported += indirect
        total += listed
        outline.docnums.append(docnum)
        outline.ends.append(total)
    outline.folded = frozenset(folded)
    outline.timeline, outline.undated = sorted(tally.months.items()), tally.undated
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
        self.first_day = 0
        self.last_day = 0
        self.counted: set[tuple[int, str]] = set()  # (copy group, value) counted

    def count_month(self, month: str) -> None:
        """Count one more on the timeline in `month` ("": undated)."""
        if month:
            self.months[month] += 1
        else:
            self.undated += 1

    def saw_day(self, ordinal: int) -> None:
        """Note a dated paragraph holding one of the entity's quotes."""
        self.first_day = min(self.first_day or ordinal, ordinal)
        self.last_day = max(self.last_day, ordinal)

    def add(self, stored: dict[str, Any], published: str | None,
            mine: list[tuple[int, dict[str, Any]]]) -> None:
        """Count a paragraph's quotes `mine`, (copy group or -1, quote dict)
        each: a copy group once per value (a role, a voice), as quotes
        mode's facets count."""
        if self.kind == "speaker":  # plain loops: Counter.update() cost a tenth of the pass
            for group, quote in mine:
                role = quote.get("role")
                if role and self._first(group, str(role)):
                    self.roles[str(role)] += 1
            for institution in split_stored(stored.get("institution")):
                self.institutions[institution] += 1
            return
        self.count_month(published[:7] if published else "")
        for group, quote in mine:
            speaker = quote.get("speaker")
            if speaker and self._first(group, str(speaker)):
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
                             speakers_for=_ranked(self.voices), speakers_about=_ranked(about),
                             first_day=self.first_day, last_day=self.last_day)


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
