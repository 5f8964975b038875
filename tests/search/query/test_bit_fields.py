"""A few-valued facet field's terms read from the segment's kept bits
(search.query.termids.BIT_FIELDS): the same docnums as their postings."""
from __future__ import annotations

from array import array

import numpy as np
import pytest
from whoosh import query as wq

from onrecord.search.deadline import Deadline
from onrecord.search.query import docarrays, docsets, termids
from onrecord.search.query.postings import open_counted, term_postings
from onrecord.search.storage.store import Index


def _posting_ids(reader: object, fieldname: str, text: str) -> list[int]:
    decoded = term_postings(reader, fieldname, text, lambda: open_counted(reader, fieldname, text),
                            lambda: None, None)
    return [] if decoded is None else list(decoded[0])


@pytest.mark.parametrize("fieldname", termids.BIT_FIELDS)
def test_a_bit_fields_terms_are_their_postings_ids(index: Index, fieldname: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # The fixture's segments hold deleted documents: the bits keep them, as postings do.
    seen = 0
    with index.reading() as searcher:
        for sub, _offset in searcher.leaf_searchers():
            reader = sub.reader()
            texts = [t.decode() for t in reader.lexicon(fieldname)]
            # "no such value" is none of a facet's values, and a yes/no field's "t" (Whoosh reads any
            # text but a false one as true): the bits answer as its postings do either way
            texts_asked = [*texts, "no such value", True]
            expected = {text: _posting_ids(reader, fieldname, text) for text in texts_asked}
            monkeypatch.setattr(termids, "term_postings", None)  # no postings read: the bits answer
            for text in texts_asked:
                found = termids.term_ids(reader, fieldname, text, Deadline(None))
                assert isinstance(found, array) and found.itemsize == 4
                assert list(found) == expected[text]
                seen += len(found)
            monkeypatch.undo()
    assert seen  # the generated quotes hold every kind and evidence


def test_a_field_of_more_values_than_a_byte_holds_is_read_from_its_postings(
        index: Index, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(termids, "_BIT_VALUES", 1)
    monkeypatch.setattr(termids, "_BITS", type(termids._BITS)())
    fieldname = termids.BIT_FIELDS[0]
    with index.reading() as searcher:
        for sub, _offset in searcher.leaf_searchers():
            reader = sub.reader()
            texts = [t.decode() for t in reader.lexicon(fieldname)]
            assert len(texts) > 1
            assert termids._bit_ids(reader, fieldname, texts[0]) is None
            assert list(termids.term_ids(reader, fieldname, texts[1], Deadline(None))) == _posting_ids(
                reader, fieldname, texts[1])


def test_a_field_not_in_the_table_is_read_from_its_postings(index: Index) -> None:
    with index.reading() as searcher:
        sub, _offset = next(iter(searcher.leaf_searchers()))
        reader = sub.reader()
        assert "speaker_facet" not in termids.BIT_FIELDS
        termids.term_ids(reader, "speaker_facet", "Ann Vole", Deadline(None))
        assert "speaker_facet" not in termids._BITS.get(reader.segment(), {})


@pytest.mark.parametrize("fieldname", termids.BIT_FIELDS)
def test_a_bit_fields_terms_narrow_and_mask_as_their_postings(index: Index, fieldname: str,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    with index.reading() as searcher:
        for sub, _offset in searcher.leaf_searchers():
            reader = sub.reader()
            texts = [t.decode() for t in reader.lexicon(fieldname)]
            for chosen in ([texts[0]], texts[:2], [texts[-1], "no such value"]):
                terms = [wq.Term(fieldname, text) for text in chosen]
                held = set().union(*(_posting_ids(reader, fieldname, text) for text in chosen))
                docs = set(range(0, reader.doc_count_all(), 3))
                monkeypatch.setattr(termids, "term_postings", None)  # no postings read: the bits answer,
                monkeypatch.setattr(termids, "_bit_ids", None)  # read as bytes, no docnums listed
                assert docsets.narrow_docs(wq.Or(terms), docs, sub, Deadline(None)) == docs & held
                mask = docarrays.terms_mask(reader, terms, Deadline(None), None)
                assert mask is not None and set(np.flatnonzero(mask).tolist()) == held
                monkeypatch.undo()


def test_terms_of_two_fields_or_of_another_field_are_not_read_as_bits(index: Index) -> None:
    with index.reading() as searcher:
        reader = next(iter(searcher.leaf_searchers()))[0].reader()
        kind, evidence = termids.BIT_FIELDS[:2]
        assert termids.bit_terms(reader, [wq.Term(kind, "verbatim"), wq.Term(evidence, "named")]) is None
        assert termids.bit_terms(reader, [wq.Term("speaker_facet", "Ann Vole")]) is None
        assert termids.bit_terms(reader, [wq.Term(kind, "verbatim")]) is not None
