"""The index on disk, grouped by concern: the `Index` handle (store.py);
the index format, schema and codecs (format/); opening and reading a
commit (reading/); durability, damage and checking (integrity/); the
article records, articles.db (articledb/); the bulk writer (pooled/); text
copies' fingerprints and key tables (copies/).

Importing it puts format/movedpaths.py's finder on sys.meta_path (no Whoosh
loaded), before any table of contents is read, so an index that names the
format's classes by their paths before format/ existed still opens."""
from onrecord.search.storage.format.movedpaths import install_moved_paths

install_moved_paths()
