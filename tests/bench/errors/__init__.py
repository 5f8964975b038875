"""Tests of bench/errors/: the tuning errors sorted by mechanism, class and shape, and the headline listing."""
