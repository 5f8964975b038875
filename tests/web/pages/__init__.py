"""Tests of web/pages/: the search, article and entity pages and how they render."""
