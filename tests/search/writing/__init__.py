"""Tests of search/writing/: article identity (new, updated, unchanged, conflict) and what an ingest writes."""
