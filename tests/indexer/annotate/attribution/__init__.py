"""Tests of indexer/annotate/attribution/: quotes, names and who said them."""
