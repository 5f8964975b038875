"""Tests of web/outputs/: the JSON twins, exports, feeds, citations and the batch look-up."""
