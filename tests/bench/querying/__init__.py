"""Tests of bench/querying/: both modes' query CPU and a search's CPU per stage."""
