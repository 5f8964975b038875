"""Postings pooled per term and the segment files written from them: the
bulk writer's pool (pool.py) and its flush, Whoosh 3's postings and terms
files byte for byte (flush.py); the keyword-like fields' postings made
without Whoosh's token objects (keywords.py).  search.storage.whoosh_writers' BulkWriter
is their one user."""
