"""Tests of indexer/annotate/attribution/pronouns/."""
