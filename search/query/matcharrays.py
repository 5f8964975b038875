"""A query's matches as a sorted numpy array, where that is cheaper than a set.

Owns match_array(): match_docnums()'s docnums for the queries a selected
facet's own count asks most (search.features.selection): every document
of a unit (a speaker or institution alone: the set's array, made once per
commit), or a word over its fields (a term or a plain Or of terms, their
postings joined in numpy).  Counting a facet wants an array: the set was
built, merged and turned into an array again on every search.
"""
from __future__ import annotations

import threading
from array import array
from collections import OrderedDict
from typing import Any

import numpy as np
from whoosh import query as wq

from onrecord.search.deadline import Deadline, DeadlineExceeded
from onrecord.search.query.docsets import commit_key, deleted_docs, every_of_unit, plain_terms, term_ids, whole_unit
from onrecord.search.query.postings import PostingsCache
from onrecord.search.query.sortedarrays import distinct

# The arrays of every document of a unit, per (commit, unit): the last few kept.
_EVERY_ARRAYS: OrderedDict[tuple[Any, ...], np.ndarray] = OrderedDict()
_EVERY_KEPT = 4
_LOCK = threading.Lock()


def match_array(searcher: Any, q: wq.Query, deadline: Deadline,
                cache: PostingsCache | None = None) -> np.ndarray | None:
    """Return match_docnums()'s docnums of `q` in `searcher` as a sorted
    array when `q` is a whole unit or a word over its fields whose postings
    decode as arrays, else None, also when `deadline` passes (match_docnums
    then says what it found).  Frequent terms' postings come through
    `cache` (the Index's postings_cache), if given."""
    unit = whole_unit(q)
    if unit is not None:
        return _every_array(searcher, unit, deadline)
    terms = plain_terms(q)
    if terms is None:
        return None
    parts = []
    try:
        for subsearcher, offset in searcher.leaf_searchers():
            deadline.check()
            reader = subsearcher.reader()
            local = part_ids(reader, terms, deadline, cache)
            if local is None:
                return None
            parts.append(drop_deleted(reader, local) + offset)
    except DeadlineExceeded:
        return None
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)


def part_ids(reader: Any, terms: list[wq.Term], deadline: Deadline,
             cache: PostingsCache | None) -> np.ndarray | None:
    """Return the sorted docnums (deleted included) holding any of `terms`
    in segment `reader`, or None if some postings do not decode as arrays."""
    found = [term_ids(reader, t.fieldname, t.text, deadline, cache) for t in terms]
    if not all(isinstance(ids, array | tuple) for ids in found):
        return None
    arrays = [np.asarray(ids, dtype=np.int64) for ids in found]  # each sorted, no repeats
    return arrays[0] if len(arrays) == 1 else distinct(np.concatenate(arrays), runs=True)


def drop_deleted(reader: Any, local: np.ndarray) -> np.ndarray:
    """Return segment `reader`'s sorted docnums `local` without its deleted ones."""
    deleted = deleted_docs(reader)
    if not deleted:
        return local
    return local[~np.isin(local, np.fromiter(deleted, dtype=np.int64, count=len(deleted)))]


def _every_array(searcher: Any, unit: str, deadline: Deadline) -> np.ndarray | None:
    """Return every_of_unit()'s docnums as a sorted array, made once per
    commit and unit; None if `deadline` passes while the set is built."""
    key = (commit_key(searcher), unit)
    found = _EVERY_ARRAYS.get(key)
    if found is None:
        every = every_of_unit(searcher, unit, deadline)
        if every is None:
            return None
        found = np.sort(np.fromiter(every, dtype=np.int64, count=len(every)))
        with _LOCK:
            _EVERY_ARRAYS[key] = found
            while len(_EVERY_ARRAYS) > _EVERY_KEPT:
                _EVERY_ARRAYS.popitem(last=False)
    return found
