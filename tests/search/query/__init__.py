"""Tests of search/query/: the query language, postings, expansion, suggestions, caches."""
