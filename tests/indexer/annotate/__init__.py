"""Tests of indexer/annotate/: the annotator chain, dates, institutions and the speakers file."""
