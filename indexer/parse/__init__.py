"""Stage 2, parsing: a decoded file to `ParsedArticle`s, metadata as stated.

Owns the per-format readings (`parser`: plain text, JSON and JSON Lines
records, and saved HTML pages through `html/`), and the one cleaning pass
over every source's metadata (`metaclean`: length caps, a note per change)
with the table of hidden characters it removes (`invisibles`, which the
annotate stage also uses on names).  Metadata is read, never invented.
Imports read/ only, never a later stage.
"""
