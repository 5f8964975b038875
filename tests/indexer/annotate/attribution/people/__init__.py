"""Tests of indexer/annotate/attribution/people/."""
