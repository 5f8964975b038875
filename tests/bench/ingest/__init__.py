"""Tests of bench/ingest/: hostile inputs' growth, heavy inputs, repeated attribution calls, quote documents' cost (and quotes mode's query set)."""
