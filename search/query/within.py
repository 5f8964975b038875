"""The documents of a segment a query part's words are scored in.

Owns Within: what search.query.ranking narrows a word's postings by when it
scores the word only where another part matches (a filter taken first, the
small side of an And, a phrase's documents).  It holds those documents as
given (a set, or the filter terms' decoded docnum arrays: no set of them
is built) and makes, on first use, a bool mask by docnum that narrows a
long posting list with one index (numpy 2's `isin` hashed both arrays on
every call, once per word and field, and the set was turned into an
array each time as well).
"""
from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet

import numpy as np

from onrecord.search.query.sortedarrays import docnum_mask


class Within:
    """Segment-local docnums (below `size`, the segment's doc_count_all())
    from `docs` (any set-like) or `id_arrays` (sequences of docnums, each
    a decoded posting list), with a mask made from them on demand; membership asks the set if
    given, else the mask (no set of a filter's documents is built)."""

    __slots__ = ("_docs", "_id_arrays", "_mask", "size")

    def __init__(self, size: int, docs: AbstractSet[int] | None = None,
                 id_arrays: Sequence[Iterable[int]] = ()) -> None:
        self.size = size
        self._docs = docs
        self._id_arrays = id_arrays
        self._mask: np.ndarray | None = None

    def mask(self) -> np.ndarray:
        """Return a bool array of `size`, True at each docnum (made once)."""
        if self._mask is None:
            if self._docs is not None:
                self._mask = docnum_mask(self.size, self._docs)
                return self._mask
            mask = np.zeros(self.size, dtype=bool)
            for ids in self._id_arrays:
                mask[np.frombuffer(ids, dtype=np.dtype(ids.typecode)) if isinstance(ids, array)
                     else np.fromiter(ids, dtype=np.int64)] = True
            self._mask = mask
        return self._mask

    def __len__(self) -> int:
        return int(np.count_nonzero(self.mask())) if self._docs is None else len(self._docs)

    def __contains__(self, docnum: int) -> bool:
        if self._docs is not None:
            return docnum in self._docs
        return 0 <= docnum < self.size and bool(self.mask()[docnum])
