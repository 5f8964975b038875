"""Tests of indexer/annotate/attribution/descriptions/bodies/."""
