"""Index-time postings of the keyword-like fields, without Whoosh's token objects.

Owns keyword_indexer(): for a field in Whoosh's Frequency format (or
search.storage.analyzers' Counted) whose
analyzer only cuts a value into terms (a KEYWORD field's comma- or
space-separated tokenizer, or search.storage.schema's NameTokenizer), a
function giving the postings the bulk writer pools (search.storage.textfields.Triples: columns) from
the terms cut in one call.  Whoosh's generic path sets a Token object per
term and runs a generator per filter: after the text fields, these fields
(names, facet values, fingerprint keys, dates) were the writer's most
frequent analysis, about 5 per document.  Any other field, analyzer or
value keeps Whoosh's path; tests/search/storage/pooled/test_keyword_postings.py
checks the postings equal Whoosh's field.index() on varied values.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from whoosh.analysis import RegexTokenizer, StripFilter
from whoosh.analysis.analyzers import CompositeAnalyzer

from onrecord.search.storage.schema import NameTokenizer, split_names
from onrecord.search.storage.textfields import FORMAT_VALUES, Triples, counted_triples

Splitter = Callable[[str], list[str]]


def keyword_indexer(field: Any) -> Callable[[Any], Triples | None] | None:
    """Return a function giving `field`'s postings of a value as the bulk
    writer pools them (None for a value that is not a string: Whoosh's
    path), or None if the field's format or analyzer is not one mirrored
    here."""
    fmt = field.format
    values = FORMAT_VALUES.get(type(fmt))  # Frequency's or Counted's (search.storage.analyzers)
    if values is None or fmt.field_boost != 1.0:
        return None
    split = term_splitter(field.analyzer)
    if split is None:
        return None

    def index(value: Any) -> Triples | None:
        return counted_triples(split(value), values) if type(value) is str else None
    return index


def term_splitter(analyzer: Any) -> Splitter | None:
    """Return a function giving the texts of the tokens `analyzer` makes
    of a string at index time, in order, or None if it is not a
    tokenizer this module mirrors: a NameTokenizer, a RegexTokenizer
    (matches, not gaps), or one followed by a StripFilter (Whoosh's
    CommaSeparatedTokenizer)."""
    if type(analyzer) is NameTokenizer:
        return split_names  # its index-time terms (query time: whole names only)
    items: list[Any] = analyzer.items if isinstance(analyzer, CompositeAnalyzer) else [analyzer]
    shape = [type(item) for item in items]
    if shape not in ([RegexTokenizer], [RegexTokenizer, StripFilter]):
        return None
    tokenizer = items[0]
    if tokenizer.gaps or tokenizer.expression.groups:  # findall would give groups
        return None
    findall: Splitter = tokenizer.expression.findall
    if len(items) == 1:
        return findall

    def stripped(value: str) -> list[str]:
        return list(map(str.strip, findall(value)))
    return stripped

