"""Tests of web/serving/ and app.py's serve: parameters, errors as status codes, the index's state, the waitress server and its processes."""
