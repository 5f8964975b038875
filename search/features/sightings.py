"""Where else a quote or a paragraph appears: the index side of clusters.

Owns the lookups behind Hit.also_in, each quote's "cluster"/"also_in" and
near-duplicate grouping.  A text's sampled fingerprint keys (search.storage.copies.fingerprints)
are kept in each segment's key tables (search.storage.copies.keytables);
finding copies is one table look-up per key and segment, then a similarity check on the few candidates'
stored text (at most MAX_CANDIDATES per text), so the cost grows with the
hits on a page, never with the index.  A key's document frequency is
checked first (keys of one paragraph only, or of more than MAX_KEY_DOCS,
are skipped), and every answer is memoised per searcher.  (Listing all
shared keys up front cost ~10 s per new searcher at a million paragraphs.)
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from functools import partial
from typing import Any, TypeVar

import numpy as np

from onrecord.search.deadline import Deadline
from onrecord.search.features.commitview import CommitView
from onrecord.search.model import Hit, Sighting, Visibility
from onrecord.search.query.docsets import hidden_docs, iter_posting_ids, open_postings
from onrecord.search.storage.copies.fingerprints import (
    PARAGRAPH_SIMILARITY,
    QUOTE_SIMILARITY,
    choose_cluster_key,
    paragraph_keys,
    quote_keys,
    shingle_hashes,
    similarity,
)
from onrecord.search.storage.copies.keytables import PARA_KEYS_FIELD, QUOTE_KEYS_FIELD, KeyTableReader, key_number
from onrecord.search.storage.documents import load_quote_dicts, published_date
from onrecord.search.storage.reading.windows import context_docnum

T = TypeVar("T")
# Candidates confirmed per text, most shared keys first: bounds the stored
# fields read for a quote that ran in hundreds of articles.
MAX_CANDIDATES = 20
MAX_KEY_DOCS = 500
MEMO_LIMIT = 50_000  # answers remembered per searcher (then start over)
_MISSING = object()


def open_finder(view: CommitView, collections: Visibility = None) -> SightingFinder:
    """Return a SightingFinder for the view's searcher, using the commit's
    memo and the index's article records, that finds only documents of
    `collections` (None: all)."""
    return SightingFinder(view.searcher, view.sighting_memo(collections), view.records,
                          hidden=view.hidden_docs(collections))


def quote_context(finder: SightingFinder, docnum: int) -> tuple[int, int | None]:
    """Return (the docnum of quote document `docnum`'s paragraph, its quote
    number there), or (docnum, None) when it is not a quote document or
    its paragraph is not found (search.storage.reading.windows.context_docnum)."""
    qi = finder.stored(docnum).get("qi")
    if qi is None:
        return docnum, None
    found = context_docnum(finder.stored, docnum, partial(finder.key_docnums, "doc_id"))
    return (found, int(qi)) if found is not None else (docnum, None)


def to_sighting(stored: dict[str, Any]) -> Sighting:
    """Return the Sighting of a paragraph document's stored fields."""
    published = published_date(stored)
    return Sighting(doc_id=stored["doc_id"], n=int(stored["n"]), title=stored.get("title"),
                    outlet=stored.get("outlet"),
                    published=published.isoformat() if published else None)


def sort_sightings(sightings: Iterable[Sighting]) -> list[Sighting]:
    """Return sightings earliest first, undated last (then by article, n)."""
    return sorted(sightings, key=lambda s: (s.published is None, s.published or "",
                                            s.doc_id, s.n))


def one_per_article(sightings: Iterable[Sighting]) -> list[Sighting]:
    """Return the sightings keeping each article's first paragraph only,
    in date order."""
    seen: dict[str, Sighting] = {}
    for s in sort_sightings(sightings):
        seen.setdefault(s.doc_id, s)
    return list(seen.values())


class SightingFinder:
    """Finds copies in one searcher; caches stored fields (with their
    article's metadata from `records`, search.storage.articledb.records) and shingles for the
    duration of one request (create one per query, never share).  A key in
    more than `max_key_docs` documents is boilerplate, never a copy's."""

    def __init__(self, searcher: Any, memo: dict[tuple[Any, ...], Any] | None = None,
                 records: Any = None, max_key_docs: int = MAX_KEY_DOCS,
                 hidden: np.ndarray | None = None) -> None:
        self.max_key_docs = max_key_docs  # one value per memo: its answers are kept
        # `memo` (a dict tied to this searcher) keeps keys' frequencies and
        # docnums and each quote's and paragraph's copies across queries:
        # the same hits come back again and again.
        self._memo = memo
        self._searcher = searcher
        self._records = records
        # A key's documents are paragraphs: the deleted ones and the quote
        # documents (search.query.units) are left out.
        self._leaves = [(sub.reader(), offset, hidden_docs(sub.reader()))
                        for sub, offset in searcher.leaf_searchers()]
        # By global docnum: in a collection the reader may not read (never found).
        self._hidden = hidden
        self._stored: dict[int, dict[str, Any]] = {}
        self._tables: dict[str, list[tuple[KeyTableReader, int, Any]]] = {}  # per key field, its leaves'
        self._shingles: dict[str, frozenset[int]] = {}  # for this request only

    def stored(self, docnum: int) -> dict[str, Any]:
        """Return (and cache) the stored fields of a global docnum, with its
        article's title, outlet, author, url and published filled in."""
        doc = self._raw(docnum)
        if self._records is not None and "title" not in doc:
            self._records.fill([doc])
        return doc

    def prefetch(self, docnums: Iterable[int]) -> None:
        """Read the stored fields of `docnums` not read yet, and their
        articles' metadata in one records lookup."""
        docs = [self._raw(d) for d in docnums]
        if self._records is not None and docs:
            self._records.fill(docs)  # skips those filled already

    def sightings(self, docnums: list[int]) -> list[Sighting]:
        """Return the Sighting of each paragraph docnum, kept in the memo: a
        page's near copies are read (their stored fields and articles, in one
        records lookup) once per commit, not on every search showing them."""
        memo = self._memo
        self.prefetch(d for d in docnums if memo is None or ("sighting", d) not in memo)
        return [self._remember(("sighting", d), partial(self._sighting, d)) for d in docnums]

    def _sighting(self, docnum: int) -> Sighting:
        return to_sighting(self.stored(docnum))

    def _raw(self, docnum: int) -> dict[str, Any]:
        """Return (and cache) the stored fields of a global docnum without
        its article's metadata: comparing texts needs no records lookup
        (folding near copies reads thousands of paragraphs per deep page)."""
        doc = self._stored.get(docnum)
        if doc is None:
            doc = self._stored[docnum] = self._searcher.stored_fields(docnum)
        return doc

    def key_docnums(self, fieldname: str, key: str) -> list[int]:
        """Return the undeleted global docnums whose `fieldname` has `key`."""
        found: list[int] = []
        for reader, offset, deleted in self._leaves:
            matcher = open_postings(reader, fieldname, key)
            if matcher is not None:
                found.extend(offset + d for d in iter_posting_ids(matcher) if d not in deleted)
        return self._visible(found)

    def _shared_docnums(self, fieldname: str, key: str) -> tuple[int, ...]:
        """Return key_docnums() as a tuple (memoised values stay unchanged)
        when 2 to max_key_docs documents hold `key` (deleted ones included:
        a false positive only costs a probe; a key in more documents is
        boilerplate, not a copied text), else (): each segment's key table
        searched once for both."""
        number = key_number(key)
        found = [(table.docnums(number), offset, deleted) for table, offset, deleted in self._key_tables(fieldname)]
        if not 1 < sum(len(docs) for docs, _o, _d in found) <= self.max_key_docs:
            return ()
        docnums: list[int] = []
        for docs, offset, deleted in found:
            docnums.extend(offset + d for d in docs.tolist() if d not in deleted)
        return tuple(self._visible(docnums))

    def _key_tables(self, fieldname: str) -> list[tuple[KeyTableReader, int, Any]]:
        """Return (key table, docnum offset, deleted docnums) of each segment
        holding a `fieldname` table (opened once per request)."""
        tables = self._tables.get(fieldname)
        if tables is None:
            tables = self._tables[fieldname] = [
                (reader.column_reader(fieldname, translate=False), offset, deleted)
                for reader, offset, deleted in self._leaves if reader.has_column(fieldname)]
        return tables

    def _visible(self, docnums: list[int]) -> list[int]:
        """Return `docnums` less those in collections the reader may not read."""
        if self._hidden is None or not docnums:
            return docnums
        ids = np.asarray(docnums, dtype=np.int64)
        return [int(d) for d in ids[~self._hidden[ids]]]

    def _remember(self, key: tuple[Any, ...], build: Callable[[], T]) -> T:
        """Return build(), kept in the per-searcher memo under `key`."""
        memo = self._memo
        if memo is None:
            return build()
        found = memo.get(key, _MISSING)
        if found is _MISSING:
            # The memo is shared by concurrent searches: keep the value in
            # hand, as another thread may clear the memo at any moment.
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            found = memo[key] = build()
        return found

    def _candidates(self, fieldname: str, keys: list[str]) -> list[int]:
        """Return up to MAX_CANDIDATES docnums holding any of `keys`, most
        shared keys first."""
        shared: Counter[int] = Counter()
        for key in keys:
            shared.update(self._remember(("shared", fieldname, key),
                                         partial(self._shared_docnums, fieldname, key)))
        ranked = sorted(shared.items(), key=lambda kv: (-kv[1], kv[0]))[:MAX_CANDIDATES]
        return [d for d, _count in ranked]

    def _hashes(self, text: str) -> frozenset[int]:
        if text not in self._shingles:
            self._shingles[text] = shingle_hashes(text)
        return self._shingles[text]

    def quote_sightings(self, text: str, doc_id: str) -> tuple[str | None, list[Sighting]]:
        """Return the quote's cluster key (None if too short to fingerprint)
        and the paragraphs of OTHER articles carrying a copy of it, one per
        article, earliest first and undated last."""
        key, found = self._remember(("quote", text, doc_id),
                                    lambda: self._find_quote_sightings(text, doc_id))
        return key, list(found)

    def _find_quote_sightings(self, text: str, doc_id: str) -> tuple[str | None, list[Sighting]]:
        keys = quote_keys(text)
        if not keys:
            return None, []
        own: frozenset[int] | None = None
        cluster_keys = set(keys)
        found: list[Sighting] = []
        candidates = self._candidates(QUOTE_KEYS_FIELD, keys)
        self.prefetch(candidates)
        for docnum in candidates:
            stored = self.stored(docnum)
            if stored.get("doc_id") == doc_id:
                continue
            quotes = [str(q.get("text", "")) for q in load_quote_dicts(stored)]
            if text in quotes:  # a verbatim copy (syndication): nothing to compare
                found.append(to_sighting(stored))
                continue
            own = shingle_hashes(text) if own is None else own
            copies = [t for t in quotes if similarity(own, self._hashes(t)) >= QUOTE_SIMILARITY]
            if copies:
                found.append(to_sighting(stored))
                for copy in copies:
                    cluster_keys.update(quote_keys(copy))
        return choose_cluster_key(cluster_keys), one_per_article(found)

    def paragraph_copies(self, docnum: int, within: AbstractSet[int]) -> list[int]:
        """Return the docnums in `within` (other articles only) whose text is
        a near copy of paragraph `docnum`'s (of the MAX_CANDIDATES sharing
        most keys in the whole index)."""
        copies = self._remember(("paragraph", docnum),
                                lambda: tuple(self._find_paragraph_copies(docnum)))
        return [d for d in copies if d in within]

    def _find_paragraph_copies(self, docnum: int) -> list[int]:
        stored = self._raw(docnum)
        text = stored.get("text", "")
        own: frozenset[int] | None = None
        copies: list[int] = []
        candidates = self._candidates(PARA_KEYS_FIELD, paragraph_keys(text))
        for other in candidates:
            theirs = self._raw(other)
            if other == docnum or theirs.get("doc_id") == stored.get("doc_id"):
                continue
            if theirs.get("text") == text:  # a verbatim copy: nothing to compare
                copies.append(other)
                continue
            own = shingle_hashes(text) if own is None else own
            if similarity(own, self._hashes(theirs.get("text", ""))) >= PARAGRAPH_SIMILARITY:
                copies.append(other)
        return copies


def group_duplicates(finder: SightingFinder, ranked: list[tuple[int, float]],
                     matched: AbstractSet[int], wanted: int, deadline: Deadline | None = None,
                     required: int | None = None) -> list[tuple[int, float, list[int]]]:
    """Return up to `wanted` (docnum, score, copies) groups in rank order: a
    ranked paragraph that is a near copy of a higher-ranked one is folded into
    that one's copies (copies come from all of `matched`, not only `ranked`).
    Once `deadline` has passed, grouping stops if `required` groups are
    formed (those past it only look ahead); else the remaining paragraphs
    are not folded (each its own group, no copies) and the deadline records
    the cut."""
    groups: list[tuple[int, float, list[int]]] = []
    folded: set[int] = set()
    for docnum, score in ranked:
        if len(groups) >= wanted:
            break
        if docnum in folded:
            continue
        if deadline is not None and deadline.expired():
            if required is not None and len(groups) >= required:
                break
            deadline.cut("group")
            groups.append((docnum, score, []))
            continue
        copies = [d for d in finder.paragraph_copies(docnum, matched) if d not in folded]
        folded.update(copies)
        groups.append((docnum, score, copies))
    return groups


def attach_sightings(finder: SightingFinder, hit: Hit) -> Hit:
    """Fill each of the hit's quote dicts with "cluster" and "also_in" and the
    hit's also_in (other articles carrying any of its quotes); return it."""
    everywhere: list[Sighting] = []
    for quote in hit.quotes:
        key, sightings = finder.quote_sightings(str(quote.get("text", "")), hit.doc_id)
        quote["cluster"] = key
        quote["also_in"] = [s.to_dict() for s in sightings]
        everywhere.extend(sightings)
    hit.also_in = one_per_article(everywhere)
    return hit


def attach_duplicates(finder: SightingFinder, hit: Hit, copies: list[int]) -> Hit:
    """Set the hit's duplicates to the Sightings of `copies`; return it."""
    hit.duplicates = sort_sightings(finder.sightings(copies))
    return hit
