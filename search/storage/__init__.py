"""The index on disk, grouped by concern: the `Index` handle (store.py,
opening.py); the schema, its fields and analyzers (schema.py, textfields.py,
analyzers.py, lexicon.py) and stored fields back to model objects
(documents.py); opening and reading a commit (reading/); durability, damage
and checking (integrity/); the article records, articles.db (articledb/);
the bulk writer and the codecs it writes with (pooled/); text copies'
fingerprints and key tables (copies/).

A module whose path an index records is part of the file format and does
not move: Whoosh pickles the schema's field, analyzer and column classes and
each segment's codec by module path into every table of contents, so moving
one breaks every index written before (tests/search/storage/test_pickled_paths.py
freezes the list)."""
