"""Tests of indexer/annotate/attribution/descriptions/persons/."""
