"""Tests of bench/engines/ (and bench/web/serving.py's wrk script): corpora, derived builds, the query set, the probe and the table."""
