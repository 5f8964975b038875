"""Tests of bench/'s building blocks (generators, gold, scorers); no timing assertions."""
