"""The article records beside the index, `articles.db` (SQLite): one row
per article version (records.py), the file's connections and what its
errors mean (recordfiles.py), and a handle's or server's watch on it
(recordwatch.py)."""
