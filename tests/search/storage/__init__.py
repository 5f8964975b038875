"""Tests of search/storage/: the index handle, durability and leftovers, damage, and the Whoosh internals."""
