"""Tests of web/: pages, the API, exports and serving, through Flask's test client and waitress."""
