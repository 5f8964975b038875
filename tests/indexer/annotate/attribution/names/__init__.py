"""Tests of indexer/annotate/attribution/names/."""
