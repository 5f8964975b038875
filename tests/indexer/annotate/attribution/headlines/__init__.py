"""Tests of indexer/annotate/attribution/headlines/."""
