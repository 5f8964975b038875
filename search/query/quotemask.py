"""Each segment's quote documents as a bool mask by docnum.

Owns quote_mask(): made once per segment and kept while it lives (not in
the postings cache, which lets a term go when other queries need room).
Quotes mode's unit term narrows every filter through it; paragraph mode
takes a filter term's quote documents away with it (search.query.docsets'
paragraph_term_ids, search.query.docarrays).
"""
from __future__ import annotations

import weakref
from typing import Any

import numpy as np

from onrecord.search.query.sortedarrays import docnum_mask
from onrecord.search.storage.reading.searchers import quote_docs

# Its 0.7M postings a segment at 1M paragraphs were decoded again whenever
# the postings cache had let them go between searches.
_QUOTE_MASKS: weakref.WeakKeyDictionary[Any, np.ndarray] = weakref.WeakKeyDictionary()


def quote_mask(reader: Any) -> np.ndarray:
    """Return segment `reader`'s quote documents (deleted ones included) as
    a bool array by docnum, made once per segment."""
    owner = (reader.segment() if hasattr(reader, "segment") else None) or reader
    mask = _QUOTE_MASKS.get(owner)
    if mask is None:
        mask = _QUOTE_MASKS[owner] = docnum_mask(reader.doc_count_all(), quote_docs(reader))
    return mask
