"""Tests of web/watch/: provenance pages and the captured WARC records."""
