"""Tests of bench/watch/: the feeds bench and the watch's SIGKILL trial on the loopback site."""
