"""Tests of indexer/annotate/attribution/clauses/speakers/."""
