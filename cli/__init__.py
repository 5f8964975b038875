"""onrecord command line: a thin composition root over indexer, search and web."""
