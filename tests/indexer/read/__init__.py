"""Tests of indexer/read/: input walks, reading files and sidecars, encodings."""
