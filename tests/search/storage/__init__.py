"""Tests of search/storage/: writing, durability, damage, identity and the Whoosh internals."""
