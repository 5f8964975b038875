"""A segment's field lengths as ranking reads them (search.query.ranking.build_lengths):
each document's quantised length as Whoosh's own reader gives it, 1 where it has none."""
from __future__ import annotations

import pytest

from onrecord.search.config import Config
from onrecord.search.query.ranking import build_lengths
from onrecord.search.storage.opening import ram_index
from onrecord.search.writing.commits import write_articles
from tests.factories import make_article

WORDS = "the budget vote was late again and the council said so in spring".split()


@pytest.mark.parametrize("fieldname", ["text", "title", "exact", "said", "said_exact", "quote_text"])
def test_lengths_are_whooshs_own_per_document(fieldname: str) -> None:
    # lengths from 1 to ~300 words cross the quantised byte's exact range (Whoosh rounds above it)
    index = ram_index(Config(result_cache_size=0))
    articles = [make_article(f"a{n}", [
        (" ".join(WORDS[i % len(WORDS)] for i in range(n * n % 300 + 1)) + ".", " ".join(WORDS[:n % 9 + 1])),
        "No quote.", ], speaker="Ann Vole" if n % 3 else None, title=None if n % 4 == 0 else "Title {doc_id}")
        for n in range(40)]
    write_articles(index, articles)
    seen = 0
    with index.reading() as searcher:
        for sub, _offset in searcher.leaf_searchers():
            reader = sub.reader()
            expected = [float(reader.doc_field_length(d, fieldname, 0) or 1) for d in range(reader.doc_count_all())]
            found = build_lengths(reader, fieldname)
            assert found.typecode == "f" and list(found) == expected
            seen += sum(n > 1 for n in expected)
    assert seen  # some documents hold the field
    index.close()
