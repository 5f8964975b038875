"""Tests of indexer/annotate/attribution/ranking/."""
