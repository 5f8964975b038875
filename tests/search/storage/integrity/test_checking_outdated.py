"""`onrecord check` on an index written before quote documents (issue #33):
it says the index is outdated and counts its paragraphs, instead of
"0 paragraphs" and a read error from looking up a field the index lacks."""
from __future__ import annotations

from pathlib import Path

from whoosh import index as whoosh_index

from onrecord.search.storage.integrity.checking import check_index
from onrecord.search.storage.schema import (
    SAID_EXACT_FIELD,
    SAID_FIELD,
    UNIT_FIELD,
    build_schema,
    paragraph_fields,
)
from tests.factories import make_article


def test_check_counts_the_paragraphs_of_an_index_without_quote_documents(tmp_path: Path) -> None:
    schema = build_schema()
    for name in (UNIT_FIELD, SAID_FIELD, SAID_EXACT_FIELD):
        schema.remove(name)
    ix = whoosh_index.create_in(str(tmp_path), schema)
    article = make_article("a1", ["The council met.", "It voted."])
    with ix.writer() as writer:
        for para in article.paragraphs:
            fields = paragraph_fields(article, para, "r1")
            writer.add_document(**{k: v for k, v in fields.items() if k in schema})
    report = check_index(tmp_path)
    assert (report.doc_count, report.quote_count) == (2, 0)
    # (no records file here: that problem is this test's shortcut, not the point)
    assert not [p for p in report.problems if "TermNotFound" in p], report.problems
    assert any("missing fields: " in p and UNIT_FIELD in p for p in report.problems)
