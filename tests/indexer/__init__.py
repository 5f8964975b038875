"""Tests of indexer/: one folder per stage room; the whole pipeline, budgets and progress here."""
