"""The index format: what a segment holds and how it is encoded.  The
schema (schema.py) and its analyzers, word tables and fast text fields
(analyzers.py, lexicon.py, textfields.py); stored fields back to model
objects (documents.py); the codecs onrecord's segments are written with
(sortedterms.py, compactterms.py, storedfields.py).  Their classes are
pickled by name into every table of contents: movedpaths.py keeps the
names an index written before this package existed still readable."""
