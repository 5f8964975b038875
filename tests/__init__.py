"""The tests, grouped like the code: tests/indexer/, tests/search/, tests/web/, tests/cli/ and
tests/bench/ mirror the folders they test; the rules that span the repository (layers, packaging,
docs, the tutorial) and the shared helpers (conftest, factories, browser_server, ensure_browser)
sit here."""
