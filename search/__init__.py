"""onrecord's search layer: the data model, the Whoosh index and the query
engine.  The only package that imports Whoosh."""
