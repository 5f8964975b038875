"""Tests of indexer/annotate/attribution/clauses/sourceless/."""
