"""Browser tests of web/: the real app driven by Chromium (tests/browser_server.py)."""
