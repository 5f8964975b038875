"""Tests of indexer/annotate/attribution/phrases/cues/."""
