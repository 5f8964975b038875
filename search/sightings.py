"""Where else a quote or a paragraph appears: the index side of clusters.

Owns the lookups behind Hit.also_in, each quote's "cluster"/"also_in" and
near-duplicate grouping.  A text's sampled fingerprint keys (search.clusters)
are indexed in the quote_keys / para_keys fields; finding copies is one
postings lookup per key, then a similarity check on the few candidates'
stored text (at most MAX_CANDIDATES per text), so the cost grows with the
hits on a page, never with the index.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from search.clusters import (PARAGRAPH_SIMILARITY, QUOTE_SIMILARITY, choose_cluster_key,
                             fingerprint_keys, shingle_hashes, similarity)
from search.docsets import deleted_docs, iter_posting_ids, open_postings
from search.documents import load_quote_dicts, published_date
from search.model import Hit, Sighting

QUOTE_KEYS_FIELD = "quote_keys"
PARA_KEYS_FIELD = "para_keys"
# Candidates confirmed per text, most shared keys first: bounds the stored
# fields read for a quote that ran in hundreds of articles.
MAX_CANDIDATES = 50


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
    """Finds copies in one searcher; caches stored fields and shingles for
    the duration of one request (create one per query, never share)."""

    def __init__(self, searcher: Any) -> None:
        self._searcher = searcher
        self._leaves = [(sub.reader(), offset, deleted_docs(sub.reader()))
                        for sub, offset in searcher.leaf_searchers()]
        self._stored: dict[int, dict[str, Any]] = {}
        self._quotes: dict[int, list[tuple[str, frozenset[int]]]] = {}

    def stored(self, docnum: int) -> dict[str, Any]:
        """Return (and cache) the stored fields of a global docnum."""
        if docnum not in self._stored:
            self._stored[docnum] = self._searcher.stored_fields(docnum)
        return self._stored[docnum]

    def key_docnums(self, fieldname: str, key: str) -> list[int]:
        """Return the undeleted global docnums whose `fieldname` has `key`."""
        found: list[int] = []
        for reader, offset, deleted in self._leaves:
            matcher = open_postings(reader, fieldname, key)
            if matcher is not None:
                found.extend(offset + d for d in iter_posting_ids(matcher) if d not in deleted)
        return found

    def _candidates(self, fieldname: str, keys: list[str],
                    within: set[int] | None = None) -> list[int]:
        shared: Counter[int] = Counter()
        for key in keys:
            docnums = self.key_docnums(fieldname, key)
            shared.update(d for d in docnums if within is None or d in within)
        return [d for d, _ in sorted(shared.items(), key=lambda kv: (-kv[1], kv[0]))
                [:MAX_CANDIDATES]]

    def _stored_quotes(self, docnum: int) -> list[tuple[str, frozenset[int]]]:
        if docnum not in self._quotes:
            self._quotes[docnum] = [(q.get("text", ""), shingle_hashes(q.get("text", "")))
                                    for q in load_quote_dicts(self.stored(docnum))]
        return self._quotes[docnum]

    def quote_sightings(self, text: str, doc_id: str) -> tuple[str | None, list[Sighting]]:
        """Return the quote's cluster key (None if too short to fingerprint)
        and the paragraphs of OTHER articles carrying a copy of it, one per
        article, earliest first and undated last."""
        keys = fingerprint_keys(text)
        if not keys:
            return None, []
        own = shingle_hashes(text)
        cluster_keys = set(keys)
        found: list[Sighting] = []
        for docnum in self._candidates(QUOTE_KEYS_FIELD, keys):
            stored = self.stored(docnum)
            if stored.get("doc_id") == doc_id:
                continue
            copies = [t for t, hashes in self._stored_quotes(docnum)
                      if similarity(own, hashes) >= QUOTE_SIMILARITY]
            if copies:
                found.append(to_sighting(stored))
                for copy in copies:
                    cluster_keys.update(fingerprint_keys(copy))
        return choose_cluster_key(cluster_keys), one_per_article(found)

    def paragraph_copies(self, docnum: int, within: set[int]) -> list[int]:
        """Return the docnums in `within` (other articles only) whose text is
        a near copy of paragraph `docnum`'s."""
        stored = self.stored(docnum)
        text = stored.get("text", "")
        keys = fingerprint_keys(text)
        if not keys:
            return []
        own = shingle_hashes(text)
        copies: list[int] = []
        for other in self._candidates(PARA_KEYS_FIELD, keys, within):
            theirs = self.stored(other)
            if other == docnum or theirs.get("doc_id") == stored.get("doc_id"):
                continue
            if similarity(own, shingle_hashes(theirs.get("text", ""))) >= PARAGRAPH_SIMILARITY:
                copies.append(other)
        return copies


def group_duplicates(finder: SightingFinder, ranked: list[tuple[int, float]],
                     matched: set[int], wanted: int) -> list[tuple[int, float, list[int]]]:
    """Return up to `wanted` (docnum, score, copies) groups in rank order: a
    ranked paragraph that is a near copy of a higher-ranked one is folded into
    that one's copies (copies come from all of `matched`, not only `ranked`)."""
    groups: list[tuple[int, float, list[int]]] = []
    folded: set[int] = set()
    for docnum, score in ranked:
        if len(groups) >= wanted:
            break
        if docnum in folded:
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
    hit.duplicates = sort_sightings(to_sighting(finder.stored(d)) for d in copies)
    return hit
