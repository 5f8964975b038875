"""The index on disk, grouped by concern: the `Index` handle (store.py,
opening.py); the schema, its fields and analyzers (schema.py, textfields.py,
analyzers.py, lexicon.py) and stored fields back to model objects
(documents.py); opening and reading a commit (reading/); durability, damage
and checking (integrity/); the article records, articles.db (articledb/);
the bulk writer and the codecs it writes with (pooled/); text copies'
fingerprints and key tables (copies/)."""
