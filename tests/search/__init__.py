"""Tests of search/: the engine, settings, deadlines, facets; one folder per room."""
