"""Tests of indexer/annotate/attribution/orgs/."""
