"""Tests for search.storage.analyzers: the Counted format (a posting's frequency in
its block's weight only), which fields take it, and an index built before it."""
from __future__ import annotations

import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from whoosh import formats
from whoosh import index as whoosh_index
from whoosh.analysis import StandardAnalyzer

from onrecord.search.engine import search
from onrecord.search.model import SearchRequest
from onrecord.search.storage import opening as opening_module
from onrecord.search.storage import schema as schema_module
from onrecord.search.storage.analyzers import Counted, count_in_weights, counted
from onrecord.search.storage.opening import open_index
from onrecord.search.storage.pooled.whoosh_writers import BulkWriter
from onrecord.search.storage.reading import searchers as searchers_module
from onrecord.search.storage.schema import build_schema
from onrecord.search.storage.store import Index
from onrecord.search.writing import commits as commits_module
from onrecord.search.writing import segments as segments_module
from onrecord.search.writing.commits import write_articles
from tests.factories import make_article

# The fields whose positions a query reads (phrases): they keep Whoosh's Positions format.
PHRASE_FIELDS = ("exact", "said_exact", "quote_text", "title")


@pytest.mark.parametrize("name", PHRASE_FIELDS)
def test_a_phrase_field_keeps_its_positions(name: str) -> None:
    assert type(build_schema()[name].format) is formats.Positions


@pytest.mark.parametrize("name", [n for n in build_schema().names() if build_schema()[n].format is not None])
def test_no_field_writes_a_frequency_value(name: str) -> None:
    assert type(build_schema()[name].format) is not formats.Frequency


@pytest.mark.parametrize("text", ["the cat sat on the cat", "one", "", "Red red RED blue"])
def test_counted_gives_frequencys_frequencies_and_weights_with_no_value(text: str) -> None:
    analyzer = StandardAnalyzer()
    theirs = sorted(formats.Frequency().word_values(text, analyzer))
    ours = sorted(Counted().word_values(text, analyzer))
    assert [(w, f, wt) for w, f, wt, _ in ours] == [(w, f, wt) for w, f, wt, _ in theirs]
    assert all(value == b"" for *_, value in ours) and Counted().fixed_value_size() == 0


def test_counted_stays_where_every_index_written_since_pickles_it() -> None:
    # a table of contents names the class by its path: moved, no index written since would open
    assert (Counted.__module__, Counted.__qualname__) == ("onrecord.search.storage.analyzers", "Counted")
    assert b"onrecord.search.storage.analyzers" in pickle.dumps(build_schema())


def old_schema() -> Any:
    """Return build_schema() as the code before Counted made it (Frequency fields)."""
    made = build_schema()
    for name in made.names():
        if type(made[name].format) is Counted:
            made[name].format = formats.Frequency(field_boost=made[name].format.field_boost)
    return made


def test_count_in_weights_turns_only_frequency_fields_counted() -> None:
    schema = old_schema()
    assert count_in_weights(schema)
    assert {n: type(schema[n].format) for n in schema.names()} == \
        {n: type(build_schema()[n].format) for n in schema.names()}
    assert not count_in_weights(schema)  # nothing left to change
    exact = build_schema()["exact"]
    assert not counted(exact) and type(exact.format) is formats.Positions


ARTICLES = [make_article(f"a{i}", [f"Budget talks {'stall ' * i}again in the city {i}.",
                                   "The mayor said the budget would pass."],
                         speaker="Ann Vole", speakers=["Ann Vole"]) for i in range(1, 5)]
QUERIES = ["budget", "stall", '"the budget"', "mayor budget", 'speaker:"ann vole"', "the"]


def answers(index: Index) -> list[Any]:
    """Return every query's hits (paragraph id and score) in both modes."""
    return [[(h.paragraph_id, round(h.score, 9)) for h in search(index, SearchRequest(query=q, mode=mode)).hits]
            for q in QUERIES for mode in ("paragraphs", "quotes")]


def whoosh_merge(index: Index) -> None:
    """Merge every segment of `index` with Whoosh's own writer (its add_reader)."""
    index.whoosh_index.optimize()


def pooled_merge(index: Index) -> None:
    """Merge every segment of `index` with the bulk writer (search.storage.pooled.merge: an old
    segment's blocks decoded by the Counted schema's value size 0)."""
    BulkWriter(index.whoosh_index, _lk=True, compound=False).commit(optimize=True)


@pytest.mark.parametrize("merge", [whoosh_merge, pooled_merge])
def test_an_index_built_before_counted_answers_alike_and_upgrades_on_write(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, merge: Callable[[Index], None]) -> None:
    fresh = open_index(tmp_path / "fresh", create=True)
    write_articles(fresh, ARTICLES[:2])
    with monkeypatch.context() as patched:  # an index written by the code before Counted
        for module in (opening_module, segments_module):
            patched.setattr(module, "build_schema", old_schema)
        for module in (commits_module, searchers_module):
            patched.setattr(module, "upgrade_schema", lambda schema: None)
        old = open_index(tmp_path / "old", create=True)
        write_articles(old, ARTICLES[:2])
        old.close()
    assert type(whoosh_index.open_dir(str(tmp_path / "old")).schema["text"].format) is formats.Frequency
    assert schema_module.schema_mismatch(old_schema()) == ""  # read, not refused
    index = open_index(tmp_path / "old")
    try:
        assert answers(index) == answers(fresh)
        write_articles(index, ARTICLES[2:])  # the first write gives its schema Counted
        write_articles(fresh, ARTICLES[2:])
        assert answers(index) == answers(fresh)
        for merged in (index, fresh):  # one segment each (the old segment's values dropped)
            merge(merged)
            merged.refresh(force=True)
        assert answers(index) == answers(fresh)
    finally:
        index.close()
        fresh.close()
    assert type(whoosh_index.open_dir(str(tmp_path / "old")).schema["text"].format) is Counted
