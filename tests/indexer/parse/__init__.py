"""Tests of indexer/parse/: txt, JSON and HTML parsing and the metadata they yield."""
