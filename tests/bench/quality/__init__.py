"""Tests of bench/quality/: the HTML reader's set and the reported-speech scorer."""
