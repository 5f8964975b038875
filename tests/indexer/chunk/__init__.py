"""Tests of indexer/chunk/: paragraphs, repeats and stable ids."""
