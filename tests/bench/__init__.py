"""Tests of bench/'s building blocks (generators, gold, scorers); no timing assertions.  The
folders mirror bench/'s (quality/, errors/, engines/, querying/, ingest/, watch/); the tests of
bench/'s top modules and of the gold data files (bench/gold/) sit here."""
